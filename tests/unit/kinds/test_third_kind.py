"""The test-only third kind (tests/lights_kind.py: irregular regions, three cell values, numbers
in the margins) registers itself and goes through the registry, the saves, the public API and
the command line with no change to nonotui for it."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from nonotui import api, kinds
from nonotui.cli import main
from nonotui.model.history import make_move
from nonotui.model.kind import Cancelled, Kind
from nonotui.store import DataDir, Progress, ProgressStore
from tests.lights_kind import DARK, HALF, LIGHTS, LIT, SAMPLE, UNKNOWN, sha, solutions


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    kinds.register(LIGHTS)
    yield
    kinds.unregister("lights")


@pytest.fixture
def sample(tmp_path: Path) -> Path:
    path = tmp_path / "corner.lights"
    path.write_text(SAMPLE)
    return path


def test_it_is_a_kind_and_is_listed() -> None:
    assert isinstance(LIGHTS, Kind)
    assert kinds.names() == ("nonogram", "aquarium", "lights")  # built-in kinds first
    assert kinds.get("lights") is LIGHTS


def test_its_files_are_found_by_extension_and_content(sample: Path) -> None:
    kind, fmt = kinds.detect(SAMPLE, sample)
    assert (kind.name, fmt.name) == ("lights", "lights")
    kind, _ = kinds.detect(SAMPLE, "no-extension")
    assert kind is LIGHTS
    (puzzle,) = api.load_all(sample)
    assert puzzle.title == "Corner" and api.kind_of(puzzle) is LIGHTS
    assert puzzle.identity == sha(puzzle)
    assert api.dumps(puzzle, "lights") == SAMPLE


def test_units_margins_and_walls() -> None:
    (puzzle,) = api.loads(SAMPLE, "x.lights")
    units = LIGHTS.open(puzzle).units
    assert [u.axis for u in units] == ["row"] * 3 + ["region"] * 3
    assert list(units[4].cells) == [(0, 2), (1, 2), (2, 2)]
    tops = [(m.index, m.parts, m.unit) for m in LIGHTS.open(puzzle).margins.labels if m.side == "top"]
    assert tops == [(0, ("1",), 3), (2, ("1",), 4), (1, ("1",), 5)]
    walls = LIGHTS.open(puzzle).borders.walls
    assert (0, 1, "right") in walls and (0, 0, "right") not in walls
    assert (0, 1, "bottom") in walls and LIGHTS.open(puzzle).borders.guide_every is None


def test_solve_hint_check_through_the_api() -> None:
    (puzzle,) = api.loads(SAMPLE, "x.lights")
    every = list(solutions(puzzle, None, 10_000))
    result = api.solve(puzzle, max_solutions=10_000)
    assert result.status == "multiple" and len(result.solutions) == len(every) > 1
    board = api.read_board(puzzle, "#..\n???\n???\n")
    assert api.solve(puzzle, board=board, max_solutions=1).status == "solved"
    wrong = api.read_board(puzzle, "???\n???\n#??\n")
    assert api.check(puzzle, wrong).status == "wrong"
    assert api.hint(puzzle, wrong).kind == "mistake"
    solution = result.solutions[0]
    assert api.check(puzzle, solution).status == "solved"
    assert api.board_text(puzzle, solution).count("#") == 2


def test_a_game_with_three_values_and_undecided_cells_is_saved_and_resumed(
        tmp_path: Path) -> None:
    (puzzle,) = api.loads(SAMPLE, "x.lights")
    store = ProgressStore(DataDir(tmp_path).progress)
    progress = Progress.new(puzzle)
    assert progress.kind == "lights" and np.all(progress.board.cells == UNKNOWN)
    for cells, value in (([(0, 0)], LIT), ([(0, 1), (0, 2)], HALF), ([(1, 0)], DARK),
                         ([(2, 2)], LIT | HALF)):
        progress.history.record(make_move(progress.board, cells, value), progress.board)
        progress.moves += 1
    progress.history.undo(progress.board)
    store.save(progress)
    written = json.loads(store.path_for(puzzle.identity).read_text())
    assert written["kind"] == "lights"
    assert written["legend"] == {".": 1, "#": 2, "+": 4, "?": 7}
    assert written["board"] == ["#++", ".??", "???"]
    loaded = store.load(puzzle)
    assert loaded.resumed and loaded.notice is None
    assert loaded.progress.board == progress.board
    assert loaded.progress.history == progress.history
    loaded.progress.history.redo(loaded.progress.board)
    store.save(loaded.progress)
    again = json.loads(store.path_for(puzzle.identity).read_text())
    assert again["board"] == ["#++", ".??", "??(6)"]
    assert store.load(puzzle).progress.board.cells[2, 2] == LIT | HALF


def test_a_nonogram_save_is_not_read_for_a_lights_puzzle(tmp_path: Path) -> None:
    (puzzle,) = api.loads(SAMPLE, "x.lights")
    store = ProgressStore(DataDir(tmp_path).progress)
    doc = Progress.new(puzzle).to_json()
    doc["kind"] = "nonogram"
    store.path_for(puzzle.identity).parent.mkdir(parents=True)
    store.path_for(puzzle.identity).write_text(json.dumps(doc))
    notice = store.load(puzzle).notice
    assert notice is not None and "'nonogram' puzzle, this puzzle is a lights" in notice


def test_the_command_line_takes_it(sample: Path, tmp_path: Path, capsys) -> None:
    assert main(["show", str(sample)]) == 0
    assert "half-lit: A=1 B=1 C=1" in capsys.readouterr().out
    assert main(["solve", str(sample), "--json", "--max-solutions", "1"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["status"] == "solved" and len(report["solutions"][0]) == 3
    assert set("".join(report["solutions"][0])) <= set(".#+")
    assert "linesolvers" not in report
    state = tmp_path / "state.txt"
    state.write_text("???\n???\n#??\n")
    assert main(["check", str(sample), "--state", str(state), "--json"]) == 3
    checked = json.loads(capsys.readouterr().out)
    assert checked["status"] == "wrong" and checked["wrong"] == [[2, 0, "#"]]
    assert main(["hint", str(sample), "--state", str(state), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["kind"] == "mistake"
    out = tmp_path / "copy.lights"
    assert main(["convert", str(sample), str(out)]) == 0
    assert out.read_text() == SAMPLE


def test_solve_and_bench_print_only_the_statistics_a_kind_gives(sample: Path, capsys) -> None:
    """The lights kind counts boards, not probes or guesses: `solve`'s summary line and
    `bench`'s table say what it gives and leave the rest out (a KeyError traceback before)."""
    assert main(["solve", str(sample), "--max-solutions", "1"]) == 0
    head = capsys.readouterr().out.splitlines()[0]
    assert "boards 1" in head and "probes" not in head and "guesses" not in head, head
    assert main(["bench", str(sample)]) == 0
    table = capsys.readouterr().out
    row = next(line for line in table.splitlines() if sample.name in line)
    assert row.split()[2] == "multiple" and row.split()[-2:] == ["-", "-"], row


