"""benchmarks/peers.py and its pynogram reader: the parts that decide, not the timings.

The pynogram reader is checked on a small inline puzzle in pynogram's example format (no
pynogram file is needed, nor shipped) and on bad input; the status comparison and the reading of
each peer's output on fixed texts shaped like what each peer prints.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from benchmarks import peers
from benchmarks.peers import Cell, Run, compare
from benchmarks.pynogram_text import expand_template, load, parse
from nonotui.errors import PuzzleFormatError

# The digit 5 of pynogram's format description, written the verbose way: comments of both kinds,
# a quoted clue, a trailing comma, clues on the key's line and on the lines after it.
FIVE = """\
# The '5' digit   ; a comment
[clues]
columns = 3 1, '1 1 1'
    1 1 1,
    "1 3"          ; last column

rows =
  4      ; upper dash
  1
  4      # middle dash

  1, 4
"""

TEMPLATE = """\
[clues]
columns =
    1, 1
    # duplicate the following line (n - 1) times to get the desired n-Dom puzzle
    1 3, 1
    3
rows =
    3, 1
    # duplicate the following line (n - 1) times to get the desired n-Dom puzzle
    3 1, 1
    1
"""


def test_parse_reads_the_verbose_five() -> None:
    puzzle = parse(FIVE, "five.txt")
    assert puzzle.columns == ((3, 1), (1, 1, 1), (1, 1, 1), (1, 3))
    assert puzzle.rows == ((4,), (1,), (4,), (1,), (4,))
    assert puzzle.title == "five"


def test_parse_reads_zero_and_empty_quotes_as_empty_lines() -> None:
    puzzle = parse("[clues]\nrows = 1, 0\ncolumns = '', 1\n", "z.txt")
    assert puzzle.rows == ((1,), ())
    assert puzzle.columns == ((), (1,))


def test_template_gives_the_survey_domino_clues() -> None:
    # Wolter's n-Dom: columns 1, 1, then (1 3, 1) n - 1 times, then 3; rows the mirror image
    for n in (2, 3, 9):
        puzzle = parse(expand_template(TEMPLATE, n), "domino.txt")
        assert puzzle.columns == ((1,), (1,)) + ((1, 3), (1,)) * (n - 1) + ((3,),)
        assert puzzle.rows == ((3,), (1,)) + ((3, 1), (1,)) * (n - 1) + ((1,),)


def test_load_reads_a_file(tmp_path: Path) -> None:
    path = tmp_path / "domino.txt"
    path.write_text(TEMPLATE)
    assert load(path, "9-Dom", template_n=9).width == 19
    assert load(path, "9-Dom", template_n=9).title == "9-Dom"


@pytest.mark.parametrize(("text", "line", "words"), [
    ("[clues]\nrows = 1, x 2\ncolumns = 1\n", 2, "'x' is not a block length"),
    ("[clues]\nrows = 2g 1\ncolumns = 1\n", 2, "colour puzzles are not supported"),
    ("[colors]\ng = (green) *\n[clues]\nrows = 1\ncolumns = 1\n", 2, "colour puzzles"),
    ("[clues]\nrows = 1\n", None, "no columns"),
    ("rows = 1\ncolumns = 1\n", 1, "outside the [clues] section"),
    ("[clues]\nsize = 3\nrows = 1\ncolumns = 1\n", 2, "unknown key 'size'"),
    ("[clues]\n1, 1\n", 2, "clues before"),
    ("[clues]\nrows = 1 0\ncolumns = 1\n", 2, "block length of 0"),
    ("[clues]\nrows = 1\nrows = 1\ncolumns = 1\n", 3, "rows given twice"),
    ("[clues]\nrows = 2\ncolumns = 1\n", 2, "2"),            # a block longer than the row
])
def test_bad_input_names_file_line_and_problem(text: str, line: int | None, words: str) -> None:
    with pytest.raises(PuzzleFormatError) as caught:
        parse(text, "bad.txt")
    assert caught.value.path == "bad.txt"
    assert caught.value.line == line
    assert words in caught.value.problem
    assert "\n" not in str(caught.value)


# -- status comparison ---------------------------------------------------------------------------

def test_compare_agrees_and_ignores_what_decides_nothing() -> None:
    assert compare({"a": "unique", "b": "unique", "c": "timeout", "d": "error: x", "e": "skipped"}) \
        == ("unique", [])
    assert compare({"a": "timeout", "b": "skipped"}) == ("undecided", [])
    assert compare({}) == ("undecided", [])


def test_compare_names_every_decider_when_two_decisions_differ() -> None:
    agreed, loud = compare({"nonotui": "unique", "pbnsolve": "multiple", "nonogrid": "timeout"})
    assert agreed == "DISAGREE"
    assert loud == ["nonotui: unique", "pbnsolve: multiple"]
    assert compare({"a": "contradiction", "b": "unique"})[0] == "DISAGREE"


def test_runs_of_one_solver_that_decide_differently_are_a_disagreement() -> None:
    cell = Cell([Run("unique", 1.0), Run("multiple", 2.0)])
    assert cell.status == "inconsistent"
    assert compare({"a": cell.status})[0] == "DISAGREE"
    assert compare({"a": cell.status, "b": "unique"})[1] == ["a: inconsistent", "b: unique"]


def test_cell_takes_the_decision_and_the_median_of_deciding_runs() -> None:
    cell = Cell([Run("multiple", 3.0), Run("multiple", 1.0), Run("timeout", 60.0)])
    assert cell.status == "multiple"
    assert cell.median == 2.0
    assert Cell([Run("timeout", 60.0)]).status == "timeout"
    assert Cell([Run("timeout", 60.0)]).median is None
    assert Cell(skipped="no binary").status == "skipped"


def test_the_table_marks_a_dissenting_cell_and_reports_it() -> None:
    from nonotui.kinds.nonogram.puzzle import Puzzle

    row = peers.Row("X", Puzzle(rows=((1,),), columns=((1,),)))
    row.cells = {"nonotui engine": Cell([Run("unique", 0.01)]), "pbnsolve": Cell([Run("multiple", 0.02)])}
    text, loud = peers.table([row], ["nonotui engine", "pbnsolve"], 60)
    assert loud == ["DISAGREEMENT on X: nonotui engine: unique; pbnsolve: multiple"]
    assert "DISAGREE" in text


# -- what each peer prints -----------------------------------------------------------------------

def test_pbnsolve_brief_output() -> None:
    assert peers.parse_pbnsolve("MLP\nunique\n", "", 0) == "unique"
    assert peers.parse_pbnsolve("unique logical\n", "", 0) == "unique"
    assert peers.parse_pbnsolve("multiple\n", "", 0) == "multiple"
    assert peers.parse_pbnsolve("contradiction\n", "", 0) == "contradiction"
    assert peers.parse_pbnsolve("", "Could not load puzzle\n", 1).startswith("error: ")


def test_nonogrid_output() -> None:
    board = "# 1 1\n1 ? ?\n1 ? ?\n"
    assert peers.parse_nonogrid(board + "Backtracking found 2 solutions:\n1-th solution:\n", "", 0) \
        == "multiple"
    assert peers.parse_nonogrid(board + "Backtracking found 1 solutions:\n", "", 0) == "unique"
    assert peers.parse_nonogrid("# 1\n1 ■\n", "", 0) == "unique"          # line logic finished it
    panic = "thread 'main' panicked: \"Bad puzzle: simple propagation failed: UnsolvableLine\"\n"
    assert peers.parse_nonogrid(board, panic, 101) == "contradiction"
    assert peers.parse_nonogrid("", "thread 'main' panicked at parser\n", 101).startswith("error: ")


def test_simpson_count_output() -> None:
    assert peers.parse_simpson("2\n", "", 0) == "multiple"
    assert peers.parse_simpson("1\n", "", 0) == "unique"
    assert peers.parse_simpson("0\n", "Warning: puzzle has imbalance: 2\n", 0) == "contradiction"
    assert peers.parse_simpson("", "error on input\n", 1).startswith("error: ")


def test_nonotui_json_output() -> None:
    assert peers.parse_nonotui('{"status": "multiple", "seconds": 1.0}', "", 0) == "multiple"
    assert peers.parse_nonotui("", "nonotui: x.nin, line 1: bad\n", 1) == "error: nonotui: x.nin, line 1: bad"


def test_a_peer_without_its_variable_is_skipped(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for var in ("PBNSOLVE", "NONOGRID", "SIMPSON_NONOGRAM"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("NONOGRID", str(tmp_path / "absent"))
    found, notes = peers.peers()
    assert found == []
    assert len(notes) == 3 and "NONOGRID" in notes[1]


def test_rows_without_the_hard_folder_say_why(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("NONOTUI_HARD_DIR", raising=False)
    rows = peers.puzzles(tmp_path, quick=True, all_survey=False, only=[])
    assert [r.name for r in rows] == ["Petro (webpbn 436)", "Light (webpbn 803)", "Forever (webpbn 6574)",
                                      "MLP", "LalaFrogKK", "9-Dom", "Thing (webpbn 18297)"]
    assert all(r.puzzle is None and r.missing for r in rows)


def test_the_hard_folder_may_be_a_pynogram_checkout(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    examples = tmp_path / "pynogram" / "examples"
    examples.mkdir(parents=True)
    (examples / "domino.txt").write_text(TEMPLATE)
    monkeypatch.setenv("NONOTUI_HARD_DIR", str(tmp_path))
    rows = peers.puzzles(tmp_path, quick=True, all_survey=False, only=["dom"])
    assert [(r.name, r.puzzle.width if r.puzzle else None) for r in rows] == [("9-Dom", 19)]


def test_a_run_over_the_limit_ends_the_runs_unless_the_solver_varies(tmp_path: Path) -> None:
    def sleeper(files: dict[str, Path], limit: float) -> list[str]:
        return [sys.executable, "-c", "import time; time.sleep(30)"]

    steady = peers.run_cell(peers.Solver("s", sleeper, peers.parse_simpson), {}, 0.2, 3)
    assert [r.status for r in steady.runs] == ["timeout"]
    varying = peers.run_cell(peers.Solver("v", sleeper, peers.parse_simpson, varies=True), {}, 0.2, 3)
    assert [r.status for r in varying.runs] == ["timeout"] * 3
    assert peers.cell_text(varying, 0.2) == "over 0.2 s"


def test_a_cell_says_how_many_runs_went_over_the_limit() -> None:
    cell = Cell([Run("timeout", 60.0), Run("multiple", 0.094), Run("timeout", 60.0)])
    assert peers.cell_text(cell, 60) == "94 ms (2 of 3 runs over 60 s)"
