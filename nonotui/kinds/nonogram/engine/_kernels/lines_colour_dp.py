"""complete and fcomp on colour lines.

complete enumerates every arrangement of the coloured blocks, as in black and white (seed 000).
fcomp on a colour line is a table over (block, cell) read from both ends, not seed 001's machine:
the seed's colour adjustments (its double brackets) assume a cell is unknown or one known value,
and a colour line's cell may hold any subset of the values (say "red or blue, not empty"), which
the machine's "solid of the block's colour" tests do not see. The table is exact for any subsets
and takes time in proportion to the blocks times their slack, so fcomp keeps its claim:
complete, with no enumeration.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .common import CONTRADICTION
from .lines_colour import all_open, colour_fast_open, colour_leftmost, colour_writeback

EMPTY_BIT = np.uint32(1)


@njit(cache=True, nogil=True)
def fit_table(line, bit, lo, end, nx):
    """``nx[i]`` for ``lo <= i <= end``: the first cell at or after i, before ``end``, that
    refuses colour ``bit`` (``end`` if none): a block of length l fits at s when nx[s] >= s + l."""
    nx[end] = end
    for i in range(end - 1, lo - 1, -1):
        nx[i] = nx[i + 1] if (line[i] & bit) != 0 else i


@njit(cache=True, nogil=True)
def colour_fcomp_open(blocks, colors, line, out, iwork):
    """Every value some arrangement gives each cell, from reachability tables over both ends.

    Block j starts between ``lo[j]`` and ``hi[j]``, its leftmost and rightmost places
    (:func:`~.lines_colour.colour_leftmost`, which also finds a contradiction). Row j of each
    table covers the cells ``a(j) = lo[j-1] + blocks[j-1]`` (0 for j = 0) to ``b(j) = hi[j]``
    (n for j = k), plus one: only there can block j - 1 end or block j start.
    ``gf[j, p]``: blocks 0..j-1 fit cells 0..p-1 and cell p-1 is empty (p = 0: no cells);
    ``af[j, p]``: the same with block j-1 ending just before p. ``gb[j, p]``: blocks j..k-1 fit
    cells p..n-1 and cell p is empty (p = n: no cells); ``ab[j, p]``: the same with block j
    starting at p. Block j may start at s when the cells before let it (``gf[j, s]``, or
    ``af[j, s]`` with a predecessor of another colour) and ``ab[j, s]``; cell i may be empty when
    ``gf[j, i + 1]`` and ``gb[j, i]`` for some j. The work is the sum of the rows' widths: blocks
    times their slack, not blocks times cells. A line with no cell narrowed
    (:func:`~.lines_colour.all_open`) goes to fast, which is exact there.
    """
    if all_open(blocks, colors, line):
        return colour_fast_open(blocks, colors, line, out, iwork)  # exact there, and cheaper
    n = line.shape[0]
    k = blocks.shape[0]
    lo = iwork[0:k]
    right = iwork[k : 2 * k]
    hi = iwork[2 * k : 3 * k]
    off = iwork[3 * k : 4 * k + 2]
    nx = iwork[4 * k + 2 : 4 * k + n + 3]
    acc = iwork[4 * k + n + 3 : 4 * k + 2 * n + 3].view(np.uint32)
    if not colour_leftmost(blocks, colors, line, False, lo):
        return CONTRADICTION
    colour_leftmost(blocks, colors, line, True, right)
    for j in range(k):
        hi[j] = n - right[k - 1 - j] - blocks[j]
    off[0] = 0
    for j in range(k + 1):
        a = 0 if j == 0 else lo[j - 1] + blocks[j - 1]
        b = n if j == k else hi[j]
        off[j + 1] = off[j] + b - a + 2
    total = off[k + 1]
    tab = np.empty(4 * total, dtype=np.uint8)
    gf = tab[0:total]
    af = tab[total : 2 * total]
    gb = tab[2 * total : 3 * total]
    ab = tab[3 * total : 4 * total]
    # forwards: gf row j from af row j, then block j's places give af row j + 1
    for q in range(off[1]):
        af[q] = 0
    for j in range(k + 1):
        a = 0 if j == 0 else lo[j - 1] + blocks[j - 1]
        b = n if j == k else hi[j]
        r = off[j] - a  # row j, cell p is at r + p
        gf[r + a] = 1 if j == 0 else 0
        top = b + 1 if b < n else n
        for p in range(a + 1, top + 1):
            gf[r + p] = (line[p - 1] & EMPTY_BIT) & (gf[r + p - 1] | af[r + p - 1])
        if j == k:
            break
        length = blocks[j]
        an = lo[j] + length
        rn = off[j + 1] - an
        for q in range(off[j + 1], off[j + 2]):
            af[q] = 0
        fit_table(line, np.uint32(1) << np.uint32(colors[j]), lo[j], hi[j] + length, nx)
        touch = j > 0 and colors[j - 1] != colors[j]
        for s in range(lo[j], hi[j] + 1):
            if (gf[r + s] or (touch and af[r + s])) and nx[s] >= s + length:
                af[rn + s + length] = 1
    rk = off[k] - (lo[k - 1] + blocks[k - 1])
    if not (gf[rk + n] or af[rk + n]):
        return CONTRADICTION
    # backwards: row k, then block j's places give ab row j, then gb row j
    a = lo[k - 1] + blocks[k - 1]
    for q in range(off[k], off[k + 1]):
        ab[q] = 0
    gb[rk + n] = 1
    gb[rk + n + 1] = 0
    for p in range(n - 1, a - 1, -1):
        gb[rk + p] = (line[p] & EMPTY_BIT) & (gb[rk + p + 1] | ab[rk + p + 1])
    for j in range(k - 1, -1, -1):
        a = 0 if j == 0 else lo[j - 1] + blocks[j - 1]
        b = hi[j]
        r = off[j] - a
        an = lo[j] + blocks[j]
        rn = off[j + 1] - an
        for q in range(off[j], off[j + 1]):
            ab[q] = 0
        gb[r + b + 1] = 0
        length = blocks[j]
        fit_table(line, np.uint32(1) << np.uint32(colors[j]), lo[j], hi[j] + length, nx)
        touch = j + 1 < k and colors[j + 1] != colors[j]
        for s in range(lo[j], hi[j] + 1):
            e = s + length
            if nx[s] >= e and (gb[rn + e] or (touch and ab[rn + e])):
                ab[r + s] = 1
        for p in range(b, a - 1, -1):
            gb[r + p] = (line[p] & EMPTY_BIT) & (gb[r + p + 1] | ab[r + p + 1])
    for i in range(n):
        acc[i] = 0
    for j in range(k + 1):
        a = 0 if j == 0 else lo[j - 1] + blocks[j - 1]
        b = n if j == k else hi[j]
        r = off[j] - a
        for i in range(a, b):
            if gf[r + i + 1] and gb[r + i]:
                acc[i] |= EMPTY_BIT
    for j in range(k):
        length = blocks[j]
        bit = np.uint32(1) << np.uint32(colors[j])
        touch = j > 0 and colors[j - 1] != colors[j]
        r = off[j] - (0 if j == 0 else lo[j - 1] + blocks[j - 1])
        reach = 0  # cells before this are covered by some valid place of block j
        for s in range(lo[j], hi[j] + 1):
            if ab[r + s] and (gf[r + s] or (touch and af[r + s])):
                start = s if s > reach else reach
                for i in range(start, s + length):
                    acc[i] |= bit
                reach = s + length
    return colour_writeback(line, out, acc)


@njit(cache=True, nogil=True)
def colour_complete_open(blocks, colors, line, out, iwork):
    """complete on a colour line: enumerate every arrangement, leftmost block first, and merge.

    As in black and white (``lines_complete``): a block slides right from its earliest place
    (just after its predecessor, one cell further when they share a colour) until its cells all
    allow its colour and the cell after it may follow it; it never slides past a cell that
    cannot be empty (that would leave the cell uncovered), and the last block leaves no such
    cell after it. Every whole arrangement is merged; the enumeration stops early once every
    cell has shown every value it still holds.
    """
    n = line.shape[0]
    k = blocks.shape[0]
    pos = iwork[0:k]
    latest = iwork[k : 2 * k]
    acc = iwork[2 * k : 2 * k + n].view(np.uint32)
    values = EMPTY_BIT
    for j in range(k):
        values |= np.uint32(1) << np.uint32(colors[j])
    for i in range(n):
        acc[i] = 0
    latest[k - 1] = n - blocks[k - 1]
    for j in range(k - 2, -1, -1):
        step = blocks[j] + (1 if colors[j] == colors[j + 1] else 0)
        latest[j] = latest[j + 1] - step
    last_solid = -1
    for i in range(n):
        if (line[i] & EMPTY_BIT) == 0:
            last_solid = i
    found = False
    last = k - 1
    j = 0
    s = 0
    while True:
        length = blocks[j]
        bit = np.uint32(1) << np.uint32(colors[j])
        placed = False
        while s <= latest[j]:
            ok = True
            for i in range(s, s + length):
                if (line[i] & bit) == 0:
                    ok = False
                    break
            e = s + length
            if ok and e < n and (line[e] & EMPTY_BIT) == 0:
                if j == last or colors[j + 1] == colors[j]:
                    ok = False
                elif (line[e] & (np.uint32(1) << np.uint32(colors[j + 1]))) == 0:
                    ok = False
            if ok and j == last and last_solid >= e:
                ok = False
            if ok:
                placed = True
                break
            if (line[s] & EMPTY_BIT) == 0:
                break  # moving on would leave this cell uncovered
            s += 1
        if placed:
            pos[j] = s
            if j < last:
                s += length + (1 if colors[j] == colors[j + 1] else 0)
                j += 1
                continue
            found = True
            prev = 0
            for b in range(k):
                for i in range(prev, pos[b]):
                    acc[i] |= EMPTY_BIT
                prev = pos[b] + blocks[b]
                bb = np.uint32(1) << np.uint32(colors[b])
                for i in range(pos[b], prev):
                    acc[i] |= bb
            for i in range(prev, n):
                acc[i] |= EMPTY_BIT
            full = True
            for i in range(n):
                if acc[i] != (line[i] & values):
                    full = False
                    break
            if full:
                break  # every cell has shown every value: nothing to learn
        else:
            j -= 1  # block j found no place: its predecessor moves on
            if j < 0:
                break
            s = pos[j]
        # block j moves on one cell, unless that uncovers a cell that cannot be empty
        while (line[s] & EMPTY_BIT) == 0:
            j -= 1
            if j < 0:
                break
            s = pos[j]
        if j < 0:
            break
        s += 1
    if not found:
        return CONTRADICTION
    return colour_writeback(line, out, acc)
