"""Petr Olšák's ``.mk`` format (read and write).

The first line is ``HEIGHT WIDTH``; then the row clues, a line holding only ``#``, and the column
clues; numbers separated by spaces, ``0`` for a line without blocks. Other lines that start with
``#`` are comments and blank lines are skipped (so an empty line must be written ``0``). The format
has no metadata and no colours: writing drops the metadata, goal and saved state, and refuses
colour puzzles.
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

NAME = "mk"
EXTENSIONS = (".mk",)
WRITABLE = True
MULTI = False

SEPARATOR = "#"


def _content(text: str, path: str = "<text>") -> list[tuple[int, str]]:
    """Numbered non-blank lines without comments; the ``#`` separator is kept. Stops with an
    error past the most lines a puzzle can need."""
    out: list[tuple[int, str]] = []
    for n, line in numbered_lines(text):
        line = line.strip()
        if line and (line == SEPARATOR or not line.startswith("#")):
            if len(out) > 2 * MAX_SIZE + 1:
                raise too_many_lines(path, n, 2 * MAX_SIZE + 2)
            out.append((n, line))
    return out


def sniff(text: str) -> bool:
    """Whether the first line is two numbers, a ``#`` line follows, and the rest are numbers."""
    try:
        lines = _content(head(text))
    except PuzzleFormatError:
        return False
    if not lines or SEPARATOR not in (line for _, line in lines):
        return False
    first = lines[0][1].split()
    rest = [line for _, line in lines[1:] if line != SEPARATOR]
    return len(first) == 2 and all(
        p.isdigit() for p in first + [w for r in rest for w in r.split()]
    )


def read(text: str, path: str) -> list[Puzzle]:
    """The one puzzle of a ``.mk`` file."""
    lines = _content(text, path)
    if not lines:
        raise PuzzleFormatError(path, None, "the file is empty")
    first_no, first = lines[0]
    height, width = parse_size(first, path, first_no, ("height", "width"))
    body = lines[1:]
    split = next((i for i, (_, line) in enumerate(body) if line == SEPARATOR), None)
    if split is None:
        raise PuzzleFormatError(
            path, None, "no line '#' separates the row clues from the column clues"
        )
    row_lines, column_lines = body[:split], body[split + 1 :]
    if len(row_lines) != height:
        raise PuzzleFormatError(
            path,
            body[split][0],
            f"{len(row_lines)} row clues before '#' where the height needs {height}",
        )
    if len(column_lines) != width:
        last = column_lines[-1][0] if column_lines else body[split][0]
        raise PuzzleFormatError(
            path, last, f"{len(column_lines)} column clues after '#' where the width needs {width}"
        )
    rows = [
        parse_numbers(line, path, n, what=f"row {i + 1}", length=width)
        for i, (n, line) in enumerate(row_lines)
    ]
    columns = [
        parse_numbers(line, path, n, what=f"column {i + 1}", length=height)
        for i, (n, line) in enumerate(column_lines)
    ]

    def line_of(axis: Axis, index: int) -> int:
        return (row_lines if axis == "row" else column_lines)[index][0]

    return [build_puzzle(path, line_of, None, rows=rows, columns=columns)]


def write(puzzles: Sequence[Puzzle]) -> str:
    """The puzzle as ``.mk`` text; metadata is dropped, colours are refused."""
    (puzzle,) = puzzles
    if puzzle.is_color:
        raise refuse_colour(NAME)

    def clue_lines(clues: tuple[tuple[int, ...], ...]) -> list[str]:
        return [format_clue(clue) for clue in clues]

    lines = [f"{puzzle.height} {puzzle.width}", *clue_lines(puzzle.rows), SEPARATOR]
    lines += clue_lines(puzzle.columns)
    return "\n".join(lines) + "\n"
