"""A third kind of puzzle that lives only in the test suite, shaped unlike a nonogram so that no
rows-and-columns assumption can hide behind the ``Kind`` protocol.

"Lights": a small grid split into irregular regions. Each cell is dark, lit or half-lit (three
values). Each row says how many of its cells are lit; each region says how many of its cells are
half-lit. Regions are drawn with walls between their cells; row numbers stand in the left margin,
region numbers in the top margin above the region's first cell.

The solver is plain Python (brute force row by row, fine for the few cells these puzzles have);
it is written from the rules above, never from nonotui's own nonogram code. Nothing in
``nonotui`` imports this module: the tests register it.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import re
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, ClassVar, Literal

from nonotui.errors import NonotuiError, PuzzleFormatError, UnsupportedPuzzleError
from nonotui.model.board import Board
from nonotui.model.history import History
from nonotui.model.kind import (
    Borders,
    Cancelled,
    Cell,
    CellValue,
    CheckReport,
    Command,
    Game,
    HintKind,
    HintLike,
    HintStep,
    KeyRules,
    Kind,
    Lesson,
    MadePuzzle,
    Maker,
    MarginLabel,
    Margins,
    MarkKey,
    Plan,
    PuzzleFormat,
    PuzzleRequest,
    Rating,
    RatingReason,
    SolveOutcome,
    SolveStats,
    SolveStatus,
    Step,
    Stop,
    Subcommand,
    Unit,
    UnitGuide,
    UnitState,
    Use,
    WarmUp,
    identity_of,
    single_mark,
)

if TYPE_CHECKING:
    from argparse import ArgumentParser, Namespace
    from importlib.resources.abc import Traversable

DARK, LIT, HALF = 1, 2, 4
UNKNOWN = DARK | LIT | HALF
VALUES = (
    CellValue("dark", 0, "empty", "."),
    CellValue("lit", 1, "filled", "#"),
    CellValue("half", 2, "color", "+", "#ffaa00"),
)
CHAR = {".": DARK, "#": LIT, "+": HALF, "?": UNKNOWN}
TEXT = {v: k for k, v in CHAR.items()}


@dataclass(frozen=True)
class LightsPuzzle:
    """A lights puzzle: row counts of lit cells, a region map, region counts of half cells."""

    rows: tuple[int, ...]
    regions: tuple[str, ...]
    counts: tuple[tuple[str, int], ...]
    title: str | None = None
    author: str | None = None

    kind_name: ClassVar[str] = "lights"

    @property
    def width(self) -> int:
        return len(self.regions[0])

    @property
    def height(self) -> int:
        return len(self.regions)

    @property
    def region_names(self) -> tuple[str, ...]:
        """Region letters in reading order of their first cell."""
        return tuple(dict.fromkeys("".join(self.regions)))

    def region_cells(self, name: str) -> list[Cell]:
        return [(r, c) for r, row in enumerate(self.regions) for c, ch in enumerate(row)
                if ch == name]

    def identity_document(self) -> dict[str, object]:
        return {"kind": "lights", "rows": list(self.rows), "regions": list(self.regions),
                "counts": [n for _, n in self.counts]}

    @property
    def identity(self) -> str:
        return identity_of(self.identity_document())


def read(text: str, path: str) -> list[LightsPuzzle]:
    """The ``.lights`` format: ``lights WxH``, ``title ...``, ``rows N...``, ``regions`` and H
    lines of letters, ``counts A=N ...``."""
    lines = text.splitlines()
    if not lines or not re.fullmatch(r"lights \d+x\d+", lines[0].strip()):
        raise PuzzleFormatError(path, 1, "a lights file starts with 'lights WxH'")
    width, height = (int(n) for n in lines[0].split()[1].split("x"))
    rows: tuple[int, ...] | None = None
    regions: list[str] = []
    counts: dict[str, int] = {}
    title = None
    i = 1
    while i < len(lines):
        line = lines[i].strip()
        number = i + 1
        i += 1
        if not line:
            continue
        word, _, rest = line.partition(" ")
        if word == "title":
            title = rest
        elif word == "rows":
            rows = tuple(int(n) for n in rest.split())
            if len(rows) != height:
                raise PuzzleFormatError(path, number, f"{len(rows)} row counts for {height} rows")
        elif word == "regions":
            regions = [lines[j].strip() for j in range(i, i + height)]
            if any(len(r) != width for r in regions):
                raise PuzzleFormatError(path, number, f"the regions are not {width} wide")
            i += height
        elif word == "counts":
            for item in rest.split():
                name, _, n = item.partition("=")
                counts[name] = int(n)
        else:
            raise PuzzleFormatError(path, number, f"unknown line {word!r}")
    if rows is None or not regions:
        raise PuzzleFormatError(path, None, "a lights puzzle needs rows and regions")
    names = tuple(dict.fromkeys("".join(regions)))
    if set(counts) != set(names):
        raise PuzzleFormatError(path, None, "every region needs exactly one count")
    return [LightsPuzzle(rows, tuple(regions), tuple((n, counts[n]) for n in names), title)]


def write(puzzles: Sequence[LightsPuzzle]) -> str:
    (p,) = puzzles
    out = [f"lights {p.width}x{p.height}"]
    if p.title:
        out.append(f"title {p.title}")
    out.append("rows " + " ".join(map(str, p.rows)))
    out.append("regions")
    out.extend(p.regions)
    out.append("counts " + " ".join(f"{n}={k}" for n, k in p.counts))
    return "\n".join(out) + "\n"


FORMAT = PuzzleFormat("lights", (".lights",), True, False,
                      lambda text: text.startswith("lights "), read, write)


def _row_options(p: LightsPuzzle, r: int, cells: Sequence[int]) -> list[tuple[int, ...]]:
    return [combo for combo in itertools.product((DARK, LIT, HALF), repeat=p.width)
            if sum(v == LIT for v in combo) == p.rows[r]
            and all(v & allowed for v, allowed in zip(combo, cells, strict=True))]


def solutions(p: LightsPuzzle, board: Board | None, limit: int,
              should_stop: Stop | None = None) -> Iterator[Board]:
    """Every board that satisfies the counts and the marks of ``board``, up to ``limit``."""
    cells = board.cells if board is not None else Board.full(p.height, p.width, UNKNOWN).cells
    options = [_row_options(p, r, [int(v) for v in cells[r]]) for r in range(p.height)]
    found = 0
    for combo in itertools.product(*options):
        if should_stop is not None and should_stop():
            raise Cancelled
        candidate = Board.full(p.height, p.width, DARK)
        for r, row in enumerate(combo):
            candidate.cells[r] = row
        if all(_region_count(p, candidate, name) == n for name, n in p.counts):
            yield candidate
            found += 1
            if found >= limit:
                return


def _region_count(p: LightsPuzzle, board: Board, name: str) -> int:
    return sum(int(board.cells[r, c]) == HALF for r, c in p.region_cells(name))


class LightsTracker:
    """Rows (units 0..h-1) then regions, each open, done or broken."""

    def __init__(self, puzzle: LightsPuzzle, board: Board) -> None:
        self.puzzle, self.board = puzzle, board
        self.units = LightsGame(puzzle).units
        self.states: list[UnitState] = ["open"] * len(self.units)
        self.refresh_all()

    def refresh_all(self) -> None:
        for i in range(len(self.units)):
            self.states[i] = self._state(i)

    def update(self, cells: Iterable[Cell]) -> None:
        touched = set(cells)
        for i, unit in enumerate(self.units):
            if touched & set(unit.cells):
                self.states[i] = self._state(i)

    def _state(self, i: int) -> UnitState:
        unit = self.units[i]
        values = [int(self.board.cells[r, c]) for r, c in unit.cells]
        if any(v not in (DARK, LIT, HALF) for v in values):
            return "open"
        if unit.axis == "row":
            ok = sum(v == LIT for v in values) == self.puzzle.rows[unit.index]
        else:
            ok = sum(v == HALF for v in values) == self.puzzle.counts[unit.index][1]
        return "done" if ok else "broken"

    def state(self, unit: int) -> UnitState:
        return self.states[unit]

    def broken(self) -> list[int]:
        return [i for i, s in enumerate(self.states) if s == "broken"]

    @property
    def solved(self) -> bool:
        return all(s == "done" for s in self.states)


@dataclass(frozen=True)
class LightsHint:
    """A hint: a wrong mark, or a cell every remaining solution agrees on."""

    kind: HintKind
    cells: tuple[tuple[int, int, int], ...]
    explanation: str
    undo_moves: int | None = None
    steps: tuple[HintStep, ...] = ()
    narrowed: tuple[tuple[int, int, int], ...] = ()

    def changes(self) -> list[tuple[int, int, int]]:
        if self.kind == "mistake":
            return [(r, c, UNKNOWN) for r, c, _ in self.cells]
        return list(self.cells)

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind, "cells": [[r, c, TEXT[v]] for r, c, v in self.cells],
                "explanation": self.explanation}


def _name(r: int, c: int) -> str:
    return f"row {r + 1}, column {c + 1}"


class LightsGame:
    """One Lights puzzle: nothing worth keeping between hints and checks."""

    title = "Lights"

    def __init__(self, puzzle: LightsPuzzle) -> None:
        self.puzzle = puzzle

    @property
    def values(self) -> tuple[CellValue, ...]:
        return VALUES

    def new_board(self) -> Board:
        puzzle = self.puzzle
        return Board.full(puzzle.height, puzzle.width, UNKNOWN)

    @property
    def units(self) -> Sequence[Unit]:
        puzzle = self.puzzle
        rows = [Unit("row", r, f"Row {r + 1}", [(r, c) for c in range(puzzle.width)])
                for r in range(puzzle.height)]
        regions = [Unit("region", i, f"Region {name}", puzzle.region_cells(name))
                   for i, name in enumerate(puzzle.region_names)]
        return rows + regions

    def tracker(self, board: Board) -> LightsTracker:
        puzzle = self.puzzle
        return LightsTracker(puzzle, board)

    def is_solved(self, board: Board) -> bool:
        puzzle = self.puzzle
        return LightsTracker(puzzle, board).solved

    def describe(self) -> str:
        puzzle = self.puzzle
        out = [f"size: {puzzle.width}x{puzzle.height} (width x height)"]
        if puzzle.title:
            out.append(f"title: {puzzle.title}")
        out.append(f"id: {puzzle.identity}")
        out.append("rows lit: " + " ".join(map(str, puzzle.rows)))
        out.append("regions:")
        out.extend("  " + row for row in puzzle.regions)
        out.append("half-lit: " + " ".join(f"{n}={k}" for n, k in puzzle.counts))
        return "\n".join(out)

    def board_rows(self, board: Board) -> list[str]:
        return ["".join(TEXT.get(int(v), "!") for v in row) for row in board.cells]

    def read_board(self, text: str) -> Board:
        puzzle = self.puzzle
        rows = text.rstrip("\n").split("\n")
        board = Board.full(puzzle.height, puzzle.width, UNKNOWN)
        if len(rows) != puzzle.height:
            raise NonotuiError(f"the board has {len(rows)} rows, the puzzle {puzzle.height}")
        for r, row in enumerate(rows):
            if len(row) != puzzle.width or any(ch not in CHAR for ch in row):
                raise NonotuiError(f"line {r + 1}: not {puzzle.width} of . # + ?")
            board.cells[r] = [CHAR[ch] for ch in row]
        return board

    def unsupported(self, use: Use) -> str | None:
        return None

    def has_goal(self) -> bool:
        return False

    def with_goal(self, solution: Board) -> LightsPuzzle:
        puzzle = self.puzzle
        return puzzle

    def solve(self, *, board: Board | None = None, max_solutions: int = 2,
              timeout: float | None = None, should_stop: Stop | None = None,
              options: Mapping[str, object] | None = None) -> SolveOutcome:
        puzzle = self.puzzle
        start = time.perf_counter()
        try:
            found = tuple(solutions(puzzle, board, max_solutions, should_stop))
        except Cancelled:
            return SolveOutcome("cancelled", (), time.perf_counter() - start)
        status: SolveStatus
        if not found:
            status = "contradiction"
        elif max_solutions == 1:
            status = "solved"
        else:
            status = "unique" if len(found) == 1 else "multiple"
        return SolveOutcome(status, found, time.perf_counter() - start,
                            SolveStats({"boards": len(found)}), {})

    def _agreed(self, board: Board,
                should_stop: Stop | None) -> tuple[list[Board], list[tuple[int, int, int]]]:
        puzzle = self.puzzle
        every = list(solutions(puzzle, board, 10_000, should_stop))
        forced = []
        for r in range(puzzle.height):
            for c in range(puzzle.width):
                values = {int(s.cells[r, c]) for s in every}
                if len(values) == 1 and int(board.cells[r, c]) == UNKNOWN:
                    forced.append((r, c, values.pop()))
        return every, forced

    def _wrong(self, board: Board,
               should_stop: Stop | None) -> list[tuple[int, int, int]]:
        puzzle = self.puzzle
        every = list(solutions(puzzle, None, 10_000, should_stop))
        return [(r, c, int(board.cells[r, c])) for r in range(puzzle.height)
                for c in range(puzzle.width)
                if int(board.cells[r, c]) != UNKNOWN
                and all(int(s.cells[r, c]) != int(board.cells[r, c]) for s in every)]

    def hint(self, board: Board, cursor: Cell, history: History | None,
             should_stop: Stop | None = None, *, tries: bool = False) -> LightsHint:
        if self.is_solved(board):
            return LightsHint("solved", (), "Every row and region has its count: solved.")
        wrong = self._wrong(board, should_stop)
        if wrong:
            names = "; ".join(_name(r, c) for r, c, _ in wrong)
            return LightsHint("mistake", tuple(wrong), f"No solution has these marks: {names}.")
        _, forced = self._agreed(board, should_stop)
        if forced:
            r, c, v = min(forced, key=lambda t: (abs(t[0] - cursor[0]) + abs(t[1] - cursor[1]),
                                                 t[0], t[1]))
            word = {DARK: "dark", LIT: "lit", HALF: "half-lit"}[v]
            return LightsHint("line", ((r, c, v),),
                              f"Every way to meet the counts with your marks has {_name(r, c)} "
                              f"{word}.")
        return LightsHint("guess", (), "Logic is stuck: guess a cell.")

    def rate(self, should_stop: Stop | None = None) -> Rating:
        """Lights has one technique, "Unit counts" (grade 1): one row's lit count, or one
        region's half-lit count, alone rules values out of its cells. A walk applies it unit by
        unit until nothing changes; a unique puzzle it does not finish needs guessing (grade 0),
        and the brute-force solver says whether there is one solution, several or none."""
        return self.explain(should_stop)[0]

    def explain(self, should_stop: Stop | None = None
                ) -> tuple[Rating, list[Step]]:
        puzzle = self.puzzle
        found = list(solutions(puzzle, None, 2, should_stop))
        if len(found) != 1:
            reason: RatingReason = "no solution" if not found else "not unique"
            return Rating(0, 0, False, False, None, {}, reason), []
        board = Board.full(puzzle.height, puzzle.width, UNKNOWN)
        units = [(f"Row {r + 1}", [(r, c) for c in range(puzzle.width)], LIT, n)
                 for r, n in enumerate(puzzle.rows)]
        units += [(f"Region {name}", puzzle.region_cells(name), HALF, n)
                  for name, n in puzzle.counts]
        steps: list[Step] = []
        progressed = True
        while progressed:
            if should_stop is not None and should_stop():
                raise Cancelled
            progressed = False
            for number, (name, cells, counted, n) in enumerate(units):
                changed = _narrow_unit(board, cells, counted, n)
                if changed:
                    steps.append(Step(tuple(changed), f"Unit counts. {name} holds {n}: "
                                      f"{len(changed)} cells narrowed.", number, "Unit counts"))
                    progressed = True
        used = {"Unit counts": len(steps)} if steps else {}
        hardest = "Unit counts" if steps else None
        if any(int(v) not in (DARK, LIT, HALF) for v in board.cells.reshape(-1)):
            return Rating(0, len(steps), False, True, hardest, used, "needs guessing"), steps
        return Rating(1, len(steps), True, True, hardest, used), steps

    def auto_solve(self, board: Board, should_stop: Stop) -> Plan:
        puzzle = self.puzzle
        first = next(solutions(puzzle, board, 1, should_stop), None)
        if first is None:
            clean = next(solutions(puzzle, None, 1, should_stop), None)
            return Plan("no-solution" if clean is None else "inconsistent")
        steps = []
        for r in range(puzzle.height):
            cells = tuple((r, c, int(first.cells[r, c])) for c in range(puzzle.width)
                          if int(board.cells[r, c]) != int(first.cells[r, c]))
            if cells:
                steps.append(Step(cells, f"Row {r + 1}: {len(cells)} cells", r))
        several = len(list(solutions(puzzle, board, 2, should_stop))) > 1
        return Plan("solved", tuple(steps), several)

    def check_board(self, board: Board, should_stop: Stop) -> CheckReport:
        if self.is_solved(board):
            return CheckReport("solved", "solved: every count is met")
        wrong = self._wrong(board, should_stop)
        if wrong:
            return CheckReport("wrong", f"{len(wrong)} marks fit no solution", tuple(wrong))
        return CheckReport("not-finished", "not finished")

    @property
    def margins(self) -> Margins:
        puzzle = self.puzzle
        labels = [MarginLabel("left", r, (str(n),), r) for r, n in enumerate(puzzle.rows)]
        for i, (name, n) in enumerate(puzzle.counts):
            _, column = puzzle.region_cells(name)[0]
            labels.append(MarginLabel("top", column, (str(n),), puzzle.height + i))
        return Margins(tuple(labels))

    def guides(self, board: Board,
               units: Iterable[int] | None = None) -> dict[int, UnitGuide]:
        puzzle = self.puzzle
        tracker = LightsTracker(puzzle, board)
        wanted = range(len(tracker.units)) if units is None else units
        return {u: UnitGuide((tracker.state(u) == "done",), tracker.state(u) == "broken")
                for u in wanted}

    @property
    def borders(self) -> Borders:
        puzzle = self.puzzle
        walls: set[tuple[int, int, Literal["right", "bottom"]]] = set()
        for r, row in enumerate(puzzle.regions):
            for c, ch in enumerate(row):
                if c + 1 < puzzle.width and row[c + 1] != ch:
                    walls.add((r, c, "right"))
                if r + 1 < puzzle.height and puzzle.regions[r + 1][c] != ch:
                    walls.add((r, c, "bottom"))
        return Borders(None, frozenset(walls))

    def units_at(self, cells: Iterable[Cell]) -> set[int]:
        touched = set(cells)
        return {i for i, unit in enumerate(self.units) if touched & set(unit.cells)}

    @property
    def key_rules(self) -> KeyRules:
        # v, not h: h moves the cursor left (mark keys must not be the play screen's own)
        return KeyRules((MarkKey(("space",), "lit", "light the cell", "light"),
                         MarkKey(("x",), "dark", "darken the cell", "dark",
                                 "darken a cell (again: clear it)"),
                         MarkKey(("v",), "half", "half-light the cell", "half",
                                 "half-light a cell (again: clear it)")),
                        "lit", "dark", middle="half")

    def expand_mark(self, board: Board, cell: Cell, value: int
                    ) -> list[tuple[int, int, int]]:
        return single_mark(cell, value)

    def check(self, board: Board, should_stop: Stop) -> frozenset[Cell]:
        return frozenset((r, c) for r, c, _ in self._wrong(board, should_stop))

    def hint_unit(self, hint: HintLike) -> int | None:
        """A forced cell's row (unit ``r``): the row and region counts together decide it."""
        return hint.cells[0][0] if hint.kind == "line" and hint.cells else None


