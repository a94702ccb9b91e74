"""The depth-first engine's black-and-white lines of up to 64 cells on bit masks.

:func:`~.propagate._propagate` solves a line through its line cache
(:func:`~.propagate.cached_solve`) by reading its ``uint32`` cells into a buffer, packing them
two bits a cell into the cache's key, and on a miss handing the buffer to the dispatcher, whose
fcomp (:func:`~.dispatch.run`) turns the cells into two masks for the bit-mask solver
(:mod:`.lines_bits`) and the answer back into cells; the answer is then packed into the cache
and compared with the line cell by cell. For fcomp's rank on a black-and-white line of up to 64
cells, :func:`cached_bits` does the same work on masks from end to end: one read of the cells
builds the masks, the cache's key words (the very words :func:`~.propagate.cached_solve` packs,
so the same slot, the same hits and misses, and entries either function can read) are spread
from the masks, a miss goes straight to :func:`~.lines_bits.bits_masks`, and the answer comes
back as masks, whose new-known cells the caller visits in increasing order (the order of the
cell-by-cell comparison, so the trail, and every step, hint and probe, is the same).

The masks here are the two bit planes of the cells: ``ce`` holds the cells that may be empty
(bit 0 of a cell, :data:`~.common.EMPTY`), ``cf`` those that may be filled (bit 1,
:data:`~.common.FILLED`); a cell's value is ``ce_i | cf_i << 1``, a cell with neither (a dead
cell, value 0) is known both filled and empty to the solver, which finds no arrangement, as
the prologue does.
"""

from __future__ import annotations

import numpy as np
from numba import config, njit
from numba.cpython.unsafe.numbers import trailing_zeros

from .common import CHANGED
from .lines_bits import bits_masks, full
from .lines_bits2 import bits2_masks
from .state import ST_CACHED

BITS_FALLBACK = -100
""":func:`cached_bits`'s status for a line it does not take (a cell holding a colour value, or a
corrupt clue): the caller solves it with :func:`~.propagate.cached_solve`, as before."""

