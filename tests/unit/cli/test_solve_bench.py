"""``nonotui solve`` and ``nonotui bench`` as a user runs them: output, JSON shapes, exit codes."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from nonotui.cli import main
from tests import naive_count as naive
from tests.conftest import HARD_PUZZLE

TATHAM = "4x4:2/1/2/1/1.1/2/1/1"
"""Unique, and line logic alone does not finish it."""
TWO_WAYS = "2x2:1/1/1/1"
"""A diagonal either way: two solutions."""
IMPOSSIBLE = "3x3:1/0/1/2/0/0"
"""Row 1 needs a block of 2, but only columns 1 and 3 hold anything: no solution."""
DATA = Path(__file__).resolve().parents[2] / "data" / "formats"
STATS_KEYS = {"lines", "probes", "guesses", "max_depth"}


def run_json(capsys, *argv: str) -> tuple[int, object]:
    """Run with ``--json``; the exit code and the parsed output (stderr stays readable)."""
    code = main([*argv, "--json"])
    captured = capsys.readouterr()
    sys.stderr.write(captured.err)
    return code, json.loads(captured.out)


def grid_clues(grid: list[str]):
    """The clues of a printed solution grid, read with the oracle's own ``runs``."""
    picture = [[1 if ch == "#" else 0 for ch in row] for row in grid]
    assert all(set(row) <= {"#", "-"} for row in grid), grid
    return naive.clues_of(picture)


# -- solve ----------------------------------------------------------------------------------


def test_solve_prints_the_status_then_each_grid(capsys) -> None:
    assert main(["solve", TATHAM]) == 0
    out = capsys.readouterr().out
    head, grid = out.strip().split("\n\n")
    assert head.startswith("unique:") and "1 solution found" in head
    assert grid.splitlines() == ["#--#", "##--", "--#-", "--#-"]


def test_solve_prints_a_blank_line_between_solutions(capsys) -> None:
    assert main(["solve", TWO_WAYS]) == 0
    blocks = capsys.readouterr().out.strip().split("\n\n")
    assert blocks[0].startswith("multiple:")
    assert sorted(blocks[1:]) == ["#-\n-#", "-#\n#-"]


def test_solve_json_shape(capsys) -> None:
    code, report = run_json(capsys, "solve", TATHAM)
    assert code == 0
    assert report["status"] == "unique" and report["file"] == TATHAM
    assert (report["width"], report["height"]) == (4, 4)
    assert report["linesolvers"] == "fast,fcomp" and report["max_solutions"] == 2
    assert isinstance(report["seconds"], float) and report["seconds"] >= 0
    assert STATS_KEYS <= set(report["stats"])
    assert report["stats"]["probes"] + report["stats"]["guesses"] > 0
    (grid,) = report["solutions"]
    assert grid_clues(grid) == (((1, 1), (2,), (1,), (1,)), ((2,), (1,), (2,), (1,)))


def test_solve_max_solutions_and_multiple(capsys) -> None:
    code, report = run_json(capsys, "solve", TWO_WAYS, "--max-solutions", "5")
    assert code == 0 and report["status"] == "multiple" and len(report["solutions"]) == 2
    code, report = run_json(capsys, "solve", TWO_WAYS, "--max-solutions", "1")
    assert code == 0 and report["status"] == "solved" and len(report["solutions"]) == 1
    with pytest.raises(SystemExit) as exc:
        main(["solve", TWO_WAYS, "--max-solutions", "0"])
    assert exc.value.code == 2


@pytest.mark.parametrize("stack", ["fast,olsak", "fast,complete", "olsak"])
def test_solve_with_another_stack(capsys, stack: str) -> None:
    code, report = run_json(capsys, "solve", TATHAM, "--linesolvers", stack)
    assert code == 0 and report["status"] == "unique" and report["linesolvers"] == stack
    assert set(report["stats"]["lines_by_solver"]) == set(stack.split(","))


def test_solve_unknown_linesolver_is_a_usage_error(capsys) -> None:
    code, report = run_json(capsys, "solve", TATHAM, "--linesolvers", "fast,nosuch")
    assert code == 2 and report["status"] == "error" and "nosuch" in report["error"]


def test_solve_contradiction_exits_3_with_json(capsys) -> None:
    code, report = run_json(capsys, "solve", IMPOSSIBLE)
    assert code == 3
    assert report["status"] == "contradiction" and report["solutions"] == []
    assert STATS_KEYS <= set(report["stats"])
    assert main(["solve", IMPOSSIBLE]) == 3
    assert capsys.readouterr().out.startswith("contradiction:")


def test_solve_file_and_file_hash_n(capsys) -> None:
    code, report = run_json(capsys, "solve", str(DATA / "heart.non"))
    assert code == 0 and report["status"] == "unique" and (report["width"], report["height"]) \
        == (5, 5)
    code, report = run_json(capsys, "solve", f"{DATA / 'bundle.non'}#2")
    assert code == 0 and report["status"] == "unique" and report["solutions"] == [["###"]]


