"""The grid: one line-API widget that draws clues and cells and turns the mouse into strokes.

It is a :class:`~textual.scroll_view.ScrollView` whose ``render_line`` builds each screen line
as a :class:`~textual.strip.Strip`; there is no widget per cell, so a 100x100 puzzle costs the
same to draw as the lines on screen. The column clues (top) and row clues (left) are drawn by
the same ``render_line`` at fixed screen positions, so they stay in view while the cells scroll.

A key press repaints only what it changed: :meth:`GridView.show` compares the state with a copy
of what was last drawn and refreshes the regions of changed rows and columns (the old and new
cursor's included, for their highlight), and :mod:`~nonotui.ui.painter` keeps the lines'
segments so that the lines Textual asks for again are cheap to give.

What it draws comes from the puzzle's kind, through the protocol: the margins' numbers
(:meth:`~nonotui.model.kind.Kind.margins`), the separators and walls between cells
(:meth:`~nonotui.model.kind.Kind.borders`), the cells' glyphs and colours by their values' roles
(:meth:`~nonotui.model.kind.Kind.values`), and what each mouse button marks
(:meth:`~nonotui.model.kind.Kind.key_rules`).

The widget only draws what its attributes say (board, unit states, cursor, highlighted cells)
and posts :mod:`~nonotui.ui.messages` for mouse strokes; the play screen owns the rules.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from rich.segment import Segment
from textual import events
from textual.binding import Binding
from textual.containers import Container
from textual.geometry import Offset, Region, Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from nonotui.model.board import Board
from nonotui.model.kind import Game, PuzzleLike, UnitGuide, UnitState
from nonotui.ui.geometry import WALL_WIDTHS, WIDTHS, Geometry
from nonotui.ui.glyphs import UNICODE, Glyphs
from nonotui.ui.gridstyle import style_table
from nonotui.ui.messages import Reply, StrokeEnded, StrokeMoved, StrokeStarted, Zoomed
from nonotui.ui.painter import CellMarks, GridPainter, StyleTable, cut
from nonotui.ui.palette import WHITE, colors_collapse

Label = tuple[int, int, str]
"""The run's length drawn beside the cursor: grid line, grid x, text."""


class _View(NamedTuple):
    """The widget's visible area in one paint: size, pinned panels, scroll offset."""

    width: int
    height: int
    header: int
    """Lines of column clues shown."""
    panel: int
    """Columns of row clues shown."""
    sx: int
    sy: int


class _Drawn(NamedTuple):
    """A copy of the state the grid last drew, to find what a change touched."""

    cells: np.ndarray
    states: tuple[UnitState, ...]
    cursor: tuple[int, int]
    marks: CellMarks
    guides: dict[int, UnitGuide]
    label: Label | None

    @classmethod
    def of(cls, grid: GridView) -> _Drawn:
        return cls(
            grid.board.cells.copy(),
            tuple(grid.unit_states),
            grid.cursor,
            CellMarks(grid.highlight, grid.hint_line, grid.wrong),
            dict(grid.guides),
            grid.run_label(grid._view_now()),
        )


class BoardFrame(Container):
    """The room the grid has on the play screen: when it changes size (the terminal's did), the
    grid picks its cell width again (:meth:`GridView.fit`)."""

    def on_resize(self, _event: events.Resize) -> None:
        for grid in self.query(GridView):
            grid.fit()


