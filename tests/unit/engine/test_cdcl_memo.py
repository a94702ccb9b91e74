"""The explanations' memo in the learning search (``kernels.cdcl_lines.explain``): it saves
leftmost placements and changes nothing else.

Checked against code that shares nothing with the engine: tests/oracle.py's ``arrangements``
lists every arrangement of a clue on a line, so a witness must be one of them, a core must fit
none, and an explanation must leave the forced cell with no arrangement taking its other value.
The whole search is compared with the memo off (the same kernel on a record whose memo has no
slots, :func:`search_without_memo`): every count but the placements must be the same.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest
from numba import njit

from nonotui.kinds.nonogram.engine import _kernels as kernels
from nonotui.kinds.nonogram.engine import packed, search
from nonotui.kinds.nonogram.engine._kernels import cdcl, cdcl_db
from nonotui.kinds.nonogram.engine._kernels.cdcl_db import MEMO, N_SC
from nonotui.kinds.nonogram.engine._kernels.cdcl_lines import explain
from nonotui.kinds.nonogram.engine._kernels.common import work_size
from nonotui.kinds.nonogram.engine._kernels.state import grid_units, most_blocks
from nonotui.kinds.nonogram.puzzle import Puzzle
from nonotui.model import CELL_DTYPE, CLUE_DTYPE
from tests import oracle
from tests.conftest import KERNEL_INTERNALS

# kernels only tests call are compiled here: once, on one worker (tests/conftest.py)
pytestmark = pytest.mark.xdist_group(KERNEL_INTERNALS)

LineState = tuple[np.ndarray, np.ndarray, list[int], list[tuple[int, ...]]]
"""A line's state in :func:`seeded_lines`: known cells, trail positions, forced cells, fitting
arrangements."""


@njit
def search_without_memo(h: int, w: int, blocks: np.ndarray, colors: np.ndarray,
                        clue_off: np.ndarray, cells: np.ndarray, max_solutions: int,
                        solutions: np.ndarray, control: np.ndarray, stats: np.ndarray,
                        mode: int) -> tuple[int, int]:
    """``kernels.cdcl_grid`` (``cdcl.cdcl`` on the grid's units) with no memo slots."""
    units = grid_units(h, w)
    longest = 0
    for u in range(units.span.shape[0]):
        longest = max(longest, units.span[u, 2])
    own = cdcl_db.new_cdcl(units, blocks, colors, clue_off,
                           work_size(longest, most_blocks(clue_off)), stats, control, 0)
    return cdcl._search(own, cdcl_db.borrowed(own), cells, max_solutions, solutions, control,
                        stats, mode)


def run_kernel(puzzle: Puzzle, memo: bool) -> tuple[int, int, np.ndarray, np.ndarray]:
    """The learning search's kernel as ``solve(strategy="cdcl")`` calls it, or the same search
    without the memo."""
    p = packed.prepare(puzzle)
    cells = np.full(p.h * p.w, 3, dtype=CELL_DTYPE)
    solutions = np.zeros((2, p.h * p.w), dtype=CELL_DTYPE)
    stats = np.zeros(kernels.N_CD_STATS, dtype=np.int64)
    control = np.zeros(1, dtype=np.int64)
    run = kernels.cdcl_grid if memo else search_without_memo
    status, found = run(p.h, p.w, p.blocks, p.colors, p.clue_off, cells, 2, solutions, control,
                        stats, search.CDCL_PLAIN)
    return status, found, solutions[:found].copy(), stats


def seeded_lines(rng: np.random.Generator, lines: int, states: int) -> Iterator[
        tuple[list[int], int, list[tuple[int, ...]], Iterator[LineState]]]:
    """``lines`` seeded random lines of 8 to 15 cells: each one's clue, length, every arrangement
    (by the oracle) and ``states`` random states of its cells, each drawn when it is reached:
    the known cells (-1 unknown), a trail position per cell, the unknown cells the known ones
    force, and the arrangements that fit."""
    for _ in range(lines):
        n = int(rng.integers(8, 16))
        picture = [int(x) for x in (rng.random(n) < 0.55)]
        clue = oracle.runs(picture)
        arrangements = oracle.arrangements(clue, n)
        yield clue, n, arrangements, _states(rng, picture, arrangements, states)


def _states(rng: np.random.Generator, picture: list[int], arrangements: list[tuple[int, ...]],
            count: int) -> Iterator[LineState]:
    n = len(picture)
    for _ in range(count):
        known = rng.random(n) < rng.uniform(0.2, 0.8)
        val = np.array([picture[i] if known[i] else -1 for i in range(n)], dtype=np.int8)
        tpos = rng.permutation(n).astype(np.int32)
        f, e = as_mask(list(val), 1), as_mask(list(val), 0)
        fitting = [a for a in arrangements if fits(a, f, e)]
        forced = [i for i in range(n) if val[i] < 0 and len({a[i] for a in fitting}) == 1]
        yield val, tpos, forced, fitting


@pytest.mark.parametrize("size, seeds", [(25, (0, 4, 17, 20)), (30, (28, 41, 85, 99))])
def test_the_memo_leaves_the_search_unchanged(size: int, seeds: tuple[int, ...]) -> None:
    # the same conflicts, decisions, lines solved, solutions: only placements are saved (seeds
    # whose search needs conflicts: belief propagation's phases decide most random puzzles
    # without one, and then the explanations have no work)
    placements = {True: 0, False: 0}
    conflicts = 0
    for seed in seeds:
        picture = (np.random.default_rng(seed).random((size, size)) < 0.5).astype(int)
        puzzle = Puzzle.from_picture(picture.tolist(), keep_goal=False)
        got = {}
        for memo in (True, False):
            got[memo] = run_kernel(puzzle, memo)
            placements[memo] += int(got[memo][3][kernels.CD_EXPLAIN_LINES])
        (s1, f1, sol1, st1), (s2, f2, sol2, st2) = got[True], got[False]
        assert (s1, f1) == (s2, f2)
        assert np.array_equal(sol1, sol2)
        keep = np.arange(kernels.N_CD_STATS) != kernels.CD_EXPLAIN_LINES
        assert np.array_equal(st1[keep], st2[keep]), seed
        conflicts += int(st1[kernels.CD_CONFLICTS])
    assert conflicts > 100  # the sample makes the explanations work
    assert placements[True] < placements[False]


def as_mask(cells: list[int], value: int) -> int:
    return sum(1 << i for i, x in enumerate(cells) if x == value)


def fits(filling: tuple[int, ...], f: int, e: int) -> bool:
    """Whether an arrangement (1 filled, 0 empty per cell) agrees with the known cells."""
    return all(not (f >> i) & 1 or x == 1 for i, x in enumerate(filling)) and all(
        not (e >> i) & 1 or x == 0 for i, x in enumerate(filling))


class Line:
    """One line as the learning search's record holds it, for calling ``explain`` directly."""

    def __init__(self, clue: tuple[int, ...], n: int, memo: int) -> None:
        self.n = n
        self.clue = clue
        self.span = np.array([[0, 1, n]], dtype=np.int64)
        self.blocks = np.array(clue, dtype=CLUE_DTYPE)
        self.clue_off = np.array([0, len(clue)], dtype=CLUE_DTYPE)
        self.sc = np.zeros(N_SC, dtype=np.int64)
        self.exline = np.zeros(n, dtype=np.uint32)
        self.cand = np.zeros(n, dtype=np.int32)
        self.iwork = np.zeros(work_size(n, max(len(clue), 1)), dtype=np.int32)
        self.stats = np.zeros(kernels.N_CD_STATS, dtype=np.int64)
        self.pool = np.zeros(64 * n, dtype=np.int32)
        self.ex_len = np.full(n, -1, dtype=np.int32)
        self.memo = np.zeros((1, 3 * memo + 2), dtype=np.uint64)

    def explain(self, v: int, val: np.ndarray, tpos: np.ndarray) -> list[int]:
        """The explanation's literals, sorted."""
        start, k = explain(0, v, self.n + 1, self.span, val, tpos, self.sc, self.exline,
                           self.cand, self.clue_off, self.blocks, self.iwork, self.stats,
                           self.pool, self.ex_len, self.memo)
        return sorted(int(x) for x in self.pool[start:start + k])


@pytest.mark.nojit
def test_memo_explanations_equal_fresh_ones_and_its_entries_are_true() -> None:
    # explanations of one line in many states, with a memo that fills up across them and with
    # none: the same literals; each one forces its cell (by the oracle); every witness the memo
    # holds is an arrangement of the clue and every core fits none
    rng = np.random.default_rng(1414)
    asked = answered = 0
    for clue, n, arrangements, states in seeded_lines(rng, 12, 40):
        with_memo, fresh = Line(clue, n, MEMO), Line(clue, n, 0)
        for val, tpos, forced, fitting in states:
            for v in forced:
                val[v] = fitting[0][v]  # the line forced it: known now, from this line
                got = with_memo.explain(v, val, tpos)
                assert got == fresh.explain(v, val, tpos)
                # the literals are the kept cells made false: cell i filled gives 2i
                kept_f = sum(1 << (x >> 1) for x in got if (x & 1) == 0)
                kept_e = sum(1 << (x >> 1) for x in got if (x & 1) == 1)
                other = 1 - int(val[v])
                assert not any(fits(a, kept_f, kept_e) and a[v] == other for a in arrangements)
                val[v] = -1
        asked += int(fresh.stats[kernels.CD_EXPLAIN_LINES])
        answered += int(fresh.stats[kernels.CD_EXPLAIN_LINES]
                        - with_memo.stats[kernels.CD_EXPLAIN_LINES])
        memo = with_memo.memo[0]
        witnesses = [int(w) for w in memo[:min(int(memo[3 * MEMO]), MEMO)]]
        cores = [(int(memo[MEMO + c]), int(memo[2 * MEMO + c]))
                 for c in range(min(int(memo[3 * MEMO + 1]), MEMO))]
        masks = {as_mask(list(a), 1) for a in arrangements}
        assert all(w in masks for w in witnesses)
        assert all(not any(fits(a, cf, ce) for a in arrangements) for cf, ce in cores)
        assert witnesses and cores
    assert 0 < answered < asked  # the memo answered some tests, not all


def reference_explanation(clue: tuple[int, ...], n: int, v: int, val: np.ndarray,
                          tpos: np.ndarray) -> list[int]:
    """``explain``'s result by its rule, feasibility by the oracle's arrangements: the known
    cells, latest on the trail first, are dropped in chunks of 2, 4, 8... while the line keeps
    forcing ``v``; a failing chunk is retried in halves and a failing single cell is kept."""
    arrangements = oracle.arrangements(clue, n)
    known = {i: int(val[i]) for i in range(n) if i != v and val[i] >= 0}
    order = sorted(known, key=lambda i: -int(tpos[i]))

    def forces(cells: dict[int, int]) -> bool:
        other = 1 - int(val[v])
        return not any(a[v] == other and all(a[i] == x for i, x in cells.items())
                       for a in arrangements)

    j, size = 0, 2
    while j < len(order):
        chunk = order[j:j + size]
        trial = {i: x for i, x in known.items() if i not in chunk}
        if forces(trial):
            known = trial
            j += len(chunk)
            size *= 2
        elif size == 1:
            j += 1
        else:
            size //= 2
    return sorted(2 * i + (1 - x) for i, x in known.items())


@pytest.mark.nojit
def test_explanations_drop_the_latest_cells_first() -> None:
    # the exact explanation, not only a true one: the candidates are ordered by trail position,
    # latest first (the search's learned clauses depend on this order)
    rng = np.random.default_rng(2024)
    checked = 0
    for clue, n, _, states in seeded_lines(rng, 10, 30):
        line = Line(clue, n, MEMO)
        for val, tpos, forced, fitting in states:
            for v in forced:
                val[v] = fitting[0][v]
                assert line.explain(v, val, tpos) == reference_explanation(clue, n, v, val, tpos)
                val[v] = -1
                checked += 1
    assert checked > 50
