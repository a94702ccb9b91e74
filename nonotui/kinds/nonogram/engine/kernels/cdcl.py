"""The learning search: CDCL with the line solver as propagator (lazy clause generation).

One Boolean variable per cell (see :mod:`.cdcl_db` for literals and clauses). Propagation runs
the learned clauses (two watched literals) to a fixpoint, then solves one changed line with the
complete linesolver fcomp, and again, until nothing changes. A cell a line forces records only
the line and the trail position at which that line was solved; its reason, a clause, is built
only when conflict analysis asks for it (:func:`explain`): the cells of the line known before
that position, minimised by dropping them one by one, latest first, while the line still forces
the cell: while the line with the cell's other value stays without any arrangement, which one
leftmost placement of the blocks decides, far cheaper than solving the line (cells are dropped
in growing chunks, halved when a chunk is needed). A line that admits no arrangement gives its
conflict the same way. Explanations are cached per cell until it is unassigned.

The lines' side (the line cache, explanations) is in :mod:`.cdcl_lines`, the record and the
clause database in :mod:`.cdcl_db`.

On a conflict: 1-UIP learning, recursive minimisation of the learned clause, a backjump and the
asserting literal. Branching: the open cell of highest activity (VSIDS), with its saved phase.
Luby's or Glucose's restarts (by glue); at a restart due for it, high-glue clauses are halved.

Solutions are enumerated: each one found adds a clause forbidding its decisions (which, with
propagation, imply the whole solution and nothing else does), so exhausting the search proves
there are no more. The kernel is deterministic: no clock or randomness decides anything in it;
``control[0]`` (set by another thread) is read before every line solved.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .cdcl_db import (
    K_CLAUSE,
    K_DECISION,
    K_LINE,
    MEMO,
    MODE_NO_MEMO,
    SC_CKIND,
    SC_CREF,
    SC_HEAP,
    SC_LEVEL,
    SC_LQCOUNT,
    SC_LQHEAD,
    SC_NCLEAR,
    SC_QHEAD,
    SC_STAMP,
    SC_TRAIL,
    add_clause,
    after_conflict,
    borrowed,
    bump_arrays,
    has_room,
    heap_insert,
    heap_pop,
    is_full,
    lit_value,
    luby,
    new_cdcl,
    reduce_db,
    sift_up,
)
from .cdcl_heur import (
    MODE_REASON_BUMP,
    MODE_SHRINK,
    analysis_mode,
    at_restart,
    bump_reasons,
    decide_phase,
    new_heur,
    note_trail,
    restart_now,
    shrink,
)
from .cdcl_lines import (
    CD_CONFLICTS,
    CD_DELETED,
    CD_LEARNED,
    CD_RESTARTS,
    explain,
    load_line_masks,
    reason,
    seed_phases,
    solve_cached,
)
from .common import CHANGED, CONTRADICTION, work_size
from .state import (
    ST_BACKTRACKS,
    ST_CONTRADICTIONS,
    ST_DECIDED,
    ST_DEPTH,
    ST_GUESSES,
    ST_MAX_DEPTH,
    ST_SOLUTIONS,
    grid_units,
    most_blocks,
)

CDCL_DONE = 0
CDCL_LIMIT = 1
CDCL_STOPPED = 2
"""The kernel's statuses, the same values as the depth-first search's ``SEARCH_*``."""

_OK = 0
_CONFLICT = 1
_STOPPED = 2
_CONF_CLAUSE = 0
_CONF_LINE = 1

RESTART_UNIT = 64
"""Conflicts per Luby unit between restarts."""
REDUCE_FIRST = 2000
REDUCE_GROW = 300
"""Learned clauses are halved after REDUCE_FIRST conflicts, then every REDUCE_GROW more each time."""
VAR_DECAY = 0.95


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


@njit(cache=True, nogil=True)
def propagate(s):
    """Clauses, then one queued line, until nothing changes: ``_OK``, ``_CONFLICT`` (described
    by ``sc[SC_CKIND]`` and ``sc[SC_CREF]``) or ``_STOPPED``."""
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
    while True:
        c = propagate_clauses(val, lits, whead, wnext, wblock, cl_start, cl_len, sc, trail, level,
                              tpos, rkind, rref, rtrail, of_cell, dirty, lq)
        if c >= 0:
            sc[SC_CKIND] = _CONF_CLAUSE
            sc[SC_CREF] = c
            return _CONFLICT
        if sc[SC_LQCOUNT] == 0:
            return _OK
        if control[0] != 0:
            return _STOPPED
        line = lq[sc[SC_LQHEAD]]
        sc[SC_LQHEAD] = (sc[SC_LQHEAD] + 1) % n_lines
        sc[SC_LQCOUNT] -= 1
        dirty[line] = False
        n, f, e, f2, e2 = load_line_masks(span, val, line, linebuf)
        status = solve_cached(line, n, clue_off, blocks, linebuf, outbuf, iwork, stats, ck_line,
                              ck_f, ck_e, cv_f, cv_e, cv_status, f, e, f2, e2)
        if status == CONTRADICTION:
            stats[ST_CONTRADICTIONS] += 1
            sc[SC_CKIND] = _CONF_LINE
            sc[SC_CREF] = line
            return _CONFLICT
        if status == CHANGED:
            t0 = sc[SC_TRAIL]
            lvl = sc[SC_LEVEL]
            start = span[line, 0]
            stride = span[line, 1]
            for i in range(n):
                if linebuf[i] == 3 and outbuf[i] != 3:
                    idx = start + i * stride
                    enq(val, level, tpos, trail, rkind, rref, rtrail, sc, of_cell, dirty, lq,
                        2 * idx + (outbuf[i] >> 1), lvl, K_LINE, line, t0, line)


@njit(cache=True, nogil=True)
def analyze(s, mode=0):
    """1-UIP learning from the conflict in ``sc``: the clause goes to ``learnt`` (asserting
    literal first, a literal of the backjump level second). Returns ``(length, backjump level,
    glue)``."""
    # every array the analysis and the explanations touch is taken out of the record once
    # (see :func:`enq`)
    sc = s.sc
    dl = sc[SC_LEVEL]
    seen, level, learnt, trail = s.seen, s.level, s.learnt, s.trail
    act, var_inc, heap, hpos = s.act, s.var_inc, s.heap, s.hpos
    rkind, rref, rtrail, lits, cl_start, cl_len = s.rkind, s.rref, s.rtrail, s.lits, s.cl_start, \
        s.cl_len
    ex_start, ex_len, ex_pool, span, val, tpos = s.ex_start, s.ex_len, s.ex_pool, s.span, s.val, \
        s.tpos
    exline, cand, clue_off, blocks, iwork, stats = s.exline, s.cand, s.clue_off, s.blocks, \
        s.iwork, s.stats
    astack, aclear, stamps, memo = s.astack, s.aclear, s.stamp, s.memo
    if sc[SC_CKIND] == _CONF_CLAUSE:
        c = sc[SC_CREF]
        arr, start, k = lits, cl_start[c], cl_len[c]
    else:
        start, k = explain(sc[SC_CREF], -1, sc[SC_TRAIL], span, val, tpos, sc, exline, cand,
                           clue_off, blocks, iwork, stats, ex_pool, ex_len, memo)
        arr = ex_pool
    path = 0
    out = 1
    idx = sc[SC_TRAIL] - 1
    p = -1
    while True:
        for i in range(start, start + k):
            q = arr[i]
            u = q >> 1
            if p >= 0 and u == (p >> 1):
                continue
            if seen[u] == 0 and level[u] > 0:
                seen[u] = 1
                bump_arrays(act, var_inc, heap, hpos, u)
                if level[u] >= dl:
                    path += 1
                else:
                    learnt[out] = q
                    out += 1
        while seen[trail[idx] >> 1] == 0:
            idx -= 1
        p = trail[idx]
        idx -= 1
        seen[p >> 1] = 0
        path -= 1
        if path == 0:
            break
        arr, start, k = reason(p >> 1, rkind, rref, rtrail, lits, cl_start, cl_len, ex_start,
                               ex_len, ex_pool, span, val, tpos, sc, exline, cand, clue_off,
                               blocks, iwork, stats, memo)
    learnt[0] = p ^ 1
    # recursive minimisation (MiniSat's): drop literals implied by the others
    n_clear = 0
    abstract = 0
    for i in range(1, out):
        u = learnt[i] >> 1
        aclear[n_clear] = u
        n_clear += 1
        abstract |= 1 << (level[u] & 31)
    sc[SC_NCLEAR] = n_clear
    j = 1
    for i in range(1, out):
        u = learnt[i] >> 1
        if rkind[u] == K_DECISION or not redundant(
                u, abstract, seen, level, astack, aclear, rkind, rref, rtrail, lits, cl_start,
                cl_len, ex_start, ex_len, ex_pool, span, val, tpos, sc, exline, cand, clue_off,
                blocks, iwork, stats, memo):
            learnt[j] = learnt[i]
            j += 1
    out = j
    for i in range(sc[SC_NCLEAR]):
        seen[aclear[i]] = 0
    if mode & MODE_SHRINK:
        out = shrink(s, out, dl)
    if mode & MODE_REASON_BUMP:
        bump_reasons(s, out)
    # the backjump level's literal goes second; the glue counts distinct levels
    bt = 0
    if out > 1:
        best = 1
        for i in range(2, out):
            if level[learnt[i] >> 1] > level[learnt[best] >> 1]:
                best = i
        learnt[1], learnt[best] = learnt[best], learnt[1]
        bt = level[learnt[1] >> 1]
    sc[SC_STAMP] += 1
    stamp = sc[SC_STAMP]
    glue = 0
    for i in range(out):
        lv = level[learnt[i] >> 1]
        if stamps[lv] != stamp:
            stamps[lv] = stamp
            glue += 1
    return out, bt, glue


@njit(cache=True, nogil=True)
def redundant(u, abstract, seen, level, astack, aclear, rkind, rref, rtrail, lits, cl_start,
              cl_len, ex_start, ex_len, ex_pool, span, val, tpos, sc, exline, cand, clue_off,
              blocks, iwork, stats, memo):
    """Whether learned literal ``u`` follows from the others (every path of reasons back from it
    ends in marked cells); cells found on the way are marked, or unmarked again on failure."""
    top = sc[SC_NCLEAR]
    n_clear = top
    sp = 0
    astack[sp] = u
    sp += 1
    while sp > 0:
        sp -= 1
        v = astack[sp]
        arr, start, k = reason(v, rkind, rref, rtrail, lits, cl_start, cl_len, ex_start, ex_len,
                               ex_pool, span, val, tpos, sc, exline, cand, clue_off, blocks,
                               iwork, stats, memo)
        for i in range(start, start + k):
            x = arr[i] >> 1
            if x == v or seen[x] != 0 or level[x] == 0:
                continue
            if rkind[x] != K_DECISION and (abstract & (1 << (level[x] & 31))) != 0:
                seen[x] = 1
                astack[sp] = x
                sp += 1
                aclear[n_clear] = x
                n_clear += 1
            else:
                for t in range(top, n_clear):
                    seen[aclear[t]] = 0
                sc[SC_NCLEAR] = top
                return False
    sc[SC_NCLEAR] = n_clear
    return True


@njit(cache=True, nogil=True)
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


@njit(cache=True, nogil=True)
def cdcl(units, blocks, colors, clue_off, cells, max_solutions, solutions, control, stats, mode):
    """Find up to ``max_solutions`` solutions from the state ``cells`` (flat cell bitsets) by
    the learning search. Returns ``(status, found)``: ``CDCL_DONE`` (the search space is
    exhausted: every solution was found), ``CDCL_LIMIT`` or ``CDCL_STOPPED``. ``mode`` (flags):
    how :func:`seed_phases` sets the first phases and activities (1, 2, 4), restarts (32) and the
    activity decay (64) (see :func:`.cdcl_db.restart_due`); with :data:`MODE_NO_MEMO` (8) the
    explanations keep no memo."""
    n = cells.shape[0]
    n_lines = units.span.shape[0]
    longest = 0
    for u in range(n_lines):
        longest = max(longest, units.span[u, 2])
    own = new_cdcl(units, blocks, colors, clue_off, work_size(longest, most_blocks(clue_off)),
                   stats, control, 0 if mode & MODE_NO_MEMO else MEMO)
    # the search runs on views that count no references (see :func:`.cdcl_db.borrow`); ``own``
    # is passed along so that it outlives them
    return _search(own, borrowed(own), cells, max_solutions, solutions, control, stats, mode)


@njit(cache=True, nogil=True)
def _search(own, s, cells, max_solutions, solutions, control, stats, mode):
    """:func:`cdcl`'s search on the record ``s``, whose arrays ``own`` holds."""
    n = cells.shape[0]
    n_lines = s.span.shape[0]
    found = 0
    for v in range(n):
        x = cells[v] & 3
        if x == 0:
            return CDCL_DONE, 0
        if x != 3:
            enqueue(s, 2 * v + (x >> 1), 0, K_DECISION, -1, 0, -1)
    for line in range(n_lines):
        if not s.dirty[line]:
            s.dirty[line] = True
            s.lq[(s.sc[SC_LQHEAD] + s.sc[SC_LQCOUNT]) % n_lines] = line
            s.sc[SC_LQCOUNT] += 1
    status = propagate(s)
    stats[ST_DECIDED] = s.sc[SC_TRAIL]
    if status == _STOPPED:
        return CDCL_STOPPED, 0
    if status == _CONFLICT:
        stats[CD_CONFLICTS] += 1
        return CDCL_DONE, 0
    if mode & 7:
        seed_phases(s, mode)
    for v in range(n):
        heap_insert(s, v)
    ph, hs = new_heur(s.phase)  # target, best and first phases (modes 128-512)
    restarts = 0
    since_restart = 0
    restart_at = RESTART_UNIT * luby(0)
    next_reduce = REDUCE_FIRST
    reduce_step = REDUCE_FIRST
    glue_avg = np.zeros(3, dtype=np.float64)  # recent glue, mean glue, count (modes 32, 64)
    while True:
        status = propagate(s)
        stats[ST_DECIDED] = s.sc[SC_TRAIL]
        if status == _STOPPED:
            return CDCL_STOPPED, found
        if status == _CONFLICT:
            stats[CD_CONFLICTS] += 1
            if s.sc[SC_LEVEL] == 0:
                return CDCL_DONE, found
            k, bt, glue = analyze(s, analysis_mode(mode, hs))
            note_trail(s.trail, s.lim[s.sc[SC_LEVEL]], s.phase, ph, hs, mode)
            backtrack(s, bt)
            stats[ST_BACKTRACKS] += 1
            since_restart += 1
            s.var_inc[0] /= after_conflict(glue_avg, glue, mode, stats[CD_CONFLICTS], VAR_DECAY)
            if k == 1:
                enqueue(s, s.learnt[0], 0, K_DECISION, -1, 0, -1)
            elif has_room(s, k):
                c = add_clause(s, s.learnt, k, 1, glue)
                stats[CD_LEARNED] += 1
                enqueue(s, s.learnt[0], bt, K_CLAUSE, c, 0, -1)
            else:
                # no room: learned clauses are redundant, so drop this one and make room
                backtrack(s, 0)
                stats[CD_DELETED] += reduce_db(s, 0.25, True)
            continue
        if control[0] != 0:
            return CDCL_STOPPED, found
        full = is_full(s)
        if restart_now(glue_avg, since_restart, restart_at, mode, hs, stats[CD_CONFLICTS]) or full:
            note_trail(s.trail, s.sc[SC_TRAIL], s.phase, ph, hs, mode)
            backtrack(s, 0)
            at_restart(s.phase, ph, hs, stats[CD_CONFLICTS], mode)
            restarts += 1
            stats[CD_RESTARTS] = restarts
            since_restart = 0
            restart_at = RESTART_UNIT * luby(restarts)
            if stats[CD_CONFLICTS] >= next_reduce or full:
                reduce_step += REDUCE_GROW
                next_reduce = stats[CD_CONFLICTS] + reduce_step
                stats[CD_DELETED] += reduce_db(s, 0.5, True)
                if is_full(s):
                    stats[CD_DELETED] += reduce_db(s, 0.0, False)
            continue
        v = -1
        while True:
            v = heap_pop(s)
            if v < 0 or s.val[v] < 0:
                break
        if v < 0:
            for i in range(n):
                solutions[found, i] = 1 + s.val[i]
            found += 1
            hs[8] = 1  # a solution found (mode 8192)
            stats[ST_SOLUTIONS] = found
            if found >= max_solutions:
                return CDCL_LIMIT, found
            dl = s.sc[SC_LEVEL]
            if dl == 0:
                return CDCL_DONE, found
            # forbid this solution: not all of its decisions again
            stats[ST_BACKTRACKS] += 1
            for d in range(dl):
                s.learnt[d] = s.trail[s.lim[dl - d]] ^ 1
            if dl == 1:
                backtrack(s, 0)
                enqueue(s, s.learnt[0], 0, K_DECISION, -1, 0, -1)
                continue
            if has_room(s, dl):
                backtrack(s, dl - 1)
                c = add_clause(s, s.learnt, dl, 0, dl)
                enqueue(s, s.learnt[0], dl - 1, K_CLAUSE, c, 0, -1)
                continue
            # no room: make some at level 0, where the decisions' cells are all open again
            backtrack(s, 0)
            stats[CD_DELETED] += reduce_db(s, 0.0, False)
            add_clause(s, s.learnt, dl, 0, dl)
            continue
        dl = s.sc[SC_LEVEL] + 1
        s.sc[SC_LEVEL] = dl
        s.lim[dl] = s.sc[SC_TRAIL]
        stats[ST_GUESSES] += 1
        stats[ST_DEPTH] = dl
        if dl > stats[ST_MAX_DEPTH]:
            stats[ST_MAX_DEPTH] = dl
        enqueue(s, 2 * v + decide_phase(v, s.phase, ph, hs, mode), dl, K_DECISION, -1, 0, -1)


@njit(cache=True, nogil=True)
def cdcl_grid(h, w, blocks, colors, clue_off, cells, max_solutions, solutions, control, stats,
              mode):
    """:func:`cdcl` on an ``h`` x ``w`` grid whose clues are packed rows first, then columns."""
    return cdcl(grid_units(h, w), blocks, colors, clue_off, cells, max_solutions, solutions,
                control, stats, mode)
