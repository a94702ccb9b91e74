"""Mouse clicks and drags, clue marks, and solving to the finish screen."""

from __future__ import annotations

from textual.pilot import Pilot

from nonotui.kinds.nonogram.puzzle import Puzzle
from nonotui.model import FILLED
from nonotui.store import DataDir
from nonotui.store.catalog import Catalog
from nonotui.ui.grid import GridView
from nonotui.ui.screens.finish import FinishScreen
from nonotui.ui.screens.play import PlayScreen
from tests.ui.conftest import app_for, board_text, cell_offset, play_screen, until


async def settled_play_screen(pilot: Pilot) -> PlayScreen:
    """The play screen once the solver is ready and the lines it adds to the status line are
    drawn: the board is centred, so a line more below it moves it, and a click aimed before the
    move would land on the row below."""
    screen = await play_screen(pilot)
    await until(pilot, lambda: pilot.app.engine_ready)
    await pilot.pause()
    return screen


async def test_left_click_fills_right_click_crosses_and_clicking_again_clears() -> None:
    async with app_for().run_test(size=(100, 40)) as pilot:
        screen = await settled_play_screen(pilot)
        grid = screen.query_one(GridView)
        await pilot.click(grid, offset=cell_offset(grid, 1, 3))
        await pilot.click(grid, offset=cell_offset(grid, 1, 4), button=3)
        await until(pilot, lambda: board_text(screen).splitlines()[1] == "???#-")
        assert screen.session.cursor == (1, 4)
        await pilot.click(grid, offset=cell_offset(grid, 1, 3))
        await pilot.click(grid, offset=cell_offset(grid, 1, 4), button=3)
        await until(pilot, lambda: board_text(screen).splitlines()[1] == "?????")


async def test_drag_paints_a_straight_line_as_one_move() -> None:
    async with app_for().run_test(size=(100, 40)) as pilot:
        screen = await settled_play_screen(pilot)
        grid = screen.query_one(GridView)
        await pilot.mouse_down(grid, offset=cell_offset(grid, 2, 0))
        # wander off the row: the stroke stays on the row it started along
        await pilot.hover(grid, offset=cell_offset(grid, 2, 2))
        await pilot.hover(grid, offset=cell_offset(grid, 3, 4))
        await pilot.mouse_up(grid, offset=cell_offset(grid, 3, 4))
        await until(pilot, lambda: board_text(screen).splitlines()[2] == "#####")
        assert board_text(screen).splitlines()[3] == "?????"
        assert screen.session.progress.moves == 1
        await pilot.press("u")
        assert board_text(screen) == "?????\n" * 5


async def test_drag_back_shortens_the_stroke_and_right_drag_crosses_a_column() -> None:
    async with app_for().run_test(size=(100, 40)) as pilot:
        screen = await settled_play_screen(pilot)
        grid = screen.query_one(GridView)
        await pilot.mouse_down(grid, offset=cell_offset(grid, 0, 1), button=3)
        await pilot.hover(grid, offset=cell_offset(grid, 4, 1))
        await pilot.hover(grid, offset=cell_offset(grid, 1, 1))
        await pilot.mouse_up(grid, offset=cell_offset(grid, 1, 1))
        await until(pilot, lambda: screen.session.stroke is None)
        column = [line[1] for line in board_text(screen).splitlines()]
        assert column == ["-", "-", "?", "?", "?"]


async def test_a_drag_starting_on_a_filled_cell_clears() -> None:
    async with app_for().run_test(size=(100, 40)) as pilot:
        screen = await settled_play_screen(pilot)
        grid = screen.query_one(GridView)
        await pilot.press("shift+right", "shift+right", "shift+right")
        await pilot.mouse_down(grid, offset=cell_offset(grid, 0, 0))
        await pilot.hover(grid, offset=cell_offset(grid, 0, 2))
        await pilot.mouse_up(grid, offset=cell_offset(grid, 0, 2))
        await until(pilot, lambda: board_text(screen).splitlines()[0] == "???#?")


async def test_clues_dim_when_done_and_a_broken_line_gets_a_mark() -> None:
    async with app_for().run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        grid = screen.query_one(GridView)
        # row 2 (clue 1 1) done right; row 1 (clue 1) completed wrongly
        await pilot.press("f", "l", "x", "l", "f", "l", "x", "l", "x")
        await pilot.press("j", "home", "f", "l", "f", "l", "x", "l", "x", "l", "x")
        assert screen.session.unit_states()[:2] == ["done", "broken"]  # rows 1 and 2
        g = grid.geometry
        line = grid.render_line(g.header_height + 1).text
        assert line.startswith(grid.glyphs.error), line
        first = grid.render_line(g.header_height).text
        assert not first.startswith(grid.glyphs.error)
        # a column completed wrongly is marked on the line just above the cells
        await pilot.press("home", "j", "x", "j", "x", "j", "x")
        assert screen.session.unit_states()[5] == "broken"  # column 1: units 5.. of a 5x5
        marks = grid.render_line(g.clue_lines).text
        assert marks[g.clue_width : g.clue_width + g.cell_width].strip() == grid.glyphs.error


