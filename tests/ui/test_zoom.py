"""A board that fits (issue 15): the cell width chosen per terminal size, the zoom key, stacked
two-digit column clues, the painted run's length beside the cursor, and a big puzzle kept in
view at 80x24.

"Fits" is about width: every column in view, the rows scroll. Whether the columns fit is read
from what the grid does (it never scrolls sideways when the cursor goes to the last column),
not from the geometry's own arithmetic.
"""

from __future__ import annotations

from rich.style import Style
from textual.pilot import Pilot

from nonotui.kinds.nonogram.puzzle import Puzzle
from nonotui.model.kind import Borders, MarginLabel, Margins
from nonotui.ui.geometry import Geometry
from nonotui.ui.glyphs import UNICODE
from nonotui.ui.grid import GridView
from nonotui.ui.painter import CURSOR, GridPainter
from tests.ui.conftest import app_for, board_text, cell_offset, play_screen, until


def tall_puzzle(width: int = 55, height: int = 60) -> Puzzle:
    """A ``width`` x ``height`` staircase: column ``c`` filled from the top for ``height - c``
    cells, so the column clues have two digits (as webpbn-01611, 55x60, has) and each row one
    block."""
    return Puzzle.from_picture([[1 if r < height - c else 0 for c in range(width)]
                                for r in range(height)], title="Tall")


async def columns_fit(pilot: Pilot[None], grid: GridView) -> bool:
    """Whether the last column shows without scrolling sideways (the cursor goes there)."""
    await pilot.press("end")
    fits = grid.scroll_x == 0
    await pilot.press("home")
    return fits


async def test_the_default_width_is_the_widest_at_which_every_column_is_in_view() -> None:
    # (terminal size, the cell width at which all 55 columns are in view: the widest one)
    # (its row clues take 4 columns; 55 cells and 10 guide lines; a column for the scroll bar)
    for size, width in (((200, 50), 3), ((130, 40), 2), ((120, 40), 1), ((80, 24), 1)):
        async with app_for(tall_puzzle()).run_test(size=size) as pilot:
            screen = await play_screen(pilot)
            grid = screen.query_one(GridView)
            await until(pilot, lambda: grid.geometry.cell_width == width)
            assert await columns_fit(pilot, grid), size
            if width < 3:  # one step wider no longer fits: the grid would scroll sideways
                await pilot.press("z")
                assert grid.geometry.cell_width == width + 1
                assert not await columns_fit(pilot, grid), size


async def test_too_narrow_for_one_column_per_cell_the_board_scrolls_sideways() -> None:
    async with app_for(tall_puzzle()).run_test(size=(60, 24)) as pilot:
        screen = await play_screen(pilot)
        grid = screen.query_one(GridView)
        await until(pilot, lambda: grid.geometry.cell_width == 1)
        assert not await columns_fit(pilot, grid)


async def test_the_width_follows_the_terminal_until_the_zoom_key_chooses_one() -> None:
    async with app_for(tall_puzzle()).run_test(size=(200, 50)) as pilot:
        screen = await play_screen(pilot)
        grid = screen.query_one(GridView)
        await until(pilot, lambda: grid.geometry.cell_width == 3)
        await pilot.resize_terminal(120, 40)
        await until(pilot, lambda: grid.geometry.cell_width == 1)
        widths = []
        for _ in range(4):
            await pilot.press("z")
            widths.append(grid.geometry.cell_width)
            assert "zoom:" in screen.status.message
        assert widths == [2, 3, 1, 2]
        await pilot.resize_terminal(200, 50)  # chosen: stays
        await pilot.pause()
        assert grid.geometry.cell_width == 2


