"""``nonotui check FILE --state STATE``: the player's check, from the command line.

Reports the marks of a board that no solution of the clues allows (judged against every
solution, never a stored picture, so on a puzzle with several solutions the marks of any of
them pass) and whether the board is solved. The board is read as ``hint --state`` reads it:
rows in the board notation or the player's save file for the puzzle.

Outcomes (``status`` in ``--json``) and exit codes:

- ``solved``: the filled cells satisfy every clue (unknown cells count as empty), exit 0;
- ``wrong``: some marks fit no solution, exit 3;
- ``inconsistent``: each mark fits some solution but together they fit none, exit 3;
- ``no-solution``: the clues themselves have no solution, exit 3;
- ``not-finished``: none of these, exit 0;
- ``timeout`` (``--timeout``), exit 4, and ``cancelled`` (Ctrl-C), exit 5.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from nonotui.cli import EXIT_CANCELLED, EXIT_CONTRADICTION, EXIT_OK, EXIT_TIMEOUT

if TYPE_CHECKING:
    from nonotui.model import Board, Puzzle

EXIT_FOR_STATUS = {
    "solved": EXIT_OK,
    "not-finished": EXIT_OK,
    "wrong": EXIT_CONTRADICTION,
    "inconsistent": EXIT_CONTRADICTION,
    "no-solution": EXIT_CONTRADICTION,
    "timeout": EXIT_TIMEOUT,
    "cancelled": EXIT_CANCELLED,
}

LISTED = 8
"""How many wrong marks the text output names before "and N more" (``--json`` lists all)."""

Cell = tuple[int, int, int]


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``check`` subcommand."""
    from nonotui.cli.solve import positive_seconds

    p = sub.add_parser(
        "check",
        help="check a board's marks against the clues without spoiling",
        description="Report the marks of a board that fit no solution of the clues (any "
        "solution counts, so on a puzzle with several the marks of each pass) and whether the "
        "board is solved. Exit code 0 when it is solved or nothing is wrong yet (\"not "
        "finished\"), 1 for bad input, 3 when marks fit no solution (alone, or only together) "
        "or the clues have none, 4 on --timeout, 5 on Ctrl-C.",
    )
    p.add_argument("file", metavar="FILE",
                   help="puzzle file, FILE#N, a Tatham game id or a bundled puzzle's name")
    p.add_argument("--state", metavar="STATE_FILE", required=True,
                   help="the board: one row per line (# filled, - empty, ? unknown) or the "
                   "player's save file for this puzzle")
    p.add_argument("--timeout", metavar="S", type=positive_seconds,
                   help="stop the solver after S seconds (exit 4)")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.set_defaults(func=run)


@dataclass
class Report:
    """What a check found."""

    status: str
    """One of the keys of :data:`EXIT_FOR_STATUS`."""
    explanation: str
    """The outcome in words, rows and columns counted from 1."""
    wrong: list[Cell] = field(default_factory=list)
    """The marks no solution allows, ``(row, column, value marked)``, 0-based, reading order."""

    def to_json(self) -> dict[str, object]:
        """The ``--json`` shape: ``{"status", "solved", "wrong", "explanation"}``, 0-based."""
        from nonotui.model import FILLED

        return {
            "status": self.status,
            "solved": self.status == "solved",
            "wrong": [[r, c, "#" if v == FILLED else "-"] for r, c, v in self.wrong],
            "explanation": self.explanation,
        }


def run(args: argparse.Namespace) -> int:
    """Check the board; returns the exit code."""
    from nonotui.cli.hint import read_state
    from nonotui.cli.solve import _ctrl_c_stops, _one_puzzle

    puzzle = _one_puzzle(args.file)
    board, _history = read_state(Path(args.state), puzzle)
    with _ctrl_c_stops() as stopped:
        report = check_board(puzzle, board, stopped, args.timeout)
    if args.json:
        print(json.dumps(report.to_json()))
    else:
        print(report.explanation)
    return EXIT_FOR_STATUS[report.status]


def check_board(puzzle: Puzzle, board: Board, stopped: Callable[[], bool] | None = None,
                timeout: float | None = None) -> Report:
    """Judge ``board``'s marks against ``puzzle``'s clues (see the module's outcomes)."""
    from nonotui.model.check import ClueTracker

    if ClueTracker(puzzle, board).solved:
        # the filled cells spell a solution, so no mark contradicts every solution
        return Report("solved", "solved: the filled cells satisfy every clue")

    # The engine's checks, imported in one place (they move within nonotui.engine over time).
    from nonotui.engine.checks import ReferenceSolutions, wrong_marks
    from nonotui.engine.hints import HintCancelled
    from nonotui.engine.search import solve

    deadline = None if timeout is None else time.monotonic() + timeout

    def should_stop() -> bool:
        if stopped is not None and stopped():
            return True
        return deadline is not None and time.monotonic() >= deadline

    def interrupted() -> Report:
        if deadline is not None and time.monotonic() >= deadline:
            return Report("timeout", "timeout: stopped by --timeout before the check finished")
        return Report("cancelled", "cancelled: stopped by Ctrl-C before the check finished")

    reference = ReferenceSolutions(puzzle)
    try:
        wrong = wrong_marks(puzzle, board.copy(), should_stop, reference)
        # kept from wrong_marks, or searched now when the board has no marks
        clues_alone = reference.get(should_stop)
    except HintCancelled:
        return interrupted()
    if wrong is None or clues_alone.status == "contradiction":
        return Report("no-solution", "the clues have no solution, so no mark can be judged")
    if wrong:
        n = len(wrong)
        verb = "fits" if n == 1 else "fit"
        return Report("wrong", f"{n} mark{'s' if n != 1 else ''} {verb} no solution: "
                      f"{_listing(wrong)}", wrong)
    from nonotui.model import EMPTY, FILLED

    decided = int(((board.cells == FILLED) | (board.cells == EMPTY)).sum())
    if clues_alone.status == "multiple" and decided:
        # each mark fits some solution; with one solution they would all fit it together
        together = solve(puzzle, board=board.copy(), max_solutions=1, should_stop=should_stop)
        if together.status in ("timeout", "cancelled"):
            return interrupted()
        if together.status == "contradiction":
            return Report("inconsistent", "each mark fits some solution, but together they fit "
                          "none; `nonotui hint` with the same --state names the marks to clear")
    total = puzzle.width * puzzle.height
    return Report("not-finished", f"not finished: no mark contradicts the clues ({decided} of "
                  f"{total} cells marked)")


def _listing(cells: Sequence[Cell]) -> str:
    """The first marks in words, then how many more."""
    from nonotui.model import FILLED

    named = [f"row {r + 1}, column {c + 1} ({'filled' if v == FILLED else 'empty'})"
             for r, c, v in cells[:LISTED]]
    if len(cells) > LISTED:
        named.append(f"{len(cells) - LISTED} more")
    return named[0] if len(named) == 1 else f"{'; '.join(named[:-1])} and {named[-1]}"