@njit(cache=True, nogil=True, inline="always")
def spread(x):
    """The low 32 bits of ``x`` moved to the even bits of a word (bit ``i`` to bit ``2 i``)."""
    x &= np.uint64(0x00000000FFFFFFFF)
    x = (x | (x << np.uint64(16))) & np.uint64(0x0000FFFF0000FFFF)
    x = (x | (x << np.uint64(8))) & np.uint64(0x00FF00FF00FF00FF)
    x = (x | (x << np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    x = (x | (x << np.uint64(2))) & np.uint64(0x3333333333333333)
    return (x | (x << np.uint64(1))) & np.uint64(0x5555555555555555)


@njit(cache=True, nogil=True, inline="always")
def gather(x):
    """The even bits of ``x`` moved down to its low 32 bits: :func:`spread` undone."""
    x &= np.uint64(0x5555555555555555)
    x = (x | (x >> np.uint64(1))) & np.uint64(0x3333333333333333)
    x = (x | (x >> np.uint64(2))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    x = (x | (x >> np.uint64(4))) & np.uint64(0x00FF00FF00FF00FF)
    x = (x | (x >> np.uint64(8))) & np.uint64(0x0000FFFF0000FFFF)
    return (x | (x >> np.uint64(16))) & np.uint64(0x00000000FFFFFFFF)


@njit(cache=True, nogil=True, inline="always")
def packed_word(ce, cf, j):
    """Word ``j`` of a line's cells packed two bits a cell, 32 to a word (cell ``32 j`` in bits
    0-1), from its bit planes: :func:`~.propagate.cached_solve`'s key word."""
    sh = np.uint64(32 * j)
    return spread(ce >> sh) | (spread(cf >> sh) << np.uint64(1))


def _ctz_py(v: int) -> int:
    """:func:`ctz` with numba's JIT off (``NUMBA_DISABLE_JIT=1``)."""
    v = int(v)
    return (v & -v).bit_length() - 1


@njit(cache=True, nogil=True, inline="always")
def _ctz_jit(v):
    """:func:`ctz` compiled: numba's count of trailing zeros (one instruction), which is
    callable from compiled code only, hence this wrapper for calls from Python."""
    return trailing_zeros(v)


ctz = _ctz_py if config.DISABLE_JIT else _ctz_jit
"""The index of the lowest set bit of a non-zero word (one instruction compiled)."""


@njit(cache=True, nogil=True, inline="always")
def bw_clue(blocks, colors):
    """Whether a clue is black and white with blocks of at least 1 (the bit solvers' lines)."""
    for j in range(blocks.shape[0]):
        if blocks[j] < 1 or colors[j] != 1:
            return False
    return True


@njit(cache=True, nogil=True, inline="always")
def read_planes(cells, start, stride, lo, hi):
    """Cells ``lo`` to ``hi - 1`` (at most 64) of the line at ``start``, ``stride`` as its two
    bit planes ``(ce, cf)``, cell ``lo`` in bit 0, and the OR of their values (above 3: a
    colour value, which the planes do not hold)."""
    ce = np.uint64(0)
    cf = np.uint64(0)
    seen = np.uint32(0)
    for i in range(lo, hi):
        v = cells[np.uint64(start + i * stride)]  # unsigned: no negative-index test
        seen |= v
        sh = np.uint64(i - lo)
        ce |= np.uint64(v & np.uint32(1)) << sh
        cf |= np.uint64((v >> np.uint32(1)) & np.uint32(1)) << sh
    return ce, cf, seen


@njit(cache=True, nogil=True, inline="always")
def bw_line(blocks, colors, cells, start, stride, n):
    """``(ok, ce, cf)``: the bit planes of a line of ``n <= 64`` cells, ``ok`` false (and
    nothing to use) when a cell holds a colour value or the clue is not black and white with
    blocks of at least 1: the lines :func:`plain_bits` and :func:`cached_bits` leave to the
    cell path."""
    if not bw_clue(blocks, colors):
        return False, np.uint64(0), np.uint64(0)
    ce, cf, seen = read_planes(cells, start, stride, 0, n)
    return seen <= 3, ce, cf


@njit(cache=True, nogil=True, inline="always")
def plain_bits(blocks, colors, cells, start, stride, n, iwork):
    """fcomp on a line of ``n <= 64`` cells on masks, without the cache (the line pass, which
    has none): :func:`cached_bits`'s answer ``(status, ce, cf, ce2, cf2)``, or
    :data:`BITS_FALLBACK`. The same status and cells as the dispatcher's fcomp (its prologue
    included: a dead cell is known both ways, an empty clue leaves only empty cells, a clue
    longer than the line has no arrangement), without copying the line in and out."""
    zero = np.uint64(0)
    ok, ce, cf = bw_line(blocks, colors, cells, start, stride, n)
    if not ok:
        return BITS_FALLBACK, zero, zero, zero, zero
    all_ = full(n)
    status, filled, empty = bits_masks(blocks, n, all_ & ~ce, all_ & ~cf, iwork)
    if status != CHANGED:
        return status, ce, cf, ce, cf
    return status, ce, cf, all_ & ~filled, all_ & ~empty


@njit(cache=True, nogil=True, inline="always")
def plain_bits2(blocks, colors, cells, start, stride, n, iwork):
    """:func:`plain_bits` on a line of ``65 <= n <= 128`` cells (:mod:`.lines_bits2`): ``(status,
    lost_lo, ce2_lo, cf2_lo, lost_hi, ce2_hi, cf2_hi)``, ``lost`` being the cells that lost a
    value and ``ce2``, ``cf2`` the bit planes after (cell 64 in bit 0 of the high words)."""
    zero = np.uint64(0)
    if not bw_clue(blocks, colors):
        return BITS_FALLBACK, zero, zero, zero, zero, zero, zero
    ce0, cf0, seen0 = read_planes(cells, start, stride, 0, 64)
    ce1, cf1, seen1 = read_planes(cells, start, stride, 64, n)
    if (seen0 | seen1) > 3:
        return BITS_FALLBACK, zero, zero, zero, zero, zero, zero
    a0 = ~zero
    a1 = full(n - 64)
    status, g0, g1, h0, h1 = bits2_masks(blocks, n, a0 & ~ce0, a1 & ~ce1, a0 & ~cf0, a1 & ~cf1,
                                         iwork)
    if status != CHANGED:
        return status, zero, ce0, cf0, zero, ce1, cf1
    ce20 = a0 & ~g0
    cf20 = a0 & ~h0
    ce21 = a1 & ~g1
    cf21 = a1 & ~h1
    return (status, (ce0 & ~ce20) | (cf0 & ~cf20), ce20, cf20, (ce1 & ~ce21) | (cf1 & ~cf21),
            ce21, cf21)


@njit(cache=True, nogil=True, inline="always")
def cached_bits(tag, blocks, colors, cells, start, stride, n, iwork, ltag, lcache, stats):
    """fcomp on unit ``tag``'s line of ``n <= 64`` cells through the line cache, on masks:
    ``(status, ce, cf, ce2, cf2)``, the line's bit planes before and after (the latter only
    meaningful for ``CHANGED``), or :data:`BITS_FALLBACK` when a cell holds a colour value or
    the clue is not black and white with blocks of at least 1 (nothing read or written then).

    The cache's slot, key and answer are :func:`~.propagate.cached_solve`'s for the same line
    (see the module's docstring), and so is ``stats``' count of lines the cache answered."""
    zero = np.uint64(0)
    ok, ce, cf = bw_line(blocks, colors, cells, start, stride, n)
    if not ok:
        return BITS_FALLBACK, zero, zero, zero, zero
    key0 = packed_word(ce, cf, 0)
    key1 = packed_word(ce, cf, 1)
    two = n > 32
    h = np.uint64(tag) * np.uint64(0x9E3779B97F4A7C15)
    h = (h ^ key0) * np.uint64(0xBF58476D1CE4E5B9)
    h ^= h >> np.uint64(31)
    if two:
        h = (h ^ key1) * np.uint64(0xBF58476D1CE4E5B9)
        h ^= h >> np.uint64(31)
    slot = np.int64(h & np.uint64(ltag.shape[0] - 1))
    entry = ltag[slot]
    base = lcache.shape[1] // 2
    if ((entry & np.uint64(0x00FFFFFFFFFFFFFF)) == np.uint64(tag) and lcache[slot, 0] == key0
            and (not two or lcache[slot, 1] == key1)):
        stats[ST_CACHED] += 1
        status = np.int64(entry >> np.uint64(56)) - 2
        if status != CHANGED:
            return status, ce, cf, ce, cf
        w0 = lcache[slot, base]
        w1 = lcache[slot, base + 1] if two else zero
        ce2 = gather(w0) | (gather(w1) << np.uint64(32))
        cf2 = gather(w0 >> np.uint64(1)) | (gather(w1 >> np.uint64(1)) << np.uint64(32))
        return status, ce, cf, ce2, cf2
    all_ = full(n)
    status, filled, empty = bits_masks(blocks, n, all_ & ~ce, all_ & ~cf, iwork)
    ltag[slot] = np.uint64(tag) | (np.uint64(status + 2) << np.uint64(56))
    lcache[slot, 0] = key0
    if two:
        lcache[slot, 1] = key1
    if status != CHANGED:
        return status, ce, cf, ce, cf
    ce2 = all_ & ~filled
    cf2 = all_ & ~empty
    lcache[slot, base] = packed_word(ce2, cf2, 0)
    if two:
        lcache[slot, base + 1] = packed_word(ce2, cf2, 1)
    return status, ce, cf, ce2, cf2

