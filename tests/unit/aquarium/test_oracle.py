"""The Aquarium oracle (tests/unit/aquarium/oracle.py) held to the rules themselves, so that the
Aquarium tests rest on something proven: on small random puzzles, its solutions are exactly the
water grids, among every grid of the size, in which each tank's water lies flat (a row of a tank
is all water or all air) and fills it from the bottom (under a water cell of a tank, its cells are
water), and every given count holds."""

from __future__ import annotations

import itertools
import random

from nonotui.kinds.aquarium.puzzle import AquariumPuzzle, make_puzzle
from tests.unit.aquarium import oracle
from tests.unit.aquarium.randgrid import random_hint_puzzle


def obeys_the_rules(puzzle: AquariumPuzzle, grid: oracle.Grid) -> bool:
    cells: dict[int, list[tuple[int, int]]] = {}
    for r, row in enumerate(puzzle.tanks):
        for c, t in enumerate(row):
            cells.setdefault(t, []).append((r, c))
    for tank in cells.values():
        for r, c in tank:
            for r2, c2 in tank:
                if r2 == r and grid[r2][c2] != grid[r][c]:
                    return False  # not flat
                if r2 > r and grid[r][c] and not grid[r2][c2]:
                    return False  # air under water
    rows_ok = all(n is None or sum(grid[r]) == n for r, n in enumerate(puzzle.rows))
    return rows_ok and all(n is None or sum(row[c] for row in grid) == n
                           for c, n in enumerate(puzzle.columns))


def every_grid(height: int, width: int) -> list[oracle.Grid]:
    return [tuple(tuple(cells[r * width:(r + 1) * width]) for r in range(height))
            for cells in itertools.product((False, True), repeat=height * width)]


def test_the_oracles_solutions_are_the_grids_that_obey_the_rules() -> None:
    rng = random.Random(34)
    seen = {0: 0, 1: 0, 2: 0}
    for _ in range(300):
        p = random_hint_puzzle(rng, max_side=3, max_tanks=6, holes=0.3)
        grids = every_grid(p.height, p.width)
        want = [g for g in grids if obeys_the_rules(p, g)]
        found = oracle.solutions(p)
        assert len(found) == len(set(found)) and set(found) == set(want), p
        assert oracle.count(p, limit=2) == min(2, len(want))
        seen[min(2, len(want))] += 1
        # marks (1 air, 2 water, 3 free) keep exactly the grids that agree with them
        marks = [[rng.choice((1, 2, 3, 3, 3)) for _ in range(p.width)] for _ in range(p.height)]
        agree = {g for g in want
                 if all(m == 3 or (m == 2) == g[r][c]
                        for r, row in enumerate(marks) for c, m in enumerate(row))}
        assert set(oracle.solutions(p, marks)) == agree, (p, marks)
        seen[min(2, len(agree))] += 1
    assert min(seen.values()) >= 50, seen  # none, one and several solutions, each often


def test_with_no_counts_every_flat_bottom_filled_grid_is_a_solution() -> None:
    free = make_puzzle([None, None], [None, None], ["AB", "AB"])
    assert len(oracle.solutions(free)) == 9 == oracle.combinations(free)  # 3 levels x 3 levels
