"""The grid's lines as Rich segments, built once and kept until what they show changes.

A key press changes a cell or moves the cursor, yet the grid widget is asked again for every
line the change touches: moving the cursor sideways restyles one cell in every row (the cursor
column's highlight) and one number in the column clues. Building a 100-cell line afresh costs
far more than a frame allows when it happens for every visible line, so the painter keeps each
line without anything that depends on the cursor (its *base*) and, when drawing, splices the
cursor column's few characters into it. Only the cursor's own row and clue are built afresh.

Lines are lists of Rich segments, cut by plain string slicing: every character the grid draws
(digits, spaces and the glyphs, which :class:`~nonotui.ui.glyphs.Glyphs` checks) is one cell
wide. The widget makes one Strip per screen line from them; Strips are costly to create (each
carries its own caches), and a splice done with Strips would create several per line.

The painter owns its caches explicitly; the widget says what to forget (rows whose cells or
state changed, the column clues when a column's state changed, everything when the glyphs or
the theme change). It knows nothing of Textual widgets: it turns state into segments.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style

from nonotui.model.board import Board
from nonotui.model.kind import CellValue, UnitGuide, UnitState
from nonotui.ui.geometry import Geometry, Part
from nonotui.ui.glyphs import Glyphs

NORMAL, LINE, CURSOR, HIGHLIGHT, HINT_LINE = range(5)
"""How a cell stands to the cursor and a hint: elsewhere, in the cursor's row or column, under
the cursor, a cell the hint is about, in the hint's line."""


class CellMarks(NamedTuple):
    """Cells drawn apart from their value: a hint's cells and line, and wrong marks."""

    highlight: frozenset[tuple[int, int]] = frozenset()
    """The cells a hint is about: highlighted, with the hint glyph in front."""
    line: frozenset[tuple[int, int]] = frozenset()
    """The other cells of the hint's line: underlined."""
    wrong: frozenset[tuple[int, int]] = frozenset()
    """Marks a check found wrong: the error glyph in front."""
    narrowed: Mapping[tuple[int, int], int] = {}
    """Undecided cells a hint narrowed: drawn as the letters of the values each may still take
    (the colours', then the unknown glyph when it may still be empty)."""

StyleTable = dict[object, Style]
"""Rich styles by key: ``(value mask, mode)`` for a cell holding one value and ``(0, mode)`` for
an undecided one, a :data:`~nonotui.model.kind.UnitState` (a margin number), ``(UnitState,
CURSOR)``, ``("clue", bit)`` for the colours of a margin number counting value ``bit`` (a colour
clue's block), and ``"guide"``, ``"guide-line"``, ``"wall"``, ``"error"``, ``"blank"``."""

Guides = Mapping[int, UnitGuide]
"""The guide of each unit that has one (none while the engine is not ready)."""

Line = list[Segment]
"""Segments of one line, each character one cell wide."""


def _runs(pieces: Iterable[tuple[str, Style]]) -> Line:
    """Segments for ``(text, style)`` pieces, one per run of equal style.

    Fewer segments leave less for Textual to crop, filter and cut on every frame.
    """
    segments: Line = []
    text_parts: list[str] = []
    current: Style | None = None
    for text, style in pieces:
        if not text:
            continue
        if style is not current and style != current:
            if text_parts:
                segments.append(Segment("".join(text_parts), current))
            text_parts, current = [], style
        text_parts.append(text)
    if text_parts:
        segments.append(Segment("".join(text_parts), current))
    return segments


def cut(line: Line, start: int, end: int) -> Line:
    """The cells ``start`` to ``end`` (exclusive) of ``line``; never an empty segment."""
    out: Line = []
    if start >= end:
        return out
    pos = 0
    for segment in line:
        text = segment.text
        after = pos + len(text)
        if after > start:
            if pos >= start and after <= end:
                out.append(segment)
            else:
                out.append(Segment(text[max(start - pos, 0) : end - pos], segment.style))
            if after >= end:
                break
        pos = after
    return out


def splice(line: Line, length: int, x: int, piece: Line, width: int) -> Line:
    """``line`` (``length`` cells) with the ``width`` cells from ``x`` replaced by ``piece``;
    the parts of ``piece`` that fall outside the line are left out."""
    lo, hi = max(x, 0), min(x + width, length)
    if lo >= hi:
        return line
    return [*cut(line, 0, lo), *cut(piece, lo - x, hi - x), *cut(line, hi, length)]


