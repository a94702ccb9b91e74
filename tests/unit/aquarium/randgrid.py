"""Seeded random Aquarium puzzles for tests, and a brute-force oracle over all tank levels.

Neither shares code with the engine, the formats or the generator: tanks grow from random seeds
by a plain flood, and the oracle tries every combination of levels.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

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


def brute_solutions(tanks: Sequence[Sequence[int]], rows: Sequence[int | None],
                    columns: Sequence[int | None], limit: int = 10**9
                    ) -> list[list[list[bool]]]:
    """Every water grid with one level per tank (the tank rule) meeting the given counts."""
    height = len(tanks)
    labels = sorted({t for row in tanks for t in row})
    span = {t: [r for r in range(height) if t in tanks[r]] for t in labels}
    options = [range(min(span[t]), max(span[t]) + 2) for t in labels]
    found: list[list[list[bool]]] = []
    for combo in itertools.product(*options):
        level = dict(zip(labels, combo, strict=True))
        water = [[r >= level[t] for t in tanks[r]] for r in range(height)]
        if any(n is not None and sum(water[r]) != n for r, n in enumerate(rows)):
            continue
        if any(n is not None and sum(water[r][c] for r in range(height)) != n
               for c, n in enumerate(columns)):
            continue
        found.append(water)
        if len(found) >= limit:
            break
    return found
