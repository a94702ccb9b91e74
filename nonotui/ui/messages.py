"""Every message the UI's widgets and screens post upwards, as typed dataclasses in one place.

Attributes go down (a screen sets what its widgets show); messages come up (a widget says what
the player did and lets its screen decide what that means).
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message

from nonotui.model import Puzzle


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

    puzzle: Puzzle
    label: str
