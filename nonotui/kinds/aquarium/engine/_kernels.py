"""The numba kernels of the Aquarium solver: bounds propagation over tank levels, probing and
bifurcation (see docs/solver.md, "Aquarium").

The variables are the tanks' levels. A tank's level is its topmost water row (``bottom + 1``
when it is empty), and its domain is an interval ``[lo[t], hi[t]]``: every rule below only ever
raises ``lo`` or lowers ``hi`` (a tank's water in any set of cells shrinks as its level rises, so
what a sum of such contributions allows of one tank is always an interval).

A *unit* is a row or a column with a count. Within a unit, each tank present forms a *group*:
the rows of its cells in that unit, ascending (a row unit repeats its row once per cell). The
group's water is ``f(L) = #{rows >= L}``, non-increasing in the level ``L``, so its least water
is ``f(hi)`` and its most ``f(lo)``. With ``tmin``/``tmax`` the sums over the unit and ``n`` its
count, a tank's level must leave ``n - (tmin - fmin) >= f(L) >= n - (tmax - fmax)``; the rows
array turns both bounds into a new ``lo`` and ``hi`` at once. On a row these are exactly seed
004's two row rules; on a column they are its column rule done fully (every level that no
combination of the other tanks' bounds can complement is removed).

Every kernel is compiled on its first call (``cache=True``, ``nogil=True``), never at import,
and cached in the user's cache folder under a name keyed to this file
(:mod:`nonotui.model.kernel_cache`).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from numba import njit

from nonotui.model import kernel_cache

CACHE_FOLDER = kernel_cache.cache_folder("aquarium", [Path(__file__).resolve()])
"""Where these kernels are cached (None: numba's own choice, or NUMBA_CACHE_DIR)."""
_restore = kernel_cache.use(CACHE_FOLDER)

SEARCH_DONE = 0
"""The whole tree was explored: every solution was found."""
SEARCH_LIMIT = 1
"""Stopped after ``max_solutions`` solutions."""
SEARCH_STOPPED = 2
"""Stopped because ``control[0]`` was set (a cancel or a deadline)."""

ST_NODES = 0
"""Search nodes visited."""
ST_UNITS = 1
"""Units (rows and columns) propagated."""
ST_PROBES = 2
"""Levels tried by probing."""
ST_GUESSES = 3
"""Bifurcations."""
ST_BACKTRACKS = 4
"""Alternatives taken from the stack."""
ST_CONTRADICTIONS = 5
"""Propagations that ended in a contradiction (probes and branches)."""
ST_MAX_DEPTH = 6
"""The deepest the bifurcation stack went."""
ST_DEPTH = 7
"""The stack's depth now (for progress)."""
ST_DECIDED = 8
"""Tanks whose level is fixed in the state the search works on now (for progress)."""
ST_SOLUTIONS = 9
"""Solutions found so far (for progress)."""
N_STATS = 10


@njit(cache=True, nogil=True)
def _enqueue_tank(t, tu_start, tu_units, queue, inq, qs):
    """Put every unit of tank ``t`` not already waiting at the queue's tail."""
    size = queue.size
    for k in range(tu_start[t], tu_start[t + 1]):
        u = tu_units[k]
        if inq[u] == 0:
            inq[u] = 1
            queue[(qs[0] + qs[1]) % size] = u
            qs[1] += 1


@njit(cache=True, nogil=True)
def _clear_queue(queue, inq, qs):
    size = queue.size
    while qs[1] > 0:
        inq[queue[qs[0]]] = 0
        qs[0] = (qs[0] + 1) % size
        qs[1] -= 1
    qs[0] = 0


@njit(cache=True, nogil=True)
def _set(t, new_lo, new_hi, lo, hi, trail, tl):
    """Narrow tank ``t`` to ``[new_lo, new_hi]``, recording its old domain on the trail."""
    k = tl[0]
    trail[k, 0] = t
    trail[k, 1] = lo[t]
    trail[k, 2] = hi[t]
    tl[0] = k + 1
    lo[t] = new_lo
    hi[t] = new_hi


@njit(cache=True, nogil=True)
def _undo(mark, lo, hi, trail, tl):
    """Put back every domain changed since the trail had ``mark`` entries."""
    k = tl[0]
    while k > mark:
        k -= 1
        t = trail[k, 0]
        lo[t] = trail[k, 1]
        hi[t] = trail[k, 2]
    tl[0] = mark


@njit(cache=True, nogil=True)
def _water(rows, start, end, level):
    """How many of ``rows[start:end]`` (ascending) lie at or below ``level``."""
    k = start
    while k < end and rows[k] < level:
        k += 1
    return end - k


@njit(cache=True, nogil=True)
def propagate(lo, hi, counts, g_start, g_tank, r_start, rows, tu_start, tu_units, queue, inq,
              qs, trail, tl, stats, pre, suf):
    """Run the queued units until nothing changes; False on a contradiction.

    Args:
        lo, hi: The level domains (narrowed in place, every change on the trail).
        counts: Each unit's count.
        g_start: Unit ``u``'s groups are ``g_start[u]:g_start[u + 1]``.
        g_tank: Each group's tank.
        r_start, rows: Group ``g``'s rows are ``rows[r_start[g]:r_start[g + 1]]``, ascending.
        tu_start, tu_units: The units of tank ``t`` are ``tu_units[tu_start[t]:tu_start[t+1]]``.
        queue, inq, qs: The waiting units (a ring of ``counts.size``), who waits, and
            ``[head, size]``. Emptied on return either way.
        trail, tl: The trail (``[tank, old lo, old hi]`` rows) and its length.
        stats: Counters (:data:`ST_UNITS`).
        pre, suf: Scratch tables for :func:`_exact` (``(groups + 1, count + 1)`` at least for
            every unit); empty tables turn the exact check off (bounds only).
    """
    size = queue.size
    while qs[1] > 0:
        u = queue[qs[0]]
        qs[0] = (qs[0] + 1) % size
        qs[1] -= 1
        inq[u] = 0
        stats[ST_UNITS] += 1
        n = counts[u]
        tmin = 0
        tmax = 0
        for g in range(g_start[u], g_start[u + 1]):
            t = g_tank[g]
            tmin += _water(rows, r_start[g], r_start[g + 1], hi[t])
            tmax += _water(rows, r_start[g], r_start[g + 1], lo[t])
        if n < tmin or n > tmax:
            _clear_queue(queue, inq, qs)
            return False
        if tmin == tmax:
            continue
        narrowed = False
        for g in range(g_start[u], g_start[u + 1]):
            t = g_tank[g]
            a = r_start[g]
            b = r_start[g + 1]
            fmin = _water(rows, a, b, hi[t])
            fmax = _water(rows, a, b, lo[t])
            if fmin == fmax:
                continue
            k = b - a
            ub = n - tmin + fmin  # the most water this tank may bring
            lb = n - tmax + fmax  # the least
            new_lo = lo[t]
            new_hi = hi[t]
            if ub < k:
                # at most ub of its rows may be water: its level lies below rows[b-1-ub]
                cand = rows[b - 1 - ub] + 1
                if cand > new_lo:
                    new_lo = cand
            if lb >= 1:
                # at least lb of its rows must be water: its level is at or above rows[b-lb]
                cand = rows[b - lb]
                if cand < new_hi:
                    new_hi = cand
            if new_lo > new_hi:
                _clear_queue(queue, inq, qs)
                return False
            if new_lo != lo[t] or new_hi != hi[t]:
                _set(t, new_lo, new_hi, lo, hi, trail, tl)
                nmin = _water(rows, a, b, new_hi)
                nmax = _water(rows, a, b, new_lo)
                tmin += nmin - fmin
                tmax += nmax - fmax
                _enqueue_tank(t, tu_start, tu_units, queue, inq, qs)
                narrowed = True
        if not narrowed and tmin < tmax and pre.shape[0] > 0:
            if not _exact(u, lo, hi, counts, g_start, g_tank, r_start, rows, tu_start,
                          tu_units, queue, inq, qs, trail, tl, pre, suf):
                _clear_queue(queue, inq, qs)
                return False
    qs[0] = 0
    return True


@njit(cache=True, nogil=True)
def _exact(u, lo, hi, counts, g_start, g_tank, r_start, rows, tu_start, tu_units, queue, inq,
           qs, trail, tl, pre, suf):
    """The exact test of a row (a subset-sum table over its open tanks): each open tank brings
    all of its cells in the row or none, and it must be water there if the others cannot make
    up the count without it, air if they cannot with it. False when no subset meets the count.
    Bounds catch most of it; this catches the rest (three tanks of two cells cannot make 3).

    A column needs no such test: as a tank's level falls, its water in one column grows one
    cell at a time, so the sums reachable are every number between the bounds, which the
    bounds rule already uses exactly. A unit whose groups span several rows is a column and
    is left alone."""
    g0 = g_start[u]
    g1 = g_start[u + 1]
    row = rows[r_start[g0]]
    if rows[r_start[g1] - 1] != row:
        return True
    need = counts[u]
    m = 0
    for g in range(g0, g1):
        t = g_tank[g]
        if hi[t] <= row:
            need -= r_start[g + 1] - r_start[g]
        elif lo[t] <= row:
            m += 1
    if need < 0:
        return False
    for i in range(m + 1):
        for x in range(need + 1):
            pre[i, x] = 0
            suf[i, x] = 0
    pre[0, 0] = 1
    i = 0
    for g in range(g0, g1):
        t = g_tank[g]
        if lo[t] <= row < hi[t]:
            k = r_start[g + 1] - r_start[g]
            for x in range(need + 1):
                if pre[i, x]:
                    pre[i + 1, x] = 1
                    if x + k <= need:
                        pre[i + 1, x + k] = 1
            i += 1
    if pre[m, need] == 0:
        return False
    suf[m, 0] = 1
    i = m
    for g in range(g1 - 1, g0 - 1, -1):
        t = g_tank[g]
        if lo[t] <= row < hi[t]:
            k = r_start[g + 1] - r_start[g]
            for x in range(need + 1):
                if suf[i, x]:
                    suf[i - 1, x] = 1
                    if x + k <= need:
                        suf[i - 1, x + k] = 1
            i -= 1
    i = 0
    for g in range(g0, g1):
        t = g_tank[g]
        if lo[t] <= row < hi[t]:
            k = r_start[g + 1] - r_start[g]
            wet = False
            dry = False
            for x in range(need + 1):
                if pre[i, x]:
                    if suf[i + 1, need - x]:
                        dry = True
                    if x + k <= need and suf[i + 1, need - x - k]:
                        wet = True
            if not wet:
                _set(t, row + 1, hi[t], lo, hi, trail, tl)
                _enqueue_tank(t, tu_start, tu_units, queue, inq, qs)
            elif not dry:
                _set(t, lo[t], row, lo, hi, trail, tl)
                _enqueue_tank(t, tu_start, tu_units, queue, inq, qs)
            i += 1
    return True


@njit(cache=True, nogil=True)
def propagate_levels(lo, hi, counts, g_start, g_tank, r_start, rows, tu_start, tu_units, exact):
    """The rules' fixpoint from the domains ``lo``/``hi`` (narrowed in place); False on a
    contradiction (the domains are then partly narrowed)."""
    n_units = counts.size
    stats = np.zeros(N_STATS, dtype=np.int64)
    queue = np.zeros(max(n_units, 1), dtype=np.int64)
    inq = np.zeros(max(n_units, 1), dtype=np.int8)
    qs = np.zeros(2, dtype=np.int64)
    capacity = _trail_capacity(lo, hi)
    trail = np.zeros((capacity, 3), dtype=np.int64)
    tl = np.zeros(1, dtype=np.int64)
    for t in range(lo.size):
        if lo[t] > hi[t]:
            return False
    for u in range(n_units):
        inq[u] = 1
        queue[u] = u
    qs[1] = n_units
    pre, suf = _tables(counts, g_start, exact)
    return propagate(lo, hi, counts, g_start, g_tank, r_start, rows, tu_start, tu_units, queue,
                     inq, qs, trail, tl, stats, pre, suf)


@njit(cache=True, nogil=True)
def _tables(counts, g_start, exact):
    """Scratch tables for :func:`_exact`, big enough for every row (empty: no exact test)."""
    if not exact:
        return np.zeros((0, 0), dtype=np.uint8), np.zeros((0, 0), dtype=np.uint8)
    most_groups = 0
    most_count = 0
    for u in range(counts.size):
        most_groups = max(most_groups, g_start[u + 1] - g_start[u])
        most_count = max(most_count, counts[u])
    return (np.zeros((most_groups + 1, most_count + 1), dtype=np.uint8),
            np.zeros((most_groups + 1, most_count + 1), dtype=np.uint8))


@njit(cache=True, nogil=True)
def _trail_capacity(lo, hi):
    """More trail rows than any path can use: each row records a narrowing by at least one."""
    total = 16
    for t in range(lo.size):
        total += hi[t] - lo[t] + 2
    return total


@njit(cache=True, nogil=True)
def _probe(lo, hi, counts, g_start, g_tank, r_start, rows, tu_start, tu_units, queue, inq, qs,
           trail, tl, stats, control, ulo, uhi, hits, stamp, pre, suf, score, ppre, psuf):
    """Probing to a fixpoint: every open tank tries each of its levels; a level whose
    propagation fails is dropped, and every tank is narrowed to the union of what the
    surviving levels left of it. ``score[t]`` gets what tank ``t``'s levels set: the fewest
    narrowings one surviving level made, times 4096, plus their total (capped at 4095), as the
    last round saw them (the round that changed nothing). Tanks in no unit (every count of their rows and columns
    missing) are left alone: any level fits them. Returns 1 on success, 0 on a contradiction,
    2 when stopped."""
    n_tanks = lo.size
    changed = True
    while changed:
        changed = False
        for t in range(n_tanks):
            if lo[t] == hi[t] or tu_start[t] == tu_start[t + 1]:
                continue
            if control[0] != 0:
                return 2
            good = 0
            fewest = 1 << 30
            total = 0
            for v in range(lo[t], hi[t] + 1):
                mark = tl[0]
                _set(t, v, v, lo, hi, trail, tl)
                _enqueue_tank(t, tu_start, tu_units, queue, inq, qs)
                stats[ST_PROBES] += 1
                if propagate(lo, hi, counts, g_start, g_tank, r_start, rows, tu_start, tu_units,
                             queue, inq, qs, trail, tl, stats, ppre, psuf):
                    good += 1
                    made = tl[0] - mark
                    fewest = min(fewest, made)
                    total += made
                    # the tanks this level narrowed, each once (stamped with this probe)
                    for k in range(mark, tl[0]):
                        s = trail[k, 0]
                        if stamp[s] != good:
                            stamp[s] = good
                            if hits[s] == good - 1:
                                if hits[s] == 0:
                                    ulo[s] = lo[s]
                                    uhi[s] = hi[s]
                                else:
                                    ulo[s] = min(ulo[s], lo[s])
                                    uhi[s] = max(uhi[s], hi[s])
                                hits[s] = good
                else:
                    stats[ST_CONTRADICTIONS] += 1
                _undo(mark, lo, hi, trail, tl)
            score[t] = fewest * 4096 + min(total, 4095)
            # tanks narrowed by every surviving level keep the union of those narrowings
            narrowed = False
            if good > 0:
                for k in range(n_tanks):
                    if hits[k] == good and (ulo[k] > lo[k] or uhi[k] < hi[k]):
                        _set(k, max(lo[k], ulo[k]), min(hi[k], uhi[k]), lo, hi, trail, tl)
                        _enqueue_tank(k, tu_start, tu_units, queue, inq, qs)
                        narrowed = True
            for k in range(n_tanks):
                hits[k] = 0
                stamp[k] = 0
            if good == 0:
                return 0
            if narrowed:
                changed = True
                if not propagate(lo, hi, counts, g_start, g_tank, r_start, rows, tu_start,
                                 tu_units, queue, inq, qs, trail, tl, stats, pre, suf):
                    return 0
    return 1


@njit(cache=True, nogil=True)
def search(lo, hi, counts, g_start, g_tank, r_start, rows, tu_start, tu_units, max_solutions,
           solutions, control, stats, probing, exact, choice):
    """Find up to ``max_solutions`` level assignments from the domains ``lo``/``hi``.

    Propagation to a fixpoint (with the rows' exact test: ``exact`` 0 never, 1 everywhere, 2
    in the search's own propagation but not in probes), probing (when ``probing``), then
    bifurcation on an open tank, tanks in some unit before tanks in none: with ``choice`` 1
    (and probing) the one with the best probe score (:func:`_probe`), else the one with the
    fewest levels left (the lowest id on a tie); with ``choice`` 2 (and probing) the same tank as
    with 1. First its lower half of levels (more water), then the rest, except with ``choice``
    2: its upper half (less water) first, which finds solutions of random 30x30 puzzles in far
    fewer nodes. An explicit stack and a trail. Exhausting the tree enumerates
    every solution, so ``max_solutions=2`` proves uniqueness. ``control[0]`` set from another
    thread stops the search before its next propagation step.

    Returns:
        ``(status, found)``: :data:`SEARCH_DONE`, :data:`SEARCH_LIMIT` or
        :data:`SEARCH_STOPPED`, and the rows of ``solutions`` filled with levels.
    """
    n_tanks = lo.size
    n_units = counts.size
    queue = np.zeros(max(n_units, 1), dtype=np.int64)
    inq = np.zeros(max(n_units, 1), dtype=np.int8)
    qs = np.zeros(2, dtype=np.int64)
    capacity = _trail_capacity(lo, hi)
    trail = np.zeros((capacity, 3), dtype=np.int64)
    tl = np.zeros(1, dtype=np.int64)
    f_mark = np.zeros(capacity, dtype=np.int64)
    f_tank = np.zeros(capacity, dtype=np.int64)
    f_lo = np.zeros(capacity, dtype=np.int64)
    f_hi = np.zeros(capacity, dtype=np.int64)
    ulo = np.zeros(n_tanks, dtype=np.int64)
    uhi = np.zeros(n_tanks, dtype=np.int64)
    hits = np.zeros(n_tanks, dtype=np.int64)
    stamp = np.zeros(n_tanks, dtype=np.int64)
    score = np.zeros(n_tanks, dtype=np.int64)
    pre, suf = _tables(counts, g_start, exact > 0)
    ppre, psuf = _tables(counts, g_start, exact == 1)
    found = 0
    depth = 0
    ok = True
    for t in range(n_tanks):
        if lo[t] > hi[t]:
            ok = False
    if ok:
        for u in range(n_units):
            inq[u] = 1
            queue[u] = u
        qs[1] = n_units
        ok = propagate(lo, hi, counts, g_start, g_tank, r_start, rows, tu_start, tu_units,
                       queue, inq, qs, trail, tl, stats, pre, suf)
    while True:
        if control[0] != 0:
            return SEARCH_STOPPED, found
        stats[ST_NODES] += 1
        if ok and probing:
            res = _probe(lo, hi, counts, g_start, g_tank, r_start, rows, tu_start, tu_units,
                         queue, inq, qs, trail, tl, stats, control, ulo, uhi, hits, stamp, pre,
                         suf, score, ppre, psuf)
            if res == 2:
                return SEARCH_STOPPED, found
            ok = res == 1
        if ok:
            best = -1
            best_size = 0
            decided = 0
            for t in range(n_tanks):
                size = hi[t] - lo[t] + 1
                if size == 1:
                    decided += 1
                    continue
                if tu_start[t] == tu_start[t + 1]:
                    size += 1 << 60  # free tanks last: they never fail
                elif probing and choice >= 1:
                    size = -score[t]  # the tank whose every level decides most
                if best < 0 or size < best_size:
                    best = t
                    best_size = size
            stats[ST_DECIDED] = decided
            if best < 0:
                for t in range(n_tanks):
                    solutions[found, t] = lo[t]
                found += 1
                stats[ST_SOLUTIONS] = found
                if found >= max_solutions:
                    return SEARCH_LIMIT, found
                ok = False
            else:
                mid = (lo[best] + hi[best]) // 2
                f_mark[depth] = tl[0]
                f_tank[depth] = best
                first_lo = lo[best]
                first_hi = mid
                f_lo[depth] = mid + 1
                f_hi[depth] = hi[best]
                if choice == 2:  # the upper half of the levels (less water) first
                    first_lo = mid + 1
                    first_hi = hi[best]
                    f_lo[depth] = lo[best]
                    f_hi[depth] = mid
                depth += 1
                stats[ST_GUESSES] += 1
                stats[ST_DEPTH] = depth
                if depth > stats[ST_MAX_DEPTH]:
                    stats[ST_MAX_DEPTH] = depth
                _set(best, first_lo, first_hi, lo, hi, trail, tl)
                _enqueue_tank(best, tu_start, tu_units, queue, inq, qs)
                ok = propagate(lo, hi, counts, g_start, g_tank, r_start, rows, tu_start,
                               tu_units, queue, inq, qs, trail, tl, stats, pre, suf)
                if not ok:
                    stats[ST_CONTRADICTIONS] += 1
                continue
        # a contradiction or a solution recorded: take the next alternative
        if depth == 0:
            return SEARCH_DONE, found
        depth -= 1
        stats[ST_DEPTH] = depth
        stats[ST_BACKTRACKS] += 1
        _undo(f_mark[depth], lo, hi, trail, tl)
        t = f_tank[depth]
        _set(t, f_lo[depth], f_hi[depth], lo, hi, trail, tl)
        _enqueue_tank(t, tu_start, tu_units, queue, inq, qs)
        ok = propagate(lo, hi, counts, g_start, g_tank, r_start, rows, tu_start, tu_units,
                       queue, inq, qs, trail, tl, stats, pre, suf)
        if not ok:
            stats[ST_CONTRADICTIONS] += 1

_restore()  # the decorators above have read the cache folder
