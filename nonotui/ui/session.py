"""The rules of play on one puzzle, free of Textual: cursor, marks, strokes, undo, solved.

The play screen turns keys and mouse messages into calls here; the session tells its listener
(:attr:`PlaySession.on_change`) after each change, and the screen copies what it draws into its
reactive attributes then. The tests drive the same object. The puzzle's kind is reached only through the registry and the
:class:`~nonotui.model.kind.Kind` protocol: its values (what a mark sets, what "unknown" is), its
units and their tracker, and whether a board is solved. Every change of the board goes through :meth:`PlaySession.commit`
(one undoable move) or a stroke, which shows its cells as the mouse drags and becomes one move
when the button is released.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from functools import update_wrapper
from typing import Concatenate, ParamSpec, TypeVar

from nonotui.model.history import Change, Move, MoveKind, make_move, move_to
from nonotui.model.kind import Game, PuzzleLike, UnitState, unknown_of
from nonotui.store import Progress

P = ParamSpec("P")
R = TypeVar("R")


@dataclass
class Stroke:
    """A mouse drag in progress: a straight run of cells from where the button went down.

    Attributes:
        start: The first cell.
        value: What the stroke paints (decided by the first cell and the button).
        axis: ``"row"`` or ``"column"`` once the drag has left the first cell.
        original: The value each touched cell had before the stroke, to restore cells the drag
            leaves again and to build the move.
    """

    start: tuple[int, int]
    value: int
    axis: str | None = None
    original: dict[tuple[int, int], int] = field(default_factory=dict)


@dataclass(frozen=True)
class KeyRun:
    """A run painted with keys (shift+arrows, or moves in paint mode) along one row or column.

    Attributes:
        start: Its first painted cell.
        axis: ``"row"`` or ``"column"``.
        mode: Painted in paint mode (it ends with the mode), not with shift+arrows.
        end: Where the cursor stood after its last step (a move from elsewhere starts anew).
    """

    start: tuple[int, int]
    axis: str
    mode: bool
    end: tuple[int, int]


def _tells(method: Callable[Concatenate[PlaySession, P], R]
           ) -> Callable[Concatenate[PlaySession, P], R]:
    """A method that changes what the session holds: its listener is told when it returns
    (once for the outermost such call, :meth:`PlaySession.changing`)."""

    def told(session: PlaySession, /, *args: P.args, **kwargs: P.kwargs) -> R:
        with session.changing():
            return method(session, *args, **kwargs)

    update_wrapper(told, method)
    return told


class PlaySession:
    """One puzzle being played."""

    def __init__(self, game: Game[PuzzleLike], progress: Progress, *,
                 read_only: bool = False) -> None:
        self.game = game
        """The puzzle's game, made once as it was opened: what the screens ask of its kind."""
        self.puzzle = game.puzzle
        self.progress = progress
        self.read_only = read_only
        self.board = progress.board
        self.history = progress.history
        self.values = self.game.values
        self.unknown = unknown_of(self.values)
        """An undecided cell: every value of the kind still allowed."""
        self.key_rules = self.game.key_rules
        masks = {value.name: value.mask for value in self.values}
        self.masks = masks
        """Each value's cell bitset, by the value's name."""
        self.colors = (tuple(v for v in self.values if v.role == "color")
                       if self.key_rules.digits == "palette" else ())
        """The palette's colours, key 1 first; empty when the kind's digits choose none."""
        self.color = 0
        """The current colour, an index into :attr:`colors`: what the primary value's keys,
        the left button, shift+arrows and paint mode mark."""
        self.units = self.game.units
        self.tracker = self.game.tracker(self.board)
        self.cursor = progress.cursor
        self.paint: int | None = None
        self.stroke: Stroke | None = None
        self.key_run: KeyRun | None = None
        """The run the last keys painted, while they go on painting it (:attr:`run`)."""
        self._previewed: dict[tuple[int, int], int] = {}
        """The cells an auto-solve shows without a move yet, each with its value before."""
        self.on_change: Callable[[], None] | None = None
        """Told after every change of the cursor, the board, the paint mode, the colour or a
        stroke (the play screen shows them from it), once per outermost call that made it."""
        self._changing = 0
        marks = self.key_rules.marks
        self.paint_names: dict[int | None, str] = {None: "off", self.unknown: "clear"}
        for color in self.colors:
            self.paint_names[color.mask] = f"fill {color.name}"
        for mark in reversed(marks):
            if mark.value not in (c.name for c in self.colors):
                self.paint_names[masks[mark.value]] = mark.label or mark.value

    @contextmanager
    def changing(self) -> Iterator[None]:
        """Changes made in the block are told to :attr:`on_change` once, as it ends."""
        self._changing += 1
        try:
            yield
        finally:
            self._changing -= 1
            if not self._changing and self.on_change is not None:
                self.on_change()

    # -- palette ----------------------------------------------------------------------------

    def mask_of(self, name: str) -> int:
        """The bitset a mark of the value named ``name`` sets: the current colour for the
        primary value of a palette, else that value's own."""
        if self.colors and name == self.key_rules.primary:
            return self.colors[self.color].mask
        return self.masks[name]

    @property
    def primary(self) -> int:
        """What the primary marks set now (a nonogram's fill, or the current colour)."""
        return self.mask_of(self.key_rules.primary)

    @_tells
    def choose_color(self, index: int) -> bool:
        """Make colour ``index`` (0-based) current; a paint mode painting a colour paints the
        new one. ``False`` when there is no such colour."""
        if not 0 <= index < len(self.colors):
            return False
        before = self.colors[self.color].mask
        self.color = index
        if self.paint == before:
            self.paint = self.colors[index].mask
        return True

    @property
    def paint_modes(self) -> tuple[int | None, ...]:
        """The paint mode cycles off, each marking key's value (fill in the current colour,
        cross), clear, off."""
        marks = dict.fromkeys(self.mask_of(m.value) for m in self.key_rules.marks)
        return (None, *marks, self.unknown)  # a value two keys mark is one mode

    # -- cursor -------------------------------------------------------------------------------

    def _clamp(self, row: int, column: int) -> tuple[int, int]:
        return (
            min(max(row, 0), self.puzzle.height - 1),
            min(max(column, 0), self.puzzle.width - 1),
        )

    @_tells
    def move(self, drow: int, dcol: int, count: int = 1, paint: int | None = None) -> Move | None:
        """Move the cursor ``count`` steps; paint the cells passed when asked or in paint mode.

        ``paint`` (from shift+arrows) paints the starting cell too, as a drag would, unless the
        step goes on a run of them (that cell is the run's, painted already). In paint mode
        every cell entered is painted. Either way the whole run is one move.
        """
        value = paint if paint is not None else self.paint
        path = [self.cursor] if paint is not None else []
        row, column = before = self.cursor
        for _ in range(max(count, 1)):
            row, column = self._clamp(row + drow, column + dcol)
            path.append((row, column))
        self.cursor = (row, column)
        self.progress.cursor = self.cursor
        if value is None:
            self.key_run = None
            return None
        run = self.key_run
        axis, mode = "row" if drow == 0 else "column", paint is None
        if run is None or (run.axis, run.mode, run.end) != (axis, mode, before):
            run = KeyRun(path[0], axis, mode, self.cursor)
        elif paint is not None and len(path) > 1:
            # the run goes on: its last cell is painted already (in the colour chosen then,
            # which a colour chosen since must not change)
            path = path[1:]
        move = self.commit(path, value, "paint" if len(path) > 1 else "mark")
        self.key_run = replace(run, end=self.cursor)  # commit() ended the run: it goes on
        return move

    @_tells
    def go_to(self, row: int, column: int) -> None:
        """Put the cursor on a cell."""
        self.key_run = None
        self.cursor = self._clamp(row, column)
        self.progress.cursor = self.cursor

    # -- marks --------------------------------------------------------------------------------

    @_tells
    def toggle(self, value: int) -> Move | None:
        """Mark the cursor cell with ``value``, or clear it when it already holds that value."""
        row, column = self.cursor
        current = int(self.board.cells[row, column])
        return self.commit([self.cursor], self.unknown if current == value else value)

    @_tells
    def mark(self, name: str, expand: bool = False) -> Move | None:
        """A marking key pressed on the cursor cell: its value there (and, for a key that
        expands, wherever the game's :meth:`~nonotui.model.kind.Game.expand_mark` spreads it,
        as one move), or the cell cleared when it already holds that value."""
        value = self.mask_of(name)
        row, column = self.cursor
        if not expand or int(self.board.cells[row, column]) == value:
            return self.toggle(value)
        if self.read_only:
            raise PermissionError("read-only")
        cells = list(self.game.expand_mark(self.board, self.cursor, value))
        return self._record(move_to(self.board, cells, "paint" if len(cells) > 1 else "mark"))

    @_tells
    def clear(self) -> Move | None:
        """Make the cursor cell unknown again."""
        return self.commit([self.cursor], self.unknown)

    @_tells
    def cycle_paint(self) -> int | None:
        """Switch to the next paint mode (off, then each marking key's value, then clear) and
        return it.

        Switching paints nothing: the mode paints the cells the cursor enters from now on, so
        cycling through the modes never spoils the cell under the cursor.
        """
        modes = self.paint_modes
        self.key_run = None
        self.paint = modes[(modes.index(self.paint) + 1) % len(modes)]
        return self.paint

    @_tells
    def end_paint(self) -> None:
        """Paint mode off (escape)."""
        self.paint = None

    @_tells
    def commit(
        self, cells: Iterable[tuple[int, int]], value: int, kind: MoveKind = "mark"
    ) -> Move | None:
        """Set ``cells`` to ``value`` as one undoable move; ``None`` if nothing changed.

        Raises:
            PermissionError: the session is read-only.
        """
        if self.read_only:
            raise PermissionError("read-only")
        self.key_run = None
        return self._record(make_move(self.board, cells, value, kind))

    @_tells
    def apply(self, cells: Iterable[tuple[int, int, int]], kind: MoveKind) -> Move | None:
        """Set each ``(row, column, value)`` as one undoable move of ``kind`` (``hint`` or
        ``solve``), counted in the statistics; ``None`` if nothing changed.

        Raises:
            PermissionError: the session is read-only.
        """
        if self.read_only:
            raise PermissionError("read-only")
        move = self._record(move_to(self.board, cells, kind))
        if move is not None and kind == "hint":
            self.progress.hints += 1
        elif move is not None and kind == "solve":
            self.progress.auto_solves += 1
        if move is not None and kind in ("hint", "solve"):  # its solve is assisted, undone or not
            self.progress.helped = True
        return move

    def note_help(self) -> None:
        """The player was shown a cell to try (a ``try`` hint): the solve is assisted, as
        after an applied hint (docs/playing.md, "Statistics")."""
        self.progress.helped = True

    def _record(self, move: Move | None) -> Move | None:
        """Make ``move`` on the board, in the history and the statistics (``None``: no move)."""
        if move is None:
            return None
        self.history.record(move, self.board)
        self.progress.moves += 1
        self.tracker.update(move.cells())
        return move

    @_tells
    def undo(self) -> Move | None:
        """Undo the last move (the cursor goes to its first cell, but for an auto-solve's)."""
        if self.read_only:
            raise PermissionError("read-only")
        move = self.history.undo(self.board)
        self._after_history(move)
        return move

    @_tells
    def redo(self) -> Move | None:
        """Redo the last undone move."""
        if self.read_only:
            raise PermissionError("read-only")
        move = self.history.redo(self.board)
        self._after_history(move)
        return move

    def _after_history(self, move: Move | None) -> None:
        if move is not None:
            self.tracker.update(move.cells())
            if move.kind != "solve":  # an auto-solve's cells are everywhere: the cursor stays
                first = move.changes[0]
                self.go_to(first.row, first.column)

    @_tells
    def restart(self) -> None:
        """Clear the board, the history, the time and the moves, and forget the help the board
        had: a new attempt (the best time stays)."""
        if self.read_only:
            raise PermissionError("read-only")
        self.board.cells[:] = self.unknown
        self.history.done.clear()
        self.history.undone.clear()
        self.progress.moves = 0
        self.progress.elapsed = 0.0
        self.progress.helped = False  # a new attempt
        self.tracker.refresh_all()

    # -- strokes ------------------------------------------------------------------------------

    @_tells
    def begin_stroke(self, row: int, column: int, value: int) -> None:
        """Start a drag on a cell: it paints ``value``, or clears when the cell holds it."""
        if self.read_only:
            raise PermissionError("read-only")
        self.go_to(row, column)
        current = int(self.board.cells[row, column])
        self.stroke = Stroke((row, column), self.unknown if current == value else value)
        self._stroke_to(row, column)

    @_tells
    def extend_stroke(self, row: int, column: int) -> None:
        """Drag to a cell: the stroke becomes the straight run from its start towards it."""
        stroke = self.stroke
        if stroke is None:
            return
        r0, c0 = stroke.start
        if stroke.axis is None and (row, column) != stroke.start:
            stroke.axis = "row" if abs(column - c0) >= abs(row - r0) else "column"
        if stroke.axis == "row":
            row = r0
        elif stroke.axis == "column":
            column = c0
        self._stroke_to(*self._clamp(row, column))

    def _stroke_to(self, row: int, column: int) -> None:
        stroke = self.stroke
        assert stroke is not None
        r0, c0 = stroke.start
        if row == r0:
            step = 1 if column >= c0 else -1
            run = {(r0, c) for c in range(c0, column + step, step)}
        else:
            step = 1 if row >= r0 else -1
            run = {(r, c0) for r in range(r0, row + step, step)}
        touched = []
        for cell, before in list(stroke.original.items()):
            if cell not in run:
                self.board.cells[cell] = before
                del stroke.original[cell]
                touched.append(cell)
        for cell in run:
            if cell not in stroke.original:
                stroke.original[cell] = int(self.board.cells[cell])
                self.board.cells[cell] = stroke.value
                touched.append(cell)
        self.cursor = (row, column)
        self.progress.cursor = self.cursor
        self.tracker.update(touched)

    @_tells
    def end_stroke(self) -> Move | None:
        """Release the button: the stroke becomes one undoable move (``None`` if it changed
        nothing)."""
        stroke, self.stroke = self.stroke, None
        if stroke is None:
            return None
        # Built from the stroke's snapshot, not by move_to: the board already shows the stroke
        # (it was drawn cell by cell during the drag), so only the snapshot knows each cell's
        # value before it.
        changes = tuple(
            Change(r, c, before, stroke.value)
            for (r, c), before in sorted(stroke.original.items())
            if before != stroke.value
        )
        if not changes:
            return None
        return self._record(Move(changes, "paint" if len(changes) > 1 else "mark"))

    # -- preview ------------------------------------------------------------------------------

    @_tells
    def preview(self, cells: Iterable[tuple[int, int, int]]) -> None:
        """Show each ``(row, column, value)`` on the board without making a move (an
        auto-solve's frames, shown one after another): :meth:`restore` takes them back off,
        :meth:`accept_preview` makes them one move. The player cannot mark meanwhile (the play
        screen refuses)."""
        cells = list(cells)
        board = self.board.cells
        for row, column, value in cells:
            self._previewed.setdefault((row, column), int(board[row, column]))
            board[row, column] = value
        self.tracker.update((r, c) for r, c, _ in cells)

    @property
    def previewing(self) -> bool:
        """Whether cells are shown by :meth:`preview`."""
        return bool(self._previewed)

    @_tells
    def restore(self) -> list[tuple[int, int, int]]:
        """Put back every cell :meth:`preview` changed; returns what was shown there, as
        ``(row, column, value)`` in the order the cells were first previewed."""
        board = self.board.cells
        shown = [(r, c, int(board[r, c])) for r, c in self._previewed]
        for (r, c), before in self._previewed.items():
            board[r, c] = before
        self._previewed = {}
        self.tracker.update((r, c) for r, c, _ in shown)
        return shown

    @_tells
    def accept_preview(self, kind: MoveKind = "solve") -> Move | None:
        """Make what the preview shows one undoable move of ``kind`` (:meth:`apply`); ``None``
        when it changed nothing."""
        return self.apply(self.restore(), kind)

    @contextmanager
    def preview_hidden(self) -> Iterator[None]:
        """The board without the preview for the time of the block (a save: the previewed cells
        are not a move yet, and a save never holds cells its undo history cannot explain)."""
        if not self._previewed:
            yield
            return
        with self.changing():  # the listener sees the board as it ends: unchanged
            shown = self.restore()
            try:
                yield
            finally:
                self.preview(shown)

    # -- state --------------------------------------------------------------------------------

    @property
    def solved(self) -> bool:
        """Whether the board is a solution, as the kind judges it (asked only once the tracker,
        kept up to date move by move, finds every unit satisfied)."""
        return self.tracker.solved and self.game.is_solved(self.board)

    @property
    def run(self) -> tuple[int, str | None] | None:
        """The length of the run being painted (a mouse drag, shift+arrows, or moves in paint
        mode), counted from its first cell to the cursor, and its axis (``None`` while a drag
        has not left its first cell); ``None`` when no run is being painted."""
        stroke = self.stroke
        if stroke is not None:
            return len(stroke.original), stroke.axis
        run = self.key_run
        if run is None or (run.mode and self.paint is None) or run.end != self.cursor:
            return None
        (r0, c0), (r, c) = run.start, self.cursor
        return abs(r - r0) + abs(c - c0) + 1, run.axis

    def unit_states(self) -> list[UnitState]:
        """The state of every unit, by unit number."""
        state = self.tracker.state
        return [state(u) for u in range(len(self.units))]
