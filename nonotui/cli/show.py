"""``nonotui show FILE``: a puzzle's size, metadata, clues and goal picture."""

from __future__ import annotations

import argparse

from nonotui.model import Puzzle, format_clue


def register(sub: argparse._SubParsersAction) -> None:
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


def describe(puzzle: Puzzle) -> str:
    """The text ``show`` prints for one puzzle."""
    out = [f"size: {puzzle.width}x{puzzle.height} (width x height)"]
    for label, value in (
        ("title", puzzle.title),
        ("author", puzzle.author),
        ("copyright", puzzle.copyright),
        ("licence", puzzle.license),
        ("catalogue", puzzle.catalogue),
        ("description", puzzle.description),
    ):
        if value:
            out.append(f"{label}: {value}")
    if puzzle.is_color:
        colors = ", ".join(f"{c.name} ({c.char}, {c.rgb})" for c in puzzle.palette[1:])
        out.append(f"colours: {colors}")
    out.append(f"id: {puzzle.identity}")
    for axis, clues, colors_of in (
        ("rows", puzzle.rows, puzzle.row_clue_colors),
        ("columns", puzzle.columns, puzzle.column_clue_colors),
    ):
        out.append(f"{axis}:")
        for i, clue in enumerate(clues):
            out.append(f"  {i + 1:>3}: {_clue_text(puzzle, clue, colors_of(i))}")
    if puzzle.goal is not None:
        out.append("goal:")
        chars = [c.char for c in puzzle.palette] if puzzle.is_color else ["-", "#"]
        out.extend("  " + "".join(chars[v] for v in row) for row in puzzle.goal)
    return "\n".join(out)


def _clue_text(puzzle: Puzzle, clue: tuple[int, ...], colors: tuple[int, ...]) -> str:
    if not puzzle.is_color or not clue:
        return format_clue(clue)
    palette = puzzle.palette
    return " ".join(f"{n}{palette[k].char}" for n, k in zip(clue, colors))


def run(args: argparse.Namespace) -> int:
    """Print every puzzle the argument names."""
    from nonotui.store.catalog import open_puzzles

    puzzles, label = open_puzzles(args.file)
    for n, puzzle in enumerate(puzzles, start=1):
        if len(puzzles) > 1:
            print(f"{'' if n == 1 else chr(10)}== {label}#{n} (puzzle {n} of {len(puzzles)})")
        print(describe(puzzle))
    return 0
