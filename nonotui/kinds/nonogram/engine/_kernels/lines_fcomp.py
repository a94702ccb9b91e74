"""fcomp (seed 001): the fast-complete INVALID / SLIDING / DRAWING / RESTORING machine."""

from __future__ import annotations

from numba import njit

from .common import BOTH, CONTRADICTION, EMPTY, FILLED, record, writeback

NONE = -1
"""The block covers no solid; also "no target"."""

# the machine's modes (seed 001)
_INVALID = 0
_SLIDING = 1
_DRAWING = 2
_RESTORING = 3


@njit(cache=True, nogil=True)
def next_tables(line, next_dot, next_solid, acc):
    """``next_dot[i]`` / ``next_solid[i]``: the first dot / solid at or after cell i (n if none).

    Built once per call, they answer fcomp's "is there a dot under the block, and a solid before
    it?" and "how far can it slide?" in one lookup instead of a walk over the cells. The same
    pass does :func:`~.common.init_possible`'s work on ``acc`` and returns its count.
    """
    n = line.shape[0]
    next_dot[n] = n
    next_solid[n] = n
    unknown = 0
    dot = n
    solid = n
    for i in range(n - 1, -1, -1):
        c = line[i] & BOTH
        if c == BOTH:
            acc[i] = 0
            unknown += 1
        else:
            acc[i] = c
            if c == EMPTY:
                dot = i
            else:
                solid = i
        next_dot[i] = dot
        next_solid[i] = solid
    return unknown


@njit(cache=True, nogil=True)
def find_room(next_dot, at, lim, length):
    """The first start ``>= at`` where ``length`` cells before ``lim`` hold no dot, or -1."""
    while at + length <= lim:
        d = next_dot[at]
        if d >= at + length:
            return at
        at = d + 1
    return -1


