"""The search's line cache (kernels/propagate.py, kernels/state.py) never changes an answer.

Two levels. The cache itself: every answer it gives for a line equals the linesolver's own,
checked on seeded random lines of 1 to 70 cells (one, two and three packed words) with caches so
small that lines keep overwriting each other's slots (a slot's key must be compared in full).
And the search with the cache: every solution of seeded random 9x9 and 10x10 puzzles, listed
by the engine, equals the independent oracle's (tests/naive_count.py), while the cache answers
a large share of the line solves.
"""

from __future__ import annotations

import numpy as np
import pytest

from nonotui.kinds.nonogram.engine import _kernels as kernels
from nonotui.kinds.nonogram.engine._kernels.propagate import cached_solve
from nonotui.kinds.nonogram.engine._kernels.state import new_line_cache
from nonotui.kinds.nonogram.engine.search import solve
from nonotui.kinds.nonogram.puzzle import Color, Puzzle
from tests import naive_count as naive
from tests.conftest import KERNEL_INTERNALS

# kernels only tests call are compiled here: once, on one worker (tests/conftest.py)
pytestmark = pytest.mark.xdist_group(KERNEL_INTERNALS)

CAP = 400
"""Solutions listed per puzzle; the oracle lists one more to tell "exactly" from "at least"."""


def random_line(rng: np.random.Generator, n: int) -> tuple[np.ndarray, np.ndarray]:
    """A clue from a random picture of ``n`` cells, and a state of the line: some cells of
    that picture (or, now and then, the wrong value) revealed, the rest unknown."""
    picture = rng.random(n) < rng.choice([0.3, 0.5, 0.7])
    blocks = np.array(naive.runs(picture.astype(int).tolist()), dtype=np.int32)
    line = np.full(n, kernels.BOTH, dtype=np.uint32)
    shown = rng.random(n) < rng.choice([0.0, 0.2, 0.5, 0.8])
    line[shown] = np.where(picture[shown], kernels.FILLED, kernels.EMPTY)
    if rng.random() < 0.3:  # a wrong value here and there: lines that no arrangement fits
        wrong = shown & (rng.random(n) < 0.3)
        line[wrong] = kernels.BOTH ^ line[wrong]
    return blocks, line


@pytest.mark.parametrize("slots", [1, 4, 64])
def test_every_answer_of_the_cache_is_the_linesolver_s(slots: int) -> None:
    rng = np.random.default_rng(slots)
    methods = np.array([kernels.FAST, kernels.FCOMP], dtype=np.int32)  # as Stack.method_ids
    longest = 70
    words = (longest + 31) // 32
    ltag = np.zeros(slots, dtype=np.uint64)
    lcache = np.empty((slots, 2 * words), dtype=np.uint64)
    lkey = np.zeros(words, dtype=np.uint64)
    stats = np.zeros(kernels.ST_LINES + 2, dtype=np.int64)
    iwork = np.empty(kernels.work_size(longest, longest), dtype=np.int32)
    linebuf = np.empty(longest, dtype=np.uint32)
    outbuf = np.empty(longest, dtype=np.uint32)
    # a pool of units (a clue each) whose lines are met again and again, as in a search
    pool = [random_line(rng, int(rng.integers(1, longest + 1))) for _ in range(40)]
    statuses = set()
    for _ in range(3000):
        unit = int(rng.integers(0, len(pool)))
        blocks, line = pool[unit]
        if rng.random() < 0.3:  # the same clue, another state of its line
            line = line.copy()
            line[int(rng.integers(0, line.shape[0]))] = kernels.BOTH
        rank = int(rng.integers(0, 2))
        colors = np.ones_like(blocks)
        n = line.shape[0]
        expected = np.empty(n, dtype=np.uint32)
        want = kernels.solve_line(np.int32(methods[rank]), blocks, colors, line.copy(), expected,
                                  np.empty_like(iwork))
        got = cached_solve(methods[rank], unit * 2 + rank + 1, blocks, colors, line, 0, 1, n,
                           linebuf, outbuf, iwork, ltag, lcache, lkey, stats)
        assert got == want, (blocks, line, rank)
        if want == kernels.CHANGED:
            assert outbuf[:n].tolist() == expected.tolist(), (blocks, line, rank)
        statuses.add(want)
    hits = int(stats[kernels.ST_CACHED])
    # the cache was used, and the sample met every status
    assert hits > {1: 10, 4: 50, 64: 300}[slots], hits
    assert statuses == {kernels.CHANGED, kernels.UNCHANGED, kernels.CONTRADICTION}


