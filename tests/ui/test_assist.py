"""The workers' engine functions, without Textual, through the puzzle's kind: an auto-solve plan
and a check."""

from __future__ import annotations

import pytest

from nonotui.kinds import open_game
from nonotui.kinds.nonogram.puzzle import Puzzle, unknown_board
from nonotui.kinds.nonogram.tracker import filled_blocks
from nonotui.model import EMPTY, FILLED, UNKNOWN, Board
from nonotui.ui import assist
from tests.ui.conftest import PLUS

NEVER = lambda: False  # noqa: E731


def solves(puzzle: Puzzle, board: Board) -> bool:
    cells = board.cells
    return all(filled_blocks(cells[r, :]) == tuple(puzzle.rows[r]) for r in range(puzzle.height)) \
        and all(filled_blocks(cells[:, c]) == tuple(puzzle.columns[c])
                for c in range(puzzle.width))


@pytest.mark.parametrize("marks", [[], [(0, 0, FILLED)], [(4, 4, EMPTY), (2, 3, FILLED)]])
def test_a_plan_from_consistent_marks_reaches_a_solution_line_by_line(marks) -> None:
    board = unknown_board(PLUS)
    for r, c, v in marks:
        board.cells[r, c] = v
    plan = assist.solve_plan(open_game(PLUS), board.copy(), NEVER)
    assert plan.status == "solved" and not plan.several
    seen = set()
    for step in plan.steps:
        assert step.method in ("fast", "fcomp") and step.unit is not None  # no search needed
        for r, c, v in step.cells:
            assert board.cells[r, c] == UNKNOWN and (r, c) not in seen
            seen.add((r, c))
            board.cells[r, c] = v
    assert solves(PLUS, board)


def test_a_plan_needing_a_guess_ends_with_the_search_and_says_several() -> None:
    two = Puzzle.from_picture([[1, 0], [0, 1]], title="Two")
    plan = assist.solve_plan(open_game(two), unknown_board(two), NEVER)
    assert plan.several and [s.method for s in plan.steps] == ["search"]
    assert plan.steps[0].unit is None and "the search" in plan.steps[0].description


def test_inconsistent_marks_get_no_plan_and_a_check_names_them() -> None:
    board = unknown_board(PLUS)
    board.cells[0, 1] = FILLED
    assert assist.solve_plan(open_game(PLUS), board, NEVER).status == "inconsistent"
    assert assist.check(open_game(PLUS), board, NEVER) == {(0, 1)}


def test_a_stop_request_cancels() -> None:
    with pytest.raises(assist.Cancelled):
        assist.solve_plan(open_game(PLUS), unknown_board(PLUS), lambda: True)
