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

from collections.abc import Iterable, Sequence
from typing import NamedTuple, Protocol

from rich.segment import Segment
from rich.style import Style

from nonotui.kinds.nonogram.tracker import LineState
from nonotui.model import EMPTY, FILLED, Board
from nonotui.ui.geometry import GUIDE_EVERY, Geometry
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

    def touched_rows(self, other: CellMarks) -> set[int]:
        """The rows where ``self`` and ``other`` draw some cell differently."""
        rows: set[int] = set()
        for a, b in zip(self, other):
            rows.update(r for r, _ in a ^ b)
        return rows

StyleTable = dict[object, Style]
"""Rich styles by key: ``(cell state, mode)``, a :class:`LineState` (clue), ``(LineState,
CURSOR)``, and ``"guide"``, ``"guide-line"``, ``"error"``, ``"blank"``."""


class LineGuideLike(Protocol):
    """The clue guide of one line (:class:`nonotui.kinds.nonogram.engine.checks.LineGuide`, which the painter
    must not import: it would load the engine before the first frame)."""

    dimmed: tuple[bool, ...]
    error: bool


Guide = LineGuideLike | None
"""A line's clue guide, or ``None`` while the engine is not ready."""

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
    """Builds the grid's header, clue and cell lines for one puzzle and caches them.

    The header and cell lines come cut to a *window*, the grid columns in view (set with
    :meth:`set_window`); cutting a cached line to the window is cached too, so a frame that
    redraws every visible line after a sideways cursor move only splices the cursor column.

    Args:
        geometry: Where everything goes.
        glyphs: How cells and guides look.
        styles: The Rich styles to draw with (from the widget's component classes).
    """

    def __init__(self, geometry: Geometry, glyphs: Glyphs, styles: StyleTable) -> None:
        self.geometry = geometry
        self.glyphs = glyphs
        self.styles = styles
        self._start, self._end = 0, geometry.grid_width
        self._cells: dict[int, Line] = {}
        self._clues: dict[int, Line] = {}
        self._header: dict[int, Line] = {}
        self._separator: Line | None = None
        self._visible_cells: dict[int, Line] = {}
        self._visible_header: dict[int, Line] = {}

    # -- window and what to forget ----------------------------------------------------------------

    def set_window(self, start: int, end: int) -> None:
        """Draw the grid columns from ``start`` to ``end`` (exclusive, in characters)."""
        end = min(end, self.geometry.grid_width)
        if (start, end) != (self._start, self._end):
            self._start, self._end = start, end
            self._visible_cells.clear()
            self._visible_header.clear()
            self._separator = None

    def forget_rows(self, rows: Iterable[int]) -> None:
        """Drop the cached cells and clue of ``rows`` (their cells or state changed)."""
        for row in rows:
            self._cells.pop(row, None)
            self._visible_cells.pop(row, None)
            self._clues.pop(row, None)

    def forget_header(self) -> None:
        """Drop the cached column clue lines (a column's state changed)."""
        self._header.clear()
        self._visible_header.clear()

    # -- lines ------------------------------------------------------------------------------------

    def header_line(
        self,
        y: int,
        column_states: Sequence[LineState],
        cursor_column: int,
        guides: Sequence[Guide] | None = None,
    ) -> Line:
        """Line ``y`` of the column clues in the window (the last line holds the error marks),
        with the cursor column's number picked out."""
        visible = self._visible_header.get(y)
        if visible is None:
            base = self._header.get(y)
            if base is None:
                base = self._header[y] = self._build_header(y, column_states, guides)
            visible = self._visible_header[y] = cut(base, self._start, self._end)
        g = self.geometry
        if y == g.clue_lines:
            return visible
        text = self._column_number(cursor_column, y)
        if not text:
            return visible
        guide = guides[cursor_column] if guides else None
        style = self._number_style(column_states[cursor_column], guide,
                                   self._number_index(cursor_column, y), True)
        w = g.cell_width
        piece = [Segment(" " * (w - len(text)), self.styles["blank"]), Segment(text, style)]
        return self._splice(visible, g.cell_x(cursor_column), piece, w)

    def row_clue(
        self, row: int, state: LineState, under_cursor: bool, guide: Guide = None
    ) -> Line:
        """A row's clue, right-aligned, with the error mark at its left; with a clue guide,
        each certain number dimmed and the error mark when the marks fit no arrangement."""
        if under_cursor:
            return self._build_clue(row, state, True, guide)
        line = self._clues.get(row)
        if line is None:
            line = self._clues[row] = self._build_clue(row, state, False, guide)
        return line

    def blank_clue(self) -> Line:
        """The clue panel beside a guide line."""
        return [Segment(" " * self.geometry.clue_width, self.styles["blank"])]

    def cell_line(
        self,
        row: int,
        board: Board,
        cursor: tuple[int, int],
        marks: CellMarks,
    ) -> Line:
        """The cells of ``row`` in the window and the guides between them, as the cursor at
        ``cursor`` sees them: the cursor's row is highlighted throughout, any other row at the
        cursor column."""
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

    def separator(self) -> Line:
        """The guide line between groups of five rows, in the window."""
        if self._separator is None:
            g, glyphs = self.geometry, self.glyphs
            block = glyphs.horizontal * (GUIDE_EVERY * g.cell_width)
            groups = [block] * ((g.width + GUIDE_EVERY - 1) // GUIDE_EVERY)
            last = g.width % GUIDE_EVERY
            if last:
                groups[-1] = glyphs.horizontal * (last * g.cell_width)
            line = [Segment(glyphs.crossing.join(groups), self.styles["guide"])]
            self._separator = cut(line, self._start, self._end)
        return self._separator

    def _splice(self, visible: Line, x: int, piece: Line, width: int) -> Line:
        """Put ``piece`` at grid x ``x`` into a line cut to the window."""
        return splice(visible, self._end - self._start, x - self._start, piece, width)

    # -- building ---------------------------------------------------------------------------------

    def _column_number(self, column: int, y: int) -> str:
        numbers = self.geometry.column_numbers[column]
        index = y - (self.geometry.clue_lines - len(numbers))
        return numbers[index] if index >= 0 else ""

    def _number_index(self, column: int, y: int) -> int:
        return y - (self.geometry.clue_lines - len(self.geometry.column_numbers[column]))

    def _build_header(
        self, y: int, column_states: Sequence[LineState], guides: Sequence[Guide] | None
    ) -> Line:
        g, styles = self.geometry, self.styles
        w = g.cell_width
        blank = styles["blank"]
        pieces: list[tuple[str, Style]] = []
        marks = y == g.clue_lines
        for c in range(g.width):
            if c and c % GUIDE_EVERY == 0:
                pieces.append((" ", blank))
            state = column_states[c]
            guide = guides[c] if guides else None
            if marks:
                broken = state is LineState.BROKEN or (guide is not None and guide.error)
                text = self.glyphs.error if broken else ""
                pieces.append((text.rjust(w), styles["error"]))
                continue
            text = self._column_number(c, y)
            pieces.append((" " * (w - len(text)), blank))
            pieces.append((text, self._number_style(state, guide, self._number_index(c, y),
                                                    False)))
        return _runs(pieces)

    def _number_style(self, state: LineState, guide: Guide, index: int, cursor: bool) -> Style:
        """The style of clue number ``index`` of a line: its line's state, made dim when the
        guide is certain of it, or the error style when the guide found no arrangement."""
        if guide is not None:
            if guide.error:
                state = LineState.BROKEN
            elif state is LineState.OPEN and 0 <= index < len(guide.dimmed):
                state = LineState.DONE if guide.dimmed[index] else state
        return self.styles[(state, CURSOR)] if cursor else self.styles[state]

    def _build_clue(self, row: int, state: LineState, cursor: bool, guide: Guide) -> Line:
        g, styles = self.geometry, self.styles
        text = g.row_texts[row]
        broken = state is LineState.BROKEN or (guide is not None and guide.error)
        pieces = [
            (self.glyphs.error if broken else " ", styles["error"]),
            (" " * (g.row_text_width - len(text)), styles["blank"]),
        ]
        for index, number in enumerate(text.split(" ")):
            if index:
                pieces.append((" ", styles["blank"]))
            pieces.append((number, self._number_style(state, guide, index, cursor)))
        pieces.append((" ", styles["blank"]))
        return _runs(pieces)

    def _cell(self, value: int, mode: int) -> tuple[str, Style]:
        """The text and style of one cell holding ``value``."""
        glyphs, w = self.glyphs, self.geometry.cell_width
        state = value if value in (FILLED, EMPTY) else 0
        if state == FILLED:
            text = (glyphs.filled_cursor if mode == CURSOR else glyphs.filled) * w
        elif state == EMPTY:
            text = " " * (w - 1) + glyphs.crossed
        else:
            text = " " * (w - 1) + glyphs.unknown
        return text, self.styles[(state, mode)]

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
        # just before the cell's own glyph, so that it reads as this cell's, not the left one's
        if cell in marks.wrong:
            text = text[:-2] + self.glyphs.error + text[-1]
        elif cell in marks.highlight:
            text = text[:-2] + self.glyphs.hint + text[-1]
        return text, style

    def _build_cells(
        self,
        row: int,
        board: Board,
        cursor_column: int,
        in_row: bool,
        marks: CellMarks,
    ) -> Line:
        glyphs, styles = self.glyphs, self.styles
        guide = (glyphs.vertical, styles["guide-line" if in_row else "guide"])
        pieces: list[tuple[str, Style]] = []
        for c, value in enumerate(board.cells[row].tolist()):
            if c and c % GUIDE_EVERY == 0:
                pieces.append(guide)
            if in_row and c == cursor_column:
                mode = CURSOR
            else:
                mode = LINE if in_row else NORMAL
            pieces.append(self._marked_cell(value, row, c, mode, marks) if any(marks)
                          else self._cell(value, mode))
        return _runs(pieces)