def test_a_line_on_a_stride_is_read_and_cached_like_a_row() -> None:
    """A column is read with a stride; its answer is the same as the same cells in a row."""
    cells = np.full(5 * 7, kernels.BOTH, dtype=np.uint32)
    cells[2 * 7 + 3] = kernels.FILLED
    blocks = np.array([4], dtype=np.int32)
    ltag = np.zeros(8, dtype=np.uint64)
    lcache = np.empty((8, 2), dtype=np.uint64)
    lkey = np.zeros(1, dtype=np.uint64)
    stats = np.zeros(kernels.ST_LINES + 1, dtype=np.int64)
    iwork = np.empty(kernels.work_size(5, 1), dtype=np.int32)
    outs = []
    for _ in range(2):  # solved, then answered from the cache
        linebuf = np.empty(5, dtype=np.uint32)
        outbuf = np.empty(5, dtype=np.uint32)
        status = cached_solve(np.int32(kernels.FCOMP), 1, blocks, np.ones(1, np.int32), cells, 3, 7, 5,
                              linebuf, outbuf, iwork, ltag, lcache, lkey, stats)
        outs.append((status, outbuf.tolist(), linebuf.tolist()))
    assert outs[0] == outs[1]
    assert outs[0][0] == kernels.CHANGED
    # column 3 of the 7x5 board, whose middle cell is filled
    assert outs[0][2] == [3, 3, 2, 3, 3]
    # a block of 4 in 5 cells: the middle three are filled in both arrangements
    assert outs[0][1] == [3, 2, 2, 2, 3]
    assert int(stats[kernels.ST_CACHED]) == 1


def _random_puzzle(seed: int, size: int) -> tuple[Puzzle, tuple, tuple]:
    picture = (np.random.default_rng(seed).random((size, size)) < 0.5).astype(int).tolist()
    rows, columns = naive.clues_of(picture)
    return Puzzle(rows=rows, columns=columns), rows, columns


@pytest.mark.parametrize("size", [9, 10])
def test_searches_with_the_cache_list_exactly_the_oracle_s_solutions(size: int) -> None:
    lines = cached = 0
    several = 0
    for seed in range(12):
        puzzle, rows, columns = _random_puzzle(seed, size)
        expected = set(naive.solutions(rows, columns, cap=CAP + 1))
        # the depth-first search's cache (`auto` hands a search with guesses to the learning
        # search, whose own cache is tested below)
        result = solve(puzzle, max_solutions=CAP, strategy="wu")
        found = naive.check_solutions(rows, columns, [b.cells.tolist() for b in result.solutions])
        if len(expected) <= CAP:
            assert found == expected, seed
            want = "contradiction" if not expected else "unique" if len(expected) == 1 else "multiple"
            assert result.status == want, seed
        else:
            assert len(found) == CAP and found <= expected, seed
        several += len(expected) > 1
        lines += sum(result.stats.lines.values())
        cached += result.stats.cached_lines
    assert several >= 6, several
    # the enumeration re-solves the same line states often: the cache answers a good share
    # (a fifth: once the cache is on, fcomp alone solves, and fast's cheap repeats, which the
    # cache used to answer, are not made at all; see state.CACHED_FROM_COMPLETE)
    assert cached > 0.2 * lines, (cached, lines)


def test_the_statistics_count_the_cached_solves() -> None:
    puzzle, _, _ = _random_puzzle(4, 20)
    result = solve(puzzle, max_solutions=2)
    data = result.stats.as_dict()
    assert 0 < data["cached_lines"] < data["lines"]
    assert data["cached_lines"] == result.stats.cached_lines


def test_cached_lines_counts_the_learning_searchs_own_cache() -> None:
    # the learning search keeps its own line cache for lines of 65 to 128 cells (shorter ones
    # are solved on their masks every time, cheaper than a lookup); its hits belong in the
    # same field. Rows of 66 cells, one filled cell each in the first five columns: the 120
    # permutation matrices, every one checked against the clues
    puzzle = Puzzle(rows=[[1]] * 5, columns=[[1]] * 5 + [[]] * 61)
    result = solve(puzzle, max_solutions=121, strategy="cdcl")
    assert len(result.solutions) == 120
    grids = [b.cells.tolist() for b in result.solutions]
    assert len(naive.check_solutions([[1]] * 5, [[1]] * 5 + [[]] * 61, grids)) == 120
    assert 0 < result.stats.cached_lines < result.stats.lines["fcomp"]
    # a board of short lines: no lookups, the same solutions
    small = solve(Puzzle(rows=[[1]] * 5, columns=[[1]] * 5), max_solutions=121,
                  strategy="cdcl")
    assert len(small.solutions) == 120 and small.stats.cached_lines == 0


