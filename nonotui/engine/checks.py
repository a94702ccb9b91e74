"""Checks that never spoil, and the clue guide.

:func:`check_marks` finds the player's marks that contradict every solution, judged against the
clues (any solution counts), and reveals nothing else. :func:`clue_guide` says, for each number
of one line's clue, whether it can be dimmed (its block is certainly placed and closed by the
player's marks) and whether the line's marks fit its clue at all; it looks at one line, so the
player can afford it after every move.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from nonotui.engine.explain import fixed_blocks
from nonotui.engine.hints import Cell, ReferenceSolutions, wrong_marks
from nonotui.model import Board, Puzzle

CHECK_MODES = ("off", "request", "immediate")
"""The check setting: never, when the player asks, or after every move."""


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


def board_guide(puzzle: Puzzle, board: Board) -> tuple[list[LineGuide], list[LineGuide]]:
    """The guide for every row and every column (after loading; moves update single lines)."""
    rows = [clue_guide(puzzle.rows[r], board.cells[r, :]) for r in range(puzzle.height)]
    cols = [clue_guide(puzzle.columns[c], board.cells[:, c]) for c in range(puzzle.width)]
    return rows, cols
