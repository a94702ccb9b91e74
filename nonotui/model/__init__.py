"""The puzzle model: cell codes, puzzles, boards and the text notation. No Textual, no numba."""

from nonotui.model.board import Board
from nonotui.model.cells import CELL_DTYPE, CLUE_DTYPE, CONTRADICTION, EMPTY, FILLED, UNKNOWN
from nonotui.model.notation import (
    format_board,
    format_clue,
    format_line,
    parse_board,
    parse_clue,
    parse_line,
)
from nonotui.model.puzzle import (
    BLACK,
    MAX_SIZE,
    WHITE,
    Color,
    LineError,
    Puzzle,
    clue_of,
    min_length,
)

__all__ = [
    "BLACK",
    "Board",
    "CELL_DTYPE",
    "CLUE_DTYPE",
    "CONTRADICTION",
    "Color",
    "EMPTY",
    "FILLED",
    "LineError",
    "MAX_SIZE",
    "Puzzle",
    "UNKNOWN",
    "WHITE",
    "clue_of",
    "format_board",
    "format_clue",
    "format_line",
    "min_length",
    "parse_board",
    "parse_clue",
    "parse_line",
]
