"""The command line on colour puzzles: ``line`` with colour clues, ``hint`` and ``check``."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from nonotui.cli import main

DATA = Path(__file__).resolve().parents[2] / "data" / "formats"
FLOWER = str(DATA / "flower.non")


def run(capsys, *argv: str) -> tuple[int, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = int(exc.code or 0)
    captured = capsys.readouterr()
    sys.stderr.write(captured.err)
    return code, captured.out


@pytest.mark.parametrize("clue", ["2r 1b", "2:red 1:blue", "2r,1:blue"])
def test_line_with_a_colour_clue(capsys, clue: str) -> None:
    # rrb-, rr-b or -rrb: the red 2 starts in column 1 or 2
    code, out = run(capsys, "line", clue, "????", "--json")
    assert code == 0
    rows = {row["method"]: row for row in json.loads(out)}
    for name in ("complete", "fcomp", "olsak"):
        assert rows[name]["result"] == "[-r]r[-rb][-b]"
        assert rows[name]["values"] == [["empty", "red"], ["red"], ["empty", "red", "blue"],
                                        ["empty", "blue"]]
    code, out = run(capsys, "line", clue, "????", "-m", "fcomp")
    assert out.split("\t")[:2] == ["fcomp", "[-r]r[-rb][-b]"]


def test_line_with_marks_and_a_contradiction(capsys) -> None:
    code, out = run(capsys, "line", "2r 1b", "-r??", "-m", "fcomp")
    assert code == 0 and out.split("\t")[1] == "-rrb"
    code, out = run(capsys, "line", "2r 1r", "???", "-m", "fcomp")  # two reds need a gap
    assert code == 3 and "contradiction" in out


def test_line_letters_resolve_against_the_puzzles_palette(capsys) -> None:
    # flower.non: r is red, g is #00aa00; "g" is green in the default palette too
    code, out = run(capsys, "line", "1r 2g", "????", "--puzzle", FLOWER, "--json")
    assert code == 0
    fcomp = next(r for r in json.loads(out) if r["method"] == "fcomp")
    assert fcomp["values"][2] == ["#00aa00"]
    code, _ = run(capsys, "line", "1r 2x", "????", "--puzzle", FLOWER)
    assert code == 1  # no colour x


def test_black_and_white_lines_keep_their_notation(capsys) -> None:
    code, out = run(capsys, "line", "2", "???", "-m", "fcomp", "--json")
    assert json.loads(out) == [{"method": "fcomp", "result": "?#?", "microseconds":
                                json.loads(out)[0]["microseconds"]}]


def test_hint_on_a_colour_puzzle_names_colours(capsys) -> None:
    code, out = run(capsys, "hint", FLOWER, "--json")
    assert code == 0
    hint = json.loads(out)
    assert hint["kind"] == "line"
    assert all(v in ("empty", "red", "#00aa00") for _, _, v in hint["cells"])


def test_hint_reads_a_colour_state(tmp_path: Path, capsys) -> None:
    state = tmp_path / "state.txt"
    state.write_text("-gg-\n????\n????\n????\n")  # green where the solution has red
    code, out = run(capsys, "hint", FLOWER, "--state", str(state), "--json")
    hint = json.loads(out)
    assert code == 0 and hint["kind"] == "mistake"
    assert [c[:2] for c in hint["cells"]] == [[0, 1], [0, 2]]
    assert "row 1, column 2 (#00aa00)" in hint["explanation"]


def test_check_names_wrong_colours(tmp_path: Path, capsys) -> None:
    state = tmp_path / "state.txt"
    state.write_text("-gg-\n????\n????\n????\n")
    code, out = run(capsys, "check", FLOWER, "--state", str(state), "--json")
    report = json.loads(out)
    assert code == 3 and report["status"] == "wrong"
    assert report["wrong"] == [[0, 1, "#00aa00"], [0, 2, "#00aa00"]]
    state.write_text("-rr-\nrrrr\n-gg-\n-g--\n")
    code, out = run(capsys, "check", FLOWER, "--state", str(state), "--json")
    assert code == 0 and json.loads(out)["status"] == "solved"
    state.write_text("-rr-\nrrrr\n-rg-\n-g--\n")  # one red where green belongs
    code, out = run(capsys, "check", FLOWER, "--state", str(state), "--json")
    assert code == 3 and json.loads(out)["wrong"] == [[2, 1, "red"]]
