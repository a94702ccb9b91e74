"""``nonotui hint FILE``: the hint the player would show for a board and cursor, with its reason.

The board is empty, or read from ``--state``: either rows in the board notation (``#``, ``-``,
``?`` and the accepted aliases) or the player's own save file for the puzzle, whose undo history
then also lets a mistake hint name the marks made since the board last had a solution.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from nonotui.errors import EXIT_CONTRADICTION, EXIT_OK, NonotuiError

if TYPE_CHECKING:
    from nonotui.model.board import Board
    from nonotui.model.history import History
    from nonotui.model.kind import Game, PuzzleLike


def cursor_arg(text: str) -> tuple[int, int]:
    """An argparse type: ``ROW,COL`` counted from 1, returned 0-based."""
    parts = text.split(",")
    try:
        row, col = (int(p) for p in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not ROW,COL (e.g. 3,7)") from None
    if row < 1 or col < 1:
        raise argparse.ArgumentTypeError("rows and columns count from 1")
    return row - 1, col - 1


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``hint`` subcommand."""
    p = sub.add_parser(
        "hint",
        help="explain the next deduction for a board",
        description="Print the easiest hint for a board and why it holds: a wrong mark, a "
        "deduction in one line, a deduction by contradiction between lines, or that a guess "
        "is needed. Exit code 0 with a hint, 1 for bad input, 3 when the clues have no solution "
        "(as `nonotui solve`).",
    )
    p.add_argument("file", metavar="FILE",
                   help="puzzle file, FILE#N, a Tatham game id or a bundled puzzle's name")
    p.add_argument("--state", metavar="STATE_FILE",
                   help="the board: one row per line (# filled, - empty, ? unknown) or the "
                   "player's save file for this puzzle (default: an empty board)")
    p.add_argument("--cursor", metavar="ROW,COL", type=cursor_arg, default=(0, 0),
                   help="the cursor, counted from 1; ties go to the nearest hint (default 1,1)")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Print the hint; returns the exit code."""
    from nonotui.cli.solve import one_game
    from nonotui.model import Board
    from nonotui.model.kind import unknown_of

    game = one_game(args.file)
    puzzle = game.puzzle
    board = Board.full(puzzle.height, puzzle.width, unknown_of(game.values))
    history = None
    if args.state:
        board, history = read_state(Path(args.state), game)
    row, col = args.cursor
    if row >= puzzle.height or col >= puzzle.width:
        raise NonotuiError(f"--cursor {row + 1},{col + 1} is outside the "
                           f"{puzzle.width}x{puzzle.height} board")
    if game.solve(max_solutions=1).status == "contradiction":
        # a hint would still name a deduction; `solve` says no solution with exit 3, so does this
        print(f"nonotui: {args.file}: the clues contradict each other: the puzzle has no "
              "solution, so there is no hint to give", file=sys.stderr)
        return EXIT_CONTRADICTION
    hint = game.hint(board, (row, col), history)
    if args.json:
        print(json.dumps(hint.to_json()))
    else:
        print(hint.explanation)
    return EXIT_OK


def read_state(path: Path, game: Game[PuzzleLike]) -> tuple[Board, History | None]:
    """The board (and undo history, from a save file) that ``path`` holds for ``game``'s
    puzzle.

    Raises:
        NonotuiError: an unreadable file, a save of another puzzle, or rows of the wrong count
            or width (the message names the line).
    """
    from nonotui.errors import SaveError
    from nonotui.model import files
    from nonotui.store.jsonfile import NotOurJson, loads
    from nonotui.store.progress import from_document

    puzzle = game.puzzle
    # A save file's undo history can outgrow a puzzle file's bound.
    text = files.read_text(path, limit=files.MAX_SAVE_BYTES, what="state file")
    if text.lstrip().startswith("{"):
        try:
            progress = from_document(loads(text), puzzle, path)
        except json.JSONDecodeError as exc:
            raise NonotuiError(
                f"{path}, line {exc.lineno}: not a save file: not valid JSON ({exc.msg.lower()})"
            ) from None
        except NotOurJson as exc:
            raise NonotuiError(f"{path}: not a save file: it holds {exc}") from None
        except RecursionError:
            raise NonotuiError(f"{path}: not a save file (its JSON is nested too deeply)") from None
        except SaveError as exc:
            raise NonotuiError(f"{path}: not a save file of this puzzle: {exc.message}") from None
        return progress.board, progress.history
    rows = text.rstrip("\n").split("\n")
    if len(rows) < puzzle.height:
        raise NonotuiError(f"{path}: line {len(rows) + 1}: missing; the puzzle has "
                           f"{puzzle.height} rows, the file {len(rows)}")
    if len(rows) > puzzle.height:
        raise NonotuiError(f"{path}: line {puzzle.height + 1}: one row too many; the puzzle "
                           f"has {puzzle.height} rows")
    try:
        return game.read_board(text), None
    except NonotuiError as exc:
        raise NonotuiError(f"{path}: {exc.message}") from exc
