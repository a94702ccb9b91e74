"""The Aquarium puzzle: a grid split into tanks, a count of water cells for each row and column.

Water obeys gravity: within a tank the water stands at one level across the whole tank, so a
tank is filled from its lowest row up to some row (possibly empty, possibly full), and a cell is
water exactly when it lies at or below its tank's level (the tank rule of puzzle-aquarium.com and
of puzz.link's ``r`` flag).

Cells of a board hold two values (:mod:`nonotui.model.cells` bitsets): bit 0 is air (``AIR``),
bit 1 is water (``WATER``); an undecided cell holds both.

A tank's *level* is the index of its topmost water row; a tank with no water has level
``bottom + 1`` (one past its lowest row). So a tank's possible levels run from its top row to one
past its bottom row, and cell ``(r, c)`` of tank ``t`` is water exactly when ``r >= level[t]``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

from nonotui.model.kind import identity_of

KIND_NAME = "aquarium"

AIR = 1
"""Bit 0 of a cell: air (no water)."""
WATER = 2
"""Bit 1 of a cell: water."""
UNKNOWN = AIR | WATER

MAX_SIDE = 100
"""The largest width or height nonotui accepts (as for nonograms)."""


class AquariumShapeError(ValueError):
    """A puzzle that is not a valid Aquarium: the message says what (formats add file and line)."""


def tank_at(row: int, column: int) -> str:
    """The one name of a tank, everywhere it is named: by its top-left cell (the leftmost cell
    of its top row), 0-based in, named from 1: ``the tank at row 2, column 3``."""
    return f"the tank at row {row + 1}, column {column + 1}"



@dataclass(frozen=True)
class AquariumPuzzle:
    """One Aquarium puzzle.

    Args:
        rows: The number of water cells of each row, top to bottom; ``None`` where the puzzle
            gives no count (puzz.link lets a row go without one: it constrains nothing).
        columns: The same for each column, left to right.
        tanks: The tank id of each cell, row by row; ids are renumbered in reading order
            (the first cell's tank is 0, the next new tank met is 1, ...) by :func:`make_puzzle`.
        title, author, copyright, license: Metadata as in ``.non`` files.
        goal: The intended solution, ``True`` for water, row by row, if the file carries one.
    """

    rows: tuple[int | None, ...]
    columns: tuple[int | None, ...]
    tanks: tuple[tuple[int, ...], ...]
    title: str | None = None
    author: str | None = None
    copyright: str | None = None
    license: str | None = None
    goal: tuple[tuple[bool, ...], ...] | None = field(default=None, compare=False)

    @property
    def kind_name(self) -> str:
        return KIND_NAME

    @property
    def width(self) -> int:
        return len(self.columns)

    @property
    def height(self) -> int:
        return len(self.rows)

    @cached_property
    def tank_count(self) -> int:
        return 1 + max((t for row in self.tanks for t in row), default=-1)

    @cached_property
    def tank_cells(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """The cells ``(row, column)`` of each tank, in reading order."""
        cells: list[list[tuple[int, int]]] = [[] for _ in range(self.tank_count)]
        for r, row in enumerate(self.tanks):
            for c, t in enumerate(row):
                cells[t].append((r, c))
        return tuple(tuple(group) for group in cells)

    def tank_top(self, tank: int) -> int:
        """The topmost row of ``tank``."""
        return self.tank_cells[tank][0][0]

    def tank_bottom(self, tank: int) -> int:
        """The lowest row of ``tank``."""
        return self.tank_cells[tank][-1][0]

    def identity_document(self) -> dict[str, object]:
        """The canonical document the identity hashes (never change it without migrating saves)."""
        return {
            "kind": KIND_NAME,
            "rows": list(self.rows),
            "columns": list(self.columns),
            "tanks": [list(row) for row in self.tanks],
        }

    @cached_property
    def identity(self) -> str:
        """SHA-256 of the canonical identity document (tank ids in reading order)."""
        return identity_of(self.identity_document())

    def water_at(self, levels: Sequence[int]) -> tuple[tuple[bool, ...], ...]:
        """The water of every cell when each tank stands at ``levels[t]``."""
        return tuple(
            tuple(r >= levels[t] for t in row) for r, row in enumerate(self.tanks)
        )


def renumber(tanks: Sequence[Sequence[object]]) -> tuple[tuple[int, ...], ...]:
    """Tank labels (any hashable per cell) as ids 0, 1, ... in reading order."""
    ids: dict[object, int] = {}
    out: list[tuple[int, ...]] = []
    for row in tanks:
        out.append(tuple(ids.setdefault(label, len(ids)) for label in row))
    return tuple(out)


def shape_problems(rows: Sequence[int | None], columns: Sequence[int | None],
                   tanks: Sequence[Sequence[object]]) -> list[str]:
    """Every reason the given parts are not an Aquarium puzzle, in words (empty when valid).

    Checks the sizes (1..100 a side, one tank label per cell), the counts (0..side), equal sums
    of row and column counts when every count is given, and that each tank's cells are
    orthogonally connected (labels are compared as given, before renumbering).
    """
    problems: list[str] = []
    height, width = len(rows), len(columns)
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        problems.append(f"size {width}x{height} is outside 1x1 to {MAX_SIDE}x{MAX_SIDE}")
        return problems
    if len(tanks) != height or any(len(row) != width for row in tanks):
        problems.append(f"the tanks must be {height} rows of {width} cells")
        return problems
    for name, counts, side in (("row", rows, width), ("column", columns, height)):
        for i, n in enumerate(counts):
            if n is not None and not 0 <= n <= side:
                problems.append(f"{name} {i + 1} asks for {n} water cells but has {side} cells")
    if all(n is not None for n in rows) and all(n is not None for n in columns):
        row_sum = sum(n for n in rows if n is not None)
        column_sum = sum(n for n in columns if n is not None)
        if row_sum != column_sum:
            problems.append(f"the row counts add up to {row_sum} but the column counts to "
                            f"{column_sum}")
    seen: set[tuple[int, int]] = set()
    reported: set[object] = set()
    for r in range(height):
        for c in range(width):
            if (r, c) in seen:
                continue
            label = tanks[r][c]
            stack = [(r, c)]
            seen.add((r, c))
            while stack:
                y, x = stack.pop()
                for ny, nx in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
                    if (0 <= ny < height and 0 <= nx < width and (ny, nx) not in seen
                            and tanks[ny][nx] == label):
                        seen.add((ny, nx))
                        stack.append((ny, nx))
            if label in reported:
                problems.append(f"tank {label!r} is not connected (a second part starts at "
                                f"row {r + 1}, column {c + 1})")
            reported.add(label)
    return problems


def make_puzzle(rows: Sequence[int | None], columns: Sequence[int | None],
                tanks: Sequence[Sequence[object]], *, title: str | None = None,
                author: str | None = None, copyright: str | None = None,
                license: str | None = None,
                goal: Sequence[Sequence[bool]] | None = None) -> AquariumPuzzle:
    """A checked puzzle with tank ids renumbered in reading order.

    Raises:
        AquariumShapeError: the first problem :func:`shape_problems` finds (or a goal that does
            not fit the grid or breaks the tank rule).
    """
    problems = shape_problems(rows, columns, tanks)
    if problems:
        raise AquariumShapeError(problems[0])
    ids = renumber(tanks)
    goal_rows: tuple[tuple[bool, ...], ...] | None = None
    if goal is not None:
        goal_rows = tuple(tuple(bool(v) for v in row) for row in goal)
        if len(goal_rows) != len(rows) or any(len(row) != len(columns) for row in goal_rows):
            raise AquariumShapeError(f"the goal must be {len(rows)} rows of {len(columns)} cells")
    puzzle = AquariumPuzzle(tuple(rows), tuple(columns), ids, title, author, copyright, license,
                            goal_rows)
    if goal_rows is not None:
        levels = levels_of(puzzle, goal_rows)
        for t, cells in enumerate(puzzle.tank_cells):
            level = levels[t]
            for r, c in cells:
                if goal_rows[r][c] != (r >= level):
                    raise AquariumShapeError(
                        f"the goal breaks gravity at row {r + 1}, column {c + 1}: a tank's "
                        "water must stand at one level")
    return puzzle


def levels_of(puzzle: AquariumPuzzle, water: Sequence[Sequence[bool]]) -> list[int]:
    """Each tank's level read from a water grid: its topmost row holding water (``bottom + 1``
    when it holds none). Does not check that the grid obeys gravity."""
    levels = [puzzle.tank_bottom(t) + 1 for t in range(puzzle.tank_count)]
    for t, cells in enumerate(puzzle.tank_cells):
        for r, c in cells:
            if water[r][c]:
                levels[t] = r
                break
    return levels


def counts_problems(puzzle: AquariumPuzzle, water: Sequence[Sequence[bool]]) -> list[str]:
    """How a full water grid misses the counts (empty when every given count is met)."""
    out: list[str] = []
    for r, n in enumerate(puzzle.rows):
        got = sum(1 for v in water[r] if v)
        if n is not None and got != n:
            out.append(f"row {r + 1} has {got} water cells, not {n}")
    for c, n in enumerate(puzzle.columns):
        got = sum(1 for row in water if row[c])
        if n is not None and got != n:
            out.append(f"column {c + 1} has {got} water cells, not {n}")
    return out
