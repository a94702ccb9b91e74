"""Probing for hints, with what was learned kept from one hint to the next.

The contradiction rung of the hint ladder needs, for every open cell and each of its two values,
how many line solves the contradiction of assuming it needs (0 for none); the hint is the
shortest. :func:`~.chain.probe_all` finds them by running
:func:`~.chain.probe_chain` for every probe afresh, which costs thousands of fcomp line solves
per hint on a 50x45 puzzle. :func:`probe_cached` gives counts of chains that break, with what
the caller keeps between calls:

- **Line solves.** A probe solves lines first in, first out, from its cell's row and column,
  and breaks when a line no arrangement fits. Its solves are looked up in a table of earlier
  line solves, keyed by the line and its exact contents (compared in full, never by a hash
  alone): the probes of one hint share most of their solves, and the next hint's probes, on a
  board a few cells further on, meet nearly all of them again. The chain is otherwise
  :func:`~.chain.probe_chain`'s, step for step, so its count is the same.
- **Where a probe that broke nothing ended.** On a board where every line fits its clue and
  fcomp changes none (``clean``), a probe that breaks no line ends on the greatest board below
  the board with the probe's value that fcomp leaves alone (fcomp is complete, so the order of
  the lines does not matter). That end board is kept. When the board is refined later (marks
  added, none taken away), the probe's new end is below both the kept one and the new board, so
  it is found by propagating from their meet, from the few lines where the meet differs: the
  probe breaks a line now exactly when that propagation does. Most probes' ends already hold
  the new marks and need no line solved at all.

- **The chain of a probe that broke a line.** Propagation only ever removes values, and fcomp
  keeps at most what it kept on a line that knows less: on a board that refines the one a probe
  broke on, the same line solves in the same order break a line again, at the same step or
  sooner. So a broken probe whose lines changed is not run again: its chain (the line solves
  the contradiction needed, in order) is replayed, a handful of line solves, and its count
  becomes the steps the replay took. That count is the length of a chain that breaks, not
  always the shortest a fresh probe would find (the ladder's "shortest chain" is the shortest
  found). A chain longer than the caller keeps room for, like a probe that broke before the
  board lost marks, is run from the start (with the table).

A board that is not clean, or that lost marks since the last call, runs every probe that
broke nothing from the start.

Numbering as in :mod:`.chain`: cells flat, row-major; lines rows first, then columns. Cells
are black-and-white bitsets (1 empty, 2 filled, 3 both), packed two bits a cell in the table.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .common import BOTH, CHANGED, CONTRADICTION, EMPTY, FCOMP, FILLED, REFUSED, work_size
from .dispatch import solve_line

UNKNOWN_ENTRY = 0
"""Nothing kept for the probe (never run, or its cell was decided since)."""
BROKEN = 2
"""The probe broke a line: its count and the lines it solved are kept."""
WITNESSED = 1
"""The probe broke no line and the board it ended on is kept (in ``witness``)."""

CELLS_PER_WORD = 32
"""Cells packed into one ``uint64`` of a table key."""


def memo_words(longest: int) -> int:
    """The ``uint64`` words that hold a line of ``longest`` cells, two bits a cell."""
    return max(1, -(-longest // CELLS_PER_WORD))


@njit(cache=True, nogil=True)
def _memo_find(line, keys, row, memo):
    """The slot holding line ``line`` with packed contents ``keys[row]``, or
    ``-1 - free slot``."""
    words = keys.shape[1]
    acc = np.uint64(1469598103934665603) ^ np.uint64(line)
    for k in range(words):
        acc = (acc ^ keys[row, k]) * np.uint64(1099511628211)
        acc ^= acc >> np.uint64(29)
    mask = memo.shape[0] - 1
    slot = np.int64(acc & np.uint64(mask))
    tag = np.uint64(line + 1)
    while memo[slot, 0] != 0:
        if memo[slot, 0] == tag:
            same = True
            for k in range(words):
                if memo[slot, 2 + k] != keys[row, k]:
                    same = False
                    break
            if same:
                return slot
        slot = (slot + 1) & mask
    return -1 - slot


@njit(cache=True, nogil=True)
def _memo_solve(line, keys, row, n, blocks, colors, clue_off, linebuf, outbuf, iwork, memo,
                memo_used):
    """The slot of the table that holds fcomp's answer for line number ``line`` whose ``n``
    cells are packed in ``keys[row]`` (two bits a cell, from bit 0 of word 0): solved and
    stored when not there yet.

    The table ``memo`` is open addressing, a row per slot: the line number plus 1 (0 for a
    free slot), fcomp's status plus 2, the packed contents (``words`` of them), and the packed
    result (the contents again unless fcomp changed the line). A hit needs the line number and
    every word of the contents to match. When half the slots are used the table is emptied and
    filled again.
    """
    slot = _memo_find(line, keys, row, memo)
    if slot >= 0:
        return slot
    words = keys.shape[1]
    for i in range(n):
        k = i // CELLS_PER_WORD
        linebuf[i] = (keys[row, k] >> np.uint64(2 * (i - CELLS_PER_WORD * k))) & np.uint64(3)
    a = clue_off[line]
    b = clue_off[line + 1]
    status = solve_line(np.int32(FCOMP), blocks[a:b], colors[a:b], linebuf[:n], outbuf[:n],
                        iwork)
    if 2 * (memo_used[0] + 1) > memo.shape[0]:
        for s in range(memo.shape[0]):
            memo[s, 0] = 0
        memo_used[0] = 0
        slot = _memo_find(line, keys, row, memo)
    slot = -1 - slot
    memo_used[0] += 1
    memo[slot, 0] = np.uint64(line + 1)
    memo[slot, 1] = np.uint64(status + 2)
    for k in range(words):
        memo[slot, 2 + k] = keys[row, k]
        memo[slot, 2 + words + k] = keys[row, k]
    if status == CHANGED:
        for k in range(words):
            memo[slot, 2 + words + k] = 0
        for i in range(n):
            k = i // CELLS_PER_WORD
            memo[slot, 2 + words + k] |= np.uint64(outbuf[i] & 3) << np.uint64(
                2 * (i - CELLS_PER_WORD * k))
    return slot


@njit(cache=True, nogil=True)
def _memo_status(memo, slot):
    """fcomp's status kept in ``slot``."""
    return np.int64(memo[slot, 1]) - 2


