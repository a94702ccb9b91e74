"""The kernels that call the linesolvers take colour lines: line_steps' propagation reaches the
same fixpoint as the brute-force colour oracle applied line by line, and the hint probes' table
(two bits a cell) declines colour boards instead of cutting their bits off."""

from __future__ import annotations

import numpy as np
import pytest

from nonotui.kinds.nonogram.engine import _kernels as kernels
from nonotui.kinds.nonogram.engine._kernels import line_steps, probe_memo
from tests import oracle

Clue = tuple[tuple[int, ...], tuple[int, ...]]
"""A clue here: its block lengths and their colours (:func:`tests.oracle.color_runs`)."""


def board(seed: int, h: int, w: int, colours: int):
    rng = np.random.default_rng(seed)
    picture = np.where(rng.random((h, w)) < 0.35, 0, rng.integers(1, colours + 1, (h, w)))
    clues = [oracle.color_runs([int(v) for v in line]) for line in [*picture, *picture.T]]
    blocks = np.array([b for c, _ in clues for b in c], dtype=np.int32)
    colors = np.array([k for _, c in clues for k in c], dtype=np.int32)
    clue_off = np.zeros(len(clues) + 1, dtype=np.int32)  # as search.prepare makes it
    clue_off[1:] = np.cumsum([len(b) for b, _ in clues])
    return picture, clues, blocks, colors, clue_off


def oracle_fixpoint(h: int, w: int, clues: list[Clue], full: int) -> np.ndarray:
    grid = np.full((h, w), full, dtype=np.uint32)
    changed = True
    while changed:
        changed = False
        for i in range(h + w):
            cells = grid[i] if i < h else grid[:, i - h]
            blocks, colors = clues[i]
            new = oracle.solve(blocks, [int(v) for v in cells], colors)
            assert new is not None
            if list(cells) != new:
                changed = True
                cells[:] = new
    return grid


@pytest.mark.parametrize("seed", range(6))
def test_line_steps_propagates_colour_boards_to_the_oracles_fixpoint(seed):
    h, w, colours = 5, 6, 2 + seed % 2
    picture, clues, blocks, colors, clue_off = board(seed, h, w, colours)
    full = (1 << (colours + 1)) - 1
    cells = np.full(h * w, full, dtype=np.uint32)
    methods = np.array([kernels.FAST, kernels.FCOMP], dtype=np.int32)
    complete = np.array([False, True])
    score = np.zeros(h + w)
    n = h * w * colours  # a colour cell may change once per value it loses but the last
    step_line, step_rank, step_end = (np.zeros(n, np.int64) for _ in range(3))
    step_cell = np.zeros(n, np.int64)
    step_value = np.zeros(n, np.uint32)
    solves = np.zeros(2, np.int64)
    start = cells.copy()
    status, steps = line_steps.propagate_steps(
        h, w, blocks, colors, clue_off, methods, complete, score, cells, step_line, step_rank,
        step_end, step_cell, step_value, solves)
    assert status == line_steps.DONE and steps > 0
    replay = start.copy()
    replay[step_cell[: step_end[steps - 1]]] = step_value[: step_end[steps - 1]]
    assert np.array_equal(replay, cells)  # the recorded steps lead to the board
    small = (np.zeros(1, np.int64) for _ in range(4))
    again = start.copy()
    assert line_steps.propagate_steps(
        h, w, blocks, colors, clue_off, methods, complete, score, again, *small,
        np.zeros(1, np.uint32), solves)[0] == line_steps.FULL
    want = oracle_fixpoint(h, w, clues, full)
    assert np.array_equal(cells.reshape(h, w), want)
    assert ((cells.reshape(h, w) >> picture) & 1).all()  # the picture is still possible


def test_the_probe_table_declines_colour_boards():
    h, w = 3, 3
    _, _, blocks, colors, clue_off = board(1, h, w, 2)
    n = h * w
    cells = np.full(n, 7, dtype=np.uint32)
    sizes = np.zeros((n, 2), np.int64)
    memo = np.zeros((1 << 10, 4), np.uint64)
    got = probe_memo.probe_cached(
        h, w, blocks, colors, clue_off, cells, True, sizes, np.full(n, 3, np.uint32),
        np.zeros((n, 2), np.int8), np.zeros((n, 2), np.int64),
        np.zeros((n, 2, 1), np.uint64), np.zeros((n, 2, 0), np.int16),
        np.zeros((0, 2, n), np.uint8), memo, np.zeros(1, np.int64), np.zeros(2, np.int64))
    assert got == -1 and not sizes.any() and not memo.any()
