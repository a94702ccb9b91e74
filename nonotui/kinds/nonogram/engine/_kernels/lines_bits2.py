"""The bit-mask linesolver of :mod:`.lines_bits` on lines of 65 to 128 cells: two words a mask.

The same forward and backward passes (see :mod:`.lines_bits`, whose reasoning carries over word
for word); a mask is a pair ``(lo, hi)``, cell ``i`` in bit ``i`` of ``lo`` below 64 and bit
``i - 64`` of ``hi`` from 64 on, and the shifts, the addition and the flood fills carry between
the two words.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .common import CHANGED, CONTRADICTION, UNCHANGED
from .lines_bits import read_masks, restrict

MAX_BITS2 = 128
"""The longest line the two-word solver takes."""


@njit(cache=True, nogil=True, inline="always")
def shl2(a0, a1, d):
    """``(a0, a1)`` shifted up by ``0 <= d < 128`` cells."""
    if d == 0:
        return a0, a1
    if d < 64:
        return a0 << np.uint64(d), (a1 << np.uint64(d)) | (a0 >> np.uint64(64 - d))
    return np.uint64(0), a0 << np.uint64(d - 64)


@njit(cache=True, nogil=True, inline="always")
def shr2(a0, a1, d):
    """``(a0, a1)`` shifted down by ``0 <= d < 128`` cells."""
    if d == 0:
        return a0, a1
    if d < 64:
        return (a0 >> np.uint64(d)) | (a1 << np.uint64(64 - d)), a1 >> np.uint64(d)
    return a1 >> np.uint64(d - 64), np.uint64(0)


@njit(cache=True, nogil=True, inline="always")
def fit2(n0, n1, length):
    """:func:`.lines_bits.fit` on two words (``length`` up to 128)."""
    c0, c1 = n0, n1
    h = 1
    while 2 * h <= length:
        s0, s1 = shl2(c0, c1, h)
        c0 &= s0
        c1 &= s1
        h *= 2
    s0, s1 = shl2(c0, c1, length - h)
    return c0 & s0, c1 & s1


@njit(cache=True, nogil=True, inline="always")
def smear2(v0, v1, length):
    """:func:`.lines_bits.smear` on two words."""
    c0, c1 = v0, v1
    h = 1
    while 2 * h <= length:
        s0, s1 = shr2(c0, c1, h)
        c0 |= s0
        c1 |= s1
        h *= 2
    s0, s1 = shr2(c0, c1, length - h)
    return c0 | s0, c1 | s1


@njit(cache=True, nogil=True, inline="always")
def fill_right2(m0, m1, s0, s1):
    """:func:`.lines_bits.fill_right` on two words: the sum's carry goes from ``lo`` to ``hi``."""
    t0 = m0 + s0
    carry = np.uint64(1) if t0 < m0 else np.uint64(0)
    t1 = m1 + s1 + carry
    return (m0 & ~t0) | s0, (m1 & ~t1) | s1


@njit(cache=True, nogil=True, inline="always")
def fill_left2(m0, m1, s0, s1):
    """:func:`.lines_bits.fill_left` on two words (steps up to 64)."""
    r0 = s0 & m0
    r1 = s1 & m1
    g0, g1 = m0, m1
    d = 1
    while d < 128:
        x0, x1 = shr2(r0, r1, d)
        r0 |= x0 & g0
        r1 |= x1 & g1
        x0, x1 = shr2(g0, g1, d)
        g0 &= x0
        g1 &= x1
        if (g0 | g1) == 0:
            break
        d *= 2
    return r0, r1


@njit(cache=True, nogil=True, inline="always")
def _low_mask(x):
    """The bits below the lowest set bit of ``x`` (``x`` not 0)."""
    return (x & (~x + np.uint64(1))) - np.uint64(1)


@njit(cache=True, nogil=True, inline="always")
def before_first2(f0, f1, a0, a1):
    """The cells before the first of ``(f0, f1)`` within the line ``(a0, a1)``."""
    if f0 != 0:
        return _low_mask(f0) & a0, np.uint64(0)
    if f1 != 0:
        return a0, _low_mask(f1) & a1
    return a0, a1


@njit(cache=True, nogil=True, inline="always")
def _store2(iwork, j, x0, x1):
    mask = np.uint64(0xFFFFFFFF)
    iwork[4 * j] = np.int32(x0 & mask)
    iwork[4 * j + 1] = np.int32(x0 >> np.uint64(32))
    iwork[4 * j + 2] = np.int32(x1 & mask)
    iwork[4 * j + 3] = np.int32(x1 >> np.uint64(32))


@njit(cache=True, nogil=True, inline="always")
def _load2(iwork, j):
    w = np.uint64(32)
    x0 = np.uint64(np.uint32(iwork[4 * j])) | (np.uint64(np.uint32(iwork[4 * j + 1])) << w)
    x1 = np.uint64(np.uint32(iwork[4 * j + 2])) | (np.uint64(np.uint32(iwork[4 * j + 3])) << w)
    return x0, x1


