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
- :data:`MODE_TARGET_SAT` (8192): target phases only until the first solution is found (the
  rest of the search proves there is no other, where a target pulls back to the solution).
- :data:`MODE_STABLE_BUMP` (4096): reason-side bumping in the stable phases only.
- :data:`MODE_SHRINK` (16384): all-UIP shrinking of the learned clause (:func:`shrink`).
- :data:`MODE_REASON_BUMP` (1024): reason-side bumping (Kissat's): after learning a clause of
  at most :data:`REASON_BUMP_MAX` literals, the cells of its literals' reasons are bumped too.
- :data:`MODE_DENSITY` (262144): each decision takes the value its cell has in most of the
  arrangements that fit its lines as they stand (each line's share, combined over the cell's
  lines as independent odds, as the first phases are: :func:`.cdcl_lines.seed_phases`); a tie
  keeps the phase it would have had. With :data:`MODE_DENSITY_OPEN` (524288) as well, only for
  cells without a target phase.

The phase arrays are ``ph[0]`` (target), ``ph[1]`` (best), ``ph[2]`` (first phases); ``hs``
holds the target trail's length, the best's, the next rephase's conflict count, the rephases
so far, the next switch's conflict count, whether the search is stable, the switches so far and
the stable restarts since the last switch, and whether a solution was found. Nothing here reads
a clock: the search stays the same on every run.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .cdcl_db import K_DECISION, bump_arrays, luby, restart_due
from .cdcl_lines import line_density, load_line, reason
from .state import most_blocks

MODE_TARGET = 128
MODE_TARGET_RESET = 256
MODE_REPHASE = 512
MODE_REASON_BUMP = 1024
MODE_STABLE = 2048
MODE_STABLE_BUMP = 4096
MODE_TARGET_SAT = 8192
MODE_SHRINK = 16384
MODE_DENSITY = 262144
MODE_DENSITY_OPEN = 524288
SWITCH_FIRST = 1000
STABLE_UNIT = 1024
"""Mode 2048: the first phase (focused) lasts ``SWITCH_FIRST`` conflicts, the next (stable) as
long, then each pair twice as long as the pair before; a stable phase restarts on Luby's
schedule of ``STABLE_UNIT`` conflicts a unit (units 256, 1024 and 4096 and first phases of 500
to 4,000 conflicts were measured: docs/solver.md)."""
REPHASE_EVERY = 1000
"""Conflicts before the first rephase; the ``k``-th waits ``k`` times as long (arithmetic)."""
REASON_BUMP_MAX = 12
"""Reason-side bumping skips learned clauses longer than this (Kissat's default limit: 10)."""


@njit(cache=True, nogil=True)
def new_heur(phase):
    """The phase arrays and counters (see the module's docstring), from the first phases."""
    n = phase.shape[0]
    ph = np.full((3, n), -1, dtype=np.int8)
    ph[2, :] = phase
    hs = np.zeros(9, dtype=np.int64)
    hs[2] = REPHASE_EVERY
    hs[4] = SWITCH_FIRST
    return ph, hs


@njit(cache=True, nogil=True)
def note_trail(trail, upto, phase, ph, hs, mode):
    """Modes 128, 512 and 2048: the trail's first ``upto`` literals are free of conflict: if
    longer than the target's (or the best's), they become it (cells past them keep their saved
    phases)."""
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
    if conflicts >= hs[4]:
        hs[5] ^= 1
        hs[6] += 1
        hs[4] = conflicts + (SWITCH_FIRST << (hs[6] // 2))
        hs[7] = -1  # at_restart makes it 0
        return True
    if hs[5] != 0:
        return since >= STABLE_UNIT * luby(hs[7])
    return restart_due(glue_avg, since, luby_at, mode)


@njit(cache=True, nogil=True, inline="always")
def analysis_mode(mode, hs):
    """The mode conflict analysis runs with: mode 4096 adds 1024 in the stable phases."""
    if mode & MODE_STABLE_BUMP and hs[5] != 0:
        return mode | MODE_REASON_BUMP
    return mode


@njit(cache=True, nogil=True, inline="always")
def decide_phase(v, phase, ph, hs, mode):
    """The value a decision on cell ``v`` takes."""
    if (mode & MODE_TARGET or hs[5] != 0) and ph[0, v] >= 0 and not (
            mode & MODE_TARGET_SAT and hs[8] != 0):
        return ph[0, v]
    return phase[v]


@njit(cache=True, nogil=True, inline="always")
def _reason_of(s, u):
    """:func:`.cdcl_lines.reason` of cell ``u``, from the record ``s``."""
    return reason(u, s.rkind, s.rref, s.rtrail, s.lits, s.cl_start, s.cl_len, s.ex_start,
                  s.ex_len, s.ex_pool, s.span, s.val, s.tpos, s.sc, s.exline, s.cand, s.clue_off,
                  s.blocks, s.iwork, s.stats, s.memo)


@njit(cache=True, nogil=True)
def bump_reasons(s, out):
    """Mode 1024: bump the cells in the reasons of the learned clause's literals
    ``s.learnt[1:out]`` that are not in the clause; before the backjump (the reasons' cells are
    still assigned)."""
    learnt, seen, level, rkind = s.learnt, s.seen, s.level, s.rkind
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
        arr, start, k = _reason_of(s, u)
        for j in range(start, start + k):
            x = arr[j] >> 1
            if seen[x] == 0 and level[x] > 0:
                seen[x] = 1
                aclear[n_mark] = x
                n_mark += 1
                bump_arrays(act, var_inc, heap, hpos, x)
    for i in range(n_mark):
        seen[aclear[i]] = 0


@njit(cache=True, nogil=True)
def shrink(s, out, dl):
    """Mode 16384, all-UIP shrinking: the literals of ``s.learnt[1:out]`` at one decision level
    below ``dl`` are replaced by a single literal of that level that implies them all (with
    literals of lower levels already in the clause), when there is one; levels from the highest
    down. Returns the clause's new length; the glue stays the same."""
    learnt, seen, level, tpos, trail, rkind, lim = s.learnt, s.seen, s.level, s.tpos, s.trail, \
        s.rkind, s.lim
    extra = s.astack
    uip = np.full(dl + 1, -1, dtype=np.int64)
    for i in range(1, out):
        seen[learnt[i] >> 1] = 1
    n_extra = 0
    for lv in range(dl - 1, 0, -1):
        count = 0
        hi = -1
        for i in range(1, out):
            u = learnt[i] >> 1
            if level[u] == lv:
                count += 1
                seen[u] = 2
                hi = max(hi, tpos[u])
        if count < 2:
            for i in range(1, out):
                if level[learnt[i] >> 1] == lv:
                    seen[learnt[i] >> 1] = 1
            continue
        first_extra = n_extra
        ok = True
        t = hi
        while ok and t >= lim[lv]:
            x = trail[t] >> 1
            t -= 1
            if seen[x] != 2:
                continue
            if count == 1:
                uip[lv] = trail[t + 1] ^ 1
                break
            if rkind[x] == K_DECISION:
                ok = False
                break
            arr, start, k = _reason_of(s, x)
            for j in range(start, start + k):
                y = arr[j] >> 1
                if y == x or level[y] == 0:
                    continue
                if level[y] == lv:
                    if seen[y] == 0:
                        seen[y] = 2
                        extra[n_extra] = y
                        n_extra += 1
                        count += 1
                elif seen[y] == 0 or level[y] > lv:
                    ok = False
                    break
            seen[x] = 3
            count -= 1
        # the level's cells go back to plain clause members; the walk's own are unmarked
        for i in range(1, out):
            if level[learnt[i] >> 1] == lv:
                seen[learnt[i] >> 1] = 1
        for i in range(first_extra, n_extra):
            seen[extra[i]] = 0
        n_extra = first_extra
    for i in range(1, out):
        seen[learnt[i] >> 1] = 0
    j = 1
    for i in range(1, out):
        lv = level[learnt[i] >> 1]
        if uip[lv] < 0:
            learnt[j] = learnt[i]
            j += 1
        elif uip[lv] != -2:
            learnt[j] = uip[lv]
            j += 1
            uip[lv] = -2  # written once
    return j


@njit(cache=True, nogil=True)
def new_density(s):
    """Scratch arrays for :func:`density_phase`."""
    longest = s.linebuf.shape[0]
    size = (most_blocks(s.clue_off) + 1) * (longest + 1)
    return np.empty(size, dtype=np.float64), np.empty(size, dtype=np.float64), \
        np.empty(longest, dtype=np.float64)


@njit(cache=True, nogil=True)
def density_phase(s, v, pre, suf, prob, fallback):
    """Mode 262144: the value of open cell ``v`` in most arrangements of its lines (see the
    module's docstring), ``fallback`` on a tie. The line buffer is free between propagations."""
    span, val, buf, clue_off, blocks = s.span, s.val, s.linebuf, s.clue_off, s.blocks
    lo = 0.0
    for j in range(s.of_cell.shape[1]):
        line = s.of_cell[v, j]
        m = load_line(span, val, line, buf)
        a = clue_off[line]
        if line_density(blocks, a, clue_off[line + 1] - a, buf, m, pre, suf, prob) <= 0.0:
            continue
        p = min(max(prob[s.at[v, j]], 1e-9), 1.0 - 1e-9)
        lo += np.log(p / (1.0 - p))
    if lo > 1e-12:
        return 1
    if lo < -1e-12:
        return 0
    return fallback
