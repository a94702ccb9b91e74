"""The Aquarium hint ladder: the easiest deduction from a player's marks, with its reason in words.

:func:`next_hint` climbs the same ladder as nonograms, easiest rung first (docs/aquarium.md):

1. ``mistake``: marks no solution allows, or marks each possible but impossible together (then,
   given the undo history, the marks made since the board last had a solution);
2. ``line``, technique ``Gravity``: a water mark means water below it in its tank, an air mark
   air above it;
3. ``line``, techniques ``Full or empty line``, ``Row rule``, ``Column rule``
   (:mod:`nonotui.kinds.aquarium.rules`), the easiest technique first;
4. ``contradiction``: assuming a tank's cells in one row water (or air), the rules break
   somewhere; the shortest chain wins;
5. ``guess`` or ``ambiguous``: no rule decides more: one cell of a solution is offered.

Ties on a rung go to the hint nearest the cursor, then the lowest row and column. Solutions (for
mistakes, ``guess`` and ``ambiguous``) come from the engine's search
(:mod:`nonotui.kinds.aquarium.engine.solver`, imported when first needed), and those met are kept
in a :class:`HintContext` between hints.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from nonotui.kinds.aquarium.puzzle import AIR, UNKNOWN, WATER, AquariumPuzzle, levels_of
from nonotui.kinds.aquarium.rules import (
    Broken,
    Finding,
    Layout,
    Levels,
    Probe,
    candidates,
    describe,
    layout_of,
    levels_from_board,
    probe,
    probe_text,
    tank_name,
    unit_findings,
)
from nonotui.model.board import Board
from nonotui.model.history import History
from nonotui.model.vocab import (
    Cancelled,
    Cell,
    CellValueChange,
    HintKind,
    HintStep,
)

Stop = Callable[[], bool] | None

GRAVITY = "Gravity"
FULL = "Full or empty line"
ROW = "Row rule"
COLUMN = "Column rule"
CONTRADICTION = "Contradiction"
TECHNIQUES: tuple[str, ...] = (GRAVITY, FULL, ROW, COLUMN, CONTRADICTION)
"""Every technique, easiest first (the ladder's and the rating's order)."""
RULE_TECHNIQUE = {"full": FULL, "row": ROW, "column": COLUMN}
METHOD = {GRAVITY: "gravity", FULL: "count", ROW: "row", COLUMN: "column",
          CONTRADICTION: "probe"}
"""The hint's ``method`` for each technique (``nonotui hint --json``)."""

UnitRef = tuple[str, int]
"""``("row" | "column" | "region", index)``, 0-based; a region is a tank."""


@dataclass(frozen=True)
class AquariumHint:
    """One hint: what it is about and why (:class:`~nonotui.model.kind.HintLike`)."""

    kind: HintKind
    cells: tuple[CellValueChange, ...]
    explanation: str
    technique: str | None = None
    unit: UnitRef | None = None
    """Where the deduction is made (or, for a contradiction, where the rules broke)."""
    undo_moves: int | None = None
    chain: int | None = None
    """For a contradiction: how many distinct units its chain rests on (the rules that decided
    something, and the one that broke)."""
    steps: tuple[HintStep, ...] = ()
    """Not told a line at a time: an Aquarium chain is said in one piece."""
    narrowed: tuple[CellValueChange, ...] = ()
    """Nothing narrowed without being decided: an Aquarium cell has two values."""

    @property
    def method(self) -> str | None:
        return None if self.technique is None else METHOD[self.technique]

    def changes(self) -> list[CellValueChange]:
        """What applying the hint sets: a mistake clears its marks, anything else sets its
        cells."""
        if self.kind == "mistake":
            return [(r, c, UNKNOWN) for r, c, _ in self.cells]
        return list(self.cells)

    def to_json(self) -> dict[str, object]:
        """The nonogram hint's JSON shape, 0-based: ``{"kind", "cells", "line", "method",
        "technique", "explanation"}`` (``"chain"`` for a contradiction); cells as ``[row,
        column, "~" | "."]``; ``line`` is ``{"axis": "row" | "column" | "region", "index"}``
        (a region is a tank, numbered in reading order) or ``null``."""
        out: dict[str, object] = {
            "kind": self.kind,
            "cells": [[r, c, "~" if v == WATER else "."] for r, c, v in self.cells],
            "line": None if self.unit is None else {"axis": self.unit[0],
                                                     "index": self.unit[1]},
            "method": self.method,
            "technique": self.technique,
            "explanation": self.explanation,
        }
        if self.kind == "contradiction":
            out["chain"] = self.chain
        return out


