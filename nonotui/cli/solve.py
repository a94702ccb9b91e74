"""``nonotui solve FILE``: solve one puzzle and prove its solution unique, or show why not.

Prints the status and the solutions as grids (``#`` filled, ``-`` empty), or with ``--json`` one
JSON object, printed whatever the outcome (also for a file that cannot be read). Ctrl-C stops the
search and still prints what was found, with exit code 5; a second Ctrl-C quits at once.
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from nonotui import kinds
from nonotui.errors import (
    EXIT_BAD_INPUT,
    EXIT_CANCELLED,
    EXIT_CONTRADICTION,
    EXIT_OK,
    EXIT_TIMEOUT,
    EXIT_USAGE,
    NonotuiError,
    UnsupportedPuzzleError,
)
from nonotui.model.board import Board
from nonotui.model.kind import CellValue, Command, Game, PuzzleLike, SolveStats

EXIT_FOR_STATUS = {
    "unique": EXIT_OK,
    "multiple": EXIT_OK,
    "solved": EXIT_OK,
    "contradiction": EXIT_CONTRADICTION,
    "timeout": EXIT_TIMEOUT,
    "cancelled": EXIT_CANCELLED,
}

SUMMARY = {
    "unique": "unique: exactly one solution",
    "multiple": "multiple: more than one solution",
    "solved": "solved: a solution (uniqueness not checked, --max-solutions 1)",
    "contradiction": "contradiction: no solution",
    "timeout": "timeout: stopped by --timeout",
    "cancelled": "cancelled: stopped by Ctrl-C",
}


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def positive_seconds(text: str) -> float:
    """An argparse type: a number of seconds above zero."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not value > 0:
        raise argparse.ArgumentTypeError("must be more than 0 seconds")
    return value


