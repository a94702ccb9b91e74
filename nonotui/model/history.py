"""Moves and the undo/redo history of a board.

A :class:`Move` is one undoable step: a single cell from a key press, a whole row painted by a
mouse drag, and later a hint that is applied or an auto-solve that fills the rest of the board.
It records every cell it changed with the value before and after, so undoing it needs nothing but
the move itself, and a history survives being written to JSON and read back.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal, get_args

from nonotui.errors import SaveError, quote
from nonotui.model.board import Board

MoveKind = Literal["mark", "paint", "hint", "solve"]
"""What made a move: a single mark, a stroke of several cells, an applied hint, an auto-solve."""

MOVE_KINDS: tuple[MoveKind, ...] = get_args(MoveKind)
"""Every :data:`MoveKind`, in that order."""

_ANY_CELL = 0xFFFFFFFF
"""Every bit a cell of a board can hold (``CELL_DTYPE`` is 32 bits wide)."""


@dataclass(frozen=True)
class Change:
    """One cell changed by a move.

    Attributes:
        row: The cell's row, from 0.
        column: The cell's column, from 0.
        before: The cell's bitset before the move.
        after: The cell's bitset after the move.
    """

    row: int
    column: int
    before: int
    after: int


@dataclass(frozen=True)
class Move:
    """One undoable step: the cells it changed, in the order they were changed.

    Attributes:
        changes: Every changed cell; a cell appears at most once.
        kind: One of :data:`MOVE_KINDS`.
    """

    changes: tuple[Change, ...]
    kind: MoveKind = "mark"

    def __post_init__(self) -> None:
        if self.kind not in MOVE_KINDS:
            raise ValueError(f"unknown move kind {self.kind!r}")

    def apply(self, board: Board) -> None:
        """Set every changed cell to its value after the move."""
        for ch in self.changes:
            board.cells[ch.row, ch.column] = ch.after

    def revert(self, board: Board) -> None:
        """Set every changed cell back to its value before the move."""
        for ch in self.changes:
            board.cells[ch.row, ch.column] = ch.before

    def cells(self) -> list[tuple[int, int]]:
        """The ``(row, column)`` of every changed cell."""
        return [(ch.row, ch.column) for ch in self.changes]

    def to_json(self) -> dict[str, object]:
        """A JSON-ready form: the kind and ``[row, column, before, after]`` per change."""
        return {
            "kind": self.kind,
            "changes": [[ch.row, ch.column, ch.before, ch.after] for ch in self.changes],
        }

    @classmethod
    def from_json(cls, data: object, board: Board, full: int = _ANY_CELL) -> Move:
        """Read a move written by :meth:`to_json`, checking it against ``board``'s size and
        the cell values ``full`` allows (every value of the puzzle's kind).

        Raises:
            SaveError: the data is not a move, names a cell outside the board, or a value that
                is not a non-empty subset of ``full``.
        """
        if not isinstance(data, dict) or not isinstance(data.get("changes"), list):
            raise SaveError("a move in the undo history is not an object with a list of changes")
        written = data.get("kind", "mark")
        kind = next((k for k in MOVE_KINDS if k == written), None)
        if kind is None:
            what = quote(written) if isinstance(written, str) else "a kind that is not a name"
            raise SaveError(f"a move in the undo history has the unknown kind {what}")
        changes = []
        for item in data["changes"]:
            if (
                not isinstance(item, list)
                or len(item) != 4
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in item)
            ):
                raise SaveError("a change in the undo history is malformed: not four whole "
                                "numbers (row, column, before, after)")
            row, column, before, after = item
            if not (0 <= row < board.height and 0 <= column < board.width):
                raise SaveError(
                    f"the undo history names cell ({row + 1}, {column + 1}), outside the "
                    f"{board.width}x{board.height} board"
                )
            if not (0 < before <= full and 0 < after <= full) or (before | after) & ~full:
                raise SaveError(f"the undo history holds an invalid cell value in {item!r}")
            changes.append(Change(row, column, before, after))
        return cls(tuple(changes), kind)


def make_move(
    board: Board, cells: Iterable[tuple[int, int]], value: int, kind: MoveKind = "mark"
) -> Move | None:
    """The move that sets ``cells`` of ``board`` to ``value``, or ``None`` if nothing changes
    (:func:`move_to` with one value for every cell)."""
    return move_to(board, ((row, column, value) for row, column in cells), kind)


def move_to(
    board: Board, cells: Iterable[tuple[int, int, int]], kind: MoveKind = "mark"
) -> Move | None:
    """The move that sets each ``(row, column, value)`` of ``board``, or ``None`` if nothing
    changes: the one way a move is recorded (a mark, a stroke, a hint, an auto-solve).

    Cells already holding their value are left out, and a cell given again keeps its first
    value, so an undo never "changes" a cell to what it already was. The board itself is not
    touched.
    """
    seen: set[tuple[int, int]] = set()
    changes = []
    for row, column, value in cells:
        if (row, column) in seen:
            continue
        seen.add((row, column))
        before = int(board.cells[row, column])
        if before != value:
            changes.append(Change(row, column, before, value))
    return Move(tuple(changes), kind) if changes else None


@dataclass
class History:
    """Undo and redo stacks without a size limit.

    Attributes:
        done: Moves that can be undone, oldest first.
        undone: Moves that can be redone, the next one to redo last.
    """

    done: list[Move] = field(default_factory=list)
    undone: list[Move] = field(default_factory=list)

    def record(self, move: Move, board: Board) -> None:
        """Apply a new move to ``board`` and remember it; any redo branch is forgotten."""
        move.apply(board)
        self.done.append(move)
        self.undone.clear()

    def undo(self, board: Board) -> Move | None:
        """Revert the last move on ``board``; returns it, or ``None`` when there is none."""
        if not self.done:
            return None
        move = self.done.pop()
        move.revert(board)
        self.undone.append(move)
        return move

    def redo(self, board: Board) -> Move | None:
        """Apply again the last undone move; returns it, or ``None`` when there is none."""
        if not self.undone:
            return None
        move = self.undone.pop()
        move.apply(board)
        self.done.append(move)
        return move

    @property
    def can_undo(self) -> bool:
        """Whether there is a move to undo."""
        return bool(self.done)

    @property
    def can_redo(self) -> bool:
        """Whether there is a move to redo."""
        return bool(self.undone)

    def to_json(self) -> dict[str, list[dict[str, object]]]:
        """Both stacks in a JSON-ready form."""
        return {
            "done": [m.to_json() for m in self.done],
            "undone": [m.to_json() for m in self.undone],
        }

    @classmethod
    def from_json(cls, data: object, board: Board, full: int = _ANY_CELL) -> History:
        """Read a history written by :meth:`to_json` for a board of ``board``'s size whose
        cells may hold the values of ``full`` (every value of the puzzle's kind).

        Raises:
            SaveError: the data is not a history or a move in it is malformed.
        """
        if not isinstance(data, dict):
            raise SaveError("the undo history is not an object")
        stacks = []
        for name in ("done", "undone"):
            items = data.get(name, [])
            if not isinstance(items, list):
                raise SaveError(f"the undo history's {name!r} is not a list")
            stacks.append([Move.from_json(item, board, full) for item in items])
        return cls(stacks[0], stacks[1])
