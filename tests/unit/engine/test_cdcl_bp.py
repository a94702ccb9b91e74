"""Belief propagation for the learning search's first phases (``kernels.cdcl_bp``).

A line's weighted marginals are checked against the arrangements tests/oracle.py lists; the
phases' worth against the solutions; the searches it steers are checked by
tests/naive_count.py (in test_cdcl.py's counter tests, and here once more on other puzzles)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nonotui.kinds.nonogram.engine import _kernels as kernels
from nonotui.kinds.nonogram.engine._kernels import cdcl_bp
from nonotui.kinds.nonogram.engine.packed import prepare
from nonotui.kinds.nonogram.puzzle import Puzzle
from tests import naive_count as naive
from tests import oracle
from tests.conftest import KERNEL_INTERNALS
from tests.unit.engine.test_cdcl import enumerate_against_the_counter

# kernels only tests call are compiled here: once, on one worker (tests/conftest.py)
pytestmark = pytest.mark.xdist_group(KERNEL_INTERNALS)


def brute_marginals(blocks: list[int], w1: list[float]) -> tuple[float, list[float]]:
    """The total weight of the arrangements and each cell's weighted share of filled ones."""
    n = len(w1)
    total = 0.0
    filled = [0.0] * n
    for a in oracle.arrangements(blocks, n):
        w = 1.0
        for c in range(n):
            w *= w1[c] if a[c] else 1.0 - w1[c]
        total += w
        for c in range(n):
            if a[c]:
                filled[c] += w
    return total, [f / total if total > 0 else 0.0 for f in filled]


def kernel_marginals(blocks: list[int], w1: list[float]) -> tuple[float, np.ndarray]:
    n = len(w1)
    k = len(blocks)
    b = np.array(blocks, dtype=np.int32)
    one = np.array(w1, dtype=np.float64)
    zero = 1.0 - one
    fa = np.empty((k + 1, n + 1))
    fe = np.empty((k + 1, n + 1))
    bs = np.empty((k + 1, n + 1))
    diff = np.empty(n + 1)
    q = np.empty(n)
    total = cdcl_bp.line_marginals(b, np.int32(0), k, zero, one, n, fa, fe, bs, diff, q)
    return total, q


@pytest.mark.nojit
@settings(max_examples=300, deadline=None)
@given(st.data())
def test_line_marginals_match_the_enumerated_arrangements(data: st.DataObject) -> None:
    n = data.draw(st.integers(1, 12))
    picture = data.draw(st.lists(st.integers(0, 1), min_size=n, max_size=n))
    blocks = list(oracle.runs(picture))
    if not blocks:
        blocks = [1]
        if n == 1:
            return
    # weights in (0, 1), and some cells known (weight exactly 0 or 1)
    w1 = data.draw(st.lists(st.sampled_from([0.0, 1.0, 0.1, 0.3, 0.5, 0.7, 0.9, 0.99]),
                            min_size=n, max_size=n))
    total, want = brute_marginals(blocks, w1)
    got_total, got = kernel_marginals(blocks, w1)
    if total <= 0.0:
        assert got_total <= 0.0
        return
    assert got_total == pytest.approx(total, rel=1e-9)
    assert list(got) == pytest.approx(want, abs=1e-9)


@pytest.mark.nojit
def test_a_line_whose_known_cells_fit_no_arrangement_has_no_weight() -> None:
    total, _ = kernel_marginals([3], [1.0, 0.0, 1.0, 0.5, 0.5])
    assert total <= 0.0


def grid_beliefs(puzzle: Puzzle, rounds: int, known: np.ndarray | None = None) -> np.ndarray:
    prep = prepare(puzzle)
    units = kernels.grid_units(puzzle.height, puzzle.width)
    val = np.full(puzzle.height * puzzle.width, -1, dtype=np.int8) if known is None else known
    return cdcl_bp.beliefs(units.span, val, units.of_cell, prep.clue_off, prep.blocks, rounds,
                           cdcl_bp.BP_DAMP)


@pytest.mark.nojit
def test_on_a_single_row_the_beliefs_are_the_exact_marginals() -> None:
    # a 1 x n board is a tree (the row and n one-cell columns), where belief propagation is
    # exact: the columns fix every cell, so the row's solution comes out
    puzzle = Puzzle.from_picture([[1, 1, 0, 1, 0, 0, 1, 1, 1]], keep_goal=False)
    b = grid_beliefs(puzzle, 3)
    assert list(np.round(b)) == [1, 1, 0, 1, 0, 0, 1, 1, 1]


@pytest.mark.nojit
def test_known_cells_keep_their_values() -> None:
    picture = (np.random.default_rng(5).random((8, 8)) < 0.5).astype(int)
    puzzle = Puzzle.from_picture(picture.tolist(), keep_goal=False)
    known = np.full(64, -1, dtype=np.int8)
    known[::3] = picture.ravel()[::3]
    b = grid_beliefs(puzzle, 5, known)
    assert list(b[::3]) == list(picture.ravel()[::3].astype(float))


def agreement(puzzle: Puzzle, rounds: int, solutions: list[naive.Picture]) -> float:
    """The share of cells on which the likelier value is that of the nearest solution."""
    guess = (grid_beliefs(puzzle, rounds) > 0.5).astype(int)
    return max(float((guess == np.array(s).ravel()).mean()) for s in solutions)


@pytest.mark.nojit
def test_passing_messages_brings_the_phases_closer_to_a_solution() -> None:
    # one round is the line densities each line sees alone (the first phases before these);
    # twenty let the rows and the columns agree: on these random boards (each with one solution,
    # from the naive counter) the likelier values are the solution's on more cells every time,
    # and on every cell of five of the seven
    exact = 0
    for seed in range(7):
        picture = (np.random.default_rng(100 + seed).random((6, 6)) < 0.5).astype(int)
        puzzle = Puzzle.from_picture(picture.tolist(), keep_goal=False)
        sols = naive.solutions(puzzle.rows, puzzle.columns, cap=2000)
        assert sols
        once = agreement(puzzle, 1, sols)
        many = agreement(puzzle, cdcl_bp.BP_ROUNDS, sols)
        assert many > once
        exact += many == 1.0
    assert exact >= 5


def test_the_search_it_steers_finds_what_the_counter_finds() -> None:
    assert enumerate_against_the_counter(7, 12, 0.4, 300) > 50
