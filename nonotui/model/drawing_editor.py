"""Drawing a picture for the maker: the cursor, the colour in hand, mirror drawing, lines and
rectangles, resizing, and an undo history of whole moves. No Textual: the Make screen turns keys
and the mouse into these calls and draws :attr:`DrawingEditor.drawing`.

A move is a list of ``(row, column, before, after)`` colour indices; undo puts ``before`` back.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Literal

from nonotui.model.vocab import Cell, CellValueChange, Drawing, PaletteColor

Mirror = Literal["none", "left-right", "top-bottom", "both", "rotate"]
MIRRORS: tuple[Mirror, ...] = ("none", "left-right", "top-bottom", "both", "rotate")
"""The mirror modes in the order the mirror key cycles them."""

MIN_SIZE, MAX_SIZE = 2, 99
"""The sizes a drawing may be resized to, each way."""

Move = list[tuple[int, int, int, int]]

_SIZE = re.compile(r"^\s*(\d+)\s*[xX]\s*(\d+)\s*$")


def size_of(text: str) -> tuple[int, int] | None:
    """``WxH`` as ``(width, height)``, or ``None`` when ``text`` is not a size (the Make
    screen's size dialog and ``nonotui make`` read sizes with it).

    Raises:
        ValueError: a size out of :data:`MIN_SIZE` to :data:`MAX_SIZE`.
    """
    match = _SIZE.match(text)
    if match is None:
        return None
    w, h = int(match[1]), int(match[2])
    if not (MIN_SIZE <= w <= MAX_SIZE and MIN_SIZE <= h <= MAX_SIZE):
        raise ValueError(f"{w}x{h}: a drawing is {MIN_SIZE} to {MAX_SIZE} cells each way")
    return w, h


def mirrored(cell: Cell, width: int, height: int, mirror: Mirror) -> list[Cell]:
    """``cell`` and its mirror images under ``mirror``, each once."""
    r, c = cell
    out = [(r, c)]
    if mirror in ("left-right", "both"):
        out.append((r, width - 1 - c))
    if mirror in ("top-bottom", "both"):
        out.append((height - 1 - r, c))
    if mirror == "both":
        out.append((height - 1 - r, width - 1 - c))
    if mirror == "rotate":
        out.append((height - 1 - r, width - 1 - c))
    return list(dict.fromkeys(out))


def line_cells(a: Cell, b: Cell) -> list[Cell]:
    """The cells of the straight line from ``a`` to ``b`` (Bresenham's), both ends included."""
    (r0, c0), (r1, c1) = a, b
    dr, dc = abs(r1 - r0), -abs(c1 - c0)
    sr, sc = (1 if r1 >= r0 else -1), (1 if c1 >= c0 else -1)
    err = dr + dc
    out = []
    while True:
        out.append((r0, c0))
        if (r0, c0) == (r1, c1):
            return out
        e2 = 2 * err
        if e2 >= dc:
            err += dc
            r0 += sr
        if e2 <= dr:
            err += dr
            c0 += sc


def rectangle_cells(a: Cell, b: Cell, filled: bool) -> list[Cell]:
    """The cells of the rectangle with corners ``a`` and ``b``: its outline, or all of it."""
    top, bottom = sorted((a[0], b[0]))
    left, right = sorted((a[1], b[1]))
    return [(r, c) for r in range(top, bottom + 1) for c in range(left, right + 1)
            if filled or r in (top, bottom) or c in (left, right)]


class DrawingEditor:
    """One drawing being edited."""

    def __init__(self, drawing: Drawing) -> None:
        self.drawing = drawing
        self.cursor: Cell = (0, 0)
        self.color = 1
        """The colour index the fill key and the left button draw."""
        self.mirror: Mirror = "none"
        self.anchor: Cell | None = None
        """Where a line or rectangle starts (set with the anchor key)."""
        self.done: list[Move] = []
        self.undone: list[Move] = []
        self.edits = 0
        """Changes made, undone and redone so far."""
        self.saved_at = 0
        """:attr:`edits` when the drawing was last saved (or opened)."""
        self._stroke: Move | None = None
        self._stroke_color = 0

    # -- what it is -----------------------------------------------------------------------------

    @property
    def width(self) -> int:
        return self.drawing.width

    @property
    def height(self) -> int:
        return self.drawing.height

    @property
    def palette(self) -> tuple[PaletteColor, ...]:
        return self.drawing.palette

    @property
    def unsaved(self) -> bool:
        """Whether it changed since it was opened or saved."""
        return self.edits != self.saved_at

    def mark_saved(self) -> None:
        self.saved_at = self.edits

    def at(self, cell: Cell) -> int:
        return self.drawing.picture[cell[0]][cell[1]]

    # -- moving -------------------------------------------------------------------------------

    def move(self, drow: int, dcol: int, count: int = 1) -> Cell:
        r, c = self.cursor
        self.cursor = (min(max(r + drow * count, 0), self.height - 1),
                       min(max(c + dcol * count, 0), self.width - 1))
        return self.cursor

    def go_to(self, row: int, column: int) -> None:
        self.cursor = (min(max(row, 0), self.height - 1), min(max(column, 0), self.width - 1))

    def choose_color(self, index: int) -> bool:
        """Draw with colour ``index`` (1 and up); ``False`` when the palette has no such colour."""
        if not 1 <= index < len(self.palette):
            return False
        self.color = index
        return True

    def cycle_mirror(self) -> Mirror:
        self.mirror = MIRRORS[(MIRRORS.index(self.mirror) + 1) % len(MIRRORS)]
        return self.mirror

    # -- changing -----------------------------------------------------------------------------

    def _set(self, cells: Iterable[Cell], color: int) -> Move:
        """Set ``cells`` and their mirror images to ``color``; what changed, as a move."""
        targets: dict[Cell, None] = {}
        for cell in cells:
            for image in mirrored(cell, self.width, self.height, self.mirror):
                targets[image] = None
        move = [(r, c, self.at((r, c)), color) for r, c in targets if self.at((r, c)) != color]
        if move:
            self.drawing = self.drawing.changed([(r, c, after) for r, c, _, after in move])
        return move

    def _record(self, move: Move) -> Move:
        if move:
            self.done.append(move)
            self.undone.clear()
            self.edits += 1
        return move

    def toggle(self) -> Move:
        """Fill the cursor's cell with the colour in hand, or empty it when it has that colour."""
        color = 0 if self.at(self.cursor) == self.color else self.color
        return self._record(self._set([self.cursor], color))

    def fill(self) -> Move:
        return self._record(self._set([self.cursor], self.color))

    def move_fill(self, drow: int, dcol: int) -> Move:
        """Fill the cursor's cell and the next one (shift and an arrow), as one move."""
        start = self.cursor
        self.move(drow, dcol)
        return self._record(self._set([start, self.cursor], self.color))

    def erase(self) -> Move:
        return self._record(self._set([self.cursor], 0))

    def set_anchor(self) -> Cell:
        self.anchor = self.cursor
        return self.cursor

    def shape(self, kind: Literal["line", "rectangle", "box"], color: int | None = None) -> Move:
        """A line, a rectangle's outline or a filled box from the anchor (the cursor when none
        was set) to the cursor, in the colour in hand (or ``color``)."""
        start = self.anchor if self.anchor is not None else self.cursor
        cells = (line_cells(start, self.cursor) if kind == "line"
                 else rectangle_cells(start, self.cursor, kind == "box"))
        self.anchor = None
        return self._record(self._set(cells, self.color if color is None else color))

    def clear(self) -> Move:
        every = [(r, c) for r in range(self.height) for c in range(self.width)]
        mirror, self.mirror = self.mirror, "none"
        try:
            return self._record(self._set(every, 0))
        finally:
            self.mirror = mirror

    def apply(self, changes: Sequence[CellValueChange]) -> Move:
        """Make ``changes`` (the maker's proposal) as one move, with no mirroring."""
        mirror, self.mirror = self.mirror, "none"
        try:
            move: Move = []
            for r, c, k in changes:
                move += self._set([(r, c)], k)
            return self._record(move)
        finally:
            self.mirror = mirror

    # -- strokes (the mouse) --------------------------------------------------------------------

    def begin_stroke(self, cell: Cell, color: int) -> None:
        self.cursor = cell
        self._stroke_color = color
        self._stroke = self._set([cell], color)

    def extend_stroke(self, cell: Cell) -> Move:
        if self._stroke is None:
            return []
        cells = line_cells(self.cursor, cell)
        self.cursor = cell
        step = self._set(cells, self._stroke_color)
        self._stroke += step
        return step

    def end_stroke(self) -> Move:
        stroke, self._stroke = self._stroke, None
        return self._record(stroke or [])

    # -- history ------------------------------------------------------------------------------

    def undo(self) -> Move | None:
        if not self.done:
            return None
        move = self.done.pop()
        self.drawing = self.drawing.changed([(r, c, before) for r, c, before, _ in reversed(move)])
        self.undone.append(move)
        self.edits += 1
        return move

    def redo(self) -> Move | None:
        if not self.undone:
            return None
        move = self.undone.pop()
        self.drawing = self.drawing.changed([(r, c, after) for r, c, _, after in move])
        self.done.append(move)
        self.edits += 1
        return move

    # -- size and palette -----------------------------------------------------------------------

    def resize(self, width: int, height: int) -> None:
        """Crop or extend (with the background) to ``width`` x ``height``, keeping the top left.
        The undo history is dropped (its cells may no longer exist).

        Raises:
            ValueError: a size out of :data:`MIN_SIZE` to :data:`MAX_SIZE`.
        """
        if not (MIN_SIZE <= width <= MAX_SIZE and MIN_SIZE <= height <= MAX_SIZE):
            raise ValueError(f"a drawing is {MIN_SIZE} to {MAX_SIZE} cells each way")
        old = self.drawing.picture
        rows = tuple(tuple(old[r][c] if r < len(old) and c < len(old[0]) else 0
                           for c in range(width)) for r in range(height))
        self.drawing = Drawing(rows, self.palette)
        self.done.clear()
        self.undone.clear()
        self.edits += 1
        self.cursor = (min(self.cursor[0], height - 1), min(self.cursor[1], width - 1))
        self.anchor = None

    def set_palette(self, palette: Sequence[PaletteColor]) -> None:
        """Draw with ``palette`` (background first); colours past its end become its last.
        The undo history is dropped."""
        last = len(palette) - 1
        rows = tuple(tuple(min(k, last) for k in row) for row in self.drawing.picture)
        self.drawing = Drawing(rows, tuple(palette))
        self.color = min(self.color, last)
        self.done.clear()
        self.undone.clear()
        self.edits += 1
