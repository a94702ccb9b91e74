"""The board: what is known of every cell, as a numpy array of cell bitsets.

A board knows nothing of any kind's rules or text: a kind makes its empty board, reads and writes
it as text and says whether it is solved (for nonograms, :mod:`nonotui.kinds.nonogram.puzzle` and
:mod:`nonotui.kinds.nonogram.notation`)."""

from __future__ import annotations

import numpy as np

from nonotui.model.cells import CELL_DTYPE, EMPTY, FILLED, UNKNOWN


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

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and np.array_equal(self.cells, other.cells)

    def __repr__(self) -> str:
        return f"Board({self.width}x{self.height})"


__all__ = ["Board", "EMPTY", "FILLED", "UNKNOWN"]
