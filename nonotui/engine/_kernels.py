"""Every numba kernel of nonotui, in one file because numba's cache cannot see across files.

The linesolvers of seeds 000 to 003 live here, with the dispatcher :func:`solve_line` that the
whole-puzzle propagation calls from inside its own compiled loop, and two drivers used by tests,
benchmarks and the CLI (:func:`solve_batch`, :func:`repeat_line`).

Conventions shared by every kernel (callers, compiled or not, rely on them):

- A line is a 1-d ``uint32`` array of cell bitsets: bit 0 empty (a dot), bit 1 filled (a solid);
  further bits are colours, which the black-and-white kernels treat as impossible values.
- ``blocks`` is a 1-d ``int32`` array of block lengths, each at least 1; ``colors`` is an ``int32``
  array of the same length giving each block's colour index. Only colour 1 (black) is supported so
  far: the argument exists so that colour lines can follow without a new interface.
- ``out`` receives the new line; it may be the very array ``line`` (solving in place). After a
  contradiction its content is unspecified.
- ``iwork`` is ``int32`` scratch of at least :func:`work_size` cells, so that a caller solving
  thousands of lines allocates once.
- Every kernel returns a status: :data:`CONTRADICTION` (-1, no arrangement of the blocks fits the
  line), :data:`UNCHANGED` (0), :data:`CHANGED` (1, at least one cell lost a value), or, from the
  dispatcher only, :data:`REFUSED` (-2, arguments the kernels cannot handle).

Nothing here is compiled at import: no eager signatures, so compilation (or loading from numba's
cache) happens on the first call. There are no mutable globals; the integer constants below are
frozen into the compiled code, which is why they must never change at run time.
"""

from __future__ import annotations

import numpy as np
from numba import njit

CONTRADICTION = -1
"""Status: the line is inconsistent with its clue."""
UNCHANGED = 0
"""Status: the linesolver removed no value from any cell."""
CHANGED = 1
"""Status: at least one cell lost a value."""
REFUSED = -2
"""Status: bad arguments (unknown method, a colour other than 1, a block shorter than 1, arrays of
the wrong size); the line was not looked at."""

FAST = 0
COMPLETE = 1
FCOMP = 2
OLSAK = 3
"""Method ids understood by :func:`solve_line`, in registry order."""

EMPTY = 1
FILLED = 2
BOTH = 3
_PENDING = 2  # internal: the prologue left real work to do
_NONE = -1  # fcomp: the block covers no solid; also "no target"

# fcomp's modes (seed 001)
_INVALID = 0
_SLIDING = 1
_DRAWING = 2
_RESTORING = 3


@njit(cache=True, nogil=True)
def work_size(n, k):
    """The ``iwork`` cells every linesolver needs for a line of ``n`` cells and ``k`` blocks."""
    return 4 * k + 3 * n + 2


# ----------------------------------------------------------------------------------------------
# Shared pieces
# ----------------------------------------------------------------------------------------------


@njit(cache=True, nogil=True)
def _prologue(blocks, line, out):
    """Settle what needs no linesolver: dead cells, the empty clue, a clue longer than the line.

    Returns a status, or ``_PENDING`` when the line still has to be solved.
    """
    n = line.shape[0]
    k = blocks.shape[0]
    for i in range(n):
        if (line[i] & BOTH) == 0:
            return CONTRADICTION
    if k == 0:
        for i in range(n):
            if (line[i] & EMPTY) == 0:
                return CONTRADICTION
        changed = UNCHANGED
        for i in range(n):
            old = line[i]
            new = old & EMPTY
            if new != old:
                changed = CHANGED
            out[i] = new
        return changed
    need = k - 1
    for j in range(k):
        need += blocks[j]
    if need > n:
        return CONTRADICTION
    return _PENDING


@njit(cache=True, nogil=True)
def _writeback(line, out, allowed):
    """``out = line & allowed`` cell by cell; the status says whether anything was removed."""
    changed = UNCHANGED
    for i in range(line.shape[0]):
        old = line[i]
        new = old & allowed[i]
        if (new & BOTH) == 0:
            return CONTRADICTION
        if new != old:
            changed = CHANGED
        out[i] = new
    return changed


@njit(cache=True, nogil=True)
def _init_possible(line, acc):
    """Start the record of possible values: known cells keep theirs, unknown ones have none yet.

    Returns how many unknown cells there are: the count the seeds' early stop counts down.
    """
    unknown = 0
    for i in range(line.shape[0]):
        c = line[i] & BOTH
        if c == BOTH:
            acc[i] = 0
            unknown += 1
        else:
            acc[i] = c
    return unknown


@njit(cache=True, nogil=True)
def _record(acc, lo, hi, value, remaining):
    """Record ``value`` as possible for the cells ``lo <= i < hi``.

    ``remaining`` counts the unknown cells not yet seen both ways; the updated count is returned,
    and when it reaches 0 nothing can be learnt from the line any more. A known cell starts with
    its own value recorded and arrangements agree with it, so only unknown cells ever change.

    This loop is most of fcomp's time on open lines. Running over a slice from index 0, without
    branches, lets LLVM drop numba's negative-index check and vectorise it: 40 % off fcomp there.
    """
    cells = acc[lo:hi]
    other = BOTH ^ value
    became_both = 0
    for i in range(cells.shape[0]):
        a = cells[i]
        cells[i] = a | value
        became_both += a == other  # it had only the other value: now it has both
    return remaining - became_both


@njit(cache=True, nogil=True)
def _cell(line, n, rev, i):
    """Cell ``i`` of the line read forwards, or read from its far end when ``rev``."""
    return line[n - 1 - i] if rev else line[i]


@njit(cache=True, nogil=True)
def _block(blocks, k, rev, j):
    """Block ``j`` of the clue read forwards, or from its far end when ``rev``."""
    return blocks[k - 1 - j] if rev else blocks[j]


# ----------------------------------------------------------------------------------------------
# fast (seed 002)
# ----------------------------------------------------------------------------------------------


