"""The shared commands on Aquarium puzzles, through the ``Kind`` protocol only: ``show``,
``hint``, ``check``, ``convert`` (to ``.aq`` and to a puzz.link URL), ``rate`` and ``explain`` on
an ``.aq`` file and on a URL, and ``generate --kind aquarium``. Answers are checked against the
issue's stated solution, not against the engine."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nonotui import cli

EXAMPLE = """title "Four tanks"
size 4x4
columns 3 2 2 3
rows 2 2 2 4
tanks
AABB
ACCB
DDCB
DDDD
"""
SOLUTION = ["~~..", "~..~", "..~~", "~~~~"]


@pytest.fixture
def four(tmp_path: Path) -> Path:
    path = tmp_path / "four.aq"
    path.write_text(EXAMPLE)
    return path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_show_and_convert_through_a_url_and_back(four: Path, tmp_path: Path, capsys) -> None:
    code, out, _ = run(capsys, "show", str(four))
    assert code == 0 and "size: 4x4" in out and "  AABB\n  ACCB\n  DDCB\n  DDDD" in out
    code, url, _ = run(capsys, "convert", str(four), "-", "--to", "puzzlink")
    url = url.strip()
    assert code == 0 and url.startswith("https://puzz.link/p?aquarium/r/4/4/")
    code, shown, _ = run(capsys, "show", url)
    assert code == 0 and shown.replace("title: Four tanks\n", "") == out.replace(
        "title: Four tanks\n", "")
    back = tmp_path / "back.aq"
    assert run(capsys, "convert", url, str(back))[0] == 0
    assert "AABB\nACCB\nDDCB\nDDDD" in back.read_text()


def test_check_judges_states_against_the_counts(four: Path, tmp_path: Path, capsys) -> None:
    state = tmp_path / "state.txt"
    state.write_text("\n".join(SOLUTION) + "\n")
    code, out, _ = run(capsys, "check", str(four), "--state", str(state))
    assert code == 0 and out.startswith("solved")
    state.write_text(".???\n????\n????\n????\n")  # row 1, column 1 is water in the solution
    code, out, _ = run(capsys, "check", str(four), "--state", str(state))
    assert code == 3 and "row 1, column 1" in out
    state.write_text("~~?\n")
    code, _, err = run(capsys, "check", str(four), "--state", str(state))
    assert code == 1 and "state.txt: line 2: missing" in err


def test_hint_rate_and_explain(four: Path, capsys) -> None:
    code, out, _ = run(capsys, "hint", "--json", str(four))
    hint = json.loads(out)
    assert code == 0 and hint["kind"] == "line"
    # every cell the first hint decides agrees with the stated solution
    assert hint["cells"] and all(SOLUTION[r][c] == v for r, c, v in hint["cells"])
    code, out, _ = run(capsys, "rate", str(four))
    assert code == 0 and "grade" in out
    code, out, _ = run(capsys, "explain", str(four))
    assert code == 0 and "Solved." in out and "\n  ".join(SOLUTION) in out


def test_generate_by_kind(capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    code, _, err = run(capsys, "generate", "--kind", "aquarium", "6x6x")
    assert code == 2 and "WIDTHxHEIGHT" in err
    code, text, err = run(capsys, "generate", "--kind", "aquarium", "6x5", "--seed", "7")
    assert code == 0 and "aq1:6x5:g0:7" in err
    from nonotui import kinds
    from nonotui.kinds.aquarium.puzzle import counts_problems

    kind, (puzzle,) = kinds.parse(text, "made.aq")
    assert kind.name == "aquarium" and (puzzle.width, puzzle.height) == (6, 5)
    assert puzzle.goal is not None and counts_problems(puzzle, puzzle.goal) == []
    assert run(capsys, "generate", "--kind", "aquarium", "6x5", "--seed", "7")[1] == text
    # the id names the same puzzle wherever a FILE is taken
    code, shown, _ = run(capsys, "show", "aq1:6x5:g0:7")
    assert code == 0 and f"id: {puzzle.identity}" in shown
    code, _, err = run(capsys, "generate", "--kind", "aquarium", "99x5", "--seed", "7")
    assert code == 1 and "outside" in err


def test_solve_gives_the_stated_solution_and_exit_3_without_one(four: Path, tmp_path: Path,
                                                                capsys) -> None:
    code, out, _ = run(capsys, "solve", "--json", str(four))
    answer = json.loads(out)
    assert code == 0 and answer["status"] == "unique" and answer["solutions"] == [SOLUTION]
    # one tank two cells high: water on top of air breaks gravity, so no solution
    none = tmp_path / "none.aq"
    none.write_text("size 1x2\ncolumns 1\nrows 1 0\ntanks\nA\nA\n")
    code, out, _ = run(capsys, "solve", str(none))
    assert code == 3


def test_bundled_aquarium_puzzles_are_listed_and_named_without_their_extension(capsys) -> None:
    from nonotui.store import DataDir
    from nonotui.store.catalog import Catalog, find_bundled

    bundled = Catalog(DataDir(Path("unused"))).bundled()
    aquariums = [e for e in bundled if e.puzzle is not None and e.puzzle.kind_name == "aquarium"]
    assert len(aquariums) >= 12 and all(e.name.endswith(".aq") for e in aquariums)
    name = aquariums[0].name
    found = find_bundled(name.removesuffix(".aq"))
    assert found is not None and found.identity == aquariums[0].puzzle.identity
    assert find_bundled(name) is found or find_bundled(name).identity == found.identity
    code, out, _ = run(capsys, "show", name.removesuffix(".aq"))
    assert code == 0 and "kind: Aquarium" in out
