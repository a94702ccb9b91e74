"""How hard an Aquarium puzzle is, the path that shows it, and auto-solve.

:func:`rate` solves a puzzle from an empty board the way a player who always takes the easiest
hint would (the ladder of :mod:`nonotui.kinds.aquarium.hints`, cursor at the top left): a gravity
step, else the easiest row or column rule, else the contradiction with the shortest chain. The
grade is the hardest technique's (:data:`GRADES`), 4 when contradictions were needed and each
chain rested on at most :data:`SHORT_CHAIN` units, 5 for longer chains, and 0 when the walk
stalls (``needs guessing`` or ``not unique``) or the clues have no solution. The score is
:func:`score_of` the path (docs/aquarium.md, "Rating").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from nonotui.kinds.aquarium.hints import (
    COLUMN,
    CONTRADICTION,
    FULL,
    GRAVITY,
    ROW,
    TECHNIQUES,
    AquariumHint,
    board_solutions,
    contradiction_hint,
    gravity_hint,
    marks_solve,
    rule_hint,
)
from nonotui.kinds.aquarium.puzzle import AIR, UNKNOWN, WATER, AquariumPuzzle
from nonotui.kinds.aquarium.rules import Layout, layout_of, levels_from_board
from nonotui.model.board import Board
from nonotui.model.vocab import Cancelled, Plan, Rating, RatingReason, Step

Stop = Callable[[], bool] | None

GRADES: dict[str, int] = {GRAVITY: 1, FULL: 1, ROW: 2, COLUMN: 3}
"""The grade of each rule technique: gravity and a full or empty row or column are the simplest
(grade 1), seed 004's row rule works in one row (2), the column rule joins a column's count with
gravity inside each tank (3)."""
WEIGHTS: dict[str, int] = {GRAVITY: 1, FULL: 1, ROW: 2, COLUMN: 4}
"""The score of one rule step, by technique."""
SHORT_CHAIN = 3
"""The most distinct units (rows, columns, tanks) a grade-4 contradiction's chain rests on."""
CONTRADICTION_BASE = 8
CONTRADICTION_PER_UNIT = 4
"""A contradiction step scores :data:`CONTRADICTION_BASE` plus this per unit of its chain."""


@dataclass(frozen=True)
class RatedStep:
    """One step of the path: the hint a player would take, and the unit number it works in
    (rows, then columns, then tanks, as the kind lists its units)."""

    hint: AquariumHint
    unit: int | None

    @property
    def technique(self) -> str:
        assert self.hint.technique is not None
        return self.hint.technique


def unit_number(lay: Layout, hint: AquariumHint) -> int | None:
    """The kind's unit number of a hint's unit: rows, then columns, then tanks."""
    if hint.unit is None:
        return None
    axis, index = hint.unit
    if axis == "row":
        return index
    if axis == "column":
        return lay.h + index
    return lay.h + lay.w + index


def next_step(puzzle: AquariumPuzzle, board: Board, should_stop: Stop = None
              ) -> AquariumHint | None:
    """The easiest deduction from a board whose marks are all deductions (top-left first);
    ``None`` when no rule and no contradiction decides another cell."""
    lay = layout_of(puzzle)
    lv = levels_from_board(lay, board.cells)
    return (gravity_hint(lay, board, lv, (0, 0)) or rule_hint(lay, lv, (0, 0))
            or contradiction_hint(lay, lv, (0, 0), should_stop))


def walk(puzzle: AquariumPuzzle, board: Board, should_stop: Stop = None) -> list[RatedStep]:
    """Apply the easiest deduction to ``board`` (changed in place) until none is left."""
    lay = layout_of(puzzle)
    path: list[RatedStep] = []
    while True:
        if should_stop is not None and should_stop():
            raise Cancelled
        hint = next_step(puzzle, board, should_stop)
        if hint is None:
            return path
        for r, c, v in hint.cells:
            board.cells[r, c] = v
        path.append(RatedStep(hint, unit_number(lay, hint)))


