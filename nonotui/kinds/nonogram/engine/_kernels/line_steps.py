"""The solver's propagation, one line step at a time, for auto-solve to show.

:func:`propagate_steps` is the whole-puzzle solver's propagation (``_propagate`` in
:mod:`.propagate`, which :func:`~.search.search` runs before any probe or guess) with a record
of every line solve that changed cells: the same choice of the next line (lowest pending rank of
the linesolver stack, then the highest seed score plus fuel, then the lowest line number), the
same linesolvers (:func:`~.dispatch.solve_line`), the same bookkeeping of ranks and fuel. It
lives in its own module so that the search kernel stays as it is; a test holds the two together
(the solves each linesolver makes are counted by both, and must match).

Numbering as in :mod:`.propagate`: cells flat, row-major; lines rows first, then columns.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .common import CHANGED, CONTRADICTION, REFUSED, work_size
from .dispatch import solve_line

DONE = 0
"""Propagation reached its fixpoint."""
BROKEN = -1
"""A line had no arrangement left (the board has no solution)."""
REFUSED_STEPS = -2
"""A linesolver refused its arguments."""
FULL = -3
"""The step arrays are full. In black and white a cell changes once, so ``h*w`` rows always
do; a colour cell may lose its values one at a time, up to one change per value it starts with
beyond the last (give the arrays ``h*w*colours`` rows)."""


@njit(cache=True, nogil=True)
def propagate_steps(h, w, blocks, colors, clue_off, methods, complete, score, cells, step_line,
                    step_rank, step_end, step_cell, step_value, solves):
    """Propagate ``cells`` (flat ``uint32``, changed in place) to the fixpoint, recording steps.

    Args:
        methods, complete: The stack's method ids and whether each linesolver is complete.
        score: Seed 003's score per line (as
            :func:`~nonotui.kinds.nonogram.engine.search.prepare` packs it).
        step_line, step_rank, step_end: ``int64[h*w]``: per step that changed cells, its line,
            the rank of the linesolver that did it, and the end of its cells in ``step_cell``.
        step_cell, step_value: ``int64[h*w]`` and ``uint32[h*w]``: the cells each step changed
            (in order along the line) and their new values. On a colour board a cell may change
            more than once: see :data:`FULL`.
        solves: ``int64[len(methods)]``, the line solves each rank made, changed or not.

    Returns:
        ``(status, steps)``: :data:`DONE`, :data:`BROKEN`, :data:`REFUSED_STEPS` or
        :data:`FULL`, and how many steps were recorded.
    """
    n_ranks = methods.shape[0]
    n_lines = h + w
    longest = h if h > w else w
    most_blocks = 0
    for line in range(n_lines):
        k = clue_off[line + 1] - clue_off[line]
        if k > most_blocks:
            most_blocks = k
    linebuf = np.empty(longest, dtype=np.uint32)
    outbuf = np.empty(longest, dtype=np.uint32)
    iwork = np.empty(work_size(longest, most_blocks), dtype=np.int32)
    pending = np.zeros(n_lines, dtype=np.int32)
    fuel = np.zeros(n_lines, dtype=np.int32)
    for r in range(n_ranks):
        solves[r] = 0
    steps = 0
    used = 0
    while True:
        best = -1
        best_rank = n_ranks
        best_score = 0.0
        for line in range(n_lines):
            p = pending[line]
            if p < best_rank:
                best, best_rank = line, p
                best_score = score[line] + fuel[line]
            elif p == best_rank and p < n_ranks:
                s = score[line] + fuel[line]
                if s > best_score:
                    best, best_score = line, s
        if best < 0:
            return DONE, steps
        if best < h:
            start, stride, n = best * w, 1, w
        else:
            start, stride, n = best - h, w, h
        for i in range(n):
            linebuf[i] = cells[start + i * stride]
        a = clue_off[best]
        b = clue_off[best + 1]
        status = solve_line(np.int32(methods[best_rank]), blocks[a:b], colors[a:b], linebuf[:n],
                            outbuf[:n], iwork)
        solves[best_rank] += 1
        fuel[best] = 0
        if status == CONTRADICTION:
            return BROKEN, steps
        if status == REFUSED:
            return REFUSED_STEPS, steps
        if status == CHANGED:
            if steps >= step_line.shape[0]:
                return FULL, steps
            for i in range(n):
                if outbuf[i] != linebuf[i]:
                    if used >= step_cell.shape[0]:
                        return FULL, steps
                    idx = start + i * stride
                    cells[idx] = outbuf[i]
                    step_cell[used] = idx
                    step_value[used] = outbuf[i]
                    used += 1
                    cross = h + i if best < h else i
                    pending[cross] = 0
                    fuel[cross] += 1
            step_line[steps] = best
            step_rank[steps] = best_rank
            step_end[steps] = used
            steps += 1
            pending[best] = n_ranks if complete[best_rank] else best_rank + 1
        else:
            pending[best] = best_rank + 1