KEPT_SOLUTIONS = 8
"""How many solutions a :class:`HintContext` keeps to recognise boards that have one."""


@dataclass
class HintContext:
    """What hints on one puzzle keep between calls: the clues' own solutions and which single
    marks some solution allows."""

    puzzle: AquariumPuzzle
    clue_solutions: list[list[int]] | None = None
    allowed: dict[CellValueChange, bool] = field(default_factory=dict)
    known: list[np.ndarray] = field(default_factory=list)
    """Solutions met so far, as water grids (the last :data:`KEPT_SOLUTIONS`)."""
    lock: threading.Lock = field(default_factory=threading.Lock)

    def reference(self, should_stop: Stop) -> list[list[int]]:
        """Up to two solutions of the clues alone (levels per tank)."""
        if self.clue_solutions is None:
            blank = Board.full(self.puzzle.height, self.puzzle.width, UNKNOWN)
            self.clue_solutions = board_solutions(self.puzzle, blank, 2, should_stop)
            self.known += [np.array(self.puzzle.water_at(levels), dtype=bool)
                           for levels in self.clue_solutions]
        return self.clue_solutions

    def has_solution(self, board: Board, should_stop: Stop) -> bool:
        """Whether some solution keeps every mark of ``board``: first against the solutions
        met so far (a board of deductions always agrees with them), else by a search, whose
        solution is then kept."""
        if self.clue_solutions is not None and not self.clue_solutions:
            return False
        cells = board.cells
        water, air = cells == WATER, cells == AIR
        for known in self.known:
            if not (water & ~known).any() and not (air & known).any():
                return True
        found = board_solutions(self.puzzle, board, 1, should_stop)
        if found:
            self.known.append(np.array(self.puzzle.water_at(found[0]), dtype=bool))
            del self.known[:-KEPT_SOLUTIONS]
        return bool(found)

    def allows(self, mark: CellValueChange, should_stop: Stop) -> bool:
        """Whether some solution of the clues has ``mark``."""
        if mark not in self.allowed:
            board = Board.full(self.puzzle.height, self.puzzle.width, UNKNOWN)
            board.cells[mark[0], mark[1]] = mark[2]
            self.allowed[mark] = bool(board_solutions(self.puzzle, board, 1, should_stop))
        return self.allowed[mark]


def _cell_name(r: int, c: int) -> str:
    return f"row {r + 1}, column {c + 1}"


def _word(v: int) -> str:
    return "water" if v == WATER else "air"


def closeness(cells: Iterable[tuple[int, int]], cursor: Cell) -> tuple[int, int, int]:
    """The tie-break key of a set of cells: (distance to the cursor, row, column) of the best."""
    cr, cc = cursor
    return min((abs(r - cr) + abs(c - cc), r, c) for r, c in cells)


def marks_of(board: Board) -> list[CellValueChange]:
    """Every decided cell, reading order."""
    cells = board.cells
    out = []
    for r, c in zip(*np.nonzero((cells == WATER) | (cells == AIR)), strict=True):
        out.append((int(r), int(c), int(cells[r, c])))
    return out


def marks_solve(puzzle: AquariumPuzzle, board: Board) -> bool:
    """Whether the water cells (unknown taken as air) obey gravity and meet every count."""
    water = board.cells == WATER
    lay = layout_of(puzzle)
    for r in range(lay.h):
        n = puzzle.rows[r]
        if n is not None and int(water[r].sum()) != n:
            return False
    for c in range(lay.w):
        n = puzzle.columns[c]
        if n is not None and int(water[:, c].sum()) != n:
            return False
    for cells in puzzle.tank_cells:
        level = next((r for r, c in cells if water[r, c]), None)
        if level is not None and any(water[r, c] != (r >= level) for r, c in cells):
            return False
    return True