@njit(cache=True, nogil=True)
def solve_masks2(blocks, n, f0, f1, e0, e1, iwork):
    """:func:`.lines_bits.solve_masks` on a line of ``65 <= n <= 128`` cells:
    ``(feasible, fill_lo, fill_hi, empty_lo, empty_hi)``; ``blocks`` is not empty and fits the
    line's length; ``iwork`` holds at least ``4 * len(blocks)`` cells."""
    k = blocks.shape[0]
    zero = np.uint64(0)
    one = np.uint64(1)
    a0 = ~zero
    a1 = ~zero >> np.uint64(128 - n)
    m0 = ~f0 & a0
    m1 = ~f1 & a1
    ne0 = ~e0 & a0
    ne1 = ~e1 & a1
    nf0, nf1 = shr2(f0, f1, 1)
    nf0 = ~nf0
    nf1 = ~nf1
    # forward: P[j] into iwork
    r0, r1 = before_first2(f0, f1, a0, a1)
    st0, st1 = shl2(r0, r1, 1)
    st0 = (st0 | one) & a0
    st1 &= a1
    p0 = zero
    p1 = zero
    for j in range(k):
        length = blocks[j]
        x0, x1 = shl2(st0, st1, length - 1)
        y0, y1 = fit2(ne0, ne1, length)
        p0 = x0 & y0 & nf0 & a0
        p1 = x1 & y1 & nf1 & a1
        if (p0 | p1) == 0:
            return False, zero, zero, zero, zero
        _store2(iwork, j, p0, p1)
        x0, x1 = shl2(p0, p1, 1)
        r0, r1 = fill_right2(m0, m1, x0 & m0, x1 & m1)
        st0, st1 = shl2(r0, r1, 1)
        st0 &= a0
        st1 &= a1
    top1 = one << np.uint64(n - 65)
    if ((p1 | r1) & top1) == 0:
        return False, zero, zero, zero, zero
    # backward
    t0, t1 = fill_left2(m0, m1, zero, top1 & m1)
    ce0 = r0 & t0
    ce1 = r1 & t1
    cf0 = zero
    cf1 = zero
    q0, q1 = shr2(t0, t1, 1)
    q0 &= a0
    q1 = (q1 | top1) & a1
    for j in range(k - 1, -1, -1):
        length = blocks[j]
        v0, v1 = _load2(iwork, j)
        v0 &= q0
        v1 &= q1
        x0, x1 = smear2(v0, v1, length)
        cf0 |= x0
        cf1 |= x1
        x0, x1 = shr2(v0, v1, length - 1)
        x0, x1 = shr2(x0, x1, 1)
        h0, h1 = fill_left2(m0, m1, x0 & m0, x1 & m1)
        if j > 0:
            x0, x1 = _load2(iwork, j - 1)
            x0, x1 = shl2(x0, x1, 1)
            g0, g1 = fill_right2(m0, m1, x0 & m0, x1 & m1)
        else:
            g0, g1 = before_first2(f0, f1, a0, a1)
        ce0 |= g0 & h0
        ce1 |= g1 & h1
        q0, q1 = shr2(h0, h1, 1)
    return True, cf0, cf1, ce0, ce1


@njit(cache=True, nogil=True, inline="always")
def bits2_open(blocks, line, out, iwork):
    """:func:`.lines_bits.bits_open` on a line of ``65 <= n <= 128`` cells."""
    n = line.shape[0]
    f0, e0 = read_masks(line, 0, 64)
    f1, e1 = read_masks(line, 64, n)
    ok, cf0, cf1, ce0, ce1 = solve_masks2(blocks, n, f0, f1, e0, e1, iwork)
    if not ok:
        return CONTRADICTION
    low = restrict(line, out, 0, 64, cf0, ce0)
    high = restrict(line, out, 64, n, cf1, ce1)
    return CHANGED if low or high else UNCHANGED


@njit(cache=True, nogil=True, inline="always")
def bits2_masks(blocks, n, f0, f1, e0, e1, iwork):
    """:func:`.lines_bits.bits_masks` on a line of ``65 <= n <= 128`` cells: ``(status, filled
    lo, filled hi, empty lo, empty hi)``, all four 0 after a contradiction."""
    zero = np.uint64(0)
    k = blocks.shape[0]
    need = k - 1
    for j in range(k):
        need += blocks[j]
    if need > n:
        return CONTRADICTION, zero, zero, zero, zero
    a0 = ~zero
    a1 = ~zero >> np.uint64(128 - n)
    if k == 0:
        if (f0 | f1) != 0:
            return CONTRADICTION, zero, zero, zero, zero
        status = CHANGED if ((a0 & ~e0) | (a1 & ~e1)) != 0 else UNCHANGED
        return status, zero, zero, a0, a1
    ok, cf0, cf1, ce0, ce1 = solve_masks2(blocks, n, f0, f1, e0, e1, iwork)
    if not ok:
        return CONTRADICTION, zero, zero, zero, zero
    g0 = a0 & ~ce0
    g1 = a1 & ~ce1
    h0 = a0 & ~cf0
    h1 = a1 & ~cf1
    new = (g0 & ~f0) | (g1 & ~f1) | (h0 & ~e0) | (h1 & ~e1)
    return (CHANGED if new != 0 else UNCHANGED), g0, g1, h0, h1
