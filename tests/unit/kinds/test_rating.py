"""The rating: a walk from an empty board taking the easiest hint each time, and its grade.

Every claim is checked by code that shares nothing with the engine: solution counts by
tests/naive_count.py, line solvability by its line logic alone, and each step's
cells against the one solution the counter finds.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

from nonotui import kinds
from nonotui.kinds import open_one
from nonotui.kinds.nonogram.engine.techniques import BY_NAME, CONTRADICTION, TECHNIQUES
from nonotui.kinds.nonogram.puzzle import Puzzle
from nonotui.kinds.nonogram.rating import (
    CONTRADICTION_BASE,
    CONTRADICTION_PER_LINE,
    SHORT_CHAIN,
    WEIGHTS,
    WORK_1,
    WORK_2,
    WORK_5,
    RatedStep,
    rate,
    words,
)
from nonotui.model.kind import Cancelled
from nonotui.model.vocab import RATING_VERSION, Rating
from tests import naive_count
from tests.benchdata import BENCH
from tests.naive_count import EMPTY_CELL, FILLED_CELL

Clues = tuple[tuple[int, ...], ...]

# Small puzzles of each grade, found by rating random pictures and checked below independently.
CRAFTED: dict[str, tuple[Clues, Clues]] = {
    "grade 1": (((2, 1), (3,), (4,), (2, 1)), ((1, 2), (4,), (2,), (4,))),
    "grade 2": (((1,), (1, 1), (4,), (1, 1)), ((1,), (2,), (3,), (1,), (1, 1))),
    "grade 3": (((1, 1), (1, 1), (3, 1), (1, 2), (2,)),
                ((1,), (1,), (3, 1), (2,), (1, 2), (1,), (1,))),
    "grade 4": (((1, 1), (3,), (1,), (1,)), ((1,), (2,), (2,), (2,))),
    "grade 5": (((1, 1), (1, 2), (1, 1), (2,)), ((2,), (1,), (1, 1), (1,), (1,), (1, 1))),
    "not unique": (((1, 1), (1,), (3,), (2,)), ((2,), (1, 2), (2,), (1,))),
    "no solution": (((1,), (1, 1), (2,), (2,)), ((1, 1), (2,), (1, 2), ())),
}
EXPECTED = {"grade 1": 1, "grade 2": 2, "grade 3": 3, "grade 4": 4, "grade 5": 5, "not unique": 0,
            "no solution": 0}
BUNDLED = ["heart", "house", "mug", "fish", "anchor", "cat"]


def _puzzle(name: str) -> Puzzle:
    rows, columns = CRAFTED[name]
    return Puzzle(rows=rows, columns=columns)


def _line_stalls(puzzle: Puzzle) -> bool:
    """Whether line logic alone leaves cells unknown (plain-Python propagation)."""
    return not naive_count.line_solvable(puzzle.rows, puzzle.columns)


def _check_path(puzzle: Puzzle, rating: Rating, path: list[RatedStep]) -> None:
    """Each step decides only unknown cells, to the value of the one solution; the counts add
    up to the path; contradictions carry their chain; the score follows its formula."""
    assert sum(rating.steps.values()) == len(path)
    for name, n in rating.steps.items():
        assert n == sum(step.technique == name for step in path)
    assert list(rating.steps) == [t.name for t in TECHNIQUES if t.name in rating.steps]
    solutions = naive_count.solutions(puzzle.rows, puzzle.columns, cap=2)
    truth = solutions[0] if len(solutions) == 1 else None
    seen: set[tuple[int, int]] = set()
    for step in path:
        assert step.cells and step.text
        for r, c, v in step.cells:
            assert (r, c) not in seen
            seen.add((r, c))
            if truth is not None:
                assert v == (FILLED_CELL if truth[r][c] else EMPTY_CELL), (step.text, r, c)
        if step.technique == CONTRADICTION:
            assert step.cell is not None and len(step.cells) == 1
            # no chain rests on fewer than four lines (docs/solver.md, "Rating")
            assert step.chain >= 4 and step.solves >= step.chain
            assert step.text.count(" would force ") == step.solves - 1
            assert "If row " in step.text and words(step).startswith(
                f"Contradiction (a chain of {step.chain} lines). If row ")
        else:
            assert step.cell is None and step.chain == 0
            assert step.text.startswith(f"{step.technique}. ")
    weights = sum(CONTRADICTION_BASE + CONTRADICTION_PER_LINE * s.chain
                  if s.technique == CONTRADICTION else WEIGHTS[BY_NAME[s.technique].grade]
                  for s in path)
    assert rating.score == weights
    if rating.grade > 0:
        assert len(seen) == puzzle.width * puzzle.height


@pytest.mark.parametrize("name", list(CRAFTED))
def test_crafted_puzzles_get_their_grade(name: str) -> None:
    puzzle = _puzzle(name)
    path: list[RatedStep] = []
    rating = rate(puzzle, path=path)
    assert rating.grade == EXPECTED[name], rating
    assert rating.version == RATING_VERSION
    _check_path(puzzle, rating, path)
    count = naive_count.count(puzzle.rows, puzzle.columns, cap=2)
    if rating.grade in (1, 2, 3):
        assert rating.line_solvable and rating.unique is True and rating.reason is None
        assert naive_count.line_solvable(puzzle.rows, puzzle.columns)
        assert count == 1
        # the larger of the hardest technique's grade and the work per line's
        work = rating.score / (puzzle.width + puzzle.height)
        by_work = 1 if work <= WORK_1 else 2 if work <= WORK_2 else 3
        assert rating.grade == max(BY_NAME[rating.hardest or ""].grade, by_work)
        assert all(BY_NAME[t].grade <= rating.grade for t in rating.steps)
    elif rating.grade in (4, 5):
        assert not rating.line_solvable and rating.unique is True
        assert _line_stalls(puzzle) and count == 1
        assert rating.hardest == CONTRADICTION
        longest = max(s.chain for s in path if s.technique == CONTRADICTION)
        work = rating.score / (puzzle.width + puzzle.height)
        assert (longest <= SHORT_CHAIN and work <= WORK_5) == (rating.grade == 4)
        assert SHORT_CHAIN == 4
    elif name == "not unique":
        assert rating.reason == "not unique" and rating.unique is False and count == 2
        assert not rating.line_solvable
    else:
        assert rating.reason == "no solution" and rating.unique is False and count == 0


@pytest.mark.parametrize("name", BUNDLED)
def test_bundled_puzzles(name: str) -> None:
    puzzle = open_one(f"puzzles/{name}.non")
    path: list[RatedStep] = []
    rating = rate(puzzle, path=path)
    solvable = naive_count.line_solvable(puzzle.rows, puzzle.columns)
    assert rating.line_solvable == solvable
    assert (1 <= rating.grade <= 3) == solvable
    assert rating.unique is True
    assert naive_count.count(puzzle.rows, puzzle.columns, cap=2) == 1
    assert sum(rating.steps.values()) == len(path)
    board = np.zeros((puzzle.height, puzzle.width), dtype=np.int64)
    for step in path:
        for r, c, v in step.cells:
            assert board[r, c] == 0
            board[r, c] = v
    assert bool(np.all(board != 0))


def test_work_per_line_raises_a_grade_above_its_hardest_technique(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Heart needs nothing harder than forcing (grade 1) and little work; with the work
    thresholds lowered under its work per line, its grade follows the work, not the
    technique."""
    from nonotui.kinds.nonogram import rating as rating_module

    heart = open_one("puzzles/heart.non")
    plain = rate(heart)
    work = plain.score / (heart.width + heart.height)
    assert plain.grade == 1 and BY_NAME[plain.hardest or ""].grade == 1
    monkeypatch.setattr(rating_module, "WORK_1", work - 0.01)
    assert rate(heart).grade == 2
    monkeypatch.setattr(rating_module, "WORK_2", work - 0.005)
    assert rate(heart).grade == 3


