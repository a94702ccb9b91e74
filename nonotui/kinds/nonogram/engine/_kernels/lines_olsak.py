"""olsak (seed 003): fast, then each cell fast left open probed with each value for consistency."""

from __future__ import annotations

from numba import njit

from .common import BOTH, CHANGED, CONTRADICTION, EMPTY, FILLED
from .lines_fast import fast_open, leftmost, mark_arrangement


@njit(cache=True, nogil=True)
def olsak_open(blocks, line, out, iwork):
    """Seed 003: fast, then probe each cell fast left open with each value in turn.

    A probe sets the cell and asks fast's leftmost push whether the line is still consistent (the
    push fails exactly when no arrangement fits); a value that breaks the line is removed. Every
    consistent probe yields a whole arrangement, and so do fast's two extremes: a value already
    seen in one of these witnesses is possible and needs no probe of its own.
    """
    status = fast_open(blocks, line, out, iwork)
    if status == CONTRADICTION:
        return status
    n = line.shape[0]
    k = blocks.shape[0]
    left = iwork[0:k]  # fast's two extremes, still there
    right = iwork[k : 2 * k]
    seen = iwork[2 * k : 2 * k + n]  # fast's scratch, free again
    trial = iwork[2 * k + n : 3 * k + n]
    for i in range(n):
        seen[i] = 0
    mark_arrangement(blocks, left, False, n, seen)
    mark_arrangement(blocks, right, True, n, seen)
    for c in range(n):
        for value in range(EMPTY, FILLED + 1):
            cur = out[c]
            if (cur & BOTH) != BOTH:
                break
            if (seen[c] & value) != 0:
                continue
            out[c] = value
            if leftmost(blocks, out, False, trial):
                out[c] = cur
                mark_arrangement(blocks, trial, False, n, seen)
            else:
                out[c] = cur ^ value
                status = CHANGED
    return status
