"""An exact black-and-white linesolver on bit masks, for lines of up to 64 cells.

Cell ``i`` of a line is bit ``i`` of a ``uint64``: ``f`` holds the cells known filled, ``e`` those
known empty, ``all_`` the line's ``n`` cells. Where fcomp (:mod:`.lines_fcomp`) walks the cells
and the blocks' places one by one, this solver handles every place of a block at once, a few word
operations per block, whatever the line holds.

**Forward pass.** ``P[j]`` is the set of cells where block ``j`` can end with blocks ``0..j``
placed validly from the line's start (each on cells that are not known empty, the cells between
them, and before the first, not known filled, the cell after block ``j`` not known filled).
``G[j]`` is the set of cells that can be gap cells after blocks ``0..j-1`` so placed with no
known-filled cell since: for ``j = 0`` the cells before the first known-filled one, for ``j > 0``
the cells reached from a cell just after an end in ``P[j-1]`` through cells not known filled
(:func:`fill_right`). Block ``j`` can start just after a cell of ``G[j]`` (block 0 at cell 0 too),
and ends ``length - 1`` cells later where a run of ``length`` cells not known empty ends
(:func:`fit`) and the next cell is not known filled. The line has an arrangement exactly when
cell ``n - 1`` is an end in ``P[k-1]`` or in the gap ``G[k]`` after it.

**Backward pass.** The same from the right: ``Q`` is the set of ends of block ``j`` after which
blocks ``j+1..`` can be placed validly to the line's end, ``H[j]`` the cells that can be gap
cells before block ``j`` with such a placement of blocks ``j..`` after them and no known-filled
cell between (:func:`fill_left`). A block can end at ``x`` in some arrangement exactly when
``x`` is in ``P[j]`` and in ``Q`` (the two halves meet only in the cell after the block, which
both require not known filled), so the cells it then covers may be filled. A cell ``c`` is a gap
cell of some arrangement exactly when, for some ``j``, ``c`` is in ``G[j]`` and in ``H[j]``: a
valid prefix ends before ``c``, a valid suffix starts after it, and no known-filled cell lies
between (join the two through ``c``); the converse is the definition. So the cells that may be
filled are the blocks' spans over their valid ends, those that may be empty the union of
``G[j] & H[j]``; with an arrangement, every cell is one or the other.

Only the forward ends ``P`` are kept (in ``iwork``, two ``int32`` a word); ``G[j]`` is rebuilt
from ``P[j-1]`` on the way back. :func:`bits_feasible` is the forward pass alone.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .common import BOTH, CHANGED, CONTRADICTION, EMPTY, FILLED, UNCHANGED

MAX_BITS = 64
"""The longest line the solver takes: one machine word a mask."""


@njit(cache=True, nogil=True, inline="always")
def full(n):
    """The mask of cells ``0..n-1`` (``1 <= n <= 64``), without a shift by 64."""
    return ~np.uint64(0) >> np.uint64(64 - n)


@njit(cache=True, nogil=True, inline="always")
def fit(ne, length):
    """The cells ``x`` such that cells ``x - length + 1 .. x`` are all in ``ne``: runs of
    ``length`` doubled up from runs of 1 (``ne`` itself) and joined by one last overlapping AND."""
    cur = ne
    h = 1
    while 2 * h <= length:
        cur &= cur << np.uint64(h)
        h *= 2
    return cur & (cur << np.uint64(length - h))


@njit(cache=True, nogil=True, inline="always")
def smear(v, length):
    """The cells ``x - length + 1 .. x`` for every ``x`` in ``v``: the spans of blocks of
    ``length`` ending in ``v``."""
    cur = v
    h = 1
    while 2 * h <= length:
        cur |= cur >> np.uint64(h)
        h *= 2
    return cur | (cur >> np.uint64(length - h))


@njit(cache=True, nogil=True, inline="always")
def fill_right(m, s):
    """The cells of ``m`` reached from a seed of ``s`` (``s`` within ``m``) by moving up through
    cells of ``m``. Adding the seeds to ``m`` carries each run's lowest seed to the run's end,
    clearing the cells from it on; a run's other seeds land on cells already cleared and are
    set in the sum, so they are put back by the OR."""
    return (m & ~(m + s)) | s


@njit(cache=True, nogil=True, inline="always")
def fill_left(m, s):
    """The cells of ``m`` reached from a seed of ``s`` by moving down through cells of ``m``
    (a carry runs only upwards, so this one doubles: after the step of ``d``, ``g`` holds the
    cells starting a run of ``2 d`` cells of ``m``; none left, nothing more can spread)."""
    r = s & m
    g = m
    d = 1
    while d < 64:
        r |= (r >> np.uint64(d)) & g
        g &= g >> np.uint64(d)
        if g == 0:
            break
        d *= 2
    return r


@njit(cache=True, nogil=True, inline="always")
def before_first(f, all_):
    """The cells before the first of ``f`` (all of them when ``f`` is empty): ``G[0]``."""
    if f == 0:
        return all_
    return ((f & (~f + np.uint64(1))) - np.uint64(1)) & all_


@njit(cache=True, nogil=True, inline="always")
def _store(iwork, j, x):
    iwork[2 * j] = np.int32(x & np.uint64(0xFFFFFFFF))
    iwork[2 * j + 1] = np.int32(x >> np.uint64(32))


@njit(cache=True, nogil=True, inline="always")
def _load(iwork, j):
    return np.uint64(np.uint32(iwork[2 * j])) | (np.uint64(np.uint32(iwork[2 * j + 1]))
                                                 << np.uint64(32))


@njit(cache=True, nogil=True, inline="always")
def forward(blocks, n, f, e, iwork, keep):
    """The forward pass; with ``keep``, ``P[j]`` goes to ``iwork`` (two cells a block). Returns
    ``(feasible, gap)``, ``gap`` being ``G[k]``."""
    all_ = full(n)
    m = ~f & all_
    ne = ~e & all_
    nf1 = ~(f >> np.uint64(1))
    reach = before_first(f, all_)
    starts = ((reach << np.uint64(1)) | np.uint64(1)) & all_
    ends = np.uint64(0)
    for j in range(blocks.shape[0]):
        length = blocks[j]
        ends = (starts << np.uint64(length - 1)) & fit(ne, length) & nf1 & all_
        if ends == 0:
            return False, np.uint64(0)
        if keep:
            _store(iwork, j, ends)
        reach = fill_right(m, (ends << np.uint64(1)) & m)
        starts = (reach << np.uint64(1)) & all_
    top = np.uint64(1) << np.uint64(n - 1)
    return ((ends | reach) & top) != 0, reach


@njit(cache=True, nogil=True)
def bits_feasible(blocks, n, f, e):
    """Whether some arrangement of ``blocks`` fits the line of ``n`` cells (``1 <= n <= 64``)
    whose known-filled cells are ``f`` and known-empty cells ``e``: the forward pass alone."""
    if blocks.shape[0] == 0:
        return f == 0
    ok, _ = forward(blocks, n, f, e, blocks, False)
    return ok


@njit(cache=True, nogil=True, inline="always")
def solve_masks(blocks, n, f, e, iwork):
    """Both passes: ``(feasible, can_fill, can_empty)``, the cells that are filled, and those
    that are empty, in some arrangement (both 0 when there is none). ``blocks`` is not empty;
    ``iwork`` holds at least ``2 * len(blocks)`` cells."""
    k = blocks.shape[0]
    zero = np.uint64(0)
    ok, gap = forward(blocks, n, f, e, iwork, True)
    if not ok:
        return False, zero, zero
    all_ = full(n)
    m = ~f & all_
    top = np.uint64(1) << np.uint64(n - 1)
    tail = fill_left(m, top & m)  # H[k]: the cells after the last filled
    can_empty = gap & tail
    can_fill = zero
    q = ((tail >> np.uint64(1)) | top) & all_
    for j in range(k - 1, -1, -1):
        length = blocks[j]
        v = _load(iwork, j) & q
        can_fill |= smear(v, length)
        # the cells just before a valid start, in two shifts (never one by 64)
        h = fill_left(m, ((v >> np.uint64(length - 1)) >> np.uint64(1)) & m)
        if j > 0:
            g = fill_right(m, (_load(iwork, j - 1) << np.uint64(1)) & m)
        else:
            g = before_first(f, all_)
        can_empty |= g & h
        q = h >> np.uint64(1)
    return True, can_fill, can_empty


@njit(cache=True, nogil=True)
def bits_solve(blocks, n, f, e, iwork):
    """:func:`solve_masks` callable from Python and other kernels, the empty clue included:
    ``(feasible, can_fill, can_empty)`` for the line of ``n`` cells (``1 <= n <= 64``) whose
    known cells are ``f`` (filled) and ``e`` (empty)."""
    if blocks.shape[0] == 0:
        if f != 0:
            return False, np.uint64(0), np.uint64(0)
        return True, np.uint64(0), full(n)
    return solve_masks(blocks, n, f, e, iwork)


@njit(cache=True, nogil=True, inline="always")
def read_masks(line, lo, hi):
    """Cells ``lo`` to ``hi - 1`` of ``line`` (at most 64) as two masks, known filled and known
    empty, cell ``lo`` in bit 0: one pass, no branch on the values."""
    f = np.uint64(0)
    e = np.uint64(0)
    for i in range(lo, hi):
        c = line[i] & BOTH
        f |= np.uint64(c == FILLED) << np.uint64(i - lo)
        e |= np.uint64(c == EMPTY) << np.uint64(i - lo)
    return f, e


@njit(cache=True, nogil=True, inline="always")
def restrict(line, out, lo, hi, can_fill, can_empty):
    """``out[i] = line[i] & the values cell i can still take`` for cells ``lo`` to ``hi - 1``,
    whose possibilities are bit ``i - lo`` of ``can_fill`` and ``can_empty``; returns whether
    a cell lost a value (colour bits are dropped, as :func:`~.common.writeback` drops them)."""
    one = np.uint64(1)
    changed = False
    for i in range(lo, hi):
        sh = np.uint64(i - lo)
        allowed = np.uint32((can_empty >> sh) & one) | (np.uint32((can_fill >> sh) & one)
                                                         << np.uint32(1))
        old = line[i]
        new = old & allowed
        changed |= new != old
        out[i] = new
    return changed


@njit(cache=True, nogil=True, inline="always")
def bits_open(blocks, line, out, iwork):
    """fcomp's contract on a black-and-white line of ``1 <= n <= 64`` cells that
    :func:`~.common.prologue` left pending: ``out = line & possible values``, and the status.

    The cells are read into the two masks in one pass without branches on their values, and
    written back in another (every cell, since ``out`` need not be ``line``)."""
    n = line.shape[0]
    f, e = read_masks(line, 0, n)
    ok, can_fill, can_empty = solve_masks(blocks, n, f, e, iwork)
    if not ok:
        return CONTRADICTION
    return CHANGED if restrict(line, out, 0, n, can_fill, can_empty) else UNCHANGED


@njit(cache=True, nogil=True, inline="always")
def bits_masks(blocks, n, f, e, iwork):
    """The dispatcher's fcomp on a black-and-white line of ``1 <= n <= 64`` cells given as its
    masks, prologue included: ``(status, filled, empty)``, the cells known filled and known
    empty afterwards (both 0 after a contradiction). The learning search, which keeps its lines'
    masks anyway, takes this instead of cells in and cells out."""
    zero = np.uint64(0)
    need = blocks.shape[0] - 1
    for j in range(blocks.shape[0]):
        need += blocks[j]
    if need > n:
        return CONTRADICTION, zero, zero
    ok, can_fill, can_empty = bits_solve(blocks, n, f, e, iwork)
    if not ok:
        return CONTRADICTION, zero, zero
    all_ = full(n)
    filled = all_ & ~can_empty
    empty = all_ & ~can_fill
    status = CHANGED if ((filled & ~f) | (empty & ~e)) != 0 else UNCHANGED
    return status, filled, empty


@njit(cache=True, nogil=True, inline="always")
def highest(x):
    """The highest set bit of ``x`` alone (0 for 0)."""
    x |= x >> np.uint64(1)
    x |= x >> np.uint64(2)
    x |= x >> np.uint64(4)
    x |= x >> np.uint64(8)
    x |= x >> np.uint64(16)
    x |= x >> np.uint64(32)
    return x ^ (x >> np.uint64(1))


@njit(cache=True, nogil=True, inline="always")
def _from(f, below):
    """The cells from the last of ``f`` within ``below`` on (every cell when there is none): the
    ends that leave no known-filled cell of ``below`` after them."""
    last = highest(f & below)
    if last == 0:
        return ~np.uint64(0)
    return ~(last - np.uint64(1))


@njit(cache=True, nogil=True)
def bits_witness(blocks, n, f, e, iwork):
    """:func:`bits_feasible` with an arrangement to show for it: ``(feasible, cells)``, the
    filled cells of the leftmost arrangement that fits (0 when none does), the one
    :func:`.lines_fast.leftmost` finds; ``iwork`` holds at least ``2 * len(blocks)`` cells.

    After the forward pass, the last block takes its lowest end with no known-filled cell after
    it, and each earlier block, from the right, its lowest end that leaves a cell free before the
    next block and no known-filled cell between them. Each choice gives a valid arrangement (the
    forward pass vouches for what comes before), and no arrangement has the block further left
    given the blocks after it, which are leftmost too: this is the leftmost arrangement, every
    block as far left as any arrangement has it."""
    zero = np.uint64(0)
    k = blocks.shape[0]
    if k == 0:
        return f == 0, zero
    need = k - 1
    for j in range(k):
        need += blocks[j]
    if need > n:
        return False, zero
    ok, _ = forward(blocks, n, f, e, iwork, True)
    if not ok:
        return False, zero
    ends = _load(iwork, k - 1) & _from(f, ~zero)
    end = ends & (~ends + np.uint64(1))
    length = blocks[k - 1]
    cells = smear(end, length)
    for j in range(k - 2, -1, -1):
        before = (end >> np.uint64(length - 1)) >> np.uint64(1)  # the cell before its start
        below = before - np.uint64(1)
        ends = _load(iwork, j) & below & _from(f, below)
        end = ends & (~ends + np.uint64(1))
        length = blocks[j]
        cells |= smear(end, length)
    return True, cells
