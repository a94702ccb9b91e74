"""A nonogram's auto-solve as the :class:`~nonotui.model.kind.Kind` protocol gives it: whether
the marks allow a solution, then the steps line by line with the linesolver that did each, and
the rest from the search.

Imported only when an auto-solve runs (it loads the engine).
"""

from __future__ import annotations

from collections import deque

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
    """Solve from ``board`` (a copy). Raises :class:`~nonotui.model.kind.Cancelled`."""
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
    """Propagate the lines as the default stack does (``fcomp`` only where ``fast`` finds
    nothing), recording each line solve that decided something. ``board`` is changed."""
    from nonotui.engine.lines import REGISTRY, Contradiction, clue_array, solve_cells

    solvers = (REGISTRY["fast"], REGISTRY["fcomp"])
    lines = [("row", r, clue_array(list(puzzle.rows[r]) or [0])) for r in range(puzzle.height)]
    lines += [("column", c, clue_array(list(puzzle.columns[c]) or [0]))
              for c in range(puzzle.width)]
    pending = deque(range(len(lines)))
    queued = set(pending)
    steps: list[Step] = []
    while pending:
        if should_stop():
            raise Cancelled
        number = pending.popleft()
        queued.discard(number)
        axis, index, clue = lines[number]
        view = board.cells[index, :] if axis == "row" else board.cells[:, index]
        cells = view.copy()
        for solver in solvers:
            try:
                out = solve_cells(solver, clue, cells)
            except Contradiction:
                return steps  # not on a board with a solution; the search's step finishes it
            changed = [int(p) for p in (out != cells).nonzero()[0]]
            if changed:
                break
        else:
            continue
        view[:] = out
        decided = tuple((index, p, int(out[p])) if axis == "row" else (p, index, int(out[p]))
                        for p in changed)
        steps.append(Step(decided, describe(decided, (axis, index), solver.name), number))
        for p in changed:
            cross = puzzle.height + p if axis == "row" else p
            if cross not in queued:
                queued.add(cross)
                pending.append(cross)
    return steps
