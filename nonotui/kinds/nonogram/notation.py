"""The text notation for clues, lines and boards used by tests, the CLI, state files and docs.

Output is always ``#`` filled, ``-`` empty and ``?`` unknown. Input also accepts ``.`` for empty
and ``+`` or a space for unknown, the seeds' own notation. Anything else is an error that names
the line and column.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

from nonotui.errors import NotationError
from nonotui.model.board import Board
from nonotui.model.cells import CELL_DTYPE, EMPTY, FILLED, UNKNOWN
from nonotui.model.kind import PuzzleLike

_CHAR_TO_CELL = {"#": FILLED, "-": EMPTY, ".": EMPTY, "?": UNKNOWN, "+": UNKNOWN, " ": UNKNOWN}
_CELL_TO_CHAR = {FILLED: "#", EMPTY: "-", UNKNOWN: "?"}
_CLUE_SPLIT = re.compile(r"[\s,]+")


def parse_clue(text: str) -> tuple[int, ...]:
    """Read a clue given as numbers separated by spaces or commas.

    ``"0"`` and the empty string are the empty clue.

    Raises:
        NotationError: a part is not a whole number, is negative, or a 0 stands beside others.
    """
    parts = [p for p in _CLUE_SPLIT.split(text.strip()) if p]
    numbers = []
    for part in parts:
        if not part.isdigit():
            raise NotationError(f"clue {text!r}: {part!r} is not a whole number of cells")
        numbers.append(int(part))
    if numbers == [0]:
        return ()
    if 0 in numbers:
        raise NotationError(f"clue {text!r}: a block of 0 cells may only stand alone (empty line)")
    return tuple(numbers)


def format_clue(clue: Sequence[int] | np.ndarray) -> str:
    """A clue as players write it, numbers separated by spaces (``3 1 2``); ``0`` for the empty
    clue. The one place a clue becomes text: messages, hints, ``show`` and the plain formats."""
    return " ".join(str(n) for n in clue) or "0"


def parse_line(text: str, *, row: int | None = None) -> np.ndarray:
    """Read one line of cells; ``row`` (1-based) is named in errors when the line is part of a board.

    Raises:
        NotationError: a character that is not part of the notation, named with its column.
    """
    cells = np.empty(len(text), dtype=CELL_DTYPE)
    for i, ch in enumerate(text):
        try:
            cells[i] = _CHAR_TO_CELL[ch]
        except KeyError:
            where = f"line {row}, column {i + 1}" if row is not None else f"column {i + 1}"
            raise NotationError(
                f"{where}: unexpected character {ch!r} (use # for filled, - or . for empty, "
                "? for unknown)"
            ) from None
    return cells


def format_line(cells: np.ndarray) -> str:
    """One line of black-and-white cells as ``#``, ``-`` and ``?``.

    Raises:
        ValueError: a cell holds a contradiction or a colour, which the notation cannot show.
    """
    try:
        return "".join(_CELL_TO_CHAR[int(c)] for c in cells)
    except KeyError as exc:
        raise ValueError(f"cell value {exc.args[0]} has no text notation") from None


def parse_board(text: str, *, width: int | None = None, height: int | None = None) -> np.ndarray:
    """Read a board, one row per line (a final newline is optional).

    Args:
        text: The board.
        width: The expected number of columns, checked when given.
        height: The expected number of rows, checked when given.

    Raises:
        NotationError: a bad character (with line and column), rows of unequal length or a size
            other than the expected one (with the line).
    """
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    lines = [line.rstrip("\r") for line in lines]
    if not lines:
        raise NotationError("the board is empty")
    if height is not None and len(lines) != height:
        raise NotationError(f"the board has {len(lines)} rows, the puzzle {height}")
    expected = width if width is not None else len(lines[0])
    board = np.empty((len(lines), expected), dtype=CELL_DTYPE)
    for r, line in enumerate(lines):
        if len(line) != expected:
            raise NotationError(
                f"line {r + 1}: {len(line)} cells where {expected} were expected"
            )
        board[r] = parse_line(line, row=r + 1)
    return board


def format_board(board: np.ndarray) -> str:
    """A board as text, one row per line, each ending in a newline."""
    return "".join(format_line(row) + "\n" for row in board)


def board_from_text(text: str, puzzle: PuzzleLike | None = None) -> Board:
    """Read a board in the text notation; with ``puzzle``, its size is checked too.

    Raises:
        NotationError: a bad character, ragged rows or the wrong size, with the line.
    """
    if puzzle is None:
        return Board(parse_board(text))
    return Board(parse_board(text, width=puzzle.width, height=puzzle.height))

