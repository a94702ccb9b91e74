"""The learning search's target phases (CaDiCaL's and Kissat's; measured in docs/solver.md,
"Fewer conflicts"): each decision takes the cell's value on the longest conflict-free trail seen
(the trail below the conflict's level, or the whole trail at a restart), not its last value; that
trail is forgotten at each restart, so the target is the longest since the last restart. Once the
search turns to proving its first solution is the only one (:func:`.cdcl.prove_unique`), targets
stop: the target is cleared and no trail is noted any more.

``target[v]`` is cell ``v``'s value on the target trail (-1: none), ``tlen[0]`` that trail's
length. Nothing here reads a clock: the search stays the same on every run. (Rephasing, stable
phases, reason-side bumping, all-UIP shrinking and density phases were measured too and left
out: docs/solver.md, "Dropped experiments removed from the kernels".)
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True, nogil=True)
def new_target(n):
    """No target yet: every cell's target value -1, the trail's length 0."""
    return np.full(n, -1, dtype=np.int8), np.zeros(1, dtype=np.int64)


@njit(cache=True, nogil=True)
def note_trail(trail, upto, phase, target, tlen):
    """The trail's first ``upto`` literals are free of conflict: if longer than the target's,
    they become it (cells past them keep their saved phases)."""
    if upto > tlen[0]:
        tlen[0] = upto
        target[:] = phase
        for t in range(upto):
            target[trail[t] >> 1] = trail[t] & 1


@njit(cache=True, nogil=True, inline="always")
def decide_phase(v, phase, target):
    """The value a decision on cell ``v`` takes: its target's, else its saved phase."""
    if target[v] >= 0:
        return target[v]
    return phase[v]
