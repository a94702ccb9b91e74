"""Where things go on the grid widget: clue panels, cells and guide lines, in character cells.

The widget is laid out as::

    corner      | column clues (header_height lines, the last one for error marks)
    ------------+--------------------------------------------------------------
    row clues   | cells, with a guide line after every fifth row and column

Grid coordinates (``gx``, ``gy``) count from the top-left cell, guide lines included. Pure
arithmetic, no Textual, so it is tested on its own.
"""

from __future__ import annotations

from dataclasses import dataclass

from nonotui.kinds.nonogram.puzzle import Puzzle

GUIDE_EVERY = 5
"""A guide line follows every fifth row and column."""


def _clue_text(clue: tuple[int, ...]) -> str:
    return " ".join(map(str, clue)) if clue else "0"


@dataclass(frozen=True)
class Geometry:
    """The layout of one puzzle on the grid widget.

    Attributes:
        width: Columns of the puzzle.
        height: Rows of the puzzle.
        cell_width: Characters per cell (2, or 3 when a column clue has a 3-digit number).
        row_texts: Each row's clue as text.
        row_text_width: The widest row clue text.
        column_numbers: Each column's clue numbers as strings (``["0"]`` when empty).
        clue_lines: Lines of column clue numbers (the tallest column clue).
    """

    width: int
    height: int
    cell_width: int
    row_texts: tuple[str, ...]
    row_text_width: int
    column_numbers: tuple[tuple[str, ...], ...]
    clue_lines: int

    @classmethod
    def of(cls, puzzle: Puzzle) -> Geometry:
        """The layout for ``puzzle``."""
        row_texts = tuple(_clue_text(c) for c in puzzle.rows)
        numbers = tuple(tuple(map(str, c)) if c else ("0",) for c in puzzle.columns)
        widest = max(len(n) for col in numbers for n in col)
        return cls(
            width=puzzle.width,
            height=puzzle.height,
            cell_width=max(2, widest + 1),
            row_texts=row_texts,
            row_text_width=max(len(t) for t in row_texts),
            column_numbers=numbers,
            clue_lines=max(len(col) for col in numbers),
        )

    # -- sizes ------------------------------------------------------------------------------

    @property
    def clue_width(self) -> int:
        """Width of the row clue panel: error mark, clue text, one space before the grid."""
        return self.row_text_width + 2

    @property
    def header_height(self) -> int:
        """Height of the column clue panel: the clue lines and one line of error marks."""
        return self.clue_lines + 1

    @property
    def grid_width(self) -> int:
        """Width of the cells and vertical guides."""
        return self.width * self.cell_width + (self.width - 1) // GUIDE_EVERY

    @property
    def grid_height(self) -> int:
        """Height of the cells and horizontal guides."""
        return self.height + (self.height - 1) // GUIDE_EVERY

    @property
    def total_width(self) -> int:
        """Width of the whole widget content."""
        return self.clue_width + self.grid_width

    @property
    def total_height(self) -> int:
        """Height of the whole widget content."""
        return self.header_height + self.grid_height

    # -- positions --------------------------------------------------------------------------

    def cell_x(self, column: int) -> int:
        """Grid x of a column's first character."""
        return column * self.cell_width + column // GUIDE_EVERY

    def row_y(self, row: int) -> int:
        """Grid y of a row."""
        return row + row // GUIDE_EVERY

    def row_at(self, gy: int) -> int | None:
        """The row drawn on grid line ``gy``, or ``None`` on a guide line or outside."""
        if gy < 0 or gy >= self.grid_height:
            return None
        group, offset = divmod(gy, GUIDE_EVERY + 1)
        if offset == GUIDE_EVERY:
            return None
        return group * GUIDE_EVERY + offset

    def column_at(self, gx: int) -> int | None:
        """The column drawn at grid x ``gx``, or ``None`` on a guide line or outside."""
        if gx < 0 or gx >= self.grid_width:
            return None
        span = GUIDE_EVERY * self.cell_width + 1
        group, offset = divmod(gx, span)
        if offset == span - 1:
            return None
        return group * GUIDE_EVERY + offset // self.cell_width

    def nearest_column(self, gx: int) -> int:
        """The column at or just left of ``gx`` (a guide counts for the column before it)."""
        gx = min(max(gx, 0), self.grid_width - 1)
        column = self.column_at(gx)
        return column if column is not None else self.column_at(gx - 1) or 0

    def nearest_row(self, gy: int) -> int:
        """The row at or just above ``gy``."""
        gy = min(max(gy, 0), self.grid_height - 1)
        row = self.row_at(gy)
        return row if row is not None else self.row_at(gy - 1) or 0
