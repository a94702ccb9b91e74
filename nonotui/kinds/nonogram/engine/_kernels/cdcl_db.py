"""The learning search's bookkeeping: its record, the activity heap and the clause database.

The learning search (:mod:`.cdcl`) has one Boolean variable per cell: variable ``v`` is cell
``v``, true when filled. Literal ``2 * v + 1`` says "cell ``v`` is filled", ``2 * v`` "cell ``v``
is empty"; ``lit ^ 1`` is the negation. ``val[v]`` is -1 (unknown), 0 (empty) or 1 (filled), so
literal ``lit`` is true when ``val[lit >> 1] == lit & 1``.

Clauses (learned ones and the blocking clauses that enumerate solutions) live in one flat
``lits`` array; clause ``c`` holds ``lits[cl_start[c]:cl_start[c] + cl_len[c]]``. Its first two
literals are watched: watch slot ``2 * c + k`` watches ``lits[cl_start[c] + k]`` and sits in
that literal's singly linked list (``whead`` per literal, ``wnext`` per slot), so the lists are
plain arrays and need no allocation while the search runs. Deleting clauses happens at decision
level 0 only (after a restart): the survivors are compacted, stripped of literals false at level
0, and their watches rebuilt.

The branching heap orders the open variables by activity (VSIDS), ties by cell index, so the
search makes the same choices on every run.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from .common import borrow

SC_TRAIL = 0
SC_QHEAD = 1
SC_LEVEL = 2
SC_NCL = 3
SC_LUSED = 4
SC_EXUSED = 5
SC_HEAP = 6
SC_LQHEAD = 7
SC_LQCOUNT = 8
SC_CKIND = 9
SC_CREF = 10
SC_NCLEAR = 11
SC_STAMP = 12
N_SC = 13
"""Indices of the record's integer scalars (``sc``)."""

MEMO = 32
"""Witnesses and cores the explanations keep per line (see :class:`Cdcl`'s ``memo``)."""

CACHE_SIZE = 1 << 17
"""Slots of the line cache of lines of 65 to 128 cells: a line state (line, known cells) maps
to fcomp's answer. The same states come back again and again across backjumps and restarts; a
slot is overwritten by the next state that hashes to it."""

K_DECISION = 0
"""Reason kinds: a decision, or a value given at level 0 (no reason needed)."""
K_LINE = 1
"""Forced by a line (``rref``), from the cells known before trail position ``rtrail``."""
K_CLAUSE = 2
"""Forced by clause ``rref``."""


class Cdcl(NamedTuple):
    """Everything the learning search reads and writes (see the module's docstring)."""

    span: np.ndarray
    of_cell: np.ndarray
    at: np.ndarray
    blocks: np.ndarray
    colors: np.ndarray
    clue_off: np.ndarray
    val: np.ndarray
    level: np.ndarray
    tpos: np.ndarray
    rkind: np.ndarray
    rref: np.ndarray
    rtrail: np.ndarray
    trail: np.ndarray
    lim: np.ndarray
    dirty: np.ndarray
    lq: np.ndarray
    linebuf: np.ndarray
    outbuf: np.ndarray
    iwork: np.ndarray
    exline: np.ndarray
    exout: np.ndarray
    cand: np.ndarray
    cl_start: np.ndarray
    cl_len: np.ndarray
    cl_lbd: np.ndarray
    cl_learnt: np.ndarray
    lits: np.ndarray
    whead: np.ndarray
    wnext: np.ndarray
    wblock: np.ndarray
    """Per watch slot, a literal of its clause (the other watch when it was set): when it is
    true the clause is satisfied and propagation skips it without reading the clause."""
    ex_start: np.ndarray
    ex_len: np.ndarray
    ex_pool: np.ndarray
    memo: np.ndarray
    """Per line of up to 64 cells, what the explanations learned about it, as bit masks (see
    :func:`.cdcl_lines.explain`): ``memo[line, :M]`` arrangements that fit the line (witnesses:
    their filled cells), ``memo[line, M:2M]`` and ``memo[line, 2M:3M]`` sets of known cells
    (filled, empty) that admit no arrangement (cores), and at ``3M`` and ``3M + 1`` how many of
    each were ever stored (each kind a ring of ``M`` = :data:`MEMO` slots; ``M`` = 0 turns the
    memo off)."""
    act: np.ndarray
    heap: np.ndarray
    hpos: np.ndarray
    phase: np.ndarray
    seen: np.ndarray
    learnt: np.ndarray
    astack: np.ndarray
    aclear: np.ndarray
    stamp: np.ndarray
    sc: np.ndarray
    var_inc: np.ndarray
    ck_line: np.ndarray
    """The line cache of the lines of 65 to 128 cells (:data:`CACHE_SIZE` slots on a board with
    such lines, one unused slot otherwise; a shorter line is solved on its masks every time,
    which costs less than a lookup): the line of each slot (-1: empty) ..."""
    ck_f: np.ndarray
    ck_e: np.ndarray
    """... its cells known filled and known empty, as bit masks of two words (cells 0-63, then
    64-127) ..."""
    cv_f: np.ndarray
    cv_e: np.ndarray
    cv_status: np.ndarray
    """... and what fcomp made of it."""
    stats: np.ndarray
    control: np.ndarray


