"""The shared model every puzzle kind builds on: cell bitsets, boards, history, bounded file
reading and the :class:`~nonotui.model.kind.Kind` protocol. No Textual, no numba, and nothing of
any one kind (nonograms' puzzles and clue notation live in :mod:`nonotui.kinds.nonogram`)."""

from nonotui.model.board import Board
from nonotui.model.cells import CELL_DTYPE, CLUE_DTYPE, CONTRADICTION, EMPTY, FILLED, UNKNOWN

__all__ = [
    "Board",
    "CELL_DTYPE",
    "CLUE_DTYPE",
    "CONTRADICTION",
    "EMPTY",
    "FILLED",
    "UNKNOWN",
]
