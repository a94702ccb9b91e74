"""The solver's own steps, for auto-solve: each line solve that decided cells, in the order the
solver's propagation makes them, with the linesolver of the stack that made it, then what probing
and the search decide, as one last step.

:func:`propagation` runs the propagation the whole-puzzle solver starts with
(:mod:`nonotui.kinds.nonogram.engine._kernels.line_steps`); :func:`solve_steps` yields its steps and then the
rest of a solution; :func:`auto_solve` is the whole auto-solve, for the player and for the kind.
Nothing here imports Textual.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Literal

import numpy as np

import nonotui.kinds.nonogram.engine.calls as calls
from nonotui.errors import NonotuiError
from nonotui.kinds.nonogram.engine.checks import decided
from nonotui.kinds.nonogram.engine.lines import DEFAULT_STACK, Stack, parse_stack
from nonotui.kinds.nonogram.engine.packed import prepare
from nonotui.kinds.nonogram.engine.search import solve
from nonotui.kinds.nonogram.puzzle import Puzzle
from nonotui.model import CELL_DTYPE, EMPTY, Board
from nonotui.model.words import plural

Cell = tuple[int, int, int]
"""``(row, column, value)``, the value a cell bitset."""


@dataclass(frozen=True)
class EngineStep:
    """One step: the cells one line's linesolver decided, or the rest from the search.

    Attributes:
        line: ``("row" | "column", index)``, or ``None`` for the search's step.
        method: The linesolver's name (``fast``, ``fcomp``, ...), or ``search``.
        cells: ``(row, column, value)`` for every cell the step decides, along the line.
    """

    line: tuple[str, int] | None
    method: str
    cells: tuple[Cell, ...]

    def describe(self) -> str:
        """The step in words, rows and columns counted from 1."""
        return describe_step(self.line, self.method, self.cells)


def _single(v: int) -> bool:
    return v != 0 and v & (v - 1) == 0


def describe_step(line: tuple[str, int] | None, method: str, cells: tuple[Cell, ...]) -> str:
    """A step in words (``Row 4: the fast linesolver decided 2 cells (2 filled, 0 empty)``), for
    the player's panel and the kind's auto-solve alike."""
    filled = sum(1 for _, _, v in cells if v != EMPTY)  # a colour counts as filled
    n = len(cells)
    what = f"{plural(n, 'cell')} ({filled} filled, {n - filled} empty)"
    if line is None:
        return (f"no line decides more, so the search (guessing and backtracking) "
                f"decided the last {what}")
    axis, index = line
    return f"{axis.capitalize()} {index + 1}: the {method} linesolver decided {what}"


@dataclass(frozen=True)
class AutoSolve:
    """What an auto-solve from the player's marks found.

    Attributes:
        status: ``solved``; ``inconsistent`` (the marks fit no solution); ``no-solution`` (the
            clues themselves have none); ``cancelled``.
        steps: The propagation's line steps, then one ``search`` step with the rest; applying
            them all gives a solution.
        several: The marks and clues allow more than one solution (the steps give one of them).
    """

    status: Literal["solved", "inconsistent", "no-solution", "cancelled"]
    steps: tuple[EngineStep, ...] = ()
    several: bool = False


def auto_solve(puzzle: Puzzle, board: Board, should_stop: Callable[[], bool]) -> AutoSolve:
    """Solve from ``board`` (not changed): first whether the marks allow a solution at all, then
    :func:`solve_steps` towards the solution the search found."""
    result = solve(puzzle, board=board, max_solutions=2, should_stop=should_stop)
    if result.status == "cancelled":
        return AutoSolve("cancelled")
    if result.status == "contradiction":
        clean = solve(puzzle, max_solutions=1, should_stop=should_stop)
        if clean.status == "cancelled":
            return AutoSolve("cancelled")
        return AutoSolve("no-solution" if clean.status == "contradiction" else "inconsistent")
    if should_stop():
        return AutoSolve("cancelled")
    steps = tuple(solve_steps(puzzle, board, result.solutions[0].cells))
    return AutoSolve("solved", steps, result.status == "multiple")


@dataclass(frozen=True)
class Propagation:
    """What the solver's propagation did from a board.

    Attributes:
        steps: The line steps that changed cells, in order.
        status: ``done`` (no line can decide more) or ``broken`` (a line has no arrangement
            left: the board has no solution).
        solves: Line solves made by each linesolver of the stack, changed or not, by name.
        cells: The board after the last step.
    """

    steps: tuple[EngineStep, ...]
    status: Literal["done", "broken"]
    solves: dict[str, int]
    cells: np.ndarray


def propagation(puzzle: Puzzle, board: Board, stack: str | Stack = DEFAULT_STACK) -> Propagation:
    """Propagate ``board`` (not changed) to the fixpoint :func:`~nonotui.kinds.nonogram.engine.search.solve`'s
    line pass reaches first, every rank of ``stack`` in turn (the solver's line pass starts a
    black-and-white board at the first complete rank: the same fixpoint in fewer solves)."""
    stack = stack if isinstance(stack, Stack) else parse_stack(stack)
    prep = prepare(puzzle)
    h, w = prep.h, prep.w
    cells = board.cells.reshape(-1).astype(CELL_DTYPE, copy=True)
    # a black-and-white cell changes once; a colour cell may lose its values one at a time
    n = h * w if not prep.is_color else int(sum(bin(int(v)).count("1") for v in cells))
    step_line = np.zeros(n, dtype=np.int64)
    step_rank = np.zeros(n, dtype=np.int64)
    step_end = np.zeros(n, dtype=np.int64)
    step_cell = np.zeros(n, dtype=np.int64)
    step_value = np.zeros(n, dtype=CELL_DTYPE)
    solves = np.zeros(len(stack), dtype=np.int64)
    methods = stack.method_ids()
    complete = stack.complete_flags()
    status, count = calls.propagate_steps(
        prep, methods, complete, cells, step_line=step_line, step_rank=step_rank,
        step_end=step_end, step_cell=step_cell, step_value=step_value, solves=solves)
    if status == calls.REFUSED_STEPS:
        raise NonotuiError("the linesolvers refused this puzzle's clues")
    if status == calls.FULL:  # cannot happen: the buffers hold every bit a cell can lose
        raise NonotuiError("propagation's step buffers were too small")
    names = [s.name for s in stack]
    steps = []
    begin = 0
    for s in range(count):
        line = int(step_line[s])
        where = ("row", line) if line < h else ("column", line - h)
        decided = tuple((int(c) // w, int(c) % w, int(v)) for c, v in
                        zip(step_cell[begin:step_end[s]], step_value[begin:step_end[s]])
                        if _single(int(v)))  # a colour cell that only lost a value waits
        if decided:
            steps.append(EngineStep(where, names[int(step_rank[s])], decided))
        begin = int(step_end[s])
    return Propagation(tuple(steps), "done" if status == calls.DONE else "broken",
                       {name: int(k) for name, k in zip(names, solves)},
                       cells.reshape(h, w))


def solve_steps(puzzle: Puzzle, board: Board, solution: np.ndarray,
                stack: str | Stack = DEFAULT_STACK,
                should_stop: Callable[[], bool] | None = None) -> Iterator[EngineStep]:
    """The propagation's steps from ``board``, then one ``search`` step with every cell still
    open, valued as in ``solution`` (a solution of the puzzle that agrees with ``board``, as
    :func:`~nonotui.kinds.nonogram.engine.search.solve` finds it). Applying every step gives ``solution``
    when the board has one; on a board that breaks a line the steps stop where it broke and the
    last step takes the rest from ``solution`` all the same.

    ``should_stop`` is polled between steps; when it returns true the iterator ends early.
    """
    result = propagation(puzzle, board, stack)
    for step in result.steps:
        if should_stop is not None and should_stop():
            return
        yield step
    rest = tuple((int(r), int(c), int(solution[r, c]))
                 for r, c in zip(*np.nonzero(~decided(result.cells))))
    if rest:
        yield EngineStep(None, "search", rest)
