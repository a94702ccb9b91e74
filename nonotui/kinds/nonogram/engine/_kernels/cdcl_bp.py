"""The learning search's first phases and activities by belief propagation: how likely each open
cell is to be filled, its lines' constraints passed back and forth until they roughly agree; and
the rest of what the search does around its beliefs and its first solution (the proof, the
beliefs again, the shaken order).

Each line sends each of its open cells a message, the chance that the cell is filled given the
line's clue and what the cell's other lines say of the line's other cells: the weighted share of
the line's arrangements that fill the cell, each arrangement weighted by the product, over its
cells, of the chance the other lines give that cell its value in the arrangement, then divided by
what the other lines said of the cell itself (the classic sum-product message). Known cells have
weight 1 for their value and 0 for the other. A cell's belief combines its lines' messages as
independent odds. Rows then columns (the units in order), :data:`BP_ROUNDS` rounds, each new
message mixed with the old (:data:`BP_DAMP` of the old), as loopy belief propagation is usually
run.

What the search takes from it: each open cell's first phase is its likelier value, and its first
activity its certainty, ``|2 b - 1|`` for belief ``b``, so the surest cells are decided first
(between 0 and 1: the first conflict's bumps outweigh it). The line densities each line sees
alone (the first phases before these) are the first round of this with no messages yet; passing
them on is what finds phases close to a solution (measured in docs/solver.md, "Phases from
belief propagation (sixth session)").
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .state import most_blocks

PROVE_AFTER = 50
"""When this many conflicts after the first solution have not found a second, the search turns
to proving there is none (:func:`.cdcl.prove_unique`): every open cell is tried at level 1 with
the value it does not have in the first solution, least sure cells first (by the beliefs), each
failure giving a unit; then every saved phase becomes the first solution's other value and
target phases stop, so that each decision tries to leave it. Random puzzles with several
solutions find their second in fewer (300 fresh random 30x30 seeds: all of them)."""
REBP_GROWTH = 10
"""Before the first solution, at a restart, when level 0 holds this many cells more than when
the beliefs were last worked out (units learned since): the beliefs again, from level 0, as
every open cell's phase (activities are left to the conflicts); the target phases are
forgotten."""
MODE_SHAKE = 134217728
"""The one flag of :func:`.cdcl.cdcl`'s ``mode``: every first activity (after the beliefs')
multiplied by a factor in ``[1, 1 + SHAKE)`` drawn from a fixed pseudo-random sequence
(:func:`shake`) whose seed is 1 plus the mode's bits :data:`SHAKE_SEED_SHIFT` to 47: the same
search in another order. The search's running time on random puzzles is heavy-tailed
(docs/solver.md, "A second learning search"), so the engine runs such a search beside the plain
one when the plain one takes long (``search.PORTFOLIO_AFTER``)."""
SHAKE = 0.3
SHAKE_SEED_SHIFT = 40
BP_ROUNDS = 20
BP_DAMP = 0.3
BP_EPS = 1e-6
"""A message's chance is kept within ``[BP_EPS, 1 - BP_EPS]``."""


@njit(cache=True, nogil=True)
def _run_weight(w1, s, e):
    """The product of ``w1[s:e]``: the weight of a block on cells ``s`` to ``e - 1``."""
    p = 1.0
    for t in range(s, e):
        p *= w1[t]
    return p


