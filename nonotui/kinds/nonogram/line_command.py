"""``nonotui line CLUE LINE``, a subcommand only nonograms have: solve one line with each linesolver and time it.

One row per linesolver, tab-separated: its name, the resulting line (or ``contradiction``) and the
microseconds one call takes, as in seed 001's closing table. ``--json`` prints the same as a list
of ``{"method", "result", "microseconds"}`` with ``result`` null on a contradiction. The exit code
is 3 when the line is inconsistent with its clue, 1 for a malformed clue or line.

A colour clue (``2r 1b`` or ``2:red 1:blue``) solves a colour line: letters and names resolve
against ``--puzzle FILE``'s palette, or without it against
:data:`~nonotui.kinds.nonogram.colour_notation.DEFAULT_PALETTE`; the line is written with the
colours' letters (:mod:`~nonotui.kinds.nonogram.colour_notation`), and ``--json`` adds
``"values"``, each cell's allowed values by name.
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from nonotui.errors import EXIT_CONTRADICTION, EXIT_OK, NonotuiError, NotationError

if TYPE_CHECKING:
    from nonotui.kinds.nonogram.puzzle import Color

# The names are spelled out rather than imported from the engine, so that building the parser
# (for any subcommand, or --help) does not import numba; a test keeps them in step.
METHODS = ("fast", "complete", "fcomp", "olsak")


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``line`` subcommand."""
    parser = subparsers.add_parser(
        "line",
        help="solve one line with each linesolver and time it",
        description="Solve one line with the linesolvers (all four unless --method is given) "
        "and print, for each, the resulting line and the microseconds one call takes.",
        epilog="complete enumerates every arrangement and can take very long on long lines "
        "with many blocks. A LINE may start with '-'; '--' before CLUE also works. "
        "Exit code 3: the line contradicts its clue.",
    )
    parser.add_argument(
        "clue", metavar="CLUE", help='block lengths, e.g. "9 1 1 1" or 9,1,1,1; 0 for none; '
        'in colour, each with its colour: "2r 1b" or "2:red 1:blue"'
    )
    parser.add_argument(
        "line",
        metavar="LINE",
        help="the cells: # filled, - or . empty, ? (or + or a space) unknown; in colour, "
        "the colours' letters, and [-r] for a cell that may be empty or red",
    )
    parser.add_argument(
        "--puzzle", metavar="FILE",
        help="read colour letters and names against this puzzle file's palette (default: white "
        "background; k black, r red, g green, b blue, y yellow, o orange, p purple, c cyan, "
        "m magenta, n brown)",
    )
    parser.add_argument(
        "--method",
        "-m",
        action="append",
        choices=METHODS,
        metavar="NAME",
        help=f"a linesolver to run ({', '.join(METHODS)}); repeat for several, in that order",
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.set_defaults(func=run)
    # Seed 001's line starts with dots ("-----???"), which argparse would take for an option.
    # argparse already treats what looks like a negative number as a positional argument; let it
    # treat a word made only of line notation the same way. This leans on an argparse internal:
    # should it disappear, such a line merely needs the "--" that the epilog documents.
    parser._negative_number_matcher = _LINE_LIKE


_LINE_LIKE = re.compile(r"^-[-#?.+ ]+$|^-\d+$|^-\d*\.\d+$|^-(?!-?[a-z]+$)[-#?.+ \[\]A-Za-z]+$")
"""A notation line starting with '-' (a colour line too, unless it reads like an option such
as ``-m`` or ``--json``), or what argparse itself counts as a negative number."""


def run(args: argparse.Namespace) -> int:
    """Solve and time the line with each chosen linesolver; returns the exit code."""
    import nonotui.kinds.nonogram.engine.calls as calls
    import nonotui.kinds.nonogram.engine.lines as lines
    from nonotui.kinds.nonogram.notation import format_line

    palette = _palette(args)
    colors = None
    if palette is None:
        blocks = lines.clue_array(args.clue)
        cells = lines.line_array(args.line)
    else:
        from nonotui.kinds.nonogram import colour_notation as cn

        blocks, colors = cn.clue_arrays(*cn.parse_colour_clue(args.clue, palette))
        cells = cn.parse_colour_line(args.line, palette)
        if not len(cells):
            raise NotationError("a line needs at least one cell")
    names = list(dict.fromkeys(args.method or METHODS))  # repeated names run once
    rows = []
    for name in names:
        status, out, microseconds = lines.time_cells(lines.get(name), blocks, cells,
                                                     colors=colors)
        if status == calls.REFUSED:
            raise NonotuiError(f"{name} cannot solve this line (block colours it refuses)")
        row: dict[str, object] = {"method": name}
        if status == calls.CONTRADICTION:
            result = None
        elif palette is None:
            result = format_line(out)
        else:
            result = cn.format_colour_line(out, palette)
            row["values"] = [cn.value_names(int(v), palette) for v in out]
        row.update(result=result, microseconds=round(microseconds, 3))
        rows.append(row)
        if not args.json:
            # row by row, so that complete, exponential on long lines, does not hold back the rest
            shown = result if result is not None else "contradiction"
            print(f"{name}\t{shown}\t{microseconds:.3f}", flush=True)
    if args.json:
        print(json.dumps(rows))
    return EXIT_CONTRADICTION if any(row["result"] is None for row in rows) else EXIT_OK


def _palette(args: argparse.Namespace) -> Sequence[Color] | None:
    """The palette colour letters resolve against, or ``None`` for a black-and-white line: the
    ``--puzzle``'s when it is a colour puzzle, else the default one when the clue names
    colours."""
    from nonotui.kinds.nonogram.colour_notation import DEFAULT_PALETTE, is_colour_clue

    if args.puzzle is not None:
        from nonotui.kinds.nonogram.formats import load

        puzzle = load(args.puzzle)  # the palette of its first puzzle
        if puzzle.is_color:
            return puzzle.palette
    if is_colour_clue(args.clue):
        return DEFAULT_PALETTE
    return None
