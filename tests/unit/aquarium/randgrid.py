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


def count_solutions(tanks: Sequence[Sequence[int]], rows: Sequence[int | None],
                    columns: Sequence[int | None], limit: int = 2) -> int:
    """How many level combinations (up to ``limit``) meet the counts: a depth-first search over
    tanks with two checks only (no line over its count; every line can still reach it)."""
    height, width = len(tanks), len(tanks[0])
    n = 1 + max(max(row) for row in tanks)
    cells: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for r in range(height):
        for c in range(width):
            cells[tanks[r][c]].append((r, c))
    row_left = [0] * height  # cells of tanks not yet placed, by row
    col_left = [0] * width
    for r in range(height):
        for c in range(width):
            row_left[r] += 1
            col_left[c] += 1
    row_water = [0] * height
    col_water = [0] * width
    found = 0

    def fits() -> bool:
        for r in range(height):
            n_r = rows[r]
            if n_r is not None and not row_water[r] <= n_r <= row_water[r] + row_left[r]:
                return False
        for c in range(width):
            n_c = columns[c]
            if n_c is not None and not col_water[c] <= n_c <= col_water[c] + col_left[c]:
                return False
        return True

    def place(t: int) -> None:
        nonlocal found
        if found >= limit:
            return
        if t == n:
            found += 1
            return
        top = min(r for r, _ in cells[t])
        bottom = max(r for r, _ in cells[t])
        for r, c in cells[t]:
            row_left[r] -= 1
            col_left[c] -= 1
        for level in range(top, bottom + 2):
            wet = [(r, c) for r, c in cells[t] if r >= level]
            for r, c in wet:
                row_water[r] += 1
                col_water[c] += 1
            if fits():
                place(t + 1)
            for r, c in wet:
                row_water[r] -= 1
                col_water[c] -= 1
        for r, c in cells[t]:
            row_left[r] += 1
            col_left[c] += 1

    place(0)
    return found
