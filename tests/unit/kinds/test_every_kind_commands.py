"""The conformance test of the command line: every subcommand, in text and in ``--json``, run
against a puzzle of every kind the registry knows (nonotui's own and the test-only Lights kind).

Each answer is checked through what the kind's model says, not its engine: a solution is judged
by the game's ``is_solved`` (its unit tracker), a checked board by its rows, a converted file by
the identity it reads back as. What a kind lacks (no generator) must be said in one line.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from nonotui import kinds
from nonotui.cli import main
from nonotui.model.kind import PuzzleLike
from tests.kind_samples import every_kind, sample_file
from tests.lights_kind import LIGHTS

NAMES = [*kinds.names(), LIGHTS.name]


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    with every_kind():
        yield


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        code = main(list(args))
    except SystemExit as exc:  # argparse's own usage errors
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    assert "Traceback" not in err, err
    return code, out, err


def puzzle_of(path: Path) -> PuzzleLike:
    found: PuzzleLike = kinds.open_one(str(path))
    return found


@pytest.mark.parametrize("name", NAMES)
def test_show_solve_and_bench_in_text_and_json(name: str, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    path = sample_file(name, tmp_path)
    game = kinds.open_game(puzzle_of(path))
    code, out, _ = run(capsys, "show", str(path))
    assert code == 0 and game.puzzle.identity in out

    code, out, _ = run(capsys, "solve", "--json", str(path))
    report = json.loads(out)
    assert code == 0 and report["status"] in ("unique", "multiple")
    assert report["identity"] == game.puzzle.identity
    for rows in report["solutions"]:
        assert game.is_solved(game.read_board("\n".join(rows)))
    code, out, _ = run(capsys, "solve", str(path))
    assert code == 0 and report["status"] in out.splitlines()[0]
    assert out.split("\n\n")[1].splitlines() == report["solutions"][0]

    code, out, _ = run(capsys, "bench", "--json", str(path))
    (row,) = json.loads(out)
    assert code == 0 and row["status"] == report["status"]
    assert row["identity"] == game.puzzle.identity
    code, out, _ = run(capsys, "bench", str(path))
    assert code == 0 and path.name in out and report["status"] in out


@pytest.mark.parametrize("name", NAMES)
def test_hint_and_check_in_text_and_json(name: str, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    path = sample_file(name, tmp_path)
    game = kinds.open_game(puzzle_of(path))
    code, out, _ = run(capsys, "hint", "--json", str(path))
    hint = json.loads(out)
    assert code == 0 and hint["kind"] in ("line", "contradiction", "guess")
    assert hint["explanation"]
    code, out, _ = run(capsys, "hint", str(path))
    assert code == 0 and out.strip() == hint["explanation"]

    solution = game.solve(max_solutions=1).solutions[0]
    assert game.is_solved(solution)
    state = tmp_path / "state.txt"
    state.write_text("\n".join(game.board_rows(solution)) + "\n")
    code, out, _ = run(capsys, "check", "--json", str(path), "--state", str(state))
    assert code == 0 and json.loads(out)["status"] == "solved"
    code, out, _ = run(capsys, "check", str(path), "--state", str(state))
    assert code == 0 and out.startswith("solved")
    code, out, _ = run(capsys, "hint", "--json", str(path), "--state", str(state))
    assert code == 0 and json.loads(out)["kind"] == "solved"


@pytest.mark.parametrize("name", NAMES)
def test_rate_explain_and_convert(name: str, tmp_path: Path,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    path = sample_file(name, tmp_path)
    puzzle = puzzle_of(path)
    code, out, _ = run(capsys, "rate", "--json", str(path))
    (rating,) = json.loads(out)
    assert code == 0 and rating["file"] == str(path) and rating["grade"] in range(0, 6)
    code, out, _ = run(capsys, "rate", str(path))
    assert code == 0 and out.startswith(str(path))
    code, out, _ = run(capsys, "explain", str(path))
    assert code in (0, 3) and "step" in out

    for fmt in kinds.get(name).formats():
        if not fmt.writable or fmt.name in ("picture", "tatham", "puzzlink"):
            continue  # pictures need a goal, ids and URLs hold less than a file
        code, out, _ = run(capsys, "convert", str(path), "-", "--to", fmt.name)
        assert code == 0
        (back,) = fmt.read(out, f"copy.{fmt.name}")
        assert back.identity == puzzle.identity, fmt.name


@pytest.mark.parametrize("name", NAMES)
def test_generate_asks_the_kind(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    makes = kinds.get(name).daily_request(__import__("datetime").date(2026, 12, 4)) is not None
    code, out, err = run(capsys, "generate", "--kind", name, "6x6", "--seed", "3")
    if not makes:  # not offered: --kind names the kinds that make puzzles
        assert code == 2 and "invalid choice" in err and repr(name) in err, err
        return
    assert code == 0, err
    made, puzzles = kinds.parse(out, f"made{kinds.get(name).formats()[0].extensions[0]}")
    assert made.name == name and (puzzles[0].width, puzzles[0].height) == (6, 6)
    game = made.open(puzzles[0])
    assert game.solve().status == "unique"


@pytest.mark.parametrize("name", NAMES)
def test_share_gives_a_code_every_command_reads_or_says_the_kind_has_none(
        name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = sample_file(name, tmp_path)
    puzzle = puzzle_of(path)
    code, out, err = run(capsys, "share", "--json", str(path))
    if name == LIGHTS.name:  # the test-only kind has no share codes: one line says so
        assert code == 1 and out == "" and err.count("\n") == 1 and "no share codes" in err
        return
    ((row),) = json.loads(out)
    assert code == 0 and row["identity"] == puzzle.identity
    assert row["code"].startswith("nonotui:1:")
    code, out, _ = run(capsys, "show", row["code"])
    assert code == 0 and puzzle.identity in out
    code, out, _ = run(capsys, "share", str(path))
    assert code == 0 and out.strip() == row["code"]
