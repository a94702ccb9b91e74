"""The board the whole-puzzle kernels work on: its table of units and the propagation record.

The board is one flat ``uint32`` array of cells. Which cells form a line is not hard-coded: a
table of units says it (:class:`Units`). Unit ``u`` holds the ``span[u, 2]`` cells
``span[u, 0] + i * span[u, 1]`` for ``i < span[u, 2]``; ``of_cell[c]`` lists the units that hold
cell ``c`` and ``at[c]`` its position in each. :func:`grid_units` builds the table of a nonogram:
its rows, then its columns (the one place that order is written). Clues of all units are packed:
the blocks of unit ``u`` are ``blocks[clue_off[u]:clue_off[u + 1]]``, likewise their colours.

Every change of a cell is recorded on a trail (cell index and old value), so a probe or a branch
is undone by unwinding the trail instead of copying the board: the search stack holds trail
positions, not boards, and its memory grows with the search depth only by a few integers.

The caller stops a running search by setting ``control[0]`` to a non-zero value from another
thread (the kernels release the GIL); it is read before every line solved, so a stop takes
effect within one linesolver call. ``stats`` is written as the search goes and may be read
meanwhile.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from .common import borrow, single, work_size

ST_PROBES = 0
ST_GUESSES = 1
ST_DEPTH = 2
ST_MAX_DEPTH = 3
ST_SOLUTIONS = 4
ST_DECIDED = 5
ST_BACKTRACKS = 6
ST_CONTRADICTIONS = 7
ST_CACHED = 8
ST_LINES = 9
"""Indices into the stats array; ST_LINES + rank counts the lines solved by each rank,
``ST_CACHED`` how many of those solves the line cache answered (see :func:`new_line_cache`)."""

CACHE_MIN_SLOTS = 1 << 8
CACHE_MAX_SLOTS = 1 << 16
CACHE_SLOTS_PER_CELL = 8
"""The line cache's size: a power of two, about this many slots per cell of the board, within
these bounds (measured in benchmarks/random_tail.py, see docs/solver.md)."""


class Units(NamedTuple):
    """The constraint units of a board (see the module's docstring)."""

    span: np.ndarray
    """``int64[n_units, 3]``: first cell, stride, length of each unit."""
    of_cell: np.ndarray
    """``int64[n_cells, m]``: the units holding each cell (each cell is in ``m`` units)."""
    at: np.ndarray
    """``int64[n_cells, m]``: the cell's position in each of those units."""


class Prop(NamedTuple):
    """Everything propagation reads and writes, passed as one record.

    The arrays are shared, not copied: the kernels change ``cells``, ``pending``, ``fuel``, the
    trail, ``tpos``, the buffers and ``stats`` in place.
    """

    span: np.ndarray
    of_cell: np.ndarray
    at: np.ndarray
    blocks: np.ndarray
    colors: np.ndarray
    clue_off: np.ndarray
    methods: np.ndarray
    """The stack's method ids, by rank."""
    complete: np.ndarray
    """Whether each rank's linesolver is complete."""
    score: np.ndarray
    """Seed 003's T per unit: higher units are solved first."""
    cells: np.ndarray
    pending: np.ndarray
    """Per unit, the lowest rank that may still find something in it (``n_ranks``: none)."""
    fuel: np.ndarray
    """Per unit, how many of its cells changed since it was last solved."""
    trail_idx: np.ndarray
    trail_old: np.ndarray
    tpos: np.ndarray
    """``int64[1]``: the trail's length."""
    linebuf: np.ndarray
    outbuf: np.ndarray
    iwork: np.ndarray
    stats: np.ndarray
    control: np.ndarray
    ltag: np.ndarray
    """``uint64[slots]``: the line cache's tags (see :func:`new_line_cache`); empty: no cache."""
    lcache: np.ndarray
    """``uint64[slots, 2 * words]``: the line cache's lines and answers."""
    lkey: np.ndarray
    """``uint64[words]``: scratch for the key of the line being solved."""
    floor: np.ndarray
    """``int64[1]``: the lowest rank propagation solves with; a unit fuelled below it is
    solved from it (see :func:`with_line_cache`)."""


@njit(cache=True, nogil=True)
def grid_units(h, w):
    """The units of an ``h`` x ``w`` grid stored row-major: the rows, then the columns."""
    n = h * w
    span = np.empty((h + w, 3), dtype=np.int64)
    of_cell = np.empty((n, 2), dtype=np.int64)
    at = np.empty((n, 2), dtype=np.int64)
    for r in range(h):
        span[r, 0] = r * w
        span[r, 1] = 1
        span[r, 2] = w
    for c in range(w):
        span[h + c, 0] = c
        span[h + c, 1] = w
        span[h + c, 2] = h
    for idx in range(n):
        r = idx // w
        c = idx - r * w
        of_cell[idx, 0] = r
        of_cell[idx, 1] = h + c
        at[idx, 0] = c
        at[idx, 1] = r
    return Units(span, of_cell, at)


@njit(cache=True, nogil=True)
def longest_unit(span):
    """The most cells any unit has."""
    most = 0
    for u in range(span.shape[0]):
        if span[u, 2] > most:
            most = span[u, 2]
    return most


@njit(cache=True, nogil=True)
def most_blocks(clue_off):
    """The most blocks any unit's clue has."""
    most = 0
    for u in range(clue_off.shape[0] - 1):
        k = clue_off[u + 1] - clue_off[u]
        if k > most:
            most = k
    return most


@njit(cache=True, nogil=True)
def new_prop(units, blocks, colors, clue_off, methods, complete, score, cells, trail_size, stats,
             control):
    """A propagation record for ``cells``, with its buffers and a trail of ``trail_size``, and
    no line cache (see :func:`with_line_cache`)."""
    n_units = units.span.shape[0]
    longest = longest_unit(units.span)
    words = (longest + 31) // 32
    return Prop(
        units.span, units.of_cell, units.at, blocks, colors, clue_off, methods, complete, score,
        cells,
        np.zeros(n_units, dtype=np.int32),
        np.zeros(n_units, dtype=np.int32),
        np.empty(trail_size, dtype=np.int64),
        np.empty(trail_size, dtype=np.uint32),
        np.zeros(1, dtype=np.int64),
        np.empty(longest, dtype=np.uint32),
        np.empty(longest, dtype=np.uint32),
        np.empty(work_size(longest, most_blocks(clue_off)), dtype=np.int32),
        stats,
        control,
        np.zeros(0, dtype=np.uint64),
        np.empty((0, 2 * words), dtype=np.uint64),
        np.empty(words, dtype=np.uint64),
        np.zeros(1, dtype=np.int64),
    )


CACHED_FROM_COMPLETE = True
"""Whether, once the line cache is on (:func:`with_line_cache`), a black-and-white board's
lines are solved by the stack's first complete linesolver alone, the ranks below it skipped:
with the cache, a cheap incomplete rank first only doubles the lookups (on MLP's probes, fcomp
after fast changed a line in 565 of 19,478 solves). The fixpoint is the same (a complete
linesolver has the last word on every line), so are the answers; figures in docs/solver.md,
"Cheaper probes"."""

LINE_PASS_FROM_COMPLETE = True
"""Whether the line pass (:func:`~.search.propagate_grid`, no cache) also starts a
black-and-white board's lines at the first complete rank, when that rank is fcomp (complete's
enumeration or olsak's probes of every cell, from the empty board without fast's narrowing
first, can take exponential time: webpbn #1611 ran out of 10 s with ``fast,complete``). With fcomp on bit masks, a line
solve by fast costs more than one by fcomp (on einstein, 50x80, the whole line pass took
0.67 ms from fcomp's rank against 1.54 ms from fast's); docs/solver.md, "Line logic: where a
solve's time goes"."""


@njit(cache=True, nogil=True, inline="always")
def complete_floor(complete, colors):
    """The rank a black-and-white board's lines start from: the stack's first complete
    linesolver (0 when it has none, or on a colour board, whose lines keep every rank). A
    complete linesolver has the last word on every line, so the fixpoint is the same from
    either rank; from the complete one it is reached with fewer solves (see
    :data:`CACHED_FROM_COMPLETE` and :data:`LINE_PASS_FROM_COMPLETE`)."""
    for k in range(colors.shape[0]):
        if colors[k] != 1:
            return 0
    for r in range(complete.shape[0]):
        if complete[r]:
            return r
    return 0


@njit(cache=True, nogil=True)
def with_line_cache(st):
    """Propagation record ``st`` (its arrays shared) with a line cache: a record from
    :func:`new_prop` has none, which costs nothing to a puzzle that propagation alone solves
    (a propagation that narrows lines only never meets a line state twice)."""
    longest = st.linebuf.shape[0]
    colour = False
    for k in range(st.colors.shape[0]):
        if st.colors[k] != 1:
            colour = True
    lkey = st.lkey
    if colour:
        # a colour line is cached a byte a cell (propagate._cached_colour): wider words
        lkey = np.empty((longest + 7) // 8, dtype=np.uint64)
    ltag, lcache = new_line_cache(st.cells.shape[0], longest, colour)
    floor = np.zeros(1, dtype=np.int64)
    if CACHED_FROM_COMPLETE:
        floor[0] = complete_floor(st.complete, st.colors)
    return Prop(st.span, st.of_cell, st.at, st.blocks, st.colors, st.clue_off, st.methods,
                st.complete, st.score, st.cells, st.pending, st.fuel, st.trail_idx,
                st.trail_old, st.tpos, st.linebuf, st.outbuf, st.iwork, st.stats, st.control,
                ltag, lcache, lkey, floor)


@njit(cache=True, nogil=True)
def borrowed_prop(st):
    """Record ``st`` with every array a :func:`~.common.borrow` view, which counts no
    references; the caller holds ``st`` while the view is in use."""
    return Prop(
        borrow(st.span), borrow(st.of_cell), borrow(st.at), borrow(st.blocks), borrow(st.colors),
        borrow(st.clue_off), borrow(st.methods), borrow(st.complete), borrow(st.score),
        borrow(st.cells), borrow(st.pending), borrow(st.fuel), borrow(st.trail_idx),
        borrow(st.trail_old), borrow(st.tpos), borrow(st.linebuf), borrow(st.outbuf),
        borrow(st.iwork), borrow(st.stats), borrow(st.control), borrow(st.ltag),
        borrow(st.lcache), borrow(st.lkey), borrow(st.floor),
    )


@njit(cache=True, nogil=True)
def new_line_cache(n_cells, longest, colour=False):
    """An empty line cache for a board of ``n_cells`` whose longest unit has ``longest`` cells:
    its tags and its lines and answers (wide enough for colour lines, a byte a cell, when
    ``colour``).

    Propagation meets the same line in the same state again and again (every probe of a round
    re-solves most of the lines the previous round's probes solved), so it keeps the answers of
    recent line solves. Slot ``s`` holds one: its tag, ``unit * n_ranks + rank + 1`` in the low
    56 bits and the status + 2 in the high 8 (0: empty slot); in the second array, columns
    ``0 .. words - 1`` the line's cells, two bits each, 32 to a word, and the next ``words`` the
    linesolver's output, packed alike (for a changed line). Only the tags are zeroed: the rest is
    read only under a tag that was written with it, and an unused page costs nothing. The slot is picked by a hash of tag and cells, and a new answer
    overwrites what was there: lossy and bounded. A lookup compares the whole key, never the hash
    alone, and a linesolver's answer depends on nothing but its clue and its line, so an answer
    from the cache is exactly the one the linesolver would give.
    """
    slots = CACHE_MIN_SLOTS
    while slots < CACHE_MAX_SLOTS and slots < n_cells * CACHE_SLOTS_PER_CELL:
        slots *= 2
    words = (longest + 31) // 32
    if colour:
        words = (longest + 7) // 8
    return np.zeros(slots, dtype=np.uint64), np.empty((slots, 2 * words), dtype=np.uint64)


@njit(cache=True, nogil=True, inline="always")
def assign_cell(cells, trail_idx, trail_old, tpos, stats, idx, value):
    """Give cell ``idx`` the value set ``value``, on the trail at ``tpos``; returns the new
    trail position. For loops that keep the record's arrays in locals (see :func:`assign`).
    Indexes with unsigned integers, for which numba adds no negative-index test."""
    ui = np.uint64(idx)
    ut = np.uint64(tpos)
    old = cells[ui]
    trail_idx[ut] = idx
    trail_old[ut] = old
    cells[ui] = value
    if single(value) and not single(old):
        stats[ST_DECIDED] += 1
    return tpos + 1


@njit(cache=True, nogil=True, inline="always")
def assign(st, idx, value):
    """Give cell ``idx`` the value set ``value``, on the trail."""
    st.tpos[0] = assign_cell(st.cells, st.trail_idx, st.trail_old, st.tpos[0], st.stats, idx,
                             value)


@njit(cache=True, nogil=True, inline="always")
def undo(st, to):
    """Unwind the trail back to position ``to``."""
    undo_cells(st.cells, st.trail_idx, st.trail_old, st.tpos, st.stats, to)


@njit(cache=True, nogil=True, inline="always")
def undo_cells(cells, trail_idx, trail_old, tpos_box, stats, to):
    """:func:`undo` on the record's arrays (``tpos_box`` is its ``tpos``), for loops that keep
    them in locals: taking an array out of the record costs two reference counts."""
    t = tpos_box[0]
    decided = 0
    while t > to:
        t -= 1
        idx = trail_idx[t]
        old = trail_old[t]
        if single(cells[idx]) and not single(old):
            decided += 1
        cells[idx] = old
    tpos_box[0] = to
    stats[ST_DECIDED] -= decided


@njit(cache=True, nogil=True, inline="always")
def fuel_cell(st, idx):
    """A cell changed outside line solving: every unit holding it needs every rank again."""
    fuel_units(st.of_cell, st.pending, st.fuel, idx)


@njit(cache=True, nogil=True, inline="always")
def fuel_units(of_cell, pending, fuel, idx):
    """:func:`fuel_cell` on the record's arrays."""
    for j in range(of_cell.shape[1]):
        u = of_cell[idx, j]
        pending[u] = 0
        fuel[u] += 1


@njit(cache=True, nogil=True, inline="always")
def settle(st):
    """Mark every unit as processed by every rank (the state after a fixpoint was reached)."""
    settle_units(st.pending, st.fuel, st.methods.shape[0])


@njit(cache=True, nogil=True, inline="always")
def settle_units(pending, fuel, n_ranks):
    """:func:`settle` on the record's arrays."""
    for u in range(pending.shape[0]):
        pending[u] = n_ranks
        fuel[u] = 0
