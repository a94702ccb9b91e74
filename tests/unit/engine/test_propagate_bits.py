"""The depth-first engine's lines on bit masks (kernels/propagate_bits.py) change no answer.

Three levels. The packing: the two bit planes spread into the cache's two-bit words and gathered
back, and the lowest set bit, with and without the JIT. The cache: :func:`cached_bits` gives
fcomp's own answer for seeded random lines of 1 to 64 cells (dead cells included), and it and
the cell path (:func:`~.propagate.cached_solve`) share one cache, entries either wrote being hits
for the other, with the same count of hits as the cell path alone (the same slot, the same key).
And propagation: with the cache on (fcomp's lines on masks), off (fcomp's lines on masks of one
or two words, the line pass's path) and on the cell-by-cell path (olsak, as exact as fcomp), the
same probes on seeded random boards, lines of up to 100 cells, give the same outcome, the same
cells and the same trail, cell for cell and in order, each finished board matching its clues (read off by
``tests/naive_count.py``), and the reused list of units with work left is left clean.
"""

from __future__ import annotations

import numpy as np
import pytest

from nonotui.kinds.nonogram.engine import _kernels as kernels
from nonotui.kinds.nonogram.engine._kernels.propagate import (
    PROP_CONTRADICTION,
    PROP_OK,
    _propagate,
    cached_solve,
    propagate,
)
from nonotui.kinds.nonogram.engine._kernels.propagate_bits import (
    BITS_FALLBACK,
    cached_bits,
    ctz,
    gather,
    packed_word,
    spread,
)
from nonotui.kinds.nonogram.engine._kernels.state import (
    ST_LINES,
    assign,
    fuel_cell,
    grid_units,
    new_prop,
    settle,
    undo,
    with_line_cache,
)
from tests import naive_count as naive
from tests.conftest import KERNEL_INTERNALS

# kernels only tests call are compiled here: once, on one worker (tests/conftest.py)
pytestmark = pytest.mark.xdist_group(KERNEL_INTERNALS)


def _cells_of(ce: int, cf: int, n: int) -> list[int]:
    """A line's cells from its bit planes (bit 0: may be empty, bit 1: may be filled)."""
    return [((ce >> i) & 1) | (((cf >> i) & 1) << 1) for i in range(n)]


@pytest.mark.nojit
def test_the_planes_spread_into_the_cache_s_words_and_back() -> None:
    rng = np.random.default_rng(7)
    for _ in range(200):
        n = int(rng.integers(1, 65))
        line = rng.integers(0, 4, n).astype(np.uint32)
        ce = sum(int(v & 1) << i for i, v in enumerate(line))
        cf = sum(int(v >> 1) << i for i, v in enumerate(line))
        # the words cached_solve packs: cell i in bits 2 (i mod 32), 2 (i mod 32) + 1 of word i/32
        for j in range(2):
            want = sum(int(v) << (2 * (i - 32 * j)) for i, v in enumerate(line)
                       if 32 * j <= i < 32 * j + 32)
            assert int(packed_word(np.uint64(ce), np.uint64(cf), j)) == want
        low = np.uint64(ce & 0xFFFFFFFF)
        assert int(gather(spread(low))) == int(low)
        assert int(ctz(np.uint64(cf | (1 << 63)))) == ((cf & -cf).bit_length() - 1 if cf else 63)


def _random_line(rng: np.random.Generator, n: int) -> tuple[np.ndarray, np.ndarray]:
    """A clue from a random picture of ``n`` cells and a state of its line: some cells shown,
    now and then a wrong or a dead one (value 0), the rest unknown."""
    picture = rng.random(n) < rng.choice([0.3, 0.5, 0.7])
    blocks = np.array(naive.runs(picture.astype(int).tolist()), dtype=np.int32)
    line = np.full(n, kernels.BOTH, dtype=np.uint32)
    shown = rng.random(n) < rng.choice([0.0, 0.2, 0.5, 0.8])
    line[shown] = np.where(picture[shown], kernels.FILLED, kernels.EMPTY)
    if rng.random() < 0.3:
        wrong = shown & (rng.random(n) < 0.3)
        line[wrong] = kernels.BOTH ^ line[wrong]
    if rng.random() < 0.05:
        line[int(rng.integers(0, n))] = 0
    return blocks, line


