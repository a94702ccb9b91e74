"""The search's probing round: every open cell tried with each value, and the branching choice.

A value whose probe leads to a contradiction is removed; cells on which every value's probe
agrees are set; meanwhile each cell is scored for branching from the cells its probes set.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from .common import borrow, popcount, single
from .propagate import (
    PROP_CONTRADICTION,
    PROP_OK,
    PROP_REFUSED,
    PROP_STOPPED,
    _propagate,
    propagate,
)
from .state import (
    ST_DECIDED,
    ST_GUESSES,
    ST_PROBES,
    ST_SOLUTIONS,
    assign,
    assign_cell,
    fuel_cell,
    fuel_units,
    settle,
    settle_units,
    undo_cells,
)

OPT_SCORE = 0
OPT_ORDER = 1
OPT_MEMO = 2
OPT_NEAR = 3
OPT_GUESS_BUDGET = 4
OPT_PROBE_BUDGET = 5
OPT_FIRST_PROBES = 6
OPT_SETTLED = 7
N_OPTIONS = 8
"""Indices into the search options: the branching score (see :func:`branch_score`), which value
of the branching cell goes first (0: the one whose probe set more cells), whether probes are
skipped for cells whose lines did not change since they were probed, whether only cells next to
a decided cell or the edge are probed, the most guesses allowed (0: no limit), the most
probes allowed after the first guess before the next one (0: no limit), how many probes
may set no cell before the first guess, when none before them did (0: no limit; reaching it ends
the round with ``ROUND_IDLE``), and whether the starting cells are already propagation's
fixpoint (the line pass, :func:`~.search.propagate_grid`, reached it), so that the search
starts without propagating."""

SCORE_WU = 0
SCORE_PRODUCT = 1
SCORE_FAIL_FIRST = 2
"""Branching scores (``options[OPT_SCORE]``); the open cell with the highest score is branched
on."""

ROUND_BRANCH = 0
"""Probing learnt nothing: branch on the cell it chose."""
ROUND_PROGRESS = 1
"""Probing set cells and propagated them without a contradiction."""
ROUND_FAILED = 2
"""The state has no solution (a cell lost every value, or propagation broke a unit)."""
ROUND_LIMIT = 3
"""Probing found the last solution asked for."""
ROUND_STOPPED = 4
"""``control[0]`` was set."""
ROUND_REFUSED = 5
"""A linesolver refused its arguments."""
ROUND_IDLE = 6
"""Before the first guess, the first ``options[OPT_FIRST_PROBES]`` probes set no cell: probing
does not pay on this puzzle (the search hands it over)."""


class Probing(NamedTuple):
    """What the probing rounds keep between cells and between rounds, as one record."""

    probe_val: np.ndarray
    """``uint32[n_cells]``: the value the first probe of the cell being probed gave each cell."""
    probe_stamp: np.ndarray
    """``int64[n_cells]``: which probe last wrote ``probe_val`` (see ``stamp``)."""
    agreed: np.ndarray
    """``int64[n_cells]``: the cells every probe of the current cell set alike."""
    unit_hash: np.ndarray
    """``uint64[n_units]``: a hash of each unit's cells at the start of the round."""
    probed: np.ndarray
    """``uint64[n_cells, m]``: the hashes of the cell's units when it was last probed."""
    memo_first: np.ndarray
    memo_second: np.ndarray
    memo_bit: np.ndarray
    """The cell's last probe scores and first value (0: none kept)."""
    stamp: np.ndarray
    """``int64[1]``: a counter that tells one probe's marks from the next."""
    solutions: np.ndarray
    """``(max_solutions, n_cells)``: the solutions found."""
    found: np.ndarray
    """``int64[1]``: how many there are."""
    settled: np.ndarray
    """``int64[1]``: 1 once probing has set a cell."""
    active: np.ndarray
    listed: np.ndarray
    """``int64[n_units]``, ``bool[n_units]`` (all false): propagation's list of units with work
    left (see :func:`~.propagate._propagate`), for every probe of every round. Kept here, not
    allocated per round, so that the search's borrowed view of this record counts no references
    on them: counting them was 15 % of MLP's compiled-code samples."""


