"""Where things go on the grid widget: margin labels, cells and the lines between them, in
character cells.

The widget is laid out as::

    corner      | top margin (header_height lines, the last one for error marks)
    ------------+--------------------------------------------------------------
    left margin | cells, with separators between groups of cells

What stands in the margins comes from the puzzle's kind (:meth:`Kind.margins
<nonotui.model.kind.Kind.margins>`: a nonogram's clues, another kind's counts), what stands
between cells from its borders (:class:`~nonotui.model.kind.Borders`): a thin guide line after
every few rows and columns, or, when the kind has regions, a separator between every two cells
where the walls are drawn. The grid draws the left and top margins.

Grid coordinates (``gx``, ``gy``) count from the top-left cell, separators included. Pure
arithmetic, no Textual, so it is tested on its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from nonotui.model.kind import Borders, Game, Margins, PuzzleLike

Wall = tuple[int, int, Literal["right", "bottom"]]


@dataclass(frozen=True)
class Part:
    """One number of a margin label.

    Attributes:
        text: The number as text.
        unit: The unit whose state and guide style it.
        index: Its place in its label (the guide dims parts by it).
        value: The bit of the cell value it counts (a colour clue's block colour), drawn in
            that value's colour; 0 for none.
    """

    text: str
    unit: int
    index: int
    value: int = 0


def _slots(count: int, margins: Margins, side: str,
           letters: Mapping[int, str] | None) -> tuple[tuple[Part, ...], ...]:
    """Each row's or column's parts; with ``letters``, each coloured number followed by its
    value's character (``2r``), for a screen that cannot tell colours apart."""
    slots: list[list[Part]] = [[] for _ in range(count)]
    for label in margins.labels:
        if label.side == side:
            values = label.values or (0,) * len(label.parts)
            slots[label.index] += [
                Part(t + (letters.get(v, "") if letters and v else ""), label.unit, i, v)
                for i, (t, v) in enumerate(zip(label.parts, values))
            ]
    return tuple(tuple(s) for s in slots)


WIDTHS = (1, 2, 3)
"""The cell widths the zoom key cycles through, in characters."""

WALL_WIDTHS = (2, 3)
"""The cell widths of a kind with walls between cells (:attr:`Borders.walls
<nonotui.model.kind.Borders>`)."""


def stack(part: Part, cell_width: int) -> tuple[tuple[str, Part], ...]:
    """How a top number stands above a ``cell_width`` cell: on one line when narrower than
    the cell, so that a space parts it from the next column's (or one digit in a one-wide cell,
    where the columns' numbers are read downwards), else one digit per line, top to bottom."""
    if len(part.text) < max(cell_width, 2):
        return ((part.text, part),)
    return tuple((digit, part) for digit in part.text)


@dataclass(frozen=True)
class Geometry:
    """The layout of one puzzle on the grid widget.

    Attributes:
        width: Columns of the puzzle.
        height: Rows of the puzzle.
        cell_width: Characters per cell: 1, 2 or 3 (the zoom), or by default the narrowest
            width (at least 2) at which every top number fits on one line.
        row_parts: The numbers in each row's left margin (empty when it has none).
        column_parts: The numbers above each column.
        row_texts: Each row's left margin as text.
        row_text_width: The widest of them.
        column_numbers: The numbers above each column, as strings.
        column_lines: What stands above each column, line by line from the top: each number
            on one line when it is narrower than the cell (or one digit in a one-wide cell),
            else its digits stacked one per line (:func:`stack`).
        stacked: Some number is stacked: numbers are then shaded alternately, so that the
            digits of one read apart from the next one's.
        clue_lines: Lines of numbers above the cells (the most any column has).
        every: A separator after every ``every``-th row and column (1 when walls are drawn),
            or ``None`` for none.
        guide_every: A thin guide line after every ``guide_every``-th row and column.
        walls: Walls between cells, as :attr:`Borders.walls <nonotui.model.kind.Borders>`.
        frame: A frame of walls around the cells (one character on each side, one line above
            and below): a kind with walls draws its regions' outer walls at the board's edges.
    """

    width: int
    height: int
    cell_width: int
    row_parts: tuple[tuple[Part, ...], ...]
    column_parts: tuple[tuple[Part, ...], ...]
    row_texts: tuple[str, ...]
    row_text_width: int
    column_numbers: tuple[tuple[str, ...], ...]
    column_lines: tuple[tuple[tuple[str, Part], ...], ...]
    stacked: bool
    clue_lines: int
    every: int | None
    guide_every: int | None
    walls: frozenset[Wall]
    frame: int = 0

    @classmethod
    def of(cls, game: Game[PuzzleLike], letters: Mapping[int, str] | None = None,
           cell_width: int | None = None) -> Geometry:
        """The layout for ``game``'s puzzle, from its margins and borders; ``letters`` (value
        bit to character) stand beside coloured margin numbers; ``cell_width`` as in
        :meth:`build`."""
        return cls.build(game.puzzle.width, game.puzzle.height, game.margins, game.borders,
                         letters, cell_width)

    @classmethod
    def build(cls, width: int, height: int, margins: Margins, borders: Borders,
              letters: Mapping[int, str] | None = None,
              cell_width: int | None = None) -> Geometry:
        """The layout of a ``width`` x ``height`` board with these margins and borders (and
        ``letters`` beside coloured numbers), ``cell_width`` characters per cell (by default
        the narrowest, at least 2, at which no top number is stacked). A kind with walls is
        drawn at least 2 wide: a wall needs its separator, and one-wide cells between
        separators would hide which side of a wall a cell is on (:data:`WALL_WIDTHS`).

        Raises:
            ValueError: a label in the right or bottom margin (not drawn yet), or a cell width
            other than 1, 2 or 3.
        """
        sides = {label.side for label in margins.labels} - {"left", "top"}
        if sides:
            raise ValueError(f"the grid draws the left and top margins only, not {sides}")
        row_parts = _slots(height, margins, "left", letters)
        column_parts = _slots(width, margins, "top", letters)
        row_texts = tuple(" ".join(p.text for p in parts) for parts in row_parts)
        numbers = tuple(tuple(p.text for p in parts) for parts in column_parts)
        widest = max((len(n) for col in numbers for n in col), default=1)
        walls = frozenset(borders.walls)
        if cell_width is None:
            cell_width = max(2, widest + 1)
        elif cell_width not in (WALL_WIDTHS if walls else WIDTHS):
            raise ValueError(f"a cell is 1, 2 or 3 characters wide (2 or 3 with walls), "
                             f"not {cell_width}")
        lines = tuple(tuple(line for part in parts for line in stack(part, cell_width))
                      for parts in column_parts)
        return cls(
            width=width,
            height=height,
            cell_width=cell_width,
            row_parts=row_parts,
            column_parts=column_parts,
            row_texts=row_texts,
            row_text_width=max((len(t) for t in row_texts), default=0),
            column_numbers=numbers,
            column_lines=lines,
            stacked=any(len(col) != len(parts) for col, parts in zip(lines, column_parts)),
            clue_lines=max((len(col) for col in lines), default=0),
            every=1 if walls else (borders.guide_every or None),
            guide_every=borders.guide_every,
            walls=walls,
            frame=1 if walls else 0,
        )

    # -- sizes ------------------------------------------------------------------------------

    @property
    def clue_width(self) -> int:
        """Width of the left margin: error mark, numbers, one space before the grid."""
        return self.row_text_width + 2

    @property
    def header_height(self) -> int:
        """Height of the top margin: the lines of numbers and one line of error marks."""
        return self.clue_lines + 1

    def _separators(self, count: int) -> int:
        return (count - 1) // self.every if self.every else 0

    @property
    def grid_width(self) -> int:
        """Width of the cells and vertical separators."""
        return self.width * self.cell_width + self._separators(self.width) + 2 * self.frame

    @property
    def grid_height(self) -> int:
        """Height of the cells and horizontal separators."""
        return self.height + self._separators(self.height) + 2 * self.frame

    def shown_width(self, view_width: int, cell_width: int | None = None) -> int:
        """The width the widget needs in a view ``view_width`` wide, at ``cell_width`` (this
        geometry's by default): the row clues as many as are shown (at most half a narrow view,
        as the grid widget pins them) and every column."""
        cell_width = cell_width or self.cell_width
        panel = min(self.clue_width, max(6, view_width // 2))
        return panel + self.width * cell_width + self._separators(self.width) + 2 * self.frame

    def fitting_width(self, view_width: int) -> int:
        """The widest cell width (of :data:`WIDTHS`, or :data:`WALL_WIDTHS` with walls) at
        which every column is shown in a view ``view_width`` wide; the narrowest when none is,
        and the board scrolls sideways."""
        widths = WALL_WIDTHS if self.walls else WIDTHS
        fits = [w for w in widths if self.shown_width(view_width, w) <= view_width]
        return max(fits) if fits else widths[0]

    @property
    def total_width(self) -> int:
        """Width of the whole widget content."""
        return self.clue_width + self.grid_width

    @property
    def total_height(self) -> int:
        """Height of the whole widget content."""
        return self.header_height + self.grid_height

    # -- positions --------------------------------------------------------------------------

    def separated(self, index: int) -> bool:
        """Whether a separator stands just before row or column ``index``."""
        return self.every is not None and index > 0 and index % self.every == 0

    def cell_x(self, column: int) -> int:
        """Grid x of a column's first character."""
        return self.frame + column * self.cell_width + (column // self.every if self.every else 0)

    def row_y(self, row: int) -> int:
        """Grid y of a row."""
        return self.frame + row + (row // self.every if self.every else 0)

    def row_at(self, gy: int) -> int | None:
        """The row drawn on grid line ``gy``, or ``None`` on a separator or outside."""
        gy -= self.frame
        if gy < 0 or gy >= self.grid_height - 2 * self.frame:
            return None
        if not self.every:
            return gy
        group, offset = divmod(gy, self.every + 1)
        if offset == self.every:
            return None
        return group * self.every + offset

    def column_at(self, gx: int) -> int | None:
        """The column drawn at grid x ``gx``, or ``None`` on a separator or outside."""
        gx -= self.frame
        if gx < 0 or gx >= self.grid_width - 2 * self.frame:
            return None
        if not self.every:
            return gx // self.cell_width
        span = self.every * self.cell_width + 1
        group, offset = divmod(gx, span)
        if offset == span - 1:
            return None
        return group * self.every + offset // self.cell_width

    def nearest_column(self, gx: int) -> int:
        """The column at or just left of ``gx`` (a separator counts for the column before it)."""
        gx = min(max(gx, self.frame), self.grid_width - 1 - self.frame)
        column = self.column_at(gx)
        return column if column is not None else self.column_at(gx - 1) or 0

    def nearest_row(self, gy: int) -> int:
        """The row at or just above ``gy``."""
        gy = min(max(gy, self.frame), self.grid_height - 1 - self.frame)
        row = self.row_at(gy)
        return row if row is not None else self.row_at(gy - 1) or 0
