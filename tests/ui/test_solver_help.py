"""Hint, check and auto-solve keys through Pilot on the production app: the engine runs in
thread workers, the answers arrive as messages, and the keys keep working meanwhile."""

from __future__ import annotations

import json
import threading

import pytest

from nonotui.kinds.nonogram.formats import load
from nonotui.model import FILLED, UNKNOWN
from nonotui.ui import assist
from nonotui.ui.screens.play import PlayScreen
from nonotui.ui.status import HintPanel
from tests.conftest import HARD_PUZZLE
from tests.ui.conftest import Gate, app_for, board_text, play_screen, until

ENGINE = 90.0
"""Seconds to allow an engine answer: the first one in a process may compile kernels."""

PLUS_COLUMN_2 = {(r, 2) for r in range(5)}


async def hinted(pilot, screen: PlayScreen) -> None:
    await pilot.press("i")
    await until(pilot, lambda: screen.assistant.hint is not None, ENGINE)


async def test_warm_up_says_so_then_the_solver_is_ready(data_dir, monkeypatch) -> None:
    # held at a gate, the warm-up is still running however fast numba's cache makes it
    gate = Gate()
    monkeypatch.setattr(assist, "warm_up", gate.hold(assist.warm_up))
    async with app_for().run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        try:
            await until(pilot, gate.entered.is_set)
            assert "preparing the solver" in screen.status.message
            await pilot.press("l")  # keys work while it warms up
            assert screen.session.cursor == (0, 1)
            assert not pilot.app.engine_ready and not screen.assistant.guiding
        finally:
            gate.open()
        await until(pilot, lambda: pilot.app.engine_ready, ENGINE)
        assert "preparing the solver" not in screen.status.message
        assert "solver ready" in screen.status.message and screen.assistant.guiding


async def test_hint_is_shown_highlighted_applied_as_one_move_and_undone(data_dir) -> None:
    async with app_for().run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        await hinted(pilot, screen)
        # the plus's column 3 (clue 5) is the easiest deduction nearest the cursor
        assert screen.assistant.hint.kind == "line"
        panel = screen.query_one(HintPanel)
        assert panel.display and panel.text.startswith("Simple boxes. Column 3, clue 5:")
        assert "i applies it" in screen.status.message
        assert screen.grid.highlight == PLUS_COLUMN_2
        assert board_text(screen) == "?????\n" * 5  # showing a hint changes nothing
        await pilot.press("i")
        assert {(r, c) for r, c in zip(*(screen.session.board.cells == FILLED).nonzero())} \
            == PLUS_COLUMN_2
        assert screen.grid.highlight == frozenset() and not panel.display
        assert [m.kind for m in screen.session.history.done] == ["hint"]
        progress = screen.session.progress
        assert (progress.hints, progress.moves) == (1, 1)
        assert screen.save_now()
        saved = json.loads(next((data_dir.progress).glob("*.json")).read_text())
        assert saved["hints"] == 1
        await pilot.press("u")
        assert board_text(screen) == "?????\n" * 5


async def test_a_mistake_hint_names_the_wrong_mark_and_clears_it() -> None:
    async with app_for().run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        await pilot.press("l", "f")  # row 1 column 2 is empty in the only solution
        await hinted(pilot, screen)
        assert screen.assistant.hint.kind == "mistake"
        assert "Row 1, column 2 is marked filled" in screen.query_one(HintPanel).text
        assert screen.grid.highlight == {(0, 1)}
        await pilot.press("i")
        assert screen.session.board.cells[0, 1] == UNKNOWN
        assert screen.session.history.done[-1].kind == "hint"


async def test_a_hint_for_an_older_board_is_dropped() -> None:
    async with app_for().run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        await hinted(pilot, screen)
        await pilot.press("x")  # any change forgets the hint and its highlight
        assert screen.assistant.hint is None and screen.grid.highlight == frozenset()


