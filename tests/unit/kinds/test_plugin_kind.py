"""A fourth kind, added as docs/architecture.md ("Adding a kind") says: a package of its own with
one entry point in the group ``nonotui.kinds``, and no edit anywhere in nonotui.

The package is written into a temporary folder as an installed distribution (its module and a
``.dist-info`` folder whose ``entry_points.txt`` holds the one line), and that folder is put on
the command line's ``PYTHONPATH``: ``nonotui`` itself is then run, in a child process, on the
kind's files. "Tally" is the smallest kind the protocols allow: a grid whose rows and columns
say how many cells are filled, its required members and a brute-force solver, nothing else (no
hints, no ratings, no generator), so the defaults of ``nonotui.model.kind_base`` answer the rest.
Its solver is written from those rules here, sharing nothing with nonotui's engines.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from nonotui import kinds

KIND_MODULE = textwrap.dedent('''
    """Tally: each row and each column says how many of its cells are filled."""
    from __future__ import annotations

    import hashlib
    import itertools
    import json
    import time
    from dataclasses import dataclass
    from functools import cached_property

    from nonotui.errors import PuzzleFormatError
    from nonotui.model.board import Board
    from nonotui.model.kind import (Borders, CellValue, KeyRules, Kind, MarginLabel, Margins,
                                    MarkKey, PuzzleFormat, SolveOutcome, Unit, UnitState)
    from nonotui.model.kind_base import GameBase, KindBase

    EMPTY, FILLED, UNKNOWN = 1, 2, 3
    VALUES = (CellValue("empty", 0, "empty", "."), CellValue("filled", 1, "filled", "#"))


    @dataclass(frozen=True)
    class Tally:
        rows: tuple[int, ...]
        columns: tuple[int, ...]
        title: str | None = None
        author: str | None = None
        kind_name = "tally"

        @property
        def width(self): return len(self.columns)

        @property
        def height(self): return len(self.rows)

        @property
        def identity(self):
            doc = {"kind": "tally", "rows": list(self.rows), "columns": list(self.columns)}
            return hashlib.sha256(json.dumps(doc, separators=(",", ":")).encode()).hexdigest()


    def read(text, path):
        lines = [line.split() for line in text.splitlines() if line.strip()]
        if not lines or lines[0][0] != "tally":
            raise PuzzleFormatError(path, 1, "not a tally file")
        found = {}
        for n, words in enumerate(lines[1:], start=2):
            if words[0] not in ("rows", "columns") or not all(w.isdigit() for w in words[1:]):
                raise PuzzleFormatError(path, n, f"expected rows or columns and numbers")
            found[words[0]] = tuple(int(w) for w in words[1:])
        return [Tally(found.get("rows", ()), found.get("columns", ()))]


    def write(puzzles):
        return "".join(f"tally\\nrows {' '.join(map(str, p.rows))}\\n"
                       f"columns {' '.join(map(str, p.columns))}\\n" for p in puzzles)


    FORMAT = PuzzleFormat("tally", (".tally",), True, False,
                          lambda text: text.startswith("tally"), read, write)


    class Tracker:
        def __init__(self, puzzle, board):
            self.puzzle, self.board = puzzle, board

        def refresh_all(self): pass

        def update(self, cells): pass

        def _filled(self, unit):
            cells = self.board.cells
            h = self.puzzle.height
            line = cells[unit] if unit < h else cells[:, unit - h]
            return sum(int(v) == FILLED for v in line), sum(int(v) == UNKNOWN for v in line)

        def state(self, unit) -> UnitState:
            h = self.puzzle.height
            want = self.puzzle.rows[unit] if unit < h else self.puzzle.columns[unit - h]
            filled, unknown = self._filled(unit)
            if filled > want or filled + unknown < want:
                return "broken"
            return "done" if filled == want else "open"

        def broken(self):
            return [u for u in range(self.puzzle.height + self.puzzle.width)
                    if self.state(u) == "broken"]

        @property
        def solved(self):
            return all(self.state(u) == "done"
                       for u in range(self.puzzle.height + self.puzzle.width))


    class TallyGame(GameBase[Tally]):
        title = "Tally"
        values = VALUES
        borders = Borders(None)
        key_rules = KeyRules((MarkKey(("space",), "filled", "fill the cell", "fill"),
                              MarkKey(("x",), "empty", "empty the cell", "empty")),
                             "filled", "empty")

        def __init__(self, puzzle):
            self.puzzle = puzzle

        @cached_property
        def units(self):
            p = self.puzzle
            return ([Unit("row", r, f"Row {r + 1}", [(r, c) for c in range(p.width)])
                     for r in range(p.height)]
                    + [Unit("column", c, f"Column {c + 1}", [(r, c) for r in range(p.height)])
                       for c in range(p.width)])

        @cached_property
        def margins(self):
            p = self.puzzle
            return Margins(tuple([MarginLabel("left", r, (str(n),), r)
                                  for r, n in enumerate(p.rows)]
                                 + [MarginLabel("top", c, (str(n),), p.height + c)
                                    for c, n in enumerate(p.columns)]))

        def new_board(self):
            return Board.full(self.puzzle.height, self.puzzle.width, UNKNOWN)

        def tracker(self, board):
            return Tracker(self.puzzle, board)

        def is_solved(self, board):
            return Tracker(self.puzzle, board).solved

        def describe(self):
            p = self.puzzle
            return (f"kind: Tally\\nsize: {p.width}x{p.height}\\nid: {p.identity}\\n"
                    f"rows: {' '.join(map(str, p.rows))}\\n"
                    f"columns: {' '.join(map(str, p.columns))}")

        def board_rows(self, board):
            return ["".join({EMPTY: ".", FILLED: "#"}.get(int(v), "?") for v in row)
                    for row in board.cells]

        def read_board(self, text):
            board = self.new_board()
            for r, row in enumerate(text.split()):
                board.cells[r] = [{".": EMPTY, "#": FILLED}.get(ch, UNKNOWN) for ch in row]
            return board

        def solve(self, *, board=None, max_solutions=2, timeout=None, should_stop=None,
                  options=None):
            start = time.perf_counter()
            p = self.puzzle
            found = []
            for cells in itertools.product((EMPTY, FILLED), repeat=p.width * p.height):
                grid = [cells[r * p.width:(r + 1) * p.width] for r in range(p.height)]
                if board is not None and any(
                        int(board.cells[r, c]) not in (UNKNOWN, grid[r][c])
                        for r in range(p.height) for c in range(p.width)):
                    continue
                if all(row.count(FILLED) == n for row, n in zip(grid, p.rows)) and all(
                        [row[c] for row in grid].count(FILLED) == n
                        for c, n in enumerate(p.columns)):
                    solution = self.new_board()
                    solution.cells[:] = grid
                    found.append(solution)
                    if len(found) == max_solutions:
                        break
            status = ("contradiction" if not found else
                      "unique" if len(found) == 1 else "multiple")
            return SolveOutcome(status, tuple(found), time.perf_counter() - start,
                                {"boards": len(found)})


    class TallyKind(KindBase[Tally]):
        name = "tally"
        title = "Tally"

        def formats(self):
            return [FORMAT]

        def open(self, puzzle):
            return TallyGame(puzzle)


    KIND: Kind[Tally] = TallyKind()
''')


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding the installed distribution ``tally-kind``: its module, and its
    metadata with the one entry point."""
    root = tmp_path_factory.mktemp("site")
    (root / "tally_kind.py").write_text(KIND_MODULE)
    info = root / "tally_kind-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: tally-kind\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[nonotui.kinds]\ntally = tally_kind:KIND\n")
    (info / "RECORD").write_text("")
    return root