@njit(cache=True, nogil=True)
def new_probing(st, solutions):
    """The probing record for the board of propagation record ``st``."""
    n_cells = st.cells.shape[0]
    return Probing(
        np.zeros(n_cells, dtype=np.uint32),
        np.zeros(n_cells, dtype=np.int64),
        np.empty(n_cells, dtype=np.int64),
        np.zeros(st.span.shape[0], dtype=np.uint64),
        np.zeros(st.of_cell.shape, dtype=np.uint64),
        np.zeros(n_cells, dtype=np.int64),
        np.zeros(n_cells, dtype=np.int64),
        np.zeros(n_cells, dtype=np.uint32),
        np.zeros(1, dtype=np.int64),
        solutions,
        np.zeros(1, dtype=np.int64),
        np.zeros(1, dtype=np.int64),
        np.empty(st.span.shape[0], dtype=np.int64),
        np.zeros(st.span.shape[0], dtype=np.bool_),
    )


@njit(cache=True, nogil=True)
def borrowed_probing(pr):
    """Record ``pr`` with every array a :func:`~.common.borrow` view (see
    :func:`~.state.borrowed_prop`)."""
    return Probing(
        borrow(pr.probe_val), borrow(pr.probe_stamp), borrow(pr.agreed), borrow(pr.unit_hash),
        borrow(pr.probed), borrow(pr.memo_first), borrow(pr.memo_second), borrow(pr.memo_bit),
        borrow(pr.stamp), borrow(pr.solutions), borrow(pr.found), borrow(pr.settled),
        borrow(pr.active), borrow(pr.listed),
    )


@njit(cache=True, nogil=True, inline="always")
def record_solution(st, pr):
    """Copy the solved board into the solutions; returns how many there are now."""
    n = pr.found[0]
    pr.solutions[n, :] = st.cells
    n += 1
    pr.found[0] = n
    st.stats[ST_SOLUTIONS] = n
    return n


@njit(cache=True, nogil=True, inline="always")
def near_decided(cells, span, of_cell, at, idx):
    """Whether a cell is at the end of one of its units or next to a decided cell in one: where
    probes tend to find something."""
    for j in range(of_cell.shape[1]):
        i = at[idx, j]
        if i == 0 or i == span[of_cell[idx, j], 2] - 1:
            return True
    for j in range(of_cell.shape[1]):
        stride = span[of_cell[idx, j], 1]
        if single(cells[idx - stride]) or single(cells[idx + stride]):
            return True
    return False


@njit(cache=True, nogil=True)
def unit_hashes(st, out):
    """A hash of every unit's cells, to tell which units changed since a cell was probed."""
    span = st.span
    cells = st.cells
    for u in range(span.shape[0]):
        start = span[u, 0]
        stride = span[u, 1]
        acc = np.uint64(1469598103934665603)
        for i in range(span[u, 2]):
            acc = (acc ^ np.uint64(cells[start + i * stride])) * np.uint64(1099511628211)
        out[u] = acc | np.uint64(1)


@njit(cache=True, nogil=True)
def branch_score(n_a, n_b, mode):
    """How good a cell is to branch on, from the cells its two probes set (``n_a``, ``n_b``).

    ``SCORE_WU``: Wu et al.'s ``min + 1.85 ln(1 + |difference|)``, which favours cells where both
    values determine much; it finds solutions of random puzzles fast. ``SCORE_PRODUCT``: the
    product, as lookahead SAT solvers use. ``SCORE_FAIL_FIRST``: the opposite, the cell whose
    weaker value sets the fewest cells, which keeps the search local and proves puzzles such as
    webpbn #6574 unique with far fewer guesses (measured in benchmarks/solve.py).
    """
    lo = n_a if n_a < n_b else n_b
    if mode == SCORE_PRODUCT:
        return (n_a + 1.0) * (n_b + 1.0)
    if mode == SCORE_FAIL_FIRST:
        return -float(lo)
    return lo + 1.85 * np.log(1.0 + abs(n_a - n_b))


