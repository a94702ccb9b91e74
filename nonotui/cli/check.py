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
from pathlib import Path
from typing import TYPE_CHECKING

from nonotui.errors import EXIT_CANCELLED, EXIT_CONTRADICTION, EXIT_OK, EXIT_TIMEOUT
from nonotui.model.kind import Cancelled, CellValue, CheckReport

if TYPE_CHECKING:
    from nonotui.model.board import Board
    from nonotui.model.kind import Game, PuzzleLike

EXIT_FOR_STATUS = {
    "solved": EXIT_OK,
    "not-finished": EXIT_OK,
    "wrong": EXIT_CONTRADICTION,
    "inconsistent": EXIT_CONTRADICTION,
    "no-solution": EXIT_CONTRADICTION,
    "timeout": EXIT_TIMEOUT,
    "cancelled": EXIT_CANCELLED,
}


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
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


def to_json(report: CheckReport, values: Sequence[CellValue]) -> dict[str, object]:
    """The ``--json`` shape: ``{"status", "solved", "wrong", "explanation"}``, 0-based, each
    wrong mark with its value's character (``#`` filled, ``-`` empty for a nonogram), or its
    name in a puzzle whose values are colours (a colour nonogram: ``empty``, ``red``)."""
    roles = {v.role for v in values}
    named = "color" in roles and "filled" not in roles
    chars = {v.mask: (v.name if named else v.char) for v in values}
    return {
        "status": report.status,
        "solved": report.status == "solved",
        "wrong": [[r, c, chars.get(v, str(v))] for r, c, v in report.wrong],
        "explanation": report.explanation,
    }


def run(args: argparse.Namespace) -> int:
    """Check the board; returns the exit code."""
    from nonotui.cli.hint import read_state
    from nonotui.cli.solve import ctrl_c_stops, one_game

    game = one_game(args.file)
    board, _history = read_state(Path(args.state), game)
    with ctrl_c_stops() as stopped:
        report = check_board(game, board, stopped, args.timeout)
    if args.json:
        print(json.dumps(to_json(report, game.values)))
    else:
        print(report.explanation)
    return EXIT_FOR_STATUS[report.status]


def check_board(game: Game[PuzzleLike], board: Board,
                stopped: Callable[[], bool] | None = None,
                timeout: float | None = None) -> CheckReport:
    """Judge ``board``'s marks against the clues of ``game``'s puzzle (see the module's
    outcomes)."""
    deadline = None if timeout is None else time.monotonic() + timeout

    def should_stop() -> bool:
        if stopped is not None and stopped():
            return True
        return deadline is not None and time.monotonic() >= deadline

    try:
        return game.check_board(board, should_stop)
    except Cancelled:
        if deadline is not None and time.monotonic() >= deadline:
            return CheckReport("timeout",
                               "timeout: stopped by --timeout before the check finished")
        return CheckReport("cancelled", "cancelled: stopped by Ctrl-C before the check finished")
