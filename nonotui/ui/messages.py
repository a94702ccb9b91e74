"""Every message the UI's widgets and screens post upwards, as typed dataclasses in one place.

Attributes go down (a screen sets what its widgets show); messages come up (a widget says what
the player did and lets its screen decide what that means).
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message

from nonotui.model.kind import PuzzleLike


@dataclass
class StrokeStarted(Message):
    """A mouse button went down on a cell of the grid.

    Attributes:
        row: The cell's row.
        column: The cell's column.
        value: What the button paints: filled for the left button, empty (a cross) for the right.
    """

    row: int
    column: int
    value: int


@dataclass
class StrokeMoved(Message):
    """The mouse moved over another cell while a button was held."""

    row: int
    column: int

    def can_replace(self, message: Message) -> bool:
        # Only the latest position matters; a fast drag must not flood the queue.
        return isinstance(message, StrokeMoved)


@dataclass
class StrokeEnded(Message):
    """The mouse button was released: the stroke is one move."""


@dataclass
class PuzzleChosen(Message):
    """The player picked a puzzle to play (in the library or by a file path).

    Attributes:
        puzzle: The puzzle.
        label: Where it came from, for messages (a file name or path).
    """

    puzzle: PuzzleLike
    label: str


@dataclass
class EngineReady(Message):
    """The warm-up worker has the engine's kernels compiled or loaded: hints answer quickly now.

    Attributes:
        error: Why the engine could not start, or ``None`` when it is ready.
    """

    error: str | None = None


@dataclass
class HintFound(Message):
    """A hint worker's answer.

    Attributes:
        hint: The engine's :class:`~nonotui.kinds.nonogram.engine.hints.Hint` (typed loosely so this module
            does not import the engine).
        version: The board version the hint was computed for; a stale hint is dropped.
    """

    hint: object
    version: int


@dataclass
class CheckDone(Message):
    """A check worker's answer: the cells whose marks no solution allows.

    Attributes:
        wrong: ``(row, column)`` of every wrong mark.
        version: The board version checked; a stale answer is dropped.
        asked: The player pressed the check key (else an immediate check after a move).
    """

    wrong: frozenset[tuple[int, int]]
    version: int
    asked: bool

    def can_replace(self, message: Message) -> bool:
        # Immediate checks after fast moves: only the latest answer matters.
        return isinstance(message, CheckDone) and not message.asked


@dataclass
class SolvePlanned(Message):
    """An auto-solve worker's answer: a :class:`~nonotui.ui.assist.SolvePlan`.

    Attributes:
        plan: The plan (typed loosely, like :class:`HintFound`).
        version: The board version solved from.
    """

    plan: object
    version: int


@dataclass
class EngineFailed(Message):
    """An engine worker raised: the player is told, the game goes on.

    Attributes:
        what: What was being done (``hint``, ``check``, ``auto-solve``).
        error: The error's text.
    """

    what: str
    error: str