@njit(cache=True, nogil=True)
def _leftmost(blocks, line, rev, p):
    """Push every block as far left as the known cells allow; the start of block j goes in p[j].

    With ``rev`` the line and the clue are read backwards, which gives the rightmost arrangement
    in reversed coordinates. Returns False when no arrangement fits (a contradiction).

    Every p[j] is a lower bound of block j's start in the leftmost valid arrangement and only
    ever grows, by one of four sound rules: a block starts after its predecessor and its gap; a
    block cannot cover a dot; a block cannot end next to a solid; a solid that no block covers
    must be covered by the block before it (or, after the last block, by the last one). When no
    rule applies the positions are a valid arrangement, and as each was a lower bound it is the
    leftmost one. Each step raises a position or moves on to the next block, so this ends.
    """
    n = line.shape[0]
    k = blocks.shape[0]
    for j in range(k):
        p[j] = 0
    j = 0
    while j < k:
        length = _block(blocks, k, rev, j)
        s = p[j]
        gap = 0
        if j > 0:
            gap = p[j - 1] + _block(blocks, k, rev, j - 1)
            if s < gap + 1:
                s = gap + 1
        while True:
            if s + length > n:
                return False
            d = s + length - 1
            while d >= s and (_cell(line, n, rev, d) & FILLED) != 0:
                d -= 1
            if d >= s:  # a dot under the block: it must start beyond the dot
                s = d + 1
                continue
            if s + length < n and (_cell(line, n, rev, s + length) & EMPTY) == 0:
                s += 1  # it would end next to a solid
                continue
            break
        p[j] = s
        c = s - 1
        while c >= gap and (_cell(line, n, rev, c) & EMPTY) != 0:
            c -= 1
        if c >= gap:
            # a solid left uncovered before block j: only an earlier block can cover it
            if j == 0:
                return False
            p[j - 1] = c - _block(blocks, k, rev, j - 1) + 1
            j -= 1
            continue
        if j == k - 1:
            c = n - 1
            while c >= s + length and (_cell(line, n, rev, c) & EMPTY) != 0:
                c -= 1
            if c >= s + length:  # a trailing solid: the last block must reach it
                p[j] = c - length + 1
                continue
        j += 1
    return True


@njit(cache=True, nogil=True)
def _mark_arrangement(blocks, p, rev, n, seen):
    """OR the values of one arrangement (starts in p, reversed coordinates when rev) into seen."""
    k = blocks.shape[0]
    prev = 0
    for j in range(k):
        length = blocks[j]
        start = n - p[k - 1 - j] - length if rev else p[j]
        for i in range(prev, start):
            seen[i] |= EMPTY
        for i in range(start, start + length):
            seen[i] |= FILLED
        prev = start + length
    for i in range(prev, n):
        seen[i] |= EMPTY


@njit(cache=True, nogil=True)
def _fast(blocks, colors, line, out, iwork):
    """Seed 002: intersect the leftmost and the rightmost arrangement, blocks and gaps alike."""
    status = _prologue(blocks, line, out)
    if status != _PENDING:
        return status
    n = line.shape[0]
    k = blocks.shape[0]
    left = iwork[0:k]
    right = iwork[k : 2 * k]
    allowed = iwork[2 * k : 2 * k + n]
    if not _leftmost(blocks, line, False, left):
        return CONTRADICTION
    if not _leftmost(blocks, line, True, right):
        return CONTRADICTION  # cannot happen once a leftmost arrangement exists
    for i in range(n):
        allowed[i] = BOTH
    gap_start = 0
    for j in range(k):
        length = blocks[j]
        lo = left[j]
        hi = n - right[k - 1 - j] - length  # rightmost start of block j
        for i in range(gap_start, lo):  # no block reaches these cells in either extreme
            allowed[i] = EMPTY
        for i in range(hi, lo + length):  # the block overlaps itself
            allowed[i] = FILLED
        gap_start = hi + length
    for i in range(gap_start, n):
        allowed[i] = EMPTY
    return _writeback(line, out, allowed)


# ----------------------------------------------------------------------------------------------
# complete (seed 000)
# ----------------------------------------------------------------------------------------------


@njit(cache=True, nogil=True)
def _fits_at(line, n, s, length, last, last_solid):
    """Whether a block of ``length`` may stand at ``s``: no dot under it, no solid just after it,
    and, for the last block, no solid anywhere after it."""
    for i in range(s, s + length):
        if (line[i] & FILLED) == 0:
            return False
    end = s + length
    if end < n and (line[end] & EMPTY) == 0:
        return False
    if last and last_solid >= end:
        return False
    return True


@njit(cache=True, nogil=True)
def _merge_arrangement(blocks, pos, line, acc, remaining):
    """Record every cell of the arrangement ``pos`` as possible; returns the updated count."""
    n = line.shape[0]
    k = blocks.shape[0]
    prev = 0
    for j in range(k):
        remaining = _record(acc, prev, pos[j], EMPTY, remaining)
        prev = pos[j] + blocks[j]
        remaining = _record(acc, pos[j], prev, FILLED, remaining)
    return _record(acc, prev, n, EMPTY, remaining)


@njit(cache=True, nogil=True)
def _complete(blocks, colors, line, out, iwork):
    """Seed 000: enumerate every arrangement, leftmost block first, and merge them.

    A block slides right from just after its predecessor until it covers no dot and touches no
    solid (the last block also leaves no solid after it); if sliding would uncover a solid, or the
    block runs out of space (it must leave room for the blocks after it), the previous block moves
    on instead. Every complete arrangement is
    merged into the possible values, then the last block moves on. The seed's early stop ends the
    enumeration as soon as every unknown cell has been seen both ways. The recursion of the seed
    is kept as an explicit position per block.
    """
    status = _prologue(blocks, line, out)
    if status != _PENDING:
        return status
    n = line.shape[0]
    k = blocks.shape[0]
    pos = iwork[0:k]
    acc = iwork[k : k + n]
    latest = iwork[k + n : 2 * k + n]  # the last start that leaves room for the later blocks
    remaining = _init_possible(line, acc)
    latest[k - 1] = n - blocks[k - 1]
    for j in range(k - 2, -1, -1):
        latest[j] = latest[j + 1] - 1 - blocks[j]
    last_solid = -1
    for i in range(n):
        if (line[i] & EMPTY) == 0:
            last_solid = i
    found = False
    last = k - 1
    j = 0
    s = 0
    while True:
        length = blocks[j]
        placed = False
        while s <= latest[j]:
            if _fits_at(line, n, s, length, j == last, last_solid):
                placed = True
                break
            if (line[s] & EMPTY) == 0:
                break  # moving on would reveal a solid
            s += 1
        if placed:
            pos[j] = s
            if j < last:
                j += 1
                s += length + 1
                continue
            found = True
            remaining = _merge_arrangement(blocks, pos, line, acc, remaining)
            if remaining == 0:
                break  # every unknown cell can be both: nothing to learn
        else:
            j -= 1  # block j found no place: its predecessor moves on
            if j < 0:
                break
            s = pos[j]
        # block j moves on one cell, unless that reveals a solid: then its predecessor does
        while (line[s] & EMPTY) == 0:
            j -= 1
            if j < 0:
                break
            s = pos[j]
        if j < 0:
            break
        s += 1
    if not found:
        return CONTRADICTION
    return _writeback(line, out, acc)


