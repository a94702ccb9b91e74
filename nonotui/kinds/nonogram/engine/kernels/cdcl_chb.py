"""Branching by conflict history (CHB) or by learning rate (LRB), both by Liang, Ganesh, Poupart
and Czarnecki (2016), for the learning search, behind the ``mode`` flags :data:`MODE_CHB` and
:data:`MODE_LRB` of :func:`.cdcl.cdcl`, in place of the activity bump (VSIDS); measured in
docs/solver.md, "Branching and vivification".

Each cell's score ``Q`` (the record's ``act``, so the branching heap orders by it) is an
exponential recency-weighted average of rewards: after every propagation (a decision or an
asserting literal and all that followed from it), each cell it assigned gets
``Q = (1 - alpha) Q + alpha r`` with ``r = m / (conflicts - last + 1)``, ``last`` the conflict
at which the cell last took part in a conflict analysis, ``m`` 1 when the propagation ended in a
conflict and :data:`CHB_MISS` when not. ``alpha`` starts at :data:`CHB_ALPHA_FIRST` and falls
by :data:`CHB_ALPHA_STEP` a conflict down to :data:`CHB_ALPHA_MIN`.

LRB: a cell's reward, given when it is unassigned (at a backjump or a restart), is its learning
rate: the conflict analyses it took part in while assigned, over the conflicts it stayed
assigned (none: no reward); the same average, the same ``alpha``. After each conflict every
score in the heap is multiplied by :data:`LRB_DECAY` (the paper's locality extension: cells
left open lose ground). No clock, no randomness: the search stays the same on every run.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .cdcl_db import SC_HEAP, SC_TRAIL, sift_down, sift_up

MODE_CHB = 32768
MODE_LRB = 131072
LRB_DECAY = 0.95
CHB_ALPHA_FIRST = 0.4
CHB_ALPHA_STEP = 1e-6
CHB_ALPHA_MIN = 0.06
CHB_MISS = 0.9
"""The paper's constants."""


@njit(cache=True, nogil=True)
def new_chb(n):
    """Per cell of ``n``: the last conflict it took part in (CHB; 0: none yet) or the analyses
    it took part in since it was assigned (LRB), and the conflict at which it was assigned
    (LRB); ``alpha``."""
    return np.zeros(n, dtype=np.int64), np.zeros(n, dtype=np.int64), \
        np.full(1, CHB_ALPHA_FIRST, dtype=np.float64)


@njit(cache=True, nogil=True, inline="always")
def _replace(heap, hpos, act, v, old, size):
    """Re-place ``v`` in the heap (if there) after its score changed from ``old``."""
    i = hpos[v]
    if i >= 0:
        if act[v] > old:
            sift_up(heap, hpos, act, v, i)
        else:
            sift_down(heap, hpos, act, v, size)


@njit(cache=True, nogil=True, inline="always")
def _alpha_step(alpha):
    """A conflict's step of ``alpha``, down to :data:`CHB_ALPHA_MIN` (CHB's and LRB's)."""
    if alpha[0] > CHB_ALPHA_MIN:
        alpha[0] = max(CHB_ALPHA_MIN, alpha[0] - CHB_ALPHA_STEP)


@njit(cache=True, nogil=True)
def chb_update(act, heap, hpos, sc, trail, last, alpha, t0, size, conflicts, conflict):
    """Reward the cells the propagation assigned (trail positions ``t0`` on; before the backjump
    when it ended in a conflict), re-placing those still in the heap (``size`` slots); with a
    conflict, ``alpha`` takes its step."""
    m = 1.0 if conflict else CHB_MISS
    a = alpha[0]
    for t in range(t0, sc[SC_TRAIL]):
        v = trail[t] >> 1
        old = act[v]
        act[v] = (1.0 - a) * old + a * m / (conflicts - last[v] + 1)
        _replace(heap, hpos, act, v, old, size)
    if conflict:
        _alpha_step(alpha)


@njit(cache=True, nogil=True)
def chb(s, last, alpha, t0, conflicts, conflict):
    """:func:`chb_update` on the record ``s`` (see :mod:`.cdcl_db`)."""
    chb_update(s.act, s.heap, s.hpos, s.sc, s.trail, last, alpha, t0, s.sc[SC_HEAP], conflicts,
               conflict)


@njit(cache=True, nogil=True)
def lrb_assigned(s, part, since, t0, conflicts):
    """LRB: the cells on the trail from ``t0`` on were assigned at conflict ``conflicts``."""
    trail = s.trail
    for t in range(t0, s.sc[SC_TRAIL]):
        v = trail[t] >> 1
        part[v] = 0
        since[v] = conflicts


@njit(cache=True, nogil=True)
def lrb_unassign(s, keep, part, since, alpha, conflicts):
    """LRB: reward the cells on the trail from ``keep`` on, about to be unassigned, by their
    learning rates (``part`` over the conflicts since ``since``), at conflict ``conflicts``."""
    act, heap, hpos, trail = s.act, s.heap, s.hpos, s.trail
    size = s.sc[SC_HEAP]
    a = alpha[0]
    for t in range(keep, s.sc[SC_TRAIL]):
        v = trail[t] >> 1
        interval = conflicts - since[v]
        if interval > 0:
            old = act[v]
            act[v] = (1.0 - a) * old + a * part[v] / interval
            _replace(heap, hpos, act, v, old, size)


@njit(cache=True, nogil=True)
def lrb_after_conflict(s, alpha):
    """LRB: the locality decay of every score in the heap (order kept), and ``alpha``'s step."""
    act, heap = s.act, s.heap
    for i in range(s.sc[SC_HEAP]):
        act[heap[i]] *= LRB_DECAY
    _alpha_step(alpha)
