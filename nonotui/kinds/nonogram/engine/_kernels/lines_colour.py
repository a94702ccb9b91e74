"""fast and olsak on colour lines: the leftmost arrangement with coloured blocks.

A colour line's cells are bitsets over {empty (bit 0), colour 1 (bit 1), ..., colour 31 (bit
31)}; block j has length ``blocks[j]`` and colour ``colors[j]``. Seed 001's colour rule: blocks of
different colours may touch, blocks of the same colour need at least one empty cell between them.
The black-and-white kernels stay as they are; :func:`~.dispatch.solve_line` sends a line here
only when a block's colour is not 1.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .common import CHANGED, CONTRADICTION, EMPTY, PENDING, UNCHANGED, single


@njit(cache=True, nogil=True)
def colour_prologue(blocks, colors, line):
    """What a colour line needs before a linesolver: a dead cell, or a clue longer than the line
    (same-colour neighbours need a gap, others do not), is a contradiction; else ``PENDING``."""
    n = line.shape[0]
    k = blocks.shape[0]
    for i in range(n):
        if line[i] == 0:
            return CONTRADICTION
    need = 0
    for j in range(k):
        need += blocks[j]
        if j > 0 and colors[j] == colors[j - 1]:
            need += 1
    if need > n:
        return CONTRADICTION
    return PENDING


@njit(cache=True, nogil=True)
def colour_writeback(line, out, allowed):
    """``out = line & allowed`` cell by cell; a cell left with no value is a contradiction."""
    changed = UNCHANGED
    for i in range(line.shape[0]):
        old = line[i]
        new = old & allowed[i]
        if new == 0:
            return CONTRADICTION
        if new != old:
            changed = CHANGED
        out[i] = new
    return changed


@njit(cache=True, nogil=True)
def colour_leftmost(blocks, colors, line, rev, p):
    """Push every coloured block as far left as the cells allow; block j's start goes in p[j].

    With ``rev`` the line and the clue are read backwards (the rightmost arrangement, reversed).
    Returns False exactly when no arrangement fits. As in black and white (``lines_fast``), each
    p[j] is a lower bound of block j's start in the leftmost arrangement, raised only by sound
    rules: a block starts after its predecessor (one cell further when they share a colour); it
    covers no cell that refuses its colour; it does not end next to a cell that cannot be empty
    unless the next block, of another colour, may start there; a cell that cannot be empty left
    uncovered before block j must be covered by block j - 1 (after the last block: by the last).
    When no rule applies the positions are an arrangement, so the leftmost one.
    """
    for j in range(blocks.shape[0]):
        p[j] = 0
    return colour_push(blocks, colors, line, rev, p)


@njit(cache=True, nogil=True)
def colour_push(blocks, colors, line, rev, p):
    """:func:`colour_leftmost` from the starts already in ``p``, which must be lower bounds of
    the leftmost arrangement's (a leftmost arrangement of a line that knew less will do)."""
    n = line.shape[0]
    k = blocks.shape[0]
    j = 0
    while j < k:
        jj = k - 1 - j if rev else j
        length = blocks[jj]
        col = colors[jj]
        bit = np.uint32(1) << np.uint32(col)
        nxt_col = 0  # the next block's colour, 0 for none
        if j + 1 < k:
            nxt_col = colors[jj - 1] if rev else colors[jj + 1]
        s = p[j]
        gap = 0
        if j > 0:
            pj = k - j if rev else j - 1
            gap = p[j - 1] + blocks[pj]
            need = gap + 1 if colors[pj] == col else gap
            if s < need:
                s = need
        while True:
            if s + length > n:
                return False
            d = s + length - 1
            while d >= s and (line[n - 1 - d if rev else d] & bit) != 0:
                d -= 1
            if d >= s:  # a cell refusing the colour under the block: start beyond it
                s = d + 1
                continue
            e = s + length
            if e < n:
                after = line[n - 1 - e if rev else e]
                nxt_bit = np.uint32(1) << np.uint32(nxt_col)
                if (after & EMPTY) == 0 and (nxt_col == 0 or nxt_col == col
                                             or (after & nxt_bit) == 0):
                    s += 1  # it would end next to a cell that must be its own or no next colour
                    continue
            break
        p[j] = s
        c = s - 1
        while c >= gap and (line[n - 1 - c if rev else c] & EMPTY) != 0:
            c -= 1
        if c >= gap:
            # a cell that cannot be empty left uncovered before block j: block j - 1 must reach it
            if j == 0:
                return False
            pj = k - j if rev else j - 1
            p[j - 1] = c - blocks[pj] + 1
            j -= 1
            continue
        if j == k - 1:
            c = n - 1
            while c >= s + length and (line[n - 1 - c if rev else c] & EMPTY) != 0:
                c -= 1
            if c >= s + length:  # a trailing cell that cannot be empty: the last block reaches it
                p[j] = c - length + 1
                continue
        j += 1
    return True


