"""Bundled names in every command, ``nonotui check`` and ``convert --to picture`` by the solver.

Run as a user runs them: ``python -m nonotui`` in a fresh process, judged by exit code, stdout
and stderr. Every answer of the engine is checked against :mod:`tests.naive_count`, which lists
solutions without any of the engine's code.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from nonotui import kinds
from nonotui.cli import main
from nonotui.kinds.nonogram.formats import load, load_all
from nonotui.kinds.nonogram.notation import board_from_text
from nonotui.store.progress import Progress
from tests import naive_count as naive

REPO = Path(__file__).resolve().parents[3]
HEART = load(REPO / "puzzles" / "heart.non")
TWO = "2x2:1/1/1/1"
"""Two solutions: the two diagonals."""
NONE = "2x2:2/0/2/0"
"""No solution: column 1 and row 1 full, column 2 and row 2 empty (the totals agree)."""
UNIQUE_NO_GOAL = "4x4:2/1/2/1/1.1/2/1/1"
"""A Tatham id: clues only, no stored picture, exactly one solution."""
ERROR_WORDS = ("Traceback", "Errno", "codec")


def cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "nonotui", *args], capture_output=True,
                          text=True, cwd=cwd, timeout=300)


def one_line_error(done: subprocess.CompletedProcess[str]) -> str:
    """The single stderr line, asserting there is exactly one and it is in nonotui's words."""
    assert done.stderr.count("\n") == 1, done.stderr
    assert not any(word in done.stderr for word in ERROR_WORDS), done.stderr
    return done.stderr


def picture(text: str) -> naive.Picture:
    """Rows of ``#`` and ``-`` (or ``.``) as a 0/1 picture."""
    return tuple(tuple(1 if ch == "#" else 0 for ch in row) for row in text.split())


def clues(puzzle) -> tuple[tuple, tuple]:
    return tuple(puzzle.rows), tuple(puzzle.columns)


# -- bundled names in every command -----------------------------------------------------------