def board_solutions(puzzle: AquariumPuzzle, board: Board, limit: int,
                    should_stop: Stop = None) -> list[list[int]]:
    """Up to ``limit`` solutions (levels) that keep every mark of ``board``, from the engine's
    search (:func:`nonotui.kinds.aquarium.engine.solver.solve`).

    Raises:
        Cancelled: ``should_stop`` returned true.
    """
    from nonotui.kinds.aquarium.engine.solver import solve

    lay = layout_of(puzzle)
    lv = levels_from_board(lay, board.cells)
    if any(a > b for a, b in zip(lv.lo, lv.hi, strict=True)):
        return []  # marks that break gravity
    outcome = solve(puzzle, board=board, max_solutions=limit, should_stop=should_stop)
    if outcome.status in ("cancelled", "timeout"):
        raise Cancelled
    return [levels_of(puzzle, (found.cells == WATER).tolist())
            for found in outcome.solutions[:limit]]


def wrong_marks(puzzle: AquariumPuzzle, board: Board, should_stop: Stop,
                context: HintContext) -> list[CellValueChange] | None:
    """The marks of ``board`` no solution of the clues allows, reading order; ``None`` when the
    clues have no solution."""
    reference = context.reference(should_stop)
    if not reference:
        return None
    marks = marks_of(board)
    if len(reference) == 1:
        water = puzzle.water_at(reference[0])
        return [(r, c, v) for r, c, v in marks if (v == WATER) != water[r][c]]
    return [m for m in marks if not context.allows(m, should_stop)]


def next_hint(puzzle: AquariumPuzzle, board: Board, cursor: Cell = (0, 0),
              history: History | None = None, *, should_stop: Stop = None,
              context: HintContext | None = None) -> AquariumHint:
    """The easiest hint for ``board`` (not changed); see the module docstring.

    Raises:
        Cancelled: ``should_stop`` returned true.
    """
    if context is None:
        context = HintContext(puzzle)
    with context.lock:
        return _next_hint(puzzle, board.copy(), cursor, history, should_stop, context)


def _next_hint(puzzle: AquariumPuzzle, board: Board, cursor: Cell, history: History | None,
               should_stop: Stop, context: HintContext) -> AquariumHint:
    if marks_solve(puzzle, board):
        return AquariumHint("solved", (), "Every row and column has its water and every tank "
                            "obeys gravity: solved.")
    if not context.has_solution(board, should_stop):
        return mistake_hint(puzzle, board, history, should_stop, context)
    lay = layout_of(puzzle)
    lv = levels_from_board(lay, board.cells)
    hint = (gravity_hint(lay, board, lv, cursor) or rule_hint(lay, lv, cursor)
            or contradiction_hint(lay, lv, cursor, should_stop))
    if hint is not None:
        return hint
    return stuck_hint(puzzle, board, cursor, should_stop)


def _listing(cells: Sequence[CellValueChange], limit: int = 8) -> str:
    named = [f"{_cell_name(r, c)} ({_word(v)})" for r, c, v in cells[:limit]]
    if len(cells) > limit:
        named.append(f"{len(cells) - limit} more")
    return named[0] if len(named) == 1 else f"{', '.join(named[:-1])} and {named[-1]}"


def mistake_hint(puzzle: AquariumPuzzle, board: Board, history: History | None,
                 should_stop: Stop, context: HintContext) -> AquariumHint:
    """The mistake rung: for a board whose marks no solution keeps."""
    wrong = wrong_marks(puzzle, board, should_stop, context)
    if wrong is None:
        return AquariumHint("mistake", (), "These counts and tanks have no solution at all.")
    back, since = _last_consistent(puzzle, board, history, should_stop, context)
    when = ""
    if back is not None:
        when = (f" The board last had a solution {back} move{'s' if back != 1 else ''} ago; "
                "clearing these marks gets back to one.")
    if wrong:
        if len(wrong) == 1:
            r, c, v = wrong[0]
            text = (f"{_cell_name(r, c).capitalize()} is marked {_word(v)}, but no solution "
                    f"has it {_word(v)}.")
        else:
            text = f"{len(wrong)} marks fit no solution: {_listing(wrong)}."
        return AquariumHint("mistake", tuple(wrong), text + when, undo_moves=back)
    if since:
        text = ("Each mark fits some solution, but together they fit none. Marks made since the "
                f"board last had a solution: {_listing(since)}.")
        return AquariumHint("mistake", tuple(since), text + when, undo_moves=back)
    ref = puzzle.water_at(context.reference(should_stop)[0])
    differing = [m for m in marks_of(board) if (m[2] == WATER) != ref[m[0]][m[1]]]
    text = ("Each mark fits some solution, but together they fit none. These marks differ from "
            f"one solution: {_listing(differing)}.")
    return AquariumHint("mistake", tuple(differing), text)


