"""Line states and the solved test: judged against the clues, never a stored picture."""

from __future__ import annotations

import numpy as np

from nonotui.kinds.nonogram.notation import board_from_text, parse_line
from nonotui.kinds.nonogram.puzzle import Puzzle, unknown_board
from nonotui.kinds.nonogram.tracker import ClueTracker, LineState, filled_blocks, line_state


def test_filled_blocks_treats_unknown_as_a_gap() -> None:
    assert filled_blocks(parse_line("##?#--###")) == (2, 1, 3)
    assert filled_blocks(parse_line("????")) == ()


def test_line_state_open_done_broken() -> None:
    assert line_state((2, 1), parse_line("##-?")) == (LineState.OPEN, False)
    assert line_state((2, 1), parse_line("##-#")) == (LineState.DONE, True)
    assert line_state((2, 1), parse_line("###-")) == (LineState.BROKEN, False)
    assert line_state((), parse_line("----")) == (LineState.DONE, True)


def test_any_solution_solves_even_when_it_is_not_the_goal() -> None:
    # Two diagonal pictures share these clues; the stored goal is one of them.
    puzzle = Puzzle.from_picture([[1, 0], [0, 1]])
    board = board_from_text("-#\n#-\n", puzzle)
    tracker = ClueTracker(puzzle, board)
    assert tracker.solved
    assert tracker.broken() == []


def test_solved_without_crossing_every_empty_cell() -> None:
    puzzle = Puzzle.from_picture([[1, 1, 0], [0, 1, 0], [0, 1, 1]])
    board = board_from_text("##?\n?#?\n?##\n", puzzle)
    tracker = ClueTracker(puzzle, board)
    assert tracker.solved
    assert tracker.rows == [LineState.OPEN] * 3


def test_update_recomputes_only_the_lines_of_changed_cells() -> None:
    puzzle = Puzzle.from_picture([[1, 1, 0], [0, 1, 0], [0, 1, 1]])
    board = unknown_board(puzzle)
    tracker = ClueTracker(puzzle, board)
    board.cells[0] = parse_line("#-#")
    tracker.update([(0, 0), (0, 1), (0, 2)])
    assert tracker.rows[0] is LineState.BROKEN
    assert tracker.broken() == [("row", 0)]
    board.cells[0] = parse_line("##-")
    # A line the tracker was not told about keeps its old state until refreshed.
    assert tracker.rows[0] is LineState.BROKEN
    tracker.refresh_all()
    assert tracker.rows[0] is LineState.DONE
    assert not tracker.solved
    board.cells[:] = np.array([[2, 2, 1], [1, 2, 1], [1, 2, 2]], dtype=board.cells.dtype)
    tracker.refresh_all()
    assert tracker.solved


def test_colour_lines_compare_block_colours() -> None:
    import numpy as np

    from nonotui.kinds.nonogram.puzzle import WHITE, Color
    from nonotui.kinds.nonogram.tracker import color_blocks, color_line_state

    e, r, b, unknown = 1, 2, 4, 7
    line = np.array([e, r, r, b, unknown, r, e, b | e], dtype=np.uint32)
    # a run of one colour; an undecided cell (even one of two values) is a gap
    assert color_blocks(line) == ((2, 1, 1), (1, 2, 1))
    assert color_line_state((2, 1), (1, 2), np.array([r, r, b, e], dtype=np.uint32)) == (
        LineState.DONE, True)
    # the right lengths in the wrong colours break the line
    assert color_line_state((2, 1), (1, 2), np.array([r, r, r, e], dtype=np.uint32))[0] is (
        LineState.BROKEN)
    assert color_line_state((2, 1), (1, 2), np.array([b, b, r, e], dtype=np.uint32)) == (
        LineState.BROKEN, False)
    assert color_line_state((1,), (2,), np.array([b, unknown], dtype=np.uint32)) == (
        LineState.OPEN, True)
    colours = (WHITE, Color("red", "#ff0000", "r"), Color("blue", "#0000ff", "b"))
    puzzle = Puzzle.from_picture([[1, 2], [2, 1]], colors=colours)
    board = unknown_board(puzzle)
    board.cells[:] = [[r, b], [b, r]]
    assert ClueTracker(puzzle, board).solved
    board.cells[:] = [[b, r], [r, b]]  # the same blocks, every colour swapped
    tracker = ClueTracker(puzzle, board)
    assert not tracker.solved and len(tracker.broken()) == 4
