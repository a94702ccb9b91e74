"""The player plays a kind it knows nothing of: the test-only Lights kind (irregular regions with
walls, three cell values, numbers in the margins), found only through the registry and played
through the ``Kind`` protocol with no change to ``store``, ``ui`` or ``cli`` for it."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from nonotui import kinds
from nonotui.store import DataDir, ProgressStore
from nonotui.ui.app import make_app
from nonotui.ui.footer import FittingFooter
from nonotui.ui.grid import GridView
from nonotui.ui.screens.finish import FinishScreen
from nonotui.ui.screens.library import LibraryScreen
from nonotui.ui.screens.play import PlayScreen
from nonotui.ui.status import HintPanel
from tests.lights_kind import LIGHTS, SAMPLE, UNKNOWN, LightsGame, LightsPuzzle, read
from tests.ui.conftest import cell_offset, play_screen, until

SOLUTION = ["#..", "+#.", "+.+"]
"""One of the sample's solutions (any solution counts): rows light 1, 1 and 0 cells; regions
A, B and C each hold one half-lit cell."""


@pytest.fixture(autouse=True)
def lights() -> Iterator[None]:
    kinds.register(LIGHTS)
    yield
    kinds.unregister(LIGHTS.name)


def corner() -> LightsPuzzle:
    return read(SAMPLE, "corner.lights")[0]


def rows(screen: PlayScreen) -> list[str]:
    return LIGHTS.open(screen.puzzle).board_rows(screen.session.board)


def grid_text(grid: GridView) -> list[str]:
    return [grid.render_line(y).text.rstrip() for y in range(grid.geometry.total_height)]


async def test_the_library_lists_it_and_opens_it(data_dir: DataDir) -> None:
    data_dir.puzzles.mkdir(parents=True)
    (data_dir.puzzles / "corner.lights").write_text(SAMPLE)
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LibraryScreen) and bool(app.screen.shown))
        library = app.screen
        assert isinstance(library, LibraryScreen)
        await pilot.press("slash", *"corner", "enter")
        assert [(r.entry.title, r.size, r.progress_text()) for r in library.shown] == [
            ("Corner", (3, 3), "new")]
        await pilot.press("enter")
        screen = await play_screen(pilot)
        assert isinstance(screen.session.game, LightsGame)
        assert rows(screen) == ["???"] * 3


async def test_margins_walls_and_three_values_are_drawn() -> None:
    async with make_app(corner(), "corner.lights").run_test(size=(80, 30)) as pilot:
        screen = await play_screen(pilot)
        await pilot.press("space", "l", "x", "l", "v")
        assert rows(screen)[0] == "#.+"
        # a small board fits 3 characters per cell; walls are drawn at every width it takes
        assert screen.grid.geometry.cell_width == 3
        assert grid_text(screen.grid)[2:6] == [
            "   ┏━━━━━━━┳━━━┓",  # the frame: the regions' outer walls
            " 1 ┃███   ×┃+++┃",
            "   ┃   ┏━━━┫   ┃",
            " 1 ┃  ·┃  ·┃  ·┃",
        ]
        await pilot.press("z")  # 2 wide (a kind with walls is never 1 wide): round to 2
        assert screen.grid.geometry.cell_width == 2
        await pilot.press("z")
        assert screen.grid.geometry.cell_width == 3
        await pilot.press("z")
        # each region's half-lit count above its first cell's column, each row's lit count on
        # the left; a wall between cells of different regions, none inside a region
        assert grid_text(screen.grid) == [
            "     1  1  1",
            "",
            "   ┏━━━━━┳━━┓",
            " 1 ┃██  ×┃++┃",
            "   ┃  ┏━━┫  ┃",
            " 1 ┃ ·┃ ·┃ ·┃",
            "   ┣━━┛  ┃  ┃",
            " 0 ┃ ·  ·┃ ·┃",
            "   ┗━━━━━┻━━┛",
        ]
        assert screen.query_one(FittingFooter).shown[:3] == ("Light", "Dark", "Half")


async def test_keys_mark_its_values_and_its_digits_do_not_count() -> None:
    async with make_app(corner(), "corner.lights").run_test(size=(80, 30)) as pilot:
        screen = await play_screen(pilot)
        await pilot.press("v", "l", "space", "l", "x")
        assert rows(screen)[0] == "+#."
        await pilot.press("x")  # again: clear
        assert rows(screen)[0] == "+#?"
        await pilot.press("2", "j")  # no count prefix: one row down
        assert screen.session.cursor == (1, 2)
        await pilot.press("m", "m", "m")  # paint mode: light, dark, half
        assert screen.status.message == "paint mode: half (escape ends it)"
        await pilot.press("h", "h")
        assert rows(screen)[1] == "++?"
        await pilot.press("escape", "j", "shift+right", "shift+right")  # the primary value
        assert rows(screen)[2] == "###"
        await pilot.press("u", "u")
        assert rows(screen) == ["+#?", "++?", "???"]


async def test_the_mouse_marks_its_three_values() -> None:
    async with make_app(corner(), "corner.lights").run_test(size=(80, 30)) as pilot:
        screen = await play_screen(pilot)
        grid = screen.grid
        await pilot.click(grid, offset=cell_offset(grid, 0, 0))
        await pilot.click(grid, offset=cell_offset(grid, 0, 1), button=3)
        await pilot.click(grid, offset=cell_offset(grid, 0, 2), button=2)
        await until(pilot, lambda: rows(screen)[0] == "#.+")
        await pilot.click(grid, offset=cell_offset(grid, 0, 2), button=2)  # again: clear
        await until(pilot, lambda: rows(screen)[0] == "#.?")
        # a drag paints a straight run of cells, as one move
        await pilot.mouse_down(grid, offset=cell_offset(grid, 2, 0), button=2)
        await pilot.hover(grid, offset=cell_offset(grid, 2, 2))
        await pilot.mouse_up(grid, offset=cell_offset(grid, 2, 2))
        await until(pilot, lambda: rows(screen)[2] == "+++")
        assert screen.session.progress.moves == 5
        assert int(screen.session.board.cells[1, 1]) == UNKNOWN


async def test_saved_and_resumed_exactly_then_finished(data_dir: DataDir) -> None:
    puzzle = corner()
    async with make_app(puzzle, "corner.lights").run_test(size=(80, 30)) as pilot:
        screen = await play_screen(pilot)
        await pilot.press("space", "j", "v", "l", "x", "v", "u")  # the last move undone
        await pilot.press("q")
    saved = json.loads(ProgressStore(data_dir.progress).path_for(puzzle.identity).read_text())
    assert saved["kind"] == "lights" and saved["moves"] == 4

    async with make_app(corner(), "corner.lights").run_test(size=(80, 30)) as pilot:
        screen = await play_screen(pilot)
        assert rows(screen) == ["#??", "+.?", "???"]
        assert screen.session.cursor == (1, 1)
        await pilot.press("ctrl+y")  # the undone move redone after reopening
        assert rows(screen)[1] == "++?"
        await pilot.press("u")
        # the rest of the solution
        await pilot.press("space", "l", "x", "k", "x", "h", "x", "j", "j", "x", "h", "v", "l", "l")
        assert not isinstance(pilot.app.screen, FinishScreen)
        await pilot.press("v")
        await until(pilot, lambda: isinstance(pilot.app.screen, FinishScreen))
        assert rows(screen) == SOLUTION
        finish = pilot.app.screen
        assert isinstance(finish, FinishScreen)
        picture = str(finish.query_one("#picture").render())
        assert [line.rstrip() for line in picture.splitlines()] == ["█", "+█", "+ +"]
        assert screen.session.progress.solved and not screen.stopwatch.running


async def test_hinted_and_checked_through_the_kind() -> None:
    async with make_app(corner(), "corner.lights").run_test(size=(80, 30)) as pilot:
        screen = await play_screen(pilot)
        await until(pilot, lambda: pilot.app.engine_ready, 60)
        # row 3 lights 0 cells: a lit cell there fits no solution
        await pilot.press("j", "j", "space", "c")
        await until(pilot, lambda: screen.grid.wrong == frozenset({(2, 0)}))
        assert "1 mark fits no solution" in screen.status.message
        await pilot.press("i")  # a mistake first
        await until(pilot, lambda: screen.grid.highlight == frozenset({(2, 0)}))
        await pilot.press("i")  # applied: the wrong mark is cleared
        await until(pilot, lambda: rows(screen)[2] == "???")
        # row 1 "#++": regions A and B have their half-lit cell, row 3 lights none: every
        # solution has row 3's last cell dark
        await pilot.press("k", "k", "space", "l", "v", "l", "v", "i")
        await until(pilot, lambda: screen.grid.highlight == frozenset({(2, 2)}))
        assert "row 3, column 3 dark" in screen.query_one(HintPanel).text
        await pilot.press("i")
        await until(pilot, lambda: rows(screen) == ["#++", "???", "??."])
        assert screen.session.progress.hints == 2


async def test_a_stuck_hint_with_no_cell_is_shown_in_words() -> None:
    # on the empty board no cell is forced: the kind's hint is "guess" with no cells
    async with make_app(corner(), "corner.lights").run_test(size=(80, 30)) as pilot:
        screen = await play_screen(pilot)
        await pilot.press("i")
        await until(pilot, lambda: screen.status.message == "Logic is stuck: guess a cell.")
        assert screen.grid.highlight == frozenset() and screen.grid.hint_line == frozenset()
        assert screen.session.cursor == (0, 0)
        await pilot.press("i")  # asks again: nothing is applied
        await until(pilot, lambda: screen.status.message == "Logic is stuck: guess a cell.")
        assert rows(screen) == ["???"] * 3 and screen.session.progress.moves == 0
