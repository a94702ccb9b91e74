"""The rules of play on one puzzle, free of Textual: cursor, marks, strokes, undo, solved.

The play screen turns keys and mouse messages into calls here and redraws from the result; the
tests drive the same object. Every change of the board goes through :meth:`PlaySession.commit`
(one undoable move) or a stroke, which shows its cells as the mouse drags and becomes one move
when the button is released.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from nonotui.kinds.nonogram.puzzle import Puzzle
from nonotui.kinds.nonogram.tracker import ClueTracker
from nonotui.model import EMPTY, FILLED, UNKNOWN
from nonotui.model.history import Change, Move, make_move
from nonotui.store import Progress

PAINT_MODES = (None, FILLED, EMPTY, UNKNOWN)
"""The paint mode cycles off, fill, cross, clear, off."""

PAINT_NAMES = {None: "off", FILLED: "fill", EMPTY: "cross", UNKNOWN: "clear"}


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


class PlaySession:
    """One puzzle being played."""

    def __init__(self, puzzle: Puzzle, progress: Progress, *, read_only: bool = False) -> None:
        self.puzzle = puzzle
        self.progress = progress
        self.read_only = read_only
        self.board = progress.board
        self.history = progress.history
        self.tracker = ClueTracker(puzzle, self.board)
        self.cursor = progress.cursor
        self.paint: int | None = None
        self.stroke: Stroke | None = None

    # -- cursor -------------------------------------------------------------------------------

    def _clamp(self, row: int, column: int) -> tuple[int, int]:
        return (
            min(max(row, 0), self.puzzle.height - 1),
            min(max(column, 0), self.puzzle.width - 1),
        )

    def move(self, drow: int, dcol: int, count: int = 1, paint: int | None = None) -> Move | None:
        """Move the cursor ``count`` steps; paint the cells passed when asked or in paint mode.

        ``paint`` (from shift+arrows) paints the starting cell too, as a drag would. In paint
        mode every cell entered is painted. Either way the whole run is one move.
        """
        value = paint if paint is not None else self.paint
        path = [self.cursor] if paint is not None else []
        row, column = self.cursor
        for _ in range(max(count, 1)):
            row, column = self._clamp(row + drow, column + dcol)
            path.append((row, column))
        self.cursor = (row, column)
        self.progress.cursor = self.cursor
        if value is None:
            return None
        return self.commit(path, value, "paint" if len(path) > 1 else "mark")

    def go_to(self, row: int, column: int) -> None:
        """Put the cursor on a cell."""
        self.cursor = self._clamp(row, column)
        self.progress.cursor = self.cursor

    # -- marks --------------------------------------------------------------------------------

    def toggle(self, value: int) -> Move | None:
        """Mark the cursor cell with ``value``, or clear it when it already holds that value."""
        row, column = self.cursor
        current = int(self.board.cells[row, column])
        return self.commit([self.cursor], UNKNOWN if current == value else value)

    def clear(self) -> Move | None:
        """Make the cursor cell unknown again."""
        return self.commit([self.cursor], UNKNOWN)

    def cycle_paint(self) -> int | None:
        """Switch to the next paint mode (off, fill, cross, clear) and return it.

        Switching paints nothing: the mode paints the cells the cursor enters from now on, so
        cycling through the modes never spoils the cell under the cursor.
        """
        self.paint = PAINT_MODES[(PAINT_MODES.index(self.paint) + 1) % len(PAINT_MODES)]
        return self.paint

    def commit(
        self, cells: Iterable[tuple[int, int]], value: int, kind: str = "mark"
    ) -> Move | None:
        """Set ``cells`` to ``value`` as one undoable move; ``None`` if nothing changed.

        Raises:
            PermissionError: the session is read-only.
        """
        if self.read_only:
            raise PermissionError("read-only")
        move = make_move(self.board, cells, value, kind)
        if move is None:
            return None
        self.history.record(move, self.board)
        self.progress.moves += 1
        self.tracker.update(move.cells())
        return move

    def apply(self, cells: Iterable[tuple[int, int, int]], kind: str) -> Move | None:
        """Set each ``(row, column, value)`` as one undoable move of ``kind`` (``hint`` or
        ``solve``), counted in the statistics; ``None`` if nothing changed.

        Raises:
            PermissionError: the session is read-only.
        """
        if self.read_only:
            raise PermissionError("read-only")
        changes = []
        seen: set[tuple[int, int]] = set()
        for row, column, value in cells:
            before = int(self.board.cells[row, column])
            if (row, column) not in seen and before != value:
                seen.add((row, column))
                changes.append(Change(row, column, before, value))
        if not changes:
            return None
        move = Move(tuple(changes), kind)
        self.history.record(move, self.board)
        self.progress.moves += 1
        if kind == "hint":
            self.progress.hints += 1
        elif kind == "solve":
            self.progress.auto_solves += 1
        self.tracker.update(move.cells())
        return move

    def undo(self) -> Move | None:
        """Undo the last move (the cursor goes to its first cell)."""
        if self.read_only:
            raise PermissionError("read-only")
        move = self.history.undo(self.board)
        self._after_history(move)
        return move

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
            first = move.changes[0]
            self.go_to(first.row, first.column)

    def restart(self) -> None:
        """Clear the board, the history, the time and the moves (the best time stays)."""
        if self.read_only:
            raise PermissionError("read-only")
        self.board.cells[:] = UNKNOWN
        self.history.done.clear()
        self.history.undone.clear()
        self.progress.moves = 0
        self.progress.elapsed = 0.0
        self.tracker.refresh_all()

    # -- strokes ------------------------------------------------------------------------------

    def begin_stroke(self, row: int, column: int, value: int) -> None:
        """Start a drag on a cell: it paints ``value``, or clears when the cell holds it."""
        if self.read_only:
            raise PermissionError("read-only")
        self.go_to(row, column)
        current = int(self.board.cells[row, column])
        self.stroke = Stroke((row, column), UNKNOWN if current == value else value)
        self._stroke_to(row, column)

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

    def end_stroke(self) -> Move | None:
        """Release the button: the stroke becomes one undoable move (``None`` if it changed
        nothing)."""
        stroke, self.stroke = self.stroke, None
        if stroke is None:
            return None
        changes = tuple(
            Change(r, c, before, stroke.value)
            for (r, c), before in sorted(stroke.original.items())
            if before != stroke.value
        )
        if not changes:
            return None
        move = Move(changes, "paint" if len(changes) > 1 else "mark")
        self.history.record(move, self.board)
        self.progress.moves += 1
        return move

    # -- state --------------------------------------------------------------------------------

    @property
    def solved(self) -> bool:
        """Whether the filled cells satisfy every clue."""
        return self.tracker.solved
