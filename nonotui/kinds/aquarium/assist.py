"""The player's checks on an Aquarium board: ``nonotui check``'s report, the checker of wrong
marks, and the :class:`Helper` that keeps what hints and checks learn about one puzzle."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from nonotui.kinds.aquarium.hints import (
    AquariumHint,
    HintContext,
    marks_of,
    marks_solve,
    next_hint,
    wrong_marks,
)
from nonotui.kinds.aquarium.puzzle import WATER, AquariumPuzzle
from nonotui.kinds.aquarium.rating import unit_number
from nonotui.kinds.aquarium.rules import layout_of
from nonotui.model.board import Board
from nonotui.model.history import History
from nonotui.model.kind import Helper as KindHelper
from nonotui.model.kind import HintLike
from nonotui.model.vocab import Cell, CellValueChange, CheckReport, Stop
from nonotui.model.words import plural

LISTED = 8
"""How many wrong marks the explanation names before "and N more" (``--json`` lists all)."""


def check_board(puzzle: AquariumPuzzle, board: Board, should_stop: Stop,
                context: HintContext | None = None) -> CheckReport:
    """Judge ``board``'s marks against every solution of the counts, spoiling nothing: solved,
    no solution, wrong marks (each fits no solution), inconsistent (each fits one, together
    none), or not finished.

    Raises:
        Cancelled: ``should_stop`` said so.
    """
    if marks_solve(puzzle, board):
        return CheckReport("solved", "solved: every row and column has its water and every "
                           "tank obeys gravity")
    context = context or HintContext(puzzle)
    wrong = wrong_marks(puzzle, board, should_stop, context)
    if wrong is None:
        return CheckReport("no-solution", "the counts and tanks have no solution, so no mark "
                           "can be judged")
    if wrong:
        n = len(wrong)
        verb = "fits" if n == 1 else "fit"
        return CheckReport("wrong", f"{plural(n, 'mark')} {verb} no solution: "
                           f"{_listing(wrong)}", tuple(wrong))
    marked = len(marks_of(board))
    if marked and not context.has_solution(board, should_stop):
        return CheckReport("inconsistent", "each mark fits some solution, but together they "
                           "fit none; `nonotui hint` with the same --state names the marks to "
                           "clear")
    total = puzzle.width * puzzle.height
    return CheckReport("not-finished", f"not finished: no mark contradicts the counts ({marked} "
                       f"of {total} cells marked)")


def _listing(cells: Sequence[CellValueChange]) -> str:
    named = [f"row {r + 1}, column {c + 1} ({'water' if v == WATER else 'air'})"
             for r, c, v in cells[:LISTED]]
    if len(cells) > LISTED:
        named.append(f"{len(cells) - LISTED} more")
    return named[0] if len(named) == 1 else f"{'; '.join(named[:-1])} and {named[-1]}"


class Helper:
    """Hints and checks on one puzzle (:class:`~nonotui.model.kind.Helper`), sharing the
    solutions and single-mark answers they learn. Cheap to make: computes nothing yet."""

    def __init__(self, puzzle: AquariumPuzzle) -> None:
        self.puzzle = puzzle
        self.context = HintContext(puzzle)

    def hint(self, board: Board, cursor: Cell, history: History | None,
             should_stop: Stop) -> AquariumHint:
        """:func:`~nonotui.kinds.aquarium.hints.next_hint` with the kept context."""
        return next_hint(self.puzzle, board, cursor, history, should_stop=should_stop,
                         context=self.context)

    def check(self, board: Board, should_stop: Stop) -> frozenset[Cell]:
        """The cells whose marks no solution allows (none when the counts have no solution)."""
        with self.context.lock:
            wrong = wrong_marks(self.puzzle, board, should_stop, self.context)
        return frozenset((r, c) for r, c, _ in wrong or ())

    def hint_unit(self, hint: HintLike) -> int | None:
        """The unit a hint reasons in: its row, column or tank (rows, then columns, then
        tanks, as the kind numbers units); ``None`` for a hint of another kind."""
        if not isinstance(hint, AquariumHint):
            return None
        return unit_number(layout_of(self.puzzle), hint)

    def check_board(self, board: Board, should_stop: Stop) -> CheckReport:
        """:func:`check_board` with the kept context."""
        with self.context.lock:
            return check_board(self.puzzle, board, should_stop, self.context)


if TYPE_CHECKING:
    def _conforms(hint: AquariumHint, helper: Helper) -> tuple[HintLike, KindHelper]:
        """mypy checks that the hint and the helper implement the model's protocols."""
        return hint, helper


__all__ = ["LISTED", "Helper", "check_board"]
