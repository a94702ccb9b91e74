"""The grid: one line-API widget that draws clues and cells and turns the mouse into strokes.

It is a :class:`~textual.scroll_view.ScrollView` whose ``render_line`` builds each screen line
as a :class:`~textual.strip.Strip`; there is no widget per cell, so a 100x100 puzzle costs the
same to draw as the lines on screen. The column clues (top) and row clues (left) are drawn by
the same ``render_line`` at fixed screen positions, so they stay in view while the cells scroll.

The widget only draws what its attributes say (board, line states, cursor, highlighted cells)
and posts :mod:`~nonotui.ui.messages` for mouse strokes; the play screen owns the rules.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.geometry import Offset, Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from nonotui.model import EMPTY, FILLED, Board, Puzzle
from nonotui.model.check import LineState
from nonotui.ui.geometry import GUIDE_EVERY, Geometry
from nonotui.ui.glyphs import UNICODE, Glyphs
from nonotui.ui.messages import StrokeEnded, StrokeMoved, StrokeStarted

NORMAL, LINE, CURSOR, HIGHLIGHT = range(4)
"""How a cell stands to the cursor: elsewhere, in its row or column, under it, hinted at."""


class GridView(ScrollView, can_focus=True, inherit_bindings=False):
    """Clues and cells of one puzzle.

    ScrollView's own bindings (arrows, home, end, page keys scroll the view) are not inherited:
    on a puzzle larger than the view they would take those keys before the play screen's
    cursor bindings. The view follows the cursor instead, and the mouse wheel still scrolls.
    """

    COMPONENT_CLASSES = {
        "grid--filled",
        "grid--crossed",
        "grid--unknown",
        "grid--guide",
        "grid--cursor-line",
        "grid--cursor",
        "grid--highlight",
        "grid--clue",
        "grid--clue-done",
        "grid--clue-error",
        "grid--clue-cursor",
    }

    DEFAULT_CSS = """
    GridView {
        width: auto;
        height: auto;
        max-width: 100%;
        max-height: 100%;
        scrollbar-size: 1 1;
        background: $surface;
    }
    GridView > .grid--filled { color: $foreground; }
    GridView > .grid--crossed { color: $foreground 60%; }
    GridView > .grid--unknown { color: $foreground 35%; }
    GridView > .grid--guide { color: $primary 70%; }
    GridView > .grid--cursor-line { background: $boost; }
    GridView > .grid--cursor { color: $accent; text-style: reverse bold; }
    GridView > .grid--highlight { background: $warning 40%; }
    GridView > .grid--clue { color: $foreground; }
    GridView > .grid--clue-done { color: $foreground 40%; text-style: dim; }
    GridView > .grid--clue-error { color: $error; text-style: bold; }
    GridView > .grid--clue-cursor { text-style: bold reverse; }
    """

    def __init__(self, puzzle: Puzzle, board: Board, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.puzzle = puzzle
        self.board = board
        self.geometry = Geometry.of(puzzle)
        self.glyphs: Glyphs = UNICODE
        self.cursor: tuple[int, int] = (0, 0)
        self.row_states: list[LineState] = [LineState.OPEN] * puzzle.height
        self.column_states: list[LineState] = [LineState.OPEN] * puzzle.width
        self.highlight: frozenset[tuple[int, int]] = frozenset()
        """Cells to point out (for hints, later); drawn with ``grid--highlight``."""
        self._styles: dict[object, Style] | None = None
        self._dragging = False
        self._last_drag: tuple[int, int] | None = None
        self.virtual_size = Size(self.geometry.total_width, self.geometry.total_height)

    # -- pinned panel sizes ----------------------------------------------------------------------

    @property
    def header_lines(self) -> int:
        """Lines of column clues shown: all of them, or at most half the view on a small
        terminal (then the numbers nearest the cells are kept and the status line has the rest)."""
        view_h = self.scrollable_content_region.height or self.size.height
        g = self.geometry
        if view_h <= 0:
            return g.header_height
        return min(g.header_height, max(3, view_h // 2))

    @property
    def clue_columns(self) -> int:
        """Width of the row clue panel shown: all of it, or at most half the view."""
        view_w = self.scrollable_content_region.width or self.size.width
        g = self.geometry
        if view_w <= 0:
            return g.clue_width
        return min(g.clue_width, max(6, view_w // 2))

    def on_resize(self, _event: events.Resize) -> None:
        g = self.geometry
        self.virtual_size = Size(
            self.clue_columns + g.grid_width, self.header_lines + g.grid_height
        )
        self.scroll_to_cursor()

    # -- attributes set by the screen ----------------------------------------------------------

    def show(
        self,
        cursor: tuple[int, int],
        row_states: list[LineState],
        column_states: list[LineState],
    ) -> None:
        """Take the cursor and line states to draw, redraw, and keep the cursor in view."""
        self.cursor = cursor
        self.row_states = row_states
        self.column_states = column_states
        self.scroll_to_cursor()
        self.refresh()

    def set_glyphs(self, glyphs: Glyphs) -> None:
        """Draw with another glyph set."""
        self.glyphs = glyphs
        self.refresh()

    def scroll_to_cursor(self) -> None:
        """Scroll the cells (not the clues) just enough that the cursor's cell is visible."""
        g = self.geometry
        view = self.scrollable_content_region.size
        view_w = max(1, view.width - self.clue_columns)
        view_h = max(1, view.height - self.header_lines)
        row, column = self.cursor
        x0, y0 = g.cell_x(column), g.row_y(row)
        sx, sy = int(self.scroll_x), int(self.scroll_y)
        if x0 < sx:
            sx = x0
        elif x0 + g.cell_width > sx + view_w:
            sx = x0 + g.cell_width - view_w
        if y0 < sy:
            sy = y0
        elif y0 + 1 > sy + view_h:
            sy = y0 + 1 - view_h
        if (sx, sy) != (int(self.scroll_x), int(self.scroll_y)):
            self.scroll_to(sx, sy, animate=False, immediate=True)

    # -- styles -------------------------------------------------------------------------------

    def notify_style_update(self) -> None:
        # Theme or CSS changed: the cached Rich styles are stale.
        self._styles = None
        super().notify_style_update()

    def _style_table(self) -> dict[object, Style]:
        if self._styles is None:
            get = self.get_component_rich_style
            line, cursor, hint = get("grid--cursor-line"), get("grid--cursor"), get("grid--highlight")
            table: dict[object, Style] = {}
            for state, name in ((FILLED, "filled"), (EMPTY, "crossed"), (0, "unknown")):
                base = get(f"grid--{name}")
                table[(state, NORMAL)] = base
                table[(state, LINE)] = base + line
                table[(state, CURSOR)] = base + cursor
                table[(state, HIGHLIGHT)] = base + hint
            guide = get("grid--guide")
            table["guide"], table["guide-line"] = guide, guide + line
            clue_cursor = get("grid--clue-cursor")
            for state, name in (
                (LineState.OPEN, "clue"),
                (LineState.DONE, "clue-done"),
                (LineState.BROKEN, "clue-error"),
            ):
                table[state] = get(f"grid--{name}")
                table[(state, CURSOR)] = table[state] + clue_cursor
            table["error"] = get("grid--clue-error")
            table["blank"] = get("grid--clue")
            self._styles = table
        return self._styles

    # -- drawing ------------------------------------------------------------------------------

    def render_line(self, y: int) -> Strip:
        """Screen line ``y``: pinned clue panels around the scrolled part of the cells."""
        g = self.geometry
        width = self.scrollable_content_region.width
        sx, sy = int(self.scroll_x), int(self.scroll_y)
        styles = self._style_table()
        header, panel = self.header_lines, self.clue_columns
        if y < header:
            left = Strip.blank(panel, styles["blank"])
            if header < g.header_height and y == 0:
                left = Strip([Segment("^ more".ljust(panel)[:panel], styles["error"])], panel)
            # a clipped header keeps its last lines, the numbers nearest the cells
            right = self._header_line(y + g.header_height - header, styles)
        else:
            gy = y - header + sy
            if gy >= g.grid_height:
                return Strip.blank(width, styles["blank"])
            row = g.row_at(gy)
            left = self._row_clue(row, styles)
            if panel < g.clue_width:
                left = left.crop(g.clue_width - panel, g.clue_width)
            right = self._separator_line(styles) if row is None else self._cell_line(row, styles)
        right = right.crop(sx, sx + max(0, width - panel))
        return Strip.join([left, right]).adjust_cell_length(width, styles["blank"])

    def _header_line(self, y: int, styles: dict[object, Style]) -> Strip:
        g = self.geometry
        w = g.cell_width
        segments = []
        marks = y == g.clue_lines
        for c in range(g.width):
            if c and c % GUIDE_EVERY == 0:
                segments.append(Segment(" ", styles["blank"]))
            state = self.column_states[c]
            if marks:
                text = self.glyphs.error if state is LineState.BROKEN else ""
                segments.append(Segment(text.rjust(w), styles["error"]))
                continue
            numbers = g.column_numbers[c]
            index = y - (g.clue_lines - len(numbers))
            text = numbers[index] if index >= 0 else ""
            style = styles[(state, CURSOR)] if c == self.cursor[1] and text else styles[state]
            segments.append(Segment(" " * (w - len(text)), styles["blank"]))
            segments.append(Segment(text, style))
        return Strip(segments, g.grid_width)

    def _row_clue(self, row: int | None, styles: dict[object, Style]) -> Strip:
        g = self.geometry
        if row is None:
            return Strip.blank(g.clue_width, styles["blank"])
        state = self.row_states[row]
        text = g.row_texts[row]
        mark = self.glyphs.error if state is LineState.BROKEN else " "
        style = styles[(state, CURSOR)] if row == self.cursor[0] else styles[state]
        return Strip(
            [
                Segment(mark, styles["error"]),
                Segment(" " * (g.row_text_width - len(text)), styles["blank"]),
                Segment(text, style),
                Segment(" ", styles["blank"]),
            ],
            g.clue_width,
        )

    def _separator_line(self, styles: dict[object, Style]) -> Strip:
        g = self.geometry
        glyphs = self.glyphs
        block = glyphs.horizontal * (GUIDE_EVERY * g.cell_width)
        groups = [block] * ((g.width + GUIDE_EVERY - 1) // GUIDE_EVERY)
        last = g.width % GUIDE_EVERY
        if last:
            groups[-1] = glyphs.horizontal * (last * g.cell_width)
        return Strip([Segment(glyphs.crossing.join(groups), styles["guide"])], g.grid_width)

    def _cell_line(self, row: int, styles: dict[object, Style]) -> Strip:
        g = self.geometry
        glyphs = self.glyphs
        w = g.cell_width
        pad = " " * (w - 1)
        text_of = {FILLED: glyphs.filled * w, EMPTY: pad + glyphs.crossed}
        unknown_text = pad + glyphs.unknown
        cursor_row, cursor_col = self.cursor
        in_row = row == cursor_row
        highlight = self.highlight
        segments = []
        cells = self.board.cells[row].tolist()
        guide = styles["guide-line" if in_row else "guide"]
        for c, value in enumerate(cells):
            if c and c % GUIDE_EVERY == 0:
                segments.append(Segment(glyphs.vertical, guide))
            state = value if value in (FILLED, EMPTY) else 0
            if in_row and c == cursor_col:
                mode = CURSOR
            elif highlight and (row, c) in highlight:
                mode = HIGHLIGHT
            elif in_row or c == cursor_col:
                mode = LINE
            else:
                mode = NORMAL
            if mode == CURSOR and state == FILLED:
                text = glyphs.filled_cursor * w
            else:
                text = text_of.get(state, unknown_text)
            style = styles[(state, mode)]
            if segments and segments[-1][1] is style:
                # one segment per run of equal style: far fewer for the compositor to cut
                segments[-1] = Segment(segments[-1][0] + text, style)
            else:
                segments.append(Segment(text, style))
        return Strip(segments, g.grid_width)

    # -- mouse --------------------------------------------------------------------------------

    def _cell_at(self, offset: Offset, clamp: bool) -> tuple[int, int] | None:
        g = self.geometry
        gx = offset.x - self.clue_columns + int(self.scroll_x)
        gy = offset.y - self.header_lines + int(self.scroll_y)
        if clamp:
            return g.nearest_row(gy), g.nearest_column(gx)
        if offset.x < self.clue_columns or offset.y < self.header_lines:
            return None
        row, column = g.row_at(gy), g.column_at(gx)
        if row is None or column is None:
            return None
        return row, column

    def on_mouse_down(self, event: events.MouseDown) -> None:
        offset = event.get_content_offset(self)
        if offset is None or event.button not in (1, 3):
            return
        cell = self._cell_at(offset, clamp=False)
        if cell is None:
            return
        event.stop()
        self.focus()
        self.capture_mouse()
        self._dragging = True
        self._last_drag = cell
        self.post_message(StrokeStarted(cell[0], cell[1], FILLED if event.button == 1 else EMPTY))

    def on_mouse_move(self, event: events.MouseMove) -> None:
        if not self._dragging:
            return
        cell = self._cell_at(event.get_content_offset_capture(self), clamp=True)
        if cell is not None and cell != self._last_drag:
            self._last_drag = cell
            self.post_message(StrokeMoved(cell[0], cell[1]))

    def on_mouse_up(self, event: events.MouseUp) -> None:
        if not self._dragging:
            return
        event.stop()
        self._dragging = False
        self.release_mouse()
        self.post_message(StrokeEnded())