def score_of(path: Sequence[RatedStep]) -> int:
    """Each rule step weighs :data:`WEIGHTS`; each contradiction :data:`CONTRADICTION_BASE`
    plus :data:`CONTRADICTION_PER_UNIT` per unit of its chain."""
    total = 0
    for step in path:
        if step.technique == CONTRADICTION:
            total += CONTRADICTION_BASE + CONTRADICTION_PER_UNIT * (step.hint.chain or 0)
        else:
            total += WEIGHTS[step.technique]
    return total


def explain(puzzle: AquariumPuzzle, should_stop: Stop = None) -> tuple[Rating, list[Step]]:
    """The rating and the path it walked, each step in words (``nonotui explain``).

    Raises:
        Cancelled: ``should_stop`` returned true.
    """
    board = Board.full(puzzle.height, puzzle.width, UNKNOWN)
    if not board_solutions(puzzle, board, 1, should_stop):
        return Rating(0, 0, False, False, None, {}, "no solution"), []
    path = walk(puzzle, board, should_stop)
    counts = Counter(step.technique for step in path)
    steps = {name: counts[name] for name in TECHNIQUES if counts[name]}
    hardest = max(counts, key=TECHNIQUES.index, default=None)
    score = score_of(path)
    words = [Step(s.hint.cells, s.hint.explanation if s.technique == CONTRADICTION
                  else f"{s.technique}. {s.hint.explanation}", s.unit, s.technique)
             for s in path]
    reason: RatingReason | None = None
    unique: bool | None = True
    if bool((board.cells == UNKNOWN).any()):
        found = board_solutions(puzzle, board, 2, should_stop)
        if len(found) > 1:
            reason, unique = "not unique", False
        elif found:
            reason = "needs guessing"
        else:  # cannot happen: every step is a deduction from clues that have a solution
            reason, unique = "no solution", False
    if reason is not None:
        return Rating(0, score, False, unique, hardest, steps, reason), words
    grade = max((GRADES[name] for name in counts if name != CONTRADICTION), default=1)
    if counts[CONTRADICTION]:
        longest = max(s.hint.chain or 0 for s in path if s.technique == CONTRADICTION)
        grade = 4 if longest <= SHORT_CHAIN else 5
    return Rating(grade, score, grade <= 3, True, hardest, steps), words


def rate(puzzle: AquariumPuzzle, should_stop: Stop = None) -> Rating:
    """:func:`explain`'s rating alone (``nonotui rate``)."""
    return explain(puzzle, should_stop)[0]


def auto_solve(puzzle: AquariumPuzzle, board: Board, should_stop: Stop) -> Plan:
    """The steps from ``board`` (not changed) to a solution: the ladder's deductions, then the
    rest of one solution in a single ``search`` step.

    Raises:
        Cancelled: ``should_stop`` returned true.
    """
    work = board.copy()
    if not board_solutions(puzzle, Board.full(puzzle.height, puzzle.width, UNKNOWN), 1,
                           should_stop):
        return Plan("no-solution")
    if not board_solutions(puzzle, work, 1, should_stop):
        return Plan("inconsistent")
    lay = layout_of(puzzle)
    steps = [Step(s.hint.cells, f"{s.technique}. {s.hint.explanation}"
                  if s.technique != CONTRADICTION else s.hint.explanation, s.unit, s.technique)
             for s in walk(puzzle, work, should_stop)]
    found = board_solutions(puzzle, work, 2, should_stop)
    several = len(found) > 1
    if bool((work.cells == UNKNOWN).any()) or not marks_solve(puzzle, work):
        water = puzzle.water_at(found[0])
        rest = tuple((r, c, WATER if water[r][c] else AIR) for r in range(lay.h)
                     for c in range(lay.w) if int(work.cells[r, c]) == UNKNOWN)
        if rest:
            steps.append(Step(rest, f"Search: the rules decide no more, so the other "
                              f"{len(rest)} cells come from "
                              f"{'one of the solutions' if several else 'the solution'}.",
                              None, "search"))
    return Plan("solved", tuple(steps), several)


__all__ = [
    "CONTRADICTION_BASE",
    "CONTRADICTION_PER_UNIT",
    "GRADES",
    "SHORT_CHAIN",
    "WEIGHTS",
    "RatedStep",
    "auto_solve",
    "explain",
    "next_step",
    "rate",
    "score_of",
    "unit_number",
    "walk",
]