@njit(cache=True, nogil=True)
def new_cdcl(units, blocks, colors, clue_off, work, stats, control, memo=MEMO):
    """A fresh record for a board with the table ``units``; ``work`` is the line scratch size,
    ``memo`` the slots of each kind in the explanations' memo per line (0: none)."""
    span = units.span
    n = units.of_cell.shape[0]
    n_lines = span.shape[0]
    longest = 0
    for u in range(n_lines):
        longest = max(longest, span[u, 2])
    cap_c = max(1 << 14, 8 * n)
    cap_l = max(1 << 21, 256 * n)
    cap_e = max(1 << 18, 64 * longest)
    slots = CACHE_SIZE if longest > 64 else 1  # only lines of 65 to 128 cells use the cache
    return Cdcl(
        span, units.of_cell, units.at, blocks, colors, clue_off,
        np.full(n, -1, dtype=np.int8),
        np.zeros(n, dtype=np.int32),
        np.zeros(n, dtype=np.int32),
        np.zeros(n, dtype=np.int8),
        np.zeros(n, dtype=np.int64),
        np.zeros(n, dtype=np.int32),
        np.zeros(n, dtype=np.int32),
        np.zeros(n + 2, dtype=np.int32),
        np.zeros(n_lines, dtype=np.bool_),
        np.zeros(n_lines, dtype=np.int32),
        np.empty(longest, dtype=np.uint32),
        np.empty(longest, dtype=np.uint32),
        np.empty(work, dtype=np.int32),
        np.empty(longest, dtype=np.uint32),
        np.empty(longest, dtype=np.uint32),
        np.empty(longest, dtype=np.int32),
        np.zeros(cap_c, dtype=np.int32),
        np.zeros(cap_c, dtype=np.int32),
        np.zeros(cap_c, dtype=np.int32),
        np.zeros(cap_c, dtype=np.int8),
        np.zeros(cap_l, dtype=np.int32),
        np.full(2 * n, -1, dtype=np.int32),
        np.full(2 * cap_c, -1, dtype=np.int32),
        np.zeros(2 * cap_c, dtype=np.int32),
        np.zeros(n, dtype=np.int64),
        np.full(n, -1, dtype=np.int32),
        np.zeros(cap_e, dtype=np.int32),
        np.zeros((n_lines, 3 * memo + 2), dtype=np.uint64),
        np.zeros(n, dtype=np.float64),
        np.zeros(n, dtype=np.int32),
        np.full(n, -1, dtype=np.int32),
        np.zeros(n, dtype=np.int8),
        np.zeros(n, dtype=np.int8),
        np.zeros(n + 1, dtype=np.int32),
        np.zeros(n + 1, dtype=np.int32),
        np.zeros(n + 1, dtype=np.int32),
        np.zeros(n + 2, dtype=np.int64),
        np.zeros(N_SC, dtype=np.int64),
        np.ones(1, dtype=np.float64),
        np.full(slots, -1, dtype=np.int32),
        np.zeros((slots, 2), dtype=np.uint64),
        np.zeros((slots, 2), dtype=np.uint64),
        np.zeros((slots, 2), dtype=np.uint64),
        np.zeros((slots, 2), dtype=np.uint64),
        np.zeros(slots, dtype=np.int8),
        stats,
        control,
    )


