"""Probing with explanations, for hints: which line solves a contradiction really needs."""

from __future__ import annotations

import numpy as np
from numba import njit

from .common import BOTH, CHANGED, CONTRADICTION, EMPTY, FCOMP, FILLED, REFUSED, work_size
from .dispatch import solve_line
from .state import grid_units, longest_unit, most_blocks


@njit(cache=True, nogil=True)
def chain_units(units, blocks, colors, clue_off, cells, idx, value, max_steps, cell_setter,
                cell_step, need, linebuf, outbuf, iwork):
    """:func:`probe_chain` on a board given by its table of units, with the caller's buffers
    (``linebuf`` and ``outbuf`` of the longest unit, ``iwork`` for it and the most blocks)."""
    span = units.span
    of_cell = units.of_cell
    n_units = span.shape[0]
    queue = np.empty(n_units, dtype=np.int64)
    queued = np.zeros(n_units, dtype=np.bool_)
    for i in range(cell_setter.shape[0]):
        cell_setter[i] = -2
        cell_step[i] = -1
        need[i] = 0
    cells[idx] = value
    cell_setter[idx] = -1
    cell_step[idx] = 0
    head = 0
    tail = 0
    for j in range(of_cell.shape[1]):
        u = of_cell[idx, j]
        queue[tail % n_units] = u
        tail += 1
        queued[u] = True
    step = 0
    broken = -1
    while head < tail:
        line = queue[head % n_units]
        head += 1
        queued[line] = False
        step += 1
        start = span[line, 0]
        stride = span[line, 1]
        n = span[line, 2]
        for i in range(n):
            linebuf[i] = cells[start + i * stride]
        a = clue_off[line]
        b = clue_off[line + 1]
        status = solve_line(np.int32(FCOMP), blocks[a:b], colors[a:b], linebuf[:n], outbuf[:n],
                            iwork)
        if status == CONTRADICTION or status == REFUSED:
            broken = line
            break
        if status == CHANGED:
            for i in range(n):
                if outbuf[i] != linebuf[i]:
                    cell = start + i * stride
                    cells[cell] = outbuf[i]
                    cell_setter[cell] = line
                    cell_step[cell] = step
                    for j in range(of_cell.shape[1]):
                        cross = of_cell[cell, j]
                        if cross != line and not queued[cross]:
                            queued[cross] = True
                            queue[tail % n_units] = cross
                            tail += 1
    if broken < 0:
        return 0, -1, -1
    # walk back: (line, step) pairs still to explain, each needing the probe's cells it saw
    todo_line = np.empty(step + 1, dtype=np.int64)
    todo_step = np.empty(step + 1, dtype=np.int64)
    seen_step = np.zeros(step + 1, dtype=np.bool_)
    todo_line[0] = broken
    todo_step[0] = step
    seen_step[step] = True
    count = 1
    used = 0
    while used < count:
        line = todo_line[used]
        at = todo_step[used]
        used += 1
        if count > max_steps:
            return 0, -1, -1
        start = span[line, 0]
        stride = span[line, 1]
        for i in range(span[line, 2]):
            cell = start + i * stride
            if cell_setter[cell] != -2 and cell_step[cell] < at:
                need[cell] = 1
                s = cell_step[cell]
                if cell_setter[cell] >= 0 and not seen_step[s]:
                    seen_step[s] = True
                    todo_line[count] = cell_setter[cell]
                    todo_step[count] = s
                    count += 1
    return count, broken, step


@njit(cache=True, nogil=True)
def _buffers(units, clue_off, dtype):
    size = longest_unit(units.span)
    linebuf = np.empty(size, dtype=dtype)
    outbuf = np.empty(size, dtype=dtype)
    iwork = np.empty(work_size(size, most_blocks(clue_off)), dtype=np.int32)
    return linebuf, outbuf, iwork


@njit(cache=True, nogil=True)
def probe_chain(h, w, blocks, colors, clue_off, cells, idx, value, max_steps, cell_setter,
                cell_step, need):
    """Assume ``cells[idx] = value``, propagate with fcomp until a line breaks, and find which
    line solves the contradiction really needed.

    ``cells`` (flat, row-major) is changed in place: pass a copy. Lines are numbered as
    :func:`~.state.grid_units` numbers them, rows first (``0 .. h-1``) then columns
    (``h .. h+w-1``), and solved first in, first out, starting with the cell's row and column.
    Every cell the probe sets records the line that set it (``cell_setter``; -1 for the assumed
    cell, -2 untouched) and the solve step it happened in (``cell_step``). A solve can only have
    used cells set before it, so walking back from the broken line through the cells each solve
    saw gives exactly the solves the contradiction rests on; ``need[cell]`` is set to 1 for the
    cells on that walk.

    Returns ``(solves needed, broken line, its step)``, or ``(0, -1, -1)`` when no line broke
    or the walk would need more than ``max_steps`` solves.
    """
    units = grid_units(h, w)
    linebuf, outbuf, iwork = _buffers(units, clue_off, cells.dtype)
    return chain_units(units, blocks, colors, clue_off, cells, idx, value, max_steps,
                       cell_setter, cell_step, need, linebuf, outbuf, iwork)


@njit(cache=True, nogil=True)
def probe_all(h, w, blocks, colors, clue_off, cells, sizes):
    """Probe every undecided cell with both values; ``sizes[idx, 0]`` (empty assumed) and
    ``sizes[idx, 1]`` (filled assumed) get how many line solves the contradiction needed, 0 for
    none.

    Probes needing more solves than the fewest found so far are cut short, since only the
    shortest chains make hints; so a size is exact where it equals the minimum and otherwise
    may read 0.
    """
    units = grid_units(h, w)
    linebuf, outbuf, iwork = _buffers(units, clue_off, cells.dtype)
    n = cells.shape[0]
    work = np.empty(n, dtype=cells.dtype)
    setter = np.empty(n, dtype=np.int64)
    steps = np.empty(n, dtype=np.int64)
    need = np.empty(n, dtype=np.uint8)
    best = n + units.span.shape[0]
    for idx in range(n):
        sizes[idx, 0] = 0
        sizes[idx, 1] = 0
        if cells[idx] != BOTH:
            continue
        for v in range(2):
            for i in range(n):
                work[i] = cells[i]
            d, _, _ = chain_units(units, blocks, colors, clue_off, work, idx,
                                  EMPTY if v == 0 else FILLED, best, setter, steps, need,
                                  linebuf, outbuf, iwork)
            if d > 0:
                sizes[idx, v] = d
                if d < best:
                    best = d