_DEBRUIJN = np.uint64(0x03F79D71B4CB0A89)
_DEBRUIJN_INDEX = np.array([
    0, 47, 1, 56, 48, 27, 2, 60, 57, 49, 41, 37, 28, 16, 3, 61, 54, 58, 35, 52, 50, 42, 21, 44,
    38, 32, 29, 23, 17, 11, 4, 62, 46, 55, 26, 59, 40, 36, 15, 53, 34, 51, 20, 43, 31, 22, 10,
    45, 25, 39, 14, 33, 19, 30, 9, 24, 13, 18, 8, 12, 7, 6, 5, 63], dtype=np.int64)
_LOW_BITS = np.uint64(0x5555555555555555)


@njit(cache=True, nogil=True)
def _lowest_bit(x):
    """The index of the lowest set bit of ``x`` (not 0), by a de Bruijn sequence."""
    return _DEBRUIJN_INDEX[((x ^ (x - np.uint64(1))) * _DEBRUIJN) >> np.uint64(58)]


@njit(cache=True, nogil=True)
def _pack_board(h, w, cells, packed):
    """Every line of the board, packed two bits a cell: rows, then columns."""
    for line in range(h + w):
        for k in range(packed.shape[1]):
            packed[line, k] = 0
    for r in range(h):
        for c in range(w):
            v = np.uint64(cells[r * w + c] & 3)
            packed[r, c // CELLS_PER_WORD] |= v << np.uint64(2 * (c % CELLS_PER_WORD))
            packed[h + c, r // CELLS_PER_WORD] |= v << np.uint64(2 * (r % CELLS_PER_WORD))


@njit(cache=True, nogil=True)
def _put(packed, line, pos, value):
    """Set cell ``pos`` of packed line ``line`` to ``value``."""
    k = pos // CELLS_PER_WORD
    shift = np.uint64(2 * (pos - CELLS_PER_WORD * k))
    packed[line, k] = (packed[line, k] & ~(np.uint64(3) << shift)) | (np.uint64(value) << shift)


@njit(cache=True, nogil=True)
def _chain(h, w, blocks, colors, clue_off, base, packed, idx, value, probe, touched,
           cell_setter, cell_step, todo_line, todo_step, seen_step, queue, queued, reads,
           linebuf, outbuf, iwork, memo, memo_used):
    """:func:`~.chain.probe_chain` with no limit on the walk back, on packed lines, its
    line solves taken from the table: ``(solves needed, broken line)``, ``(0, -1)`` when no
    line broke.

    ``packed`` is set to ``base`` (the board's packed lines) and left holding where the probe
    ended. A cell's ``cell_setter`` and ``cell_step`` count only where ``touched`` equals
    ``probe``, a number new for every probe, so nothing is cleared between probes;
    ``seen_step`` must be all false and is left so, and so is ``queued``. ``reads`` gets a bit
    for every line the probe solved (bit ``line % 64`` of word ``line // 64``).
    """
    n_lines = h + w
    words = packed.shape[1]
    for k in range(reads.shape[0]):
        reads[k] = 0
    for line in range(n_lines):
        for k in range(words):
            packed[line, k] = base[line, k]
    r0 = idx // w
    c0 = idx - r0 * w
    _put(packed, r0, c0, value)
    _put(packed, h + c0, r0, value)
    touched[idx] = probe
    cell_setter[idx] = -1
    cell_step[idx] = 0
    head = 0
    tail = 0
    for line in (r0, h + c0):
        queue[tail] = line
        tail += 1
        queued[line] = True
    step = 0
    broken = -1
    while head < tail:
        line = queue[head]
        head += 1
        queued[line] = False
        step += 1
        reads[line // 64] |= np.uint64(1) << np.uint64(line % 64)
        if line < h:
            start, stride, n = line * w, 1, w
        else:
            start, stride, n = line - h, w, h
        slot = _memo_solve(line, packed, line, n, blocks, colors, clue_off, linebuf, outbuf,
                           iwork, memo, memo_used)
        status = _memo_status(memo, slot)
        if status == CONTRADICTION or status == REFUSED:
            broken = line
            break
        if status != CHANGED:
            continue
        for k in range(words):
            new = memo[slot, 2 + words + k]
            diff = packed[line, k] ^ new
            packed[line, k] = new
            # one bit per changed cell, lowest cell first
            marks = (diff | (diff >> np.uint64(1))) & _LOW_BITS
            while marks != 0:
                bit = _lowest_bit(marks)
                marks &= marks - np.uint64(1)
                g = bit // 2
                i = CELLS_PER_WORD * k + g
                v = (new >> np.uint64(bit)) & np.uint64(3)
                cell = start + i * stride
                touched[cell] = probe
                cell_setter[cell] = line
                cell_step[cell] = step
                if line < h:
                    cross = h + i
                    _put(packed, cross, line, v)
                else:
                    cross = i
                    _put(packed, cross, line - h, v)
                if not queued[cross]:
                    queued[cross] = True
                    queue[tail] = cross
                    tail += 1
    while head < tail:  # leave ``queued`` clear for the next probe
        queued[queue[head]] = False
        head += 1
    if broken < 0:
        return 0, -1
    # walk back: (line, step) pairs still to explain, each needing the probe's cells it saw
    todo_line[0] = broken
    todo_step[0] = step
    seen_step[step] = True
    count = 1
    used = 0
    while used < count:
        line = todo_line[used]
        at = todo_step[used]
        used += 1
        if line < h:
            start, stride, n = line * w, 1, w
        else:
            start, stride, n = line - h, w, h
        for i in range(n):
            cell = start + i * stride
            if touched[cell] == probe and cell_step[cell] < at:
                s = cell_step[cell]
                if cell_setter[cell] >= 0 and not seen_step[s]:
                    seen_step[s] = True
                    todo_line[count] = cell_setter[cell]
                    todo_step[count] = s
                    count += 1
    for t in range(count):
        seen_step[todo_step[t]] = False
    return count, broken


@njit(cache=True, nogil=True)
def probe_cached(h, w, blocks, colors, clue_off, cells, clean, sizes, last, state, count,
                 deps, chain, witness, memo, memo_used, totals):
    """Fill ``sizes``: ``sizes[idx, v]`` is the number of line solves of a chain that breaks a
    line from assuming ``idx`` empty (``v=0``) or filled (``v=1``), 0 when no chain does; 0
    for decided cells. A probe run afresh counts as :func:`~.chain.probe_all` would with no
    cut-off; a probe that broke on an earlier board this one refines (no mark taken away) is
    not run again: its kept chain is replayed (:func:`_replay`), and counts the steps it
    takes now, which may be more than a fresh probe's chain.

    Args:
        cells: The board (flat ``uint32``), not changed.
        clean: Every line of ``cells`` fits its clue and is unchanged by fcomp.
        sizes: ``int64[h*w, 2]``, the answer.
        last: ``uint32[h*w]``, the board at the previous call (all ``BOTH`` before the first);
            set to ``cells``.
        state: ``int8[h*w, 2]``, per probe ``UNKNOWN_ENTRY``, ``BROKEN`` or ``WITNESSED``.
        count, deps: For a probe that broke a line, ``int64[h*w, 2]`` its count and
            ``uint64[h*w, 2, (h+w+63)//64]`` the lines it solved, a bit each: while none of
            them changes, the probe solves the same lines the same way.
        chain: ``int16[h*w, 2, cap]``: for a probe that broke a line with a count of at most
            ``cap``, the lines of its chain in the order they were solved (see
            :func:`_replay`); ``cap`` may be 0.
        witness: ``uint8[h*w, 2, h*w]``: for a witnessed probe, where its propagation ends on
            the board (brought up to date call by call); an array with a first dimension of 0
            keeps none.
        memo, memo_used: The table of line solves, ``uint64[2**k, m]`` with ``m`` at least
            ``2 + 2 * memo_words(max(h, w))`` (see :func:`_memo_solve`), all 0 at first, and
            how many of its slots are used, ``int64[1]``.

        totals: ``int64[2]``, set to the probes run from the start and the kept chains
            replayed.

    Returns:
        How many probes were run from the start (the others were answered from what was kept),
        or -1, with nothing done, on a colour board (a block colour other than 1 or a cell
        holding a colour bit): the table packs two bits a cell.
    """
    n = h * w
    for j in range(blocks.shape[0]):
        if colors[j] != 1:
            return -1
    for c in range(n):
        if cells[c] > BOTH:
            return -1
    n_lines = h + w
    words = (max(h, w) + CELLS_PER_WORD - 1) // CELLS_PER_WORD
    keep_witness = witness.shape[0] == n
    # which cells changed since the previous call, whether any lost a mark, and their lines
    changed = np.empty(n, dtype=np.int64)
    n_changed = 0
    refined = True
    dirty = np.zeros(deps.shape[2], dtype=np.uint64)
    for c in range(n):
        if cells[c] != last[c]:
            changed[n_changed] = c
            n_changed += 1
            if (cells[c] & ~last[c]) != 0:
                refined = False
            last[c] = cells[c]
            r = c // w
            for line in (r, h + c - r * w):
                dirty[line // 64] |= np.uint64(1) << np.uint64(line % 64)
    size = max(h, w)
    k_max = 0
    for line in range(n_lines):
        k = clue_off[line + 1] - clue_off[line]
        if k > k_max:
            k_max = k
    linebuf = np.empty(size, dtype=cells.dtype)
    outbuf = np.empty(size, dtype=cells.dtype)
    iwork = np.empty(work_size(size, k_max), dtype=np.int32)
    keybuf = np.empty((1, words), dtype=np.uint64)
    # a line is queued again only after one of its cells changed: a probe queues at most its
    # own two lines and one per cell, so the queue never wraps
    queue = np.empty(n + n_lines + 2, dtype=np.int64)
    queued = np.zeros(n_lines, dtype=np.bool_)
    base = np.empty((n_lines, words), dtype=np.uint64)
    packed = np.empty((n_lines, words), dtype=np.uint64)
    _pack_board(h, w, cells, base)
    touched = np.full(n, -1, dtype=np.int64)
    setter = np.empty(n, dtype=np.int64)
    steps = np.empty(n, dtype=np.int64)
    todo_line = np.empty(n + 3, dtype=np.int64)
    todo_step = np.empty(n + 3, dtype=np.int64)
    seen_step = np.zeros(n + 3, dtype=np.bool_)
    cap = chain.shape[2]
    runs = 0
    replays = 0
    for idx in range(n):
        for v in range(2):
            sizes[idx, v] = 0
            if cells[idx] != BOTH:
                state[idx, v] = UNKNOWN_ENTRY
                continue
            if state[idx, v] == BROKEN:
                same = True
                for k in range(dirty.shape[0]):
                    if deps[idx, v, k] & dirty[k]:
                        same = False
                        break
                if same:
                    sizes[idx, v] = count[idx, v]
                    continue
                if refined and count[idx, v] <= cap:
                    # the kept chain still breaks on the refined board (propagation is
                    # monotone): replay it, keeping the steps up to where it breaks now
                    d = _replay(h, w, blocks, colors, clue_off, base, packed, idx,
                                EMPTY if v == 0 else FILLED, chain[idx, v], count[idx, v],
                                linebuf, outbuf, iwork, memo, memo_used)
                    if d > 0:
                        replays += 1
                        sizes[idx, v] = d
                        count[idx, v] = d
                        for k in range(deps.shape[2]):
                            deps[idx, v, k] = 0
                        for t in range(d):
                            line = chain[idx, v, t]
                            deps[idx, v, line // 64] |= np.uint64(1) << np.uint64(line % 64)
                        continue
            elif state[idx, v] == WITNESSED and clean and refined:
                if _rewitness(h, w, blocks, colors, clue_off, cells, witness[idx, v], changed,
                              n_changed, linebuf, outbuf, iwork, keybuf, queue, queued,
                              memo, memo_used):
                    continue  # still no contradiction: size 0
            probe = 2 * idx + v
            runs += 1
            d, broken = _chain(h, w, blocks, colors, clue_off, base, packed, idx,
                               EMPTY if v == 0 else FILLED, probe, touched, setter, steps,
                               todo_line, todo_step, seen_step, queue, queued, deps[idx, v],
                               linebuf, outbuf, iwork, memo, memo_used)
            sizes[idx, v] = d
            count[idx, v] = d
            state[idx, v] = BROKEN if broken >= 0 else UNKNOWN_ENTRY
            if broken >= 0 and d <= cap:
                # the chain's lines in the order they were solved, for :func:`_replay`
                order = np.argsort(todo_step[:d])
                for t in range(d):
                    chain[idx, v, t] = todo_line[order[t]]
            if broken < 0 and clean and keep_witness:
                state[idx, v] = WITNESSED
                for r in range(h):
                    for c in range(w):
                        k = c // CELLS_PER_WORD
                        witness[idx, v, r * w + c] = (packed[r, k] >> np.uint64(
                            2 * (c - CELLS_PER_WORD * k))) & np.uint64(3)
    totals[0] = runs
    totals[1] = replays
    return runs


@njit(cache=True, nogil=True)
def _rewitness(h, w, blocks, colors, clue_off, cells, wit, changed, n_changed, linebuf, outbuf,
               iwork, keybuf, queue, queued, memo, memo_used):
    """Bring a probe's end board ``wit`` up to date with the board ``cells``, which refines the
    board ``wit`` was reached on (only the ``changed`` cells differ); returns False when the
    probe now breaks a line (``wit`` is then unspecified).

    ``wit`` was the greatest board, below the old board with the probe's value, that fcomp
    leaves alone; the new one is below both ``wit`` and ``cells``, so it is reached by
    propagating from their meet, starting with the lines whose cells the meet changed.
    """
    words = keybuf.shape[1]
    head = 0
    tail = 0
    ok = True
    for t in range(n_changed):
        c = changed[t]
        meet = wit[c] & cells[c]
        if meet == 0:
            ok = False  # the probe's end already has the other value here
            break
        if meet != wit[c]:
            wit[c] = meet
            r = c // w
            for line in (r, h + c - r * w):
                if not queued[line]:
                    queued[line] = True
                    queue[tail] = line
                    tail += 1
    while head < tail:
        line = queue[head]
        head += 1
        queued[line] = False
        if not ok:
            continue  # drain the queue: ``queued`` must be clear for the next probe
        if line < h:
            start, stride, n = line * w, 1, w
        else:
            start, stride, n = line - h, w, h
        for k in range(words):
            keybuf[0, k] = 0
        for i in range(n):
            k = i // CELLS_PER_WORD
            keybuf[0, k] |= np.uint64(wit[start + i * stride] & 3) << np.uint64(
                2 * (i - CELLS_PER_WORD * k))
        slot = _memo_solve(line, keybuf, 0, n, blocks, colors, clue_off, linebuf, outbuf, iwork,
                           memo, memo_used)
        status = _memo_status(memo, slot)
        if status == CONTRADICTION or status == REFUSED:
            ok = False
            continue
        if status == CHANGED:
            for i in range(n):
                k = i // CELLS_PER_WORD
                shift = np.uint64(2 * (i - CELLS_PER_WORD * k))
                v = (memo[slot, 2 + words + k] >> shift) & np.uint64(3)
                if v != wit[start + i * stride]:
                    wit[start + i * stride] = v
                    cross = h + i if line < h else i
                    if not queued[cross]:
                        queued[cross] = True
                        queue[tail] = cross
                        tail += 1
    return ok


@njit(cache=True, nogil=True)
def _replay(h, w, blocks, colors, clue_off, base, packed, idx, value, lines, m, linebuf,
            outbuf, iwork, memo, memo_used):
    """Solve ``lines[:m]`` in order (a probe's kept chain) on the board ``base`` with ``idx``
    set to ``value``, each solve's changes written to the board: the steps taken up to and
    including the first that breaks its line, 0 when none does.

    On a board that refines the one the chain was found on, every step sees at most the
    values it saw then, and fcomp keeps at most what it kept then, so the chain breaks again,
    at its last step or sooner. ``packed`` is left holding where the replay ended.
    """
    n_lines = h + w
    words = packed.shape[1]
    for line in range(n_lines):
        for k in range(words):
            packed[line, k] = base[line, k]
    r0 = idx // w
    c0 = idx - r0 * w
    _put(packed, r0, c0, value)
    _put(packed, h + c0, r0, value)
    for t in range(m):
        line = np.int64(lines[t])
        if line < h:
            n = w
        else:
            n = h
        slot = _memo_solve(line, packed, line, n, blocks, colors, clue_off, linebuf, outbuf,
                           iwork, memo, memo_used)
        status = _memo_status(memo, slot)
        if status == CONTRADICTION or status == REFUSED:
            return t + 1
        if status != CHANGED:
            continue
        for k in range(words):
            new = memo[slot, 2 + words + k]
            diff = packed[line, k] ^ new
            packed[line, k] = new
            bits = (diff | (diff >> np.uint64(1))) & _LOW_BITS
            while bits != 0:
                bit = _lowest_bit(bits)
                bits &= bits - np.uint64(1)
                i = CELLS_PER_WORD * k + bit // 2
                v = (new >> np.uint64(bit)) & np.uint64(3)
                if line < h:
                    _put(packed, h + i, line, v)
                else:
                    _put(packed, i, line - h, v)
    return 0
