"""``nonotui check``'s report on an Aquarium board (the game keeps the context it shares with
the hints: :class:`~nonotui.kinds.aquarium.game.AquariumGame`)."""

from __future__ import annotations

from collections.abc import Sequence

from nonotui.kinds.aquarium.hints import (
    HintContext,
    marks_of,
    marks_solve,
    wrong_marks,
)
from nonotui.kinds.aquarium.puzzle import WATER, AquariumPuzzle
from nonotui.model.board import Board
from nonotui.model.vocab import CellValueChange, CheckReport, Stop
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


__all__ = ["LISTED", "check_board"]
