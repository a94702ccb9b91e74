"""Fuel-driven propagation (seed 003): solve units until none has anything left to give."""

from __future__ import annotations

import numpy as np
from numba import njit

from .common import CHANGED, CONTRADICTION, FCOMP, REFUSED, UNCHANGED
from .dispatch import solve_line
from .lines_bits import MAX_BITS
from .lines_bits2 import MAX_BITS2
from .propagate_bits import BITS_FALLBACK, cached_bits, ctz, plain_bits, plain_bits2
from .state import ST_CACHED, ST_CONTRADICTIONS, ST_LINES, assign_cell

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
    n_units = st.pending.shape[0]
    return _propagate(st.span, st.of_cell, st.blocks, st.colors, st.clue_off, st.methods,
                      st.complete, st.score, st.cells, st.pending, st.fuel, st.trail_idx,
                      st.trail_old, st.tpos, st.linebuf, st.outbuf, st.iwork, st.stats,
                      st.control, st.ltag, st.lcache, st.lkey, st.floor,
                      np.empty(n_units, dtype=np.int64), np.zeros(n_units, dtype=np.bool_))


@njit(cache=True, nogil=True, inline="always")
def cached_solve(method, tag, blocks, colors, cells, start, stride, n, linebuf, outbuf, iwork,
                 ltag, lcache, lkey, stats):
    """Read unit ``tag``'s ``n`` cells into ``linebuf`` and solve them with linesolver
    ``method`` into ``outbuf``, answering from the line cache when it holds this very line
    (see :func:`~.state.new_line_cache`); returns the linesolver's status. An empty ``ltag``
    turns the cache off."""
    if ltag.shape[0] == 0:  # no cache (see new_prop)
        for i in range(n):
            linebuf[i] = cells[start + i * stride]
        return solve_line(method, blocks, colors, linebuf[:n], outbuf[:n], iwork)
    words = (n + 31) >> 5
    word = np.uint64(0)
    cacheable = True
    for i in range(n):
        v = cells[start + i * stride]
        linebuf[i] = v
        if v > 3:
            cacheable = False  # a colour value: not two bits (see _cached_colour)
        word |= np.uint64(v & 3) << np.uint64(2 * (i & 31))
        if (i & 31) == 31:
            lkey[i >> 5] = word
            word = np.uint64(0)
    if n & 31:
        lkey[n >> 5] = word
    if not cacheable:
        return _cached_colour(method, tag, blocks, colors, n, linebuf, outbuf, iwork, ltag,
                              lcache, lkey, stats)
    h = np.uint64(tag) * np.uint64(0x9E3779B97F4A7C15)
    for j in range(words):
        h = (h ^ lkey[j]) * np.uint64(0xBF58476D1CE4E5B9)
        h ^= h >> np.uint64(31)
    slot = np.int64(h & np.uint64(ltag.shape[0] - 1))
    entry = ltag[slot]
    base = lcache.shape[1] // 2
    if (entry & np.uint64(0x00FFFFFFFFFFFFFF)) == np.uint64(tag):
        hit = True
        for j in range(words):
            if lcache[slot, j] != lkey[j]:
                hit = False
                break
        if hit:
            stats[ST_CACHED] += 1
            status = np.int64(entry >> np.uint64(56)) - 2
            if status == CHANGED:
                for i in range(n):
                    outbuf[i] = np.uint32(
                        (lcache[slot, base + (i >> 5)] >> np.uint64(2 * (i & 31))) & np.uint64(3))
            return status
    status = solve_line(method, blocks, colors, linebuf[:n], outbuf[:n], iwork)
    if status == CHANGED or status == UNCHANGED or status == CONTRADICTION:
        ltag[slot] = np.uint64(tag) | (np.uint64(status + 2) << np.uint64(56))
        for j in range(words):
            lcache[slot, j] = lkey[j]
        if status == CHANGED:
            word = np.uint64(0)
            for i in range(n):
                word |= np.uint64(outbuf[i] & 3) << np.uint64(2 * (i & 31))
                if (i & 31) == 31:
                    lcache[slot, base + (i >> 5)] = word
                    word = np.uint64(0)
            if n & 31:
                lcache[slot, base + (n >> 5)] = word
    return status