def random_colour_line(rng: np.random.Generator, n: int) -> tuple[np.ndarray, np.ndarray,
                                                                   np.ndarray]:
    """A clue of up to 3 colours from a random picture of ``n`` cells, and a state of its line:
    cells of the picture revealed, others narrowed to a random set of values holding the
    picture's (now and then a wrong one), the rest unknown. A one-colour clue in colour 1 with
    cells of two bits is a black-and-white line, cached two bits a cell, in the same cache."""
    k = int(rng.integers(1, 4))
    picture = np.where(rng.random(n) < rng.choice([0.3, 0.6, 0.9]),
                       rng.integers(1, k + 1, n), 0)
    blocks, colors = [], []
    for i in range(n):
        if picture[i] and (i == 0 or picture[i - 1] != picture[i]):
            blocks.append(0)
            colors.append(int(picture[i]))
        if picture[i]:
            blocks[-1] += 1
    unknown = (1 << (k + 1)) - 1
    line = np.full(n, unknown, dtype=np.uint32)
    truth = (np.uint32(1) << picture.astype(np.uint32)).astype(np.uint32)
    roll = rng.random(n)
    share = rng.choice([0.0, 0.2, 0.5])
    line[roll < share] = truth[roll < share]
    narrowed = (roll >= share) & (roll < share + 0.3)
    line[narrowed] = truth[narrowed] | (rng.integers(0, unknown + 1, n).astype(np.uint32)
                                        & unknown)[narrowed]
    if rng.random() < 0.3:  # a wrong value here and there: lines that no arrangement fits
        wrong = rng.random(n) < 0.1
        line[wrong] = unknown ^ truth[wrong]
    return np.array(blocks, dtype=np.int32), np.array(colors, dtype=np.int32), line


@pytest.mark.parametrize("slots", [1, 4, 64])
def test_every_answer_of_the_colour_cache_is_the_linesolver_s(slots: int) -> None:
    """Colour lines are cached a byte a cell (``_cached_colour``) beside two-bit lines in the
    same cache; every answer equals the linesolver's, and both kinds of line are answered."""
    rng = np.random.default_rng(100 + slots)
    methods = np.array([kernels.FAST, kernels.FCOMP], dtype=np.int32)  # as Stack.method_ids
    longest = 70
    ltag, lcache = new_line_cache(longest, longest, True)
    ltag = np.zeros(slots, dtype=np.uint64)
    lcache = lcache[:slots].copy()
    lkey = np.zeros((longest + 7) // 8, dtype=np.uint64)
    stats = np.zeros(kernels.ST_LINES + 2, dtype=np.int64)
    iwork = np.empty(kernels.work_size(longest, longest), dtype=np.int32)
    linebuf = np.empty(longest, dtype=np.uint32)
    outbuf = np.empty(longest, dtype=np.uint32)
    pool = [random_colour_line(rng, int(rng.integers(1, longest + 1))) for _ in range(40)]
    statuses = set()
    hits = {True: 0, False: 0}
    for _ in range(3000):
        unit = int(rng.integers(0, len(pool)))
        blocks, colors, line = pool[unit]
        if rng.random() < 0.3:  # the same clue, another state of its line
            line = line.copy()
            line[int(rng.integers(0, line.shape[0]))] |= np.uint32(1)
        rank = int(rng.integers(0, 2))
        n = line.shape[0]
        expected = np.empty(n, dtype=np.uint32)
        want = kernels.solve_line(np.int32(methods[rank]), blocks, colors, line.copy(), expected,
                                  np.empty_like(iwork))
        before = int(stats[kernels.ST_CACHED])
        got = cached_solve(methods[rank], unit * 2 + rank + 1, blocks, colors, line, 0, 1, n,
                           linebuf, outbuf, iwork, ltag, lcache, lkey, stats)
        assert got == want, (blocks, colors, line, rank)
        if want == kernels.CHANGED:
            assert outbuf[:n].tolist() == expected.tolist(), (blocks, colors, line, rank)
        statuses.add(want)
        hits[bool(line.max() > 3)] += int(stats[kernels.ST_CACHED]) - before
    assert hits[True] > {1: 5, 4: 30, 64: 200}[slots], hits
    assert hits[False] > 0, hits
    assert statuses == {kernels.CHANGED, kernels.UNCHANGED, kernels.CONTRADICTION}


def test_colour_searches_with_the_cache_list_exactly_the_oracle_s_solutions() -> None:
    rng = np.random.default_rng(7)
    palette = (Color("white", "#ffffff", "."), Color("red", "#ff0000", "r"),
               Color("blue", "#0000ff", "b"), Color("green", "#00ff00", "g"))
    lines = cached = several = 0
    for _ in range(10):
        k = int(rng.integers(2, 4))
        picture = np.where(rng.random((6, 6)) < 0.3, rng.integers(1, k + 1, (6, 6)), 0).tolist()
        rows, columns, row_colors, column_colors = naive.color_clues_of(picture)
        puzzle = Puzzle(rows=rows, columns=columns, colors=palette[:k + 1],
                        row_colors=row_colors, column_colors=column_colors)
        expected = set(naive.solutions(rows, columns, cap=None, row_colors=row_colors,
                                       column_colors=column_colors))
        result = solve(puzzle, max_solutions=len(expected) + 1)
        found = naive.check_solutions(rows, columns, [b.cells.tolist() for b in result.solutions],
                                      row_colors=row_colors, column_colors=column_colors)
        assert found == expected
        assert result.status == ("unique" if len(expected) == 1 else "multiple")
        several += len(expected) > 1
        lines += sum(result.stats.lines.values())
        cached += result.stats.cached_lines
    assert several >= 3, several
    # the enumeration re-solves colour lines often: with colour lines cached the cache answers
    # about three quarters of the solves (without, only lines of two-bit cells: under a third)
    assert cached > 0.5 * lines, (cached, lines)