class GridPainter:
    """Builds the grid's header, margin and cell lines for one puzzle and caches them.

    The header and cell lines come cut to a *window*, the grid columns in view (set with
    :meth:`set_window`); cutting a cached line to the window is cached too, so a frame that
    redraws every visible line after a sideways cursor move only splices the cursor column.

    Margin numbers are styled by their unit's state and guide (``states`` and ``guides``,
    indexed by unit number); cells by the kind's values and their glyph roles.

    Args:
        geometry: Where everything goes.
        glyphs: How cells and guides look.
        styles: The Rich styles to draw with (from the widget's component classes).
        values: The kind's cell values, by bit.
        letters: Draw a ``color`` value's character in its cells (colour cannot tell the values
            apart: ``NO_COLOR``, ASCII glyphs, too few terminal colours), else the filled glyph
            in its colour.
        lettered: Masks of ``color`` values drawn as their characters even so (a colour that
            would not show on the theme's background, such as white on a light theme).
    """

    def __init__(self, geometry: Geometry, glyphs: Glyphs, styles: StyleTable,
                 values: Sequence[CellValue], letters: bool = True,
                 lettered: frozenset[int] = frozenset()) -> None:
        self.geometry = geometry
        self.glyphs = glyphs
        self.styles = styles
        self.letters = letters
        self.lettered = lettered
        self._part_styles: dict[tuple[UnitState, int, bool], Style] = {}
        self.values = {value.mask: value for value in values}
        for value in values:
            if value.role == "color" and (len(value.char) != 1 or cell_len(value.char) != 1):
                raise ValueError(f"value {value.name}'s char must be one cell wide")
        self._start, self._end = 0, geometry.grid_width
        self._cells: dict[int, Line] = {}
        self._clues: dict[int, Line] = {}
        self._header: dict[int, Line] = {}
        self._separators: dict[int, Line] = {}
        self._visible_cells: dict[int, Line] = {}
        self._visible_header: dict[int, Line] = {}
        self._cell_look: dict[tuple[int, int], tuple[str, Style]] = {}
        self._before = tuple(geometry.separated(c) for c in range(geometry.width))
        """Whether a separator stands before each column."""

    # -- window and what to forget ----------------------------------------------------------------

    def set_window(self, start: int, end: int) -> None:
        """Draw the grid columns from ``start`` to ``end`` (exclusive, in characters)."""
        end = min(end, self.geometry.grid_width)
        if (start, end) != (self._start, self._end):
            self._start, self._end = start, end
            self._visible_cells.clear()
            self._visible_header.clear()
            self._separators.clear()

    def forget_rows(self, rows: Iterable[int]) -> None:
        """Drop the cached cells and margin of ``rows`` (their cells or state changed)."""
        for row in rows:
            self._cells.pop(row, None)
            self._visible_cells.pop(row, None)
            self._clues.pop(row, None)

    def forget_header(self) -> None:
        """Drop the cached top margin lines (a unit labelled there changed its state)."""
        self._header.clear()
        self._visible_header.clear()

    # -- lines ------------------------------------------------------------------------------------

    def header_line(
        self,
        y: int,
        states: Sequence[UnitState],
        cursor_column: int,
        guides: Guides | None = None,
    ) -> Line:
        """Line ``y`` of the top margin in the window (the last line holds the error marks),
        with the cursor column's number picked out."""
        visible = self._visible_header.get(y)
        if visible is None:
            base = self._header.get(y)
            if base is None:
                base = self._header[y] = self._build_header(y, states, guides)
            visible = self._visible_header[y] = cut(base, self._start, self._end)
        g = self.geometry
        if y == g.clue_lines:
            return visible
        entry = self._column_entry(cursor_column, y)
        if entry is None:
            return visible
        text, part = entry
        style = self._part_style(part, states, guides, True, top=True)
        w = g.cell_width
        piece = [Segment(" " * (w - len(text)), self.styles["blank"]), Segment(text, style)]
        return self._splice(visible, g.cell_x(cursor_column), piece, w)

    def overlay(self, line: Line, x: int, text: str, style: Style) -> Line:
        """``line`` (cut to the window) with ``text`` drawn over it from grid x ``x``."""
        return self._splice(line, x, [Segment(text, style)], len(text))

    def row_clue(
        self, row: int, states: Sequence[UnitState], under_cursor: bool,
        guides: Guides | None = None,
    ) -> Line:
        """A row's left margin, right-aligned, with the error mark at its left; with guides,
        each certain number dimmed and the error mark when the marks fit no arrangement."""
        if under_cursor:
            return self._build_clue(row, states, True, guides)
        line = self._clues.get(row)
        if line is None:
            line = self._clues[row] = self._build_clue(row, states, False, guides)
        return line

    def blank_clue(self) -> Line:
        """The left margin beside a separator line."""
        return [Segment(" " * self.geometry.clue_width, self.styles["blank"])]

    def cell_line(
        self,
        row: int,
        board: Board,
        cursor: tuple[int, int],
        marks: CellMarks,
    ) -> Line:
        """The cells of ``row`` in the window and the separators between them, as the cursor
        at ``cursor`` sees them: the cursor's row is highlighted throughout, any other row at
        the cursor column."""
        cursor_row, cursor_column = cursor
        if row == cursor_row:
            line = self._build_cells(row, board, cursor_column, True, marks)
            return cut(line, self._start, self._end)
        visible = self._visible_cells.get(row)
        if visible is None:
            base = self._cells.get(row)
            if base is None:
                base = self._cells[row] = self._build_cells(row, board, -1, False, marks)
            visible = self._visible_cells[row] = cut(base, self._start, self._end)
        value = int(board.cells[row, cursor_column])
        text, style = self._marked_cell(value, row, cursor_column, LINE, marks)
        x = self.geometry.cell_x(cursor_column)
        return self._splice(visible, x, [Segment(text, style)], len(text))

    def separator(self, above: int = 0) -> Line:
        """The separator line below row ``above``, in the window: a guide line, and the walls
        between that row's cells and the next row's."""
        g = self.geometry
        key = above if g.walls else -1
        line = self._separators.get(key)
        if line is None:
            line = self._separators[key] = cut(self._build_separator(above), self._start,
                                               self._end)
        return line

    def _splice(self, visible: Line, x: int, piece: Line, width: int) -> Line:
        """Put ``piece`` at grid x ``x`` into a line cut to the window."""
        return splice(visible, self._end - self._start, x - self._start, piece, width)

    # -- building ---------------------------------------------------------------------------------

    def _column_entry(self, column: int, y: int) -> tuple[str, Part] | None:
        """The text on top margin line ``y`` above ``column`` (a number or a stacked digit of
        one) and the number it belongs to; the numbers stand on the lines nearest the cells."""
        lines = self.geometry.column_lines[column]
        index = y - (self.geometry.clue_lines - len(lines))
        return lines[index] if index >= 0 else None

    @staticmethod
    def _broken(parts: Sequence[Part], states: Sequence[UnitState],
                guides: Guides | None) -> bool:
        """Whether a unit labelled by ``parts`` is broken, or its guide found no arrangement."""
        for part in parts:
            if states[part.unit] == "broken":
                return True
            guide = guides.get(part.unit) if guides else None
            if guide is not None and guide.error:
                return True
        return False

    def _build_header(self, y: int, states: Sequence[UnitState], guides: Guides | None) -> Line:
        g, styles = self.geometry, self.styles
        w = g.cell_width
        blank = styles["blank"]
        pieces: list[tuple[str, Style]] = [(" " * g.frame, blank)] if g.frame else []
        marks = y == g.clue_lines
        for c in range(g.width):
            if self._before[c]:
                pieces.append((" ", blank))
            if marks:
                broken = self._broken(g.column_parts[c], states, guides)
                text = self.glyphs.error if broken else ""
                pieces.append((text.rjust(w), styles["error"]))
                continue
            entry = self._column_entry(c, y)
            if entry is None:
                pieces.append((" " * w, blank))
                continue
            text, part = entry
            pieces.append((" " * (w - len(text)), blank))
            pieces.append((text, self._part_style(part, states, guides, False, top=True)))
        return _runs(pieces)

    def _part_style(self, part: Part, states: Sequence[UnitState], guides: Guides | None,
                    cursor: bool, top: bool = False) -> Style:
        """The style of one margin number: its unit's state, made dim when the guide is certain
        of it, or the error style when the guide found no arrangement; every other number of a
        top margin with stacked digits shaded (a coloured one underlined, keeping its colours),
        so that stacked digits read as the numbers they are."""
        style = self._state_style(part, states, guides, cursor)
        if top and self.geometry.stacked and part.index % 2 and "shade" in self.styles:
            style += self.styles["shade"] if part.value == 0 else Style(underline=True)
        return style

    def _state_style(self, part: Part, states: Sequence[UnitState], guides: Guides | None,
                     cursor: bool) -> Style:
        state = states[part.unit]
        guide = guides.get(part.unit) if guides else None
        if guide is not None:
            if guide.error:
                state = "broken"
            elif state == "open" and part.index < len(guide.dimmed) and guide.dimmed[part.index]:
                state = "done"
        colors = self.styles.get(("clue", part.value)) if part.value else None
        if colors is None or state == "broken":
            return self.styles[(state, CURSOR)] if cursor else self.styles[state]
        key = (state, part.value, cursor)
        style = self._part_styles.get(key)
        if style is None:
            # the state's look (dim when done), the block's colours, the cursor's reverse
            style = self.styles[state] + colors
            if cursor:
                style += self.styles[(state, CURSOR)].without_color
            self._part_styles[key] = style
        return style

    def _build_clue(self, row: int, states: Sequence[UnitState], cursor: bool,
                    guides: Guides | None) -> Line:
        g, styles = self.geometry, self.styles
        parts = g.row_parts[row]
        broken = self._broken(parts, states, guides)
        pieces = [
            (self.glyphs.error if broken else " ", styles["error"]),
            (" " * (g.row_text_width - len(g.row_texts[row])), styles["blank"]),
        ]
        for i, part in enumerate(parts):
            if i:
                pieces.append((" ", styles["blank"]))
            pieces.append((part.text, self._part_style(part, states, guides, cursor)))
        pieces.append((" ", styles["blank"]))
        return _runs(pieces)

    def _cell(self, value: int, mode: int) -> tuple[str, Style]:
        """The text and style of one cell holding ``value`` (a bitset)."""
        look = self._cell_look.get((value, mode))
        if look is None:
            look = self._cell_look[(value, mode)] = self._look(value, mode)
        return look

    def _solid(self, value: int) -> bool:
        """Whether cells holding ``value`` are drawn as the filled glyph in a colour (so that
        two of them side by side in one region join across the gap between them; a value
        drawn as its character, under ``NO_COLOR`` or ASCII, keeps the gap)."""
        known = self.values.get(value)
        return (known is not None and known.role == "color" and not self.letters
                and value not in self.lettered)

    def _look(self, value: int, mode: int) -> tuple[str, Style]:
        glyphs, w = self.glyphs, self.geometry.cell_width
        known = self.values.get(value)
        if known is None:  # undecided: more than one value still allowed
            return " " * (w - 1) + glyphs.unknown, self.styles[(0, mode)]
        if known.role == "filled":
            text = (glyphs.filled_cursor if mode == CURSOR else glyphs.filled) * w
        elif known.role == "empty":
            text = " " * (w - 1) + glyphs.crossed
        elif self.letters or value in self.lettered:
            text = known.char * w
        else:
            text = (glyphs.filled_cursor if mode == CURSOR else glyphs.filled) * w
        return text, self.styles[(value, mode)]

    def _marked_cell(
        self, value: int, row: int, column: int, mode: int, marks: CellMarks
    ) -> tuple[str, Style]:
        """One cell with its hint and check marks; ``mode`` is how it stands to the cursor.

        A mark is a glyph in the cell's first character, not a colour alone, so it shows on a
        monochrome terminal; the cursor keeps its own style over a hint's."""
        cell = (row, column)
        if mode != CURSOR:
            if cell in marks.highlight:
                mode = HIGHLIGHT
            elif cell in marks.line:
                mode = HINT_LINE
        text, style = self._cell(value, mode)
        allowed = marks.narrowed.get(cell)
        if allowed is not None and value not in self.values:
            text = self._narrowed_text(allowed, len(text))
        # just before the cell's own glyph, so that it reads as this cell's, not the left one's
        if cell in marks.wrong:
            # a one-wide cell has room for the mark alone: the mark is wrong anyway
            text = text[:-2] + self.glyphs.error + text[-1] if len(text) > 1 else self.glyphs.error
        elif cell in marks.highlight and len(text) > 1:
            # (a one-wide cell shows a hint by its highlight alone)
            text = text[:-2] + self.glyphs.hint + text[-1]
        return text, style

    def _narrowed_text(self, allowed: int, width: int) -> str:
        """The values ``allowed`` (a bitset) in ``width`` characters: each colour's letter, then
        the unknown glyph when the cell may still be empty (``r·``: red or empty)."""
        letters = ""
        empty = False
        for bit in range(allowed.bit_length()):
            known = self.values.get(1 << bit) if allowed >> bit & 1 else None
            if known is None:
                continue
            if known.role == "empty":
                empty = True
            else:
                letters += known.char
        text = letters + (self.glyphs.unknown if empty else "")
        return text[:width].rjust(width)

    def _build_cells(
        self,
        row: int,
        board: Board,
        cursor_column: int,
        in_row: bool,
        marks: CellMarks,
    ) -> Line:
        glyphs, styles, g = self.glyphs, self.styles, self.geometry
        guide = (glyphs.vertical, styles["guide-line" if in_row else "guide"])
        blank = (" ", guide[1])
        wall = (glyphs.wall_vertical, styles["wall"])
        walls, every = g.walls, g.guide_every
        before = self._before
        pieces: list[tuple[str, Style]] = []
        values = board.cells[row].tolist()
        for c, value in enumerate(values):
            if before[c]:
                if not walls:
                    pieces.append(guide)
                elif (row, c - 1, "right") in walls:
                    pieces.append(wall)
                elif value == values[c - 1] and self._solid(value):
                    # one body of water: no gap between two solid cells of the same region
                    pieces.append((glyphs.filled, self._cell(value, LINE if in_row
                                                             else NORMAL)[1]))
                else:
                    pieces.append(guide if every is not None and c % every == 0 else blank)
            if in_row and c == cursor_column:
                mode = CURSOR
            else:
                mode = LINE if in_row else NORMAL
            pieces.append(self._marked_cell(value, row, c, mode, marks) if any(marks)
                          else self._cell(value, mode))
        if g.frame:
            pieces.insert(0, wall)
            pieces.append(wall)
        return _runs(pieces)

    def _build_separator(self, above: int) -> Line:
        """The separator below row ``above``: guide line glyphs on a guide row, walls where the
        kind has them, blank elsewhere."""
        g, glyphs, styles = self.geometry, self.glyphs, self.styles
        walls, every = g.walls, g.guide_every
        guide_row = every is not None and (above + 1) % every == 0
        # the frame's top (above -1) and bottom (below the last row) are walls all along
        edge = bool(g.frame) and above in (-1, g.height - 1)
        pieces: list[tuple[str, Style]] = []
        if g.frame:
            pieces.append((glyphs.wall_join(above >= 0, above < g.height - 1, False,
                                            edge or (above, 0, "bottom") in walls),
                           styles["wall"]))
        for c in range(g.width):
            if self._before[c]:
                guide_column = every is not None and c % every == 0
                arms = (walls and ((above, c - 1, "right") in walls,
                                   (above + 1, c - 1, "right") in walls,
                                   edge or (above, c - 1, "bottom") in walls,
                                   edge or (above, c, "bottom") in walls))
                if arms and any(arms):
                    pieces.append((glyphs.wall_join(*arms), styles["wall"]))
                elif guide_row and guide_column:
                    pieces.append((glyphs.crossing, styles["guide"]))
                elif guide_row:
                    pieces.append((glyphs.horizontal, styles["guide"]))
                elif guide_column:
                    pieces.append((glyphs.vertical, styles["guide"]))
                else:
                    pieces.append((" ", styles["guide"]))
            if edge or (above, c, "bottom") in walls:
                pieces.append((glyphs.wall_horizontal * g.cell_width, styles["wall"]))
            else:
                glyph = glyphs.horizontal if guide_row else " "
                pieces.append((glyph * g.cell_width, styles["guide"]))
        if g.frame:
            last = g.width - 1
            pieces.append((glyphs.wall_join(above >= 0, above < g.height - 1,
                                            edge or (above, last, "bottom") in walls, False),
                           styles["wall"]))
        return _runs(pieces)
