"""A puzzle's clues packed as the kernels take them: :class:`Prepared`, made by :func:`prepare`.

Rows first, then columns: one array of block lengths, one of each block's colour index beside it,
the offsets where each line's clue starts, and seed 003's score per line (which line propagation
solves first). Every call into the kernels (:mod:`.calls`) takes its clues from one of these.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from nonotui.kinds.nonogram.puzzle import Puzzle
from nonotui.model import CLUE_DTYPE
from nonotui.model.cells import unknown_for


@dataclass
class Prepared:
    """One puzzle's clues packed for the kernels (see the module's introduction)."""

    h: int
    w: int
    blocks: np.ndarray
    colors: np.ndarray
    clue_off: np.ndarray
    score: np.ndarray
    unknown: int = 3
    """The undecided cell: every value of the puzzle (3 in black and white)."""

    @property
    def is_color(self) -> bool:
        """Whether the cells have more than two values."""
        return self.unknown != 3


def prepare(puzzle: Puzzle) -> Prepared:
    """Pack a puzzle's clues for the kernels (rows first, then columns): block lengths and,
    beside them, each block's colour index (1 for every block of a black-and-white puzzle)."""
    clues = list(puzzle.rows) + list(puzzle.columns)
    hues = ([puzzle.row_clue_colors(r) for r in range(puzzle.height)]
            + [puzzle.column_clue_colors(c) for c in range(puzzle.width)])
    lengths = [puzzle.width] * puzzle.height + [puzzle.height] * puzzle.width
    offsets = np.zeros(len(clues) + 1, dtype=CLUE_DTYPE)
    offsets[1:] = np.cumsum([len(c) for c in clues])
    blocks = np.array([n for c in clues for n in c], dtype=CLUE_DTYPE)
    colors = np.array([k for c in hues for k in c], dtype=CLUE_DTYPE)
    score = np.array([_seed_score(c, n) for c, n in zip(clues, lengths)], dtype=np.float64)
    return Prepared(puzzle.height, puzzle.width, blocks, colors, offsets, score,
                     unknown_for(puzzle.n_colors))


def _seed_score(clue: tuple[int, ...], length: int) -> float:
    """Seed 003's T=(n+1)*sum(a)+n*(n-L-1) (T=L for an empty clue): higher lines are solved first."""
    n = len(clue)
    if n == 0:
        return float(length)
    return float((n + 1) * sum(clue) + n * (n - length - 1))
