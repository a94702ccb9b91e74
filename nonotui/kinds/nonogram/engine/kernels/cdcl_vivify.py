"""Vivification of learned clauses (as Kissat and CaDiCaL do) for the learning search, behind
the ``mode`` flag :data:`MODE_VIVIFY` of :func:`.cdcl.cdcl`; measured in docs/solver.md,
"Branching and vivification".

At a restart (decision level 0, a fixpoint), every :data:`VIV_EVERY` conflicts, the best
:data:`VIV_CLAUSES` learned clauses not yet vivified (lowest glue, then newest) are each tried:
the negations of their literals are decided one at a time, each followed by the search's own
propagation (clauses and lines). A literal already false is dropped (the negations before it
imply it false); a literal already true ends the clause there (the negations before it imply
it); a conflict ends it at the literal just decided (those negations cannot all hold). What is
kept is implied by the clauses and lines, every one of which holds in every solution still
allowed (learned clauses follow from the lines and the clauses that forbid the solutions found),
so no solution is lost. A clause shortened to one literal gives a unit at level 0 (the clause
itself stays, satisfied, until the next reduction drops it). The saved phases are put back
after the round, so the search goes on as it would have, with shorter clauses.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .cdcl_db import K_DECISION, SC_LEVEL, SC_TRAIL, lit_value, ranked_learned
from .cdcl_prop import _CONFLICT, _STOPPED, backtrack, enqueue, propagate

MODE_VIVIFY = 65536
VIV_EVERY = 500
"""Conflicts between rounds (a round waits for the next restart)."""
VIV_CLAUSES = 40
"""Clauses tried per round."""

VIV_STOPPED = -1
VIV_UNIT = -2


@njit(cache=True, nogil=True, inline="always")
def _unwatch(whead, wnext, slot, lit):
    """Take watch ``slot`` out of literal ``lit``'s list."""
    prev = -1
    x = whead[lit]
    while x >= 0 and x != slot:
        prev = x
        x = wnext[x]
    if x < 0:
        return
    if prev < 0:
        whead[lit] = wnext[x]
    else:
        wnext[prev] = wnext[x]


@njit(cache=True, nogil=True)
def rewrite(s, c, out, m):
    """Clause ``c`` becomes ``out[:m]`` (``m`` >= 2, all open at level 0, a subset of its
    literals), watching its first two."""
    start = s.cl_start[c]
    whead, wnext, wblock, lits = s.whead, s.wnext, s.wblock, s.lits
    _unwatch(whead, wnext, 2 * c, lits[start])
    _unwatch(whead, wnext, 2 * c + 1, lits[start + 1])
    for i in range(m):
        lits[start + i] = out[i]
    s.cl_len[c] = m
    s.cl_lbd[c] = min(s.cl_lbd[c], m)
    for k in range(2):
        lit = out[k]
        wnext[2 * c + k] = whead[lit]
        whead[lit] = 2 * c + k
        wblock[2 * c + k] = out[1 - k]


@njit(cache=True, nogil=True)
def candidates(s, count):
    """Up to ``count`` learned clauses not yet vivified (``cl_learnt`` 1; a vivified one is 2),
    lowest glue first, then newest."""
    return ranked_learned(s, 1, -1)[:count]


@njit(cache=True, nogil=True)
def vivify_clause(s, c, buf, out):
    """Try clause ``c`` at level 0 (see the module's docstring); ``out`` gets what is kept.
    Returns its length (the clause's own length: nothing to drop; 0: satisfied at level 0), or
    :data:`VIV_STOPPED` when the search was told to stop. Leaves the search at level 0."""
    start, k = s.cl_start[c], s.cl_len[c]
    val, level, lim, sc = s.val, s.level, s.lim, s.sc
    # a copy: propagation moves the clause's own watched literals while it is tried
    buf[:k] = s.lits[start:start + k]
    m = 0
    for i in range(k):
        lit = buf[i]
        x = lit_value(val, lit)
        if x == 1:
            if level[lit >> 1] == 0:
                m = 0
                break
            out[m] = lit  # implied by the negations before it: the rest goes
            m += 1
            break
        if x == 0:
            continue  # implied false by the negations before it (or at level 0)
        out[m] = lit
        m += 1
        dl = sc[SC_LEVEL] + 1
        sc[SC_LEVEL] = dl
        lim[dl] = sc[SC_TRAIL]
        enqueue(s, lit ^ 1, dl, K_DECISION, -1, 0, -1)
        status = propagate(s)
        if status == _STOPPED:
            backtrack(s, 0)
            return VIV_STOPPED
        if status == _CONFLICT:
            break  # the negations so far cannot all hold
    backtrack(s, 0)
    return m


@njit(cache=True, nogil=True)
def vivify(s, count):
    """One round on up to ``count`` clauses (at level 0, a fixpoint). Returns the literals
    dropped, or :data:`VIV_UNIT` when a clause came down to a unit (enqueued at level 0: the
    caller propagates it before anything else), or :data:`VIV_STOPPED`."""
    saved = s.phase.copy()
    out = np.empty(s.val.shape[0], dtype=np.int32)
    buf = np.empty(s.val.shape[0], dtype=np.int32)
    dropped = 0
    result = 0
    for c in candidates(s, count):
        m = vivify_clause(s, c, buf, out)
        s.cl_learnt[c] = 2
        if m == VIV_STOPPED:
            result = VIV_STOPPED
            break
        k = s.cl_len[c]
        if m == 0 or m >= k:
            continue
        dropped += k - m
        if m == 1:
            enqueue(s, out[0], 0, K_DECISION, -1, 0, -1)
            result = VIV_UNIT
            break
        rewrite(s, c, out, m)
    s.phase[:] = saved
    return result if result < 0 else dropped