def _last_consistent(puzzle: AquariumPuzzle, board: Board, history: History | None,
                     should_stop: Stop, context: HintContext
                     ) -> tuple[int | None, list[CellValueChange]]:
    """How many moves back the board last had a solution, and the marks made since."""
    if history is None or not history.done:
        return None, []
    past = board.copy()
    touched: set[tuple[int, int]] = set()
    for back, move in enumerate(reversed(history.done), start=1):
        move.revert(past)
        touched.update(move.cells())
        if context.has_solution(past, should_stop):
            since = [(r, c, int(board.cells[r, c])) for r, c in sorted(touched)
                     if int(board.cells[r, c]) in (WATER, AIR)]
            return back, since
    return None, []


def gravity_hint(lay: Layout, board: Board, lv: Levels, cursor: Cell) -> AquariumHint | None:
    """The gravity step nearest the cursor: a tank with unknown cells its marks decide."""
    best: tuple[tuple[int, int, int], AquariumHint] | None = None
    cells = board.cells
    for t in range(lay.tanks):
        lo, hi = lv.lo[t], lv.hi[t]
        below: list[CellValueChange] = []
        above: list[CellValueChange] = []
        for r, cs in lay.tank_rows[t].items():
            for c in cs:
                if cells[r, c] == UNKNOWN:
                    if r >= hi:
                        below.append((r, c, WATER))
                    elif r < lo:
                        above.append((r, c, AIR))
        for group, value in ((below, WATER), (above, AIR)):
            if not group:
                continue
            key = closeness([(r, c) for r, c, _ in group], cursor)
            if best is not None and key >= best[0]:
                continue
            best = (key, AquariumHint("line", tuple(sorted(group)),
                                      gravity_text(lay, t, value, hi if value == WATER else lo - 1,
                                                   group),
                                      GRAVITY, ("region", t)))
    return None if best is None else best[1]


def gravity_text(lay: Layout, t: int, value: int, row: int,
                 cells: Sequence[CellValueChange]) -> str:
    """``Water in row 5 of the tank at ... means everything below it in that tank is water.``"""
    same_row = any(r == row for r, _, _ in cells)
    further = any(r != row for r, _, _ in cells)
    tank = tank_name(lay, t)
    word, where = ("Water", "below") if value == WATER else ("Air", "above")
    if same_row and further:
        what = f"the rest of that row and everything {where} it in that tank are {_word(value)}"
    elif further:
        what = f"everything {where} it in that tank is {_word(value)}"
    else:
        what = f"the rest of that row in that tank is {_word(value)} too"
    return f"{word} in row {row + 1} of {tank} means {what}."


RANK = {"full": 0, "row": 1, "column": 2}


def rule_hint(lay: Layout, lv: Levels, cursor: Cell) -> AquariumHint | None:
    """The easiest row or column rule application (full-line, then row rule, then column rule),
    nearest the cursor: one rule in one row or column, with every tank it settles there at once
    (:func:`findings_hint`)."""
    best: tuple[tuple[int, tuple[int, int, int]], Finding] | None = None
    found: list[Finding] = []
    try:
        for f in unit_findings(lay, lv):
            found.append(f)
            key = (RANK[f.rule], closeness([(r, c) for r, c, _ in f.cells], cursor))
            if best is None or key < best[0]:
                best = (key, f)
    except Broken:
        return None  # cannot happen on a board with a solution
    if best is None:
        return None
    f = best[1]
    return findings_hint(lay, [g for g in found
                               if (g.rule, g.axis, g.index) == (f.rule, f.axis, f.index)])


def findings_hint(lay: Layout, group: Sequence[Finding]) -> AquariumHint:
    """One rule's findings in one row or column (one per tank it settles there, the unit's
    order) as one hint: the count's need said once, then what it settles in each tank."""
    first = group[0]
    cells = tuple(sorted(cell for f in group for cell in f.cells))
    return AquariumHint("line", cells, group_text(lay, group), RULE_TECHNIQUE[first.rule],
                        (first.axis, first.index))


