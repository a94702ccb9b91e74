"""Turning what a parser read into a :class:`Puzzle`, with errors located in the file."""

from __future__ import annotations

from collections.abc import Callable

from nonotui.errors import PuzzleError, PuzzleFormatError
from nonotui.kinds.nonogram.puzzle import Axis, LineError, Puzzle

LineOf = Callable[[Axis, int], "int | None"]
"""Maps ``(axis, 0-based index)`` of a row or column to the file line its clue was read from."""


def build_puzzle(
    path: str, line_of: LineOf | None, whole_line: int | None = None, **fields: object
) -> Puzzle:
    """``Puzzle(**fields)``, with a validation error turned into a :class:`PuzzleFormatError`.

    Args:
        path: The file, for the error.
        line_of: Where each row's and column's clue was read, to name the line of a bad clue.
        whole_line: The line named for problems that concern the whole puzzle (for example the
            first line of a puzzle in a bundle); ``None`` names no line.
        fields: The puzzle's fields.
    """
    try:
        # each reader passes Puzzle's own fields; their types are checked by Puzzle itself
        return Puzzle(**fields)  # type: ignore[arg-type]
    except LineError as exc:
        line = line_of(exc.axis, exc.index) if line_of is not None else None
        raise PuzzleFormatError(path, line if line is not None else whole_line, exc.message) from None
    except PuzzleError as exc:
        raise PuzzleFormatError(path, whole_line, exc.message) from None
