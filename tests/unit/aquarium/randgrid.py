"""Seeded random Aquarium puzzles for tests (their solutions: tests/unit/aquarium/oracle.py).

Nothing here shares code with the engine, the formats or the generator: tanks grow from random
seeds by a plain flood. :func:`random_puzzle` for the format tests,
:func:`random_hint_puzzle` (tanks grown one neighbour at a time, counts now and then left out or
wrong) for the hint and rating tests.
"""

from __future__ import annotations

import random

from nonotui.kinds.aquarium.puzzle import AquariumPuzzle, make_puzzle


def random_tanks(rng: random.Random, width: int, height: int, tanks: int) -> list[list[int]]:
    """``tanks`` (at most) connected regions grown from random seed cells."""
    cells = [(r, c) for r in range(height) for c in range(width)]
    seeds = rng.sample(cells, min(tanks, len(cells)))
    grid = [[-1] * width for _ in range(height)]
    frontier: list[tuple[int, int, int]] = []
    for t, (r, c) in enumerate(seeds):
        grid[r][c] = t
        frontier.append((r, c, t))
    while frontier:
        r, c, t = frontier.pop(rng.randrange(len(frontier)))
        for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= nr < height and 0 <= nc < width and grid[nr][nc] < 0:
                grid[nr][nc] = t
                frontier.append((nr, nc, t))
    return grid


def random_puzzle(rng: random.Random, width: int, height: int, tanks: int,
                  hide: float = 0.0) -> AquariumPuzzle:
    """Random tanks at random levels, counts derived; each count hidden with chance ``hide``."""
    grid = random_tanks(rng, width, height, tanks)
    top: dict[int, int] = {}
    bottom: dict[int, int] = {}
    for r, row in enumerate(grid):
        for t in row:
            top.setdefault(t, r)
            bottom[t] = r
    level = {t: rng.randint(top[t], bottom[t] + 1) for t in top}
    water = [[r >= level[t] for t in row] for r, row in enumerate(grid)]
    rows: list[int | None] = [sum(row) for row in water]
    columns: list[int | None] = [sum(water[r][c] for r in range(height)) for c in range(width)]
    rows = [None if rng.random() < hide else n for n in rows]
    columns = [None if rng.random() < hide else n for n in columns]
    return make_puzzle(rows, columns, grid)


def _hint_tanks(rng: random.Random, h: int, w: int, max_tanks: int) -> list[list[int]]:
    """Random connected tanks grown from random seeds, one neighbour at a time."""
    k = rng.randint(1, min(max_tanks, h * w))
    cells = [(r, c) for r in range(h) for c in range(w)]
    seeds = rng.sample(cells, k)
    label = [[-1] * w for _ in range(h)]
    frontier = []
    for i, (r, c) in enumerate(seeds):
        label[r][c] = i
        frontier.append((r, c))
    while frontier:
        r, c = frontier.pop(rng.randrange(len(frontier)))
        nbrs = [(r + dr, c + dc) for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                if 0 <= r + dr < h and 0 <= c + dc < w and label[r + dr][c + dc] < 0]
        if nbrs:
            nr, nc = rng.choice(nbrs)
            label[nr][nc] = label[r][c]
            frontier.append((nr, nc))
            frontier.append((r, c))
    return label


def random_hint_puzzle(rng: random.Random, max_side: int = 5, max_tanks: int = 9,
                  holes: float = 0.1, side: int | None = None) -> AquariumPuzzle:
    """The hint and rating tests' puzzles: random tanks and levels, counts derived; now and then
    a count left out or changed (``side``: a square of that side, else random sides up to
    ``max_side``)."""
    h, w = (side, side) if side else (rng.randint(1, max_side), rng.randint(1, max_side))
    tanks = _hint_tanks(rng, h, w, max_tanks)
    ids = sorted({t for row in tanks for t in row})
    levels = {}
    for t in ids:
        rows = [r for r in range(h) if t in tanks[r]]
        levels[t] = rng.randint(min(rows), max(rows) + 1)
    grid = [[r >= levels[t] for t in row] for r, row in enumerate(tanks)]
    rows: list[int | None] = [sum(row) for row in grid]
    cols: list[int | None] = [sum(row[c] for row in grid) for c in range(w)]
    for counts in (rows, cols):
        for i in range(len(counts)):
            if rng.random() < holes:
                counts[i] = None
    if rng.random() < 0.05:  # counts that may have no solution (sums kept equal or not)
        i = rng.randrange(h)
        rows[i] = rng.randint(0, w)
        rows_sum = sum(n for n in rows if n is not None)
        if all(n is not None for n in rows + cols) and rows_sum != sum(
                n for n in cols if n is not None):
            cols = [None] + cols[1:]
    return make_puzzle(rows, cols, tanks)