@njit(cache=True, nogil=True)
def line_marginals(blocks, a, k, w0, w1, n, fa, fe, bs, diff, q):
    """For a line of ``n`` cells whose cell ``i`` weighs ``w0[i]`` empty and ``w1[i]`` filled,
    the weighted share of the arrangements of ``blocks[a:a + k]`` (``k`` >= 1) that fill each
    cell, into ``q``. Returns the total weight (0 or less: no arrangement has weight; ``q`` is
    then unspecified).

    Block ``j`` can start only in ``lo[j] .. lo[j] + slack``, from the blocks before it packed
    left to the blocks after it packed right, so every table has ``slack + 1`` columns a block,
    column ``t`` meaning start ``lo[j] + t``: ``fe[j, t]``, the weight of block ``j`` there;
    ``fa[j, t]``, the weight of cells ``0 .. lo[j] + t - 2`` holding blocks ``0 .. j-1`` (cell
    ``lo[j] + t - 1`` then empty before block ``j``: it is weighed with the block); ``bs[j, t]``,
    the weight of cells ``lo[j] + t .. n-1`` holding blocks ``j ..`` (block ``j`` at or after
    that start). ``diff`` is scratch of ``n + 1`` cells."""
    need = -1
    for j in range(k):
        need += blocks[a + j] + 1
    slack = n - need
    if slack < 0:
        return -1.0
    w = slack + 1
    lo = 0
    for j in range(k):
        length = blocks[a + j]
        for t in range(w):
            fe[j, t] = _run_weight(w1, lo + t, lo + t + length)
        lo += length + 1
    # fa: before block 0, the cells 0 .. t-1 empty
    fa[0, 0] = 1.0
    for t in range(1, w):
        fa[0, t] = fa[0, t - 1] * w0[t - 1]
    lo = 0
    for j in range(1, k):
        length = blocks[a + j - 1]
        nlo = lo + length + 1  # block j's first start
        # fa[j, t]: block j - 1 ends at or before cell nlo + t - 2, the cells after it empty;
        # cell nlo + t - 1 is the gap, weighed in the term of block j
        acc = 0.0
        for t in range(w):
            # block j - 1 starting at lo + t ends at cell nlo + t - 2
            acc = acc * w0[nlo + t - 2] if t > 0 else 0.0
            gap = w0[lo + t - 1] if j - 1 > 0 else 1.0
            acc += fa[j - 1, t] * gap * fe[j - 1, t]
            fa[j, t] = acc
        lo = nlo
    # the total: the last block starting at lo + t, the cells after it empty (those cells'
    # weight in q[t], which is free until the end)
    length = blocks[a + k - 1]
    q[w - 1] = 1.0
    for t in range(w - 2, -1, -1):
        q[t] = q[t + 1] * w0[n - slack + t]
    total = 0.0
    for t in range(w):
        gap = w0[lo + t - 1] if k - 1 > 0 else 1.0
        total += fa[k - 1, t] * gap * fe[k - 1, t] * q[t]
    if not total > 0.0 or total == np.inf:
        return -1.0
    # bs[j, t]: blocks j .. in cells lo[j] + t .. n - 1, block j at or after that start
    last = lo
    for t in range(w - 1, -1, -1):
        s0 = last + t
        here = fe[k - 1, t] * q[t]
        if t < w - 1:
            bs[k - 1, t] = here + bs[k - 1, t + 1] * w0[s0]
        else:
            bs[k - 1, t] = here
    hi = last
    for j in range(k - 2, -1, -1):
        length = blocks[a + j]
        jlo = hi - length - 1
        for t in range(w - 1, -1, -1):
            s0 = jlo + t
            # block j at s0, the gap cell s0 + length empty, block j + 1 at or after s0 + length + 1
            here = fe[j, t] * w0[s0 + length] * bs[j + 1, t]
            if t < w - 1:
                bs[j, t] = here + bs[j, t + 1] * w0[s0]
            else:
                bs[j, t] = here
        hi = jlo
    for i in range(n + 1):
        diff[i] = 0.0
    lo = 0
    for j in range(k):
        length = blocks[a + j]
        for t in range(w):
            s0 = lo + t
            gap = w0[s0 - 1] if j > 0 else 1.0
            left = fa[j, t] * gap
            if left == 0.0:
                continue
            e = s0 + length
            if j == k - 1:
                right = q[t]
            else:
                # the gap cell e, then block j + 1 at or after e + 1 (its column t or later)
                right = w0[e] * bs[j + 1, t]
            wgt = left * fe[j, t] * right
            diff[s0] += wgt
            diff[e] -= wgt
        lo += length + 1
    run = 0.0
    for i in range(n):
        run += diff[i]
        q[i] = min(max(run / total, 0.0), 1.0)
    return total


@njit(cache=True, nogil=True)
def _clamp(p):
    return min(max(p, BP_EPS), 1.0 - BP_EPS)