@pytest.mark.parametrize("slots", [1, 8, 64])
def test_the_mask_path_answers_as_fcomp_and_shares_the_cell_path_s_cache(slots: int) -> None:
    rng = np.random.default_rng(slots)
    longest = 64
    iwork = np.empty(kernels.work_size(longest, longest), dtype=np.int32)
    pool = [_random_line(rng, int(rng.integers(1, longest + 1))) for _ in range(30)]
    plan = []
    for _ in range(2500):
        unit = int(rng.integers(0, len(pool)))
        blocks, line = pool[unit]
        if rng.random() < 0.3:
            line = line.copy()
            line[int(rng.integers(0, line.shape[0]))] = kernels.BOTH
        plan.append((unit, blocks, line, bool(rng.random() < 0.5)))

    def run(mixed: bool) -> tuple[int, set[int]]:
        ltag = np.zeros(slots, dtype=np.uint64)
        lcache = np.empty((slots, 4), dtype=np.uint64)
        lkey = np.zeros(2, dtype=np.uint64)
        stats = np.zeros(ST_LINES + 1, dtype=np.int64)
        linebuf = np.empty(longest, dtype=np.uint32)
        outbuf = np.empty(longest, dtype=np.uint32)
        statuses = set()
        for unit, blocks, line, on_bits in plan:
            colors = np.ones_like(blocks)
            n = line.shape[0]
            expected = np.empty(n, dtype=np.uint32)
            want = kernels.solve_line(np.int32(kernels.FCOMP), blocks, colors, line.copy(), expected,
                                      np.empty_like(iwork))
            if mixed and on_bits:
                got, ce, cf, ce2, cf2 = cached_bits(unit + 1, blocks, colors, line, 0, 1, n,
                                                    iwork, ltag, lcache, stats)
                assert got == want, (blocks, line)
                assert _cells_of(int(ce), int(cf), n) == line.tolist()
                if want == kernels.CHANGED:
                    assert _cells_of(int(ce2), int(cf2), n) == expected.tolist(), (blocks, line)
            else:
                got = cached_solve(np.int32(kernels.FCOMP), unit + 1, blocks, colors, line, 0, 1, n,
                                   linebuf, outbuf, iwork, ltag, lcache, lkey, stats)
                assert got == want, (blocks, line)
                if want == kernels.CHANGED:
                    assert outbuf[:n].tolist() == expected.tolist(), (blocks, line)
            statuses.add(want)
        return int(stats[kernels.ST_CACHED]), statuses

    hits_cells, statuses = run(False)
    hits_mixed, _ = run(True)
    # the same slot and key on both paths: the same lines are answered from the cache
    assert hits_mixed == hits_cells
    assert hits_cells > {1: 10, 8: 100, 64: 400}[slots], hits_cells
    assert statuses == {kernels.CHANGED, kernels.UNCHANGED, kernels.CONTRADICTION}


def test_a_colour_value_or_a_colour_clue_is_left_to_the_cell_path() -> None:
    line = np.array([3, 3, 5, 3], dtype=np.uint32)  # a colour bit in a cell
    blocks = np.array([2], dtype=np.int32)
    args = (np.empty(16, np.int32), np.zeros(4, np.uint64), np.empty((4, 2), np.uint64),
            np.zeros(ST_LINES + 1, np.int64))
    assert cached_bits(1, blocks, np.ones(1, np.int32), line, 0, 1, 4, *args)[0] == BITS_FALLBACK
    line[2] = 3
    assert cached_bits(1, blocks, np.full(1, 2, np.int32), line, 0, 1, 4, *args)[0] \
        == BITS_FALLBACK
    assert cached_bits(1, blocks, np.ones(1, np.int32), line, 0, 1, 4, *args)[0] \
        == kernels.UNCHANGED


def _board(seed: int, h: int, w: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, list]:
    rng = np.random.default_rng(seed)
    picture = (rng.random((h, w)) < 0.55).astype(int)
    rows = [naive.runs(r) for r in picture.tolist()]
    cols = [naive.runs(c) for c in picture.T.tolist()]
    clues = rows + cols
    off = np.zeros(len(clues) + 1, dtype=np.int32)  # as search.prepare makes it
    for u, c in enumerate(clues):
        off[u + 1] = off[u] + len(c)
    blocks = np.array([b for c in clues for b in c], dtype=np.int32)
    return blocks, off, picture, clues


