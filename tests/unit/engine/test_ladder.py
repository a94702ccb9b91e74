"""The easiest line step: a walk with it finishes line-solvable puzzles on their one solution,
each step is the lowest-ranked one available, and every step's cells are checked against a
plain-Python solver that shares nothing with the engine."""

from __future__ import annotations

import numpy as np
import pytest

from nonotui.kinds import open_one
from nonotui.kinds.nonogram.engine.ladder import Memo, easiest_line_step, line_steps
from nonotui.kinds.nonogram.engine.lines import Contradiction
from nonotui.kinds.nonogram.engine.techniques import BY_NAME
from nonotui.kinds.nonogram.puzzle import Puzzle, unknown_board
from nonotui.model import EMPTY, FILLED, UNKNOWN
from tests import naive_count as naive

BUNDLED = ["heart", "house", "mug", "fish"]


def _truth(puzzle: Puzzle) -> np.ndarray:
    found = naive.solutions(puzzle.rows, puzzle.columns, cap=2)
    assert len(found) == 1
    return np.array([[FILLED if v == 1 else EMPTY for v in row] for row in found[0]])


@pytest.mark.parametrize("name", BUNDLED)
def test_walk_finishes_on_the_solution_easiest_first(name: str) -> None:
    puzzle = open_one(f"puzzles/{name}.non")
    truth = _truth(puzzle)
    board = unknown_board(puzzle)
    memo: Memo = {}
    steps = 0
    while (step := easiest_line_step(puzzle, board, memo=memo)) is not None:
        available = [s.rank for s in line_steps(puzzle, board)]
        assert step.rank == min(available)
        assert step.text().startswith(f"{step.technique}. ")
        for r, c, v in step.cells():
            assert board.cells[r, c] == UNKNOWN
            assert v == truth[r, c], (r, c)
            board.cells[r, c] = v
        steps += 1
    assert steps > 0
    assert np.array_equal(board.cells, truth)


def test_memo_gives_the_same_steps_as_none() -> None:
    puzzle = open_one("puzzles/heart.non")
    board = unknown_board(puzzle)
    memo: Memo = {}
    while (step := easiest_line_step(puzzle, board, memo=memo)) is not None:
        fresh = easiest_line_step(puzzle, board)
        assert fresh is not None and fresh.cells() == step.cells()
        for r, c, v in step.cells():
            board.cells[r, c] = v
    assert memo


def test_cursor_breaks_ties_within_a_rank() -> None:
    puzzle = open_one("puzzles/heart.non")
    board = unknown_board(puzzle)
    first = easiest_line_step(puzzle, board, cursor=(0, 0))
    last = easiest_line_step(puzzle, board, cursor=(puzzle.height - 1, puzzle.width - 1))
    assert first is not None and last is not None
    assert first.rank == last.rank == BY_NAME[first.technique].rank
    assert first.cells() != last.cells()


def test_a_line_that_cannot_fit_names_itself() -> None:
    puzzle = open_one("puzzles/heart.non")
    board = unknown_board(puzzle)
    board.cells[0, :] = FILLED
    with pytest.raises(Contradiction, match="Row 1"):
        list(line_steps(puzzle, board))
