"""``nonotui check`` for nonograms: a board's marks judged against every solution of the clues,
never a stored picture, spoiling nothing.

Imported only when a check runs (it loads the engine).
"""

from __future__ import annotations

from collections.abc import Sequence

from nonotui.kinds.nonogram.puzzle import Puzzle
from nonotui.model.board import Board
from nonotui.model.cells import EMPTY, FILLED
from nonotui.model.kind import Cancelled, CellValueChange, CheckReport, Stop
from nonotui.model.words import plural

LISTED = 8
"""How many wrong marks the explanation names before "and N more" (``--json`` lists all)."""


def check_board(puzzle: Puzzle, board: Board, should_stop: Stop) -> CheckReport:
    """Judge ``board``'s marks (see :mod:`nonotui.cli.check` for the outcomes).

    Raises:
        Cancelled: ``should_stop`` said so before the check finished.
    """
    from nonotui.kinds.nonogram.engine.checks import decided as single
    from nonotui.kinds.nonogram.engine.checks import marks_solve

    if marks_solve(puzzle, board):
        # the filled cells spell a solution, so no mark contradicts every solution
        return CheckReport("solved", "solved: the filled cells satisfy every clue")

    from nonotui.kinds.nonogram.engine.checks import HintCancelled, ReferenceSolutions, wrong_marks
    from nonotui.kinds.nonogram.engine.search import solve

    reference = ReferenceSolutions(puzzle)
    try:
        wrong = wrong_marks(puzzle, board.copy(), should_stop, reference)
        # kept from wrong_marks, or searched now when the board has no marks
        clues_alone = reference.get(should_stop)
    except HintCancelled as exc:
        raise Cancelled from exc
    if wrong is None or clues_alone.status == "contradiction":
        return CheckReport("no-solution", "the clues have no solution, so no mark can be judged")
    if wrong:
        n = len(wrong)
        verb = "fits" if n == 1 else "fit"
        return CheckReport("wrong", f"{plural(n, 'mark')} {verb} no solution: "
                           f"{_listing(wrong, puzzle)}", tuple(wrong))
    decided = int(single(board.cells).sum())
    if clues_alone.status == "multiple" and decided:
        # each mark fits some solution; with one solution they would all fit it together
        together = solve(puzzle, board=board.copy(), max_solutions=1, should_stop=should_stop)
        if together.status in ("timeout", "cancelled"):
            raise Cancelled
        if together.status == "contradiction":
            return CheckReport(
                "inconsistent", "each mark fits some solution, but together they fit "
                "none; `nonotui hint` with the same --state names the marks to clear")
    total = puzzle.width * puzzle.height
    return CheckReport("not-finished", f"not finished: no mark contradicts the clues ({decided} "
                       f"of {total} cells marked)")


def _listing(cells: Sequence[CellValueChange], puzzle: Puzzle) -> str:
    """The first marks in words (a colour puzzle's by colour name), then how many more."""
    def word(v: int) -> str:
        if puzzle.is_color:
            return "empty" if v == EMPTY else puzzle.palette[int(v).bit_length() - 1].name
        return "filled" if v == FILLED else "empty"

    named = [f"row {r + 1}, column {c + 1} ({word(v)})" for r, c, v in cells[:LISTED]]
    if len(cells) > LISTED:
        named.append(f"{len(cells) - LISTED} more")
    return named[0] if len(named) == 1 else f"{'; '.join(named[:-1])} and {named[-1]}"
