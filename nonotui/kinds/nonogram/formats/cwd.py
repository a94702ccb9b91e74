"""The ``.cwd`` format of QNonograms and Vladimir Sukhoy's solver (read and write).

The height and the width on lines of their own, then the row clues, a blank line and the column
clues; numbers separated by spaces, ``0`` for a line without blocks. Reading ignores blank lines
(so the separator is optional); an empty line must therefore be written ``0``. The format has no
metadata and no colours: writing drops the metadata, goal and saved state, and refuses colour
puzzles.
"""

from __future__ import annotations

from collections.abc import Sequence

from nonotui.errors import PuzzleFormatError
from nonotui.kinds.nonogram.formats._build import build_puzzle
from nonotui.kinds.nonogram.formats._colors import refuse_colour
from nonotui.kinds.nonogram.formats._text import head, numbered_lines, parse_numbers, too_many_lines
from nonotui.kinds.nonogram.notation import format_clue
from nonotui.kinds.nonogram.puzzle import MAX_SIZE, Axis, Puzzle

NAME = "cwd"
EXTENSIONS = (".cwd",)
WRITABLE = True
MULTI = False


def _content(text: str, path: str = "<text>") -> list[tuple[int, str]]:
    """Numbered non-blank lines; stops with an error past the most lines a puzzle can need."""
    out: list[tuple[int, str]] = []
    for n, line in numbered_lines(text):
        line = line.strip()
        if line:
            if len(out) > 2 * MAX_SIZE + 1:
                raise too_many_lines(path, n, 2 * MAX_SIZE + 2)
            out.append((n, line))
    return out


def sniff(text: str) -> bool:
    """Whether the first two lines are one number each and the rest are numbers only."""
    try:
        lines = _content(head(text))
    except PuzzleFormatError:
        return False
    return (
        len(lines) >= 2
        and all(line.isdigit() for _, line in lines[:2])
        and all(p.isdigit() for _, line in lines[2:] for p in line.split())
    )


def read(text: str, path: str) -> list[Puzzle]:
    """The one puzzle of a ``.cwd`` file."""
    lines = _content(text, path)
    if not lines:
        raise PuzzleFormatError(path, None, "the file is empty")
    size = []
    for (no, line), name in zip(lines, ("height", "width")):
        numbers = parse_numbers(line, path, no, what=name)
        if len(numbers) != 1:
            raise PuzzleFormatError(path, no, f"the {name} line must hold one number")
        if not 1 <= numbers[0] <= MAX_SIZE:
            raise PuzzleFormatError(path, no, f"{name} {numbers[0]} is outside 1 to {MAX_SIZE}")
        size.append(numbers[0])
    if len(size) < 2:
        raise PuzzleFormatError(
            path, lines[0][0], "the file ends after the height; the width must follow it"
        )
    height, width = size
    body = lines[2:]
    if len(body) != height + width:
        raise PuzzleFormatError(
            path,
            body[-1][0] if body else lines[1][0],
            f"{len(body)} clue lines where {height} rows and {width} columns need {height + width}",
        )
    clues = [
        parse_numbers(
            line,
            path,
            n,
            what=f"row {i + 1}" if i < height else f"column {i - height + 1}",
            length=width if i < height else height,
        )
        for i, (n, line) in enumerate(body)
    ]

    def line_of(axis: Axis, index: int) -> int:
        return body[index if axis == "row" else height + index][0]

    return [build_puzzle(path, line_of, None, rows=clues[:height], columns=clues[height:])]


def write(puzzles: Sequence[Puzzle]) -> str:
    """The puzzle as ``.cwd`` text; metadata is dropped, colours are refused."""
    (puzzle,) = puzzles
    if puzzle.is_color:
        raise refuse_colour(NAME)

    def clue_lines(clues: tuple[tuple[int, ...], ...]) -> list[str]:
        return [format_clue(clue) for clue in clues]

    lines = [str(puzzle.height), str(puzzle.width), *clue_lines(puzzle.rows), ""]
    lines += clue_lines(puzzle.columns)
    return "\n".join(lines) + "\n"