def test_two_digit_column_clues_are_stacked_one_digit_a_line_and_shaded_alternately() -> None:
    margins = Margins((MarginLabel("top", 0, ("12", "3", "10"), 0),
                       MarginLabel("top", 1, ("4",), 1)))
    wide = Geometry.build(2, 1, margins, Borders(), cell_width=3)
    assert not wide.stacked and wide.clue_lines == 3  # each number on its line
    one = Geometry.build(2, 1, margins, Borders(), cell_width=1)
    assert [t for t, _ in one.column_lines[0]] == ["1", "2", "3", "1", "0"]
    assert [p.index for _, p in one.column_lines[0]] == [0, 0, 1, 2, 2]
    assert one.stacked and one.clue_lines == 5
    shade = Style(underline=True, bgcolor="blue")
    styles: dict[object, Style] = {"open": Style(), ("open", CURSOR): Style(reverse=True),
                                   "blank": Style(), "error": Style(), "shade": shade}
    painter = GridPainter(one, UNICODE, styles, ())
    lines = [painter.header_line(y, ["open", "open"], 1) for y in range(one.clue_lines)]
    firsts = [(line[0].text[0], line[0].style) for line in lines]
    # 12 plain, 3 shaded, 10 plain: the digits of one number read together
    assert [text for text, _ in firsts] == ["1", "2", "3", "1", "0"]
    assert [style == shade for _, style in firsts] == [False, False, True, False, False]


async def test_the_run_length_shows_beside_the_cursor_while_painting_and_goes_after() -> None:
    async with app_for(tall_puzzle(20, 20)).run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        grid = screen.query_one(GridView)
        await pilot.press("j", "j", "shift+right", "shift+right", "shift+right")
        assert board_text(screen).splitlines()[2][:4] == "####"
        x, y = cell_offset(grid, 2, 3)
        width = grid.geometry.cell_width
        # a run along a row: its length stands just above the cursor's cell
        assert grid.render_line(y - 1).text[x - width + 1: x + 1].strip() == "4"
        assert "4" not in grid.render_line(y).text[x + 1: x + 4]
        await pilot.press("l")  # a plain move ends it
        assert "4" not in grid.render_line(y - 1).text[x - width + 1: x + 1]
        # in paint mode down a column: beside the cursor's cell, to its right
        await pilot.press("m")
        await pilot.press("j", "j")
        x, y = cell_offset(grid, 4, 4)
        assert grid.render_line(y).text[x + 1: x + 3].strip() == "2"
        await pilot.press("escape")  # the mode ends: so does its run
        assert "2" not in grid.render_line(y).text[x + 1: x + 3]


async def test_a_drag_shows_its_length_until_the_button_is_released() -> None:
    async with app_for(tall_puzzle(20, 20)).run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        grid = screen.query_one(GridView)
        await pilot.mouse_down(grid, offset=cell_offset(grid, 5, 1))
        await pilot.hover(grid, offset=cell_offset(grid, 11, 1))
        await until(pilot, lambda: screen.session.cursor == (11, 1))
        x, y = cell_offset(grid, 11, 1)
        assert grid.render_line(y).text[x + 1: x + 3].strip() == "7"
        await pilot.mouse_up(grid, offset=cell_offset(grid, 11, 1))
        await until(pilot, lambda: screen.session.stroke is None)
        assert "7" not in grid.render_line(y).text[x + 1: x + 3]


async def test_a_55x60_puzzle_at_80x24_keeps_the_cursor_in_view_as_the_rows_scroll() -> None:
    async with app_for(tall_puzzle()).run_test(size=(80, 24)) as pilot:
        screen = await play_screen(pilot)
        grid = screen.query_one(GridView)
        await until(pilot, lambda: grid.geometry.cell_width == 1)
        for keys in (["5", "9", "j"], ["5", "4", "l"], ["pageup"], ["2", "0", "k"], ["0"]):
            await pilot.press(*keys)
            row, column = screen.session.cursor
            x, y = cell_offset(grid, row, column)
            view = grid.scrollable_content_region
            assert grid.header_lines <= y < view.height, keys
            assert grid.clue_columns <= x < view.width, keys
            assert grid.scroll_x == 0  # every column stays in view: only the rows scroll
        assert screen.session.cursor[0] < 59 and grid.scroll_y > 0
