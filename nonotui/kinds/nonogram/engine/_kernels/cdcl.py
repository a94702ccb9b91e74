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
clause database in :mod:`.cdcl_db`, propagation and backjumps in :mod:`.cdcl_prop`; heuristics
target phases in :mod:`.cdcl_heur`.

On a conflict: 1-UIP learning, recursive minimisation of the learned clause, a backjump and the
asserting literal, and an activity decay that ramps up (:func:`.cdcl_db.after_conflict`).
Branching: the open cell of highest activity (VSIDS), with its target phase or its saved phase;
the first phases and activities come from belief propagation (:mod:`.cdcl_bp`), worked out
again for the phases when level 0 has grown. Glucose's restarts (by glue); at a restart due for
it, high-glue clauses are halved. After the first solution, the search turns to proving there is
no other (:func:`prove_unique`).

Solutions are enumerated: each one found adds a clause forbidding its decisions (which, with
propagation, imply the whole solution and nothing else does), so exhausting the search proves
there are no more. The kernel is deterministic: no clock or randomness decides anything in it;
``control[0]`` (set by another thread) is read before every line solved.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .cdcl_bp import (
    MODE_SHAKE,
    PROVE_AFTER,
    REBP_GROWTH,
    SHAKE_SEED_SHIFT,
    bp_phases,
    certainty,
    shake,
)
from .cdcl_db import (
    K_CLAUSE,
    K_DECISION,
    SC_CKIND,
    SC_CREF,
    SC_LEVEL,
    SC_LQCOUNT,
    SC_LQHEAD,
    SC_NCLEAR,
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
    new_cdcl,
    reduce_db,
    restart_due,
)
from .cdcl_heur import decide_phase, new_target, note_trail
from .cdcl_lines import (
    CD_CONFLICTS,
    CD_DELETED,
    CD_LEARNED,
    CD_PROVE_TRIALS,
    CD_REBELIEFS,
    CD_RESTARTS,
    explain,
    reason,
)
from .cdcl_prop import CONF_CLAUSE, CONFLICT, STOPPED, backtrack, enqueue, propagate
from .common import work_size
from .state import (
    ST_BACKTRACKS,
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

PROVED_OTHER = 9
""":func:`prove_unique` filled the board: another solution."""
REDUCE_FIRST = 2000
REDUCE_GROW = 300
"""Learned clauses are halved after REDUCE_FIRST conflicts, then every REDUCE_GROW more each time."""
VAR_DECAY = 0.95


@njit(cache=True, nogil=True)
def analyze(s):
    """1-UIP learning from the conflict in ``sc``: the clause goes to ``learnt`` (asserting
    literal first, a literal of the backjump level second). Returns ``(length, backjump level,
    glue)``. The cells met are bumped."""
    out = learn(s)
    level, learnt, stamps, sc = s.level, s.learnt, s.stamp, s.sc
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


@njit(cache=True, nogil=True, _nrt=False)
def learn(s):
    """:func:`analyze`'s 1-UIP clause and its minimisation: returns the clause's length in
    ``learnt``. Compiled without numba's reference counts (``_nrt=False``): every array it
    touches is a borrowed view (see :func:`.cdcl_db.borrowed`) whose count nobody reads, and it
    allocates nothing; the counts' calls were a fifth of the learning search's time."""
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
    astack, aclear, memo = s.astack, s.aclear, s.memo
    if sc[SC_CKIND] == CONF_CLAUSE:
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
    return minimise(out, learnt, seen, level, astack, aclear, rkind, rref, rtrail, lits,
                    cl_start, cl_len, ex_start, ex_len, ex_pool, span, val, tpos, sc, exline,
                    cand, clue_off, blocks, iwork, stats, memo)


@njit(cache=True, nogil=True, _nrt=False)
def minimise(out, learnt, seen, level, astack, aclear, rkind, rref, rtrail, lits, cl_start,
             cl_len, ex_start, ex_len, ex_pool, span, val, tpos, sc, exline, cand, clue_off,
             blocks, iwork, stats, memo):
    """Recursive minimisation (MiniSat's) of ``learnt[:out]``: drop the literals implied by the
    others; returns the new length. One call a conflict, :func:`redundant` compiled in (as a
    call per literal, its two dozen arrays were pushed on the stack each time)."""
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
    return out


@njit(cache=True, nogil=True, _nrt=False, inline="always")
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
def cdcl(units, blocks, colors, clue_off, cells, max_solutions, solutions, control, stats, mode):
    """Find up to ``max_solutions`` solutions from the state ``cells`` (flat cell bitsets) by
    the learning search. Returns ``(status, found)``: ``CDCL_DONE`` (the search space is
    exhausted: every solution was found), ``CDCL_LIMIT`` or ``CDCL_STOPPED``. ``mode``: 0, or
    :data:`.cdcl_bp.MODE_SHAKE` with a seed in bits :data:`.cdcl_bp.SHAKE_SEED_SHIFT` up for the
    same search with its first activities shaken; nothing else in it is read."""
    n_lines = units.span.shape[0]
    longest = 0
    for u in range(n_lines):
        longest = max(longest, units.span[u, 2])
    own = new_cdcl(units, blocks, colors, clue_off, work_size(longest, most_blocks(clue_off)),
                   stats, control)
    # the search runs on views that count no references (see :func:`.cdcl_db.borrow`); ``own``
    # is passed along so that it outlives them
    return _search(own, borrowed(own), cells, max_solutions, solutions, control, stats, mode)


@njit(cache=True, nogil=True)
def prove_unique(s, sol, order, stats, control):
    """The proof after the first solution (see :data:`.cdcl_bp.PROVE_AFTER`), at level 0: each
    open cell, in ``order``, decided alone with the value it does not have in the solution
    ``sol`` (a row of ``solutions``: 1 empty, 2 filled) and propagated; a conflict is learned
    from (one decision: the clause is a unit, kept at level 0). Returns 0 when every cell has
    been tried, ``CONFLICT`` when level 0 itself fails (no solution but those forbidden),
    ``STOPPED``, or :data:`PROVED_OTHER` when a trial fills the board (another solution, left
    on the trail at level 1)."""
    n = sol.shape[0]
    for j in range(n):
        v = order[j]
        if s.val[v] >= 0:
            continue
        if control[0] != 0:
            return STOPPED
        stats[CD_PROVE_TRIALS] += 1
        s.sc[SC_LEVEL] = 1
        s.lim[1] = s.sc[SC_TRAIL]
        enqueue(s, 2 * v + 2 - sol[v], 1, K_DECISION, -1, 0, -1)
        status = propagate(s)
        if status == STOPPED:
            return STOPPED
        if status == CONFLICT:
            stats[CD_CONFLICTS] += 1
            analyze(s)
            backtrack(s, 0)
            enqueue(s, s.learnt[0], 0, K_DECISION, -1, 0, -1)
            status = propagate(s)
            if status == STOPPED:
                return STOPPED
            if status == CONFLICT:
                stats[CD_CONFLICTS] += 1
                return CONFLICT
        elif s.sc[SC_TRAIL] == n:
            return PROVED_OTHER
        else:
            backtrack(s, 0)
    return 0


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
    if status == STOPPED:
        return CDCL_STOPPED, 0
    if status == CONFLICT:
        stats[CD_CONFLICTS] += 1
        return CDCL_DONE, 0
    # belief propagation sets every open cell's first phase and activity
    bel = bp_phases(s, True)
    if mode & MODE_SHAKE:
        shake(s.act, 1 + ((mode >> SHAKE_SEED_SHIFT) & 255))
    prove_at = -1  # the conflict count that turns the search to the proof
    prove_now = False
    bp_trail = s.sc[SC_TRAIL]  # level 0's size when the beliefs were made
    for v in range(n):
        heap_insert(s, v)
    target, tlen = new_target(n)
    targets = True  # until the proof (see cdcl_heur)
    restarts = 0
    since_restart = 0
    next_reduce = REDUCE_FIRST
    reduce_step = REDUCE_FIRST
    glue_avg = np.zeros(3, dtype=np.float64)  # recent glue, mean glue, count
    while True:
        if prove_now:
            prove_now = False
            backtrack(s, 0)
            sure = np.empty(n)
            for i in range(n):
                sure[i] = certainty(bel[i])
            order = np.argsort(sure, kind="mergesort")  # least sure first
            r = prove_unique(s, solutions[0], order, stats, control)
            if r == STOPPED:
                return CDCL_STOPPED, found
            if r == CONFLICT:
                return CDCL_DONE, found
            # each decision now tries to leave the first solution
            for i in range(n):
                s.phase[i] = 2 - solutions[0, i]  # the first solution's other value
                target[i] = -1
            tlen[0] = 0
            targets = False
        status = propagate(s)
        stats[ST_DECIDED] = s.sc[SC_TRAIL]
        if status == STOPPED:
            return CDCL_STOPPED, found
        if status == CONFLICT:
            stats[CD_CONFLICTS] += 1
            if s.sc[SC_LEVEL] == 0:
                return CDCL_DONE, found
            if 0 <= prove_at <= stats[CD_CONFLICTS] and found == 1:
                prove_at = -1
                prove_now = True
            k, bt, glue = analyze(s)
            if targets:
                note_trail(s.trail, s.lim[s.sc[SC_LEVEL]], s.phase, target, tlen)
            backtrack(s, bt)
            stats[ST_BACKTRACKS] += 1
            since_restart += 1
            s.var_inc[0] /= after_conflict(glue_avg, glue, stats[CD_CONFLICTS], VAR_DECAY)
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
        if restart_due(glue_avg, since_restart) or full:
            if targets:
                note_trail(s.trail, s.sc[SC_TRAIL], s.phase, target, tlen)
            backtrack(s, 0)
            tlen[0] = 0  # the target is forgotten at each restart
            if found == 0 and s.sc[SC_TRAIL] >= bp_trail + REBP_GROWTH:
                # level 0 has grown since the beliefs were worked out: again, for the phases
                bp_trail = s.sc[SC_TRAIL]
                stats[CD_REBELIEFS] += 1
                bel = bp_phases(s, False)  # the open cells' phases only
                target[:] = -1
            restarts += 1
            stats[CD_RESTARTS] = restarts
            since_restart = 0
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
            # a new solution: each earlier one is forbidden for good (reduce_db keeps the
            # clauses that forbid them)
            for i in range(n):
                solutions[found, i] = 1 + s.val[i]
            found += 1
            if found == 1:
                prove_at = stats[CD_CONFLICTS] + PROVE_AFTER
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
        enqueue(s, 2 * v + decide_phase(v, s.phase, target), dl, K_DECISION, -1, 0, -1)


@njit(cache=True, nogil=True)
def cdcl_grid(h, w, blocks, colors, clue_off, cells, max_solutions, solutions, control, stats,
              mode):
    """:func:`cdcl` on an ``h`` x ``w`` grid whose clues are packed rows first, then columns."""
    return cdcl(grid_units(h, w), blocks, colors, clue_off, cells, max_solutions, solutions,
                control, stats, mode)