@njit(cache=True, nogil=True)
def colour_mark(blocks, colors, p, rev, n, seen):
    """OR the values of one arrangement (starts in p, reversed coordinates when rev) into seen."""
    k = blocks.shape[0]
    prev = 0
    for j in range(k):
        length = blocks[j]
        start = n - p[k - 1 - j] - length if rev else p[j]
        for i in range(prev, start):
            seen[i] |= EMPTY
        bit = np.uint32(1) << np.uint32(colors[j])
        for i in range(start, start + length):
            seen[i] |= bit
        prev = start + length
    for i in range(prev, n):
        seen[i] |= EMPTY


@njit(cache=True, nogil=True)
def colour_fast_open(blocks, colors, line, out, iwork):
    """fast on a colour line: the leftmost and the rightmost arrangement, intersected.

    A cell no block reaches in either extreme is empty; a cell a block covers in both is that
    block's colour; any other cell keeps empty and the colours of the blocks whose span (from
    their leftmost to their rightmost place) covers it.
    """
    n = line.shape[0]
    k = blocks.shape[0]
    left = iwork[0:k]
    right = iwork[k : 2 * k]
    allowed = iwork[2 * k : 2 * k + n].view(np.uint32)
    if not colour_leftmost(blocks, colors, line, False, left):
        return CONTRADICTION
    if not colour_leftmost(blocks, colors, line, True, right):
        return CONTRADICTION  # cannot happen once a leftmost arrangement exists
    for i in range(n):
        allowed[i] = EMPTY
    for j in range(k):
        bit = np.uint32(1) << np.uint32(colors[j])
        lo = left[j]
        end = n - right[k - 1 - j]  # the end of block j at its rightmost
        # Spans start and end in block order, so the cells of block j's span that an earlier
        # block of its colour covers are a prefix of it: skip them (the work is then at most
        # cells times colours, not the blocks' total slack).
        q = j - 1
        while q >= 0:
            end_q = n - right[k - 1 - q]
            if end_q <= lo:
                break  # this block's span and every earlier one end before block j's begins
            if colors[q] == colors[j]:
                if end_q > lo:
                    lo = end_q
                break
            q -= 1
        for i in range(lo, end):
            allowed[i] |= bit
    for j in range(k):
        length = blocks[j]
        bit = np.uint32(1) << np.uint32(colors[j])
        lo = left[j]
        hi = n - right[k - 1 - j] - length
        for i in range(hi, lo + length):  # the block overlaps itself: always its colour
            allowed[i] = bit
    return colour_writeback(line, out, allowed)


@njit(cache=True, nogil=True)
def all_open(blocks, colors, line):
    """Whether every cell allows empty and every colour of the clue: then fast is exact.

    On such a line any place of block j between its leftmost and rightmost start is part of an
    arrangement (the blocks before it packed left, those after it packed right), and a cell in
    no block's overlap can be empty (pack left the blocks that end before it there, the others
    right), so fast's spans and overlaps are every arrangement's values.
    """
    need = EMPTY
    for j in range(blocks.shape[0]):
        need |= np.uint32(1) << np.uint32(colors[j])
    for i in range(line.shape[0]):
        if (line[i] & need) != need:
            return False
    return True


