"""Each branching strategy, run alone, is a complete search: the oracle's counts and solutions.

``solve()`` normally runs ``wu`` for a few guesses and then races two strategies; here each one
is forced so that every branch of the kernel is checked, including the probe filters. The tiny
cases are marked ``nojit`` so that the second test run executes the kernel's Python source.
"""

from __future__ import annotations

import numpy as np
import pytest

from nonotui.errors import NonotuiError
from nonotui.kinds.nonogram.engine.search import STRATEGIES, solve
from nonotui.kinds.nonogram.puzzle import Puzzle
from tests import naive_count as naive


def random_puzzles(seed: int, n: int, sizes: tuple[int, ...]) -> list[Puzzle]:
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        h, w = (int(x) for x in rng.choice(sizes, 2))
        picture = (rng.random((h, w)) < rng.choice([0.3, 0.5, 0.7])).astype(int).tolist()
        out.append(Puzzle.from_picture(picture, keep_goal=False))
    return out


def check_against_oracle(puzzle: Puzzle, strategy: str, cap: int) -> None:
    expected = naive.solutions(puzzle.rows, puzzle.columns, cap=cap)
    result = solve(puzzle, max_solutions=cap, strategy=strategy)
    found = naive.check_solutions(
        puzzle.rows, puzzle.columns, [b.cells.tolist() for b in result.solutions]
    )
    assert len(found) == min(len(expected), cap)
    if len(expected) < cap:
        # the search went to the end: it must have found exactly the oracle's solutions
        assert found == set(expected)
        assert result.status == ("unique" if len(expected) == 1 else
                                 "contradiction" if not expected else "multiple")
    else:
        assert result.status == ("multiple" if cap >= 2 else "solved")
    assert result.stats.strategy == strategy


@pytest.mark.nojit
@pytest.mark.parametrize("strategy", sorted(STRATEGIES))
def test_each_strategy_on_tiny_puzzles(strategy: str) -> None:
    for puzzle in random_puzzles(7, 12, (2, 3, 4)):
        check_against_oracle(puzzle, strategy, cap=3)


@pytest.mark.parametrize("strategy", sorted(STRATEGIES))
def test_each_strategy_on_random_puzzles(strategy: str) -> None:
    for puzzle in random_puzzles(11, 150, (5, 6, 7, 8)):
        check_against_oracle(puzzle, strategy, cap=4)


@pytest.mark.nojit
def test_the_tatham_example_needs_probing_and_is_unique_for_every_strategy() -> None:
    # 4x4:2/1/2/1/1.1/2/1/1: unique, and line logic alone leaves cells open
    puzzle = Puzzle(rows=[[1, 1], [2], [1], [1]], columns=[[2], [1], [2], [1]])
    for strategy in STRATEGIES:
        result = solve(puzzle, strategy=strategy)
        assert result.status == "unique"
        assert naive.count(puzzle.rows, puzzle.columns) == 1


def test_unknown_strategy_is_a_user_error() -> None:
    with pytest.raises(NonotuiError, match="unknown strategy 'best'"):
        solve(Puzzle(rows=[[1]], columns=[[1]]), strategy="best")
