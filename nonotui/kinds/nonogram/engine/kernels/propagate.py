"""Fuel-driven propagation (seed 003): solve units until none has anything left to give."""

from __future__ import annotations

from numba import njit

from .common import CHANGED, CONTRADICTION, REFUSED
from .dispatch import solve_line
from .state import ST_CONTRADICTIONS, ST_LINES, assign_cell

PROP_OK = 0
"""Propagation reached its fixpoint."""
PROP_CONTRADICTION = -1
"""A unit admits no arrangement."""
PROP_STOPPED = 2
"""``control[0]`` was set."""
PROP_REFUSED = -2
"""A linesolver refused its arguments (a colour puzzle, or a corrupt clue)."""


@njit(cache=True, nogil=True, inline="always")
def propagate(st):
    """Solve units until none has fuel left, lowest pending rank first, best score next.

    Every cell a linesolver changes goes on the trail and fuels the other units holding it.
    Returns ``PROP_OK`` at the fixpoint, ``PROP_CONTRADICTION``, ``PROP_STOPPED`` or
    ``PROP_REFUSED``.
    """
    # the work is done by a function that takes the arrays themselves, so that a loop calling
    # it many times (the probing round) can take them out of the record once: taking an array
    # out of the record costs two reference counts (atomic), about 190 ns for all of them
    return _propagate(st.span, st.of_cell, st.blocks, st.colors, st.clue_off, st.methods,
                      st.complete, st.score, st.cells, st.pending, st.fuel, st.trail_idx,
                      st.trail_old, st.tpos, st.linebuf, st.outbuf, st.iwork, st.stats,
                      st.control)


@njit(cache=True, nogil=True)
def _propagate(span, of_cell, blocks, colors, clue_off, methods, complete, score, cells,
               pending, fuel, trail_idx, trail_old, tpos_box, linebuf, outbuf, iwork, stats,
               control):
    """:func:`propagate` on the record's arrays (``tpos_box`` is its ``tpos``)."""
    tpos = tpos_box[0]
    n_ranks = methods.shape[0]
    n_units = pending.shape[0]
    n_links = of_cell.shape[1]
    while True:
        if control[0] != 0:
            tpos_box[0] = tpos
            return PROP_STOPPED
        best = -1
        best_rank = n_ranks
        best_score = 0.0
        for u in range(n_units):
            p = pending[u]
            if p < best_rank:
                best, best_rank = u, p
                best_score = score[u] + fuel[u]
            elif p == best_rank and p < n_ranks:
                s = score[u] + fuel[u]
                if s > best_score:
                    best, best_score = u, s
        if best < 0:
            tpos_box[0] = tpos
            return PROP_OK
        start = span[best, 0]
        stride = span[best, 1]
        n = span[best, 2]
        for i in range(n):
            linebuf[i] = cells[start + i * stride]
        a = clue_off[best]
        b = clue_off[best + 1]
        status = solve_line(methods[best_rank], blocks[a:b], colors[a:b], linebuf[:n],
                            outbuf[:n], iwork)
        stats[ST_LINES + best_rank] += 1
        fuel[best] = 0
        if status == CONTRADICTION:
            stats[ST_CONTRADICTIONS] += 1
            tpos_box[0] = tpos
            return PROP_CONTRADICTION
        if status == REFUSED:
            tpos_box[0] = tpos
            return PROP_REFUSED
        if status == CHANGED:
            for i in range(n):
                if outbuf[i] != linebuf[i]:
                    idx = start + i * stride
                    tpos = assign_cell(cells, trail_idx, trail_old, tpos, stats, idx, outbuf[i])
                    for j in range(n_links):
                        cross = of_cell[idx, j]
                        if cross != best:
                            pending[cross] = 0
                            fuel[cross] += 1
            # a line solver is idempotent and a weaker rank finds nothing after a stronger one,
            # so only the ranks above this one can still add to this unit
            pending[best] = n_ranks if complete[best_rank] else best_rank + 1
        else:
            pending[best] = best_rank + 1