@njit(cache=True, nogil=True)
def beliefs(span, val, of_cell, clue_off, blocks, rounds, damp):
    """Each cell's chance of being filled after ``rounds`` rounds of belief propagation over
    the units ``span`` (known cells: 1 or 0)."""
    n_lines = span.shape[0]
    n_cells = val.shape[0]
    longest = 0
    for u in range(n_lines):
        longest = max(longest, span[u, 2])
    most = most_blocks(clue_off)
    off = np.zeros(n_lines + 1, dtype=np.int64)
    for u in range(n_lines):
        off[u + 1] = off[u] + span[u, 2]
    msg = np.full(off[n_lines], 0.5)
    # where each cell's message from each of its units is: its position in that unit
    at = np.full((n_cells, of_cell.shape[1]), -1, dtype=np.int64)
    for u in range(n_lines):
        for i in range(span[u, 2]):
            v = span[u, 0] + i * span[u, 1]
            for j in range(of_cell.shape[1]):
                if of_cell[v, j] == u:
                    at[v, j] = off[u] + i
    # for each message, the messages the cell gets from its other units (-1: none), and the
    # units with an open cell (the others have nothing to say)
    others = np.full((off[n_lines], of_cell.shape[1]), -1, dtype=np.int64)
    live = np.zeros(n_lines, dtype=np.bool_)
    for u in range(n_lines):
        for i in range(span[u, 2]):
            v = span[u, 0] + i * span[u, 1]
            if val[v] < 0:
                live[u] = True
            t = 0
            for j in range(of_cell.shape[1]):
                if at[v, j] >= 0 and of_cell[v, j] != u:
                    others[off[u] + i, t] = at[v, j]
                    t += 1
    fa = np.empty((most + 1, longest + 1))
    fe = np.empty((most + 1, longest + 1))
    bs = np.empty((most + 1, longest + 1))
    diff = np.empty(longest + 1)
    w0 = np.empty(longest)
    w1 = np.empty(longest)
    q = np.empty(longest)
    for _ in range(rounds):
        for u in range(n_lines):
            a = clue_off[u]
            k = clue_off[u + 1] - a
            n = span[u, 2]
            if k == 0 or not live[u]:
                continue
            start = span[u, 0]
            stride = span[u, 1]
            base = off[u]
            for i in range(n):
                x = val[start + i * stride]
                if x >= 0:
                    w1[i] = 1.0 if x == 1 else 0.0
                elif others.shape[1] < 2 or others[base + i, 1] < 0:
                    # one other unit (a grid's cells): its message is the prior
                    m = others[base + i, 0]
                    w1[i] = _clamp(msg[m]) if m >= 0 else 0.5
                else:
                    odds = 1.0
                    for j in range(others.shape[1]):
                        m = others[base + i, j]
                        if m < 0:
                            break
                        p = _clamp(msg[m])
                        odds *= p / (1.0 - p)
                    w1[i] = _clamp(odds / (1.0 + odds))
                w0[i] = 1.0 - w1[i]
            if line_marginals(blocks, a, k, w0, w1, n, fa, fe, bs, diff, q) <= 0.0:
                continue
            for i in range(n):
                if val[start + i * stride] >= 0:
                    continue
                # (q / p) / (q / p + (1 - q) / (1 - p)), with one division
                x = q[i] * w0[i]
                y = (1.0 - q[i]) * w1[i]
                new = x / (x + y) if x + y > 0.0 else 0.5
                msg[base + i] = damp * msg[base + i] + (1.0 - damp) * new
    out = np.empty(n_cells)
    for v in range(n_cells):
        if val[v] >= 0:
            out[v] = 1.0 if val[v] == 1 else 0.0
            continue
        odds = 1.0
        for j in range(of_cell.shape[1]):
            m = at[v, j]
            if m >= 0:
                p = _clamp(msg[m])
                odds *= p / (1.0 - p)
        out[v] = odds / (1.0 + odds)
    return out


@njit(cache=True, nogil=True, inline="always")
def certainty(b):
    """How sure the belief ``b`` (a cell's chance of being filled) is: ``|2 b - 1|``, 0 at even
    odds, 1 for a sure value."""
    return abs(2.0 * b - 1.0)


@njit(cache=True, nogil=True)
def bp_phases(s, activities):
    """The open cells' first phases (the likelier value) and, if
    ``activities``, their activities (the certainty ``|2 b - 1|``) from :func:`beliefs`."""
    b = beliefs(s.span, s.val, s.of_cell, s.clue_off, s.blocks, BP_ROUNDS, BP_DAMP)
    for v in range(b.shape[0]):
        if s.val[v] < 0:
            s.phase[v] = 1 if b[v] > 0.5 else 0
            if activities:
                s.act[v] = certainty(b[v])
    return b


@njit(cache=True, nogil=True)
def shake(act, seed):
    """Mode :data:`MODE_SHAKE`: each activity times ``1 + SHAKE * u``, ``u`` in ``[0, 1)`` from a
    64-bit linear congruential sequence started at ``seed`` (the same factors on every run)."""
    h = np.uint64(seed) * np.uint64(0x9E3779B97F4A7C15)
    for v in range(act.shape[0]):
        h = h * np.uint64(6364136223846793005) + np.uint64(1442695040888963407)
        act[v] *= 1.0 + SHAKE * (float(h >> np.uint64(11)) / 9007199254740992.0)
