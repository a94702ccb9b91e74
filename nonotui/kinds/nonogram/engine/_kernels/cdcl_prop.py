"""The learning search's propagation (see :mod:`.cdcl`): assigning a literal, the clauses' two
watched literals, the lines through the line cache, and undoing levels."""

from __future__ import annotations

import numpy as np
from numba import njit

from .cdcl_db import (
    K_CLAUSE,
    K_LINE,
    SC_CKIND,
    SC_CREF,
    SC_HEAP,
    SC_LEVEL,
    SC_LQCOUNT,
    SC_LQHEAD,
    SC_QHEAD,
    SC_TRAIL,
    lit_value,
    sift_up,
)
from .cdcl_lines import line_masks, solve_masked
from .common import CHANGED, CONTRADICTION
from .propagate_bits import ctz
from .state import ST_CONTRADICTIONS, ST_DEPTH

_OK = 0
CONFLICT = 1
STOPPED = 2
"""What :func:`propagate` returns."""
CONF_CLAUSE = 0
_CONF_LINE = 1
"""A conflict's kind (``sc[SC_CKIND]``): a clause, or a line without an arrangement."""

@njit(cache=True, nogil=True, inline="always")
def enqueue(s, lit, lvl, kind, ref, rtrail, skip_line):
    """Make ``lit`` true at level ``lvl`` with its reason; its lines (but ``skip_line``) get
    queued for solving."""
    enq(s.val, s.level, s.tpos, s.trail, s.rkind, s.rref, s.rtrail, s.sc, s.of_cell, s.dirty,
        s.lq, lit, lvl, kind, ref, rtrail, skip_line)


@njit(cache=True, nogil=True, inline="always")
def enq(val, level, tpos, trail, rkind, rref, rtrail, sc, of_cell, dirty, lq, lit, lvl, kind,
        ref, rt, skip_line):
    """:func:`enqueue` on the record's arrays, for loops that hold them in locals: each access
    through the record costs two atomic reference counts, and those were more than half of the
    search's time before the hot loops took their arrays out of the record once."""
    v = lit >> 1
    val[v] = lit & 1
    level[v] = lvl
    t = sc[SC_TRAIL]
    tpos[v] = t
    trail[t] = lit
    sc[SC_TRAIL] = t + 1
    rkind[v] = kind
    rref[v] = ref
    rtrail[v] = rt
    n_lines = lq.shape[0]
    for j in range(of_cell.shape[1]):
        line = of_cell[v, j]
        if line != skip_line and not dirty[line]:
            dirty[line] = True
            lq[(sc[SC_LQHEAD] + sc[SC_LQCOUNT]) % n_lines] = line
            sc[SC_LQCOUNT] += 1


@njit(cache=True, nogil=True, inline="always")
def propagate_clauses(val, lits, whead, wnext, wblock, cl_start, cl_len, sc, trail, level, tpos,
                      rkind, rref, rtrail, of_cell, dirty, lq):
    """Two-watched-literal propagation of the clauses; returns a conflicting clause or -1."""
    lvl = sc[SC_LEVEL]
    while sc[SC_QHEAD] < sc[SC_TRAIL]:
        f = trail[sc[SC_QHEAD]] ^ 1  # the literal that became false
        sc[SC_QHEAD] += 1
        prev = -1
        slot = whead[f]
        while slot >= 0:
            nxt = wnext[slot]
            if lit_value(val, wblock[slot]) == 1:
                prev = slot
                slot = nxt
                continue
            c = slot >> 1
            k = slot & 1
            start = cl_start[c]
            other = lits[start + 1 - k]
            ov = lit_value(val, other)
            if ov == 1:
                wblock[slot] = other
                prev = slot
                slot = nxt
                continue
            moved = False
            for i in range(start + 2, start + cl_len[c]):
                lit = lits[i]
                if lit_value(val, lit) != 0:
                    lits[i] = f
                    lits[start + k] = lit
                    if prev < 0:
                        whead[f] = nxt
                    else:
                        wnext[prev] = nxt
                    wnext[slot] = whead[lit]
                    whead[lit] = slot
                    wblock[slot] = other
                    moved = True
                    break
            if moved:
                slot = nxt
                continue
            prev = slot
            if ov == 0:
                sc[SC_QHEAD] = sc[SC_TRAIL]
                return c
            enq(val, level, tpos, trail, rkind, rref, rtrail, sc, of_cell, dirty, lq, other, lvl,
                K_CLAUSE, c, 0, -1)
            slot = nxt
    return -1


