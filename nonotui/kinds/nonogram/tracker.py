"""Whether a player's lines satisfy their clues: the player's view of done, broken and solved.

This compares marks with clues only, never with a stored picture, so any solution counts. It is
deliberately simple (a line is judged only once every cell in it is decided, or by its filled
cells for "solved"); the engine's checks go further.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

import numpy as np

from nonotui.kinds.nonogram.puzzle import Axis, Puzzle
from nonotui.model.board import Board
from nonotui.model.cells import EMPTY, FILLED


class LineState(enum.Enum):
    """How a line stands against its clue."""

    OPEN = "open"
    """Some cell is still unknown."""
    DONE = "done"
    """Every cell is decided and the filled cells are exactly the clue."""
    BROKEN = "broken"
    """Every cell is decided but the filled cells break the clue."""


def filled_blocks(line: np.ndarray) -> tuple[int, ...]:
    """The lengths of the runs of filled cells in a line (unknown cells count as gaps)."""
    filled = np.concatenate(([0], (line == FILLED).astype(np.int8), [0]))
    edges = np.diff(filled)
    starts = np.flatnonzero(edges == 1)
    ends = np.flatnonzero(edges == -1)
    return tuple(int(n) for n in ends - starts)


def line_state(clue: tuple[int, ...], line: np.ndarray) -> tuple[LineState, bool]:
    """The state of a line, and whether its filled cells alone already spell the clue."""
    matches = filled_blocks(line) == tuple(clue)
    decided = bool(np.all((line == FILLED) | (line == EMPTY)))
    if not decided:
        return LineState.OPEN, matches
    return (LineState.DONE if matches else LineState.BROKEN), matches


def color_blocks(line: np.ndarray) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The runs of cells decided to one colour in a colour line: their lengths and colour
    indices (a cell still undecided, or crossed, counts as a gap)."""
    cells = line.astype(np.int64)
    single = (cells & (cells - 1)) == 0
    index = np.where(single & (cells > EMPTY), np.log2(np.maximum(cells, 1)), 0).astype(np.int64)
    padded = np.concatenate(([0], index, [0]))
    edges = np.flatnonzero(padded[1:] != padded[:-1])  # where a run of one value starts or ends
    blocks: list[int] = []
    colors: list[int] = []
    for start, end in zip(edges[:-1], edges[1:]):
        value = int(padded[start + 1])
        if value:
            blocks.append(int(end - start))
            colors.append(value)
    return tuple(blocks), tuple(colors)


def color_line_state(clue: tuple[int, ...], colors: tuple[int, ...],
                     line: np.ndarray) -> tuple[LineState, bool]:
    """:func:`line_state` for a colour line: the runs must match the clue's lengths and colours."""
    matches = color_blocks(line) == (tuple(clue), tuple(colors))
    decided = bool(np.all((line & (line - 1)) == 0))
    if not decided:
        return LineState.OPEN, matches
    return (LineState.DONE if matches else LineState.BROKEN), matches


class ClueTracker:
    """The state of every row and column of a board, kept up to date by lines (a colour board's
    lines compare their blocks' colours too).

    A move touches few lines, so :meth:`update` recomputes only the rows and columns of the cells
    it is given; a 100x100 board stays cheap to check after every key press.
    """

    def __init__(self, puzzle: Puzzle, board: Board) -> None:
        self.puzzle = puzzle
        self.board = board
        self.rows: list[LineState] = [LineState.OPEN] * puzzle.height
        self.columns: list[LineState] = [LineState.OPEN] * puzzle.width
        self._row_match = [False] * puzzle.height
        self._column_match = [False] * puzzle.width
        self.refresh_all()

    def refresh_all(self) -> None:
        """Recompute every line (after loading or an undo of a large move)."""
        self._update(range(self.puzzle.height), range(self.puzzle.width))

    def update(self, cells: Iterable[tuple[int, int]]) -> None:
        """Recompute the rows and columns that hold ``cells``."""
        rows: set[int] = set()
        columns: set[int] = set()
        for r, c in cells:
            rows.add(r)
            columns.add(c)
        self._update(rows, columns)

    def _update(self, rows: Iterable[int], columns: Iterable[int]) -> None:
        cells, puzzle = self.board.cells, self.puzzle
        if puzzle.is_color:
            for r in rows:
                self.rows[r], self._row_match[r] = color_line_state(
                    puzzle.rows[r], puzzle.row_clue_colors(r), cells[r, :])
            for c in columns:
                self.columns[c], self._column_match[c] = color_line_state(
                    puzzle.columns[c], puzzle.column_clue_colors(c), cells[:, c])
            return
        for r in rows:
            self.rows[r], self._row_match[r] = line_state(self.puzzle.rows[r], cells[r, :])
        for c in columns:
            self.columns[c], self._column_match[c] = line_state(
                self.puzzle.columns[c], cells[:, c]
            )

    @property
    def solved(self) -> bool:
        """Whether the filled (coloured) cells satisfy every clue; unknown cells count as empty.

        A player need not cross out every empty cell: the picture is what is judged.
        """
        return all(self._row_match) and all(self._column_match)

    def broken(self) -> list[tuple[Axis, int]]:
        """Every completed line that breaks its clue, as ``("row" | "column", index)``."""
        out: list[tuple[Axis, int]] = [
            ("row", i) for i, s in enumerate(self.rows) if s is LineState.BROKEN
        ]
        out += [("column", i) for i, s in enumerate(self.columns) if s is LineState.BROKEN]
        return out