# ----------------------------------------------------------------------------------------------
# fcomp (seed 001)
# ----------------------------------------------------------------------------------------------


@njit(cache=True, nogil=True)
def _next_tables(line, next_dot, next_solid, acc):
    """``next_dot[i]`` / ``next_solid[i]``: the first dot / solid at or after cell i (n if none).

    Built once per call, they answer fcomp's "is there a dot under the block, and a solid before
    it?" and "how far can it slide?" in one lookup instead of a walk over the cells. The same
    pass does :func:`_init_possible`'s work on ``acc`` and returns its count.
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
def _find_room(next_dot, at, lim, length):
    """The first start ``>= at`` where ``length`` cells before ``lim`` hold no dot, or -1."""
    while at + length <= lim:
        d = next_dot[at]
        if d >= at + length:
            return at
        at = d + 1
    return -1


@njit(cache=True, nogil=True)
def _fcomp(blocks, colors, line, out, iwork):
    """Seed 001: the fast-complete state machine (INVALID, SLIDING, DRAWING, RESTORING).

    ``pos[b]`` is block b's start and ``solid[b]`` the offset in it of the first solid it covers
    (``_NONE`` if none); ``oldpos``/``oldsolid`` keep the last valid arrangement for RESTORING.
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
    status = _prologue(blocks, line, out)
    if status != _PENDING:
        return status
    n = line.shape[0]
    k = blocks.shape[0]
    pos = iwork[0:k]
    solid = iwork[k : 2 * k]
    oldpos = iwork[2 * k : 3 * k]
    oldsolid = iwork[3 * k : 4 * k]
    acc = iwork[4 * k : 4 * k + n]
    next_dot = iwork[4 * k + n : 4 * k + 2 * n + 1]
    next_solid = iwork[4 * k + 2 * n + 1 : 4 * k + 3 * n + 2]
    remaining = _next_tables(line, next_dot, next_solid, acc)
    for b in range(k):
        pos[b] = 0
        oldpos[b] = 0
        solid[b] = _NONE
        oldsolid[b] = _NONE
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
                    if solid[block] == _NONE or t - length + 1 <= pos[block] + solid[block]:
                        pos[block] = t - length + 1  # reach the trailing solid, then revalidate
                    else:
                        target = block  # it would expose its own solid: draw one up instead
                        mode = _DRAWING
                    continue
                found = True
                # blocks before mininv have not moved since the last record
                left = 0 if mininv == 0 else pos[mininv - 1] + blocks[mininv - 1]
                for b in range(mininv, top):
                    remaining = _record(acc, left, pos[b], EMPTY, remaining)
                    left = pos[b] + blocks[b]
                    remaining = _record(acc, pos[b], left, FILLED, remaining)
                    oldpos[b] = pos[b]
                    oldsolid[b] = solid[b]
                right = n if top == k else pos[top]
                remaining = _record(acc, left, right, EMPTY, remaining)
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
            solid[block] = first_solid - start if first_solid < end else _NONE
            dot = next_dot[start]
            if dot < end:  # a dot under the block
                if first_solid < dot:
                    target = block  # jumping the dot would expose the solid before it
                    mode = _DRAWING
                else:
                    pos[block] = dot + 1
                continue
            if solid[block] == _NONE and end < n and (line[end] & EMPTY) == 0:
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
            if sol != _NONE:
                if start + sol < p:
                    p = start + sol
                sol -= p - start
            pos[block] = p
            solid[block] = sol
            if p != start:
                moved = True
                remaining = _record(acc, start, p, EMPTY, remaining)
                remaining = _record(acc, start + length, p + length, FILLED, remaining)
                oldpos[block] = p
                oldsolid[block] = sol
                if remaining == 0:
                    break
            if p + length == lim and block + 1 == top:
                top -= 1  # it touches a final block or the end: final too
                maxpos = p - 1
            elif p + length < lim and (line[p + length] & FILLED) == 0:
                at = _find_room(next_dot, p + length + 1, lim, length)
                if at >= 0:
                    if sol == _NONE:  # jump the dot and keep sliding
                        remaining = _record(acc, p, p + length, EMPTY, remaining)
                        remaining = _record(acc, at, at + length, FILLED, remaining)
                        pos[block] = at
                        oldpos[block] = at
                        oldsolid[block] = _NONE
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
            while block > base and solid[block] == _NONE:
                block -= 1
            if solid[block] == _NONE:
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
                if solid[block] != _NONE:
                    target = block
                block -= 1
                reach = pos[target] + solid[target] - blocks[block] + 1
                if solid[block] == _NONE or reach <= pos[block] + solid[block]:
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
            target = _NONE
            b = block
            while b >= mininv:
                pos[b] = oldpos[b]
                solid[b] = oldsolid[b]
                if solid[b] != _NONE:
                    target = b
                b -= 1
            block = mininv
            mininv = k
            if target == _NONE:
                while block > base and solid[block] == _NONE:
                    block -= 1
                if solid[block] == _NONE:
                    break
                target = block
            mode = _DRAWING
    if not found:
        return CONTRADICTION
    return _writeback(line, out, acc)


# ----------------------------------------------------------------------------------------------
# olsak (seed 003)
# ----------------------------------------------------------------------------------------------