async def test_check_flags_only_the_wrong_marks() -> None:
    async with app_for().run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        await pilot.press("f", "l", "f", "l", "x")  # right, wrong, wrong
        await pilot.press("c")
        await until(pilot, lambda: bool(screen.grid.wrong), ENGINE)
        assert screen.grid.wrong == {(0, 1), (0, 2)}
        assert "2 marks fit no solution" in screen.status.message
        assert board_text(screen).splitlines()[0] == "##-??"  # nothing revealed or changed
        await pilot.press("h", "f")  # clearing a flagged mark drops its flag only
        assert screen.grid.wrong == {(0, 2)}


async def test_check_accepts_either_solution_of_a_two_solution_puzzle() -> None:
    from nonotui.kinds.nonogram.puzzle import Puzzle

    two = Puzzle.from_picture([[1, 0], [0, 1]], title="Two")
    async with app_for(two).run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        await pilot.press("l", "f", "j", "x")  # the other diagonal's marks
        await pilot.press("c")
        await until(pilot, lambda: "check:" in screen.status.message, ENGINE)
        assert screen.grid.wrong == frozenset()


async def test_immediate_mode_flags_a_wrong_mark_after_the_move() -> None:
    async with app_for().run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        pilot.app.settings.check = "immediate"
        await pilot.press("l", "f")
        await until(pilot, lambda: bool(screen.grid.wrong), ENGINE)
        assert screen.grid.wrong == {(0, 1)}


async def test_check_off_says_so() -> None:
    async with app_for().run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        pilot.app.settings.check = "off"
        await pilot.press("l", "f", "c")
        assert "checks are off" in screen.status.message


async def test_auto_solve_finishes_and_is_one_undo_step() -> None:
    async with app_for().run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        pilot.app.settings.solve_speed = "instant"
        await pilot.press("f")
        await pilot.press("S")
        await until(pilot, lambda: screen.session.solved, ENGINE)
        assert [m.kind for m in screen.session.history.done] == ["mark", "solve"]
        assert screen.session.progress.best_time is None  # the engine's time is not a record
        await pilot.press("u")
        assert board_text(screen) == "#????\n" + "?????\n" * 4


async def test_auto_solve_says_first_when_the_marks_fit_no_solution() -> None:
    async with app_for().run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        await pilot.press("l", "f", "S")
        await until(pilot, lambda: "fit no solution" in screen.status.message, ENGINE)
        assert [m.kind for m in screen.session.history.done] == ["mark"]


async def test_auto_solve_shows_steps_and_escape_keeps_them_as_one_move() -> None:
    async with app_for().run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        pilot.app.settings.solve_speed = "slow"
        await pilot.press("S")
        await until(pilot, lambda: screen.assistant.solving is not None, ENGINE)
        panel = screen.query_one(HintPanel)
        assert panel.text.startswith("Auto-solve step 1 of ")
        assert ": the fast linesolver decided " in panel.text
        await pilot.press("f")  # marks wait until the auto-solve ends
        assert "escape stops it" in screen.status.message
        await pilot.press("escape")
        assert screen.assistant.solving is None
        assert isinstance(pilot.app.screen, PlayScreen)  # escape did not leave the puzzle
        assert [m.kind for m in screen.session.history.done] == ["solve"]
        assert not screen.session.solved and not panel.display
        await pilot.press("u")
        assert board_text(screen) == "?????\n" * 5


