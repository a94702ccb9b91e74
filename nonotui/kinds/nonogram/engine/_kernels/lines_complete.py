"""complete (seed 000): every arrangement enumerated and merged; exponential on long lines."""

from __future__ import annotations

from numba import njit

from .common import CONTRADICTION, EMPTY, FILLED, init_possible, record, writeback


@njit(cache=True, nogil=True)
def fits_at(line, n, s, length, last, last_solid):
    """Whether a block of ``length`` may stand at ``s``: no dot under it, no solid just after it,
    and, for the last block, no solid anywhere after it."""
    for i in range(s, s + length):
        if (line[i] & FILLED) == 0:
            return False
    end = s + length
    if end < n and (line[end] & EMPTY) == 0:
        return False
    if last and last_solid >= end:
        return False
    return True


@njit(cache=True, nogil=True)
def merge_arrangement(blocks, pos, line, acc, remaining):
    """Record every cell of the arrangement ``pos`` as possible; returns the updated count."""
    n = line.shape[0]
    k = blocks.shape[0]
    prev = 0
    for j in range(k):
        remaining = record(acc, prev, pos[j], EMPTY, remaining)
        prev = pos[j] + blocks[j]
        remaining = record(acc, pos[j], prev, FILLED, remaining)
    return record(acc, prev, n, EMPTY, remaining)


@njit(cache=True, nogil=True)
def complete_open(blocks, line, out, iwork):
    """Seed 000: enumerate every arrangement, leftmost block first, and merge them.

    A block slides right from just after its predecessor until it covers no dot and touches no
    solid (the last block also leaves no solid after it); if sliding would uncover a solid, or the
    block runs out of space (it must leave room for the blocks after it), the previous block moves
    on instead. Every complete arrangement is
    merged into the possible values, then the last block moves on. The seed's early stop ends the
    enumeration as soon as every unknown cell has been seen both ways. The recursion of the seed
    is kept as an explicit position per block.
    """
    n = line.shape[0]
    k = blocks.shape[0]
    pos = iwork[0:k]
    acc = iwork[k : k + n]
    latest = iwork[k + n : 2 * k + n]  # the last start that leaves room for the later blocks
    remaining = init_possible(line, acc)
    latest[k - 1] = n - blocks[k - 1]
    for j in range(k - 2, -1, -1):
        latest[j] = latest[j + 1] - 1 - blocks[j]
    last_solid = -1
    for i in range(n):
        if (line[i] & EMPTY) == 0:
            last_solid = i
    found = False
    last = k - 1
    j = 0
    s = 0
    while True:
        length = blocks[j]
        placed = False
        while s <= latest[j]:
            if fits_at(line, n, s, length, j == last, last_solid):
                placed = True
                break
            if (line[s] & EMPTY) == 0:
                break  # moving on would reveal a solid
            s += 1
        if placed:
            pos[j] = s
            if j < last:
                j += 1
                s += length + 1
                continue
            found = True
            remaining = merge_arrangement(blocks, pos, line, acc, remaining)
            if remaining == 0:
                break  # every unknown cell can be both: nothing to learn
        else:
            j -= 1  # block j found no place: its predecessor moves on
            if j < 0:
                break
            s = pos[j]
        # block j moves on one cell, unless that reveals a solid: then its predecessor does
        while (line[s] & EMPTY) == 0:
            j -= 1
            if j < 0:
                break
            s = pos[j]
        if j < 0:
            break
        s += 1
    if not found:
        return CONTRADICTION
    return writeback(line, out, acc)

