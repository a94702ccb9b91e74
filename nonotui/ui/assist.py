"""The engine work the player asks for, as plain functions that the play screen's thread workers
call: warming the kernels up, a hint, a check, and an auto-solve's steps.

Nothing here knows Textual, and nothing imports the engine at module level: the player must
draw its first frame before numba is loaded (``tests/unit/test_import_hygiene.py``), so each
function imports what it needs when a worker first runs it. Every function takes copies of the
board (the worker must never read a board the player is changing) and a ``should_stop`` to poll.
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Callable
from dataclasses import dataclass

from nonotui.kinds.nonogram.puzzle import Puzzle, unknown_board
from nonotui.model import EMPTY, Board
from nonotui.model.history import History

Stop = Callable[[], bool]

_TINY = Puzzle.from_picture([[1, 1, 0], [0, 1, 0], [0, 1, 1]], title="warm-up")


class Cancelled(Exception):  # noqa: N818 - a signal, like the engine's HintCancelled
    """The worker was asked to stop."""


def warm_up(should_stop: Stop) -> None:
    """Compile (or load from numba's cache) every kernel a hint, a check and a solve use, by
    solving a tiny puzzle and asking one hint on it, then probing it as a kept hint context
    does and propagating it as auto-solve does."""
    load_engine()
    from nonotui.kinds.nonogram.engine.hints import HintContext, next_hint
    from nonotui.kinds.nonogram.engine.lines import REGISTRY, clue_array, solve_cells
    from nonotui.kinds.nonogram.engine.steps import propagation

    board = unknown_board(_TINY)
    next_hint(_TINY, board, should_stop=should_stop)
    HintContext(_TINY).warm_up()
    propagation(_TINY, board)
    board.cells[0, 0] = EMPTY  # a wrong mark: the mistake rung's search too
    next_hint(_TINY, board, should_stop=should_stop)
    for solver in REGISTRY.values():
        solve_cells(solver, clue_array([2]), unknown_board(_TINY).cells[0].copy())
    guides(_TINY, board)


def guides(puzzle: Puzzle, board: Board, rows=None, columns=None):
    """The clue guide (:class:`~nonotui.kinds.nonogram.engine.checks.LineGuide`) of ``rows`` and ``columns``
    (every line when ``None``), as two dicts by index. A few microseconds a line once the
    warm-up has compiled its kernel, so the play screen calls it on the event loop."""
    load_engine()
    from nonotui.kinds.nonogram.engine.checks import clue_guide

    cells = board.cells
    rows = range(puzzle.height) if rows is None else rows
    columns = range(puzzle.width) if columns is None else columns
    return ({r: clue_guide(puzzle.rows[r], cells[r, :]) for r in rows},
            {c: clue_guide(puzzle.columns[c], cells[:, c]) for c in columns})


def hint(puzzle: Puzzle, board: Board, cursor: tuple[int, int], history: History,
         should_stop: Stop, memory: CheckMemory | None = None):
    """The hint for ``board`` (a copy) and ``cursor``; raises :class:`Cancelled`. With
    ``memory``, the hint reuses what the earlier ones learned (the same hint, sooner)."""
    load_engine()
    from nonotui.kinds.nonogram.engine.hints import HintCancelled, next_hint

    context = memory.hint_context() if memory is not None else None
    try:
        return next_hint(puzzle, board, cursor, history, should_stop=should_stop,
                         context=context)
    except HintCancelled as exc:
        raise Cancelled from exc


class CheckMemory:
    """What a play screen keeps from one check or hint to the next: the clues' own solutions,
    which do not change with the marks, and the hints' context. Made on the event loop without
    the engine; the engine's :class:`~nonotui.kinds.nonogram.engine.checks.ReferenceSolutions` and
    :class:`~nonotui.kinds.nonogram.engine.hints.HintContext` are created by the first worker that needs them.
    """

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self._reference = None
        self._context = None
        self._lock = threading.Lock()

    def reference(self):
        """The puzzle's :class:`~nonotui.kinds.nonogram.engine.checks.ReferenceSolutions`, made once."""
        load_engine()
        from nonotui.kinds.nonogram.engine.checks import ReferenceSolutions

        with self._lock:
            if self._reference is None:
                self._reference = ReferenceSolutions(self.puzzle)
            return self._reference

    def hint_context(self):
        """The puzzle's :class:`~nonotui.kinds.nonogram.engine.hints.HintContext`, made once; it shares the
        checks' reference solutions."""
        from nonotui.kinds.nonogram.engine.hints import HintContext

        reference = self.reference()
        with self._lock:
            if self._context is None:
                self._context = HintContext(self.puzzle, reference)
            return self._context


def check(puzzle: Puzzle, board: Board, should_stop: Stop,
          memory: CheckMemory | None = None) -> frozenset[tuple[int, int]]:
    """The cells whose marks no solution allows; raises :class:`Cancelled`. With ``memory``, the
    clues are solved only on the first check, not on every one."""
    load_engine()
    from nonotui.kinds.nonogram.engine.checks import HintCancelled, check_marks

    reference = memory.reference() if memory is not None else None
    try:
        return frozenset((r, c) for r, c, _ in check_marks(puzzle, board, should_stop, reference))
    except HintCancelled as exc:
        raise Cancelled from exc


@dataclass(frozen=True)
class Step:
    """One step of an auto-solve: the cells one line's linesolver decided, or the rest of the
    board taken from the search.

    Attributes:
        line: ``("row" | "column", index)``, or ``None`` for the search's step.
        method: The linesolver's name (``fast``, ``fcomp``), or ``search``.
        cells: ``(row, column, value)`` for every cell the step decides.
    """

    line: tuple[str, int] | None
    method: str
    cells: tuple[tuple[int, int, int], ...]

    def describe(self) -> str:
        """The step in words, rows and columns counted from 1 (the engine's wording; a step only
        exists once the engine is loaded)."""
        from nonotui.kinds.nonogram.engine.steps import describe_step

        return describe_step(self.line, self.method, self.cells)


@dataclass(frozen=True)
class SolvePlan:
    """What an auto-solve found: the steps to show, or why there are none.

    Attributes:
        status: ``solved``, ``inconsistent`` (the marks fit no solution) or ``no-solution``
            (the clues themselves have none).
        steps: The steps in order; applying them all gives a solution.
        several: The marks and clues allow more than one solution (the one shown is one of them).
    """

    status: str
    steps: tuple[Step, ...] = ()
    several: bool = False


def solve_plan(puzzle: Puzzle, board: Board, should_stop: Stop) -> SolvePlan:
    """Solve from ``board`` (a copy): first whether the marks allow a solution at all, then the
    steps, line by line with the linesolver that did each, in the solver's own propagation
    order, as far as lines go, and the rest from the search
    (:func:`nonotui.kinds.nonogram.engine.steps.auto_solve`). Raises :class:`Cancelled`."""
    load_engine()
    from nonotui.kinds.nonogram.engine.steps import auto_solve

    found = auto_solve(puzzle, board, should_stop)
    if found.status == "cancelled":
        raise Cancelled
    steps = tuple(Step(s.line, s.method, s.cells) for s in found.steps)
    return SolvePlan(found.status, steps, found.several)


_ENGINE_IMPORT = threading.Lock()


def load_engine() -> None:
    """Import the engine's modules once, one thread at a time. Two workers importing them at
    once (the warm-up and a hint, check or auto-solve asked for in the first moments) can break
    both imports: Python's import locks see a deadlock between the package, whose ``__init__``
    imports its submodules, and a submodule, and hand one thread a half-made module (the
    auto-solve failed with "'nonotui.kinds.nonogram.engine'"); every worker calls this first."""
    with _ENGINE_IMPORT:
        for name in ("nonotui.kinds.nonogram.engine", "nonotui.kinds.nonogram.engine.checks", "nonotui.kinds.nonogram.engine.hints",
                     "nonotui.kinds.nonogram.engine.steps"):
            importlib.import_module(name)
