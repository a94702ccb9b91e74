"""The grid: one line-API widget that draws clues and cells and turns the mouse into strokes.

It is a :class:`~textual.scroll_view.ScrollView` whose ``render_line`` builds each screen line
as a :class:`~textual.strip.Strip`; there is no widget per cell, so a 100x100 puzzle costs the
same to draw as the lines on screen. The column clues (top) and row clues (left) are drawn by
the same ``render_line`` at fixed screen positions, so they stay in view while the cells scroll.

A key press repaints only what it changed: what the grid draws from is held in reactive
attributes (the board, the cursor, the units' states and guides, the hint's and the check's
cells, the run being painted, the glyphs), whose watchers get the old and the new value and
refresh the regions of the rows and columns that differ (the old and new cursor's included, for
their highlight), as Textual's checker board example does; :mod:`~nonotui.ui.painter` keeps the
lines' segments so that the lines Textual asks for again are cheap to give.

What it draws comes from the puzzle's kind, through the protocol: the margins' numbers
(:meth:`~nonotui.model.kind.Kind.margins`), the separators and walls between cells
(:meth:`~nonotui.model.kind.Kind.borders`), the cells' glyphs and colours by their values' roles
(:meth:`~nonotui.model.kind.Kind.values`), and what each mouse button marks
(:meth:`~nonotui.model.kind.Kind.key_rules`).

The widget only draws what its attributes say, which the play screen binds to its own
(``data_bind``), and posts :mod:`~nonotui.ui.messages` for mouse strokes and its choice of
letters; the play screen owns the rules.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import NamedTuple

import numpy as np
from rich.segment import Segment
from textual import events
from textual.binding import Binding
from textual.containers import Container
from textual.geometry import Offset, Region, Size
from textual.reactive import var
from textual.scroll_view import ScrollView
from textual.strip import Strip

from nonotui.model.board import Board
from nonotui.model.kind import Cell, Game, PuzzleLike, UnitGuide, UnitState
from nonotui.ui.geometry import WALL_WIDTHS, WIDTHS, Geometry
from nonotui.ui.glyphs import UNICODE, Glyphs
from nonotui.ui.gridstyle import style_table
from nonotui.ui.messages import (
    LettersChosen,
    Reply,
    StrokeEnded,
    StrokeMoved,
    StrokeStarted,
    Zoomed,
)
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

    # What the grid draws: each watcher repaints what differs between the old value and the new.
    board: var[Board] = var(lambda: Board.full(0, 0, 0), init=False)
    """The cells, a copy the screen hands down after each change (the grid never reads a board
    that changes under it)."""
    cursor: var[Cell] = var((0, 0), init=False)
    unit_states: var[tuple[UnitState, ...]] = var((), init=False)
    """The state of every unit, by unit number."""
    guides: var[Mapping[int, UnitGuide]] = var(lambda: {}, init=False)
    """The guide of each unit, by unit number (none until the engine is ready): certain
    numbers dimmed, an error mark when the marks fit no arrangement."""
    highlight: var[frozenset[Cell]] = var(frozenset(), init=False)
    """The cells a hint is about; drawn with ``grid--highlight`` and the hint glyph."""
    hint_line: var[frozenset[Cell]] = var(frozenset(), init=False)
    """The other cells of the hint's line, drawn with ``grid--hint-line``."""
    wrong: var[frozenset[Cell]] = var(frozenset(), init=False)
    """Marks a check found wrong, drawn with the error glyph in front."""
    narrowed: var[Mapping[Cell, int]] = var(lambda: {}, init=False)
    """Undecided cells a hint narrowed, with the values each may still take: drawn as those
    values' letters (never set on the board)."""
    run: var[tuple[int, str | None] | None] = var(None, init=False)
    """The length of the run being painted and its axis (``"row"``, ``"column"``, or ``None``
    on its first cell), drawn beside the cursor (:meth:`run_label`)."""
    glyphs: var[Glyphs] = var(UNICODE, init=False)
    primary: var[int] = var(0, init=False)
    """What the left button marks: the kind's primary value (a colour puzzle's current
    colour)."""

    def __init__(self, game: Game[PuzzleLike], board: Board, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.set_reactive(GridView.board, board.copy())
        self._left_of: dict[int, list[int]] = {}
        """The rows whose left margin labels each unit."""
        self._above: dict[int, list[int]] = {}
        """The columns whose top margin labels each unit."""
        self._take_game(game)
        self.geometry = Geometry.of(game)
        self._painter: GridPainter | None = None
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
        self._label: Label | None = None
        """The run's length as this paint draws it."""
        self._label_drawn: Label | None = None
        """The run's length where the last change put it, to repaint its line when it moves."""
        self.virtual_size = Size(self.geometry.total_width, self.geometry.total_height)

    def _take_game(self, game: Game[PuzzleLike]) -> None:
        """Read what the grid draws from ``game``: values, units, key rules, margins."""
        self.game = game
        self.puzzle = game.puzzle
        self.values = game.values
        open_: UnitState = "open"
        self.set_reactive(GridView.unit_states, (open_,) * len(game.units))
        rules = game.key_rules
        masks = {value.name: value.mask for value in self.values}
        self.set_reactive(GridView.primary, masks[rules.primary])
        self._other_buttons = {3: masks[rules.secondary]}
        if rules.middle is not None:
            self._other_buttons[2] = masks[rules.middle]
        self._left_of.clear()
        self._above.clear()
        for label in game.margins.labels:
            slots = self._left_of if label.side == "left" else self._above
            slots.setdefault(label.unit, []).append(label.index)

    def set_game(self, game: Game[PuzzleLike], board: Board) -> None:
        """Draw another puzzle of the same size and values, on ``board`` (the maker's: every
        change of the drawing changes its clues, hence the margins' sizes)."""
        self._take_game(game)
        self.set_reactive(GridView.board, board.copy())
        self._set_cell_width(self.geometry.cell_width)
        self.refresh(layout=True)

    def on_mount(self) -> None:
        self._choose_letters()

    @property
    def buttons(self) -> dict[int, int]:
        """What each mouse button marks: left, right, and the middle one when the kind says."""
        return {1: self.primary, **self._other_buttons}

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
        self.post_message(LettersChosen(letters))
        self._set_cell_width(self.geometry.cell_width)
        self.fit()  # letters widen the clues: the width that fits may be narrower now

    def _set_cell_width(self, cell_width: int) -> None:
        """Lay the puzzle out again at ``cell_width``, with the letters as chosen."""
        chars = ({v.bit: v.char for v in self.values if v.role == "color"} if self.letters
                 else None)
        self.geometry = Geometry.of(self.game, chars, cell_width)
        g = self.geometry
        self.virtual_size = Size(self.clue_columns + g.grid_width, self.header_lines + g.grid_height)
        self.repaint_all()
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

    # -- watchers: each repaints what differs between the old value and the new -----------------

    def watch_cursor(self, before: Cell, cursor: Cell) -> None:
        """Keep the cursor in view; repaint its old and new row and column (highlighted across
        the cells and the clues), and the run's length, which stands beside it."""
        self.scroll_to_cursor()
        rows = {before[0], cursor[0]} if before[0] != cursor[0] else set()
        columns = {before[1], cursor[1]} if before[1] != cursor[1] else set()
        self._refresh(rows, columns)
        self._move_label()

    def watch_board(self, before: Board, board: Board) -> None:
        """Repaint the rows whose cells changed."""
        changed = (board.cells != before.cells).any(axis=1)
        self._repaint_rows({int(r) for r in np.flatnonzero(changed)})

    def watch_unit_states(self, before: tuple[UnitState, ...],
                          states: tuple[UnitState, ...]) -> None:
        """Repaint the margins of the units whose state changed."""
        self._repaint_units({u for u, (a, b) in enumerate(zip(states, before)) if a != b})

    def watch_guides(self, before: Mapping[int, UnitGuide],
                     guides: Mapping[int, UnitGuide]) -> None:
        """Repaint the margins of the units whose guide changed, came or went."""
        units = {u for u, guide in guides.items()
                 if guide is not before.get(u) and guide != before.get(u)}
        units.update(u for u in before if u not in guides)
        self._repaint_units(units)

    def _marks_changed(self, before: frozenset[Cell], cells: frozenset[Cell]) -> None:
        """Repaint the rows of the cells marked or unmarked."""
        self._repaint_rows({r for r, _ in before ^ cells})

    watch_highlight = watch_hint_line = watch_wrong = _marks_changed

    def watch_narrowed(self, before: Mapping[Cell, int], cells: Mapping[Cell, int]) -> None:
        """Repaint the rows of the cells narrowed or no longer."""
        self._repaint_rows({cell[0] for cell, _ in set(before.items()) ^ set(cells.items())})

    def watch_run(self) -> None:
        self._move_label()

    def watch_glyphs(self) -> None:
        """Draw everything with the new glyphs; letters may be needed now (ASCII)."""
        self.repaint_all()
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

    def repaint_all(self) -> None:
        """Draw every line again from scratch (the cell width, the glyphs or the theme changed)."""
        self._painter = None
        self.refresh()

    def _repaint_rows(self, rows: set[int]) -> None:
        """Forget the cached lines of ``rows`` (their cells and left margins) and refresh them."""
        if self._painter is not None:
            self._painter.forget_rows(rows)
        self._refresh(rows)

    def _repaint_units(self, units: set[int]) -> None:
        """Forget and refresh the margins that label ``units``: a row's left margin, or the
        whole top margin for a column's."""
        rows: set[int] = set()
        columns: set[int] = set()
        for unit in units:
            rows.update(self._left_of.get(unit, ()))
            columns.update(self._above.get(unit, ()))
        if self._painter is not None:
            self._painter.forget_rows(rows)
            if columns:
                self._painter.forget_header()
        self._refresh(rows, columns)

    def _move_label(self) -> None:
        """Repaint the line the run's length left and the one it moved to."""
        label = self.run_label(self._view_now())
        if label != self._label_drawn:
            lines = {shown[0] for shown in (label, self._label_drawn) if shown is not None}
            self._label_drawn = label
            self._refresh(lines=lines)

    def _refresh(self, rows: Iterable[int] = (), columns: Iterable[int] = (),
                 lines: Iterable[int] = ()) -> None:
        """Refresh the screen lines of ``rows`` and grid ``lines``, and the screen columns of
        ``columns``, where they are in view."""
        regions = self._line_regions(rows, lines) + self._column_regions(columns)
        if regions:
            self.refresh(*regions)

    def _line_regions(self, rows: Iterable[int], lines: Iterable[int] = ()) -> list[Region]:
        """The screen lines (clue and cells) of ``rows``, and the grid ``lines``, in view."""
        view, g = self._view_now(), self.geometry
        regions = []
        for gy in {g.row_y(row) for row in rows} | set(lines):
            y = view.header + gy - view.sy
            if view.header <= y < view.height:
                regions.append(Region(0, y, view.width, 1))
        return regions

    def _column_regions(self, columns: Iterable[int]) -> list[Region]:
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
                                          CellMarks(self.highlight, self.hint_line, self.wrong,
                                                    self.narrowed))
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