async def test_solving_shows_the_finish_screen_and_records_the_time() -> None:
    async with app_for().run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        await pilot.press("f", "l", "l", "f")  # row 1: cells 1 and 3
        await pilot.press("j", "f")  # row 2: cell 3
        await pilot.press("j", "home", *["shift+right"] * 4)  # row 3: all
        await pilot.press("j", "home", "l", "l", "f", "j", "f")  # rows 4, 5: cell 3
        await until(pilot, lambda: isinstance(pilot.app.screen, FinishScreen))
        finish = pilot.app.screen
        assert finish.moves == screen.session.progress.moves
        assert screen.session.progress.solved
        assert screen.session.progress.best_time == finish.elapsed
        assert not screen.stopwatch.running
        await pilot.press("escape")
        await until(pilot, lambda: pilot.app.screen is screen)
        # a solved board refuses marks until restarted
        await pilot.press("x")
        assert board_text(screen).splitlines()[4] == "??#??"


async def test_any_solution_counts_not_only_the_stored_picture() -> None:
    two_ways = Puzzle.from_picture([[1, 0], [0, 1]], title="Two ways")
    async with app_for(two_ways).run_test(size=(100, 40)) as pilot:
        await play_screen(pilot)
        await pilot.press("l", "f", "j", "home", "f")  # the other diagonal
        await until(pilot, lambda: isinstance(pilot.app.screen, FinishScreen))


async def test_finish_screen_enter_goes_to_the_library_which_shows_it_solved(
    data_dir: DataDir,
) -> None:
    from nonotui.kinds.nonogram.formats import dump
    from nonotui.ui.screens.library import LibraryScreen

    tiny = Puzzle.from_picture([[1]], title="Dot")
    data_dir.puzzles.mkdir(parents=True, exist_ok=True)
    (data_dir.puzzles / "dot.non").write_text(dump(tiny, "non"))
    bundled = {e.title for e in Catalog(data_dir).bundled()}
    async with app_for(tiny).run_test(size=(100, 40)) as pilot:
        await play_screen(pilot)
        await pilot.press("f")
        await until(pilot, lambda: isinstance(pilot.app.screen, FinishScreen))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(pilot.app.screen, LibraryScreen))
        library = pilot.app.screen
        # read afresh on the way back: every bundled puzzle, and the one just solved as solved
        await until(pilot, lambda: not library.scanning)
        await until(pilot, lambda: any(r.entry.title == "Dot" for r in library.shown))
        assert bundled and bundled <= {r.entry.title for r in library.shown}
        dot, = [r for r in library.shown if r.entry.title == "Dot"]
        assert (dot.entry.source, dot.state()) == ("user", "solved")


async def test_the_finish_screen_keeps_time_and_buttons_in_view_at_80x24(
    data_dir: DataDir,
) -> None:
    # Regression: a 40x40 picture is 20 lines; it pushed the time, the moves and both buttons
    # off an 80x24 terminal. Now the picture scrolls instead.
    tortoise, _ = Catalog(data_dir).resolve("tortoise")
    assert tortoise.goal is not None and (tortoise.width, tortoise.height) == (40, 40)
    async with app_for(tortoise).run_test(size=(80, 24)) as pilot:
        screen = await play_screen(pilot)
        filled = [(r, c) for r, row in enumerate(tortoise.goal) for c, v in enumerate(row) if v]
        screen._changed(screen.session.commit(filled, FILLED))  # solved in one move
        await until(pilot, lambda: isinstance(pilot.app.screen, FinishScreen))
        await pilot.pause()
        finish = pilot.app.screen
        for name in ("title", "facts", "library", "stay"):
            widget = finish.query_one(f"#{name}")
            region = widget.region
            assert region.bottom <= 24, name
            hit, _ = pilot.app.get_widget_at(region.x + region.width // 2, region.y)
            assert widget in hit.ancestors_with_self, f"{name} is covered or clipped"
        await pilot.press("enter")
        await until(pilot, lambda: not isinstance(pilot.app.screen, (FinishScreen, PlayScreen)))