def nonotui(site: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(site), os.getcwd()]))
    return subprocess.run([sys.executable, "-m", "nonotui", *args], capture_output=True,
                          text=True, env=env, cwd=cwd, timeout=120)


def test_a_kind_installed_with_one_entry_point_is_played_by_every_command(
        site: Path, tmp_path: Path) -> None:
    (tmp_path / "corner.tally").write_text("tally\nrows 1 2\ncolumns 2 1\n")
    shown = nonotui(site, "show", "corner.tally", cwd=tmp_path)
    assert shown.returncode == 0, shown.stderr
    assert "kind: Tally" in shown.stdout and "rows: 1 2" in shown.stdout

    solved = nonotui(site, "solve", "--json", "corner.tally", cwd=tmp_path)
    assert solved.returncode == 0, solved.stderr
    answer = json.loads(solved.stdout)
    # checked by hand from the counts: row 1 holds one filled cell, row 2 two; column 1 two
    assert answer["status"] == "unique" and answer["solutions"] == [["#.", "##"]]
    assert answer["stats"] == {"boards": 1}

    text = nonotui(site, "solve", "corner.tally", cwd=tmp_path)
    assert text.returncode == 0 and "boards 1" in text.stdout, text.stdout + text.stderr

    converted = nonotui(site, "convert", "corner.tally", "-", "--to", "tally",
                        cwd=tmp_path)
    assert converted.returncode == 0 and converted.stdout == "tally\nrows 1 2\ncolumns 2 1\n"

    (tmp_path / "none.tally").write_text("tally\nrows 2 0\ncolumns 1 0\n")
    none = nonotui(site, "solve", "none.tally", cwd=tmp_path)
    assert none.returncode == 3, none.stdout + none.stderr