COLOUR_TAG = np.uint64(1) << np.uint64(55)
"""Set in the tag of a line cached with :func:`_cached_colour`'s packing (a byte a cell), so that
it never meets a line packed two bits a cell."""


@njit(cache=True, nogil=True)
def _cached_colour(method, tag, blocks, colors, n, linebuf, outbuf, iwork, ltag, lcache, lkey,
                   stats):
    """:func:`cached_solve` for a line that holds a colour value (``linebuf[:n]`` read already):
    the same cache, its cells packed a byte each, 8 to a word, under the tag with
    :data:`COLOUR_TAG` set. A cache too narrow for that (a black-and-white board's, see
    :func:`~.state.with_line_cache`) or a value above 255 (a puzzle of more than 7 colours)
    solves the line uncached. Kept apart from the two-bit path, which stays as it was."""
    words = (n + 7) >> 3
    base = lcache.shape[1] // 2
    if words > base or words > lkey.shape[0]:
        return solve_line(method, blocks, colors, linebuf[:n], outbuf[:n], iwork)
    word = np.uint64(0)
    for i in range(n):
        v = linebuf[i]
        if v > 255:
            return solve_line(method, blocks, colors, linebuf[:n], outbuf[:n], iwork)
        word |= np.uint64(v) << np.uint64(8 * (i & 7))
        if (i & 7) == 7:
            lkey[i >> 3] = word
            word = np.uint64(0)
    if n & 7:
        lkey[n >> 3] = word
    ctag = np.uint64(tag) | COLOUR_TAG
    h = ctag * np.uint64(0x9E3779B97F4A7C15)
    for j in range(words):
        h = (h ^ lkey[j]) * np.uint64(0xBF58476D1CE4E5B9)
        h ^= h >> np.uint64(31)
    slot = np.int64(h & np.uint64(ltag.shape[0] - 1))
    entry = ltag[slot]
    if (entry & np.uint64(0x00FFFFFFFFFFFFFF)) == ctag:
        hit = True
        for j in range(words):
            if lcache[slot, j] != lkey[j]:
                hit = False
                break
        if hit:
            stats[ST_CACHED] += 1
            status = np.int64(entry >> np.uint64(56)) - 2
            if status == CHANGED:
                for i in range(n):
                    outbuf[i] = np.uint32(
                        (lcache[slot, base + (i >> 3)] >> np.uint64(8 * (i & 7))) & np.uint64(255))
            return status
    status = solve_line(method, blocks, colors, linebuf[:n], outbuf[:n], iwork)
    if status == CHANGED or status == UNCHANGED or status == CONTRADICTION:
        ltag[slot] = ctag | (np.uint64(status + 2) << np.uint64(56))
        for j in range(words):
            lcache[slot, j] = lkey[j]
        if status == CHANGED:
            word = np.uint64(0)
            for i in range(n):
                word |= np.uint64(outbuf[i]) << np.uint64(8 * (i & 7))
                if (i & 7) == 7:
                    lcache[slot, base + (i >> 3)] = word
                    word = np.uint64(0)
            if n & 7:
                lcache[slot, base + (n >> 3)] = word
    return status


@njit(cache=True, nogil=True, inline="always")
def _unlist(listed, active, n_active):
    """Clear ``listed`` for the units still on the list, leaving it all false for the next
    call (at the fixpoint the list is empty already)."""
    for k in range(n_active):
        listed[active[k]] = False


@njit(cache=True, nogil=True, inline="always")
def _fuel_crossing(of_cell, idx, best, pending, fuel, listed, active, n_active):
    """Cell ``idx`` of unit ``best`` changed: every other unit holding it needs every rank
    again and joins the list of units with work left; returns the list's new length."""
    # unsigned indices, as in _pick
    for j in range(of_cell.shape[1]):
        cross = of_cell[np.uint64(idx), np.uint64(j)]
        if cross != best:
            uc = np.uint64(cross)
            pending[uc] = 0
            fuel[uc] += 1
            if not listed[uc]:
                listed[uc] = True
                active[np.uint64(n_active)] = cross
                n_active += 1
    return n_active


