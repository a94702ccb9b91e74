"""Vivification of learned clauses and the CHB / LRB branching flags of the learning search
(``kernels.cdcl_vivify``, ``kernels.cdcl_chb``).

Every answer is checked by code that shares nothing with the engine: tests/naive_count.py lists
the solutions, and a vivified clause must hold in every one of them (a clause cut too far loses
a solution); the searches with the flags are enumerated against the counter.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from nonotui.kinds.nonogram.engine import search
from nonotui.kinds.nonogram.engine.kernels import cdcl_chb, cdcl_db, cdcl_prop, cdcl_vivify
from nonotui.kinds.nonogram.engine.kernels.cdcl_lines import N_CD_STATS
from nonotui.kinds.nonogram.engine.kernels.common import work_size
from nonotui.kinds.nonogram.engine.kernels.state import grid_units, most_blocks
from nonotui.kinds.nonogram.puzzle import Puzzle
from tests import naive_count as naive
from tests.unit.engine.test_cdcl import enumerate_against_the_counter
from tests.unit.engine.test_cdcl_heur import solved_twice

DEFAULT = 483
"""The default mode these flags were measured against (search.CDCL_MODE before them)."""


def level0(puzzle: Puzzle) -> Any:
    """The learning search's record for ``puzzle`` at level 0: every line propagated."""
    p = search.prepare(puzzle)
    stats = np.zeros(N_CD_STATS, dtype=np.int64)
    control = np.zeros(1, dtype=np.int64)
    s = cdcl_db.new_cdcl(grid_units(p.h, p.w), p.blocks, p.colors, p.clue_off,
                         work_size(max(p.h, p.w), most_blocks(p.clue_off)), stats, control)
    n_lines = p.h + p.w
    s.dirty[:] = True
    s.lq[:n_lines] = np.arange(n_lines)
    s.sc[cdcl_db.SC_LQCOUNT] = n_lines
    assert cdcl_prop.propagate(s) == cdcl_prop._OK
    return s