def test_what_the_kind_lacks_is_said_in_one_line(site: Path, tmp_path: Path) -> None:
    (tmp_path / "corner.tally").write_text("tally\nrows 1 2\ncolumns 2 1\n")
    for command, lacking in (("hint", "hints"), ("rate", "ratings"), ("explain", "ratings")):
        done = nonotui(site, command, "corner.tally", cwd=tmp_path)
        assert done.returncode == 1, (command, done.stdout, done.stderr)
        assert done.stderr.strip() == f"nonotui: nonotui has no {lacking} for Tally puzzles", \
            (command, done.stderr)
    made = nonotui(site, "generate", "--kind", "tally", "4x4", cwd=tmp_path)
    assert made.returncode != 0 and "Traceback" not in made.stderr, made.stderr


def test_a_broken_file_of_the_kind_names_its_line(site: Path, tmp_path: Path) -> None:
    (tmp_path / "bad.tally").write_text("tally\nrows 1 x\n")
    done = nonotui(site, "show", "bad.tally", cwd=tmp_path)
    assert done.returncode == 1 and "bad.tally" in done.stderr and "line 2" in done.stderr


def test_a_broken_package_leaves_the_other_kinds_working(tmp_path: Path) -> None:
    site = tmp_path / "site"
    info = site / "broken_kind-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-kind\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[nonotui.kinds]\nbroken = no_such_module:KIND\n")
    done = nonotui(site, "show", "heart", cwd=tmp_path)
    assert done.returncode == 0 and "Heart" in done.stdout, done.stderr
    (tmp_path / "x.weird").write_text("nothing a kind knows\n")
    done = nonotui(site, "show", "x.weird", cwd=tmp_path)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "broken" in done.stderr and "cannot be loaded" in done.stderr


def test_nonotuis_own_entry_points_are_the_registrys() -> None:
    import tomllib

    pyproject = Path(__file__).resolve().parents[3] / "pyproject.toml"
    table = tomllib.loads(pyproject.read_text())["project"]["entry-points"][kinds.GROUP]
    assert table == kinds.OWN and list(table) == list(kinds.OWN)


@pytest.mark.parametrize("group", [kinds.GROUP, "console_scripts", "pytest11"])
def test_the_registrys_entry_point_reader_agrees_with_importlib_metadata(
        group: str, site: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The registry reads entry_points.txt files itself (importing importlib.metadata costs a
    quarter of `nonotui --help`); the standard library's reader is the oracle, with the
    temporary plug-in on the path too."""
    from importlib.metadata import entry_points

    monkeypatch.syspath_prepend(str(site))
    expected = sorted((point.name, point.value) for point in entry_points(group=group))
    assert sorted(kinds.entry_points_of(group)) == expected
    if group == kinds.GROUP:
        assert ("tally", "tally_kind:KIND") in expected
