"""The rating: a walk from an empty board taking the easiest hint each time, and its grade.

Every claim is checked by code that shares nothing with the engine: solution counts by
tests/naive_count.py, line solvability by tests/simple_solver.py's propagation, and each step's
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
    RatedStep,
    rate,
)
from nonotui.model.kind import Cancelled
from nonotui.model.vocab import RATING_VERSION, Rating
from tests import naive_count, simple_solver
from tests.naive_count import EMPTY_CELL, FILLED_CELL

Clues = tuple[tuple[int, ...], ...]

# Small puzzles of each grade, found by rating random pictures and checked below independently.
CRAFTED: dict[str, tuple[Clues, Clues]] = {
    "grade 1": (((2, 1), (3,), (4,), (2, 1)), ((1, 2), (4,), (2,), (4,))),
    "grade 2": (((1,), (1,), (2,), (3,)), ((), (1, 2), (2,), (1, 1))),
    "grade 3": (((1, 2), (2, 1), (1, 1, 1), (1, 1)),
                ((1, 1), (1, 1), (1,), (), (2,), (2,), (1, 1))),
    "grade 5": (((1, 1), (3,), (1,), (1,)), ((1,), (2,), (2,), (2,))),
    "not unique": (((1, 1), (1,), (3,), (2,)), ((2,), (1, 2), (2,), (1,))),
    "no solution": (((1,), (1, 1), (2,), (2,)), ((1, 1), (2,), (1, 2), ())),
}
EXPECTED = {"grade 1": 1, "grade 2": 2, "grade 3": 3, "grade 5": 5, "not unique": 0,
            "no solution": 0}
BUNDLED = ["heart", "house", "mug", "fish", "anchor", "cat"]


def _puzzle(name: str) -> Puzzle:
    rows, columns = CRAFTED[name]
    return Puzzle(rows=rows, columns=columns)


def _line_stalls(puzzle: Puzzle) -> bool:
    """Whether line logic alone leaves cells unknown (plain-Python propagation)."""
    return not simple_solver.line_solvable(puzzle.rows, puzzle.columns)


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
            assert step.chain >= 2 and step.solves >= step.chain
            assert step.text.startswith("If row ")
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
        assert simple_solver.line_solvable(puzzle.rows, puzzle.columns)
        assert count == 1
        assert BY_NAME[rating.hardest or ""].grade == rating.grade
        assert all(BY_NAME[t].grade <= rating.grade for t in rating.steps)
    elif rating.grade in (4, 5):
        assert not rating.line_solvable and rating.unique is True
        assert _line_stalls(puzzle) and count == 1
        assert rating.hardest == CONTRADICTION
        longest = max(s.chain for s in path if s.technique == CONTRADICTION)
        assert (longest <= SHORT_CHAIN) == (rating.grade == 4)
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
    solvable = simple_solver.line_solvable(puzzle.rows, puzzle.columns)
    assert rating.line_solvable == solvable
    assert (1 <= rating.grade <= 3) == solvable
    assert rating.unique is True
    assert len(simple_solver.solutions(puzzle.rows, puzzle.columns, limit=2)) == 1
    assert sum(rating.steps.values()) == len(path)
    board = np.zeros((puzzle.height, puzzle.width), dtype=np.int64)
    for step in path:
        for r, c, v in step.cells:
            assert board[r, c] == 0
            board[r, c] = v
    assert bool(np.all(board != 0))


def test_the_kind_rates_through_the_protocol() -> None:
    puzzle = open_one("puzzles/heart.non")
    assert kinds.kind_of(puzzle).rate(puzzle) == rate(puzzle)


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
