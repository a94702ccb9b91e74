"""Jakub Wilk's ``.nin`` format (read and write).

The first line is ``WIDTH HEIGHT``; then HEIGHT lines of row clues and WIDTH lines of column clues,
numbers separated by spaces, ``0`` for an empty line. Lines starting with ``#`` are comments and
blank lines are skipped. The format has no metadata and no colours.
"""

from __future__ import annotations

from collections.abc import Sequence

from nonotui.errors import PuzzleFormatError
from nonotui.kinds.nonogram.formats._build import build_puzzle
from nonotui.kinds.nonogram.formats._colors import refuse_colour
from nonotui.kinds.nonogram.formats._text import (
    head,
    numbered_lines,
    parse_numbers,
    parse_size,
    too_many_lines,
)
from nonotui.kinds.nonogram.notation import format_clue
from nonotui.kinds.nonogram.puzzle import MAX_SIZE, Axis, Puzzle

NAME = "nin"
EXTENSIONS = (".nin",)
WRITABLE = True
MULTI = False


def _content(text: str, path: str = "<text>") -> list[tuple[int, str]]:
    """Numbered non-blank lines without comments; stops with an error past the most lines a
    puzzle can need (the size line and a clue per row and column)."""
    out: list[tuple[int, str]] = []
    for n, line in numbered_lines(text):
        line = line.strip()
        if line and not line.startswith("#"):
            if len(out) > 2 * MAX_SIZE:
                raise too_many_lines(path, n, 2 * MAX_SIZE + 1)
            out.append((n, line))
    return out


def sniff(text: str) -> bool:
    """Whether the first content line is two whole numbers and the rest are numbers only."""
    try:
        lines = _content(head(text))
    except PuzzleFormatError:
        return False
    if not lines:
        return False
    first = lines[0][1].split()
    return (
        len(first) == 2
        and all(p.isdigit() for p in first)
        and all(p.isdigit() for _, line in lines[1:] for p in line.split())
    )


def read(text: str, path: str) -> list[Puzzle]:
    """The one puzzle of a ``.nin`` file."""
    lines = _content(text, path)
    if not lines:
        raise PuzzleFormatError(path, None, "the file is empty")
    first_no, first = lines[0]
    width, height = parse_size(first, path, first_no, ("width", "height"))
    body = lines[1:]
    if len(body) != height + width:
        raise PuzzleFormatError(
            path,
            body[-1][0] if body else first_no,
            f"{len(body)} clue lines where {height} rows and {width} columns need "
            f"{height + width}",
        )
    clues = [
        parse_numbers(line, path, n, length=width if i < height else height)
        for i, (n, line) in enumerate(body)
    ]

    def line_of(axis: Axis, index: int) -> int:
        return body[index if axis == "row" else height + index][0]

    return [build_puzzle(path, line_of, first_no, rows=clues[:height], columns=clues[height:])]


def write(puzzles: Sequence[Puzzle]) -> str:
    """The puzzle as ``.nin`` text; metadata is dropped, colours are refused."""
    (puzzle,) = puzzles
    if puzzle.is_color:
        raise refuse_colour(NAME)
    lines = [f"{puzzle.width} {puzzle.height}"]
    lines += [format_clue(clue) for clue in puzzle.rows + puzzle.columns]
    return "\n".join(lines) + "\n"