@njit(cache=True, nogil=True)
def borrowed(s):
    """The record ``s`` with every array a :func:`borrow` view: the learning search runs on this,
    and its caller holds ``s`` (the owner) until the search returns."""
    return Cdcl(
        borrow(s.span), borrow(s.of_cell), borrow(s.at), borrow(s.blocks), borrow(s.colors),
        borrow(s.clue_off), borrow(s.val), borrow(s.level), borrow(s.tpos), borrow(s.rkind),
        borrow(s.rref), borrow(s.rtrail), borrow(s.trail), borrow(s.lim), borrow(s.dirty),
        borrow(s.lq), borrow(s.linebuf), borrow(s.outbuf), borrow(s.iwork), borrow(s.exline),
        borrow(s.exout), borrow(s.cand), borrow(s.cl_start), borrow(s.cl_len), borrow(s.cl_lbd),
        borrow(s.cl_learnt), borrow(s.lits), borrow(s.whead), borrow(s.wnext), borrow(s.wblock),
        borrow(s.ex_start), borrow(s.ex_len), borrow(s.ex_pool), borrow(s.memo), borrow(s.act),
        borrow(s.heap),
        borrow(s.hpos), borrow(s.phase), borrow(s.seen), borrow(s.learnt), borrow(s.astack),
        borrow(s.aclear), borrow(s.stamp), borrow(s.sc), borrow(s.var_inc), borrow(s.ck_line),
        borrow(s.ck_f), borrow(s.ck_e), borrow(s.cv_f), borrow(s.cv_e), borrow(s.cv_status),
        borrow(s.stats), borrow(s.control),
    )


@njit(cache=True, nogil=True, inline="always")
def lit_value(val, lit):
    """1 if ``lit`` is true, 0 if false, -1 if its cell is unknown."""
    x = val[lit >> 1]
    if x < 0:
        return -1
    return 1 if x == (lit & 1) else 0


# --- the activity heap ---------------------------------------------------------------------


@njit(cache=True, nogil=True, inline="always")
def _before(act, a, b):
    """Whether variable ``a`` comes out of the heap before ``b``."""
    return act[a] > act[b] or (act[a] == act[b] and a < b)


@njit(cache=True, nogil=True, inline="always")
def sift_up(heap, hpos, act, v, i):
    """Put ``v`` at slot ``i`` of the heap and move it up past every parent it comes before.
    Takes the arrays, not the record: loops that hold them in locals call it too."""
    while i > 0:
        parent = (i - 1) >> 1
        p = heap[parent]
        if not _before(act, v, p):
            break
        heap[i] = p
        hpos[p] = i
        i = parent
    heap[i] = v
    hpos[v] = i


@njit(cache=True, nogil=True, inline="always")
def sift_down(heap, hpos, act, v, size):
    """Move ``v`` (at slot ``hpos[v]`` of a heap of ``size`` slots) down past every child that
    comes before it."""
    i = hpos[v]
    while True:
        child = 2 * i + 1
        if child >= size:
            break
        if child + 1 < size and _before(act, heap[child + 1], heap[child]):
            child += 1
        if not _before(act, heap[child], v):
            break
        heap[i] = heap[child]
        hpos[heap[i]] = i
        i = child
    heap[i] = v
    hpos[v] = i


@njit(cache=True, nogil=True, inline="always")
def heap_up(s, i):
    sift_up(s.heap, s.hpos, s.act, s.heap[i], i)


@njit(cache=True, nogil=True, inline="always")
def heap_insert(s, v):
    if s.hpos[v] >= 0:
        return
    size = s.sc[SC_HEAP]
    s.heap[size] = v
    s.hpos[v] = size
    s.sc[SC_HEAP] = size + 1
    heap_up(s, size)


