"""A brute-force Aquarium oracle for the hint tests, sharing nothing with the hints' logic:
every combination of tank levels is tried, and a grid counts when every given row and column
count holds. Plain Python, for puzzles of a few tanks only. Also seeded random puzzles."""

from __future__ import annotations

import random

from nonotui.kinds.aquarium.puzzle import AquariumPuzzle, make_puzzle

Grid = tuple[tuple[bool, ...], ...]


def all_solutions(puzzle: AquariumPuzzle) -> list[Grid]:
    """Every water grid that obeys the tank rule and meets every given count: each tank's
    levels tried in turn (tanks ordered by their lowest row), a row's count checked as soon as
    every tank crossing it has a level, the columns at the end."""
    h = puzzle.height
    tops: dict[int, int] = {}
    bottoms: dict[int, int] = {}
    for r, row in enumerate(puzzle.tanks):
        for t in row:
            tops.setdefault(t, r)
            bottoms[t] = r
    order = sorted(tops, key=lambda t: (bottoms[t], t))
    # the rows whose every tank is set once order[:k + 1] are
    done_after: list[list[int]] = [[] for _ in order]
    for r in range(h):
        last = max(order.index(t) for t in set(puzzle.tanks[r]))
        done_after[last].append(r)
    levels: dict[int, int] = {}
    out: list[Grid] = []

    def grid() -> Grid:
        return tuple(tuple(r >= levels[t] for t in row) for r, row in enumerate(puzzle.tanks))

    def go(k: int) -> None:
        if k == len(order):
            g = grid()
            if all(want is None or sum(row[c] for row in g) == want
                   for c, want in enumerate(puzzle.columns)):
                out.append(g)
            return
        t = order[k]
        for level in range(tops[t], bottoms[t] + 2):
            levels[t] = level
            if all(puzzle.rows[r] is None or sum(r >= levels[x] for x in puzzle.tanks[r])
                   == puzzle.rows[r] for r in done_after[k]):
                go(k + 1)
        del levels[t]

    go(0)
    return out


def consistent(solutions: list[Grid], marks: dict[tuple[int, int], bool]) -> list[Grid]:
    """The solutions that keep every mark (``True`` water, ``False`` air)."""
    return [g for g in solutions if all(g[r][c] == v for (r, c), v in marks.items())]


def random_tanks(rng: random.Random, h: int, w: int, max_tanks: int) -> list[list[int]]:
    """Random connected tanks grown from random seeds."""
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


def random_puzzle(rng: random.Random, max_side: int = 5, max_tanks: int = 9,
                  holes: float = 0.1, side: int | None = None) -> AquariumPuzzle:
    """Random tanks and levels, counts derived; now and then a count left out or changed
    (``side``: a square of that side, else random sides up to ``max_side``)."""
    h, w = (side, side) if side else (rng.randint(1, max_side), rng.randint(1, max_side))
    tanks = random_tanks(rng, h, w, max_tanks)
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
