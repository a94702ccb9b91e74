"""complete and fcomp on colour lines.

complete enumerates every arrangement of the coloured blocks, as in black and white (seed 000).
fcomp on a colour line is a table over (block, cell) read from both ends, not seed 001's machine:
the seed's colour adjustments (its double brackets) assume a cell is unknown or one known value,
and a colour line's cell may hold any subset of the values (say "red or blue, not empty"), which
the machine's "solid of the block's colour" tests do not see. The table is exact for any subsets
and takes time in proportion to blocks times cells, so fcomp keeps its claim: complete, with no
enumeration.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .common import CONTRADICTION
from .lines_colour import colour_writeback

EMPTY_BIT = np.uint32(1)


@njit(cache=True, nogil=True)
def refusals(line, bit, nx):
    """``nx[i]``: the first cell at or after i that refuses colour ``bit`` (n if none)."""
    n = line.shape[0]
    nx[n] = n
    for i in range(n - 1, -1, -1):
        nx[i] = nx[i + 1] if (line[i] & bit) != 0 else i


@njit(cache=True, nogil=True)
def colour_fcomp_open(blocks, colors, line, out, iwork):
    """Every value some arrangement gives each cell, from reachability tables over both ends.

    ``gf[j, p]``: blocks 0..j-1 fit cells 0..p-1 and cell p-1 is empty (p = 0: no cells);
    ``af[j, p]``: the same with block j-1 ending just before p. ``gb[j, p]``: blocks j..k-1 fit
    cells p..n-1 and cell p is empty (p = n: no cells); ``ab[j, p]``: the same with block j
    starting at p. Block j may start at s when the cells before let it (``gf[j, s]``, or
    ``af[j, s]`` with a predecessor of another colour) and ``ab[j, s]``; cell i may be empty when
    ``gf[j, i + 1]`` and ``gb[j, i]`` for some j.
    """
    n = line.shape[0]
    k = blocks.shape[0]
    nx = iwork[0 : n + 1]
    acc = iwork[n + 1 : 2 * n + 1].view(np.uint32)
    tab = np.zeros((4, k + 1, n + 1), dtype=np.uint8)
    gf = tab[0]
    af = tab[1]
    gb = tab[2]
    ab = tab[3]
    gf[0, 0] = 1
    for p in range(1, n + 1):
        gf[0, p] = gf[0, p - 1] & (line[p - 1] & EMPTY_BIT)
    for j in range(k):
        length = blocks[j]
        refusals(line, np.uint32(1) << np.uint32(colors[j]), nx)
        touch = j > 0 and colors[j - 1] != colors[j]
        for s in range(n - length + 1):
            if (gf[j, s] or (touch and af[j, s])) and nx[s] >= s + length:
                af[j + 1, s + length] = 1
        for p in range(1, n + 1):
            if (line[p - 1] & EMPTY_BIT) != 0 and (gf[j + 1, p - 1] or af[j + 1, p - 1]):
                gf[j + 1, p] = 1
    if not (gf[k, n] or af[k, n]):
        return CONTRADICTION
    gb[k, n] = 1
    for p in range(n - 1, -1, -1):
        gb[k, p] = gb[k, p + 1] & (line[p] & EMPTY_BIT)
    for j in range(k - 1, -1, -1):
        length = blocks[j]
        refusals(line, np.uint32(1) << np.uint32(colors[j]), nx)
        touch = j + 1 < k and colors[j + 1] != colors[j]
        for s in range(n - length + 1):
            e = s + length
            if nx[s] >= e and (gb[j + 1, e] or (touch and ab[j + 1, e])):
                ab[j, s] = 1
        for p in range(n - 1, -1, -1):
            if (line[p] & EMPTY_BIT) != 0 and (gb[j, p + 1] or ab[j, p + 1]):
                gb[j, p] = 1
    for i in range(n):
        acc[i] = 0
        for j in range(k + 1):
            if gf[j, i + 1] and gb[j, i]:
                acc[i] = EMPTY_BIT
                break
    for j in range(k):
        length = blocks[j]
        bit = np.uint32(1) << np.uint32(colors[j])
        touch = j > 0 and colors[j - 1] != colors[j]
        reach = 0  # cells before this are covered by some valid place of block j
        for s in range(n - length + 1):
            if ab[j, s] and (gf[j, s] or (touch and af[j, s])):
                lo = s if s > reach else reach
                for i in range(lo, s + length):
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