@njit(cache=True, nogil=True, inline="always")
def heap_pop(s):
    """The variable of highest activity, taken out of the heap (-1 when it is empty)."""
    heap, hpos, act = s.heap, s.hpos, s.act
    size = s.sc[SC_HEAP]
    if size == 0:
        return -1
    top = heap[0]
    hpos[top] = -1
    size -= 1
    s.sc[SC_HEAP] = size
    if size == 0:
        return top
    v = heap[size]
    hpos[v] = 0
    sift_down(heap, hpos, act, v, size)
    return top


@njit(cache=True, nogil=True, inline="always")
def bump(s, v):
    """Raise ``v``'s activity (VSIDS), rescaling everything when the numbers grow too big."""
    bump_arrays(s.act, s.var_inc, s.heap, s.hpos, v)


@njit(cache=True, nogil=True, inline="always")
def bump_arrays(act, var_inc, heap, hpos, v):
    """:func:`bump` on the record's arrays (for loops that hold them in locals)."""
    act[v] += var_inc[0]
    if act[v] > 1e100:
        for u in range(act.shape[0]):
            act[u] *= 1e-100
        var_inc[0] *= 1e-100
    i = hpos[v]
    if i >= 0:
        sift_up(heap, hpos, act, v, i)


# --- clauses -------------------------------------------------------------------------------


@njit(cache=True, nogil=True, inline="always")
def has_room(s, n_lits):
    """Whether one more clause of ``n_lits`` literals fits."""
    return (s.sc[SC_NCL] + 1 < s.cl_start.shape[0]
            and s.sc[SC_LUSED] + n_lits <= s.lits.shape[0])


@njit(cache=True, nogil=True, inline="always")
def _watch(s, slot, lit, blocker):
    s.wnext[slot] = s.whead[lit]
    s.whead[lit] = slot
    s.wblock[slot] = blocker


@njit(cache=True, nogil=True)
def add_clause(s, src, n_lits, learnt, lbd):
    """Store ``src[:n_lits]`` (at least two literals) as a clause watching its first two;
    returns its index. The caller checks :func:`has_room` first."""
    c = s.sc[SC_NCL]
    start = s.sc[SC_LUSED]
    for i in range(n_lits):
        s.lits[start + i] = src[i]
    s.cl_start[c] = start
    s.cl_len[c] = n_lits
    s.cl_lbd[c] = lbd
    s.cl_learnt[c] = learnt
    s.sc[SC_NCL] = c + 1
    s.sc[SC_LUSED] = start + n_lits
    _watch(s, 2 * c, src[0], src[1])
    _watch(s, 2 * c + 1, src[1], src[0])
    return c


@njit(cache=True, nogil=True)
def ranked_learned(s, above_glue):
    """The learned clauses (``cl_learnt`` 1; 0 marks the blocking ones) whose glue is above
    ``above_glue``, best first: lower glue first; among equal glue, newer first."""
    n_cl = s.sc[SC_NCL]
    cl_learnt, cl_lbd = s.cl_learnt, s.cl_lbd
    n = 0
    for c in range(n_cl):
        if cl_learnt[c] == 1 and cl_lbd[c] > above_glue:
            n += 1
    cand = np.empty(n, dtype=np.int64)
    key = np.empty(n, dtype=np.float64)
    j = 0
    for c in range(n_cl):
        if cl_learnt[c] == 1 and cl_lbd[c] > above_glue:
            cand[j] = c
            # c below n_cl, so the key is exact
            key[j] = cl_lbd[c] * float(n_cl + 1) + (n_cl - c)
            j += 1
    return cand[np.argsort(key, kind="mergesort")]