def test_it_rates_its_puzzles_with_its_own_solver() -> None:
    (sample,) = api.loads(SAMPLE, "x.lights")
    stuck = kinds.open_game(sample).rate()
    assert (stuck.grade, stuck.reason, stuck.unique) == (0, "not unique", False)
    assert len(list(solutions(sample, None, 3))) > 1
    unique = dataclasses.replace(sample, rows=(0, 0, 3), counts=(("A", 3), ("B", 2), ("C", 0)))
    (only,) = solutions(unique, None, 2)
    rating = LIGHTS.open(unique).rate()
    assert (rating.grade, rating.line_solvable, rating.unique) == (1, True, True)
    assert rating.steps == {"Unit counts": rating.score} and rating.score > 0
    broken = dataclasses.replace(sample, rows=(0, 0, 1), counts=(("A", 0), ("B", 3), ("C", 3)))
    assert list(solutions(broken, None, 1)) == []
    assert LIGHTS.open(broken).rate().reason == "no solution"
    with pytest.raises(Cancelled):
        LIGHTS.open(unique).rate(should_stop=lambda: True)


def test_rate_and_explain_work_on_it_through_the_protocol(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "lit.lights"
    path.write_text(SAMPLE.replace("rows 1 1 0", "rows 0 0 3")
                    .replace("counts A=1 B=1 C=1", "counts A=3 B=2 C=0"))
    assert main(["rate", "--json", str(path)]) == 0
    (found,) = json.loads(capsys.readouterr().out)
    assert (found["grade"], found["hardest"], found["unique"]) == (1, "Unit counts", True)
    assert main(["explain", "--every", "2", str(path)]) == 0
    out = capsys.readouterr().out
    assert "1. Unit counts. Row 1 holds 0: 3 cells narrowed." in out
    assert "The board after step 2:" in out and out.rstrip().endswith(".")