class LightsKind:
    """The test-only kind: every member of the protocol written out (no defaults taken from
    :mod:`nonotui.model.kind_base`), so that mypy checks the protocol against a kind that shares
    nothing with the built-in ones."""

    name = "lights"
    title = "Lights"
    makes_puzzles = False

    def open(self, puzzle: LightsPuzzle) -> LightsGame:
        return LightsGame(puzzle)

    def bundled(self) -> Sequence[Traversable]:
        return ()

    def formats(self) -> Sequence[PuzzleFormat]:
        return [FORMAT]

    def read_spec(self, spec: str) -> list[LightsPuzzle] | None:
        return None

    def share_document(self, puzzle: LightsPuzzle) -> dict[str, object]:
        raise UnsupportedPuzzleError("nonotui has no share codes for Lights puzzles")

    def from_share_document(self, document: Mapping[str, object]) -> LightsPuzzle:
        raise UnsupportedPuzzleError("nonotui has no share codes for Lights puzzles")

    def maker(self) -> Maker:
        raise UnsupportedPuzzleError("nonotui cannot make Lights puzzles from drawings")

    def warm_up(self, should_stop: Stop, what: WarmUp = "all",
                options: Mapping[str, object] | None = None,
                first: LightsPuzzle | None = None) -> None:
        """Plain Python: nothing to compile."""

    def new_puzzle(self, request: PuzzleRequest, should_stop: Stop | None = None) -> MadePuzzle:
        raise NonotuiError("lights puzzles cannot be generated")

    def daily_request(self, day: date) -> PuzzleRequest | None:
        return None

    def lessons(self) -> Sequence[Lesson]:
        return ()

    def subcommands(self) -> Sequence[Subcommand]:
        return []

    def add_options(self, command: Command, parser: ArgumentParser) -> None:
        """No options of its own."""

    def solve_options(self, args: Namespace) -> dict[str, object]:
        return {}

    def make_options(self, args: Namespace) -> dict[str, object]:
        return {}