def test_solve_takes_a_bundled_name(tmp_path: Path) -> None:
    done = cli("solve", "heart", "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    expected = naive.solutions(*clues(HEART), cap=3)
    assert report["status"] == "unique" and len(expected) == 1
    assert [picture("\n".join(grid)) for grid in report["solutions"]] == expected


def test_show_takes_a_bundled_name_or_its_title() -> None:
    for name in ("heart", "Heart", "heart.non"):
        done = cli("show", name)
        assert done.returncode == 0, done.stderr
        assert f"id: {HEART.identity}" in done.stdout and "title: Heart" in done.stdout


def test_hint_takes_a_bundled_name() -> None:
    done = cli("hint", "heart", "--json")
    assert done.returncode == 0, done.stderr
    hint = json.loads(done.stdout)
    (solution,) = naive.solutions(*clues(HEART), cap=2)
    assert hint["kind"] == "line" and hint["cells"]
    for r, c, value in hint["cells"]:
        assert solution[r][c] == (1 if value == "#" else 0)


def test_convert_takes_a_bundled_name(tmp_path: Path) -> None:
    out = tmp_path / "heart.nin"
    done = cli("convert", "heart", str(out))
    assert done.returncode == 0, done.stderr
    assert clues(load(out)) == clues(HEART)


def test_bench_takes_a_bundled_name() -> None:
    done = cli("bench", "heart", "--json")
    assert done.returncode == 0, done.stderr
    (row,) = json.loads(done.stdout)
    assert (row["file"], row["status"], row["width"]) == ("heart", "unique", 5)
    assert naive.count(*clues(HEART), cap=2) == 1


def test_check_takes_a_bundled_name(tmp_path: Path) -> None:
    state = tmp_path / "board.txt"
    state.write_text("?????\n" * 5)
    done = cli("check", "heart", "--state", str(state), "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["status"] == "not-finished"


def test_a_real_file_of_that_name_wins(tmp_path: Path) -> None:
    (tmp_path / "heart").write_text("width 2\nheight 1\nrows\n2\ncolumns\n1\n1\n")
    done = cli("show", "heart", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "size: 2x1" in done.stdout and "title: Heart" not in done.stdout


@pytest.mark.parametrize("argv", [
    ["solve", "hart"],
    ["show", "hart"],
    ["hint", "hart"],
    ["convert", "hart", "out.non"],
    ["check", "hart", "--state", "board.txt"],
    ["play", "hart"],
])
def test_a_missing_name_lists_the_closest_bundled_names(tmp_path: Path, argv: list[str]) -> None:
    (tmp_path / "board.txt").write_text("?????\n" * 5)
    done = cli(*argv, cwd=tmp_path)
    assert done.returncode == 1
    message = one_line_error(done)
    assert "hart: no such file or bundled puzzle (closest bundled puzzles: heart" in message
    assert not (tmp_path / "out.non").exists()


def test_bench_names_the_closest_bundled_names_in_its_row() -> None:
    done = cli("bench", "mushrom", "heart")
    assert done.returncode == 1
    assert "mushrom: no such file or bundled puzzle (closest bundled puzzles: mushroom" \
        in done.stdout
    assert "heart" in done.stdout and "unique" in done.stdout


def test_a_name_close_to_nothing_lists_every_bundled_name() -> None:
    done = cli("show", "zzqqx")
    assert done.returncode == 1
    message = one_line_error(done)
    # a file of several puzzles (the Learn collection) lists each as name#N
    # (in the order of the files' names, then of the puzzles in a file)
    names = [name for _, _, name in sorted(
        (p.name, k, name)
        for p in [*(REPO / "puzzles").glob("*.non"), *(REPO / "puzzles").glob("*.aq")]
        for k, name in ([(0, p.stem)] if len(kinds.load_all(p)) == 1
                        else [(k, f"{p.stem}#{k}")
                              for k in range(1, len(kinds.load_all(p)) + 1)]))]
    assert f"zzqqx: no such file or bundled puzzle (bundled puzzles: {', '.join(names)})" \
        in message


def test_a_missing_path_is_not_taken_for_a_name(tmp_path: Path) -> None:
    done = cli("show", str(tmp_path / "heart"))
    assert done.returncode == 1
    message = one_line_error(done)
    assert "no such file" in message and "bundled" not in message


# -- check ------------------------------------------------------------------------------------


def check_json(tmp_path: Path, spec: str, rows: str) -> tuple[int, dict]:
    state = tmp_path / "board.txt"
    state.write_text(rows)
    done = cli("check", spec, "--state", str(state), "--json")
    assert done.stderr == ""
    return done.returncode, json.loads(done.stdout)


def test_check_on_a_two_solution_puzzle(tmp_path: Path) -> None:
    (rows, columns) = ((1,), (1,)), ((1,), (1,))
    solutions = naive.solutions(rows, columns)
    assert sorted(solutions) == [((0, 1), (1, 0)), ((1, 0), (0, 1))]
    # a mark that only the other solution has is not wrong
    code, report = check_json(tmp_path, TWO, "#?\n??\n")
    assert (code, report["status"], report["wrong"], report["solved"]) == \
        (0, "not-finished", [], False)
    code, report = check_json(tmp_path, TWO, "?#\n#?\n")
    assert (code, report["status"], report["solved"]) == (0, "solved", True)
    code, report = check_json(tmp_path, TWO, "#-\n-#\n")
    assert (code, report["status"]) == (0, "solved")
    # each mark of the top row fits one of the solutions, but not both together
    code, report = check_json(tmp_path, TWO, "##\n??\n")
    assert (code, report["status"], report["wrong"]) == (3, "inconsistent", [])
    assert not naive.solutions(rows, columns, given=[[1, 1], [None, None]])


def test_check_names_wrong_marks_and_exits_3(tmp_path: Path) -> None:
    state = tmp_path / "board.txt"
    state.write_text("--???\n?????\n?????\n?????\n????#\n")
    done = cli("check", "heart", "--state", str(state))
    assert done.returncode == 3
    assert done.stdout == ("2 marks fit no solution: row 1, column 2 (empty) and row 5, "
                           "column 5 (filled)\n")
    (solution,) = naive.solutions(*clues(HEART), cap=2)
    assert (solution[0][0], solution[0][1], solution[4][4]) == (0, 1, 0)


def test_check_on_clues_without_a_solution(tmp_path: Path) -> None:
    assert naive.count(((2,), ()), ((2,), ())) == 0
    code, report = check_json(tmp_path, NONE, "??\n??\n")
    assert (code, report["status"]) == (3, "no-solution")
    code, report = check_json(tmp_path, NONE, "#?\n??\n")
    assert (code, report["status"]) == (3, "no-solution")


def test_check_reads_the_players_save_file(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    # the heart's picture with the empty cells left unknown: the picture is what is judged
    board = board_from_text("?#?#?\n#####\n#####\n?###?\n??#??\n", HEART)
    assert naive.clues_of(picture("-#-#- ##### ##### -###- --#--")) == clues(HEART)
    save = Progress.new(HEART)
    save.board, save.moves = board, 1
    path.write_text(json.dumps(save.to_json()))
    done = cli("check", "heart", "--state", str(path))
    assert (done.returncode, done.stdout) == (0, "solved: the filled cells satisfy every clue\n")
    save.identity = load_all(REPO / "puzzles" / "cat.non")[0].identity
    path.write_text(json.dumps(save.to_json()))
    done = cli("check", "heart", "--state", str(path))
    assert done.returncode == 1 and "not a save file of this puzzle" in one_line_error(done)


def test_check_errors(tmp_path: Path) -> None:
    done = cli("check", "heart", "--state", str(tmp_path / "missing.txt"))
    # the wording of unreadable state files is hint's read_state (shared; the reads work
    # rewords it): here only one line naming the file, without a traceback
    assert done.returncode == 1 and done.stderr.count("\n") == 1
    assert "missing.txt" in done.stderr and "Traceback" not in done.stderr
    (tmp_path / "short.txt").write_text("?????\n")
    done = cli("check", "heart", "--state", str(tmp_path / "short.txt"))
    assert done.returncode == 1 and "line 2: missing" in one_line_error(done)
    assert cli("check", "heart").returncode == 2  # --state is required


def two_solution_puzzles(count: int, seed: int) -> list[tuple[tuple, tuple]]:
    """Seeded random 4x4 pictures whose clues have exactly two solutions (by the naive
    counter)."""
    rng = random.Random(seed)
    found: list[tuple[tuple, tuple]] = []
    while len(found) < count:
        pic = tuple(tuple(rng.randint(0, 1) for _ in range(4)) for _ in range(4))
        rows, columns = naive.clues_of(pic)
        if (rows, columns) not in found and naive.count(rows, columns, cap=3) == 2:
            found.append((rows, columns))
    return found


def tatham_id(rows, columns) -> str:
    def clue(c):
        return ".".join(map(str, c)) or "0"
    return f"{len(columns)}x{len(rows)}:" + "/".join(clue(c) for c in (*columns, *rows))


def oracle_status(rows, columns, given) -> tuple[str, list[list]]:
    """What ``check`` must answer, from the naive counter alone."""
    solutions = naive.solutions(rows, columns)
    marks = [(r, c, v) for r, row in enumerate(given) for c, v in enumerate(row) if v is not None]
    filled = tuple(tuple(1 if v == 1 else 0 for v in row) for row in given)
    if naive.clues_of(filled) == (tuple(rows), tuple(columns)):
        return "solved", []
    wrong = [[r, c, "#" if v else "-"] for r, c, v in marks
             if all(s[r][c] != v for s in solutions)]
    if wrong:
        return "wrong", wrong
    if not naive.solutions(rows, columns, given=given, cap=1):
        return "inconsistent", []
    return "not-finished", []


def random_board(rng: random.Random, solutions: list[naive.Picture]) -> list[list[int | None]]:
    """Marks drawn mostly from one solution, some from the other, a few at random."""
    first, second = rng.sample(solutions, 2)
    density = rng.choice((0.25, 0.5, 1.0))
    given: list[list[int | None]] = []
    for r, row in enumerate(first):
        out: list[int | None] = []
        for c, value in enumerate(row):
            draw = rng.random()
            if rng.random() >= density:
                out.append(None)
            elif draw < 0.75:
                out.append(value)
            elif draw < 0.92:
                out.append(second[r][c])
            else:
                out.append(rng.randint(0, 1))
        given.append(out)
    return given


def test_check_agrees_with_the_naive_counter_on_random_boards(tmp_path: Path, capsys) -> None:
    """In-process for speed: 4 two-solution puzzles, 15 seeded boards each."""
    rng = random.Random(18)
    seen = set()
    for rows, columns in two_solution_puzzles(4, seed=8):
        spec = tatham_id(rows, columns)
        solutions = naive.solutions(rows, columns)
        for _ in range(15):
            given = random_board(rng, solutions)
            state = tmp_path / "board.txt"
            state.write_text("".join("".join({None: "?", 0: "-", 1: "#"}[v] for v in row)
                                     + "\n" for row in given))
            code = main(["check", spec, "--state", str(state), "--json"])
            report = json.loads(capsys.readouterr().out)
            status, wrong = oracle_status(rows, columns, given)
            assert (report["status"], report["wrong"]) == (status, wrong), (spec, given)
            assert report["solved"] == (status == "solved")
            assert code == (0 if status in ("solved", "not-finished") else 3)
            seen.add(status)
    assert seen == {"solved", "wrong", "inconsistent", "not-finished"}


# -- convert --to picture ---------------------------------------------------------------------


def test_convert_writes_the_one_solution_as_a_picture(tmp_path: Path) -> None:
    out = tmp_path / "p.pic"
    done = cli("convert", UNIQUE_NO_GOAL, str(out))
    assert done.returncode == 0, done.stderr
    written = picture(out.read_text())
    rows, columns = ((1, 1), (2,), (1,), (1,)), ((2,), (1,), (2,), (1,))
    assert naive.solutions(rows, columns) == [written]


def test_convert_refuses_a_picture_of_several_solutions(tmp_path: Path) -> None:
    out = tmp_path / "p.pic"
    done = cli("convert", TWO, str(out))
    assert done.returncode == 1
    assert "has more than one solution; a picture needs exactly one" in one_line_error(done)
    assert not out.exists()
    assert naive.count(((1,), (1,)), ((1,), (1,))) == 2


def test_convert_of_a_puzzle_without_a_solution_exits_3(tmp_path: Path) -> None:
    out = tmp_path / "p.pic"
    done = cli("convert", NONE, str(out), "--timeout", "30")
    assert done.returncode == 3
    assert "has no solution" in one_line_error(done)
    assert not out.exists()


def test_convert_keeps_a_stored_goal(tmp_path: Path) -> None:
    done = cli("convert", "heart", "-", "--to", "picture")
    assert done.returncode == 0, done.stderr
    assert picture(done.stdout) == tuple(tuple(row) for row in HEART.goal)
