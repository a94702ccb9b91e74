"""The play screen shows what its reactive attributes hold, with nothing redrawn by hand.

Each change here is made outside any key, as a worker's answer or a timer would make it: on the
session (which tells the screen, whose attributes are bound to the widgets), on the screen's own
message, on the assistant's flags. What the player sees is read back from the screenshot Textual
exports, which draws every widget from its cached lines: a watcher that did not refresh what
changed leaves the old text there.
"""

from __future__ import annotations

from textual.app import App

from nonotui.model import FILLED
from nonotui.ui.grid import GridView
from nonotui.ui.screens.play import PlayScreen
from tests.ui.conftest import app_for, play_screen, screen_lines


def cells_of_row(app: App, grid: GridView, row: int) -> str:
    """The cells of ``row`` as the terminal shows them (without the row's clue)."""
    g = grid.geometry
    y = grid.region.y + grid.header_lines + g.row_y(row)
    x = grid.region.x + grid.clue_columns
    return screen_lines(app)[y][x:x + g.grid_width]


def status_text(app: App, screen: PlayScreen) -> str:
    """The status line as the terminal shows it."""
    region = screen.status.region
    return "\n".join(screen_lines(app)[region.y:region.bottom])


async def test_a_change_of_the_session_shows_without_a_key() -> None:
    async with app_for().run_test(size=(80, 24)) as pilot:
        screen = await play_screen(pilot)
        await pilot.pause()
        grid = screen.grid
        assert "row 1 col 1" in status_text(pilot.app, screen)
        assert screen.glyphs.filled not in cells_of_row(pilot.app, grid, 2)
        screen.session.go_to(2, 3)
        screen.session.commit([(2, 3)], FILLED)
        await pilot.pause()
        assert "row 3 col 4" in status_text(pilot.app, screen)
        assert "1 move" in status_text(pilot.app, screen)
        row = cells_of_row(pilot.app, grid, 2)
        w = grid.geometry.cell_width
        x = grid.geometry.cell_x(3)
        assert row[x:x + w].strip() == screen.glyphs.filled_cursor * w  # under the cursor
        screen.session.go_to(0, 0)
        await pilot.pause()
        row = cells_of_row(pilot.app, grid, 2)
        assert row[x:x + w] == screen.glyphs.filled * w  # and without it, once it left


async def test_the_status_line_shows_a_message_set_on_the_screen() -> None:
    async with app_for().run_test(size=(80, 24)) as pilot:
        screen = await play_screen(pilot)
        screen.message = "a message from the test"
        await pilot.pause()
        assert "a message from the test" in status_text(pilot.app, screen)
        screen.count = "12"
        await pilot.pause()
        assert "count 12" in status_text(pilot.app, screen)


async def test_the_checks_flags_show_as_the_assistant_sets_them() -> None:
    async with app_for().run_test(size=(80, 24)) as pilot:
        screen = await play_screen(pilot)
        screen.session.commit([(0, 1)], FILLED)  # a mark the picture does not have
        await pilot.pause()
        grid = screen.grid
        assert screen.glyphs.error not in cells_of_row(pilot.app, grid, 0)
        screen.assistant.wrong = frozenset({(0, 1)})
        await pilot.pause()
        assert screen.glyphs.error in cells_of_row(pilot.app, grid, 0)
        screen.assistant.wrong = frozenset()
        await pilot.pause()
        assert screen.glyphs.error not in cells_of_row(pilot.app, grid, 0)
