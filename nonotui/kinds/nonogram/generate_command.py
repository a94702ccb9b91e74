"""``nonotui generate WxH [--grade G] [--colors N] [--seed N] [--count K] [--symmetry S]
[--density P] [-o FILE]``: new
puzzles from :mod:`nonotui.kinds.nonogram.generate`, a subcommand only nonograms have.

Without ``-o`` the puzzles are printed as ``.non`` text (a bundle separated by ``====`` lines);
with ``-o FILE`` the file's extension picks the format, and several puzzles need a format that
holds several. Each puzzle's id (``gen1:...``) is in its ``catalogue`` field and is printed on
standard error, one per line; when a graded recipe settles for the nearest grade it reached,
a line ``asked for grade 5, made grade 4 (nearest within budget)`` follows its id. Exit codes as
every command's: 1 for a recipe the generator
cannot make within its budgets, 2 for a malformed command line or a size or density out of
range.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path
from typing import Any

from nonotui.errors import EXIT_OK, EXIT_USAGE, quote
from nonotui.model import files

_SIZE = re.compile(r"^(\d+)x(\d+)$")


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``generate`` subcommand."""
    from nonotui.kinds.nonogram.generate import (
        DEFAULT_DENSITY,
        GRADE_DENSITY,
        MAX_COLORS,
        MAX_DENSITY,
        MAX_SIZE,
        MIN_DENSITY,
        MIN_SIZE,
        SYMMETRIES,
    )

    parser = subparsers.add_parser(
        "generate",
        help="make new puzzles with exactly one solution",
        description="Make puzzles of WIDTHxHEIGHT cells from a smoothed random picture, each "
        "proven to have exactly one solution; grades 1 to 3 (and the default, any grade) are "
        "solvable by line logic alone, 4 and 5 need contradictions. The same "
        "options and seed give the same puzzle on every machine; each puzzle's id "
        "(gen1:WxH:gG:SYM:dP:SEED, with cN before the seed for N colours, printed on standard "
        "error) can be given to play, show, solve and convert in place of a file.",
        epilog="Grades: 1 simple boxes and spaces only, 2 other single-line techniques, 3 "
        "whole-line reasoning, 4 short contradictions, 5 longer ones (docs/solver.md). When "
        "the grade asked for is not reached within the generator's budgets, the nearest one "
        "reached is made and said on standard error; the id still gives that same puzzle. "
        "Exit code 2: a malformed command line or a size, grade or density out of range.",
    )
    parser.add_argument("size", metavar="WxH",
                        help=f"width x height, each from {MIN_SIZE} to {MAX_SIZE}, e.g. 15x15")
    parser.add_argument("--grade", type=int, default=0, metavar="G",
                        help="the difficulty, 1 (easiest) to 5; default 0: any grade, "
                        "solvable by line logic alone")
    parser.add_argument("--colors", type=int, default=1, metavar="N",
                        help=f"block colours, 1 (black and white, the default) to {MAX_COLORS}: "
                        "a colour puzzle, proven unique by the solver's search but not "
                        "necessarily solvable by line logic alone; no --grade with colours")
    parser.add_argument("--seed", type=int, metavar="N",
                        help="the first puzzle's seed (default: a random one); the others "
                        "take N+1, N+2, ...")
    parser.add_argument("--count", type=int, default=1, metavar="K",
                        help="how many puzzles (default 1)")
    parser.add_argument("--symmetry", choices=SYMMETRIES, default="none",
                        help="horizontal: mirrored left to right; vertical: top to bottom")
    by_grade = ", ".join(f"{d} at grade {g}" for g, d in GRADE_DENSITY.items())
    parser.add_argument("--density", type=int, metavar="P",
                        help=f"percent of filled cells, {MIN_DENSITY} to {MAX_DENSITY} "
                        f"(default {DEFAULT_DENSITY}; {by_grade}: denser pictures are easier)")
    parser.add_argument("-o", "--output", metavar="FILE",
                        help="write to FILE, in the format its extension names (default: "
                        ".non text on standard output)")
    parser.add_argument("--from", dest="image", metavar="IMAGE",
                        help="make one puzzle of the picture IMAGE (PNG, JPEG, ...; needs "
                        "Pillow: pip install 'nonotui[images]') instead of a random one")
    parser.set_defaults(func=run)


