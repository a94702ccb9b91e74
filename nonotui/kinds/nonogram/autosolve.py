"""A nonogram's auto-solve as the :class:`~nonotui.model.kind.Kind` protocol gives it: whether
the marks allow a solution, then the steps line by line with the linesolver that did each, and
the rest from the search.

Imported only when an auto-solve runs (it loads the engine).
"""

from __future__ import annotations

from nonotui.kinds.nonogram.puzzle import Puzzle
from nonotui.model.board import Board
from nonotui.model.kind import Cancelled, Plan, Step, Stop


def plan(puzzle: Puzzle, board: Board, should_stop: Stop) -> Plan:
    """Solve from ``board`` (a copy) with :func:`nonotui.kinds.nonogram.engine.steps.auto_solve`:
    whether the marks allow a solution at all, then the propagation's steps line by line, and the
    rest from the search. Raises :class:`~nonotui.model.kind.Cancelled`."""
    from nonotui.kinds.nonogram.engine.steps import auto_solve, describe_step

    found = auto_solve(puzzle, board, should_stop)
    if found.status == "cancelled":
        raise Cancelled
    h = puzzle.height
    steps = []
    for s in found.steps:
        unit = None if s.line is None else (s.line[1] if s.line[0] == "row" else h + s.line[1])
        steps.append(Step(s.cells, describe_step(s.line, s.method, s.cells), unit, s.method))
    return Plan(found.status, tuple(steps), found.several)
