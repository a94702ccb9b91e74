"""Checks that never spoil, and the clue guide.

:func:`check_marks` finds the player's marks that contradict every solution, judged against the
clues (any solution counts), and reveals nothing else. :func:`clue_guide` says, for each number
of one line's clue, whether it can be dimmed (its block is certainly placed and closed by the
player's marks) and whether the line's marks fit its clue at all; it looks at one line, so the
player can afford it after every move.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from nonotui.kinds.nonogram.engine.colour_lines import feasible_starts
from nonotui.kinds.nonogram.engine.explain import fixed_blocks
from nonotui.kinds.nonogram.engine.search import SolveResult, solve
from nonotui.kinds.nonogram.puzzle import Puzzle, clue_of, unknown_board
from nonotui.kinds.nonogram.tracker import ClueTracker
from nonotui.model import Board

Cell = tuple[int, int, int]
"""``(row, column, value)`` with ``value`` a cell bitset (``FILLED`` or ``EMPTY``, or one
colour's bit)."""


class HintCancelled(Exception):  # noqa: N818 - a signal, like engine.Contradiction
    """``should_stop`` asked a hint's or a check's search to give up."""


def search(puzzle: Puzzle, board: Board | None, max_solutions: int,
           should_stop: Callable[[], bool] | None, timeout: float | None = None) -> SolveResult:
    """:func:`~nonotui.kinds.nonogram.engine.search.solve` for hints and checks: a cancelled search
    raises :class:`HintCancelled`."""
    result = solve(puzzle, board=board, max_solutions=max_solutions, should_stop=should_stop,
                   timeout=timeout)
    if result.status == "cancelled":
        raise HintCancelled
    return result


def decided(cells: np.ndarray) -> np.ndarray:
    """Which cells hold exactly one value (a mark: empty, filled or one colour)."""
    c = cells.astype(np.int64)
    one: np.ndarray = (c != 0) & ((c & (c - 1)) == 0)
    return one


def marks_solve(puzzle: Puzzle, board: Board) -> bool:
    """Whether the marks satisfy every clue (unknown cells count as empty), in colour too."""
    if not puzzle.is_color:
        return ClueTracker(puzzle, board).solved
    cells = board.cells.astype(np.int64)
    picture = np.where(decided(board.cells), np.log2(np.maximum(cells, 1)).astype(np.int64), 0)
    return all(
        clue_of([int(v) for v in picture[r]]) == (puzzle.rows[r], puzzle.row_clue_colors(r))
        for r in range(puzzle.height)) and all(
        clue_of([int(v) for v in picture[:, c]]) == (puzzle.columns[c],
                                                     puzzle.column_clue_colors(c))
        for c in range(puzzle.width))


def marks_of(board: Board) -> list[Cell]:
    """Every decided cell as ``(row, column, value)``, in reading order."""
    rows, cols = np.nonzero(decided(board.cells))
    return [(int(r), int(c), int(board.cells[r, c])) for r, c in zip(rows, cols)]


def agrees(solution: np.ndarray, board: Board) -> bool:
    """Whether every mark of ``board`` has the value ``solution`` (a grid of cells) has there."""
    cells = board.cells
    return bool(np.all(~decided(cells) | (cells == solution)))


class ReferenceSolutions:
    """Solutions of a puzzle's clues alone, kept: up to two searched for once, and any others
    that searches from a board found (a solution of the clues and some marks is a solution of
    the clues).

    They depend on the clues only, never on the marks, so whoever checks or hints the same
    puzzle many times (the player after every move, in immediate check mode; a
    :class:`~nonotui.kinds.nonogram.engine.hints.HintContext`) owns one of these and passes it along
    instead of solving the puzzle from scratch each time. Thread-safe; a search that was cancelled
    is not kept.
    """

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self._result: SolveResult | None = None
        self._known: list[np.ndarray] = []
        self._lock = threading.Lock()

    def get(self, should_stop: Callable[[], bool] | None = None) -> SolveResult:
        """The :class:`~nonotui.kinds.nonogram.engine.search.SolveResult` of the clues with
        ``max_solutions=2``."""
        with self._lock:
            if self._result is None:
                self._result = search(self.puzzle, None, 2, should_stop)
                for board in self._result.solutions:
                    self._keep(board.cells)
            return self._result

    def result(self) -> SolveResult | None:
        """The result of :meth:`get` if it was searched for already; never searches."""
        with self._lock:
            return self._result

    def known(self) -> list[np.ndarray]:
        """Every solution found so far (grids of cells), by :meth:`get` or :meth:`remember`."""
        with self._lock:
            return list(self._known)

    def remember(self, solution: np.ndarray) -> None:
        """Keep a solution of the clues found elsewhere (a whole grid of decided cells)."""
        with self._lock:
            self._keep(solution)

    def offer(self, result: SolveResult) -> None:
        """Keep a finished search of the clues alone with ``max_solutions=2`` made elsewhere
        (a hint context's look-ahead) as :meth:`get`'s result, unless one is kept already; a
        search that ran out of time or was cancelled is not kept."""
        if result.status not in ("unique", "multiple", "contradiction"):
            return
        with self._lock:
            if self._result is None:
                self._result = result
                for board in result.solutions:
                    self._keep(board.cells)

    def _keep(self, solution: np.ndarray) -> None:
        if not any(np.array_equal(solution, s) for s in self._known):
            self._known.append(solution.copy())


def wrong_marks(puzzle: Puzzle, board: Board,
                should_stop: Callable[[], bool] | None = None,
                reference: ReferenceSolutions | None = None) -> list[Cell] | None:
    """The marks that no solution of the clues allows, in reading order.

    Judged against every solution, never a stored picture: a mark that one solution has is
    right. ``None`` when the clues themselves have no solution. ``reference`` saves solving the
    clues again when the caller keeps one for the puzzle.
    """
    marks = marks_of(board)
    if not marks:
        return []
    if reference is None:
        reference = ReferenceSolutions(puzzle)
    ref = reference.get(should_stop)
    if ref.status == "contradiction":
        return None
    known = reference.known()
    suspects = [m for m in marks if all(s[m[0], m[1]] != m[2] for s in known)]
    if ref.status == "unique":
        return suspects
    wrong = []
    for r, c, v in suspects:
        alone = unknown_board(puzzle)
        alone.cells[r, c] = v
        found = search(puzzle, alone, 1, should_stop)
        if found.status == "contradiction":
            wrong.append((r, c, v))
        elif found.solutions:
            reference.remember(found.solutions[0].cells)
    return wrong

def check_marks(puzzle: Puzzle, board: Board,
                should_stop: Callable[[], bool] | None = None,
                reference: ReferenceSolutions | None = None) -> list[Cell]:
    """The marks that no solution of the clues allows, as ``(row, column, value marked)``.

    Marks that are each possible but impossible together are not reported here: the hint
    explains those. Clues with no solution at all report nothing, since no mark is to blame.
    A ``reference`` kept by the caller spares solving the clues again on every check.
    """
    return wrong_marks(puzzle, board.copy(), should_stop, reference) or []


@dataclass(frozen=True)
class LineGuide:
    """How one line's clue numbers are shown."""

    dimmed: tuple[bool, ...]
    """Per clue number: its block is certainly placed and closed by the marks."""
    error: bool
    """The line's marks fit no arrangement of its clue: every number shows an error mark."""


def clue_guide(clue: tuple[int, ...], line: np.ndarray) -> LineGuide:
    """The guide for a line's clue given the line's cells (a row or column of the board)."""
    fixed = fixed_blocks(clue, np.ascontiguousarray(line))
    if fixed is None:
        return LineGuide(tuple(False for _ in clue), True)
    return LineGuide(tuple(fixed), False)


def colour_guide(blocks: tuple[int, ...], colors: tuple[int, ...], line: np.ndarray
                 ) -> LineGuide:
    """:func:`clue_guide` for a colour line: a number is dimmed when its block can start at one
    place only and the player has marked every cell it covers with its colour."""
    starts = feasible_starts(blocks, colors, [int(v) for v in line])
    if starts is None:
        return LineGuide(tuple(False for _ in blocks), True)
    return LineGuide(tuple(
        len(options) == 1 and all(int(v) == 1 << colors[j]
                                  for v in line[options[0]:options[0] + blocks[j]])
        for j, options in enumerate(starts)), False)


def unit_guide(puzzle: Puzzle, board: Board, unit: int) -> LineGuide:
    """The guide of row ``unit`` or column ``unit - height``, black and white or colour."""
    h = puzzle.height
    cells = board.cells[unit, :] if unit < h else board.cells[:, unit - h]
    clue = puzzle.rows[unit] if unit < h else puzzle.columns[unit - h]
    if not puzzle.is_color:
        return clue_guide(clue, cells)
    hues = puzzle.row_clue_colors(unit) if unit < h else puzzle.column_clue_colors(unit - h)
    return colour_guide(clue, hues, cells)


def board_guide(puzzle: Puzzle, board: Board) -> tuple[list[LineGuide], list[LineGuide]]:
    """The guide for every row and every column (after loading; moves update single lines)."""
    rows = [clue_guide(puzzle.rows[r], board.cells[r, :]) for r in range(puzzle.height)]
    cols = [clue_guide(puzzle.columns[c], board.cells[:, c]) for c in range(puzzle.width)]
    return rows, cols