def test_solve_refuses_a_bundle_without_a_number(capsys) -> None:
    code, report = run_json(capsys, "solve", str(DATA / "bundle.non"))
    assert code == 1 and report["status"] == "error"
    assert "holds 2 puzzles" in report["error"] and "#N" in capsys.readouterr().err


def test_solve_colour_puzzle_json_names_colours(capsys) -> None:
    code, report = run_json(capsys, "solve", str(DATA / "flower.non"))
    assert code == 0 and report["status"] == "unique"
    # the grids keep their shape (rows of one character a cell: the colours' letters)...
    assert report["solutions"] == [["-rr-", "rrrr", "-gg-", "-g--"]]
    # ...and colour puzzles add the palette and every value by name
    # (.non files have no colour names: a colour known by its value is named by it)
    assert report["palette"] == [
        {"name": "empty", "char": "-", "rgb": "#ffffff"},  # the background's colour
        {"name": "red", "char": "r", "rgb": "#ff0000"},
        {"name": "#00aa00", "char": "g", "rgb": "#00aa00"},
    ]
    g = "#00aa00"
    assert report["values"] == [[["empty", "red", "red", "empty"], ["red"] * 4,
                                 ["empty", g, g, "empty"], ["empty", g, "empty", "empty"]]]
    assert main(["solve", str(DATA / "flower.non")]) == 0
    out = capsys.readouterr().out
    assert out.startswith("unique") and "-rr-\nrrrr\n-gg-\n-g--" in out


def test_solve_black_and_white_json_adds_no_colour_fields(capsys) -> None:
    _, report = run_json(capsys, "solve", TATHAM)
    assert "values" not in report and "palette" not in report


def test_solve_unreadable_file_exits_1_with_json(tmp_path: Path, capsys) -> None:
    broken = tmp_path / "broken.nin"
    broken.write_text("3 3\n1\n", encoding="utf-8")
    code, report = run_json(capsys, "solve", str(broken))
    assert code == 1 and report["status"] == "error" and report["file"] == str(broken)
    code, report = run_json(capsys, "solve", str(tmp_path / "missing.non"))
    assert code == 1 and report["status"] == "error"


def test_solve_timeout_exits_4_with_json(bench: Path, capsys) -> None:
    # a hard puzzle (tests/conftest.py): Forever, then Knotty, are decided within 0.2 s now
    forever = HARD_PUZZLE
    code, report = run_json(capsys, "solve", str(forever), "--timeout", "0.2")
    assert code == 4 and report["status"] == "timeout" and report["timeout"] == 0.2
    assert STATS_KEYS <= set(report["stats"])
    with pytest.raises(SystemExit):
        main(["solve", str(forever), "--timeout", "0"])


def test_solve_ctrl_c_stops_the_search_and_still_prints(bench: Path, capsys, monkeypatch) -> None:
    """A real SIGINT, raised at the search's first poll so that the test needs no timing: the
    handler must turn it into a cancel, and the JSON must still be printed with exit code 5."""
    from nonotui.kinds.nonogram.engine import search

    real_solve = search.solve

    def solve_with_ctrl_c(puzzle, **kwargs):
        if kwargs.get("should_stop") is None:  # the kernel warm-up
            return real_solve(puzzle, **kwargs)
        asked = kwargs["should_stop"]

        def should_stop() -> bool:
            signal.raise_signal(signal.SIGINT)
            return asked()

        return real_solve(puzzle, **{**kwargs, "should_stop": should_stop})

    monkeypatch.setattr(search, "solve", solve_with_ctrl_c)
    # the handler the process had (a shell's background job starts with SIGINT ignored)
    before = signal.getsignal(signal.SIGINT)
    knotty = HARD_PUZZLE
    code, report = run_json(capsys, "solve", str(knotty), "--timeout", "600")
    assert code == 5 and report["status"] == "cancelled"
    # the handler is gone afterwards: Ctrl-C behaves as it did before
    assert signal.getsignal(signal.SIGINT) is before