@njit(cache=True, nogil=True)
def fcomp_open(blocks, line, out, iwork):
    """Seed 001: the fast-complete state machine (INVALID, SLIDING, DRAWING, RESTORING).

    ``pos[b]`` is block b's start and ``solid[b]`` the offset in it of the first solid it covers
    (``NONE`` if none); ``oldpos``/``oldsolid`` keep the last valid arrangement for RESTORING.
    INVALID places blocks left to right in tentatively valid places (no dot covered, no solid
    exposed or touched); when all are placed without trailing solids the arrangement is recorded
    and SLIDING moves each block right, from the last, through every valid place it can reach
    without exposing a solid, recording only the cells it vacates and enters (jumping dots where
    it can). DRAWING then finds the rightmost block covering a solid and draws an earlier block
    up to cover that solid, releasing the later one; ``mininv`` is the leftmost block disturbed
    since the last valid arrangement, and when a draw fails RESTORING puts blocks ``mininv`` and
    on back and draws from further left. ``base`` and ``top`` (the seed's ``max``) bound the
    blocks not yet known to be final: a block with solid offset 0 at ``base`` cannot move again,
    and a block that touches a final block (or the line's end) is final too. ``remaining`` is the
    seed's early stop: the unknown cells not yet seen both ways. Each step's questions about the
    cells (a dot under the block? a solid before it? how far to the next dot?) are answered from
    the next-dot and next-solid tables rather than by walking the cells.
    """
    n = line.shape[0]
    k = blocks.shape[0]
    pos = iwork[0:k]
    solid = iwork[k : 2 * k]
    oldpos = iwork[2 * k : 3 * k]
    oldsolid = iwork[3 * k : 4 * k]
    acc = iwork[4 * k : 4 * k + n]
    next_dot = iwork[4 * k + n : 4 * k + 2 * n + 1]
    next_solid = iwork[4 * k + 2 * n + 1 : 4 * k + 3 * n + 2]
    remaining = next_tables(line, next_dot, next_solid, acc)
    for b in range(k):
        pos[b] = 0
        oldpos[b] = 0
        solid[b] = NONE
        oldsolid[b] = NONE
    mode = _INVALID
    block = 0
    base = 0
    top = k  # the seed's max: blocks from here on are final
    maxpos = n  # where the final blocks' territory (or the line) begins
    mininv = 0  # k means unset
    unslid = 0  # blocks from here on have new places since the last SLIDING
    moved = False  # whether the block SLIDING is on has moved in this round
    target = 0
    found = False
    while True:
        if mode == _INVALID:
            if block >= top:
                # every block is tentatively valid; are there solids after the last one?
                if block <= base:
                    break
                block -= 1
                length = blocks[block]
                t = next_solid[pos[block] + length]
                if t < maxpos:
                    if solid[block] == NONE or t - length + 1 <= pos[block] + solid[block]:
                        pos[block] = t - length + 1  # reach the trailing solid, then revalidate
                    else:
                        target = block  # it would expose its own solid: draw one up instead
                        mode = _DRAWING
                    continue
                found = True
                # blocks before mininv have not moved since the last record
                left = 0 if mininv == 0 else pos[mininv - 1] + blocks[mininv - 1]
                for b in range(mininv, top):
                    remaining = record(acc, left, pos[b], EMPTY, remaining)
                    left = pos[b] + blocks[b]
                    remaining = record(acc, pos[b], left, FILLED, remaining)
                    oldpos[b] = pos[b]
                    oldsolid[b] = solid[b]
                right = n if top == k else pos[top]
                remaining = record(acc, left, right, EMPTY, remaining)
                if remaining == 0:
                    break
                unslid = mininv
                mininv = k
                block = top - 1
                moved = False
                mode = _SLIDING
                continue
            length = blocks[block]
            if pos[block] + length > maxpos:
                mode = _RESTORING  # spilled over the line or onto the final blocks
                continue
            start = pos[block]
            end = start + length
            first_solid = next_solid[start]
            solid[block] = first_solid - start if first_solid < end else NONE
            dot = next_dot[start]
            if dot < end:  # a dot under the block
                if first_solid < dot:
                    target = block  # jumping the dot would expose the solid before it
                    mode = _DRAWING
                else:
                    pos[block] = dot + 1
                continue
            if solid[block] == NONE and end < n and (line[end] & EMPTY) == 0:
                solid[block] = length  # treat a touching solid as covered, one cell on
            stuck = False
            while pos[block] + length < maxpos and (line[pos[block] + length] & EMPTY) == 0:
                if solid[block] == 0:
                    stuck = True  # it would have to span too many solids
                    break
                pos[block] += 1
                solid[block] -= 1
            if stuck:
                target = block
                mode = _DRAWING
                continue
            if block + 1 < top:
                # just after its predecessor, as the seed's trace does, even when that is left of
                # where the last sweep left it: with its predecessor drawn further right, places
                # left of that one make arrangements that were never seen
                pos[block + 1] = pos[block] + length + 1
            block += 1
        elif mode == _SLIDING:
            length = blocks[block]
            lim = pos[block + 1] - 1 if block + 1 < k else n
            start = pos[block]
            sol = solid[block]
            # The cells ahead are gap cells of a valid arrangement, so never solids: the block
            # slides until it touches the limit, meets a dot, or would expose its first solid.
            p = lim - length
            dot = next_dot[start + length]
            if dot - length < p:
                p = dot - length
            if sol != NONE:
                if start + sol < p:
                    p = start + sol
                sol -= p - start
            pos[block] = p
            solid[block] = sol
            if p != start:
                moved = True
                remaining = record(acc, start, p, EMPTY, remaining)
                remaining = record(acc, start + length, p + length, FILLED, remaining)
                oldpos[block] = p
                oldsolid[block] = sol
                if remaining == 0:
                    break
            if p + length == lim and block + 1 == top:
                top -= 1  # it touches a final block or the end: final too
                maxpos = p - 1
            elif p + length < lim and (line[p + length] & FILLED) == 0:
                at = find_room(next_dot, p + length + 1, lim, length)
                if at >= 0:
                    if sol == NONE:  # jump the dot and keep sliding
                        remaining = record(acc, p, p + length, EMPTY, remaining)
                        remaining = record(acc, at, at + length, FILLED, remaining)
                        pos[block] = at
                        oldpos[block] = at
                        oldsolid[block] = NONE
                        moved = True
                        if remaining == 0:
                            break
                        continue
                elif block + 1 == top:
                    top -= 1  # no room beyond the dot before a final block: final
                    maxpos = p - 1
            if block == base and sol == 0:
                base += 1  # pinned to its solid with every earlier block final: final
            # A block left of the new places whose right neighbour did not move is still stuck
            # where the last round left it, and so is every block before it: stop there.
            if block > base and (moved or block >= unslid):
                block -= 1
                moved = False
                continue
            if top <= base:
                break
            block = top - 1
            while block > base and solid[block] == NONE:
                block -= 1
            if solid[block] == NONE:
                break
            target = block
            mode = _DRAWING
        elif mode == _DRAWING:
            restore = False
            finished = False
            while True:
                if block <= base:
                    finished = True
                    break
                if mininv < k and block == mininv:
                    block = top - 1
                    restore = True
                    break
                if solid[block] != NONE:
                    target = block
                block -= 1
                reach = pos[target] + solid[target] - blocks[block] + 1
                if solid[block] == NONE or reach <= pos[block] + solid[block]:
                    break
            if finished:
                break
            if restore:
                mode = _RESTORING
                continue
            if block < mininv:
                mininv = block
            pos[block] = pos[target] + solid[target] - blocks[block] + 1
            mode = _INVALID
        else:  # _RESTORING
            target = NONE
            b = block
            while b >= mininv:
                pos[b] = oldpos[b]
                solid[b] = oldsolid[b]
                if solid[b] != NONE:
                    target = b
                b -= 1
            block = mininv
            mininv = k
            if target == NONE:
                while block > base and solid[block] == NONE:
                    block -= 1
                if solid[block] == NONE:
                    break
                target = block
            mode = _DRAWING
    if not found:
        return CONTRADICTION
    return writeback(line, out, acc)

