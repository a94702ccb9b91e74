"""``nonotui generate WxH [--kind KIND] [--grade G] [--seed N] [--count K] [-o FILE]``: new
puzzles of any kind that makes them, through its make capability
(:meth:`~nonotui.model.kind.Kind.new_puzzle`), with the kind's own options
(:meth:`~nonotui.model.kind.Kind.add_options` for ``generate``: a nonogram's ``--colors``,
``--symmetry``, ``--density`` and ``--from IMAGE``).

Puzzles go to standard output in the kind's first writable format (a bundle when there are
several), or to ``-o FILE`` in the format its extension names. For each puzzle, standard error
has what names it again in place of a file (a generator id such as
``gen2:15x15:g0:nosym:d55:42``), then the kind's note when there is one (a grade not reached,
the cells a picture's puzzle changed). Exit codes: 2 for a malformed command line or a request
out of range (a size, grade, density or seed), 1 for a request the kind cannot make.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path
from typing import Any

from nonotui import kinds
from nonotui.errors import EXIT_OK, EXIT_USAGE, NonotuiError, RequestError, quote
from nonotui.model import files
from nonotui.model.kind import Kind, PuzzleFormat, PuzzleRequest

_SIZE = re.compile(r"^(\d+)x(\d+)$")
_MAX_DIGITS = 9
"""A side of more digits is over any kind's size (and Python will not even read one of 5,000):
said here; a shorter one is the kind's to check, and it says its limit."""
MAX_SEED = 2**64 - 1
"""The largest seed any kind is given (a kind may take fewer: it says its own limit)."""


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``generate`` subcommand, with every making kind's own options."""
    making = kinds.makers()
    default = making[0].name if making else None
    parser = sub.add_parser(
        "generate",
        help="make new puzzles with exactly one solution",
        description="Make puzzles of WIDTHxHEIGHT cells, each proven to have exactly one "
        "solution. The same options and seed give the same puzzle on every machine; what "
        "names each puzzle again (a generator id, printed on standard error) can be given to "
        "play, show, solve and convert in place of a file.",
        epilog="Grades: 1 (easiest) to 5, as `nonotui rate` says them (docs/solver.md). When "
        "the grade asked for is not reached within the generator's budgets, the nearest one "
        "reached is made and said on standard error; the id still gives that same puzzle. "
        "Exit code 2: a malformed command line or a size, grade, density or seed out of range; "
        "1: a puzzle the kind cannot make.",
    )
    parser.add_argument("size", metavar="WxH", help="width x height, e.g. 15x15")
    parser.add_argument("--kind", choices=[k.name for k in making], default=default,
                        help=f"the kind of puzzle (default: {default})")
    parser.add_argument("--grade", type=int, default=0, metavar="G",
                        help="the difficulty, 1 (easiest) to 5; default 0: any grade")
    parser.add_argument("--seed", type=int, metavar="N",
                        help="the first puzzle's seed (default: a random one); the others "
                        "take N+1, N+2, ...")
    parser.add_argument("--count", type=int, default=1, metavar="K",
                        help="how many puzzles (default 1)")
    parser.add_argument("-o", "--output", metavar="FILE",
                        help="write to FILE, in the format its extension names (default: the "
                        "kind's own format on standard output)")
    for kind in making:
        kind.add_options("generate", parser)
    parser.set_defaults(func=run)


def usage(message: str) -> int:
    """Say a usage error of ``generate`` on standard error; returns its exit code."""
    print(f"nonotui generate: {message}", file=sys.stderr)
    return EXIT_USAGE


def run(args: argparse.Namespace) -> int:
    """Make ``--count`` puzzles of ``--kind`` and write them; returns the exit code.

    Raises:
        NonotuiError: the kind cannot make this puzzle (said in one line, exit 1).
    """
    if args.kind is None:
        raise NonotuiError("no puzzle kind installed makes puzzles")
    kind = kinds.get(args.kind)
    match = _SIZE.match(args.size.strip().lower())
    if match is None:
        return usage(f"the size must be WIDTHxHEIGHT, such as 10x10, not {quote(args.size, 40)}")
    for name, side in (("width", match[1]), ("height", match[2])):
        if len(side) > _MAX_DIGITS:
            return usage(f"the {name} {quote(side, 20)} is over the largest {kind.title} "
                         "puzzle (try 10x10)")
    if args.count < 1:
        return usage("--count must be at least 1")
    try:
        options = kind.make_options(args)
        for other in kinds.makers():
            given = other.make_options(args) if other is not kind else {}
            if given:
                return usage(f"{other.title} options given ({', '.join(given)}) with --kind "
                             f"{kind.name}")
    except NonotuiError as exc:
        return usage(exc.message)
    fmt = _output_format(kind, args.output)
    if isinstance(fmt, str):
        return usage(fmt)
    if args.count > 1 and not fmt.multi:
        return usage(f"the {fmt.name} format holds one puzzle, so --count {args.count} cannot "
                     "go into one file; choose a format that holds several")
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
    if not 0 <= seed <= MAX_SEED - (args.count - 1):
        return usage(f"--seed must be from 0 to {MAX_SEED - (args.count - 1)}")
    width, height = int(match[1]), int(match[2])
    puzzles = []
    for k in range(args.count):
        request = PuzzleRequest(width, height, args.grade, seed=seed + k, options=options)
        try:
            made = kind.new_puzzle(request)
        except RequestError as exc:
            return usage(exc.problem)
        puzzles.append(made.puzzle)
        for line in (made.spec, made.note):
            if line:
                print(line, file=sys.stderr, flush=True)
    text = kinds.dump(puzzles, fmt.name)
    if args.output is None:
        sys.stdout.write(text)
    else:
        files.write_text(Path(args.output), text)
    return EXIT_OK


def _output_format(kind: Kind[Any], output: str | None) -> PuzzleFormat | str:
    """The format the puzzles go out in: ``output``'s extension's, else the kind's first
    writable one; the usage error's words when there is none."""
    writable = [f for f in kind.formats() if f.writable and f.extensions]
    if output is None:
        return writable[0] if writable else f"{kind.title} puzzles cannot be written to a file"
    name = output.lower()
    found = next((f for f in writable if any(name.endswith(e) for e in f.extensions)), None)
    if found is None:
        known = ", ".join(e for f in writable for e in f.extensions)
        return f"cannot tell a writable format from {output!r}; use an extension of one of: " \
               f"{known}"
    return found


__all__ = ["MAX_SEED", "register", "run", "usage"]
