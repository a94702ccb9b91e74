"""The board: what is known of every cell, as a numpy array of cell bitsets."""

from __future__ import annotations

import numpy as np

from nonotui.model.cells import CELL_DTYPE, EMPTY, FILLED, UNKNOWN, unknown_for
from nonotui.model.notation import format_board, parse_board
from nonotui.model.puzzle import Puzzle, clue_of


class Board:
    """The cell states of one puzzle's grid, ``cells[row, column]``.

    The board owns its array; :meth:`copy` is how a worker gets one of its own.
    """

    __slots__ = ("cells",)

    def __init__(self, cells: np.ndarray) -> None:
        if cells.ndim != 2:
            raise ValueError("a board is two-dimensional")
        self.cells = np.ascontiguousarray(cells, dtype=CELL_DTYPE)

    @classmethod
    def full(cls, height: int, width: int, value: int) -> Board:
        """A board of that size with every cell ``value`` (an undecided cell of any kind)."""
        return cls(np.full((height, width), value, dtype=CELL_DTYPE))

    @classmethod
    def empty(cls, puzzle: Puzzle) -> Board:
        """A board of ``puzzle``'s size with every cell unknown."""
        value = unknown_for(puzzle.n_colors)
        return cls(np.full((puzzle.height, puzzle.width), value, dtype=CELL_DTYPE))

    @classmethod
    def from_text(cls, text: str, puzzle: Puzzle | None = None) -> Board:
        """Read a board in the text notation; with ``puzzle``, its size is checked too.

        Raises:
            NotationError: a bad character, ragged rows or the wrong size, with the line.
        """
        if puzzle is None:
            return cls(parse_board(text))
        return cls(parse_board(text, width=puzzle.width, height=puzzle.height))

    def to_text(self) -> str:
        """The board in the text notation, one row per line."""
        return format_board(self.cells)

    @property
    def height(self) -> int:
        """The number of rows."""
        return int(self.cells.shape[0])

    @property
    def width(self) -> int:
        """The number of columns."""
        return int(self.cells.shape[1])

    def copy(self) -> Board:
        """An independent copy."""
        return Board(self.cells.copy())

    def is_complete(self) -> bool:
        """Whether every cell holds exactly one value."""
        c = self.cells
        return bool(np.all((c != 0) & ((c & (c - 1)) == 0)))

    def decided_share(self) -> float:
        """The share of cells that hold exactly one value, from 0.0 to 1.0."""
        c = self.cells
        return float(np.mean((c != 0) & ((c & (c - 1)) == 0)))

    def picture(self) -> list[list[int]]:
        """Colour indices per cell (0 background); only for a complete board."""
        if not self.is_complete():
            raise ValueError("the board still has undecided cells")
        # a single set bit k stands for colour k; bit_length - 1 recovers k
        return [[int(v).bit_length() - 1 for v in row] for row in self.cells]

    def solves(self, puzzle: Puzzle) -> bool:
        """Whether the board is complete and every line matches its clue (any solution counts)."""
        if (self.height, self.width) != (puzzle.height, puzzle.width) or not self.is_complete():
            return False
        pic = self.picture()
        for r in range(puzzle.height):
            if clue_of(pic[r]) != (puzzle.rows[r], puzzle.row_clue_colors(r)):
                return False
        for c in range(puzzle.width):
            column = [pic[r][c] for r in range(puzzle.height)]
            if clue_of(column) != (puzzle.columns[c], puzzle.column_clue_colors(c)):
                return False
        return True

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and np.array_equal(self.cells, other.cells)

    def __repr__(self) -> str:
        return f"Board({self.width}x{self.height})"


__all__ = ["Board", "EMPTY", "FILLED", "UNKNOWN"]
