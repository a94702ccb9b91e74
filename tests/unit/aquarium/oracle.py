"""The Aquarium oracle: every water grid that obeys the tank rule and the given counts, found by
trying every level of every tank. It shares nothing with the engine, the hints or the formats:
it reads the puzzle's tank grid and counts and nothing else.

Tanks are taken in turn, each at every level from its top row to one past its bottom row (no
water); a row or a column is water from its tank's level down. A partial choice is dropped as
soon as a row or column the last tank crosses has more water than its count, or could no longer
reach its count with the cells of the tanks still to place; that loses no solution, and once
every tank has its level nothing is left to place, so every count holds exactly. Grids are
tuples of rows of booleans (``True`` water). ``tests/unit/aquarium/test_oracle.py`` holds it to
every grid of small sizes that obeys the rules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from nonotui.kinds.aquarium.puzzle import AquariumPuzzle

Grid = tuple[tuple[bool, ...], ...]

LIMIT = 300_000
"""The most level combinations the sweeps of random puzzles give the oracle (it has no limit of
its own, but the sweeps keep their puzzles small)."""


def _tank_cells(puzzle: AquariumPuzzle) -> dict[int, list[tuple[int, int]]]:
    """Each tank's cells, by the tank's number in the puzzle's grid, tanks in number order."""
    cells: dict[int, list[tuple[int, int]]] = {}
    for r, row in enumerate(puzzle.tanks):
        for c, t in enumerate(row):
            cells.setdefault(t, []).append((r, c))
    return {t: cells[t] for t in sorted(cells)}


def combinations(puzzle: AquariumPuzzle) -> int:
    """How many level combinations the puzzle has: each tank's rows, plus one (no water)."""
    out = 1
    for cells in _tank_cells(puzzle).values():
        rows = {r for r, _ in cells}
        out *= max(rows) - min(rows) + 2
    return out


def solutions(puzzle: AquariumPuzzle, marks: Sequence[Sequence[int]] | None = None,
              limit: int | None = None) -> list[Grid]:
    """Every water grid that meets the counts and the marks (cells of ``1`` air, ``2`` water,
    anything else free), at most ``limit`` of them, in a fixed order."""
    height, width = len(puzzle.tanks), len(puzzle.tanks[0])
    numbers = _tank_cells(puzzle)
    tanks = list(numbers.values())
    index = {t: i for i, t in enumerate(numbers)}
    # the rows and columns each tank crosses, rows first (0..height-1), columns after
    crossed = [sorted({r for r, _ in cells} | {height + c for _, c in cells}) for cells in tanks]
    counts = list(puzzle.rows) + list(puzzle.columns)
    water = [0] * (height + width)  # by row and column: water placed so far
    left = [0] * (height + width)  # cells of the tanks not placed yet
    for cells in tanks:
        for r, c in cells:
            left[r] += 1
            left[height + c] += 1
    level = [0] * len(tanks)
    found: list[Grid] = []

    def allowed(t: int, at: int) -> bool:
        """Whether tank ``t`` at level ``at`` keeps the marks on its cells."""
        if marks is None:
            return True
        return all(marks[r][c] != (1 if r >= at else 2) for r, c in tanks[t])

    def place(t: int) -> None:
        if limit is not None and len(found) >= limit:
            return
        if t == len(tanks):
            found.append(tuple(tuple(r >= level[index[n]] for n in row)
                               for r, row in enumerate(puzzle.tanks)))
            return
        rows = [r for r, _ in tanks[t]]
        for r, c in tanks[t]:
            left[r] -= 1
            left[height + c] -= 1
        for at in range(min(rows), max(rows) + 2):
            if not allowed(t, at):
                continue
            wet = [(r, c) for r, c in tanks[t] if r >= at]
            for r, c in wet:
                water[r] += 1
                water[height + c] += 1
            if all(counts[i] is None or water[i] <= counts[i] <= water[i] + left[i]
                   for i in crossed[t]):
                level[t] = at
                place(t + 1)
            for r, c in wet:
                water[r] -= 1
                water[height + c] -= 1
        for r, c in tanks[t]:
            left[r] += 1
            left[height + c] += 1

    place(0)
    return found


def count(puzzle: AquariumPuzzle, marks: Sequence[Sequence[int]] | None = None,
          limit: int | None = None) -> int:
    """How many grids :func:`solutions` has, counting no further than ``limit``."""
    return len(solutions(puzzle, marks, limit))


def consistent(grids: list[Grid], marks: Mapping[tuple[int, int], bool]) -> list[Grid]:
    """The grids that keep every mark (``True`` water, ``False`` air)."""
    return [g for g in grids if all(g[r][c] == v for (r, c), v in marks.items())]