@njit(cache=True, nogil=True)
def consider(idx, n_a, n_b, a_bit, cur, options, best_score, best_idx, best_bit):
    """Compare cell ``idx``, whose probes of value ``a_bit`` and of the rest set ``n_a`` and
    ``n_b`` cells, with the best branching cell so far; returns the best score, cell and value."""
    s = branch_score(n_a, n_b, options[OPT_SCORE])
    if s <= best_score:
        return best_score, best_idx, best_bit
    if options[OPT_ORDER] == 0:
        # explore first the value whose probe determined more cells
        take_a = n_a >= n_b
    else:
        take_a = n_a < n_b
    return s, idx, (a_bit if take_a else (cur & ~a_bit))


@njit(cache=True, nogil=True, inline="always")
def memo_fresh(of_cell, unit_hash, probed, idx):
    """Whether no unit holding cell ``idx`` changed since it was probed; if some did, the current
    hashes are kept for the probe about to be made."""
    fresh = True
    for j in range(of_cell.shape[1]):
        if probed[idx, j] != unit_hash[of_cell[idx, j]]:
            fresh = False
    if not fresh:
        for j in range(of_cell.shape[1]):
            probed[idx, j] = unit_hash[of_cell[idx, j]]
    return fresh


@njit(cache=True, nogil=True, inline="always")
def _after_propagate(st, prop):
    """The round's outcome after cells it learnt were propagated, or -1 to go on probing."""
    if prop == PROP_STOPPED:
        return ROUND_STOPPED
    if prop == PROP_REFUSED:
        return ROUND_REFUSED
    if prop != PROP_OK:
        return ROUND_FAILED
    if st.stats[ST_DECIDED] == st.cells.shape[0]:
        return ROUND_PROGRESS
    return -1


