"""``nonotui generate --kind KIND WxH [--grade G] [--seed N] [--count K] [-o FILE]``: new puzzles
of any kind that makes them, through the ``Kind`` protocol (:meth:`~nonotui.model.kind.Kind.
new_puzzle`).

The ``generate`` subcommand belongs to the kind that registers it (nonograms, with their own
options); this module adds ``--kind`` to it, and runs every other kind's request here. Puzzles
go to standard output in the kind's first writable format, or to ``-o FILE`` in the format its
extension names; each puzzle's title is printed on standard error, with the kind's note when
the puzzle differs from the request (a grade not reached). Exit codes as every command's: 2 for
a malformed command line, 1 for a request the kind cannot make.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from nonotui import kinds
from nonotui.errors import EXIT_OK, EXIT_USAGE, NonotuiError, quote
from nonotui.model import files
from nonotui.model.kind import PuzzleRequest

_SIZE = re.compile(r"^(\d+)x(\d+)$")
_MAX_DIGITS = 9
"""A side of more digits is over any kind's size (and Python will not even read one of 5,000):
said here; a shorter one is the kind's to check, and it says its limit."""
MAX_SEED = 2**32 - 1


def add_kind_option(sub: Any, owner: str) -> None:
    """Give the ``generate`` subcommand of kind ``owner`` a ``--kind`` option; any other kind's
    request runs :func:`run`."""
    parser = sub.choices.get("generate")
    if parser is None:
        return
    parser.add_argument("--kind", choices=kinds.names(), default=owner,
                        help=f"the kind of puzzle (default: {owner}); with another kind only "
                        "WxH, --grade, --seed, --count and -o apply")
    own: Callable[[argparse.Namespace], int] = parser.get_default("func")

    def dispatch(args: argparse.Namespace) -> int:
        return own(args) if args.kind == owner else run(args)

    parser.set_defaults(func=dispatch)


def _usage(message: str) -> int:
    print(f"nonotui generate: {message}", file=sys.stderr)
    return EXIT_USAGE


def run(args: argparse.Namespace) -> int:
    """Make ``--count`` puzzles of ``--kind`` and write them; returns the exit code.

    Raises:
        NonotuiError: the kind cannot make this puzzle (said in one line, exit 1).
    """
    kind = kinds.get(args.kind)
    match = _SIZE.match(args.size.strip().lower())
    if match is None:
        return _usage(f"the size must be WIDTHxHEIGHT, such as 10x10, not {quote(args.size)}")
    for name, side in (("width", match[1]), ("height", match[2])):
        if len(side) > _MAX_DIGITS:
            return _usage(f"the {name} {quote(side, 20)} is over the largest {kind.title} "
                          "puzzle (try 10x10)")
    count = getattr(args, "count", 1)
    if count < 1:
        return _usage("--count must be at least 1")
    output = getattr(args, "output", None)
    fmt = None
    if output is not None:
        found = kinds.format_for_extension(output)
        if found is None or found[0] is not kind or not found[1].writable:
            return _usage(f"cannot tell a writable {kind.title} format from {output!r}")
        fmt = found[1]
    else:
        fmt = next((f for f in kind.formats() if f.writable and f.extensions), None)
        if fmt is None:
            raise NonotuiError(f"{kind.title} puzzles cannot be written to a file")
    if count > 1 and not fmt.multi:
        return _usage(f"the {fmt.name} format holds one puzzle, so --count {count} needs "
                      "one run per puzzle")
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
    if not 0 <= seed <= MAX_SEED - (count - 1):
        return _usage(f"--seed must be from 0 to {MAX_SEED - (count - 1)}")
    width, height = int(match[1]), int(match[2])
    puzzles = []
    for k in range(count):
        made = kind.new_puzzle(PuzzleRequest(width, height, args.grade, "none", seed + k))
        puzzles.append(made.puzzle)
        print(getattr(made.puzzle, "title", None) or f"seed {seed + k}", file=sys.stderr,
              flush=True)
        if made.note:
            print(made.note, file=sys.stderr, flush=True)
    text = kinds.dump(puzzles, fmt.name)
    if output is None:
        sys.stdout.write(text)
    else:
        files.write_text(Path(output), text)
    return EXIT_OK
