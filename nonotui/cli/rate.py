"""``nonotui rate FILE... [--json]``: how hard each puzzle is, by the path of a player following
hints (docs/solver.md, "Rating").

One line per puzzle: the file (``FILE#N`` for the N-th puzzle of a bundle), its size, its grade
with its words, the hardest technique, the steps each technique took and the score. ``--json``
prints a list with one object per puzzle (:meth:`nonotui.model.vocab.Rating.to_json`). Every
argument is read before any puzzle is rated, so bad input (or a puzzle the solver does not take
yet) stops the command at once (exit code 1, one line naming the file). ``--timeout`` caps the seconds per puzzle: a puzzle not rated in
time gets a line saying so (``"grade": null``, ``"reason": "timeout"``) and the exit code is 4.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from nonotui import kinds
from nonotui.errors import EXIT_OK, EXIT_TIMEOUT, NonotuiError
from nonotui.model.kind import GRADE_WORDS, Cancelled, Game, PuzzleLike, Rating


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``rate`` subcommand."""
    p = sub.add_parser(
        "rate",
        help="grade how hard puzzles are for a player following hints",
        description="Solve each puzzle from an empty board the way a player following hints "
        "would (always the easiest step) and print its grade, by the hardest step and the work "
        "per line: 1 simple techniques (finished lines, simple boxes and spaces, forcing) and "
        "little work, 2 the other one-line techniques or more work, 3 sliding, whole-line "
        "reasoning or long work (1 to 3: line logic alone), 4 contradictions whose chains rest "
        "on at most four lines, 5 longer chains or long work, 0 when logic cannot "
        "finish it (needs guessing, not unique or no solution); with the hardest technique, the "
        "steps per technique and a score. A file holding several puzzles rates each.",
        epilog="Exit code 0 when every puzzle was rated, 1 for bad input, 4 when some puzzle "
        "ran out of --timeout.",
    )
    p.add_argument("files", metavar="FILE", nargs="+",
                   help="puzzle file, FILE#N, a generator id, a Tatham game id or a bundled "
                   "puzzle's name")
    p.add_argument("--json", action="store_true",
                   help='print a JSON list of {"file", "grade", "score", "line_solvable", '
                   '"unique", "hardest", "steps", "reason"}')
    p.add_argument("--timeout", type=float, metavar="SECONDS",
                   help="give up on a puzzle after this many seconds (default: no limit)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Rate every puzzle the arguments name; returns the exit code."""
    from nonotui.store.catalog import open_puzzles

    named: list[tuple[str, Game[PuzzleLike]]] = []
    for spec in args.files:
        puzzles, label = open_puzzles(spec)
        for n, puzzle in enumerate(puzzles, start=1):
            name = f"{label}#{n}" if len(puzzles) > 1 else label
            game = kinds.open_game(puzzle)
            why = game.unsupported("solve")
            if why is not None:
                raise NonotuiError(f"{name}: cannot be rated: {why}")
            named.append((name, game))
    out: list[dict[str, object]] = []
    timed_out = False
    for label, game in named:
        puzzle = game.puzzle
        rating = _rate(game, args.timeout)
        if rating is None:
            timed_out = True
            out.append({"file": label, "grade": None, "score": None, "line_solvable": None,
                        "unique": None, "hardest": None, "steps": {}, "reason": "timeout"})
            if not args.json:
                print(f"{label}\t{puzzle.width}x{puzzle.height}\tnot rated: more than "
                      f"{args.timeout:g} s", flush=True)
            continue
        out.append(rating.to_json(label))
        if not args.json:
            print(line(label, puzzle, rating), flush=True)
    if args.json:
        print(json.dumps(out))
    return EXIT_TIMEOUT if timed_out else EXIT_OK


def _rate(game: Game[PuzzleLike], timeout: float | None) -> Rating | None:
    """The puzzle's rating, ``None`` when it took longer than ``timeout`` seconds."""
    if timeout is None:
        return game.rate()
    deadline = time.monotonic() + timeout
    try:
        return game.rate(lambda: time.monotonic() > deadline)
    except Cancelled:
        return None


def grade_text(rating: Rating) -> str:
    """``grade 3 (whole-line reasoning)``, or ``grade 0 (needs guessing)``."""
    return f"grade {rating.grade} ({rating.reason or GRADE_WORDS[rating.grade]})"


def line(label: str, puzzle: Any, rating: Rating) -> str:
    """The text line of one puzzle, tab-separated."""
    steps = ", ".join(f"{name} {n}" for name, n in rating.steps.items()) or "no steps"
    return (f"{label}\t{puzzle.width}x{puzzle.height}\t{grade_text(rating)}\t"
            f"hardest: {rating.hardest or 'none'}\t{steps}\tscore {rating.score}")