def holds(clause: list[int], picture: list[list[int]], w: int) -> bool:
    """Whether some literal of ``clause`` (``2 * cell + filled``) is true in ``picture``."""
    return any(picture[(lit >> 1) // w][(lit >> 1) % w] == (lit & 1) for lit in clause)


def implied_clause(rng: np.random.Generator, open_cells: list[int], sols: list[Any], w: int,
                   size: int) -> list[int]:
    """``size`` random literals of open cells, then more until every solution satisfies it."""
    cells = [int(c) for c in rng.choice(open_cells, min(size, len(open_cells)), replace=False)]
    clause = [2 * c + int(rng.integers(2)) for c in cells]
    for picture in sols:
        if not holds(clause, picture, w):
            free = [c for c in open_cells if c not in cells]
            if not free:
                return []
            c = int(rng.choice(free))
            cells.append(c)
            clause.append(2 * c + picture[c // w][c % w])
    return clause


def test_vivified_clauses_hold_in_every_solution_and_get_shorter() -> None:
    rng = np.random.default_rng(2026)
    shortened = units = 0
    kinds = set()
    for _ in range(60):
        h, w = (int(x) for x in rng.choice([5, 6, 7], 2))
        picture = (rng.random((h, w)) < rng.choice([0.4, 0.5, 0.6])).astype(int).tolist()
        rows, columns = naive.clues_of(picture)
        sols = naive.solutions(rows, columns, cap=50)
        s = level0(Puzzle(rows=rows, columns=columns))
        open_cells = [int(v) for v in np.flatnonzero(s.val < 0)]
        if len(open_cells) < 6 or len(sols) >= 50:
            continue
        kinds.add("one" if len(sols) == 1 else "several")
        clauses = []
        for _ in range(4):
            clause = implied_clause(rng, open_cells, sols, w, int(rng.integers(3, 9)))
            if len(clause) >= 2 and all(holds(clause, p, w) for p in sols):
                cdcl_db.add_clause(s, np.array(clause, dtype=np.int32), len(clause), 1,
                                   len(clause))
                clauses.append(clause)
        phase = s.phase.copy()
        result = cdcl_vivify.vivify(s, 10)
        assert s.sc[cdcl_db.SC_LEVEL] == 0 and list(s.phase) == list(phase)
        for c, old in enumerate(clauses):
            start = int(s.cl_start[c])
            new = [int(x) for x in s.lits[start:start + int(s.cl_len[c])]]
            assert set(new) <= set(old)
            # each tried once (a round stops at a unit, for the search to propagate it)
            assert int(s.cl_learnt[c]) == 2 or result == cdcl_vivify.VIV_UNIT
            # the counter's solutions: each satisfies what vivification kept
            assert all(holds(new, p, w) for p in sols), (old, new)
            shortened += len(new) < len(old)
        if result == cdcl_vivify.VIV_UNIT:
            # a clause down to one literal: that literal holds in every solution
            lit = int(s.trail[int(s.sc[cdcl_db.SC_TRAIL]) - 1])
            assert all(holds([lit], p, w) for p in sols)
            units += 1
    assert kinds == {"one", "several"} and shortened > 10 and units > 0


def test_every_learned_clause_is_vivified_once() -> None:
    s = level0(Puzzle(rows=[(1,)] * 4, columns=[(1,)] * 4))  # line solving sets no cell
    open_cells = [int(v) for v in np.flatnonzero(s.val < 0)]
    assert len(open_cells) == 16
    lits = np.array([2 * open_cells[0], 2 * open_cells[1] + 1], dtype=np.int32)
    for glue in (5, 2, 3):
        cdcl_db.add_clause(s, lits, 2, 1, glue)
    cdcl_db.add_clause(s, lits, 2, 0, 1)  # a blocking clause: never a candidate
    assert list(cdcl_vivify.candidates(s, 2)) == [1, 2]  # lowest glue first
    s.cl_learnt[1] = 2
    assert list(cdcl_vivify.candidates(s, 5)) == [2, 0]


@pytest.mark.parametrize("flags", [cdcl_vivify.MODE_VIVIFY, cdcl_chb.MODE_CHB, cdcl_chb.MODE_LRB])
def test_every_new_flag_agrees_with_the_counter(flags: int,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search, "CDCL_MODE", DEFAULT | flags)
    assert enumerate_against_the_counter(4, 20, 0.4, 300) > 100


def test_vivification_changes_a_long_search_and_its_answers_stay_right(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # random 30x30 seed 2227 needs 1,278 conflicts under mode 483 (benchmarks/cdcl_conflicts.py):
    # vivification rounds run at restarts after the first VIV_EVERY, and the search goes
    # otherwise
    seen = solved_twice(2227, (DEFAULT, DEFAULT | cdcl_vivify.MODE_VIVIFY), monkeypatch,
                        cdcl_vivify.VIV_EVERY)
    assert seen[0] != seen[1]


@pytest.mark.nojit
def test_chb_rewards_follow_the_rule() -> None:
    # the rule written out apart from the kernel: Q = (1 - a) Q + a m / (conflicts - last + 1)
    n = 4
    act = np.array([0.5, 0.1, 0.2, 0.0])
    heap = np.array([0, 2, 1, 3], dtype=np.int32)
    hpos = np.array([0, 2, 1, 3], dtype=np.int32)
    last, since, alpha = cdcl_chb.new_chb(n)
    assert alpha[0] == cdcl_chb.CHB_ALPHA_FIRST and not since.any()
    last[:] = [0, 9, 10, 0]
    sc = np.zeros(cdcl_db.N_SC, dtype=np.int64)
    trail = np.array([2 * 1 + 1, 2 * 3, 0, 0], dtype=np.int32)
    sc[cdcl_db.SC_TRAIL] = 2
    cdcl_chb.chb_update(act, heap, hpos, sc, trail, last, alpha, 0, n, 10, True)
    assert act[1] == pytest.approx(0.6 * 0.1 + 0.4 * 1.0 / 2)
    assert act[3] == pytest.approx(0.4 * 1.0 / 11)
    assert act[0] == 0.5 and act[2] == 0.2
    assert alpha[0] == pytest.approx(0.4 - cdcl_chb.CHB_ALPHA_STEP)
    # the heap stays ordered by the scores (cell 1, now 0.26, above cell 2's 0.2)
    assert heap[0] == 0 and all(hpos[heap[i]] == i for i in range(n))
    for i in range(1, n):
        assert act[heap[(i - 1) // 2]] >= act[heap[i]]
    # no conflict: the reward is scaled by CHB_MISS, alpha stays
    a = alpha[0]
    before = act[3]
    cdcl_chb.chb_update(act, heap, hpos, sc, trail, last, alpha, 1, n, 10, False)
    assert act[3] == pytest.approx((1 - a) * before + a * cdcl_chb.CHB_MISS / 11)
    assert alpha[0] == a


@pytest.mark.nojit
def test_lrb_rewards_follow_the_rule() -> None:
    # the rule written out apart from the kernel: at unassignment Q = (1 - a) Q + a p / i (p the
    # analyses the cell took part in, i the conflicts it stayed assigned; none: no reward); after
    # a conflict every score in the heap times LRB_DECAY
    s = level0(Puzzle(rows=[(1,)] * 4, columns=[(1,)] * 4))  # line solving sets no cell
    last, since, alpha = cdcl_chb.new_chb(16)
    s.act[:] = 0.5
    for v in (5, 6, 7):
        cdcl_db.heap_insert(s, v)
    s.trail[:3] = [2 * 1 + 1, 2 * 2, 2 * 3 + 1]
    s.sc[cdcl_db.SC_TRAIL] = 3
    cdcl_chb.lrb_assigned(s, last, since, 1, 7)  # cells 2 and 3 assigned at conflict 7
    assert list(since[:4]) == [0, 0, 7, 7] and not last.any()
    last[1], last[2], last[3] = 4, 2, 0
    since[1] = 2
    cdcl_chb.lrb_unassign(s, 0, last, since, alpha, 10)
    assert s.act[1] == pytest.approx(0.6 * 0.5 + 0.4 * 4 / 8)
    assert s.act[2] == pytest.approx(0.6 * 0.5 + 0.4 * 2 / 3)
    assert s.act[3] == pytest.approx(0.6 * 0.5)
    since[4] = 10
    s.trail[0] = 2 * 4
    s.sc[cdcl_db.SC_TRAIL] = 1
    cdcl_chb.lrb_unassign(s, 0, last, since, alpha, 10)
    assert s.act[4] == 0.5  # assigned for no conflict: no reward
    cdcl_chb.lrb_after_conflict(s, alpha)
    assert [s.act[v] for v in (4, 5, 6, 7)] == [0.5] + [pytest.approx(0.5 * 0.95)] * 3
    assert alpha[0] == pytest.approx(cdcl_chb.CHB_ALPHA_FIRST - cdcl_chb.CHB_ALPHA_STEP)


@pytest.mark.nojit
def test_density_phases_follow_the_lines_as_they_stand() -> None:
    # cdcl_heur's mode 262144, by hand: rows (1), (1) and columns (1), (1) on 2x2; with cell 0
    # filled, cell 1 (its row's other cell) is empty in every arrangement of its row and in half
    # of its column's: empty; cell 3 is half and half in both lines: the fallback
    from nonotui.kinds.nonogram.engine.kernels import cdcl_heur as heur

    s = level0(Puzzle(rows=[(1,), (1,)], columns=[(1,), (1,)]))
    pre, suf, prob = heur.new_density(s)
    assert [heur.density_phase(s, v, pre, suf, prob, 7) for v in range(4)] == [7] * 4
    s.val[0] = 1
    assert heur.density_phase(s, 1, pre, suf, prob, 7) == 0
    assert heur.density_phase(s, 2, pre, suf, prob, 7) == 0
    assert heur.density_phase(s, 3, pre, suf, prob, 7) == 7
    s.val[0] = 0  # cell 0 empty: cells 1 and 2 filled
    assert heur.density_phase(s, 1, pre, suf, prob, 7) == 1
    assert heur.density_phase(s, 2, pre, suf, prob, 7) == 1
