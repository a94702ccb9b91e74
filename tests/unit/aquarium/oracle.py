"""A brute-force Aquarium oracle that shares nothing with the engine: it lists every combination
of tank levels (``itertools.product`` over each tank's rows, top to one past the bottom), makes
the water grid of each with numpy and keeps those whose row and column sums equal the given
counts. No propagation, no bounds, no search order."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import numpy as np

from nonotui.kinds.aquarium.puzzle import AquariumPuzzle

LIMIT = 300_000
"""The most level combinations the oracle will list."""


def combinations(puzzle: AquariumPuzzle) -> int:
    """How many level combinations the puzzle has."""
    out = 1
    for t in range(puzzle.tank_count):
        out *= puzzle.tank_bottom(t) + 2 - puzzle.tank_top(t)
    return out


def solutions(puzzle: AquariumPuzzle,
              marks: Sequence[Sequence[int]] | None = None) -> set[tuple[tuple[bool, ...], ...]]:
    """Every water grid that obeys the counts (and the marks: 1 air, 2 water, else free)."""
    count = combinations(puzzle)
    assert count <= LIMIT, f"{count} combinations are too many for the oracle"
    h, w = puzzle.height, puzzle.width
    tanks = np.array(puzzle.tanks).reshape(-1)
    row_of = np.repeat(np.arange(h), w)
    ranges = [range(puzzle.tank_top(t), puzzle.tank_bottom(t) + 2)
              for t in range(puzzle.tank_count)]
    levels = np.array(list(itertools.product(*ranges)), dtype=np.int64).reshape(count, -1)
    water = row_of[None, :] >= levels[:, tanks]  # (combinations, cells)
    ok = np.ones(count, dtype=bool)
    grid = water.reshape(count, h, w)
    for r, n in enumerate(puzzle.rows):
        if n is not None:
            ok &= grid[:, r, :].sum(axis=1) == n
    for c, n in enumerate(puzzle.columns):
        if n is not None:
            ok &= grid[:, :, c].sum(axis=1) == n
    if marks is not None:
        flat = np.array(marks).reshape(-1)
        ok &= np.all(~water[:, flat == 1], axis=1)
        ok &= np.all(water[:, flat == 2], axis=1)
    return {tuple(tuple(bool(v) for v in row) for row in g) for g in grid[ok]}
