"""The easiest line step on a board: which line a player following the technique ladder works next.

A *line step* is one technique's deduction on one line: the easiest technique that decides
anything on the line, with the techniques up to it run to their fixpoint (:mod:`.techniques`,
``line_techniques(..., first=True)``). So a hint is one technique: a line whose whole deduction
needs a harder technique gives its easier cells first, as a step of their own, and the harder
technique's step comes once they are on the board (issue 35). Among all the lines that have
something to deduce, the easiest step is the one whose technique ranks lowest on the ladder; ties go to the line nearest the cursor, then to the lowest line (rows first, then
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

from nonotui.kinds.nonogram.engine.explain import line_name
from nonotui.kinds.nonogram.engine.lines import REGISTRY, Contradiction, solve_cells
from nonotui.kinds.nonogram.engine.techniques import (
    BY_NAME,
    RULES,
    LineDeduction,
    line_techniques,
)
from nonotui.kinds.nonogram.engine.wording import step_text
from nonotui.kinds.nonogram.puzzle import Axis, Puzzle
from nonotui.model import Board
from nonotui.model.cells import CELL_DTYPE, CLUE_DTYPE

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
        """The step's technique: the easiest one that decides anything on the line (easier
        ones may follow it, on the cells it decided)."""
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
        """The step in words: technique, line, clue, why and the cells it decides, e.g.
        ``"Simple boxes. Row 7, clue 3 1 2: the 3 starts somewhere in columns 2 to 3, so it
        always covers columns 3 and 4."`` (:func:`~nonotui.kinds.nonogram.engine.wording.step_text`)."""
        return step_text(self.axis, self.index, self.clue, self.before, self.deduction)


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
    deduction = line_techniques(clue, line, first=True)
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
    column), then the line (rows first): the lowest of :func:`line_steps` by that order.
    Without a memo it is found sooner: the techniques climb one rank at a time on every line
    at once, and stop at the first rank where some line reaches all its clue implies, so the
    harder techniques never run on lines that need them. With a memo every line is worked out
    in full and kept, so that the next call redoes only the lines that changed.

    Raises:
        Contradiction: some line admits no arrangement of its clue (the message names it).
    """
    if memo is not None and len(memo) > MEMO_ENTRIES:
        memo.clear()
    known: list[tuple[int, LineStep]] = []
    climbing: list[_Climb] = []
    for number, axis, index, clue, cells in _lines(puzzle, board):
        key = (number, cells.tobytes())
        if memo is not None and key in memo:
            deduction = memo[key]
            if deduction is not None:
                known.append((number, LineStep(axis, index, clue, np.array(cells), deduction)))
            continue
        line = np.ascontiguousarray(cells)
        try:
            solved = solve_cells(REGISTRY["fcomp"], np.array(clue, dtype=CLUE_DTYPE), line)
        except Contradiction as exc:
            raise Contradiction(f"{line_name(axis, index)}: {exc}") from exc
        if np.array_equal(solved, line):
            if memo is not None:
                memo[key] = None
            continue
        if memo is not None:  # worked out in full, for the calls to come
            deduction = line_techniques(clue, line, first=True)
            memo[key] = deduction
            known.append((number, LineStep(axis, index, clue, np.array(cells), deduction)))
        else:
            climbing.append(_Climb(number, axis, index, clue, np.array(cells), solved))
    names = list(RULES)
    for rank in range(len(names)):
        reached = [(n, s) for n, s in known if s.rank == rank]
        for climb in climbing:
            step = climb.climb(names[: rank + 1])
            if step is not None:
                reached.append((climb.number, step))
        if reached:
            return min(reached, key=lambda item: (_closeness(
                [item[1].board_cell(p) for p in item[1].positions()], cursor), item[0]))[1]
        climbing = [c for c in climbing if not c.done]
    return None


class _Climb:
    """One line's easiest step, found as :func:`line_techniques` (``first=True``) finds it but one
    rank at a time: the climb reaches a rank only when no easier rule decided anything on the
    line, so only the rank's own rule can start the step; once it has, the rules up to it go on,
    easiest first, to a fixpoint (what the full ladder does, so the cells are named alike)."""

    def __init__(self, number: int, axis: Axis, index: int, clue: tuple[int, ...],
                 before: np.ndarray, solved: np.ndarray) -> None:
        self.number, self.axis, self.index, self.clue = number, axis, index, clue
        self.before = before
        self.values = [int(v) for v in before]
        self.named: dict[int, str] = {}
        self.done = False

    def climb(self, names: list[str]) -> LineStep | None:
        """The step of the rules ``names`` when the last of them decides something on the line
        (the others found nothing on it: the climb came up to it), else ``None``."""
        new = RULES[names[-1]](self.clue, self.values)
        if new == self.values:
            return None
        rung = len(names) - 1
        while rung < len(names):
            changed = [c for c, (old, now) in enumerate(zip(self.values, new)) if old != now]
            if changed:
                for c in changed:
                    self.named[c] = names[rung]
                self.values = new
                rung = 0
            else:
                rung += 1
            if rung < len(names):
                new = RULES[names[rung]](self.clue, self.values)
        self.done = True
        by_technique = {
            name: tuple(sorted(c for c, t in self.named.items() if t == name))
            for name in RULES if name in self.named.values()
        }
        hardest = max(by_technique, key=lambda t: BY_NAME[t].rank)
        deduction = LineDeduction(by_technique, hardest, np.array(self.values, dtype=CELL_DTYPE))
        return LineStep(self.axis, self.index, self.clue, self.before, deduction)
