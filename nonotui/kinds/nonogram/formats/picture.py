"""A plain picture, for puzzle authors (read and write).

One line per row: ``#`` for a filled cell, ``.`` or ``-`` for an empty one. Blank lines before
and after the picture and white space at the ends of lines are ignored; anything else is an error.
The clues are derived from the picture, which is kept as the puzzle's goal. The format holds no
metadata and no colours; writing needs a goal (the picture) and refuses colour puzzles.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from nonotui.errors import PuzzleFormatError, UnsupportedPuzzleError
from nonotui.kinds.nonogram.formats._colors import refuse_colour
from nonotui.kinds.nonogram.formats._text import head, numbered_lines
from nonotui.kinds.nonogram.puzzle import MAX_SIZE, Puzzle

NAME = "picture"
EXTENSIONS = (".pic",)
WRITABLE = True
MULTI = False

_CELLS = {"#": 1, ".": 0, "-": 0}


_NOT_A_CELL = re.compile(r"[^#.\-]")


def _rows(text: str, path: str = "<text>") -> list[tuple[int, str]]:
    """The numbered lines from the first non-blank one to the last, right-stripped; more than
    :data:`MAX_SIZE` of them stop the reading there."""
    text = text.rstrip()
    rows: list[tuple[int, str]] = []
    for n, line in numbered_lines(text):
        line = line.rstrip()
        if not rows and not line:
            continue
        if len(rows) == MAX_SIZE:
            raise PuzzleFormatError(
                path, n, f"more than {MAX_SIZE} rows: a picture is at most {MAX_SIZE}x{MAX_SIZE}"
            )
        rows.append((n, line))
    return rows


def sniff(text: str) -> bool:
    """Whether every line is made of ``#``, ``.`` and ``-`` only."""
    try:
        rows = _rows(head(text, MAX_SIZE))
    except PuzzleFormatError:
        return False
    return bool(rows) and all(line and not _NOT_A_CELL.search(line) for _, line in rows)


def read(text: str, path: str) -> list[Puzzle]:
    """The puzzle whose goal is the picture."""
    rows = _rows(text, path)
    if not rows:
        raise PuzzleFormatError(path, None, "the file is empty")
    width = len(rows[0][1])
    if len(rows) > MAX_SIZE or width > MAX_SIZE:
        raise PuzzleFormatError(
            path,
            None,
            f"a picture of {width:,}x{len(rows)} cells is larger than {MAX_SIZE}x{MAX_SIZE}",
        )
    picture = []
    for no, line in rows:
        if not line:
            raise PuzzleFormatError(path, no, "a blank line inside the picture")
        bad = _NOT_A_CELL.search(line)
        if bad is not None:
            raise PuzzleFormatError(
                path,
                no,
                f"column {bad.start() + 1:,}: {bad.group()!r} is not # (filled), . or - (empty)",
            )
        if len(line) != width:
            raise PuzzleFormatError(
                path, no, f"this row has {len(line):,} cells, the first row has {width}"
            )
        picture.append([_CELLS[c] for c in line])
    return [Puzzle.from_picture(picture)]


def write(puzzles: Sequence[Puzzle]) -> str:
    """The goal picture as rows of ``#`` and ``.``."""
    (puzzle,) = puzzles
    if puzzle.is_color:
        raise refuse_colour(NAME)
    if puzzle.goal is None:
        raise UnsupportedPuzzleError(
            "the picture format needs the puzzle's goal picture, and this puzzle has none"
        )
    return "".join("".join("#" if v else "." for v in row) + "\n" for row in puzzle.goal)