class GridView(ScrollView, can_focus=True, inherit_bindings=False):
    """Margins and cells of one puzzle of any kind.

    ScrollView's own bindings (arrows, home, end, page keys scroll the view) are not inherited:
    on a puzzle larger than the view they would take those keys before the play screen's
    cursor bindings. The view follows the cursor instead, and the mouse wheel still scrolls.

    Each cell is 1, 2 or 3 characters wide: by default the widest at which every column is in
    view (rows scroll), chosen again when the terminal's size changes, until the zoom key picks
    one (:meth:`action_zoom`).
    """

    BINDINGS = [Binding("z", "zoom", "Zoom", show=False)]

    COMPONENT_CLASSES = {
        "grid--filled",
        "grid--crossed",
        "grid--unknown",
        "grid--guide",
        "grid--cursor-line",
        "grid--cursor",
        "grid--highlight",
        "grid--hint-line",
        "grid--clue",
        "grid--clue-done",
        "grid--clue-error",
        "grid--clue-cursor",
        "grid--wall",
        "grid--clue-shade",
        "grid--run",
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
    GridView > .grid--highlight { background: $warning 40%; text-style: bold; }
    GridView > .grid--hint-line { background: $warning 12%; text-style: underline; }
    GridView > .grid--clue { color: $foreground; }
    GridView > .grid--clue-done { color: $foreground 40%; text-style: dim; }
    GridView > .grid--clue-error { color: $error; text-style: bold; }
    GridView > .grid--clue-cursor { text-style: bold reverse; }
    GridView > .grid--wall { color: $foreground; text-style: bold; }
    GridView > .grid--clue-shade { background: $primary 30%; text-style: underline; }
    GridView > .grid--run { color: $text; background: $warning; text-style: bold; }
    """

    def __init__(self, game: Game[PuzzleLike], board: Board, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.game = game
        self.puzzle = game.puzzle
        self.board = board
        self.values = game.values
        self.geometry = Geometry.of(game)
        self.glyphs: Glyphs = UNICODE
        self.cursor: tuple[int, int] = (0, 0)
        self.unit_states: list[UnitState] = ["open"] * len(game.units)
        """The state of every unit, by unit number."""
        rules = game.key_rules
        masks = {value.name: value.mask for value in self.values}
        self.buttons = {1: masks[rules.primary], 3: masks[rules.secondary]}
        """What each mouse button marks: left, right, and the middle one when the kind says."""
        if rules.middle is not None:
            self.buttons[2] = masks[rules.middle]
        self._left_of: dict[int, list[int]] = {}
        """The rows whose left margin labels each unit."""
        self._above: dict[int, list[int]] = {}
        """The columns whose top margin labels each unit."""
        for label in game.margins.labels:
            slots = self._left_of if label.side == "left" else self._above
            slots.setdefault(label.unit, []).append(label.index)
        self.highlight: frozenset[tuple[int, int]] = frozenset()
        """The cells a hint is about; drawn with ``grid--highlight`` and the hint glyph from the
        next :meth:`show`."""
        self.hint_line: frozenset[tuple[int, int]] = frozenset()
        """The other cells of the hint's line, drawn with ``grid--hint-line``."""
        self.wrong: frozenset[tuple[int, int]] = frozenset()
        """Marks a check found wrong, drawn with the error glyph in front."""
        self.guides: dict[int, UnitGuide] = {}
        """The guide of each unit, by unit number (none until the engine is ready): certain
        numbers dimmed, an error mark when the marks fit no arrangement."""
        self._painter: GridPainter | None = None
        self._drawn: _Drawn | None = None
        self._view: _View | None = None
        self._dragging = False
        self._last_drag: tuple[int, int] | None = None
        self._lettered: frozenset[int] = frozenset()
        """Masks of colour values drawn as letters on a colour screen: too faint on its
        background (:data:`~nonotui.ui.palette.FAINT`)."""
        self.letters = False
        """Colour values are drawn as their characters, in the cells and beside the clue
        numbers: colour alone cannot tell them apart here (:meth:`letters_needed`)."""
        self.zoom: int | None = None
        """The cell width the player chose with the zoom key; ``None``: the fitting one."""
        self.run: tuple[int, str | None] | None = None
        """The length of the run being painted and its axis (``"row"``, ``"column"``, or
        ``None`` on its first cell), drawn beside the cursor (:meth:`run_label`)."""
        self._label: Label | None = None
        self.virtual_size = Size(self.geometry.total_width, self.geometry.total_height)

    def on_mount(self) -> None:
        self._choose_letters()

    # -- colours ---------------------------------------------------------------------------------

    @property
    def colored(self) -> bool:
        """Whether the terminal shows colour (not under ``NO_COLOR``)."""
        return not getattr(self.app, "no_color", False)

    def letters_needed(self) -> bool:
        """Whether the puzzle's colour values must be told apart by their characters: under
        ``NO_COLOR``, with the ASCII glyphs, or on a terminal whose colours (16 or 256) show
        two of them as one, or beside a ``filled`` value, whose solid glyph they would share;
        never for a puzzle without colour values."""
        colors = [v.rgb for v in self.values if v.role == "color" and v.rgb]
        if not colors:
            return False
        if self.glyphs.name == "ascii" or not self.colored:
            return True
        if any(v.role == "filled" for v in self.values):
            return True
        return colors_collapse(colors, self.app.console.color_system)

    def _choose_letters(self) -> None:
        """Draw letters or colours as :meth:`letters_needed` says; the margins widen by a letter
        per coloured number when letters are drawn."""
        letters = self.letters_needed()
        if letters == self.letters:
            return
        self.letters = letters
        self._set_cell_width(self.geometry.cell_width)
        self.fit()  # letters widen the clues: the width that fits may be narrower now

    def _set_cell_width(self, cell_width: int) -> None:
        """Lay the puzzle out again at ``cell_width``, with the letters as chosen."""
        chars = ({v.bit: v.char for v in self.values if v.role == "color"} if self.letters
                 else None)
        self.geometry = Geometry.of(self.game, chars, cell_width)
        g = self.geometry
        self.virtual_size = Size(self.clue_columns + g.grid_width, self.header_lines + g.grid_height)
        self._repaint_all()
        self.scroll_to_cursor()

    # -- cell width ------------------------------------------------------------------------------

    def room(self) -> int:
        """The width the grid may take: its frame's, less a column for the scroll bar when the
        rows do not all fit in its height."""
        frame = self.parent.size if isinstance(self.parent, Container) else self.size
        g = self.geometry
        scrollbar = 1 if g.total_height > frame.height > 0 else 0
        return frame.width - scrollbar

    def fit(self) -> None:
        """Take the widest cell width at which every column is in view (unless the player chose
        one with the zoom key)."""
        room = self.room()
        if self.zoom is None and room > 0:
            width = self.geometry.fitting_width(room)
            if width != self.geometry.cell_width:
                self._set_cell_width(width)

    def action_zoom(self) -> None:
        """The next cell width (1, 2, 3 characters, and round; 2 and 3 with walls); the width
        stays until the zoom key is pressed again."""
        widths = WALL_WIDTHS if self.geometry.walls else WIDTHS
        now = self.geometry.cell_width
        width = next((w for w in widths if w > now), widths[0])
        self.zoom = width
        self._set_cell_width(width)
        g = self.geometry
        shown = g.shown_width(self.room()) <= self.room()
        columns = "every column in view" if shown else "the board scrolls sideways"
        self.post_message(Zoomed(Reply(f"zoom: {width} character{'s' * (width > 1)} per "
                                       f"cell, {columns} (z again to change)")))

    # -- pinned panel sizes ----------------------------------------------------------------------

    def _view_now(self) -> _View:
        """The visible area, the pinned panels' sizes and the scroll offset, measured now."""
        region = self.scrollable_content_region
        width = region.width or self.size.width
        height = region.height or self.size.height
        g = self.geometry
        # At most half the view each, on a small terminal: the column clues keep their last
        # lines and the row clues their right ends, the numbers nearest the cells (the status
        # line names the whole clues of the cursor's row and column).
        header = g.header_height if height <= 0 else min(g.header_height, max(3, height // 2))
        panel = g.clue_width if width <= 0 else min(g.clue_width, max(6, width // 2))
        return _View(width, height, header, panel, int(self.scroll_x), int(self.scroll_y))

    @property
    def header_lines(self) -> int:
        """Lines of column clues shown: all of them, or at most half the view on a small
        terminal (then the numbers nearest the cells are kept and the status line has the rest)."""
        return self._view_now().header

    @property
    def clue_columns(self) -> int:
        """Width of the row clue panel shown: all of it, or at most half the view."""
        return self._view_now().panel

    def on_resize(self, _event: events.Resize) -> None:
        self.fit()
        g = self.geometry
        self.virtual_size = Size(
            self.clue_columns + g.grid_width, self.header_lines + g.grid_height
        )
        self.scroll_to_cursor()

    # -- attributes set by the screen ----------------------------------------------------------

    def show(self, cursor: tuple[int, int], states: list[UnitState]) -> None:
        """Take the cursor and unit states to draw, keep the cursor in view, and repaint what
        changed since the last call: the lines of changed cells and highlighted cells, the
        margins of units whose state or guide changed, and the old and new cursor's row and
        column."""
        self.cursor = cursor
        self.unit_states = states
        self.scroll_to_cursor()
        self._repaint_changes()

    def set_glyphs(self, glyphs: Glyphs) -> None:
        """Draw with another glyph set."""
        self.glyphs = glyphs
        self._repaint_all()
        if self.is_mounted:
            self._choose_letters()

    def scroll_to_cursor(self) -> None:
        """Scroll the cells (not the clues) just enough that the cursor's cell is visible."""
        g = self.geometry
        view = self._view_now()
        view_w = max(1, view.width - view.panel)
        view_h = max(1, view.height - view.header)
        row, column = self.cursor
        x0, y0 = g.cell_x(column), g.row_y(row)
        sx, sy = view.sx, view.sy
        if x0 < sx:
            sx = x0
        elif x0 + g.cell_width > sx + view_w:
            sx = x0 + g.cell_width - view_w
        if y0 < sy:
            sy = y0
        elif y0 + 1 > sy + view_h:
            sy = y0 + 1 - view_h
        if (sx, sy) != (view.sx, view.sy):
            # Textual repaints the whole widget when the scroll offset changes.
            self.scroll_to(sx, sy, animate=False, immediate=True)

    def page_rows(self) -> int:
        """How many rows of cells one screenful shows (at least one)."""
        g = self.geometry
        view = self._view_now()
        lines = max(1, view.height - view.header)
        top = g.nearest_row(view.sy)
        bottom = g.nearest_row(view.sy + lines - 1)
        return max(1, bottom - top + 1)

    def scroll_lines(self, lines: int) -> None:
        """Scroll the cells by ``lines`` screen lines (down when positive), as far as they go."""
        view = self._view_now()
        shown = max(1, view.height - view.header)
        sy = min(max(view.sy + lines, 0), max(0, self.geometry.grid_height - shown))
        if sy != view.sy:
            self.scroll_to(view.sx, sy, animate=False, immediate=True)

    # -- what to repaint --------------------------------------------------------------------------

    def _repaint_all(self) -> None:
        self._painter = None
        self._drawn = None
        self.refresh()

    def _repaint_changes(self) -> None:
        """Forget the cached lines that no longer hold and refresh only their regions.

        The widget keeps a copy of what it last drew, so it finds the changes itself, whatever
        made them (a key, a stroke, undo, a restart), rather than trusting callers to say.
        """
        drawn = self._drawn
        now = _Drawn.of(self)
        self._drawn = now
        painter = self._painter
        if drawn is None or painter is None:
            self.refresh()
            return
        rows = {int(r) for r in np.flatnonzero((now.cells != drawn.cells).any(axis=1))}
        rows.update(now.marks.touched_rows(drawn.marks))
        units = {u for u, (a, b) in enumerate(zip(now.states, drawn.states)) if a != b}
        before = drawn.guides
        units.update(u for u, guide in now.guides.items()
                     if guide is not before.get(u) and guide != before.get(u))
        units.update(u for u in before if u not in now.guides)
        columns: set[int] = set()
        lines = {label[0] for label in (now.label, drawn.label)
                 if label is not None and now.label != drawn.label}
        for unit in units:
            rows.update(self._left_of.get(unit, ()))
            columns.update(self._above.get(unit, ()))
        painter.forget_rows(rows)
        if columns:
            painter.forget_header()
        # the cursor's row and column are highlighted across the grid and the clues
        if now.cursor[0] != drawn.cursor[0]:
            rows.update((now.cursor[0], drawn.cursor[0]))
        if now.cursor[1] != drawn.cursor[1]:
            columns.update((now.cursor[1], drawn.cursor[1]))
        regions = self._line_regions(rows, lines) + self._column_regions(columns)
        if regions:
            self.refresh(*regions)

    def _line_regions(self, rows: set[int], lines: frozenset[int] | set[int] = frozenset()
                      ) -> list[Region]:
        """The screen lines (clue and cells) of ``rows``, and the grid ``lines``, in view."""
        view, g = self._view_now(), self.geometry
        regions = []
        for gy in {g.row_y(row) for row in rows} | lines:
            y = view.header + gy - view.sy
            if view.header <= y < view.height:
                regions.append(Region(0, y, view.width, 1))
        return regions

    def _column_regions(self, columns: set[int]) -> list[Region]:
        """The screen columns (clue numbers, marks and cells) of ``columns`` that are in view."""
        view, g = self._view_now(), self.geometry
        regions = []
        for column in columns:
            x = view.panel + g.cell_x(column) - view.sx
            left, right = max(x, view.panel), min(x + g.cell_width, view.width)
            if left < right:
                regions.append(Region(left, 0, right - left, view.height))
        return regions

    # -- styles -------------------------------------------------------------------------------

    def notify_style_update(self) -> None:
        # Theme or CSS changed: the Rich styles, and every line drawn with them, are stale.
        self._painter = None
        super().notify_style_update()

    def _painter_now(self) -> GridPainter:
        if self._painter is None or self._painter.glyphs is not self.glyphs:
            styles = self._style_table()
            self._painter = GridPainter(self.geometry, self.glyphs, styles, self.values,
                                        self.letters, self._lettered)
        return self._painter

    def _style_table(self) -> StyleTable:
        surface = self.background_colors[1].hex if self.colored else WHITE
        table, self._lettered = style_table(self.get_component_rich_style, self.values,
                                            self.colored, surface, self.letters)
        return table

    # -- drawing ------------------------------------------------------------------------------

    def render_lines(self, crop: Region) -> list[Strip]:
        # Measure the view once for all the lines of this paint, not once per line.
        self._view = self._view_now()
        self._label = self.run_label(self._view)
        try:
            return super().render_lines(crop)
        finally:
            self._view = None

    def render_line(self, y: int) -> Strip:
        """Screen line ``y``: pinned clue panels around the scrolled part of the cells."""
        g = self.geometry
        view = self._view or self._view_now()
        painter = self._painter_now()
        painter.set_window(view.sx, view.sx + max(0, view.width - view.panel))
        blank = painter.styles["blank"]
        header, panel = view.header, view.panel
        if y < header:
            if header < g.header_height and y == 0:
                left = [Segment("^ more".ljust(panel)[:panel], painter.styles["error"])]
            else:
                left = [Segment(" " * panel, blank)]
            # a clipped header keeps its last lines, the numbers nearest the cells
            right = painter.header_line(
                y + g.header_height - header, self.unit_states, self.cursor[1], self.guides
            )
        else:
            gy = y - header + view.sy
            if gy >= g.grid_height:
                return Strip.blank(view.width, blank)
            row = g.row_at(gy)
            if row is None:
                above = -1 if g.frame and gy == 0 else g.nearest_row(gy)  # -1: the frame's top
                left, right = painter.blank_clue(), painter.separator(above)
            else:
                left = painter.row_clue(row, self.unit_states, row == self.cursor[0],
                                        self.guides)
                right = painter.cell_line(row, self.board, self.cursor,
                                          CellMarks(self.highlight, self.hint_line, self.wrong))
            label = self._label
            if label is not None and label[0] == gy:
                right = painter.overlay(right, label[1], label[2], painter.styles["run"])
            if panel < g.clue_width:
                left = cut(left, g.clue_width - panel, g.clue_width)
        # the one Strip made for this line
        return Strip([*left, *right]).adjust_cell_length(view.width, blank)

    def run_label(self, view: _View) -> Label | None:
        """Where the run's length stands: above the cursor's cell for a run along a row (below
        it on the top line of the view), else just right of it (left at the right edge), so that
        it never hides the run's own cells."""
        if self.run is None:
            return None
        length, axis = self.run
        g, (row, column), text = self.geometry, self.cursor, str(length)
        gy, x = g.row_y(row), g.cell_x(column)
        if axis == "row" and g.grid_height > 1:
            above = gy - 1 >= max(view.sy, 0)
            return (gy - 1 if above else gy + 1, x + max(0, g.cell_width - len(text)), text)
        after = x + g.cell_width
        if after + len(text) > g.grid_width:
            after = max(0, x - len(text))
        return gy, after, text

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
        value = self.buttons.get(event.button)
        if offset is None or value is None:
            return
        cell = self._cell_at(offset, clamp=False)
        if cell is None:
            return
        event.stop()
        self.focus()
        self.capture_mouse()
        self._dragging = True
        self._last_drag = cell
        self.post_message(StrokeStarted(cell[0], cell[1], value))

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
