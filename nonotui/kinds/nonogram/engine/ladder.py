"""The easiest line step on a board: which line a player following the technique ladder works next.

A *line step* is the whole deduction of one line at once (every cell the line's clue and cells
imply), named by the hardest technique that deduction needed (:mod:`.techniques`). Among all the
lines that have something to deduce, the easiest step is the one whose technique ranks lowest on
the ladder; ties go to the line nearest the cursor, then to the lowest line (rows first, then
columns). The hint ladder's line rung and the rating both take the step from here, so a player who
follows hints walks the rating's path.

A ``memo`` dict, kept by the caller across calls on successive boards, holds each line's
deduction by its contents, so a walk recomputes only the lines that changed. Lines with nothing
to deduce are screened out by the complete linesolver's kernel before the pure-Python techniques
run on them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

import numpy as np

from nonotui.kinds.nonogram.engine.explain import cross_axis, line_name, span_text
from nonotui.kinds.nonogram.engine.lines import REGISTRY, Contradiction, solve_cells
from nonotui.kinds.nonogram.engine.techniques import BY_NAME, LineDeduction, line_techniques
from nonotui.kinds.nonogram.notation import format_clue
from nonotui.kinds.nonogram.puzzle import Axis, Puzzle
from nonotui.model import EMPTY, FILLED, Board
from nonotui.model.cells import CLUE_DTYPE

Cell = tuple[int, int, int]
"""``(row, column, value)``, 0-based."""

Memo = dict[tuple[int, bytes], LineDeduction | None]
"""A line's deduction by ``(line number, contents)``; ``None`` when the line has nothing new."""

MEMO_ENTRIES = 200_000
"""The memo is cleared when it grows past this many lines (a long walk on a big puzzle)."""

__all__ = ["Cell", "LineStep", "Memo", "easiest_line_step", "line_steps"]


@dataclass(frozen=True)
class LineStep:
    """One line's whole deduction, named by its technique."""

    axis: Axis
    index: int
    """The line, 0-based."""
    clue: tuple[int, ...]
    before: np.ndarray
    """The line's cells before the step."""
    deduction: LineDeduction

    @property
    def technique(self) -> str:
        """The step's technique: the hardest one the line needed."""
        name = self.deduction.technique
        assert name is not None  # a LineStep always decides something
        return name

    @property
    def rank(self) -> int:
        """The technique's place on the ladder (0 is the easiest)."""
        return BY_NAME[self.technique].rank

    def board_cell(self, position: int) -> tuple[int, int]:
        """The board cell at ``position`` along the line."""
        return (self.index, position) if self.axis == "row" else (position, self.index)

    def positions(self) -> list[int]:
        """The decided positions along the line, ascending."""
        return sorted(p for cells in self.deduction.cells_by_technique.values() for p in cells)

    def cells(self) -> tuple[Cell, ...]:
        """Every decided cell with its value, in line order."""
        result = self.deduction.result
        return tuple((*self.board_cell(p), int(result[p])) for p in self.positions())

    def text(self) -> str:
        """The step in words: technique, line, clue and the cells it decides, e.g.
        ``"Simple boxes. Row 7, clue 3 1 2: ... so columns 4 to 5 are filled."``"""
        result = self.deduction.result
        along = cross_axis(self.axis)
        parts = []
        for value, word in ((FILLED, "filled"), (EMPTY, "empty")):
            ps = [p for p in self.positions() if int(result[p]) == value]
            if ps:
                parts.append(f"{span_text(along, ps)} {'is' if len(ps) == 1 else 'are'} {word}")
        summary = BY_NAME[self.technique].summary
        return (f"{self.technique}. {line_name(self.axis, self.index)}, clue "
                f"{format_clue(self.clue)}: {summary}, so {' and '.join(parts)}.")


def _lines(puzzle: Puzzle, board: Board) -> Iterator[tuple[int, Axis, int, tuple[int, ...],
                                                           np.ndarray]]:
    for r in range(puzzle.height):
        yield r, "row", r, tuple(puzzle.rows[r]), board.cells[r, :]
    for c in range(puzzle.width):
        yield puzzle.height + c, "column", c, tuple(puzzle.columns[c]), board.cells[:, c]


def _deduce(clue: tuple[int, ...], cells: np.ndarray) -> LineDeduction | None:
    """The line's deduction, ``None`` when the complete linesolver finds nothing new.

    Raises:
        Contradiction: no arrangement of the clue fits the line.
    """
    line = np.ascontiguousarray(cells)
    solved = solve_cells(REGISTRY["fcomp"], np.array(clue, dtype=CLUE_DTYPE), line)
    if np.array_equal(solved, line):
        return None
    deduction = line_techniques(clue, line)
    return deduction if deduction.technique is not None else None


def line_steps(puzzle: Puzzle, board: Board, memo: Memo | None = None) -> Iterator[LineStep]:
    """Every line that has something to deduce, as a step, rows first.

    Raises:
        Contradiction: some line admits no arrangement of its clue (the message names it).
    """
    if memo is not None and len(memo) > MEMO_ENTRIES:
        memo.clear()
    for number, axis, index, clue, cells in _lines(puzzle, board):
        key = (number, cells.tobytes())
        if memo is not None and key in memo:
            deduction = memo[key]
        else:
            try:
                deduction = _deduce(clue, cells)
            except Contradiction as exc:
                raise Contradiction(f"{line_name(axis, index)}: {exc}") from exc
            if memo is not None:
                memo[key] = deduction
        if deduction is not None:
            yield LineStep(axis, index, clue, np.array(cells), deduction)


def _closeness(cells: Iterable[tuple[int, int]], cursor: tuple[int, int]) -> tuple[int, int, int]:
    cr, cc = cursor
    return min((abs(r - cr) + abs(c - cc), r, c) for r, c in cells)


def easiest_line_step(puzzle: Puzzle, board: Board, *, cursor: tuple[int, int] = (0, 0),
                      memo: Memo | None = None) -> LineStep | None:
    """The easiest line step on ``board``, ``None`` when no line alone decides another cell.

    Order: the technique's rank, then the decided cell nearest ``cursor`` (distance, row,
    column), then the line (rows first).

    Raises:
        Contradiction: some line admits no arrangement of its clue.
    """
    best: tuple[tuple[int, tuple[int, int, int], int], LineStep] | None = None
    for order, step in enumerate(line_steps(puzzle, board, memo)):
        rank = step.rank
        if best is not None and rank > best[0][0]:
            continue  # harder than the best so far: its cells need not be looked at
        where = [step.board_cell(p) for p in step.positions()]
        key = (rank, _closeness(where, cursor), order)
        if best is None or key < best[0]:
            best = (key, step)
    return None if best is None else best[1]