@njit(cache=True, nogil=True, _nrt=False)
def propagate(s):
    """Clauses, then one queued line, until nothing changes: ``_OK``, ``CONFLICT`` (described
    by ``sc[SC_CKIND]`` and ``sc[SC_CREF]``) or ``STOPPED``."""
    # every array this loop touches is taken out of the record once (see :func:`enq`)
    val, lits, whead, wnext, wblock = s.val, s.lits, s.whead, s.wnext, s.wblock
    cl_start, cl_len, sc, trail = s.cl_start, s.cl_len, s.sc, s.trail
    level, tpos, rkind, rref, rtrail = s.level, s.tpos, s.rkind, s.rref, s.rtrail
    of_cell, dirty, lq, span, control, stats = s.of_cell, s.dirty, s.lq, s.span, s.control, s.stats
    clue_off, blocks = s.clue_off, s.blocks
    linebuf, outbuf, iwork = s.linebuf, s.outbuf, s.iwork
    ck_line, ck_f, ck_e, cv_f, cv_e, cv_status = s.ck_line, s.ck_f, s.ck_e, s.cv_f, s.cv_e, \
        s.cv_status
    n_lines = lq.shape[0]
    zero = np.uint64(0)
    one = np.uint64(1)
    while True:
        c = propagate_clauses(val, lits, whead, wnext, wblock, cl_start, cl_len, sc, trail, level,
                              tpos, rkind, rref, rtrail, of_cell, dirty, lq)
        if c >= 0:
            sc[SC_CKIND] = CONF_CLAUSE
            sc[SC_CREF] = c
            return CONFLICT
        if sc[SC_LQCOUNT] == 0:
            return _OK
        if control[0] != 0:
            return STOPPED
        line = lq[sc[SC_LQHEAD]]
        sc[SC_LQHEAD] = (sc[SC_LQHEAD] + 1) % n_lines
        sc[SC_LQCOUNT] -= 1
        dirty[line] = False
        n, f, e, f2, e2 = line_masks(span, val, line, linebuf)
        status, of, oe, of2, oe2 = solve_masked(line, n, clue_off, blocks, linebuf, outbuf,
                                                iwork, stats, ck_line, ck_f, ck_e, cv_f, cv_e,
                                                cv_status, f, e, f2, e2)
        if status == CONTRADICTION:
            stats[ST_CONTRADICTIONS] += 1
            sc[SC_CKIND] = _CONF_LINE
            sc[SC_CREF] = line
            return CONFLICT
        if status == CHANGED:
            t0 = sc[SC_TRAIL]
            lvl = sc[SC_LEVEL]
            start = span[line, 0]
            stride = span[line, 1]
            if n <= 128:
                # the cells that became known, in increasing order (as the loop below takes
                # them), read off the masks: no cells decoded, none scanned
                for w in range(2):
                    if w == 0:
                        left = (of & ~f) | (oe & ~e)
                        xf = of
                    else:
                        left = (of2 & ~f2) | (oe2 & ~e2)
                        xf = of2
                    while left != zero:
                        b = np.int64(ctz(left))
                        left &= left - one
                        idx = start + (64 * w + b) * stride
                        enq(val, level, tpos, trail, rkind, rref, rtrail, sc, of_cell, dirty,
                            lq, 2 * idx + np.int64((xf >> np.uint64(b)) & one), lvl, K_LINE,
                            line, t0, line)
            else:
                for i in range(n):
                    if linebuf[i] == 3 and outbuf[i] != 3:
                        idx = start + i * stride
                        enq(val, level, tpos, trail, rkind, rref, rtrail, sc, of_cell, dirty,
                            lq, 2 * idx + (outbuf[i] >> 1), lvl, K_LINE, line, t0, line)


@njit(cache=True, nogil=True, _nrt=False)
def backtrack(s, lvl):
    """Undo every level above ``lvl``, saving the phases; the line queue empties (the state at
    ``lvl`` was a fixpoint)."""
    # the record's arrays are taken into locals once: each access through the record costs
    # two atomic reference counts, which in this loop were most of the search's time
    sc = s.sc
    if sc[SC_LEVEL] <= lvl:
        return
    keep = s.lim[lvl + 1]
    trail, phase, val, ex_len = s.trail, s.phase, s.val, s.ex_len
    heap, hpos, act = s.heap, s.hpos, s.act
    size = sc[SC_HEAP]
    for t in range(sc[SC_TRAIL] - 1, keep - 1, -1):
        v = trail[t] >> 1
        phase[v] = val[v]
        val[v] = -1
        ex_len[v] = -1
        if hpos[v] < 0:  # heap_insert, on the locals
            sift_up(heap, hpos, act, v, size)
            size += 1
    sc[SC_HEAP] = size
    s.sc[SC_TRAIL] = keep
    s.sc[SC_QHEAD] = keep
    s.sc[SC_LEVEL] = lvl
    n_lines = s.lq.shape[0]
    while s.sc[SC_LQCOUNT] > 0:
        s.dirty[s.lq[s.sc[SC_LQHEAD]]] = False
        s.sc[SC_LQHEAD] = (s.sc[SC_LQHEAD] + 1) % n_lines
        s.sc[SC_LQCOUNT] -= 1
    s.stats[ST_DEPTH] = lvl
