"""fast (seed 002): the leftmost and the rightmost arrangement, intersected.

:func:`leftmost` is also olsak's consistency test and the explanations' witness (``explain.py``).
"""

from __future__ import annotations

from numba import njit

from .common import BOTH, CONTRADICTION, EMPTY, FILLED, block_at, cell_at, writeback


@njit(cache=True, nogil=True)
def leftmost(blocks, line, rev, p):
    """Push every block as far left as the known cells allow; the start of block j goes in p[j].

    With ``rev`` the line and the clue are read backwards, which gives the rightmost arrangement
    in reversed coordinates. Returns False when no arrangement fits (a contradiction).

    Every p[j] is a lower bound of block j's start in the leftmost valid arrangement and only
    ever grows, by one of four sound rules: a block starts after its predecessor and its gap; a
    block cannot cover a dot; a block cannot end next to a solid; a solid that no block covers
    must be covered by the block before it (or, after the last block, by the last one). When no
    rule applies the positions are a valid arrangement, and as each was a lower bound it is the
    leftmost one. Each step raises a position or moves on to the next block, so this ends.
    """
    n = line.shape[0]
    k = blocks.shape[0]
    for j in range(k):
        p[j] = 0
    j = 0
    while j < k:
        length = block_at(blocks, k, rev, j)
        s = p[j]
        gap = 0
        if j > 0:
            gap = p[j - 1] + block_at(blocks, k, rev, j - 1)
            if s < gap + 1:
                s = gap + 1
        while True:
            if s + length > n:
                return False
            d = s + length - 1
            while d >= s and (cell_at(line, n, rev, d) & FILLED) != 0:
                d -= 1
            if d >= s:  # a dot under the block: it must start beyond the dot
                s = d + 1
                continue
            if s + length < n and (cell_at(line, n, rev, s + length) & EMPTY) == 0:
                s += 1  # it would end next to a solid
                continue
            break
        p[j] = s
        c = s - 1
        while c >= gap and (cell_at(line, n, rev, c) & EMPTY) != 0:
            c -= 1
        if c >= gap:
            # a solid left uncovered before block j: only an earlier block can cover it
            if j == 0:
                return False
            p[j - 1] = c - block_at(blocks, k, rev, j - 1) + 1
            j -= 1
            continue
        if j == k - 1:
            c = n - 1
            while c >= s + length and (cell_at(line, n, rev, c) & EMPTY) != 0:
                c -= 1
            if c >= s + length:  # a trailing solid: the last block must reach it
                p[j] = c - length + 1
                continue
        j += 1
    return True


@njit(cache=True, nogil=True)
def mark_arrangement(blocks, p, rev, n, seen):
    """OR the values of one arrangement (starts in p, reversed coordinates when rev) into seen."""
    k = blocks.shape[0]
    prev = 0
    for j in range(k):
        length = blocks[j]
        start = n - p[k - 1 - j] - length if rev else p[j]
        for i in range(prev, start):
            seen[i] |= EMPTY
        for i in range(start, start + length):
            seen[i] |= FILLED
        prev = start + length
    for i in range(prev, n):
        seen[i] |= EMPTY


@njit(cache=True, nogil=True)
def fast_open(blocks, line, out, iwork):
    """Seed 002: intersect the leftmost and the rightmost arrangement, blocks and gaps alike.

    For a line the :func:`~.common.prologue` left open (as every ``*_open`` kernel).
    """
    n = line.shape[0]
    k = blocks.shape[0]
    left = iwork[0:k]
    right = iwork[k : 2 * k]
    allowed = iwork[2 * k : 2 * k + n]
    if not leftmost(blocks, line, False, left):
        return CONTRADICTION
    if not leftmost(blocks, line, True, right):
        return CONTRADICTION  # cannot happen once a leftmost arrangement exists
    for i in range(n):
        allowed[i] = BOTH
    gap_start = 0
    for j in range(k):
        length = blocks[j]
        lo = left[j]
        hi = n - right[k - 1 - j] - length  # rightmost start of block j
        for i in range(gap_start, lo):  # no block reaches these cells in either extreme
            allowed[i] = EMPTY
        for i in range(hi, lo + length):  # the block overlaps itself
            allowed[i] = FILLED
        gap_start = hi + length
    for i in range(gap_start, n):
        allowed[i] = EMPTY
    return writeback(line, out, allowed)