@njit(cache=True, nogil=True, inline="always")
def _assign_lost(lost, ce2, cf2, start, stride, cells, trail_idx, trail_old, tpos, stats,
                 of_cell, best, pending, fuel, listed, active, n_active):
    """Give the cells of ``lost`` (bit ``i``: the cell at ``start + i * stride``) their values
    in the bit planes ``ce2``, ``cf2``, lowest first, each on the trail and fuelling the units
    crossing it; returns the trail's and the list's new lengths."""
    one = np.uint64(1)
    while lost != np.uint64(0):
        i = np.int64(ctz(lost))
        lost &= lost - one
        sh = np.uint64(i)
        idx = start + i * stride
        value = np.uint32((ce2 >> sh) & one) | (np.uint32((cf2 >> sh) & one) << np.uint32(1))
        tpos = assign_cell(cells, trail_idx, trail_old, tpos, stats, idx, value)
        n_active = _fuel_crossing(of_cell, idx, best, pending, fuel, listed, active, n_active)
    return tpos, n_active


@njit(cache=True, nogil=True, _nrt=False)
def _pick(active, n_active, listed, pending, score, fuel, floor, n_ranks):
    """The next unit :func:`_propagate` solves, its rank, and the list's new length: lowest
    rank, then highest score, then lowest unit (the choice of a scan over every unit, as
    kernels.line_steps makes it); units with nothing left leave the list (``best`` -1: none).

    This loop was a fifth of MLP's samples. It indexes with unsigned integers: with a signed
    index numba tests every access for a negative one (a shift and a mask of the array's length
    loaded from the stack, in a function as large as :func:`_propagate`, into which LLVM
    inlines this one); the units are never negative, so nothing else changes. It allocates
    nothing (``_nrt=False``)."""
    best = -1
    best_rank = n_ranks
    best_score = 0.0
    k = 0
    while k < n_active:
        u = active[np.uint64(k)]
        # unsigned indices: numba adds no test for a negative index (the units are >= 0)
        uu = np.uint64(u)
        p = pending[uu]
        if p >= n_ranks:
            n_active -= 1
            active[np.uint64(k)] = active[np.uint64(n_active)]
            listed[uu] = False
            continue
        k += 1
        if p < floor:
            p = floor  # a rank below the floor is skipped (see state.with_line_cache)
        s = score[uu] + fuel[uu]
        if p < best_rank or (p == best_rank and (
                s > best_score or (s == best_score and u < best))):
            best, best_rank, best_score = u, p, s
    return best, best_rank, n_active


