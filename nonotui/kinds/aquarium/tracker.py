"""How an Aquarium board stands against its rules, unit by unit, move by move.

Units are numbered as :meth:`AquariumKind.units <nonotui.kinds.aquarium.kind.AquariumKind.units>`
lists them: rows ``0..h-1``, columns ``h..h+w-1``, then tanks ``h+w..``. A row or column is
*broken* when its water cells already exceed its count, or its water and undecided cells together
fall short of it; *done* when every cell is decided and the count is met; *open* otherwise. A row
or column without a count constrains nothing (never broken). A tank is broken when it holds water
above air (gravity: water at row ``r`` means every cell of the tank at row ``r`` or below is
water), done when every cell is decided without such a pair.

The board counts as solved when its water cells (undecided cells taken as air, as a nonogram
takes them as empty) meet every given count and obey gravity in every tank: marking air is
never required.
"""

from __future__ import annotations

from collections.abc import Iterable

from nonotui.kinds.aquarium.puzzle import AIR, WATER, AquariumPuzzle
from nonotui.model.board import Board
from nonotui.model.kind import Cell, UnitGuide, UnitState


def count_state(count: int | None, water: int, unknown: int) -> UnitState:
    """The state of a row or column with ``count`` (``None``: no count) holding ``water`` water
    cells and ``unknown`` undecided ones."""
    if count is not None and (water > count or water + unknown < count):
        return "broken"
    return "open" if unknown else "done"


def count_guide(count: int | None, water: int, unknown: int) -> UnitGuide:
    """A row's or column's margin: dimmed once its water count is reached (the rest of it must
    be air), flagged when the marks cannot meet the count."""
    if count is None:
        return UnitGuide((unknown == 0,), False)
    error = water > count or water + unknown < count
    return UnitGuide((water == count and not error,), error)


def tank_state(puzzle: AquariumPuzzle, board: Board, tank: int) -> UnitState:
    """Broken when water stands above air (or beside it in the same row), done when decided."""
    lowest_air = -1
    highest_water = puzzle.height
    unknown = False
    for r, c in puzzle.tank_cells[tank]:
        value = int(board.cells[r, c])
        if value == AIR:
            lowest_air = max(lowest_air, r)
        elif value == WATER:
            highest_water = min(highest_water, r)
        else:
            unknown = True
    if highest_water <= lowest_air:
        return "broken"
    return "open" if unknown else "done"


def is_solved(puzzle: AquariumPuzzle, board: Board) -> bool:
    """Whether the water cells (undecided ones as air) meet every count and obey gravity."""
    water = board.cells == WATER
    for r, n in enumerate(puzzle.rows):
        if n is not None and int(water[r].sum()) != n:
            return False
    for c, n in enumerate(puzzle.columns):
        if n is not None and int(water[:, c].sum()) != n:
            return False
    for cells in puzzle.tank_cells:
        highest_water = min((r for r, c in cells if water[r, c]), default=puzzle.height)
        if any(r >= highest_water and not water[r, c] for r, c in cells):
            return False
    return True


class AquariumTracker:
    """The state of every row, column and tank of one board (read live)."""

    def __init__(self, puzzle: AquariumPuzzle, board: Board) -> None:
        self.puzzle = puzzle
        self.board = board
        self._h, self._w = puzzle.height, puzzle.width
        self._states: list[UnitState] = ["open"] * (self._h + self._w + puzzle.tank_count)
        self.refresh_all()

    def _line(self, unit: int) -> tuple[int | None, int, int]:
        """``(count, water, unknown)`` of row or column ``unit``."""
        if unit < self._h:
            cells, count = self.board.cells[unit], self.puzzle.rows[unit]
        else:
            cells, count = self.board.cells[:, unit - self._h], self.puzzle.columns[unit - self._h]
        water = int((cells == WATER).sum())
        unknown = int(((cells != WATER) & (cells != AIR)).sum())
        return count, water, unknown

    def _compute(self, unit: int) -> UnitState:
        if unit < self._h + self._w:
            return count_state(*self._line(unit))
        return tank_state(self.puzzle, self.board, unit - self._h - self._w)

    def guide(self, unit: int) -> UnitGuide:
        """The margin guide of a row or column (a tank's: flagged when broken)."""
        if unit < self._h + self._w:
            return count_guide(*self._line(unit))
        return UnitGuide((False,), self._compute(unit) == "broken")

    def refresh_all(self) -> None:
        """Recompute every unit."""
        for unit in range(len(self._states)):
            self._states[unit] = self._compute(unit)

    def update(self, cells: Iterable[Cell]) -> None:
        """Recompute the rows, columns and tanks that hold ``cells``."""
        touched: set[int] = set()
        for r, c in cells:
            touched.update((r, self._h + c, self._h + self._w + self.puzzle.tanks[r][c]))
        for unit in touched:
            self._states[unit] = self._compute(unit)

    def state(self, unit: int) -> UnitState:
        """The state of one unit."""
        return self._states[unit]

    def broken(self) -> list[int]:
        """Every unit whose decided cells break its rule."""
        return [i for i, s in enumerate(self._states) if s == "broken"]

    @property
    def solved(self) -> bool:
        """Whether the board's water meets every count and obeys gravity."""
        return is_solved(self.puzzle, self.board)
