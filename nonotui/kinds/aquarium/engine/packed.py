"""An Aquarium puzzle packed for the kernels: :class:`Packed`, made (and cached) by :func:`pack`.

The layout is the kernels' (:mod:`._kernels`): units are the rows with a count, top to bottom,
then the columns with a count, left to right; each unit lists its tanks' groups of cells (the
rows each tank has in it), and each tank the units it is in.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from nonotui.kinds.aquarium.puzzle import AquariumPuzzle


@dataclass(frozen=True)
class Packed:
    """A puzzle packed for the kernels (see :mod:`._kernels` for the layout).

    Units are the rows with a count, top to bottom, then the columns with a count, left to
    right; a missing count makes no unit.
    """

    top: np.ndarray
    bottom: np.ndarray
    counts: np.ndarray
    g_start: np.ndarray
    g_tank: np.ndarray
    r_start: np.ndarray
    rows: np.ndarray
    tu_start: np.ndarray
    tu_units: np.ndarray
    tanks: np.ndarray
    """The tank id of every cell, ``(height, width)``."""
    row_index: np.ndarray
    """The row of every cell, ``(height, width)``."""

    def args(self) -> tuple[np.ndarray, ...]:
        """The unit tables, in the kernels' argument order."""
        return (self.counts, self.g_start, self.g_tank, self.r_start, self.rows, self.tu_start,
                self.tu_units)


@lru_cache(maxsize=16)
def pack(puzzle: AquariumPuzzle) -> Packed:
    """The kernels' tables of ``puzzle`` (cached for the last few puzzles)."""
    h, w, n_tanks = puzzle.height, puzzle.width, puzzle.tank_count
    top = np.array([puzzle.tank_top(t) for t in range(n_tanks)], dtype=np.int64)
    bottom = np.array([puzzle.tank_bottom(t) for t in range(n_tanks)], dtype=np.int64)
    counts: list[int] = []
    g_start = [0]
    g_tank: list[int] = []
    r_start = [0]
    rows: list[int] = []
    tank_units: list[list[int]] = [[] for _ in range(n_tanks)]
    lines: list[tuple[int, list[tuple[int, int]]]] = []
    for r, n in enumerate(puzzle.rows):
        if n is not None:
            lines.append((n, [(r, c) for c in range(w)]))
    for c, n in enumerate(puzzle.columns):
        if n is not None:
            lines.append((n, [(r, c) for r in range(h)]))
    for u, (n, cells) in enumerate(lines):
        counts.append(n)
        groups: dict[int, list[int]] = {}
        for r, c in cells:
            groups.setdefault(puzzle.tanks[r][c], []).append(r)
        for t, group_rows in groups.items():
            g_tank.append(t)
            rows.extend(sorted(group_rows))
            r_start.append(len(rows))
            tank_units[t].append(u)
        g_start.append(len(g_tank))
    tu_start = np.zeros(n_tanks + 1, dtype=np.int64)
    tu_start[1:] = np.cumsum([len(us) for us in tank_units])
    tu_units = np.array([u for us in tank_units for u in us], dtype=np.int64)
    tanks = np.array(puzzle.tanks, dtype=np.int64).reshape(h, w)
    row_index = np.repeat(np.arange(h, dtype=np.int64), w).reshape(h, w)

    def arr(values: list[int]) -> np.ndarray:
        return np.array(values, dtype=np.int64)

    return Packed(top, bottom, arr(counts), arr(g_start), arr(g_tank), arr(r_start), arr(rows),
                  tu_start, tu_units, tanks, row_index)