def test_the_kind_rates_through_the_protocol() -> None:
    puzzle = open_one("puzzles/heart.non")
    assert kinds.open_game(puzzle).rate() == rate(puzzle)


def test_should_stop_cancels() -> None:
    with pytest.raises(Cancelled):
        rate(open_one("puzzles/heart.non"), should_stop=lambda: True)


def test_json_shape() -> None:
    rating = rate(_puzzle("grade 2"))
    found = rating.to_json("x.non")
    assert list(found) == ["file", "grade", "score", "line_solvable", "unique", "hardest",
                           "steps", "reason"]
    assert found["file"] == "x.non" and found["grade"] == 2 and found["reason"] is None
    assert json.loads(json.dumps(found)) == found
    stuck = rate(_puzzle("not unique")).to_json("y")
    assert (stuck["grade"], stuck["unique"], stuck["reason"]) == (0, False, "not unique")


def test_the_contradiction_name_is_the_engines() -> None:
    from nonotui.kinds.nonogram import rating

    assert rating.CONTRADICTION == CONTRADICTION


FOREVER = BENCH / "survey" / "webpbn-06574.nin"


@pytest.mark.slow
@pytest.mark.skipif(not FOREVER.exists(), reason="../shared/bench is absent")
def test_a_puzzle_that_needs_guessing() -> None:
    """Forever (webpbn #6574, 25x25) needs real search: the walk stalls, logic and probing
    cannot go on, and the search finds one solution. Independently: plain line logic stalls too,
    the solution the search found meets every clue (tests/naive_count.py's own run reading), and
    every cell the walk decided agrees with it. The independent counters are too slow to prove a
    25x25 unique, so that last claim rests on the engine's search (no small puzzle needing
    guessing turned up among about 100,000 random pictures rated from 4x4 to 18x18)."""
    puzzle = open_one(str(FOREVER))
    path: list[RatedStep] = []
    rating = rate(puzzle, path=path)
    assert (rating.grade, rating.reason, rating.unique) == (0, "needs guessing", True)
    assert not rating.line_solvable and rating.steps[CONTRADICTION] > 0
    assert _line_stalls(puzzle)
    found = kinds.open_game(puzzle).solve(max_solutions=2)
    assert found.status == "unique"
    picture = [[1 if v == FILLED_CELL else 0 for v in row] for row in found.solutions[0].cells]
    assert naive_count.clues_of(picture) == (puzzle.rows, puzzle.columns)
    for step in path:
        for r, c, v in step.cells:
            assert v == (FILLED_CELL if picture[r][c] else EMPTY_CELL)