async def test_keys_work_while_a_long_auto_solve_runs_and_escape_cancels_it(
    monkeypatch,
) -> None:
    path = HARD_PUZZLE
    started = threading.Event()
    plan = assist.solve_plan

    def solve_plan(*args):
        started.set()
        return plan(*args)

    monkeypatch.setattr(assist, "solve_plan", solve_plan)
    async with app_for(load(path)).run_test(size=(120, 50)) as pilot:
        screen = await play_screen(pilot)
        await until(pilot, lambda: pilot.app.engine_ready, ENGINE)
        await pilot.press("S")
        assert screen.assistant.solve_pending
        await until(pilot, started.is_set)  # the worker is in the engine now
        await pilot.press("l", "l", "j")  # the event loop answers while the search runs
        assert screen.session.cursor == (1, 2)
        assert screen.assistant.solve_pending
        await pilot.press("escape")
        assert not screen.assistant.solve_pending
        assert "cancelled" in screen.status.message
        await until(pilot, lambda: not any(w.is_running for w in pilot.app.screen.workers
                                           if w.group == "solve"), 10)
        assert screen.session.history.done == []
        assert (screen.session.board.cells == UNKNOWN).all()


async def test_the_clue_guide_dims_certain_numbers_and_marks_impossible_lines() -> None:
    from nonotui.ui.painter import CURSOR

    async with app_for().run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        await until(pilot, lambda: screen.assistant.guiding, ENGINE)
        grid = screen.grid
        assert grid.guides[0].dimmed == (False, False)  # nothing is certain on an empty row
        await pilot.press("f")  # row 1 (clue 1 1): its first block now stands at column 1
        assert grid.guides[0].dimmed == (True, False)
        assert grid.guides[5].dimmed == (True, False)
        painter = grid._painter_now()
        styles = painter.styles
        states = ["open"] * 10
        clue = painter.row_clue(0, states, False, grid.guides)
        numbers = [s.style for s in clue if s.text.strip() == "1"]
        assert numbers == [styles["done"], styles["open"]]
        under_cursor = painter.row_clue(0, states, True, grid.guides)
        assert [s.style for s in under_cursor if s.text.strip() == "1"] == [
            styles[("done", CURSOR)], styles[("open", CURSOR)]]
        await pilot.press("l", "f")  # "##???" fits no arrangement of 1 1
        assert grid.guides[0].error
        # the error mark, and every number in the error style
        assert painter.row_clue(0, states, False, grid.guides)[0].text == "!1"
        await pilot.press("u")
        assert not grid.guides[0].error and grid.guides[0].dimmed == (True, False)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_hint_longer_than_its_panel_scrolls_to_its_last_line(
    size: tuple[int, int],
) -> None:
    """Everything a hint says is readable (issue 33, item 9): a chain longer than the panel's
    share of the screen scrolls with ctrl+down, and the panel says there is more."""
    from nonotui.ui.status import MORE

    lines = [f"Step {n}: row {n} would need more cells than the clue has." for n in range(30)]
    text = "\n".join([*lines, "So row 19, column 8 is filled."])
    async with app_for().run_test(size=size) as pilot:
        screen = await play_screen(pilot)
        # the warm-up's end redraws the panel from the assistant: shown after it
        await until(pilot, lambda: pilot.app.engine_ready, 90)
        panel = screen.query_one(HintPanel)
        panel.text = text
        await pilot.pause()
        assert panel.display and 3 <= panel.container_size.height <= size[1] * 0.4
        assert panel.max_scroll_y > 0 and panel.scroll_y == 0
        more = panel.query_one("#more")
        # shown once the panel has laid out its text (a later refresh on a loaded machine)
        await until(pilot, lambda: bool(more.display), 10)
        assert MORE in str(more.render())
        for _ in range(30):
            if panel.scroll_y == panel.max_scroll_y:
                break
            await pilot.press("ctrl+down")
        await pilot.pause()
        assert panel.scroll_y == panel.max_scroll_y, "ctrl+down never reached the end"
        assert not more.display
        last_row = panel.scroll_y + panel.container_size.height - 1
        assert panel.virtual_size.height - 1 <= last_row  # "So row 19 ..." is in view
        await pilot.press("ctrl+up")
        assert panel.scroll_y < panel.max_scroll_y
        panel.text = "A short hint."
        await pilot.pause()
        assert panel.scroll_y == 0 and not more.display
