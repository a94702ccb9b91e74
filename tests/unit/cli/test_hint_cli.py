"""``nonotui hint``: text and JSON shapes, state files (notation and save files), errors."""

from __future__ import annotations

import json

import pytest

from nonotui.cli import main
from nonotui.kinds import open_one
from nonotui.kinds.nonogram.puzzle import unknown_board
from nonotui.model.history import History, make_move
from nonotui.store.progress import Progress

TWO = "2x2:1/1/1/1"


def run(capsys, *argv):
    code = main(["hint", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_json_for_an_empty_two_solution_board(capsys):
    code, out, _ = run(capsys, TWO, "--json")
    assert code == 0
    assert json.loads(out) == {
        "kind": "ambiguous", "cells": [[0, 0, "-"]], "line": None, "method": None,
        "technique": None, "explanation": "The clues and your marks allow more than one solution, so logic cannot "
                       "finish the puzzle. Revealing row 1, column 1 (empty in one solution) "
                       "picks one."}


def test_line_hint_from_a_notation_state_and_the_cursor(tmp_path, capsys):
    state = tmp_path / "s.txt"
    state.write_text("?.\n?#\n")  # "." is accepted for empty
    code, out, _ = run(capsys, TWO, "--state", str(state), "--json", "--cursor", "2,1")
    data = json.loads(out)
    assert code == 0 and data["kind"] == "line" and data["method"] == "fast"
    # the box is the whole clue: the easiest rung, Finished line, names it (issue 35)
    assert data["technique"] == "Finished line" and "chain" not in data
    assert data["line"] == {"axis": "row", "index": 1}
    assert data["cells"] == [[1, 0, "-"]]
    assert data["explanation"] == ("Finished line. Row 2, clue 1: the box at column 2 is the "
                                   "whole clue, so column 1 is empty.")


def test_mistake_json_lists_marked_values(tmp_path, capsys):
    state = tmp_path / "s.txt"
    state.write_text("##\n??\n")
    code, out, _ = run(capsys, TWO, "--state", str(state), "--json")
    data = json.loads(out)
    assert (code, data["kind"], data["line"], data["method"]) == (0, "mistake", None, None)
    assert data["cells"]  # both marks are possible alone: one of them is named
    assert all(cell[2] == "#" for cell in data["cells"])


def test_solved_has_no_cells(tmp_path, capsys):
    state = tmp_path / "s.txt"
    state.write_text("#-\n-#\n")
    _, out, _ = run(capsys, TWO, "--state", str(state), "--json")
    assert json.loads(out)["kind"] == "solved" and json.loads(out)["cells"] == []


def test_the_players_save_file_with_its_history(tmp_path, capsys):
    puzzle = open_one(TWO)
    board = unknown_board(puzzle)
    history = History()
    history.record(make_move(board, [(0, 0)], 2), board)
    history.record(make_move(board, [(1, 1)], 1), board)
    save = Progress.new(puzzle)
    save.board, save.history, save.moves = board, history, 2
    path = tmp_path / "save.json"
    path.write_text(json.dumps(save.to_json()))
    code, out, _ = run(capsys, TWO, "--state", str(path))
    assert code == 0
    assert "Marks made since the board last had a solution: row 2, column 2 (empty)" in out


@pytest.mark.parametrize(("text", "message"), [
    ("???\n??\n", "line 1: 3 cells where 2 were expected"),
    ("??\n", "line 2: missing"),
    ("??\n??\n??\n", "line 3: one row too many"),
    ("?x\n??\n", "line 1"),
])
def test_bad_states_name_the_line(tmp_path, capsys, text, message):
    state = tmp_path / "s.txt"
    state.write_text(text)
    code, out, err = run(capsys, TWO, "--state", str(state))
    assert code == 1 and out == "" and message in err


def test_bad_cursor_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["hint", TWO, "--cursor", "0,1"])
    assert exc.value.code == 2
    code, _, err = run(capsys, TWO, "--cursor", "3,1")
    assert code == 1 and "outside" in err
