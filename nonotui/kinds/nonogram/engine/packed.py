"""A puzzle's clues packed as the kernels take them: :class:`Prepared`, made by :func:`prepare`.

Rows first, then columns: one array of block lengths, one of each block's colour index beside it,
the offsets where each line's clue starts, and seed 003's score per line (which line propagation
solves first). Every call into the kernels (:mod:`.calls`) takes its clues from one of these.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import chain

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
    beside them, each block's colour index (1 for every block of a black-and-white puzzle).

    Done with whole arrays rather than line by line: 60 us instead of 126 us on a 45x45
    puzzle that line logic solves in about 1 ms (docs/solver.md, "Line logic: where a solve's
    time goes")."""
    clues = (*puzzle.rows, *puzzle.columns)
    counts = np.fromiter(map(len, clues), dtype=np.int64, count=len(clues))
    offsets = np.zeros(len(clues) + 1, dtype=CLUE_DTYPE)
    np.cumsum(counts, out=offsets[1:])
    blocks = np.fromiter(chain.from_iterable(clues), dtype=CLUE_DTYPE, count=int(offsets[-1]))
    if puzzle.row_colors is None or puzzle.column_colors is None:
        colors = np.ones(len(blocks), dtype=CLUE_DTYPE)
    else:
        hues = chain.from_iterable((*puzzle.row_colors, *puzzle.column_colors))
        colors = np.fromiter(hues, dtype=CLUE_DTYPE, count=len(blocks))
    lengths = np.repeat(np.array([puzzle.width, puzzle.height], dtype=np.float64),
                        [puzzle.height, puzzle.width])
    return Prepared(puzzle.height, puzzle.width, blocks, colors, offsets,
                    seed_scores(blocks, offsets, lengths), unknown_for(puzzle.n_colors))


def seed_scores(blocks: np.ndarray, offsets: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """Seed 003's score of every line: T=(n+1)*sum(a)+n*(n-L-1) for a clue of n blocks a on a
    line of L cells (T=L for an empty clue): higher lines are solved first."""
    n = np.diff(offsets).astype(np.float64)
    sums = np.zeros(len(n), dtype=np.float64)
    full = n > 0
    if len(blocks):
        # reduceat over the starts of the lines that have blocks (an empty line's start repeats
        # the next one's, which reduceat would misread)
        sums[full] = np.add.reduceat(blocks.astype(np.float64), offsets[:-1][full])
    return np.where(full, (n + 1) * sums + n * (n - lengths - 1), lengths)


def _seed_score(clue: tuple[int, ...], length: int) -> float:
    """One line's score as :func:`seed_scores` gives it (the seed's formula, line by line)."""
    n = len(clue)
    if n == 0:
        return float(length)
    return float((n + 1) * sum(clue) + n * (n - length - 1))