def group_text(lay: Layout, group: Sequence[Finding]) -> str:
    """The words of :func:`findings_hint`: :func:`describe` for one finding; for several, the
    unit's need once and each tank's part after it (``Row 6 needs no more water, so its unknown
    cells are all air: the tank at ... and the tank at ... hold no water in row 6.``)."""
    if len(group) == 1:
        return describe(lay, group[0])
    first = group[0]
    if first.rule == "full":
        names = _and([tank_name(lay, f.tank) for f in group])
        where = f"{first.axis} {first.index + 1}"
        head = describe(lay, first).split(": ", 1)[0]
        holds = "no water" if first.need == 0 else "water"
        return f"{head}: {names} hold {holds} in {where}."
    parts = [describe(lay, f) for f in group]
    need = parts[0].split("; ", 1)[0]
    tails = [p.split("; ", 1)[1].rstrip(".") for p in parts]
    return f"{need}; " + "; and ".join(tails) + "."


def _and(words: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def contradiction_hint(lay: Layout, lv: Levels, cursor: Cell,
                       should_stop: Stop = None) -> AquariumHint | None:
    """The refuted assumption with the shortest chain, nearest the cursor.

    Assumptions are tried nearest the cursor first, and each gives up once its chain is as long
    as the best so far (which it could then not beat), so the answer is that of trying them all.
    """
    def near(k: tuple[int, int, int]) -> tuple[int, int, int]:
        return closeness([(k[1], c) for c in lay.tank_rows[k[0]][k[1]]], cursor)

    best: Probe | None = None
    for t, row, assumed in sorted(candidates(lay, lv), key=near):  # stable: ties keep order
        if should_stop is not None and should_stop():
            raise Cancelled
        found = probe(lay, lv, t, row, assumed, None if best is None else best.length)
        if found is not None and (best is None or found.length < best.length):
            best = found
            if best.length == 1:
                break
    return None if best is None else probe_hint(lay, best)


def probe_hint(lay: Layout, p: Probe) -> AquariumHint:
    """A refuted assumption as a hint: the tank's cells in the row hold the other value."""
    truth = AIR if p.assumed == WATER else WATER
    cells = tuple((p.row, c, truth) for c in lay.tank_rows[p.tank][p.row])
    return AquariumHint("contradiction", cells, probe_text(lay, p), CONTRADICTION,
                        _unit(p.broken.unit), chain=p.length)


def _unit(u: tuple[str, int]) -> UnitRef:
    return (u[0], u[1])


def stuck_hint(puzzle: AquariumPuzzle, board: Board, cursor: Cell,
               should_stop: Stop) -> AquariumHint:
    """No rule decides more: reveal a cell where two solutions differ, or any open cell."""
    found = board_solutions(puzzle, board, 2, should_stop)
    sol = puzzle.water_at(found[0])
    open_cells = [(int(r), int(c)) for r, c in zip(*np.nonzero(board.cells == UNKNOWN),
                                                     strict=True)]
    if len(found) > 1:
        other = puzzle.water_at(found[1])
        split = [(r, c) for r, c in open_cells if sol[r][c] != other[r][c]]
        r, c = min(split, key=lambda rc: closeness([rc], cursor))
        v = WATER if sol[r][c] else AIR
        text = ("The counts and your marks allow more than one solution, so logic cannot finish "
                f"the puzzle. Revealing {_cell_name(r, c)} ({_word(v)} in one solution) picks "
                "one.")
        return AquariumHint("ambiguous", ((r, c, v),), text)
    r, c = min(open_cells, key=lambda rc: closeness([rc], cursor))
    v = WATER if sol[r][c] else AIR
    text = ("No rule, alone or by assuming a tank's level and following the rules, decides "
            f"another cell from here: the puzzle needs a guess. In the solution, "
            f"{_cell_name(r, c)} is {_word(v)}.")
    return AquariumHint("guess", ((r, c, v),), text)


__all__ = [
    "COLUMN",
    "CONTRADICTION",
    "FULL",
    "GRAVITY",
    "ROW",
    "TECHNIQUES",
    "AquariumHint",
    "HintContext",
    "board_solutions",
    "candidates",
    "contradiction_hint",
    "probe",
    "marks_of",
    "marks_solve",
    "next_hint",
    "wrong_marks",
]