@njit(cache=True, nogil=True)
def probe_round(st, pr, options, max_solutions):
    """Probe every open cell with each of its values, from a propagation fixpoint.

    Returns ``(ROUND_*, branching cell, its first value)``; the cell is -1 unless the outcome
    is ``ROUND_BRANCH``.
    """
    settle(st)
    # the records' arrays, once: reading a field in the loop would cost a reference count each
    cells = st.cells
    span = st.span
    of_cell = st.of_cell
    at = st.at
    stats = st.stats
    control = st.control
    trail_idx = st.trail_idx
    # and the rest of the propagation's, for the call made for every probe below
    blocks = st.blocks
    colors = st.colors
    clue_off = st.clue_off
    methods = st.methods
    complete = st.complete
    score = st.score
    pending = st.pending
    fuel = st.fuel
    trail_old = st.trail_old
    tpos_box = st.tpos
    linebuf = st.linebuf
    outbuf = st.outbuf
    iwork = st.iwork
    ltag = st.ltag
    lcache = st.lcache
    lkey = st.lkey
    floor = st.floor
    probe_val = pr.probe_val
    probe_stamp = pr.probe_stamp
    agreed = pr.agreed
    unit_hash = pr.unit_hash
    probed = pr.probed
    memo_first = pr.memo_first
    memo_second = pr.memo_second
    memo_bit = pr.memo_bit
    n_cells = cells.shape[0]
    n_ranks = methods.shape[0]
    # propagation's list of units with work left, for every probe
    active = pr.active
    listed = pr.listed
    stamp = pr.stamp[0]  # kept in the record too, for the next round
    progress = False
    best_idx = -1
    best_bit = np.uint32(0)
    best_score = -np.inf
    memo = options[OPT_MEMO] == 1
    if memo:
        unit_hashes(st, unit_hash)
    # before the first guess, probing whose first probes set nothing is given up (a count, not
    # a clock: every run stops at the same probe)
    first = options[OPT_FIRST_PROBES] if stats[ST_GUESSES] == 0 else 0
    settled = pr.settled
    for idx in range(n_cells):
        cur = cells[idx]
        if single(cur):
            continue
        if control[0] != 0:
            return ROUND_STOPPED, -1, best_bit
        if first > 0 and settled[0] == 0 and stats[ST_PROBES] >= first:
            return ROUND_IDLE, -1, best_bit
        if options[OPT_NEAR] == 1 and not near_decided(cells, span, of_cell, at, idx):
            continue
        if memo:
            fb = memo_bit[idx]
            if memo_fresh(of_cell, unit_hash, probed, idx) and (fb & cur) != 0 and fb != cur:
                # nothing in this cell's units changed since it was probed: reuse
                best_score, best_idx, best_bit = consider(
                    idx, memo_first[idx], memo_second[idx], fb, cur, options, best_score,
                    best_idx, best_bit)
                continue
        forced = np.uint32(0)
        n_first = 0
        n_second = 0
        first_bit = np.uint32(0)
        n_agreed = 0
        probes_done = 0
        bit = np.uint32(1)
        while bit <= cur:
            if cur & bit:
                stats[ST_PROBES] += 1
                mark = tpos_box[0]
                tpos_box[0] = assign_cell(cells, trail_idx, trail_old, mark, stats, idx, bit)
                fuel_units(of_cell, pending, fuel, idx)
                # propagate(st), on the arrays taken out of the record once: taking them out
                # for every probe costs two reference counts each (about 190 ns a call)
                prop = _propagate(span, of_cell, blocks, colors, clue_off, methods, complete,
                                  score, cells, pending, fuel, trail_idx, trail_old, tpos_box,
                                  linebuf, outbuf, iwork, stats, control, ltag, lcache,
                                  lkey, floor, active, listed)
                tpos = tpos_box[0]
                changed = tpos - mark
                exhausted = False
                if prop == PROP_OK and stats[ST_DECIDED] == n_cells:
                    # the probe solved the puzzle: that is the one solution with this value
                    # here, so the value's whole subtree is explored already
                    if record_solution(st, pr) >= max_solutions:
                        return ROUND_LIMIT, -1, best_bit
                    exhausted = True
                elif prop == PROP_OK:
                    if probes_done == 0:
                        stamp += 1
                        for t in range(mark, tpos):
                            j = trail_idx[t]
                            probe_stamp[j] = stamp
                            probe_val[j] = cells[j]
                        n_first = changed
                        first_bit = bit
                    else:
                        # keep only the cells this probe set as every earlier one did
                        n_keep = 0
                        for t in range(mark, tpos):
                            j = trail_idx[t]
                            if probe_stamp[j] == stamp and probe_val[j] == cells[j]:
                                probe_stamp[j] = stamp + 1
                                agreed[n_keep] = j
                                n_keep += 1
                        stamp += 1
                        n_agreed = n_keep
                        n_second = changed
                    pr.stamp[0] = stamp
                    probes_done += 1
                undo_cells(cells, trail_idx, trail_old, tpos_box, stats, mark)
                settle_units(pending, fuel, n_ranks)
                if prop == PROP_STOPPED or prop == PROP_REFUSED:
                    return ROUND_STOPPED if prop == PROP_STOPPED else ROUND_REFUSED, -1, best_bit
                if prop == PROP_CONTRADICTION or exhausted:
                    forced |= bit
            bit <<= 1
        memo_first[idx] = n_first
        memo_second[idx] = n_second
        memo_bit[idx] = first_bit if probes_done >= 2 else 0
        if forced:
            # values that led to a contradiction, or whose only solution was recorded, are
            # removed, then the rest is propagated
            progress = True
            settled[0] = 1
            left = cur & ~forced
            if left == 0:
                return ROUND_FAILED, -1, best_bit
            assign(st, idx, left)
            fuel_cell(st, idx)
            outcome = _after_propagate(st, propagate(st))
            if outcome >= 0:
                return outcome, -1, best_bit
            continue
        if probes_done >= 2 and n_agreed > 0 and probes_done == popcount(cur):
            # every value of this cell sets these cells alike: they hold in every solution;
            # the last probe listed them in agreed[:n_agreed], in trail order
            count = 0
            for t in range(n_agreed):
                j = agreed[t]
                if not single(cells[j]) and j != idx:
                    agreed[count] = j
                    count += 1
            if count > 0:
                progress = True
                settled[0] = 1
                for t in range(count):
                    j = agreed[t]
                    assign(st, j, probe_val[j])
                    fuel_cell(st, j)
                outcome = _after_propagate(st, propagate(st))
                if outcome >= 0:
                    return outcome, -1, best_bit
                continue
        best_score, best_idx, best_bit = consider(
            idx, n_first, n_second, first_bit, cur, options, best_score, best_idx, best_bit)
    if progress:
        return ROUND_PROGRESS, -1, best_bit
    return ROUND_BRANCH, best_idx, best_bit