@njit(cache=True, nogil=True)
def _olsak(blocks, colors, line, out, iwork):
    """Seed 003: fast, then probe each cell fast left open with each value in turn.

    A probe sets the cell and asks fast's leftmost push whether the line is still consistent (the
    push fails exactly when no arrangement fits); a value that breaks the line is removed. Every
    consistent probe yields a whole arrangement, and so do fast's two extremes: a value already
    seen in one of these witnesses is possible and needs no probe of its own.
    """
    status = _fast(blocks, colors, line, out, iwork)
    k = blocks.shape[0]
    if status == CONTRADICTION or k == 0:
        return status
    n = line.shape[0]
    left = iwork[0:k]
    right = iwork[k : 2 * k]
    seen = iwork[2 * k : 2 * k + n]  # fast's scratch, free again
    trial = iwork[2 * k + n : 3 * k + n]
    for i in range(n):
        seen[i] = 0
    _mark_arrangement(blocks, left, False, n, seen)
    _mark_arrangement(blocks, right, True, n, seen)
    for c in range(n):
        for value in range(EMPTY, FILLED + 1):
            cur = out[c]
            if (cur & BOTH) != BOTH:
                break
            if (seen[c] & value) != 0:
                continue
            out[c] = value
            if _leftmost(blocks, out, False, trial):
                out[c] = cur
                _mark_arrangement(blocks, trial, False, n, seen)
            else:
                out[c] = cur ^ value
                status = CHANGED
    return status


# ----------------------------------------------------------------------------------------------
# Dispatcher and drivers
# ----------------------------------------------------------------------------------------------


@njit(cache=True, nogil=True)
def solve_line(method, blocks, colors, line, out, iwork):
    """Run linesolver ``method`` (:data:`FAST`, :data:`COMPLETE`, :data:`FCOMP`, :data:`OLSAK`).

    Callable from compiled code. Arguments are checked cheaply first, since compiled code does
    not check array bounds: a mismatch returns :data:`REFUSED` instead of corrupting memory.
    """
    k = blocks.shape[0]
    if colors.shape[0] != k or out.shape[0] != line.shape[0]:
        return REFUSED
    if iwork.shape[0] < work_size(line.shape[0], k):
        return REFUSED
    for j in range(k):
        if blocks[j] < 1 or colors[j] != 1:
            return REFUSED
    if method == FAST:
        return _fast(blocks, colors, line, out, iwork)
    if method == COMPLETE:
        return _complete(blocks, colors, line, out, iwork)
    if method == FCOMP:
        return _fcomp(blocks, colors, line, out, iwork)
    if method == OLSAK:
        return _olsak(blocks, colors, line, out, iwork)
    return REFUSED


@njit(cache=True, nogil=True)
def solve_stack(methods, first_rank, blocks, colors, line, out, iwork):
    """Offer the line to the stack ``methods`` from ``first_rank`` on, rank by rank.

    A line goes to the next rank only when the current one found nothing new. Returns the
    status and the rank that produced it (the last rank when every one left the line unchanged).
    """
    rank = first_rank
    status = UNCHANGED
    while rank < methods.shape[0]:
        status = solve_line(methods[rank], blocks, colors, line, out, iwork)
        if status != UNCHANGED:
            return status, rank
        rank += 1
    return status, methods.shape[0] - 1


@njit(cache=True, nogil=True)
def solve_batch(method, blocks, colors, lines, out, status):
    """Solve every row of ``lines`` (one clue for all) into the rows of ``out`` and ``status``.

    Tests and benchmarks use it to run millions of lines without a Python call per line.
    """
    iwork = np.empty(work_size(lines.shape[1], blocks.shape[0]), dtype=np.int32)
    for i in range(lines.shape[0]):
        status[i] = solve_line(method, blocks, colors, lines[i], out[i], iwork)


@njit(cache=True, nogil=True)
def repeat_line(method, blocks, colors, line, out, iwork, reps):
    """Solve the same line ``reps`` times and return the last status: a timing loop free of
    Python's call overhead, for the CLI's and the benchmark's microseconds per call."""
    status = REFUSED
    for _ in range(reps):
        status = solve_line(method, blocks, colors, line, out, iwork)
    return status


# ----------------------------------------------------------------------------------------------
# The whole-puzzle solver (seed 003): fuel-driven propagation, probing, bifurcation
# ----------------------------------------------------------------------------------------------
#
# The board is one flat uint32 array of H*W cells, row-major. Line l < H is row l (cells l*W to
# l*W+W-1); line H+c is column c (cells c, c+W, ...). Clues of all lines are packed: the blocks of
# line l are blocks[clue_off[l]:clue_off[l+1]], likewise their colours.
#
# Every change of a cell is recorded on a trail (cell index and old value), so a probe or a
# branch is undone by unwinding the trail instead of copying the board: the search stack holds
# trail positions, not boards, and its memory grows with the search depth only by a few integers.
#
# The caller stops a running search by setting control[0] to a non-zero value from another thread
# (the kernels release the GIL); it is read before every line solved, so a stop takes effect
# within one linesolver call. stats is written as the search goes and may be read meanwhile.

SEARCH_DONE = 0
"""Search status: the whole tree was explored; every solution was found."""
SEARCH_LIMIT = 1
"""Search status: stopped after finding the requested number of solutions."""
SEARCH_STOPPED = 2
"""Search status: stopped because control[0] was set (a cancel or a deadline)."""
SEARCH_REFUSED = -2
"""Search status: a linesolver refused its arguments (a colour puzzle, or a corrupt clue)."""
SEARCH_BUDGET = 3
"""Search status: stopped after the number of guesses allowed by ``options[OPT_GUESS_BUDGET]``."""

OPT_SCORE = 0
OPT_ORDER = 1
OPT_MEMO = 2
OPT_NEAR = 3
OPT_GUESS_BUDGET = 4
N_OPTIONS = 5
"""Indices into the search options: the branching score (see :func:`_branch_score`), which value
of the branching cell goes first (0: the one whose probe set more cells), whether probes are
skipped for cells whose lines did not change since they were probed, whether only cells next to
a decided cell or the edge are probed, and the most guesses allowed (0: no limit)."""

