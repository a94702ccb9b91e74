"""The learning search's lines: loading a line, solving it through the line cache, and the lazy
explanations (see :mod:`.cdcl`).

An explanation says which known cells of a line force one of its cells: those known before the
line was solved, minimised by dropping them (latest first, in growing chunks, halved when a chunk
is needed) while the line, with the forced cell given its other value, still has no arrangement.
That test is the bit-mask solver's forward pass on a line of up to 64 cells
(:func:`.lines_bits.bits_witness`), one leftmost placement of the blocks on a longer one: far
cheaper than solving the line. A line without any arrangement is explained the same way, with no
cell set against it.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .cdcl_db import CACHE_SIZE, K_CLAUSE, SC_EXUSED
from .common import CHANGED, FCOMP
from .dispatch import run
from .lines_bits import bits_masks, bits_witness
from .lines_bits2 import bits2_masks
from .lines_fast import leftmost
from .state import ST_LINES

CD_EXPLAIN_LINES = ST_LINES + 1
"""Leftmost placements tried to build explanations (lines solved to propagate: ``ST_LINES``)."""
CD_CONFLICTS = ST_LINES + 2
CD_LEARNED = ST_LINES + 3
CD_RESTARTS = ST_LINES + 4
CD_DELETED = ST_LINES + 5
CD_CACHE_HITS = ST_LINES + 6
"""Lines answered by the line cache (not counted in ``ST_LINES``)."""
CD_PROVE_TRIALS = ST_LINES + 7
"""Cells tried against the first solution by :func:`.cdcl.prove_unique`."""
CD_REBELIEFS = ST_LINES + 8
"""Times the beliefs were worked out again at a restart (see :data:`.cdcl_bp.REBP_GROWTH`)."""
N_CD_STATS = ST_LINES + 9
"""Size of the learning search's stats array; indices below ``ST_LINES`` mean what they mean for
the depth-first search (guesses are decisions, backtracks are backjumps, contradictions are
conflicts)."""


@njit(cache=True, nogil=True, inline="always")
def load_line(span, val, line, buf):
    """The cells of ``line`` as linesolver values (1 empty, 2 filled, 3 unknown) into ``buf``.

    This and the functions below take the record's arrays as arguments rather than the record:
    each access through the record costs two atomic reference counts (see
    :func:`.cdcl_prop.enq`)."""
    start = span[line, 0]
    stride = span[line, 1]
    n = span[line, 2]
    for i in range(n):
        x = val[start + i * stride]
        buf[i] = 3 if x < 0 else (1 << x)
    return n


@njit(cache=True, nogil=True, inline="always")
def line_masks(span, val, line, buf):
    """The masks :func:`solve_masked` solves a line of up to 128 cells on (cells 0-63 and 64-127,
    known filled and known empty, cell 0 or 64 in bit 0), in one pass without branches on the
    cells' values; a longer line's cells go to ``buf`` instead (:func:`load_line`) and its masks
    are 0."""
    n = span[line, 2]
    zero = np.uint64(0)
    if n > 128:
        return load_line(span, val, line, buf), zero, zero, zero, zero
    start = span[line, 0]
    stride = span[line, 1]
    f = np.uint64(0)
    e = np.uint64(0)
    f2 = np.uint64(0)
    e2 = np.uint64(0)
    for i in range(n):
        x = val[start + i * stride]
        isf = np.uint64(x == 1)
        ise = np.uint64(x == 0)
        if i < 64:
            f |= isf << np.uint64(i)
            e |= ise << np.uint64(i)
        else:
            f2 |= isf << np.uint64(i - 64)
            e2 |= ise << np.uint64(i - 64)
    return n, f, e, f2, e2


@njit(cache=True, nogil=True, inline="always")
def solve_masked(line, n, clue_off, blocks, linebuf, outbuf, iwork, stats, ck_line, ck_f, ck_e,
                 cv_f, cv_e, cv_status, f, e, f2, e2):
    """fcomp on the line whose known cells are the masks ``f``, ``e`` (cells 0-63) and ``f2``,
    ``e2`` (cells 64-127), from :func:`line_masks`. Returns ``(status, filled, empty,
    filled2, empty2)``: for a line of up to 128 cells, the cells known filled and known empty
    afterwards (cells 64-127 in the second pair; meaningful when the status is ``CHANGED``); a
    longer line is solved from ``linebuf[:n]`` into ``outbuf[:n]`` and its masks are 0.

    The learning search is black and white only (every block's colour 1): a line of up to 64
    cells goes to the bit-mask solver on its masks (:func:`.lines_bits.bits_masks`: what
    :func:`.dispatch.run` gives fcomp's work to), one of 65 to 128 cells to the two-word solver
    (:func:`.lines_bits2.bits2_masks`) through the line cache (two words a mask, see
    :class:`.cdcl_db.Cdcl`), a longer one (not cached) to fcomp through :func:`.dispatch.run`,
    compiled in here: no colour check, one slice and one call fewer. Lines of up to 64 cells
    skip the cache: solving one on its masks costs less than the cache's lookup, which misses
    the processor's caches (docs/solver.md, "Faster conflicts")."""
    zero = np.uint64(0)
    a = clue_off[line]
    b = clue_off[line + 1]
    if n > 128:
        stats[ST_LINES] += 1
        return run(FCOMP, blocks[a:b], linebuf[:n], outbuf[:n], iwork), zero, zero, zero, zero
    if n <= 64:
        # the line's masks in, the answer's masks out, the same answer as run(FCOMP), which
        # hands it to the same solver
        stats[ST_LINES] += 1
        status, of, oe = bits_masks(blocks[a:b], n, f, e, iwork)
        return status, of, oe, zero, zero
    h = (f * np.uint64(0x9E3779B97F4A7C15)) ^ (e * np.uint64(0xC2B2AE3D27D4EB4F)) \
        ^ (np.uint64(line) * np.uint64(0x165667B19E3779F9))
    h ^= (f2 * np.uint64(0x27D4EB2F165667C5)) ^ (e2 * np.uint64(0x94D049BB133111EB))
    h ^= h >> np.uint64(29)
    slot = np.int64(h & np.uint64(CACHE_SIZE - 1))
    if (ck_line[slot] == line and ck_f[slot, 0] == f and ck_e[slot, 0] == e
            and ck_f[slot, 1] == f2 and ck_e[slot, 1] == e2):
        stats[CD_CACHE_HITS] += 1
        return cv_status[slot], cv_f[slot, 0], cv_e[slot, 0], cv_f[slot, 1], cv_e[slot, 1]
    stats[ST_LINES] += 1
    status, of, of2, oe, oe2 = bits2_masks(blocks[a:b], n, f, f2, e, e2, iwork)
    ck_line[slot] = line
    ck_f[slot, 0] = f
    ck_e[slot, 0] = e
    cv_f[slot, 0] = of
    cv_e[slot, 0] = oe
    ck_f[slot, 1] = f2
    ck_e[slot, 1] = e2
    cv_f[slot, 1] = of2
    cv_e[slot, 1] = oe2
    cv_status[slot] = status
    return status, of, oe, of2, oe2


@njit(cache=True, nogil=True, inline="always")
def solve_cached(line, n, clue_off, blocks, linebuf, outbuf, iwork, stats, ck_line, ck_f, ck_e,
                 cv_f, cv_e, cv_status, f, e, f2, e2):
    """:func:`solve_masked` with the answer as cells: fcomp on ``linebuf[:n]`` into
    ``outbuf[:n]`` (written only when the status is ``CHANGED``); returns the status."""
    one = np.uint64(1)
    status, of, oe, of2, oe2 = solve_masked(line, n, clue_off, blocks, linebuf, outbuf, iwork,
                                            stats, ck_line, ck_f, ck_e, cv_f, cv_e, cv_status,
                                            f, e, f2, e2)
    if status == CHANGED and n <= 128:
        for i in range(n):
            if i < 64:
                sh = np.uint64(i)
                xf = of
                xe = oe
            else:
                sh = np.uint64(i - 64)
                xf = of2
                xe = oe2
            # 2 filled, 1 empty, 3 unknown, without a branch on the cell
            outbuf[i] = np.uint32(3) - np.uint32((xf >> sh) & one) \
                - np.uint32(2) * np.uint32((xe >> sh) & one)
    return status


@njit(cache=True, nogil=True)
def feasible(blocks, line, iwork):
    """Whether some arrangement of ``blocks`` fits ``line``: its leftmost one exists."""
    if blocks.shape[0] == 0:
        for i in range(line.shape[0]):
            if (line[i] & 1) == 0:
                return False
        return True
    return leftmost(blocks, line, False, iwork)


@njit(cache=True, nogil=True, inline="always")
def _bit(i):
    return np.uint64(1) << np.uint64(i)


@njit(cache=True, nogil=True, inline="always")
def memo_answer(row, wit, core_f, core_e, fm, em):
    """What a line's memo (``row``: its row of :class:`.cdcl_db.Cdcl`'s ``memo``; ``wit``,
    ``core_f``, ``core_e``: that row's witnesses and cores, as views) already says of the line
    whose known cells are ``fm`` (filled) and ``em`` (empty): 1 (a stored arrangement fits it), 0
    (it holds a stored core: no arrangement fits) or -1 (nothing).

    The views are indexed from 0 by the loops' own counters, which the compiler knows are not
    negative: the loops compile to plain vector loads (``memo[line, mm + c]`` compiled to
    gathers, its index's sign unknown)."""
    mm = wit.shape[0]
    # no early exit: the loops run branch-free (an answer needs one match, found or not)
    hit = np.uint64(0)
    for w in range(min(np.int64(row[3 * mm]), mm)):
        a = wit[w]
        hit |= np.uint64(((a & em) | (fm & ~a)) == 0)
    if hit != 0:
        return 1
    for c in range(min(np.int64(row[3 * mm + 1]), mm)):
        hit |= np.uint64(((core_f[c] & ~fm) | (core_e[c] & ~em)) == 0)
    return 0 if hit != 0 else -1


@njit(cache=True, nogil=True, inline="always")
def memo_witness(memo, line, a):
    """Store the arrangement whose filled cells are ``a`` (one that fits the line
    :func:`.lines_bits.bits_witness` was just asked about) as a witness."""
    mm = (memo.shape[1] - 2) // 3
    count = np.int64(memo[line, 3 * mm])
    memo[line, count % mm] = a
    memo[line, 3 * mm] = np.uint64(count + 1)


@njit(cache=True, nogil=True, inline="always")
def explain(line, v, tlimit, span, val, tpos, sc, exline, cand, clue_off, blocks, iwork, stats,
            ex_pool, ex_len, memo):
    """A minimal set of the cells of ``line`` known before trail position ``tlimit`` that forces
    cell ``v`` to its value (``v`` < 0: that leaves the line without an arrangement), written to
    the explanation pool as the literals they make false. Returns ``(start, length)``.

    On a line of up to 64 cells, each feasibility test first asks the line's memo: an
    arrangement found by an earlier test that fits the line proves it feasible, a core (the
    known cells of an earlier explanation's result, which admit no arrangement) that the line
    holds proves it infeasible; only when neither does the test run (on the masks: the
    bit-mask solver's forward pass, whose arrangement becomes a witness). The answers are the
    same either way, so the explanation is too; the memo only saves tests (the same ones come
    back across the backjumps and the explanations of a line)."""
    n = span[line, 2]
    start = span[line, 0]
    stride = span[line, 1]
    if sc[SC_EXUSED] + n > ex_pool.shape[0]:
        ex_len[:] = -1
        sc[SC_EXUSED] = 0
    bits = n <= 64  # the feasibility tests run on the masks
    use = bits and memo.shape[1] > 2
    fm = np.uint64(0)  # the known cells of exline (bits only), filled ...
    em = np.uint64(0)  # ... and empty
    m = 0
    target = -1
    for i in range(n):
        idx = start + i * stride
        if idx == v:
            target = i
            exline[i] = 3
        elif val[idx] < 0 or tpos[idx] >= tlimit:
            exline[i] = 3
        else:
            exline[i] = 1 << val[idx]
            if bits:  # no branch on the value
                fm |= np.uint64(val[idx] == 1) << np.uint64(i)
                em |= np.uint64(val[idx] == 0) << np.uint64(i)
            # insertion by trail position, latest first
            j = m
            while j > 0 and tpos[start + cand[j - 1] * stride] < tpos[idx]:
                cand[j] = cand[j - 1]
                j -= 1
            cand[j] = i
            m += 1
    if target >= 0:
        exline[target] = 1 << (1 - val[v])  # the other value: the line must stay inconsistent
        if bits:
            if val[v] == 0:
                fm |= _bit(target)
            else:
                em |= _bit(target)
    a = clue_off[line]
    b = clue_off[line + 1]
    line_blocks = blocks[a:b]
    lbuf = exline[:n]
    mm = (memo.shape[1] - 2) // 3
    row = memo[line]
    wit = row[:mm]
    core_f = row[mm:2 * mm]
    core_e = row[2 * mm:3 * mm]
    # drop the candidates in growing chunks while the line still forces the cell; a chunk that
    # fails is retried in halves, and a single cell that fails is kept. Fewer cells known force
    # less, so a kept cell stays necessary: the result is irredundant, as one by one would be
    j = 0
    size = 2
    tries = 0
    proven = False  # whether some test proved the line (as it is left) infeasible
    while j < m:
        e = min(m, j + size)
        for t in range(j, e):
            i = cand[t]
            exline[i] = 3
            if bits:
                fm &= ~_bit(i)
                em &= ~_bit(i)
        fits = memo_answer(row, wit, core_f, core_e, fm, em) if use else -1
        if fits < 0:
            tries += 1
            if bits:
                ok, arrangement = bits_witness(line_blocks, n, fm, em, iwork)
                fits = 1 if ok else 0
                if ok and use:
                    memo_witness(memo, line, arrangement)
            else:
                fits = 1 if feasible(line_blocks, lbuf, iwork) else 0
        if fits == 0:
            proven = True
            j = e
            size *= 2
            continue
        for t in range(j, e):
            i = cand[t]
            x = val[start + i * stride]
            exline[i] = 1 << x
            if bits:
                fm |= np.uint64(x == 1) << np.uint64(i)
                em |= np.uint64(x == 0) << np.uint64(i)
        if size == 1:
            j += 1
        else:
            size //= 2
    stats[CD_EXPLAIN_LINES] += tries
    if use and proven:
        mm = (memo.shape[1] - 2) // 3
        count = np.int64(memo[line, 3 * mm + 1])
        slot = count % mm
        memo[line, mm + slot] = fm
        memo[line, 2 * mm + slot] = em
        memo[line, 3 * mm + 1] = np.uint64(count + 1)
    out = sc[SC_EXUSED]
    k = 0
    for i in range(n):
        if exline[i] != 3 and i != target:
            idx = start + i * stride
            ex_pool[out + k] = 2 * idx + (1 - val[idx])
            k += 1
    sc[SC_EXUSED] = out + k
    return out, k


@njit(cache=True, nogil=True, inline="always")
def reason(v, rkind, rref, rtrail, lits, cl_start, cl_len, ex_start, ex_len, ex_pool, span, val,
           tpos, sc, exline, cand, clue_off, blocks, iwork, stats, memo):
    """The literals of ``v``'s reason other than ``v``'s own, as ``(array, start, length)``;
    a clause reason still holds ``v``'s literal, which callers skip."""
    if rkind[v] == K_CLAUSE:
        c = rref[v]
        return lits, cl_start[c], cl_len[c]
    if ex_len[v] < 0:
        start, k = explain(rref[v], v, rtrail[v], span, val, tpos, sc, exline, cand, clue_off,
                           blocks, iwork, stats, ex_pool, ex_len, memo)
        ex_start[v] = start
        ex_len[v] = k
    return ex_pool, ex_start[v], ex_len[v]
