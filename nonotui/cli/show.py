"""``nonotui show FILE``: a puzzle's size, metadata, clues and goal picture."""

from __future__ import annotations

import argparse

from nonotui import kinds


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``show`` subcommand."""
    p = sub.add_parser(
        "show",
        help="print a puzzle's size, metadata, clues and goal picture",
        description="Print a puzzle's size, metadata, clues and goal picture. A file holding "
        "several puzzles shows each; FILE#N shows the N-th.",
    )
    p.add_argument("file", metavar="FILE",
                   help="puzzle file, FILE#N, a Tatham game id or a bundled puzzle's name")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Print every puzzle the argument names."""
    from nonotui.store.catalog import open_puzzles

    puzzles, label = open_puzzles(args.file)
    for n, puzzle in enumerate(puzzles, start=1):
        if len(puzzles) > 1:
            print(f"{'' if n == 1 else chr(10)}== {label}#{n} (puzzle {n} of {len(puzzles)})")
        print(kinds.open_game(puzzle).describe())
    return 0
