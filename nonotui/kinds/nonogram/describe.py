"""What ``nonotui show`` prints for a nonogram: size, metadata, identity, clues and goal."""

from __future__ import annotations

from nonotui.kinds.nonogram.notation import format_clue
from nonotui.kinds.nonogram.puzzle import Puzzle


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
    return " ".join(f"{n}{palette[k].char}" for n, k in zip(clue, colors, strict=True))
