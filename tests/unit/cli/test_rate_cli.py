"""``nonotui rate`` and ``nonotui explain``: text and JSON shapes, bundles, errors, timeouts.

The grades themselves are checked against independent solvers in tests/unit/kinds/test_rating.py;
here the puzzles are small Tatham ids whose solution counts tests/naive_count.py confirms.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from nonotui.cli import main
from nonotui.kinds import open_one
from tests import naive_count

GRADE_4 = "4x4:1/2/2/2/1.1/3/1/1"
"""Columns 1/2/2/2, rows 1 1/3/1/1: one contradiction on a chain of four lines."""
GRADE_5 = "6x4:2/1/1.1/1/1/1.1/1.1/1.2/1.1/2"
"""Six contradictions, one on a chain of five lines."""
TWO = "2x2:1/1/1/1"
"""Two solutions."""
KEYS = ["file", "grade", "score", "line_solvable", "unique", "hardest", "steps", "reason"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_examples_are_what_they_claim() -> None:
    for spec in (GRADE_4, GRADE_5):
        hard = open_one(spec)
        assert naive_count.count(hard.rows, hard.columns, cap=2) == 1
    two = open_one(TWO)
    assert naive_count.count(two.rows, two.columns, cap=3) == 2


def test_text_one_line_per_puzzle(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "rate", "heart", GRADE_5, TWO, GRADE_4)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert len(lines) == 4
    assert lines[3].split("\t")[2] == "grade 4 (short contradictions)"
    assert lines[0].split("\t")[:3] == ["heart", "5x5",
                                        "grade 1 (simple techniques, little work)"]
    assert "hardest: Forcing" in lines[0] and re.search(r"score \d+$", lines[0])
    assert lines[1].split("\t")[2] == "grade 5 (long contradictions or long work)"
    assert "Contradiction 6" in lines[1]
    assert lines[2].split("\t")[2:] == ["grade 0 (not unique)", "hardest: none", "no steps",
                                        "score 0"]


def test_json_is_a_list_of_objects(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rate", "--json", "heart", TWO)
    data = json.loads(out)
    assert code == 0 and [list(d) for d in data] == [KEYS, KEYS]
    heart, two = data
    assert heart["file"] == "heart" and heart["grade"] == 1 and heart["line_solvable"] is True
    assert heart["unique"] is True and heart["reason"] is None
    assert sum(heart["steps"].values()) > 0 and heart["hardest"] == "Forcing"
    assert (two["grade"], two["unique"], two["reason"]) == (0, False, "not unique")


def test_a_bundle_rates_each_puzzle(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bundle = tmp_path / "two.non"
    assert main(["generate", "5x5", "--count", "2", "--seed", "7", "-o", str(bundle)]) == 0
    capsys.readouterr()
    code, out, _ = run(capsys, "rate", "--json", str(bundle))
    files = [d["file"] for d in json.loads(out)]
    assert code == 0 and files == [f"{bundle}#1", f"{bundle}#2"]


def test_bad_input_is_one_line_and_exit_1(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.non"
    bad.write_text("width 3\nheight 2\nrows\n1\nx\n")
    code, out, err = run(capsys, "rate", "heart", str(bad))
    assert code == 1 and out == ""  # every file is read before any puzzle is rated
    assert len(err.strip().splitlines()) == 1 and "bad.non, line 5" in err
    code, _, err = run(capsys, "explain", "no-such-puzzle")
    assert code == 1 and "no-such-puzzle" in err


def test_a_timeout_says_so_and_exits_4(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rate", "--json", "--timeout", "0", "heart")
    assert code == 4
    assert json.loads(out) == [{"file": "heart", "grade": None, "score": None,
                                "line_solvable": None, "unique": None, "hardest": None,
                                "steps": {}, "reason": "timeout"}]


def test_explain_walks_through_numbered_steps_with_boards(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "explain", "heart")
    assert code == 0
    numbered = re.findall(r"^(\d+)\. (.*)$", out, flags=re.MULTILINE)
    assert [int(n) for n, _ in numbered] == list(range(1, len(numbered) + 1))
    assert numbered[0][1].startswith("Simple boxes. Row ")
    assert out.count("The board after step") == 3  # steps 5, 10 and the last (11)
    assert "The board after step 11:\n  -#-#-\n  #####\n  #####\n  -###-\n  --#--\n" in out
    assert out.rstrip().endswith("score 11.") and "Solved." in out


def test_explain_tells_a_contradiction_with_its_chain(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "explain", "--every", "100", GRADE_5)
    assert code == 0
    chains = re.findall(r"^\d+\. Contradiction \(a chain of (\d) lines\)\. If row \d, column \d "
                        r"were ", out, flags=re.MULTILINE)
    assert len(chains) == 6 and max(chains) == "5"
    assert "Grade 5 (long contradictions or long work)" in out
    code, out, _ = run(capsys, "explain", TWO)
    assert code == 0 and "more than one solution" in out and "Grade 0 (not unique)" in out


def test_colour_puzzles_are_rated_and_explained(capsys: pytest.CaptureFixture[str]) -> None:
    colour = Path(__file__).resolve().parents[2] / "data" / "formats" / "flower.non"
    puzzle = open_one(str(colour))
    assert naive_count.count(puzzle.rows, puzzle.columns, cap=2,
                             row_colors=puzzle.row_colors,
                             column_colors=puzzle.column_colors) == 1
    code, out, _ = run(capsys, "rate", "--json", str(colour))
    assert code == 0
    (rating,) = json.loads(out)
    assert rating["unique"] is True and 1 <= rating["grade"] <= 5
    code, out, _ = run(capsys, "explain", str(colour))
    assert code == 0 and "red" in out and "steps from an empty board" in out
