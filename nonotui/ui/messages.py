"""Every message the UI's widgets and screens post upwards, as typed dataclasses in one place.

Attributes go down (a screen sets what its widgets show); messages come up (a widget says what
the player did and lets its screen decide what that means).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from textual.message import Message

from nonotui.model.history import Move
from nonotui.model.kind import HintLike, Plan
from nonotui.ui.side_saves import Said

EngineJob = Literal["hint", "check", "auto-solve"]
"""The engine work a worker does for the play screen."""


@dataclass
class StrokeStarted(Message):
    """A mouse button went down on a cell of the grid.

    Attributes:
        row: The cell's row.
        column: The cell's column.
        value: What the button paints (a cell bitset): the kind's primary value for the left
            button, its secondary value for the right one (a nonogram's fill and cross).
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
class LettersChosen(Message):
    """The grid chose to draw colour values as their letters, or back as colours (the glyphs,
    ``NO_COLOR`` or the terminal's colours decide): the palette strip draws them alike.

    Attributes:
        letters: Colour values are drawn as their characters.
    """

    letters: bool


@dataclass
class PuzzleChosen(Message):
    """The player picked a puzzle to play (in the library or by a file path).

    Attributes:
        puzzle: The puzzle.
        label: Where it came from, for messages (a file name or path).
    """

    puzzle: Any
    """A puzzle of any kind (:class:`~nonotui.model.kind.PuzzleLike`)."""
    label: str


@dataclass
class EngineReady(Message):
    """The warm-up worker has the engine's kernels compiled or loaded: hints answer quickly now.

    Attributes:
        error: Why the engine could not start, or ``None`` when it is ready.
    """

    error: str | None = None


@dataclass
class WarmUpProgress(Message):
    """The warm-up worker is about to run one of its steps (:func:`nonotui.ui.assist.warm_up`).

    Attributes:
        left: Steps not yet done, the one starting included (0 at the end).
        total: All the steps.
    """

    left: int
    total: int


@dataclass
class HintFound(Message):
    """A hint worker's answer, to the assistant that asked.

    Attributes:
        hint: The kind's hint.
        version: The board version the hint was computed for; a stale hint is dropped.
    """

    hint: HintLike
    version: int
    bubble = False


@dataclass
class CheckDone(Message):
    """A check worker's answer, to the assistant that asked: the cells whose marks no solution
    allows.

    Attributes:
        wrong: ``(row, column)`` of every wrong mark.
        version: The board version checked; a stale answer is dropped.
        asked: The player pressed the check key (else an immediate check after a move).
    """

    wrong: frozenset[tuple[int, int]]
    version: int
    asked: bool
    bubble = False

    def can_replace(self, message: Message) -> bool:
        # Immediate checks after fast moves: only the latest answer matters.
        return isinstance(message, CheckDone) and not message.asked


@dataclass
class SolvePlanned(Message):
    """An auto-solve worker's answer, to the assistant that asked.

    Attributes:
        plan: The kind's plan.
        version: The board version solved from.
    """

    plan: Plan
    version: int
    bubble = False


@dataclass
class EngineFailed(Message):
    """An engine worker raised: the player is told, the game goes on.

    Attributes:
        what: What was being done.
        error: The error's text.
    """

    what: EngineJob
    error: str
    bubble = False


@dataclass(frozen=True)
class Reply:
    """What the assistant (:class:`~nonotui.ui.assistant.Assistant`) asks of its screen after a
    key or an answer (what it shows, the screen takes from its reactive attributes): say
    ``say`` on the status line, then take ``move`` (an auto-solve's, or an applied hint's) as
    any move of the player's (saved, and the puzzle finished when it solves it)."""

    say: str | None = None
    move: Move | None = None


@dataclass
class HelpChanged(Message):
    """The assistant's help changed on its own (an answer arrived, an auto-solve showed a frame
    or ended): act on ``reply``."""

    reply: Reply


@dataclass
class Zoomed(Message):
    """The zoom key changed the grid's cell width: ``reply`` says to what."""

    reply: Reply


@dataclass
class SideSaveSaid(Message):
    """A write of the settings or the grades failed for the first time, or worked again after
    failing (posted from any thread; the app shows it once)."""

    said: Said
