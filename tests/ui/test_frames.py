"""Auto-solve's frames, computed from real plans: at the default speed every auto-solve of a
puzzle the engine solves within a second shows more than one frame and ends within ~10 s.

The time is computed from the number of frames and the speed's delay, never measured."""

from __future__ import annotations

from pathlib import Path

import pytest

from nonotui.kinds import open_game
from nonotui.kinds.nonogram.formats import load
from nonotui.kinds.nonogram.puzzle import Puzzle, unknown_board
from nonotui.store.settings import SOLVE_SPEEDS, Settings
from nonotui.ui import assist
from nonotui.ui.frames import FRAME_BUDGET, solve_frames
from tests.conftest import BENCH


def never() -> bool:
    return False


PUZZLES = Path(__file__).resolve().parents[2] / "puzzles"

LARGEST_BUNDLED = ("tortoise.non", "lighthouse.non", "owl.non", "snail.non")
"""The biggest bundled puzzles, and one whose plan ends with the search."""

BIG_BENCH = ("webpbn-00529.nin", "webpbn-01611.nin", "webpbn-00803.nin", "webpbn-00436.nin",
             "webpbn-00065.nin", "webpbn-00016.nin", "webpbn-00023.nin")
"""Swing (45x45, 461 line steps), Merka (55x60, 650), Light and Petro (the search decides
nearly all), Mum, Knot and Edge (no line decides anything: one search step)."""

DEFAULT_DELAY = SOLVE_SPEEDS[Settings().solve_speed]


def check_frames(puzzle: Puzzle) -> None:
    plan = assist.solve_plan(open_game(puzzle), unknown_board(puzzle), never)
    assert plan.status == "solved"
    frames = solve_frames(plan.steps)
    assert len(frames) > 1
    assert len(frames) * DEFAULT_DELAY <= 10.0  # the animation's length at the default speed
    # every step's cells, in the plan's order, each shown exactly once
    assert [cell for f in frames for cell in f.cells] == [
        cell for step in plan.steps for cell in step.cells]
    assert frames[0].first == 1 and frames[-1].last == len(plan.steps)
    assert all(f"of {len(plan.steps)}:" in f.text for f in frames)


@pytest.mark.parametrize("name", LARGEST_BUNDLED)
def test_the_largest_bundled_puzzles_animate_within_ten_seconds(name: str) -> None:
    check_frames(load(PUZZLES / name))


@pytest.mark.parametrize("name", BIG_BENCH)
def test_big_bench_puzzles_animate_within_ten_seconds(name: str) -> None:
    path = BENCH / "survey" / name
    if not path.is_file():
        pytest.skip(f"{name} is not in ../shared/bench/survey")
    check_frames(load(path))


def test_small_plans_show_one_step_per_frame_and_say_which() -> None:
    puzzle = load(PUZZLES / "heart.non")
    plan = assist.solve_plan(open_game(puzzle), unknown_board(puzzle), never)
    frames = solve_frames(plan.steps)
    assert len(plan.steps) < FRAME_BUDGET and len(frames) == len(plan.steps)
    assert [(f.first, f.last) for f in frames] == [(i, i) for i in range(1, len(frames) + 1)]
    assert frames[0].text == f"Auto-solve step 1 of {len(plan.steps)}: {plan.steps[0].description}."


def test_a_grouped_frame_names_its_steps_lines_and_cells() -> None:
    puzzle = load(PUZZLES / "tortoise.non")
    plan = assist.solve_plan(open_game(puzzle), unknown_board(puzzle), never)
    frames = solve_frames(plan.steps)
    assert len(frames) == FRAME_BUDGET
    first = frames[0]
    assert first.first == 1 and first.last > 1
    assert first.text.startswith(f"Auto-solve steps 1-{first.last} of {len(plan.steps)}: ")
    assert f"{first.last} lines (" in first.text and f"{len(first.cells)} cells (" in first.text


def test_the_search_step_fills_the_board_row_by_row() -> None:
    # Edge: no line decides anything, so the plan is one search step of the whole board.
    path = BENCH / "survey" / "webpbn-00023.nin"
    if not path.is_file():
        pytest.skip("webpbn-00023.nin is not in ../shared/bench/survey")
    puzzle = load(path)
    plan = assist.solve_plan(open_game(puzzle), unknown_board(puzzle), never)
    assert len(plan.steps) == 1 and plan.steps[0].unit is None
    frames = solve_frames(plan.steps)
    assert len(frames) == puzzle.height
    assert [{r for r, _, _ in f.cells} for f in frames] == [{r} for r in range(puzzle.height)]
    assert "the search (guessing and backtracking) in row 1 decided" in frames[0].text


def test_cells_are_counted_by_the_kinds_values() -> None:
    """Aquarium's frames count water and air, not a nonogram's filled and empty; a colour
    puzzle's name its colours."""
    from nonotui.kinds.aquarium.game import VALUES
    from nonotui.model.cells import EMPTY, FILLED
    from nonotui.model.kind import CellValue, Step

    steps = [Step(((0, 0, 2),), "a", 0, "gravity"), Step(((0, 1, 1), (0, 2, 1)), "b", 1, "row")]
    (frame,) = solve_frames(steps, budget=1, values=VALUES)
    assert frame.text.endswith("decided 3 cells (1 water, 2 air).")
    (frame,) = solve_frames(steps, budget=1)
    assert frame.text.endswith("decided 3 cells (1 filled, 2 empty).")
    colours = (CellValue("empty", 0, "empty", "-"), CellValue("red", 1, "color", "r", "#ff0000"),
               CellValue("blue", 2, "color", "b", "#0000ff"))
    steps = [Step(((0, 0, 4), (0, 1, EMPTY)), "a", 0, "fast"),
             Step(((0, 2, FILLED), (0, 3, 4)), "b", 1, "fast")]
    (frame,) = solve_frames(steps, budget=1, values=colours)
    assert frame.text.endswith("decided 4 cells (2 blue, 1 red, 1 empty).")
