"""A nonogram's auto-solve as the :class:`~nonotui.model.kind.Kind` protocol gives it: whether
the marks allow a solution, then the steps line by line with the linesolver that did each, and
the rest from the search.

Imported only when an auto-solve runs (it loads the engine).
"""

from __future__ import annotations

from nonotui.model.board import Board
from nonotui.model.cells import FILLED, UNKNOWN
from nonotui.model.kind import Cancelled, CellValueChange, Plan, Step, Stop
from nonotui.model.puzzle import Puzzle


def describe(cells: tuple[CellValueChange, ...], unit: tuple[str, int] | None, method: str) -> str:
    """A step in words, rows and columns counted from 1."""
    filled = sum(1 for _, _, v in cells if v == FILLED)
    n = len(cells)
    what = f"{n} cell{'s' if n != 1 else ''} ({filled} filled, {n - filled} empty)"
    if unit is None:
        return (f"no line decides more, so the search (guessing and backtracking) "
                f"decided the last {what}")
    axis, index = unit
    return f"{axis.capitalize()} {index + 1}: the {method} linesolver decided {what}"


def plan(puzzle: Puzzle, board: Board, should_stop: Stop) -> Plan:
    """Solve from ``board`` (a copy): whether the marks allow a solution at all, then the
    propagation's steps line by line, and the rest from the search. Raises
    :class:`~nonotui.model.kind.Cancelled`."""
    from nonotui.engine.search import solve

    result = solve(puzzle, board=board, max_solutions=2, should_stop=should_stop)
    if result.status == "cancelled":
        raise Cancelled
    if result.status == "contradiction":
        clean = solve(puzzle, max_solutions=1, should_stop=should_stop)
        if clean.status == "cancelled":
            raise Cancelled
        return Plan("no-solution" if clean.status == "contradiction" else "inconsistent")
    solution = result.solutions[0].cells
    steps = _line_steps(puzzle, board.copy(), should_stop)
    work = board.copy()
    for step in steps:
        for r, c, v in step.cells:
            work.cells[r, c] = v
    rest = tuple((int(r), int(c), int(solution[r, c]))
                 for r, c in zip(*(work.cells == UNKNOWN).nonzero()))
    if rest:
        steps.append(Step(rest, describe(rest, None, "search"), None))
    return Plan("solved", tuple(steps), result.status == "multiple")


def _line_steps(puzzle: Puzzle, board: Board, should_stop: Stop) -> list[Step]:
    """The solver's own propagation from ``board`` (not changed), step by step: each line solve
    that decided cells, in the solver's order, with the linesolver of its stack that made it
    (:func:`nonotui.engine.steps.propagation`)."""
    from nonotui.engine.steps import propagation

    if should_stop():
        raise Cancelled
    h = puzzle.height
    steps = []
    for s in propagation(puzzle, board).steps:
        assert s.line is not None  # the propagation's steps are all line steps
        axis, index = s.line
        unit = index if axis == "row" else h + index
        steps.append(Step(s.cells, describe(s.cells, s.line, s.method), unit))
    return steps
