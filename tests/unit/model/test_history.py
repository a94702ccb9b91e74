"""Moves and the undo/redo history: apply, revert, redo branches and the JSON round trip."""

from __future__ import annotations

import json

import pytest

from nonotui.errors import SaveError
from nonotui.kinds.nonogram.notation import format_board
from nonotui.kinds.nonogram.puzzle import Puzzle, unknown_board
from nonotui.model import EMPTY, FILLED, UNKNOWN, Board
from nonotui.model.history import MOVE_KINDS, Change, History, Move, make_move, move_to

PUZZLE = Puzzle.from_picture([[1, 0, 1], [0, 1, 0], [1, 1, 1]])


def fresh() -> Board:
    return unknown_board(PUZZLE)


def test_make_move_skips_unchanged_and_repeated_cells() -> None:
    board = fresh()
    board.cells[0, 0] = FILLED
    move = make_move(board, [(0, 0), (0, 1), (0, 1), (0, 2)], FILLED, "paint")
    assert move is not None
    assert move.cells() == [(0, 1), (0, 2)]
    assert all(ch.before == UNKNOWN and ch.after == FILLED for ch in move.changes)
    assert board.cells[0, 1] == UNKNOWN, "building a move must not touch the board"
    assert make_move(board, [(0, 0)], FILLED) is None


def test_move_to_sets_each_cell_its_own_value_and_keeps_the_first_of_a_repeat() -> None:
    board = fresh()
    board.cells[1, 1] = EMPTY
    move = move_to(board, [(0, 0, FILLED), (1, 1, EMPTY), (0, 2, EMPTY), (0, 0, EMPTY)], "hint")
    assert move is not None and move.kind == "hint"
    assert [(ch.row, ch.column, ch.before, ch.after) for ch in move.changes] == [
        (0, 0, UNKNOWN, FILLED),
        (0, 2, UNKNOWN, EMPTY),
    ]
    assert board.cells[0, 0] == UNKNOWN, "building a move must not touch the board"
    assert move_to(board, [(1, 1, EMPTY)], "solve") is None


def test_move_kinds_are_the_literal_vocabulary() -> None:
    assert MOVE_KINDS == ("mark", "paint", "hint", "solve")
    with pytest.raises(ValueError, match="unknown move kind"):
        Move((), "erase")  # type: ignore[arg-type]  # the check a save's JSON goes through


def test_undo_and_redo_restore_every_cell_of_a_multi_cell_move() -> None:
    board, history = fresh(), History()
    history.record(make_move(board, [(2, 0), (2, 1), (2, 2)], FILLED, "paint"), board)
    history.record(make_move(board, [(2, 1)], EMPTY), board)
    assert format_board(board.cells) == "???\n???\n#-#\n"
    history.undo(board)
    assert format_board(board.cells) == "???\n???\n###\n"
    history.undo(board)
    assert format_board(board.cells) == "???\n???\n???\n"
    assert history.undo(board) is None and not history.can_undo
    history.redo(board)
    history.redo(board)
    assert format_board(board.cells) == "???\n???\n#-#\n"
    assert history.redo(board) is None and not history.can_redo


def test_a_new_move_forgets_the_redo_branch() -> None:
    board, history = fresh(), History()
    history.record(make_move(board, [(0, 0)], FILLED), board)
    history.undo(board)
    assert history.can_redo
    history.record(make_move(board, [(1, 1)], FILLED), board)
    assert not history.can_redo
    assert format_board(board.cells) == "???\n?#?\n???\n"


def test_history_has_no_limit() -> None:
    board, history = fresh(), History()
    for i in range(5000):
        history.record(make_move(board, [(0, 0)], FILLED if i % 2 == 0 else EMPTY), board)
    for _ in range(5000):
        assert history.undo(board) is not None
    assert board.cells[0, 0] == UNKNOWN


def test_json_round_trip_keeps_both_stacks() -> None:
    board, history = fresh(), History()
    history.record(make_move(board, [(0, 0), (0, 2)], FILLED, "paint"), board)
    history.record(make_move(board, [(1, 0)], EMPTY), board)
    history.record(make_move(board, [(1, 1)], FILLED), board)
    history.undo(board)
    text = json.dumps(history.to_json())
    restored = History.from_json(json.loads(text), board)
    assert restored == history
    restored.undo(board)
    restored.undo(board)
    assert format_board(board.cells) == "???\n???\n???\n"
    restored.redo(board)
    restored.redo(board)
    restored.redo(board)
    assert format_board(board.cells) == "#?#\n-#?\n???\n"


@pytest.mark.parametrize(
    "data, problem",
    [
        ([], "not an object"),
        ({"done": "x"}, "not a list"),
        ({"done": [{"changes": [[0, 0, 3]]}]}, "malformed"),
        ({"done": [{"changes": [[5, 0, 3, 2]]}]}, "outside"),
        ({"done": [{"changes": [[0, 0, 0, 2]]}]}, "invalid cell value"),
        ({"done": [{"kind": "magic", "changes": []}]}, "unknown kind"),
        ({"done": [{"changes": [[0, 0, True, 2]]}]}, "malformed"),
    ],
)
def test_malformed_history_is_a_save_error(data: object, problem: str) -> None:
    with pytest.raises(SaveError, match=problem):
        History.from_json(data, fresh())


def test_unknown_kind_is_refused_at_construction() -> None:
    with pytest.raises(ValueError):
        Move((Change(0, 0, UNKNOWN, FILLED),), "teleport")