@njit(cache=True, nogil=True)
def reduce_db(s, keep_fraction, keep_glue):
    """At decision level 0: drop clauses satisfied at level 0, strip literals false there, keep
    the blocking clauses, the learned clauses of glue 2 or less (if ``keep_glue``) and the best
    ``keep_fraction`` of the other learned ones (lowest glue, then newest), compact, rebuild the watches.

    Returns how many clauses were deleted. Level 0 needs no reasons (conflict analysis skips it),
    so reasons pointing at clauses are forgotten there.
    """
    n_cl = s.sc[SC_NCL]
    val = s.val
    for t in range(s.sc[SC_TRAIL]):
        s.rkind[s.trail[t] >> 1] = K_DECISION
    keep = np.ones(n_cl, dtype=np.bool_)
    cand = ranked_learned(s, 2 if keep_glue else -1)
    n_cand = cand.shape[0]
    n_keep = int(n_cand * keep_fraction)
    for r in range(n_keep, n_cand):
        keep[cand[r]] = False
    # compact, simplifying by level 0
    out_c = 0
    out_l = 0
    deleted = 0
    for c in range(n_cl):
        if not keep[c]:
            deleted += 1
            continue
        start = s.cl_start[c]
        sat = False
        m = 0
        for i in range(s.cl_len[c]):
            lit = s.lits[start + i]
            v = lit_value(val, lit)
            if v == 1:
                sat = True
                break
            if v == -1:
                s.lits[out_l + m] = lit
                m += 1
        if sat or m < 2:
            # satisfied for good; fewer than two open literals cannot happen at a fixpoint of
            # level 0 (the clause would have propagated or conflicted), so nothing is lost
            deleted += 1
            continue
        s.cl_start[out_c] = out_l
        s.cl_len[out_c] = m
        s.cl_lbd[out_c] = min(s.cl_lbd[c], m)
        s.cl_learnt[out_c] = s.cl_learnt[c]
        out_c += 1
        out_l += m
    s.sc[SC_NCL] = out_c
    s.sc[SC_LUSED] = out_l
    s.whead[:] = -1
    for c in range(out_c):
        start = s.cl_start[c]
        _watch(s, 2 * c, s.lits[start], s.lits[start + 1])
        _watch(s, 2 * c + 1, s.lits[start + 1], s.lits[start])
    return deleted


@njit(cache=True, nogil=True, inline="always")
def is_full(s):
    """Whether the clauses fill half of either array: time to delete some."""
    return s.sc[SC_NCL] * 2 > s.cl_start.shape[0] or s.sc[SC_LUSED] * 2 > s.lits.shape[0]


# --- restarts and activity decay ------------------------------------------------------------

GLUE_RECENT = 32.0
"""The recent glue is a moving average that gives each new learned clause this share (1/32)."""
GLUE_MARGIN = 0.8
"""Glucose's restarts: a restart is due when the recent glue times this exceeds the mean glue of
every clause learned so far ..."""
RESTART_MIN = 50
"""... and at least this many conflicts have passed since the last restart."""
DECAY_FIRST = 0.8
DECAY_EVERY = 1000
"""The activity decay starts at ``DECAY_FIRST`` and grows by 0.01 every ``DECAY_EVERY``
conflicts, up to the usual decay."""


@njit(cache=True, nogil=True)
def after_conflict(glue_avg, glue, conflicts, decay):
    """Note the glue of the clause learned at conflict number ``conflicts`` in ``glue_avg``
    (recent average, mean of all, count) and return the activity decay to apply: the ramp from
    ``DECAY_FIRST`` up to ``decay``."""
    glue_avg[2] += 1.0
    if glue_avg[2] == 1.0:
        glue_avg[0] = glue
    else:
        glue_avg[0] += (glue - glue_avg[0]) / GLUE_RECENT
    glue_avg[1] += (glue - glue_avg[1]) / glue_avg[2]
    return min(decay, DECAY_FIRST + 0.01 * (conflicts // DECAY_EVERY))


@njit(cache=True, nogil=True)
def restart_due(glue_avg, since):
    """Whether to restart after ``since`` conflicts since the last restart: when the recent
    learned clauses are worse (higher glue) than the mean (see :data:`GLUE_MARGIN`)."""
    return since >= RESTART_MIN and glue_avg[0] * GLUE_MARGIN > glue_avg[1]