def add_engine_options(p: argparse.ArgumentParser, command: Command) -> None:
    """The options ``solve`` and ``bench`` share: each kind's own (a nonogram's
    ``--linesolvers``), then the timeout and JSON."""
    for kind in kinds.kinds():
        kind.add_options(command, p)
    p.add_argument(
        "--timeout", metavar="S", type=positive_seconds, help="stop after S seconds (exit 4)"
    )
    p.add_argument("--json", action="store_true", help="print JSON instead of text")


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``solve`` subcommand."""
    p = sub.add_parser(
        "solve",
        help="solve a puzzle and prove its solution unique",
        description="Solve a puzzle: print whether it has a unique solution, several or none, "
        "and the solutions found. Exit code 0 when a solution was found, 1 for a file that "
        "cannot be read, 3 when there is no solution, "
        "4 on --timeout, 5 on Ctrl-C (the solutions found so far are still printed). --json "
        "output is printed in every case.",
    )
    p.add_argument("file", metavar="FILE",
                   help="puzzle file, FILE#N, a Tatham game id or a bundled puzzle's name")
    p.add_argument(
        "--max-solutions",
        metavar="N",
        type=positive_int,
        default=2,
        help="stop after N solutions (default 2, which proves uniqueness; 1 skips the proof)",
    )
    add_engine_options(p, "solve")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Solve the puzzle the arguments name; returns the exit code."""
    try:
        options = kind_options(args)
    except NonotuiError as exc:
        return _fail(args, {"file": args.file}, "error", exc.message, EXIT_USAGE)
    with ctrl_c_stops() as stopped:
        report = report_for(args.file, max_solutions=args.max_solutions, timeout=args.timeout,
                            options=options, should_stop=stopped)
    if report["status"] in ("error", "unsupported"):
        if args.json:
            print(json.dumps(report))
        print(f"nonotui: {report['error']}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.json:
        print(json.dumps(report))
    else:
        print(_text(report, SolveStats(report["stats"])))
    return EXIT_FOR_STATUS[report["status"]]


def report_for(spec: str, *, max_solutions: int = 2, timeout: float | None = None,
               options: Mapping[str, Mapping[str, object]] | None = None,
               should_stop: Callable[[], bool] | None = None) -> dict[str, Any]:
    """What ``nonotui solve --json SPEC`` prints, as a dict: the puzzle's size and identity,
    the status and the solutions, the seconds, the settings and the statistics; for a puzzle
    that cannot be read or solved, ``status`` ``error`` or ``unsupported`` and ``error`` (the
    file, line and problem). Never raises for bad input: one object whatever happens, which is
    what a task on a distributed executor needs (``api.solve_report``, docs/api.md).

    ``options``: each kind's own options by kind name (absent: the kind's defaults)."""
    report: dict[str, Any] = {"file": spec}
    try:
        game = one_game(spec)
        puzzle, kind = game.puzzle, kinds.kind_of(game.puzzle)
        report.update(width=puzzle.width, height=puzzle.height, identity=puzzle.identity)
        if puzzle.title:
            report["title"] = puzzle.title
        mine = dict((options or {}).get(kind.name, {}))
        # load the kernels first, so that "seconds" is the search alone
        kind.warm_up(lambda: False, "solve", mine, first=puzzle)
        result = game.solve(max_solutions=max_solutions, timeout=timeout,
                            should_stop=should_stop, options=mine)
    except UnsupportedPuzzleError as exc:
        report.update(status="unsupported", error=exc.message)
        return report
    except NonotuiError as exc:
        report.update(status="error", error=exc.message)
        return report
    grids = [game.board_rows(b) for b in result.solutions]
    report.update(status=result.status, solutions=grids)
    report.update(_value_names(game.values, result.solutions))
    report.update(
        seconds=round(result.seconds, 6),
        **result.settings,
        max_solutions=max_solutions,
        timeout=timeout,
        stats=dict(result.stats),
    )
    return report


def _value_names(values: Sequence[CellValue], solutions: Sequence[Board]
                 ) -> dict[str, object]:
    """For a puzzle whose cells take more than two values (a colour nonogram): ``palette``,
    each value's name and letter, and ``values``, every solution as rows of value names. Black
    and white puzzles add nothing: their grids say it all with ``#`` and ``-``."""
    if len(values) <= 2:
        return {}
    names = {v.mask: v.name for v in values}
    return {
        "palette": [{"name": v.name, "char": v.char, "rgb": v.rgb} for v in values],
        "values": [[[names.get(int(c), "?") for c in row] for row in b.cells]
                   for b in solutions],
    }


def kind_options(args: argparse.Namespace) -> dict[str, dict[str, object]]:
    """Each kind's own options from the command line, checked before any file is read.

    Raises:
        NonotuiError: an option's value is invalid (a usage error, exit 2).
    """
    return {kind.name: kind.solve_options(args) for kind in kinds.kinds()}


def one_game(spec: str) -> Game[PuzzleLike]:
    """The game of the puzzle ``spec`` names; a file holding several must be narrowed with
    FILE#N."""
    from nonotui.store.catalog import open_puzzles

    puzzles, _ = open_puzzles(spec)
    if len(puzzles) > 1:
        raise NonotuiError(
            f"{spec} holds {len(puzzles)} puzzles; pick one with {spec}#N, "
            "or solve them all with `nonotui bench`"
        )
    return kinds.open_game(puzzles[0])


def stat_words(stats: SolveStats) -> list[str]:
    """The summary line's words for the statistics a kind gave: the typed counts every search
    may have (the rest are in ``--json``); a kind that gives none of them gets its own whole
    numbers named by their keys (``boards 3``). Nothing for a count the kind does not give."""
    counts = ((stats.probes, "{} probes"), (stats.guesses, "{} guesses"),
              (stats.max_depth, "depth {}"))
    words = [form.format(value) for value, form in counts if value is not None]
    if words:
        return words
    return [f"{key.replace('_', ' ')} {value}" for key, value in stats.extras.items()
            if isinstance(value, int) and not isinstance(value, bool)]


def _text(report: dict[str, Any], stats: SolveStats) -> str:
    """The text output: a summary line, then each solution grid after a blank line."""
    n = len(report["solutions"])
    head = (
        f"{SUMMARY[report['status']]} ({n} solution{'' if n == 1 else 's'} found, "
        f"{report['seconds']:.3f} s{''.join(', ' + w for w in stat_words(stats))})"
    )
    blocks = [head] + ["\n".join(grid) for grid in report["solutions"]]
    return "\n\n".join(blocks)


def _fail(args: argparse.Namespace, report: dict[str, Any], status: str, message: str,
          code: int) -> int:
    """Report an error: JSON on stdout with ``--json``, and the message on stderr always."""
    if args.json:
        report.update(status=status, error=message)
        print(json.dumps(report))
    print(f"nonotui: {message}", file=sys.stderr)
    return code


@contextmanager
def ctrl_c_stops() -> Iterator[Callable[[], bool] | None]:
    """While solving, the first Ctrl-C asks the search to stop; a second one interrupts.

    Yields the ``should_stop`` callback, or ``None`` outside the main thread, where Python
    cannot install a signal handler (Ctrl-C then interrupts as usual).
    """
    if threading.current_thread() is not threading.main_thread():
        yield None
        return
    pressed = threading.Event()

    def handler(signum: int, frame: object) -> None:
        if pressed.is_set():
            raise KeyboardInterrupt
        pressed.set()

    previous = signal.signal(signal.SIGINT, handler)
    try:
        yield pressed.is_set
    finally:
        signal.signal(signal.SIGINT, previous)