def test_ratings_in_threads_agree_with_one_at_a_time() -> None:
    """The player rates in a worker while hints run in another: the techniques' caches hold only
    read-only values, and each kernel call has scratch of its own."""
    from concurrent.futures import ThreadPoolExecutor

    puzzles = [open_one(f"puzzles/{name}.non") for name in ("house", "fish", "house", "fish")]
    alone = [rate(p) for p in puzzles]
    with ThreadPoolExecutor(max_workers=4) as pool:
        together = list(pool.map(rate, puzzles))
    assert together == alone


@pytest.mark.parametrize("name", ["house", "fish", "anchor", "tortoise"])
def test_the_walks_shortcut_takes_the_ladders_steps(name: str) -> None:
    """The rating's own search for the easiest step gives exactly the ladder's, step by step
    (contradictions are applied from a path, since neither decides them)."""
    from nonotui.kinds.nonogram.engine.ladder import Memo, easiest_line_step
    from nonotui.kinds.nonogram.puzzle import unknown_board
    from nonotui.kinds.nonogram.rating import easiest_from_top_left

    puzzle = open_one(f"puzzles/{name}.non")
    path: list[RatedStep] = []
    rate(puzzle, path=path)
    board = unknown_board(puzzle)
    memo: Memo = {}
    compared = 0
    for step in path:
        if step.technique != CONTRADICTION:
            ours = easiest_from_top_left(puzzle, board, memo)
            theirs = easiest_line_step(puzzle, board, cursor=(0, 0))
            assert ours is not None and theirs is not None
            assert (ours.axis, ours.index, ours.cells()) == (theirs.axis, theirs.index,
                                                             theirs.cells())
            assert ours.cells() == step.cells
            compared += 1
        for r, c, v in step.cells:
            board.cells[r, c] = v
    assert easiest_from_top_left(puzzle, board, memo) is None and compared > 20
