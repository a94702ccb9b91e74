"""``nonotui play FILE``: open the player on one puzzle (plain ``nonotui`` opens the library)."""

from __future__ import annotations

import argparse

from nonotui import kinds
from nonotui.errors import UnsupportedPuzzleError


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``play`` subcommand."""
    parser = subparsers.add_parser(
        "play",
        help="play a puzzle in the terminal (without a puzzle: the library)",
        description="Play a puzzle: a file, FILE#N, a Tatham game id, or the name of a bundled "
        "puzzle (for example 'heart'). Without one, the library opens.",
    )
    parser.add_argument("puzzle", nargs="?", metavar="FILE", help="the puzzle to play")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Resolve the puzzle before the app starts, so errors print as plain messages."""
    # Textual is imported here, not at module level, so `nonotui --help` stays fast.
    from nonotui.store import DataDir
    from nonotui.store.catalog import Catalog
    from nonotui.ui import ending
    from nonotui.ui.app import make_app

    data_dir = DataDir.default()
    puzzle = label = note = None
    if args.puzzle is not None:
        puzzle, label, note = Catalog(data_dir).resolve_noted(args.puzzle)
        why = kinds.open_game(puzzle).unsupported("play")
        if why is not None:
            raise UnsupportedPuzzleError(f"{label} {why}")
    app = make_app(puzzle, label, data_dir, notices=(note,) if note else ())
    # saved and the terminal restored as the app ends; the process never waits for a compile
    return ending.play(app)
