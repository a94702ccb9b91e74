"""``nonotui share FILE``: a puzzle as a share code, one line of text that holds all of it."""

from __future__ import annotations

import argparse
import json


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``share`` subcommand."""
    p = sub.add_parser(
        "share",
        help="print a puzzle as a share code that nonotui play takes like a file",
        description="Print each puzzle the argument names as a share code: nonotui:1: and "
        "the puzzle's clues, colours, picture, title and author in one line of text, which "
        "nonotui play (and every command that takes a FILE, and the library's Open) reads "
        "like a file. A file holding several puzzles prints one code a line; FILE#N the "
        "N-th.",
        epilog="Exit code 0 when every code was printed, 1 for bad input or a kind without "
        "share codes.",
    )
    p.add_argument("file", metavar="FILE",
                   help="puzzle file, FILE#N, an id, a share code or a bundled puzzle's name")
    p.add_argument("--json", action="store_true",
                   help='print a list of {"file", "identity", "code"}, one per puzzle')
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Print the code of every puzzle the argument names."""
    from nonotui import kinds
    from nonotui.store.catalog import open_puzzles

    puzzles, label = open_puzzles(args.file)
    codes = [kinds.share_code(p) for p in puzzles]  # every one first: a refusal prints nothing
    if args.json:
        names = [label if len(puzzles) == 1 else f"{label}#{n}"
                 for n in range(1, len(puzzles) + 1)]
        print(json.dumps([{"file": name, "identity": p.identity, "code": code}
                          for name, p, code in zip(names, puzzles, codes)]))
    else:
        print("\n".join(codes))
    return 0