ST_PROBES = 0
ST_GUESSES = 1
ST_DEPTH = 2
ST_MAX_DEPTH = 3
ST_SOLUTIONS = 4
ST_DECIDED = 5
ST_BACKTRACKS = 6
ST_CONTRADICTIONS = 7
ST_LINES = 8
"""Indices into the stats array; ST_LINES + rank counts the lines solved by each rank."""

_PROP_OK = 0
_PROP_CONTRADICTION = -1
_PROP_STOPPED = 2
_PROP_REFUSED = -2


@njit(cache=True, nogil=True)
def _line_span(line, h, w):
    """``(first cell, stride, length)`` of line ``line`` of an h x w board: rows, then columns."""
    if line < h:
        return line * w, 1, w
    return line - h, w, h


@njit(cache=True, nogil=True)
def _single(v):
    """Whether cell value ``v`` holds exactly one value."""
    return v != 0 and (v & (v - 1)) == 0


@njit(cache=True, nogil=True)
def _assign(cells, idx, value, trail_idx, trail_old, tpos, stats):
    """Give cell ``idx`` the value set ``value``, on the trail. Returns the new trail position."""
    old = cells[idx]
    trail_idx[tpos] = idx
    trail_old[tpos] = old
    cells[idx] = value
    if _single(value) and not _single(old):
        stats[ST_DECIDED] += 1
    return tpos + 1


@njit(cache=True, nogil=True)
def _undo(cells, trail_idx, trail_old, tpos, to, stats):
    """Unwind the trail from ``tpos`` back to ``to``; returns ``to``."""
    while tpos > to:
        tpos -= 1
        idx = trail_idx[tpos]
        old = trail_old[tpos]
        if _single(cells[idx]) and not _single(old):
            stats[ST_DECIDED] -= 1
        cells[idx] = old
    return to


@njit(cache=True, nogil=True)
def _fuel_cell(idx, h, w, pending, fuel):
    """A cell changed outside line solving: both of its lines need every rank again."""
    r = idx // w
    c = idx - r * w
    pending[r] = 0
    pending[h + c] = 0
    fuel[r] += 1
    fuel[h + c] += 1


@njit(cache=True, nogil=True)
def _propagate(h, w, blocks, colors, clue_off, methods, complete, cells, pending, score,
               fuel, trail_idx, trail_old, tpos, linebuf, outbuf, iwork, stats, control):
    """Solve lines until no line has fuel left, lowest pending rank first, best score next.

    Returns ``(status, trail position)`` with status ``_PROP_OK`` at the fixpoint,
    ``_PROP_CONTRADICTION``, ``_PROP_STOPPED`` or ``_PROP_REFUSED``.
    """
    n_ranks = methods.shape[0]
    n_lines = h + w
    while True:
        if control[0] != 0:
            return _PROP_STOPPED, tpos
        best = -1
        best_rank = n_ranks
        best_score = 0.0
        for line in range(n_lines):
            p = pending[line]
            if p < best_rank:
                best, best_rank = line, p
                best_score = score[line] + fuel[line]
            elif p == best_rank and p < n_ranks:
                s = score[line] + fuel[line]
                if s > best_score:
                    best, best_score = line, s
        if best < 0:
            return _PROP_OK, tpos
        start, stride, n = _line_span(best, h, w)
        for i in range(n):
            linebuf[i] = cells[start + i * stride]
        a = clue_off[best]
        b = clue_off[best + 1]
        status = solve_line(methods[best_rank], blocks[a:b], colors[a:b], linebuf[:n],
                            outbuf[:n], iwork)
        stats[ST_LINES + best_rank] += 1
        fuel[best] = 0
        if status == CONTRADICTION:
            stats[ST_CONTRADICTIONS] += 1
            return _PROP_CONTRADICTION, tpos
        if status == REFUSED:
            return _PROP_REFUSED, tpos
        if status == CHANGED:
            for i in range(n):
                if outbuf[i] != linebuf[i]:
                    idx = start + i * stride
                    tpos = _assign(cells, idx, outbuf[i], trail_idx, trail_old, tpos, stats)
                    cross = h + i if best < h else i
                    pending[cross] = 0
                    fuel[cross] += 1
            # a line solver is idempotent and a weaker rank finds nothing after a stronger one,
            # so only the ranks above this one can still add to this line
            pending[best] = n_ranks if complete[best_rank] else best_rank + 1
        else:
            pending[best] = best_rank + 1


@njit(cache=True, nogil=True)
def _settle(pending, fuel, n_ranks):
    """Mark every line as processed by every rank (the state after a fixpoint was reached)."""
    for line in range(pending.shape[0]):
        pending[line] = n_ranks
        fuel[line] = 0


@njit(cache=True, nogil=True)
def _near_decided(cells, idx, h, w):
    """Whether a cell touches the edge or a decided cell: where probes tend to find something."""
    r = idx // w
    c = idx - r * w
    if r == 0 or c == 0 or r == h - 1 or c == w - 1:
        return True
    return (_single(cells[idx - 1]) or _single(cells[idx + 1]) or _single(cells[idx - w])
            or _single(cells[idx + w]))


@njit(cache=True, nogil=True)
def _consider(idx, n_a, n_b, a_bit, cur, options, best_score, best_idx, best_bit):
    """Compare cell ``idx``, whose probes of value ``a_bit`` and of the rest set ``n_a`` and
    ``n_b`` cells, with the best branching cell so far; returns the best score, cell and value."""
    s = _branch_score(n_a, n_b, options[OPT_SCORE])
    if s <= best_score:
        return best_score, best_idx, best_bit
    if options[OPT_ORDER] == 0:
        # explore first the value whose probe determined more cells
        take_a = n_a >= n_b
    else:
        take_a = n_a < n_b
    return s, idx, (a_bit if take_a else (cur & ~a_bit))


@njit(cache=True, nogil=True)
def _line_hashes(cells, h, w, out):
    """A hash of every line's cells, to tell which lines changed since a cell was probed."""
    for line in range(h + w):
        start, stride, n = _line_span(line, h, w)
        acc = np.uint64(1469598103934665603)
        for i in range(n):
            acc = (acc ^ np.uint64(cells[start + i * stride])) * np.uint64(1099511628211)
        out[line] = acc | np.uint64(1)


