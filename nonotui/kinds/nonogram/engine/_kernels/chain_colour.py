"""Probing a colour board for hints: every value of every open cell, cut short after a few lines.

A colour cell is decided by contradiction when assuming each of its values but one breaks a line.
:func:`probe_colour_all` tries them all in one compiled loop, each with the line solves of
:func:`~.chain.probe_chain` (fcomp, first in, first out, from the cell's row and column), but
stops a probe after ``cap`` solves and a cell after its second value that did not break: hints
look for short chains, and a cell with two values left is not decided. The caller raises the cap
until some cell is decided (:func:`~nonotui.kinds.nonogram.engine.colour_hints.shortest_colour_probe`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .common import CHANGED, CONTRADICTION, FCOMP, REFUSED, work_size
from .dispatch import solve_line
from .state import grid_units, longest_unit, most_blocks


@njit(cache=True, nogil=True)
def probe_colour_all(h, w, blocks, colors, clue_off, cells, cap, steps):
    """For each open cell ``idx`` and value bit ``b`` it allows, ``steps[idx, b]`` is how many
    line solves its probe made until a line broke, 0 when none broke within ``cap`` (or the
    probe was skipped: the cell had two values that did not break already). Row-major cells,
    lines rows first."""
    units = grid_units(h, w)
    span = units.span
    of_cell = units.of_cell
    n = cells.shape[0]
    n_units = span.shape[0]
    size = longest_unit(span)
    linebuf = np.empty(size, dtype=cells.dtype)
    outbuf = np.empty(size, dtype=cells.dtype)
    iwork = np.empty(work_size(size, most_blocks(clue_off)), dtype=np.int32)
    work = np.empty(n, dtype=cells.dtype)
    queue = np.empty(n_units, dtype=np.int64)
    queued = np.zeros(n_units, dtype=np.bool_)
    for idx in range(n):
        for b in range(steps.shape[1]):
            steps[idx, b] = 0
        cur = cells[idx]
        if cur == 0 or (cur & (cur - 1)) == 0:
            continue
        survivors = 0
        for b in range(steps.shape[1]):
            bit = np.uint32(1) << np.uint32(b)
            if (cur & bit) == 0:
                continue
            if survivors >= 2:
                break
            for i in range(n):
                work[i] = cells[i]
            work[idx] = bit
            head = 0
            tail = 0
            for j in range(of_cell.shape[1]):
                u = of_cell[idx, j]
                queue[tail % n_units] = u
                tail += 1
                queued[u] = True
            step = 0
            broke = 0
            while head < tail and step < cap:
                line = queue[head % n_units]
                head += 1
                queued[line] = False
                step += 1
                start = span[line, 0]
                stride = span[line, 1]
                m = span[line, 2]
                for i in range(m):
                    linebuf[i] = work[start + i * stride]
                a = clue_off[line]
                z = clue_off[line + 1]
                status = solve_line(np.int32(FCOMP), blocks[a:z], colors[a:z], linebuf[:m], outbuf[:m],
                                    iwork)
                if status == CONTRADICTION or status == REFUSED:
                    broke = step
                    break
                if status == CHANGED:
                    for i in range(m):
                        if outbuf[i] != linebuf[i]:
                            c = start + i * stride
                            work[c] = outbuf[i]
                            for j in range(of_cell.shape[1]):
                                cross = of_cell[c, j]
                                if cross != line and not queued[cross]:
                                    queued[cross] = True
                                    queue[tail % n_units] = cross
                                    tail += 1
            while head < tail:  # clear what is still queued, for the next probe
                queued[queue[head % n_units]] = False
                head += 1
            steps[idx, b] = broke
            if broke == 0:
                survivors += 1
