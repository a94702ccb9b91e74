"""The public Python API (docs/api.md): load, solve, hint and check through the kinds."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from nonotui import api
from nonotui.errors import NonotuiError, PuzzleFormatError
from nonotui.kinds.nonogram.notation import format_board

REPO = Path(__file__).resolve().parents[2]
HEART_SOLUTION = "-#-#-\n#####\n#####\n-###-\n--#--\n"


def test_the_docs_example_runs() -> None:
    """docs/api.md's first example, run as written."""
    text = (REPO / "docs" / "api.md").read_text()
    example = text.split("```python\n", 1)[1].split("```", 1)[0]
    done = subprocess.run([sys.executable, "-c", example], cwd=REPO, capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("unique\n" + HEART_SOLUTION)


def test_importing_the_api_loads_no_numba_and_no_textual() -> None:
    code = "import sys, json, nonotui.api; print(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True,
                         text=True, check=True).stdout
    loaded = {m.split(".")[0] for m in json.loads(out)}
    assert not loaded & {"numba", "textual", "rich"}


def test_load_solve_and_print() -> None:
    puzzle = api.load("heart")
    assert api.kind_of(puzzle).name == "nonogram"
    result = api.solve(puzzle)
    assert result.status == "unique"
    assert api.board_text(puzzle, result.solutions[0]) == HEART_SOLUTION
    assert api.solve(puzzle, linesolvers="olsak").settings == {"linesolvers": "olsak"}
    with pytest.raises(NonotuiError, match="quick"):
        api.solve(puzzle, linesolvers="quick")


def test_load_a_file_a_bundle_item_and_text(tmp_path: Path) -> None:
    path = tmp_path / "two.non"
    path.write_text(api.dumps([api.load("heart"), api.load("arrow")], "non"))
    assert [p.title for p in api.load_all(path)] == ["Heart", "Arrow"]
    assert api.load(f"{path}#2").title == "Arrow"
    (tiny,) = api.loads("4x4:2/1/2/1/1.1/2/1/1")
    assert (tiny.width, tiny.height) == (4, 4)
    with pytest.raises(PuzzleFormatError, match="not a puzzle format"):
        api.loads("hello", "x.dat")


def test_hint_and_check() -> None:
    puzzle = api.load("heart")
    first = api.hint(puzzle)
    assert first.kind == "line" and first.explanation
    board = api.read_board(puzzle, "#????\n?????\n?????\n?????\n?????\n")
    assert api.hint(puzzle, board).kind == "mistake"
    report = api.check(puzzle, board)
    assert report.status == "wrong" and report.wrong == ((0, 0, 2),)
    assert format_board(board.cells).startswith("#????"), "the caller's board is not changed"
    solved = api.read_board(puzzle, HEART_SOLUTION)
    assert api.check(puzzle, solved).status == "solved"
    assert api.hint(puzzle, solved).kind == "solved"
    assert api.board_text(puzzle, api.empty_board(puzzle)) == "?????\n" * 5


def test_rate_goes_through_the_game() -> None:
    puzzle = api.load("heart")
    rating = api.rate(puzzle)
    assert (rating.grade, rating.unique, rating.line_solvable) == (1, True, True)
    assert rating == api.game(puzzle).rate()
    with pytest.raises(api.Cancelled):
        api.rate(puzzle, lambda: True)