SCORE_WU = 0
SCORE_PRODUCT = 1
SCORE_FAIL_FIRST = 2
"""Branching scores (``options[OPT_SCORE]``); the open cell with the highest score is branched on."""


@njit(cache=True, nogil=True)
def _branch_score(n_a, n_b, mode):
    """How good a cell is to branch on, from the cells its two probes set (``n_a``, ``n_b``).

    ``SCORE_WU``: Wu et al.'s ``min + 1.85 ln(1 + |difference|)``, which favours cells where both
    values determine much; it finds solutions of random puzzles fast. ``SCORE_PRODUCT``: the
    product, as lookahead SAT solvers use. ``SCORE_FAIL_FIRST``: the opposite, the cell whose
    weaker value sets the fewest cells, which keeps the search local and proves puzzles such as
    webpbn #6574 unique with far fewer guesses (measured in benchmarks/solve.py).
    """
    lo = n_a if n_a < n_b else n_b
    if mode == SCORE_PRODUCT:
        return (n_a + 1.0) * (n_b + 1.0)
    if mode == SCORE_FAIL_FIRST:
        return -float(lo)
    return lo + 1.85 * np.log(1.0 + abs(n_a - n_b))


@njit(cache=True, nogil=True)
def search(h, w, blocks, colors, clue_off, methods, complete, score, cells, max_solutions,
           solutions, control, stats, options):
    """Find up to ``max_solutions`` solutions of the puzzle from the state ``cells``.

    Propagation to a fixpoint, then a probing round over the open cells (a value that leads to a
    contradiction is removed; cells on which both values of a probe agree are set), then
    bifurcation on the cell with the best probe score, with an explicit stack. Exhausting the
    stack enumerates every solution, so ``max_solutions=2`` proves uniqueness.

    Args:
        h, w: The board's size.
        blocks, colors, clue_off: The packed clues of the h rows then the w columns.
        methods, complete: The stack's method ids and whether each is complete.
        score: Seed 003's T per line.
        cells: The starting state (flat, ``h*w``); it is left in an unspecified state.
        max_solutions: Stop after this many solutions.
        solutions: ``(max_solutions, h*w)`` array that receives them.
        control: ``int64[1]``, set non-zero by another thread to stop.
        stats: ``int64[ST_LINES + len(methods)]``, counters (see ``ST_*``).

    Returns:
        ``(status, number of solutions found)`` with a ``SEARCH_*`` status.
    """
    n_cells = h * w
    n_lines = h + w
    n_ranks = methods.shape[0]
    longest = h if h > w else w
    most_blocks = 0
    for line in range(n_lines):
        k = clue_off[line + 1] - clue_off[line]
        if k > most_blocks:
            most_blocks = k
    linebuf = np.empty(longest, dtype=np.uint32)
    outbuf = np.empty(longest, dtype=np.uint32)
    iwork = np.empty(work_size(longest, most_blocks), dtype=np.int32)
    pending = np.zeros(n_lines, dtype=np.int32)
    fuel = np.zeros(n_lines, dtype=np.int32)
    # each cell loses at most all its bits along one path: the trail cannot overflow
    bits = 0
    for i in range(n_cells):
        bits += _popcount(cells[i])
    trail_idx = np.empty(bits + 1, dtype=np.int64)
    trail_old = np.empty(bits + 1, dtype=np.uint32)
    stack_tpos = np.empty(bits + 1, dtype=np.int64)
    stack_idx = np.empty(bits + 1, dtype=np.int64)
    stack_bit = np.empty(bits + 1, dtype=np.uint32)
    probe_val = np.zeros(n_cells, dtype=np.uint32)
    probe_stamp = np.zeros(n_cells, dtype=np.int64)
    agreed = np.empty(n_cells, dtype=np.int64)
    line_hash = np.zeros(n_lines, dtype=np.uint64)
    probed_row = np.zeros(n_cells, dtype=np.uint64)
    probed_col = np.zeros(n_cells, dtype=np.uint64)
    memo_first = np.zeros(n_cells, dtype=np.int64)
    memo_second = np.zeros(n_cells, dtype=np.int64)
    memo_bit = np.zeros(n_cells, dtype=np.uint32)
    stamp = 0
    decided = 0
    for i in range(n_cells):
        if _single(cells[i]):
            decided += 1
    stats[ST_DECIDED] = decided
    tpos = 0
    depth = 0
    n_found = 0

    status, tpos = _propagate(h, w, blocks, colors, clue_off, methods, complete, cells, pending,
                              score, fuel, trail_idx, trail_old, tpos, linebuf, outbuf, iwork,
                              stats, control)
    while True:
        if status == _PROP_STOPPED:
            return SEARCH_STOPPED, n_found
        if status == _PROP_REFUSED:
            return SEARCH_REFUSED, n_found
        backtrack = False
        if status == _PROP_CONTRADICTION:
            backtrack = True
        elif stats[ST_DECIDED] == n_cells:
            solutions[n_found, :] = cells
            n_found += 1
            stats[ST_SOLUTIONS] = n_found
            if n_found >= max_solutions:
                return SEARCH_LIMIT, n_found
            backtrack = True
        else:
            # ---- probing round: every open cell, each value ----
            _settle(pending, fuel, n_ranks)
            progress = False
            failed = False
            best_idx = -1
            best_bit = np.uint32(0)
            best_score = -np.inf
            if options[OPT_MEMO] == 1:
                _line_hashes(cells, h, w, line_hash)
            for idx in range(n_cells):
                cur = cells[idx]
                if _single(cur):
                    continue
                if control[0] != 0:
                    return SEARCH_STOPPED, n_found
                if options[OPT_NEAR] == 1 and not _near_decided(cells, idx, h, w):
                    continue
                if options[OPT_MEMO] == 1:
                    r_ = idx // w
                    hr = line_hash[r_]
                    hc = line_hash[h + idx - r_ * w]
                    fb = memo_bit[idx]
                    if (probed_row[idx] == hr and probed_col[idx] == hc and (fb & cur) != 0
                            and fb != cur):
                        # nothing in this cell's lines changed since it was probed: reuse
                        best_score, best_idx, best_bit = _consider(
                            idx, memo_first[idx], memo_second[idx], fb, cur, options,
                            best_score, best_idx, best_bit)
                        continue
                    probed_row[idx] = hr
                    probed_col[idx] = hc
                forced = np.uint32(0)
                n_first = 0
                n_second = 0
                first_bit = np.uint32(0)
                n_agreed = 0
                probes_done = 0
                bit = np.uint32(1)
                while bit <= cur:
                    if cur & bit:
                        stats[ST_PROBES] += 1
                        mark = tpos
                        tpos = _assign(cells, idx, bit, trail_idx, trail_old, tpos, stats)
                        _fuel_cell(idx, h, w, pending, fuel)
                        st, tpos = _propagate(h, w, blocks, colors, clue_off, methods, complete,
                                              cells, pending, score, fuel, trail_idx, trail_old,
                                              tpos, linebuf, outbuf, iwork, stats, control)
                        changed = tpos - mark
                        exhausted = False
                        if st == _PROP_OK and stats[ST_DECIDED] == n_cells:
                            # the probe solved the puzzle: that is the one solution with this
                            # value here, so the value's whole subtree is explored already
                            solutions[n_found, :] = cells
                            n_found += 1
                            stats[ST_SOLUTIONS] = n_found
                            if n_found >= max_solutions:
                                return SEARCH_LIMIT, n_found
                            exhausted = True
                        elif st == _PROP_OK:
                            if probes_done == 0:
                                stamp += 1
                                for t in range(mark, tpos):
                                    j = trail_idx[t]
                                    probe_stamp[j] = stamp
                                    probe_val[j] = cells[j]
                                n_first = changed
                                first_bit = bit
                            else:
                                # keep only the cells this probe set as every earlier one did
                                n_keep = 0
                                for t in range(mark, tpos):
                                    j = trail_idx[t]
                                    if probe_stamp[j] == stamp and probe_val[j] == cells[j]:
                                        probe_stamp[j] = stamp + 1
                                        agreed[n_keep] = j
                                        n_keep += 1
                                stamp += 1
                                n_agreed = n_keep
                                n_second = changed
                            probes_done += 1
                        tpos = _undo(cells, trail_idx, trail_old, tpos, mark, stats)
                        _settle(pending, fuel, n_ranks)
                        if st == _PROP_STOPPED:
                            return SEARCH_STOPPED, n_found
                        if st == _PROP_REFUSED:
                            return SEARCH_REFUSED, n_found
                        if st == _PROP_CONTRADICTION or exhausted:
                            forced |= bit
                    bit <<= 1
                memo_first[idx] = n_first
                memo_second[idx] = n_second
                memo_bit[idx] = first_bit if probes_done >= 2 else 0
                if forced:
                    # values that led to a contradiction, or whose only solution was recorded,
                    # are removed, then the rest is propagated
                    progress = True
                    left = cur & ~forced
                    if left == 0:
                        failed = True
                        break
                    tpos = _assign(cells, idx, left, trail_idx, trail_old, tpos, stats)
                    _fuel_cell(idx, h, w, pending, fuel)
                    st, tpos = _propagate(h, w, blocks, colors, clue_off, methods, complete,
                                          cells, pending, score, fuel, trail_idx, trail_old,
                                          tpos, linebuf, outbuf, iwork, stats, control)
                    if st == _PROP_STOPPED:
                        return SEARCH_STOPPED, n_found
                    if st != _PROP_OK:
                        failed = st == _PROP_CONTRADICTION
                        if st == _PROP_REFUSED:
                            return SEARCH_REFUSED, n_found
                        break
                    if stats[ST_DECIDED] == n_cells:
                        break
                    continue
                if probes_done >= 2 and n_agreed > 0 and probes_done == _popcount(cur):
                    # every value of this cell sets these cells alike: they hold in every solution
                    # the last probe listed them in agreed[:n_agreed], in trail order
                    count = 0
                    for t in range(n_agreed):
                        j = agreed[t]
                        if not _single(cells[j]) and j != idx:
                            agreed[count] = j
                            count += 1
                    if count > 0:
                        progress = True
                        for t in range(count):
                            j = agreed[t]
                            tpos = _assign(cells, j, probe_val[j], trail_idx, trail_old, tpos,
                                           stats)
                            _fuel_cell(j, h, w, pending, fuel)
                        st, tpos = _propagate(h, w, blocks, colors, clue_off, methods, complete,
                                              cells, pending, score, fuel, trail_idx, trail_old,
                                              tpos, linebuf, outbuf, iwork, stats, control)
                        if st == _PROP_STOPPED:
                            return SEARCH_STOPPED, n_found
                        if st != _PROP_OK:
                            if st == _PROP_REFUSED:
                                return SEARCH_REFUSED, n_found
                            failed = True
                            break
                        if stats[ST_DECIDED] == n_cells:
                            break
                        continue
                best_score, best_idx, best_bit = _consider(
                    idx, n_first, n_second, first_bit, cur, options, best_score, best_idx,
                    best_bit)
            if failed:
                status = _PROP_CONTRADICTION
                continue
            if progress:
                status = _PROP_OK
                continue
            # ---- bifurcation: push the alternative, follow the chosen value ----
            if options[OPT_GUESS_BUDGET] > 0 and stats[ST_GUESSES] >= options[OPT_GUESS_BUDGET]:
                return SEARCH_BUDGET, n_found
            stats[ST_GUESSES] += 1
            stack_tpos[depth] = tpos
            stack_idx[depth] = best_idx
            stack_bit[depth] = best_bit
            depth += 1
            stats[ST_DEPTH] = depth
            if depth > stats[ST_MAX_DEPTH]:
                stats[ST_MAX_DEPTH] = depth
            tpos = _assign(cells, best_idx, best_bit, trail_idx, trail_old, tpos, stats)
            _fuel_cell(best_idx, h, w, pending, fuel)
            status, tpos = _propagate(h, w, blocks, colors, clue_off, methods, complete, cells,
                                      pending, score, fuel, trail_idx, trail_old, tpos, linebuf,
                                      outbuf, iwork, stats, control)
            continue
        if backtrack:
            if depth == 0:
                return SEARCH_DONE, n_found
            stats[ST_BACKTRACKS] += 1
            depth -= 1
            stats[ST_DEPTH] = depth
            tpos = _undo(cells, trail_idx, trail_old, tpos, stack_tpos[depth], stats)
            _settle(pending, fuel, n_ranks)
            idx = stack_idx[depth]
            left = cells[idx] & ~stack_bit[depth]
            tpos = _assign(cells, idx, left, trail_idx, trail_old, tpos, stats)
            _fuel_cell(idx, h, w, pending, fuel)
            status, tpos = _propagate(h, w, blocks, colors, clue_off, methods, complete, cells,
                                      pending, score, fuel, trail_idx, trail_old, tpos, linebuf,
                                      outbuf, iwork, stats, control)


