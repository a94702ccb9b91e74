"""The learning search's heuristics past VSIDS and saved phases, each behind a ``mode`` flag of
:func:`.cdcl.cdcl` (measured in docs/solver.md, "Fewer conflicts").

- :data:`MODE_TARGET` (128): target phases (CaDiCaL's and Kissat's): each decision takes the
  cell's value on the longest conflict-free trail seen (the trail below the conflict's level, or
  the whole trail at a restart), not its last value; :data:`MODE_TARGET_RESET` (256) forgets
  that trail at each restart, so the target is the longest since the last restart.
- :data:`MODE_REPHASE` (512): every :data:`REPHASE_EVERY` (then growing) conflicts, at a
  restart, the saved phases are reset, alternately to the best phases (the longest
  conflict-free trail since the last such reset) and to the first phases (from the lines).
- :data:`MODE_STABLE` (2048): the search alternates between phases of Glucose's restarts
  (focused) and of Luby's restarts, :data:`STABLE_UNIT` conflicts a unit, with target phases
  (stable), as CaDiCaL and Kissat do; the first phase lasts :data:`SWITCH_FIRST` conflicts, and
  each pair of phases twice as long as the one before.
- :data:`MODE_REASON_BUMP` (1024): reason-side bumping (Kissat's): after learning a clause of
  at most :data:`REASON_BUMP_MAX` literals, the cells of its literals' reasons are bumped too.

The phase arrays are ``ph[0]`` (target), ``ph[1]`` (best), ``ph[2]`` (first phases); ``hs``
holds the target trail's length, the best's, the next rephase's conflict count, the rephases
so far, the next switch's conflict count, whether the search is stable, the switches so far and
the stable restarts since the last switch. Nothing here reads a clock: the search stays the
same on every run.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .cdcl_db import K_CLAUSE, K_DECISION, bump_arrays, luby, restart_due
from .cdcl_lines import explain

MODE_TARGET = 128
MODE_TARGET_RESET = 256
MODE_REPHASE = 512
MODE_REASON_BUMP = 1024
MODE_STABLE = 2048
SWITCH_FIRST = 1000
STABLE_UNIT = 256
REPHASE_EVERY = 1000
"""Conflicts before the first rephase; the ``k``-th waits ``k`` times as long (arithmetic)."""
REASON_BUMP_MAX = 12
"""Reason-side bumping skips learned clauses longer than this (Kissat's default limit: 10)."""


@njit(cache=True, nogil=True)
def new_heur(phase, mode=0):
    """The phase arrays and counters (see the module's docstring), from the first phases."""
    n = phase.shape[0]
    ph = np.full((3, n), -1, dtype=np.int8)
    ph[2, :] = phase
    hs = np.zeros(8, dtype=np.int64)
    hs[2] = REPHASE_EVERY
    hs[4] = (SWITCH_FIRST, 500, 2000, 4000)[(mode >> 18) & 3]  # TUNING
    return ph, hs


@njit(cache=True, nogil=True)
def note_trail(trail, upto, phase, ph, hs, mode):
    """Modes 128, 512 and 2048: the trail's first ``upto`` literals are free of conflict: if
    longer than the target's (or the best's), they become it (cells past them keep their saved phases)."""
    if not mode & (MODE_TARGET | MODE_REPHASE | MODE_STABLE):
        return
    for k in range(2):
        if upto > hs[k]:
            hs[k] = upto
            ph[k, :] = phase
            for t in range(upto):
                ph[k, trail[t] >> 1] = trail[t] & 1


@njit(cache=True, nogil=True)
def at_restart(phase, ph, hs, conflicts, mode):
    """Mode 256: forget the target; mode 512: rephase when due (then also forget the target)."""
    if mode & MODE_TARGET_RESET:
        hs[0] = 0
    hs[7] += 1
    if mode & MODE_REPHASE and conflicts >= hs[2]:
        hs[3] += 1
        hs[2] = conflicts + REPHASE_EVERY * (hs[3] + 1)
        src = 1 if hs[3] % 2 == 1 else 2
        for v in range(phase.shape[0]):
            if ph[src, v] >= 0:
                phase[v] = ph[src, v]
        hs[0] = 0
        if src == 1:
            hs[1] = 0


@njit(cache=True, nogil=True)
def restart_now(glue_avg, since, luby_at, mode, hs, conflicts):
    """Whether to restart (see :func:`.cdcl_db.restart_due`); with mode 2048, by the phase the
    search is in, switching phases (and restarting) when one has lasted its conflicts."""
    if not mode & MODE_STABLE:
        return restart_due(glue_avg, since, luby_at, mode)
    sw = (SWITCH_FIRST, 500, 2000, 4000)[(mode >> 18) & 3]  # TUNING
    unit = (STABLE_UNIT, 64, 1024, 4096)[(mode >> 16) & 3]  # TUNING
    if conflicts >= hs[4]:
        hs[5] ^= 1
        hs[6] += 1
        hs[4] = conflicts + (sw << (hs[6] // 2))
        hs[7] = -1  # at_restart makes it 0
        return True
    if hs[5] != 0:
        return since >= unit * luby(hs[7])
    return restart_due(glue_avg, since, luby_at, mode)


@njit(cache=True, nogil=True, inline="always")
def decide_phase(v, phase, ph, hs, mode):
    """The value a decision on cell ``v`` takes."""
    if (mode & MODE_TARGET or hs[5] != 0) and ph[0, v] >= 0:
        return ph[0, v]
    return phase[v]


@njit(cache=True, nogil=True)
def bump_reasons(s, out):
    """Mode 1024: bump the cells in the reasons of
    the learned clause's literals ``s.learnt[1:out]`` that are not in the clause; before the
    backjump (the reasons' cells are still assigned)."""
    learnt, seen, level, rkind, rref = s.learnt, s.seen, s.level, s.rkind, s.rref
    aclear, act, var_inc, heap, hpos = s.aclear, s.act, s.var_inc, s.heap, s.hpos
    if out > REASON_BUMP_MAX:
        return
    n_mark = 0
    for i in range(out):
        u = learnt[i] >> 1
        seen[u] = 1
        aclear[n_mark] = u
        n_mark += 1
    for i in range(1, out):
        u = learnt[i] >> 1
        if rkind[u] == K_DECISION:
            continue
        if rkind[u] == K_CLAUSE:
            arr, start, k = s.lits, s.cl_start[rref[u]], s.cl_len[rref[u]]
        else:
            if s.ex_len[u] < 0:
                st, kk = explain(rref[u], u, s.rtrail[u], s.span, s.val, s.tpos, s.sc, s.exline,
                                 s.cand, s.clue_off, s.blocks, s.iwork, s.stats, s.ex_pool,
                                 s.ex_len, s.memo)
                s.ex_start[u] = st
                s.ex_len[u] = kk
            arr, start, k = s.ex_pool, s.ex_start[u], s.ex_len[u]
        for j in range(start, start + k):
            x = arr[j] >> 1
            if seen[x] == 0 and level[x] > 0:
                seen[x] = 1
                aclear[n_mark] = x
                n_mark += 1
                bump_arrays(act, var_inc, heap, hpos, x)
    for i in range(n_mark):
        seen[aclear[i]] = 0
