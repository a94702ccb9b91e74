"""The engine work the player asks for, as plain functions that the assistant's thread workers
call: warming the kinds up, a hint, a check, and an auto-solve's plan.

Each reaches the engine only through the puzzle's kind (:class:`~nonotui.model.kind.Kind`, found
by the registry :mod:`nonotui.kinds`), whose methods import their engine when first called: the
player draws its first frame before numba is loaded (``tests/unit/test_import_hygiene.py``).
Nothing here knows Textual. Every function takes copies of the board (the worker must never read
a board the player is changing) and a ``should_stop`` to poll.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from nonotui import kinds
from nonotui.model.board import Board
from nonotui.model.history import History
from nonotui.model.kind import Cancelled, Cell, Game, HintLike, Plan, PuzzleLike, Stop

__all__ = ["Cancelled", "check", "hint", "solve_plan", "warm_up"]

_steps = kinds.warm_up_steps


Progress = Callable[[int, int], None]
"""Told ``(left, total)`` before each warm-up step and once more with nothing left."""

_asking = 0
_asking_lock = threading.Condition()


@contextmanager
def _asked() -> Iterator[None]:
    """The player's own request to the engine (a hint, a check, an auto-solve's plan) runs: the
    warm-up waits between its steps meanwhile, so that numba compiles what the request needs
    and not the warm-up's other kernels first (they share one compiler lock)."""
    global _asking
    with _asking_lock:
        _asking += 1
    try:
        yield
    finally:
        with _asking_lock:
            _asking -= 1
            _asking_lock.notify_all()


def warm_up(should_stop: Stop, first: PuzzleLike | None = None,
            progress: Progress | None = None) -> None:
    """Compile (or load from numba's cache) everything every known kind's hints, checks, guides
    and auto-solve use, so that the first hint answers quickly: step by step, what a hint on
    ``first`` (the puzzle open) needs first, waiting between steps while the player's own
    request to the engine runs, and telling ``progress`` how many steps are left."""
    steps = _steps(first)
    for done, (_name, step) in enumerate(steps):
        if progress is not None:
            progress(len(steps) - done, len(steps))
        with _asking_lock:
            _asking_lock.wait_for(lambda: _asking == 0 or should_stop())
        if should_stop():
            return
        step(should_stop)
    if progress is not None:
        progress(0, len(steps))


def hint(game: Game[PuzzleLike], board: Board, cursor: Cell, history: History | None,
         should_stop: Stop) -> HintLike:
    """The hint for ``board`` (a copy) and ``cursor``; raises :class:`Cancelled`. The game
    keeps what earlier hints learned (the same hint, sooner)."""
    with _asked():
        return game.hint(board, cursor, history, should_stop, tries=True)


def check(game: Game[PuzzleLike], board: Board, should_stop: Stop) -> frozenset[Cell]:
    """The cells whose marks no solution allows; raises :class:`Cancelled`. The game solves the
    clues only on the first check, not on every one."""
    with _asked():
        return game.check(board, should_stop)


def solve_plan(game: Game[PuzzleLike], board: Board, should_stop: Stop) -> Plan:
    """Solve from ``board`` (a copy): whether the marks allow a solution at all, then the steps
    in the engine's own order (:meth:`Game.auto_solve`). Raises :class:`Cancelled`."""
    with _asked():
        return game.auto_solve(board, should_stop)