@njit(cache=True, nogil=True)
def colour_probe(blocks, colors, line, p, left, c):
    """The coloured push (forward) for olsak's probe of cell ``c``, started near ``c``.

    ``left`` must be an arrangement the line allows in every cell but ``c`` (fast's leftmost:
    fast and the failed probes only remove values no arrangement has), and ``p`` a copy of it.
    The blocks that end (with the cell after them) before ``c`` pass every rule of the push as
    they stand, so the push starts at the first block that reaches ``c``; and once a block is
    placed back at its place in ``left`` past ``c``, the blocks after it are again ``left``'s, so
    the push stops there. Returns (fits, lo, hi): whether an arrangement fits, and the blocks
    ``lo`` to ``hi`` that may differ from ``left`` (the rest of ``p`` is ``left``).
    """
    n = line.shape[0]
    k = blocks.shape[0]
    j = 0
    while j < k - 1 and left[j] + blocks[j] < c:
        j += 1
    lo = j
    while j < k:
        length = blocks[j]
        col = colors[j]
        bit = np.uint32(1) << np.uint32(col)
        nxt_col = colors[j + 1] if j + 1 < k else 0
        s = p[j]
        gap = 0
        if j > 0:
            gap = p[j - 1] + blocks[j - 1]
            need = gap + 1 if colors[j - 1] == col else gap
            if s < need:
                s = need
        while True:
            if s + length > n:
                return False, lo, j
            d = s + length - 1
            while d >= s and (line[d] & bit) != 0:
                d -= 1
            if d >= s:
                s = d + 1
                continue
            e = s + length
            if e < n:
                after = line[e]
                nxt_bit = np.uint32(1) << np.uint32(nxt_col)
                if (after & EMPTY) == 0 and (nxt_col == 0 or nxt_col == col
                                             or (after & nxt_bit) == 0):
                    s += 1
                    continue
            break
        p[j] = s
        c2 = s - 1
        while c2 >= gap and (line[c2] & EMPTY) != 0:
            c2 -= 1
        if c2 >= gap:
            if j == 0:
                return False, lo, j
            p[j - 1] = c2 - blocks[j - 1] + 1
            j -= 1
            if j < lo:
                lo = j
            continue
        if j == k - 1:
            c2 = n - 1
            while c2 >= s + length and (line[c2] & EMPTY) != 0:
                c2 -= 1
            if c2 >= s + length:
                p[j] = c2 - length + 1
                continue
        if s == left[j] and s + length > c:
            return True, lo, j  # back on left's arrangement past c: the rest is left's
        j += 1
    return True, lo, k - 1


@njit(cache=True, nogil=True)
def colour_mark_blocks(blocks, colors, p, lo, hi, n, seen):
    """OR into ``seen`` the values of arrangement ``p`` from the end of block ``lo - 1`` to the
    end of block ``hi`` (to the line's end when ``hi`` is the last block)."""
    k = blocks.shape[0]
    prev = p[lo - 1] + blocks[lo - 1] if lo > 0 else 0
    for j in range(lo, hi + 1):
        start = p[j]
        for i in range(prev, start):
            seen[i] |= EMPTY
        bit = np.uint32(1) << np.uint32(colors[j])
        for i in range(start, start + blocks[j]):
            seen[i] |= bit
        prev = start + blocks[j]
    if hi == k - 1:
        for i in range(prev, n):
            seen[i] |= EMPTY


@njit(cache=True, nogil=True)
def colour_olsak_open(blocks, colors, line, out, iwork):
    """olsak on a colour line: fast, then each value of each open cell probed for consistency.

    A probe sets the cell to one value and asks the coloured push whether an arrangement still
    fits, starting from fast's leftmost arrangement (the line only knows more since) and only
    around the probed cell (:func:`colour_probe`); a value that breaks the line is removed.
    Fast's two extremes and every consistent probe are whole arrangements (a probe's blocks that
    did not move are the leftmost's, already marked): a value already seen in one needs no probe
    of its own. On a line with no cell narrowed (:func:`all_open`) fast's answer is already
    exact.
    """
    status = colour_fast_open(blocks, colors, line, out, iwork)
    if status == CONTRADICTION or all_open(blocks, colors, line):
        return status
    n = line.shape[0]
    k = blocks.shape[0]
    left = iwork[0:k]
    right = iwork[k : 2 * k]
    seen = iwork[2 * k : 2 * k + n].view(np.uint32)  # fast's scratch, free again
    trial = iwork[2 * k + n : 3 * k + n]
    for i in range(n):
        seen[i] = 0
    colour_mark(blocks, colors, left, False, n, seen)
    colour_mark(blocks, colors, right, True, n, seen)
    for c in range(n):
        for b in range(32):
            value = np.uint32(1) << np.uint32(b)
            cur = out[c]
            if single(cur) or cur < value:
                break
            if (cur & value) == 0 or (seen[c] & value) != 0:
                continue
            out[c] = value
            for j in range(k):
                trial[j] = left[j]
            fits, lo, hi = colour_probe(blocks, colors, out, trial, left, c)
            if fits:
                out[c] = cur
                colour_mark_blocks(blocks, colors, trial, lo, hi, n, seen)
            else:
                out[c] = cur ^ value
                status = CHANGED
    return status