def test_solve_runs_as_a_program() -> None:
    """The real entry point, in a fresh process, as ``nonotui solve`` runs."""
    done = subprocess.run(
        [sys.executable, "-m", "nonotui", "solve", IMPOSSIBLE, "--json"],
        capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 3
    assert json.loads(done.stdout)["status"] == "contradiction"


# -- bench ----------------------------------------------------------------------------------


def make_folder(tmp_path: Path, *, bad: bool) -> Path:
    """A folder of puzzles in several formats, nested, with files that are not puzzles."""
    folder = tmp_path / "puzzles"
    (folder / "nested").mkdir(parents=True)
    for name in ("heart.nin", "heart.non", "bundle.non"):
        (folder / name).write_bytes((DATA / name).read_bytes())
    (folder / "nested" / "tatham.txt").write_text(TATHAM + "\n", encoding="utf-8")
    (folder / "nested" / "impossible.txt").write_text(IMPOSSIBLE + "\n", encoding="utf-8")
    (folder / "README.md").write_text("not a puzzle\n", encoding="utf-8")
    if bad:
        (folder / "flower.non").write_bytes((DATA / "flower.non").read_bytes())
        (folder / "nested" / "broken.nin").write_text("2 2\n1\n", encoding="utf-8")
    return folder


def test_bench_json_lists_every_puzzle_of_a_folder(tmp_path: Path, capsys) -> None:
    folder = make_folder(tmp_path, bad=False)
    code, rows = run_json(capsys, "bench", str(folder))
    assert code == 0
    by_file = {Path(r["file"]).name: r for r in rows}
    assert set(by_file) == {"heart.nin", "heart.non", "bundle.non#1", "bundle.non#2",
                            "tatham.txt", "impossible.txt"}
    for row in rows:
        assert {"file", "width", "height", "status", "seconds", "stats"} <= set(row)
        assert STATS_KEYS <= set(row["stats"])
    assert by_file["impossible.txt"]["status"] == "contradiction"
    assert by_file["tatham.txt"]["status"] == "unique"
    assert (by_file["bundle.non#2"]["width"], by_file["bundle.non#2"]["height"]) == (3, 1)


def test_bench_solves_colour_and_reports_broken_files_and_exits_1(tmp_path: Path,
                                                                    capsys) -> None:
    folder = make_folder(tmp_path, bad=True)
    code, rows = run_json(capsys, "bench", str(folder))
    assert code == 1
    by_file = {Path(r["file"]).name: r for r in rows}
    assert by_file["flower.non"]["status"] == "unique"  # a colour puzzle
    assert by_file["broken.nin"]["status"] == "error" and by_file["broken.nin"]["error"]
    assert by_file["heart.nin"]["status"] == "unique"  # one bad file hides nothing


def test_bench_text_table_and_totals(tmp_path: Path, capsys) -> None:
    folder = make_folder(tmp_path, bad=True)
    assert main(["bench", str(folder), str(DATA / "heart.cwd")]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["puzzle", "size", "status", "seconds", "guesses", "depth"]
    flower = next(line for line in lines if "flower.non" in line)
    assert "unique" in flower and "4x4" in flower
    heart = next(line for line in lines if line.startswith(str(DATA / "heart.cwd")))
    assert heart.split()[1:3] == ["5x5", "unique"]
    total = next(line for line in lines if line.startswith("total"))
    assert total.split()[1] == "9"  # 7 puzzles from the folder, the broken file, heart.cwd
    assert "1 contradiction" in lines[-1] and "1 error" in lines[-1]


def test_bench_timeout_is_a_result_not_an_error(bench: Path, capsys) -> None:
    forever = HARD_PUZZLE  # Forever, then Knotty, may finish within 0.1 s now
    code, rows = run_json(capsys, "bench", str(forever), "--timeout", "0.1")
    assert code == 0 and [r["status"] for r in rows] == ["timeout"]


def test_bench_without_puzzles_exits_1(tmp_path: Path, capsys) -> None:
    (tmp_path / "notes.md").write_text("nothing here\n", encoding="utf-8")
    code, rows = run_json(capsys, "bench", str(tmp_path))
    assert code == 1 and rows == []
    assert "no puzzle files" in capsys.readouterr().err


def test_help_lists_solve_and_bench(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "solve" in out and "bench" in out
    with pytest.raises(SystemExit):
        main(["bench", "--help"])
    # the exit-code policy is part of the documented interface
    assert "Exit code 1" in " ".join(capsys.readouterr().out.split())


def test_bench_reports_every_path_it_skips_in_a_folder(tmp_path: Path, capsys) -> None:
    """A named pipe or a broken link named like a puzzle file was left out silently (exit 0),
    while naming it on its own gave an error row: now it is an error row either way, and
    every other path found is named on standard error."""
    import os

    folder = tmp_path / "puzzles"
    (folder / "sub").mkdir(parents=True)
    (folder / "heart.non").write_bytes((DATA / "heart.non").read_bytes())
    os.mkfifo(folder / "pipe.non")
    (folder / "gone.non").symlink_to(folder / "nowhere.non")
    (folder / "sub" / "notes.md").write_text("not a puzzle\n", encoding="utf-8")
    (folder / "elsewhere").symlink_to(tmp_path)
    code, rows = run_json(capsys, "bench", str(folder), "--jobs", "1")
    by_file = {Path(r["file"]).name: r for r in rows}
    assert set(by_file) == {"heart.non", "pipe.non", "gone.non"}
    assert code == 1
    assert by_file["heart.non"]["status"] == "unique"
    assert by_file["pipe.non"]["status"] == "error"
    assert "named pipe" in by_file["pipe.non"]["error"]
    assert by_file["gone.non"]["status"] == "error"
    assert "does not exist" in by_file["gone.non"]["error"]
    err = capsys.readouterr().err
    assert f"skipped {folder / 'sub' / 'notes.md'}: not named like a puzzle file" in err
    assert f"skipped {folder / 'elsewhere'}: a link to a folder, not followed" in err
    # the same rows as when each file is named on its own
    code, alone = run_json(capsys, "bench", str(folder / "pipe.non"), str(folder / "gone.non"),
                           "--jobs", "1")
    assert code == 1 and [r["error"] for r in alone] == [
        by_file["pipe.non"]["error"], by_file["gone.non"]["error"]]