@njit(cache=True, nogil=True)
def _popcount(v):
    """The number of set bits of ``v``."""
    c = 0
    while v:
        c += v & 1
        v >>= 1
    return c


# ----------------------------------------------------------------------------------------------
# Probing with explanations (hints)
# ----------------------------------------------------------------------------------------------


@njit(cache=True, nogil=True)
def probe_chain(h, w, blocks, colors, clue_off, cells, idx, value, max_steps, cell_setter,
                cell_step, need):
    """Assume ``cells[idx] = value``, propagate with fcomp until a line breaks, and find which
    line solves the contradiction really needed.

    ``cells`` (flat, row-major) is changed in place: pass a copy. Lines are numbered rows first
    (``0 .. h-1``) then columns (``h .. h+w-1``) and solved first in, first out, starting with
    the cell's row and column. Every cell the probe sets records the line that set it
    (``cell_setter``; -1 for the assumed cell, -2 untouched) and the solve step it happened in
    (``cell_step``). A solve can only have used cells set before it, so walking back from the
    broken line through the cells each solve saw gives exactly the solves the contradiction
    rests on; ``need[cell]`` is set to 1 for the cells on that walk.

    Returns ``(solves needed, broken line, its step)``, or ``(0, -1, -1)`` when no line broke
    or the walk would need more than ``max_steps`` solves.
    """
    n_lines = h + w
    queue = np.empty(n_lines, dtype=np.int64)
    queued = np.zeros(n_lines, dtype=np.bool_)
    size = max(h, w)
    linebuf = np.empty(size, dtype=cells.dtype)
    outbuf = np.empty(size, dtype=cells.dtype)
    k_max = 0
    for line in range(n_lines):
        k = clue_off[line + 1] - clue_off[line]
        if k > k_max:
            k_max = k
    iwork = np.empty(work_size(size, k_max), dtype=np.int32)
    for i in range(cell_setter.shape[0]):
        cell_setter[i] = -2
        cell_step[i] = -1
        need[i] = 0
    cells[idx] = value
    cell_setter[idx] = -1
    cell_step[idx] = 0
    head = 0
    tail = 0
    for line in (idx // w, h + idx % w):
        queue[tail % n_lines] = line
        tail += 1
        queued[line] = True
    step = 0
    broken = -1
    while head < tail:
        line = queue[head % n_lines]
        head += 1
        queued[line] = False
        step += 1
        start, stride, n = _line_span(line, h, w)
        for i in range(n):
            linebuf[i] = cells[start + i * stride]
        a = clue_off[line]
        b = clue_off[line + 1]
        status = solve_line(FCOMP, blocks[a:b], colors[a:b], linebuf[:n], outbuf[:n], iwork)
        if status == CONTRADICTION or status == REFUSED:
            broken = line
            break
        if status == CHANGED:
            for i in range(n):
                if outbuf[i] != linebuf[i]:
                    cell = start + i * stride
                    cells[cell] = outbuf[i]
                    cell_setter[cell] = line
                    cell_step[cell] = step
                    cross = h + i if line < h else i
                    if not queued[cross]:
                        queued[cross] = True
                        queue[tail % n_lines] = cross
                        tail += 1
    if broken < 0:
        return 0, -1, -1
    # walk back: (line, step) pairs still to explain, each needing the probe's cells it saw
    todo_line = np.empty(step + 1, dtype=np.int64)
    todo_step = np.empty(step + 1, dtype=np.int64)
    seen_step = np.zeros(step + 1, dtype=np.bool_)
    todo_line[0] = broken
    todo_step[0] = step
    seen_step[step] = True
    count = 1
    used = 0
    while used < count:
        line = todo_line[used]
        at = todo_step[used]
        used += 1
        if count > max_steps:
            return 0, -1, -1
        start, stride, n = _line_span(line, h, w)
        for i in range(n):
            cell = start + i * stride
            if cell_setter[cell] != -2 and cell_step[cell] < at:
                need[cell] = 1
                s = cell_step[cell]
                if cell_setter[cell] >= 0 and not seen_step[s]:
                    seen_step[s] = True
                    todo_line[count] = cell_setter[cell]
                    todo_step[count] = s
                    count += 1
    return count, broken, step


@njit(cache=True, nogil=True)
def probe_all(h, w, blocks, colors, clue_off, cells, sizes):
    """Probe every undecided cell with both values; ``sizes[idx, 0]`` (empty assumed) and
    ``sizes[idx, 1]`` (filled assumed) get how many line solves the contradiction needed, 0 for
    none.

    Probes needing more solves than the fewest found so far are cut short, since only the
    shortest chains make hints; so a size is exact where it equals the minimum and otherwise
    may read 0.
    """
    n = h * w
    work = np.empty(n, dtype=cells.dtype)
    setter = np.empty(n, dtype=np.int64)
    steps = np.empty(n, dtype=np.int64)
    need = np.empty(n, dtype=np.uint8)
    best = n + h + w
    for idx in range(n):
        sizes[idx, 0] = 0
        sizes[idx, 1] = 0
        if cells[idx] != BOTH:
            continue
        for v in range(2):
            for i in range(n):
                work[i] = cells[i]
            d, _, _ = probe_chain(h, w, blocks, colors, clue_off, work, idx,
                                  EMPTY if v == 0 else FILLED, best, setter, steps, need)
            if d > 0:
                sizes[idx, v] = d
                if d < best:
                    best = d
