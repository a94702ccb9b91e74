"""Game ids of Simon Tatham's Pattern (read and write).

An id is ``WxH:`` followed by the W column clues and then the H row clues, separated by ``/``; the
numbers of a clue are joined by ``.`` and an empty clue is empty (``0`` is read as empty too), as
in ``4x4:2/1/2/1/1.1/2/1/1``. An optional suffix after ``,`` gives cells as clues, run-length
encoded: each letter skips as many cells as its distance from ``a`` (``a`` 0, ``y`` 24) and then
gives the next cell, filled for a capital and empty for a small letter; ``z`` skips 25 cells and
gives none. nonotui reads the given cells as the puzzle's saved state and writes a saved state
back the same way. Everything else (metadata, goal) is dropped on writing; colour puzzles are
refused. Pattern itself wants at least 2 cells; nonotui also writes 1x1 ids.

Any command accepts an id in place of a file, and a ``.txt`` file holding one id on one line is
read as that id.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from nonotui.errors import PuzzleFormatError, quote
from nonotui.kinds.nonogram.formats._build import build_puzzle
from nonotui.kinds.nonogram.formats._colors import refuse_colour
from nonotui.kinds.nonogram.formats._text import clue_words
from nonotui.kinds.nonogram.puzzle import MAX_SIZE, Puzzle
from nonotui.model import EMPTY, FILLED, UNKNOWN

NAME = "tatham"
EXTENSIONS = (".txt",)
WRITABLE = True
MULTI = False

_PREFIX = re.compile(r"^(\d+)x(\d+):")
_RUN = 25
"""A ``z`` skips this many cells; shorter runs end with a given cell."""


def looks_like_id(spec: str) -> bool:
    """Whether ``spec`` starts like a game id (``WxH:``), so it is not taken for a file name."""
    return bool(_PREFIX.match(spec.strip()))


def sniff(text: str) -> bool:
    """Whether the text is a game id on one line."""
    stripped = text.strip()
    return "\n" not in stripped and looks_like_id(stripped)


_CONTENT_LINE = re.compile(r"^[^\S\n]*\S.*$", re.MULTILINE)
"""A line that is not blank: found by the regular expression engine, so a million blank lines
cost next to nothing."""


def read(text: str, path: str) -> list[Puzzle]:
    """The puzzle of a game id, given directly or as the one line of a file."""
    found = _CONTENT_LINE.finditer(text)
    first = next(found, None)
    if first is None:
        raise PuzzleFormatError(path, None, "the file is empty")
    second = next(found, None)
    if second is not None:
        no = text.count("\n", 0, second.start()) + 1
        raise PuzzleFormatError(path, no, "a Tatham game id file holds one id on one line")
    return [parse_id(first.group().strip(), path, text.count("\n", 0, first.start()) + 1)]


def parse_id(spec: str, path: str = "<game id>", line: int | None = None) -> Puzzle:
    """The puzzle of one game id; errors name ``path`` and ``line``."""
    match = _PREFIX.match(spec)
    if not match or len(match.group(1)) > 6 or len(match.group(2)) > 6:
        raise PuzzleFormatError(path, line, f"{quote(spec)} is not a Tatham game id (WxH:clues)")
    width, height = (int(g) for g in match.groups())
    for name, value in (("width", width), ("height", height)):
        if not 1 <= value <= MAX_SIZE:
            raise PuzzleFormatError(path, line, f"{name} {value} is outside 1 to {MAX_SIZE}")
    clue_text, comma, given = spec[match.end() :].partition(",")
    # Counted before splitting: a million slashes never become a million strings.
    count = clue_text.count("/") + 1
    if count != width + height:
        raise PuzzleFormatError(
            path,
            line,
            f"{count:,} clues where {width} columns and {height} rows need {width + height}",
        )
    parts = clue_text.split("/")
    clues = [
        _clue(
            part,
            f"column {i + 1}" if i < width else f"row {i - width + 1}",
            path,
            line,
            height if i < width else width,
        )
        for i, part in enumerate(parts)
    ]
    saved = _given_cells(given, width, height, path, line) if comma else None
    return build_puzzle(
        path, lambda axis, index: line, line, columns=clues[:width], rows=clues[width:], saved=saved
    )


def _clue(part: str, what: str, path: str, line: int | None, length: int) -> tuple[int, ...]:
    if part in ("", "0"):
        return ()
    numbers = []
    for number in clue_words(part, path, line, what, length, ".", spaces=False):
        if not (number.isdigit() and number.isascii()) or len(number) > 6 or int(number) == 0:
            raise PuzzleFormatError(path, line, f"{what}: {quote(number)} is not a block length")
        numbers.append(int(number))
    if part.startswith(".") or part.endswith(".") or ".." in part:
        raise PuzzleFormatError(path, line, f"{what}: '' is not a block length")
    return tuple(numbers)


def _given_cells(
    given: str, width: int, height: int, path: str, line: int | None
) -> list[list[int]]:
    total = width * height
    cells = [UNKNOWN] * total
    i = 0
    for char in given:
        if i >= total:
            raise PuzzleFormatError(path, line, "the given cells after ',' run past the grid")
        if not (char.isascii() and char.isalpha()):
            raise PuzzleFormatError(
                path, line, f"{char!r} in the given cells after ',' is not a letter"
            )
        run = ord(char.lower()) - ord("a")
        i += run
        if run < _RUN and i < total:
            cells[i] = FILLED if char.isupper() else EMPTY
            i += 1
        if i > total:
            raise PuzzleFormatError(path, line, "the given cells after ',' run past the grid")
    if i < total:
        raise PuzzleFormatError(
            path, line, f"the given cells after ',' cover {i} of the {total} cells"
        )
    return [cells[r * width : (r + 1) * width] for r in range(height)]


def write(puzzles: Sequence[Puzzle]) -> str:
    """The puzzle as a game id on one line."""
    (puzzle,) = puzzles
    return format_id(puzzle) + "\n"


def format_id(puzzle: Puzzle) -> str:
    """The game id of ``puzzle``, with its saved state as given cells.

    Raises:
        UnsupportedPuzzleError: the puzzle has colours.
    """
    if puzzle.is_color:
        raise refuse_colour(NAME)
    clues = "/".join(".".join(map(str, clue)) for clue in puzzle.columns + puzzle.rows)
    spec = f"{puzzle.width}x{puzzle.height}:{clues}"
    if puzzle.saved is not None:
        spec += "," + _encode_given([v for row in puzzle.saved for v in row])
    return spec


def _encode_given(cells: list[int]) -> str:
    out, run = [], 0
    for value in cells:
        if value not in (EMPTY, FILLED):
            run += 1
            if run == _RUN:
                out.append("z")
                run = 0
            continue
        out.append(chr((ord("A") if value == FILLED else ord("a")) + run))
        run = 0
    if run:
        out.append(chr(ord("a") + run))
    return "".join(out)