def _clues_hold(cells: np.ndarray, h: int, w: int, clues: list) -> bool:
    grid = (cells.reshape(h, w) == kernels.FILLED).astype(int)
    return [naive.runs(r) for r in grid.tolist()] + [naive.runs(c) for c in grid.T.tolist()] \
        == clues


def _probes(seed: int, h: int, w: int, path: str) -> tuple[list, list]:
    """Propagate the board, then probe every open cell with each value (three passes, the
    cache filling up), as the probing round does; every probe's outcome and trail. ``path``:
    ``cached`` (fcomp through the line cache, on masks up to 64 cells), ``plain`` (fcomp
    without the cache, on masks up to 128 cells: the line pass's path) or ``cells`` (olsak,
    exact as fcomp is, which no mask path takes: the dispatcher's cell-by-cell path)."""
    cached = path == "cached"
    blocks, off, _, clues = _board(seed, h, w)
    exact = kernels.OLSAK if path == "cells" else kernels.FCOMP
    methods = np.array([kernels.FAST, exact], dtype=np.int32)  # as Stack.method_ids
    complete = np.array([False, True])
    stats = np.zeros(ST_LINES + 2, dtype=np.int64)
    cells = np.full(h * w, kernels.BOTH, dtype=np.uint32)
    st = new_prop(grid_units(h, w), blocks, np.ones_like(blocks), off, methods, complete,
                  np.zeros(h + w), cells, 4 * h * w + 1, stats, np.zeros(1, np.int64))
    st.pending[:] = 0
    out: list = [propagate(st), st.tpos[0]]
    # the cached record solves from fcomp's rank (state.CACHED_FROM_COMPLETE); so does the
    # uncached one here, so that both solve the same lines
    st = with_line_cache(st) if cached else st._replace(floor=np.ones(1, np.int64))
    assert (st.ltag.shape[0] > 0) == cached
    active = np.empty(h + w, dtype=np.int64)
    listed = np.zeros(h + w, dtype=np.bool_)
    finished = 0
    for _ in range(3):
        for idx in range(h * w):
            if st.cells[idx] != kernels.BOTH:
                continue
            for bit in (kernels.EMPTY, kernels.FILLED):
                mark = st.tpos[0]
                settle(st)
                assign(st, idx, np.uint32(bit))
                fuel_cell(st, idx)
                r = _propagate(st.span, st.of_cell, st.blocks, st.colors, st.clue_off,
                               st.methods, st.complete, st.score, st.cells, st.pending,
                               st.fuel, st.trail_idx, st.trail_old, st.tpos, st.linebuf,
                               st.outbuf, st.iwork, st.stats, st.control, st.ltag, st.lcache,
                               st.lkey, st.floor, active, listed)
                assert not listed.any()  # the scratch list is left clean for the next call
                trail = st.trail_idx[mark:st.tpos[0]]
                out.append((idx, bit, r, trail.tolist(), st.cells[trail].tolist()))
                if r == PROP_OK and bool((st.cells != kernels.BOTH).all()):
                    assert _clues_hold(st.cells, h, w, clues), (seed, idx, bit)
                    finished += 1
                undo(st, mark)
    return out, [finished, int(stats[kernels.ST_CACHED])]


@pytest.mark.parametrize("h,w", [(10, 12), (24, 40), (20, 64), (64, 18), (12, 100), (70, 16)])
def test_probes_on_masks_follow_the_cell_path_step_for_step(h: int, w: int) -> None:
    outcomes = set()
    finished = hits = 0
    for seed in range(4):
        masks, (done, cached) = _probes(seed, h, w, "cached")
        plain, _ = _probes(seed, h, w, "plain")
        cells, _ = _probes(seed, h, w, "cells")
        assert masks == cells, seed
        assert plain == cells, seed
        outcomes |= {row[2] for row in masks[2:]}
        finished += done
        hits += cached
    assert hits > 0
    assert PROP_OK in outcomes
    if h * w <= 120:
        assert finished > 0  # small boards: probes that finish the board, checked by its clues
    else:
        assert PROP_CONTRADICTION in outcomes
