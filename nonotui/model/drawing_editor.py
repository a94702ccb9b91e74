"""Drawing a picture for the maker: the cursor, the colour in hand, mirror drawing, lines and
rectangles, resizing, and an undo history of whole moves. No Textual: the Make screen turns keys
and the mouse into these calls and draws :attr:`DrawingEditor.drawing`.

A drawing with regions (an Aquarium's tanks, :attr:`Drawing.regions`) is drawn by tanks and
water levels instead of cells: the fill key pours water to the cursor's row across its tank (or
lowers it by a row when it stands there), erase empties the tank, moving with shift (or dragging)
takes the next cell into the tank it leaves, a box makes one new tank, and the new-tank key walls
the cursor's cell off on its own. Water always stands level in each tank.

A move is the drawing before and after it (drawings share their unchanged rows); undo puts the
one before back. Every change method returns whether the drawing changed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Literal

from nonotui.model.vocab import Cell, CellValueChange, Drawing, PaletteColor, regions_of

Mirror = Literal["none", "left-right", "top-bottom", "both", "rotate"]
MIRRORS: tuple[Mirror, ...] = ("none", "left-right", "top-bottom", "both", "rotate")
"""The mirror modes in the order the mirror key cycles them."""

MIN_SIZE, MAX_SIZE = 2, 99
"""The sizes a drawing may be resized to, each way."""

Move = tuple[Drawing, Drawing]
"""A move in the history: the drawing before it and after it."""

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
        self._stroke: Drawing | None = None
        """The drawing before the stroke under way."""
        self._stroke_color = 0
        self._stroke_start: Cell = (0, 0)

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

    @property
    def has_tanks(self) -> bool:
        """Whether the drawing is of tanks and water (it has regions)."""
        return self.drawing.regions is not None

    def _set(self, cells: Iterable[Cell], color: int) -> None:
        """Set ``cells`` and their mirror images to ``color``."""
        targets: dict[Cell, None] = {}
        for cell in cells:
            for image in mirrored(cell, self.width, self.height, self.mirror):
                targets[image] = None
        changes = [(r, c, color) for r, c in targets if self.at((r, c)) != color]
        if changes:
            self.drawing = self.drawing.changed(changes)

    def _record(self, before: Drawing) -> bool:
        """Keep the change from ``before`` to the drawing now as one move, if there is one."""
        if self.drawing == before:
            return False
        self.done.append((before, self.drawing))
        self.undone.clear()
        self.edits += 1
        return True

    def toggle(self) -> bool:
        """Fill the cursor's cell with the colour in hand, or empty it when it has that colour
        (with tanks: pour water to the cursor's row, or lower it a row when it stands there)."""
        before = self.drawing
        if self.has_tanks:
            self._pour(self.cursor)
        else:
            self._set([self.cursor], 0 if self.at(self.cursor) == self.color else self.color)
        return self._record(before)

    def fill(self) -> bool:
        before = self.drawing
        if self.has_tanks:
            if not self.at(self.cursor):
                self._pour(self.cursor)
        else:
            self._set([self.cursor], self.color)
        return self._record(before)

    def move_fill(self, drow: int, dcol: int) -> bool:
        """Fill the cursor's cell and the next one (shift and an arrow), as one move (with
        tanks: the next cell joins the cursor's tank)."""
        start = self.cursor
        before = self.drawing
        self.move(drow, dcol)
        if self.has_tanks:
            self._join(start, [self.cursor])
        else:
            self._set([start, self.cursor], self.color)
        return self._record(before)

    def erase(self) -> bool:
        """Empty the cursor's cell (with tanks: empty its tank of water)."""
        before = self.drawing
        if self.has_tanks:
            self._level(self._tank(self.cursor), None)
        else:
            self._set([self.cursor], 0)
        return self._record(before)

    def set_anchor(self) -> Cell:
        self.anchor = self.cursor
        return self.cursor

    def shape(self, kind: Literal["line", "rectangle", "box"], color: int | None = None) -> bool:
        """A line, a rectangle's outline or a filled box from the anchor (the cursor when none
        was set) to the cursor, in the colour in hand (or ``color``). With tanks: a line's cells
        join the anchor's tank, a rectangle or a box becomes one new tank."""
        start = self.anchor if self.anchor is not None else self.cursor
        self.anchor = None
        before = self.drawing
        if self.has_tanks:
            if kind == "line":
                self._join(start, line_cells(start, self.cursor))
            else:
                self._new_tank(rectangle_cells(start, self.cursor, True))
        else:
            cells = (line_cells(start, self.cursor) if kind == "line"
                     else rectangle_cells(start, self.cursor, kind == "box"))
            self._set(cells, self.color if color is None else color)
        return self._record(before)

    def new_tank(self) -> bool:
        """Wall the cursor's cell off as a tank of its own (with tanks only)."""
        before = self.drawing
        if self.has_tanks:
            self._new_tank([self.cursor])
        return self._record(before)

    def clear(self) -> bool:
        """Empty every cell (with tanks: every tank of water; the tanks stay)."""
        before = self.drawing
        every = [(r, c) for r in range(self.height) for c in range(self.width)]
        mirror, self.mirror = self.mirror, "none"
        try:
            self._set(every, 0)
        finally:
            self.mirror = mirror
        return self._record(before)

    def apply(self, changes: Sequence[CellValueChange]) -> bool:
        """Make ``changes`` (the maker's proposal) as one move, with no mirroring."""
        before = self.drawing
        if changes:
            self.drawing = self.drawing.changed(changes)
        return self._record(before)

    # -- tanks and water ----------------------------------------------------------------------

    def _regions(self) -> tuple[tuple[int, ...], ...]:
        assert self.drawing.regions is not None
        return self.drawing.regions

    def _tank(self, cell: Cell) -> list[Cell]:
        """The cells of ``cell``'s tank."""
        regions = self._regions()
        tank = regions[cell[0]][cell[1]]
        return [(r, c) for r, row in enumerate(regions) for c, t in enumerate(row) if t == tank]

    def _level(self, cells: Sequence[Cell], level: int | None) -> None:
        """Water in ``cells`` (one tank) from row ``level`` down; ``None``: no water."""
        self._set_plain([(r, c, int(level is not None and r >= level)) for r, c in cells])

    def _set_plain(self, changes: Sequence[CellValueChange]) -> None:
        changes = [(r, c, k) for r, c, k in changes if self.at((r, c)) != k]
        if changes:
            self.drawing = self.drawing.changed(changes)

    def _level_of(self, cells: Sequence[Cell]) -> int | None:
        """The top row of the water in ``cells`` (one tank), ``None`` when it has none."""
        rows = [r for r, c in cells if self.at((r, c))]
        return min(rows) if rows else None

    def _pour(self, cell: Cell) -> None:
        cells = self._tank(cell)
        level = self._level_of(cells)
        r = cell[0]
        if level == r:  # it stands here already: lower it one row (below the bottom: empty)
            below = [row for row, _ in cells if row > r]
            self._level(cells, min(below) if below else None)
        else:
            self._level(cells, r)

    def _join(self, start: Cell, cells: Sequence[Cell]) -> None:
        """``cells`` join ``start``'s tank, each at that tank's water level."""
        regions = [list(row) for row in self._regions()]
        tank = regions[start[0]][start[1]]
        level = self._level_of(self._tank(start))
        for r, c in cells:
            regions[r][c] = tank
        self.drawing = self.drawing.with_regions(regions)
        self._set_plain([(r, c, int(level is not None and r >= level)) for r, c in cells])

    def _new_tank(self, cells: Sequence[Cell]) -> None:
        """``cells`` become one tank (parts they leave become tanks of their own), empty.

        No other tank's water needs to move here or in :meth:`_join`: what is left of a tank
        whose water stood level still has it level."""
        regions = [list(row) for row in self._regions()]
        fresh = max(max(row) for row in regions) + 1
        for r, c in cells:
            regions[r][c] = fresh
        self.drawing = self.drawing.with_regions(regions)
        self._set_plain([(r, c, 0) for r, c in cells])

    # -- strokes (the mouse) --------------------------------------------------------------------

    def begin_stroke(self, cell: Cell, color: int) -> None:
        """A press of a button on ``cell``: colour ``color`` (0: erase) from here. With tanks,
        the dragged cells join this cell's tank; a press without a drag pours (erase: empties)."""
        self.cursor = cell
        self._stroke_color = color
        self._stroke = self.drawing
        self._stroke_start = cell
        if not self.has_tanks:
            self._set([cell], color)

    def extend_stroke(self, cell: Cell) -> bool:
        if self._stroke is None:
            return False
        cells = line_cells(self.cursor, cell)
        self.cursor = cell
        before = self.drawing
        if self.has_tanks:
            self._join(self._stroke_start, cells)
        else:
            self._set(cells, self._stroke_color)
        return self.drawing != before

    def end_stroke(self) -> bool:
        before, self._stroke = self._stroke, None
        if before is None:
            return False
        if self.has_tanks and self.cursor == self._stroke_start:
            if self._stroke_color:
                self._pour(self.cursor)
            else:
                self._level(self._tank(self.cursor), None)
        return self._record(before)

    # -- history ------------------------------------------------------------------------------

    def undo(self) -> Move | None:
        if not self.done:
            return None
        move = self.done.pop()
        self._restore(move[0])
        self.undone.append(move)
        self.edits += 1
        return move

    def redo(self) -> Move | None:
        if not self.undone:
            return None
        move = self.undone.pop()
        self._restore(move[1])
        self.done.append(move)
        self.edits += 1
        return move

    def _restore(self, drawing: Drawing) -> None:
        self.drawing = drawing
        self.cursor = (min(self.cursor[0], self.height - 1), min(self.cursor[1], self.width - 1))
        self.color = min(self.color, len(self.palette) - 1)
        self.anchor = None

    # -- size and palette -----------------------------------------------------------------------

    def resize(self, width: int, height: int) -> bool:
        """Crop or extend (with the background) to ``width`` x ``height``, keeping the top left
        (with tanks: the new cells are one new tank, cut tanks are tanks of their parts), as
        one move.

        Raises:
            ValueError: a size out of :data:`MIN_SIZE` to :data:`MAX_SIZE`.
        """
        if not (MIN_SIZE <= width <= MAX_SIZE and MIN_SIZE <= height <= MAX_SIZE):
            raise ValueError(f"a drawing is {MIN_SIZE} to {MAX_SIZE} cells each way")
        before = self.drawing
        old, old_regions = before.picture, before.regions
        inside = range(len(old)), range(len(old[0]))

        def kept(r: int, c: int) -> bool:
            return r in inside[0] and c in inside[1]

        rows = tuple(tuple(old[r][c] if kept(r, c) else 0 for c in range(width))
                     for r in range(height))
        regions = None
        if old_regions is not None:
            fresh = max(max(row) for row in old_regions) + 1
            regions = regions_of([[old_regions[r][c] if kept(r, c) else fresh
                                   for c in range(width)] for r in range(height)])
        self.drawing = Drawing(rows, self.palette, regions)
        self._restore(self.drawing)
        return self._record(before)

    def set_palette(self, palette: Sequence[PaletteColor]) -> bool:
        """Draw with ``palette`` (background first); colours past its end become its last, as
        one move."""
        before = self.drawing
        last = len(palette) - 1
        rows = tuple(tuple(min(k, last) for k in row) for row in self.drawing.picture)
        self.drawing = Drawing(rows, tuple(palette), self.drawing.regions)
        self.color = min(self.color, last)
        return self._record(before)
