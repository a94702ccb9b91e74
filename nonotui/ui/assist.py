"""The engine work the player asks for, as plain functions that the assistant's thread workers
call: warming the kinds up, a hint, a check, and an auto-solve's plan.

Each reaches the engine only through the puzzle's kind (:class:`~nonotui.model.kind.Kind`, found
by the registry :mod:`nonotui.kinds`), whose methods import their engine when first called: the
player draws its first frame before numba is loaded (``tests/unit/test_import_hygiene.py``).
Nothing here knows Textual. Every function takes copies of the board (the worker must never read
a board the player is changing) and a ``should_stop`` to poll.
"""

from __future__ import annotations

from nonotui import kinds
from nonotui.model.board import Board
from nonotui.model.history import History
from nonotui.model.kind import Cancelled, Cell, Helper, HintLike, Plan, PuzzleLike, Stop

__all__ = ["Cancelled", "check", "hint", "kind_of", "solve_plan", "warm_up"]

kind_of = kinds.kind_of


def warm_up(should_stop: Stop) -> None:
    """Compile (or load from numba's cache) everything every known kind's hints, checks, guides
    and auto-solve use, so that the first hint answers quickly."""
    for name in kinds.names():
        kinds.get(name).warm_up(should_stop, "all")


def hint(puzzle: PuzzleLike, board: Board, cursor: Cell, history: History | None,
         should_stop: Stop, helper: Helper | None = None) -> HintLike:
    """The hint for ``board`` (a copy) and ``cursor``; raises :class:`Cancelled`. With
    ``helper`` (:meth:`Kind.helper`), the hint reuses what the earlier ones learned (the same
    hint, sooner)."""
    if helper is not None:
        return helper.hint(board, cursor, history, should_stop)
    return kind_of(puzzle).hint(puzzle, board, cursor, history, should_stop)


def check(puzzle: PuzzleLike, board: Board, should_stop: Stop,
          helper: Helper | None = None) -> frozenset[Cell]:
    """The cells whose marks no solution allows; raises :class:`Cancelled`. With ``helper``, the
    clues are solved only on the first check, not on every one."""
    if helper is not None:
        return helper.check(board, should_stop)
    return kind_of(puzzle).checker(puzzle)(board, should_stop)


def solve_plan(puzzle: PuzzleLike, board: Board, should_stop: Stop) -> Plan:
    """Solve from ``board`` (a copy): whether the marks allow a solution at all, then the steps
    in the engine's own order (:meth:`Kind.auto_solve`). Raises :class:`Cancelled`."""
    return kind_of(puzzle).auto_solve(puzzle, board, should_stop)