@njit(cache=True, nogil=True)
def _propagate(span, of_cell, blocks, colors, clue_off, methods, complete, score, cells,
               pending, fuel, trail_idx, trail_old, tpos_box, linebuf, outbuf, iwork, stats,
               control, ltag, lcache, lkey, floor_box, active, listed):
    """:func:`propagate` on the record's arrays (``tpos_box`` is its ``tpos``, ``floor_box``
    its ``floor``), with scratch for the list of units that may still have work: ``active``
    (``int64[n_units]``) and ``listed`` (``bool[n_units]``, all false, and left so), which a
    loop calling this many times (the probing round) allocates once."""
    tpos = tpos_box[0]
    n_ranks = methods.shape[0]
    floor = floor_box[0]
    n_units = pending.shape[0]
    zero = np.uint64(0)
    # the units that may still have work (pending below n_ranks), so that choosing the next
    # one scans these, not every unit: a probe touches a handful of a board's lines
    n_active = 0
    for u in range(n_units):
        if pending[u] < n_ranks:
            active[n_active] = u
            listed[u] = True
            n_active += 1
    while True:
        if control[0] != 0:
            tpos_box[0] = tpos
            _unlist(listed, active, n_active)
            return PROP_STOPPED
        best, best_rank, n_active = _pick(active, n_active, listed, pending, score, fuel,
                                          floor, n_ranks)
        if best < 0:
            tpos_box[0] = tpos
            return PROP_OK
        start = span[best, 0]
        stride = span[best, 1]
        n = span[best, 2]
        a = clue_off[best]
        b = clue_off[best + 1]
        on_bits = False
        lost = zero  # the cells of the line's first 64 that lost a value (on_bits)
        lost_hi = zero  # and of cells 64 to 127
        ce2 = zero  # the bit planes after, first 64 cells
        cf2 = zero
        ce2_hi = zero
        cf2_hi = zero
        if ltag.shape[0] == 0:
            # no cache (the line pass, see new_prop): fcomp on masks read straight from the
            # cells and changes visited bit by bit (propagate_bits.plain_bits), else the plain
            # path through the dispatcher
            status = BITS_FALLBACK
            if methods[best_rank] == FCOMP:
                if n <= MAX_BITS:
                    status, ce, cf, ce2, cf2 = plain_bits(blocks[a:b], colors[a:b], cells,
                                                          start, stride, n, iwork)
                    lost = (ce & ~ce2) | (cf & ~cf2)
                elif n <= MAX_BITS2:
                    status, lost, ce2, cf2, lost_hi, ce2_hi, cf2_hi = plain_bits2(
                        blocks[a:b], colors[a:b], cells, start, stride, n, iwork)
                on_bits = status != BITS_FALLBACK
            if status == BITS_FALLBACK:
                for i in range(n):
                    linebuf[i] = cells[start + i * stride]
                status = solve_line(methods[best_rank], blocks[a:b], colors[a:b], linebuf[:n],
                                    outbuf[:n], iwork)
        else:
            tag = best * n_ranks + best_rank + 1
            status = BITS_FALLBACK
            if methods[best_rank] == FCOMP and n <= MAX_BITS:
                # fcomp on a black-and-white line: masks from end to end (propagate_bits)
                status, ce, cf, ce2, cf2 = cached_bits(tag, blocks[a:b], colors[a:b], cells,
                                                       start, stride, n, iwork, ltag, lcache,
                                                       stats)
                lost = (ce & ~ce2) | (cf & ~cf2)
                on_bits = status != BITS_FALLBACK
            if status == BITS_FALLBACK:
                status = cached_solve(methods[best_rank], tag, blocks[a:b], colors[a:b], cells,
                                      start, stride, n, linebuf, outbuf, iwork, ltag, lcache,
                                      lkey, stats)
        stats[ST_LINES + best_rank] += 1
        fuel[best] = 0
        if status == CONTRADICTION:
            stats[ST_CONTRADICTIONS] += 1
            tpos_box[0] = tpos
            _unlist(listed, active, n_active)
            return PROP_CONTRADICTION
        if status == REFUSED:
            tpos_box[0] = tpos
            _unlist(listed, active, n_active)
            return PROP_REFUSED
        if status == CHANGED:
            if on_bits:
                # the cells that lost a value, in increasing order (the order of the loop below)
                tpos, n_active = _assign_lost(lost, ce2, cf2, start, stride, cells, trail_idx,
                                              trail_old, tpos, stats, of_cell, best, pending,
                                              fuel, listed, active, n_active)
                if lost_hi != zero:
                    tpos, n_active = _assign_lost(lost_hi, ce2_hi, cf2_hi, start + 64 * stride,
                                                  stride, cells, trail_idx, trail_old, tpos,
                                                  stats, of_cell, best, pending, fuel, listed,
                                                  active, n_active)
            else:
                for i in range(n):
                    if outbuf[i] != linebuf[i]:
                        idx = start + i * stride
                        tpos = assign_cell(cells, trail_idx, trail_old, tpos, stats, idx,
                                           outbuf[i])
                        n_active = _fuel_crossing(of_cell, idx, best, pending, fuel, listed, active,
                                                   n_active)
            # a line solver is idempotent and a weaker rank finds nothing after a stronger one,
            # so only the ranks above this one can still add to this unit
            pending[best] = n_ranks if complete[best_rank] else best_rank + 1
        else:
            pending[best] = best_rank + 1
