"""``nonotui explain FILE``: the rating's path as a walkthrough a person can follow.

Each step numbered and in words (the hint's own words, starting with the technique; a
contradiction with the length of its chain), the board after every ``--every`` steps (5 by
default), after each contradiction and at the end, then the grade. Where logic stops, the last
lines say why (needs guessing, not unique, no solution).
"""

from __future__ import annotations

import argparse

from nonotui.errors import EXIT_CONTRADICTION, EXIT_OK, NonotuiError
from nonotui.model import Board
from nonotui.model.kind import Game, PuzzleLike, unknown_of
from nonotui.model.words import plural

CONTRADICTION = "Contradiction"
"""The technique after which the board is always shown (its cell is easy to miss)."""


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``explain`` subcommand."""
    p = sub.add_parser(
        "explain",
        help="walk through a puzzle step by step, as the rating solves it",
        description="Solve the puzzle from an empty board the way a player following hints "
        "would, and print every step in words, numbered, with the board every few steps, "
        "then the grade (see `nonotui rate`).",
        epilog="Exit code 0, 1 for bad input, 3 when the clues have no solution (as `nonotui "
        "solve`).",
    )
    p.add_argument("file", metavar="FILE",
                   help="puzzle file, FILE#N, a generator id, a Tatham game id or a bundled "
                   "puzzle's name")
    p.add_argument("--every", type=int, default=5, metavar="N",
                   help="show the board after every N steps (default 5)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Print the walkthrough; returns the exit code."""
    from nonotui.cli.rate import grade_text
    from nonotui.cli.solve import one_game

    if args.every < 1:
        raise NonotuiError("--every must be at least 1")
    game = one_game(args.file)
    puzzle = game.puzzle
    why = game.unsupported("solve")
    if why is not None:
        raise NonotuiError(f"{args.file}: cannot be explained: {why}")
    rating, steps = game.explain()
    board = Board.full(puzzle.height, puzzle.width, unknown_of(game.values))
    title = f"{puzzle.title}, " if puzzle.title else ""
    print(f"{title}{puzzle.width}x{puzzle.height}: {plural(len(steps), 'step')} from an "
          "empty board.")
    shown = True
    code = EXIT_OK
    for n, step in enumerate(steps, start=1):
        print(f"\n{n}. {step.description}")
        for r, c, v in step.cells:
            board.cells[r, c] = v
        shown = False
        if n % args.every == 0 or step.method == CONTRADICTION:
            _show(game, board, n)
            shown = True
    if not shown:
        _show(game, board, len(steps))
    print()
    if rating.reason == "needs guessing":
        print("No line alone, and no contradiction, decides another cell: the puzzle needs a "
              "guess (it has one solution).")
    elif rating.reason == "not unique":
        print("No line alone, and no contradiction, decides another cell: the clues allow more "
              "than one solution.")
    elif rating.reason == "no solution":
        print("The clues contradict each other: the puzzle has no solution.")
        code = EXIT_CONTRADICTION
    else:
        print("Solved.")
    steps_text = ", ".join(f"{name} {k}" for name, k in rating.steps.items()) or "no steps"
    print(f"{grade_text(rating).capitalize()}; hardest: {rating.hardest or 'none'}; "
          f"{steps_text}; score {rating.score}.")
    return code


def _show(game: Game[PuzzleLike], board: Board, after: int) -> None:
    print(f"\nThe board after step {after}:")
    for row in game.board_rows(board):
        print(f"  {row}")