def usage(message: str) -> int:
    """Say a usage error of ``generate`` on standard error; returns its exit code."""
    print(f"nonotui generate: {message}", file=sys.stderr)
    return EXIT_USAGE


_MAX_DIGITS = 6
"""A side of more digits is over any size (and Python will not even read one of 5,000)."""


def parse_size(text: str) -> tuple[int, int] | None:
    """``(width, height)`` of a ``WxH`` argument, ``None`` when it is not of that form or a side
    has more than six digits (:func:`bad_size` says which)."""
    match = _SIZE.match(text.strip().lower())
    if match is None or max(len(match[1]), len(match[2])) > _MAX_DIGITS:
        return None
    return int(match[1]), int(match[2])


def bad_size(text: str) -> int:
    """The usage error of a size argument :func:`parse_size` refused: not ``WxH``, or a side
    over the limit."""
    from nonotui.kinds.nonogram.generate import MAX_SIZE, MIN_SIZE

    match = _SIZE.match(text.strip().lower())
    if match is not None:
        for name, side in (("width", match[1]), ("height", match[2])):
            if len(side) > _MAX_DIGITS:
                return usage(f"the {name} must be from {MIN_SIZE} to {MAX_SIZE}, not "
                             f"{quote(side, 20)}")
    return usage(f"the size must be WIDTHxHEIGHT, such as 15x15, not {quote(text, 40)}")


def output_format(output: str | None) -> tuple[str, Any] | None:
    """The format the puzzles go out in: ``("non", None)`` for standard output, else the name
    and format module of ``output``'s extension; ``None`` when it names no writable format
    (:func:`bad_output` says so)."""
    from nonotui.kinds.nonogram import formats

    if output is None:
        return "non", None
    found = formats.format_for_extension(output)
    if found is None or not found.WRITABLE:
        return None
    return found.NAME, found


def bad_output(output: str) -> int:
    """The usage error of an ``-o FILE`` :func:`output_format` refused."""
    from nonotui.kinds.nonogram import formats

    return usage(f"cannot tell a writable format from {output!r}; use an "
                 f"extension of one of: {', '.join(formats.WRITABLE)}")


def write_out(text: str, output: str | None) -> None:
    """Puzzle text to standard output, or atomically to ``output``."""
    if output is None:
        sys.stdout.write(text)
    else:
        files.write_text(Path(output), text)


def run(args: argparse.Namespace) -> int:
    """Generate and write the puzzles; returns the exit code."""
    from nonotui.kinds.nonogram import formats
    from nonotui.kinds.nonogram.generate import (
        DEFAULT_DENSITY,
        GRADE_DENSITY,
        MAX_SEED,
        GeneratorError,
        Recipe,
        generate,
    )

    if args.image is not None:
        from nonotui.kinds.nonogram import picture_command
        return picture_command.run(args)
    size = parse_size(args.size)
    if size is None:
        return bad_size(args.size)
    if args.count < 1:
        return usage("--count must be at least 1")
    chosen = output_format(args.output)
    if chosen is None:
        return bad_output(args.output)
    fmt, found = chosen
    if found is not None and args.count > 1 and not found.MULTI:
        return usage(f"the {fmt} format holds one puzzle, so --count {args.count} cannot go "
                     "into one file; choose a format that holds several, such as .non")
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
    if not 0 <= seed <= MAX_SEED - (args.count - 1):
        return usage(f"--seed must be from 0 to {MAX_SEED - (args.count - 1)}")
    width, height = size
    density = args.density
    if density is None:
        density = GRADE_DENSITY.get(args.grade, DEFAULT_DENSITY)
    recipes = [Recipe(width, height, seed + k, args.symmetry, density, args.grade, args.colors)
               for k in range(args.count)]
    try:
        recipes[0].check()  # a bad size or density is said before any work
    except GeneratorError as exc:
        return usage(exc.problem)
    puzzles = []
    for recipe in recipes:
        made = generate(recipe)
        puzzles.append(made.puzzle)
        print(recipe.id, file=sys.stderr, flush=True)
        if recipe.grade and made.grade != recipe.grade:
            print(f"asked for grade {recipe.grade}, made grade {made.grade} (nearest within "
                  "budget)", file=sys.stderr, flush=True)
    write_out(formats.dump(puzzles, fmt), args.output)
    return EXIT_OK