def _narrow_unit(board: Board, cells: Sequence[Cell], counted: int, n: int
                 ) -> list[tuple[int, int, int]]:
    """Keep in each of ``cells`` only the values some filling of the unit with exactly ``n``
    cells of value ``counted`` gives it; the cells that changed, with their new values."""
    allowed = [[v for v in (DARK, LIT, HALF) if int(board.cells[r, c]) & v] for r, c in cells]
    seen = [0] * len(cells)
    for combo in itertools.product(*allowed):
        if sum(v == counted for v in combo) == n:
            for i, v in enumerate(combo):
                seen[i] |= v
    changed = []
    for (r, c), values in zip(cells, seen, strict=True):
        if values != int(board.cells[r, c]):
            board.cells[r, c] = values  # 0 would be a broken unit: never for a solvable puzzle
            changed.append((r, c, values))
    return changed


LIGHTS: Kind[LightsPuzzle] = LightsKind()

SAMPLE = """lights 3x3
title Corner
rows 1 1 0
regions
AAB
ACB
CCB
counts A=1 B=1 C=1
"""


def json_of(puzzle: LightsPuzzle) -> str:
    return json.dumps(puzzle.identity_document())


def sha(puzzle: LightsPuzzle) -> str:
    canonical = json.dumps(puzzle.identity_document(), separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


if TYPE_CHECKING:
    def _conforms(game: LightsGame) -> Game[LightsPuzzle]:
        """mypy checks the game against the protocol."""
        return game
