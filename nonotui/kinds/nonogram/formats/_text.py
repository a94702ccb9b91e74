"""Reading puzzle files as text, safely: size bound, binary and encoding checks, line numbers."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from pathlib import Path

from nonotui.errors import PuzzleFormatError, UnreadableFileError, quote
from nonotui.kinds.nonogram.puzzle import MAX_SIZE
from nonotui.model import files

MAX_PUZZLE_LINES = 2 * MAX_SIZE + 64
"""More lines than any one puzzle needs (a clue line per row and column, a few more for sizes,
separators and metadata): a reader stops there instead of reading on."""

MAX_FILE_BYTES = files.MAX_FILE_BYTES
"""Larger files are refused before they are read: no real puzzle file comes near it."""


MAX_PUZZLES = 2_000
"""The most puzzles one file may hold: more would take the reader seconds (a few hundred real
puzzles make a large collection)."""


def read_text(path: str | Path) -> str:
    """The text of a puzzle file, read through :func:`nonotui.model.files.read_bytes` (regular
    files only, at most :data:`MAX_FILE_BYTES`) and decoded by :func:`decode`.

    Raises:
        PuzzleFormatError: the file is missing, not a regular file, unreadable, too large, empty
            or binary; the error names the line where the bad bytes are.
    """
    try:
        data = files.read_bytes(path, limit=MAX_FILE_BYTES, what="puzzle file")
    except UnreadableFileError as exc:
        raise PuzzleFormatError(exc.path, exc.line, exc.problem) from None
    return decode(data, path)


def decode(data: bytes, path: str | Path) -> str:
    """Bytes of a puzzle file as text (see :func:`nonotui.model.files.decode_text`: a
    byte-order mark picks UTF-8, UTF-16 or UTF-32; else UTF-8, else Latin-1 for text)."""
    try:
        return files.decode_text(data, path, what="puzzle file")
    except UnreadableFileError as exc:
        raise PuzzleFormatError(exc.path, exc.line, exc.problem) from None


def numbered_lines(text: str) -> Iterator[tuple[int, str]]:
    """``(line number from 1, line without its newline)`` for every line of ``text``, made one
    at a time, so that a reader that stops early never pays for the rest of the file."""
    start, no = 0, 1
    while True:
        end = text.find("\n", start)
        if end < 0:
            yield no, text[start:]
            return
        yield no, text[start:end]
        start, no = end + 1, no + 1


def head(text: str, lines: int = MAX_PUZZLE_LINES) -> str:
    """The first ``lines`` lines of ``text``: what a format's cheap content test looks at."""
    end = -1
    for _ in range(lines):
        end = text.find("\n", end + 1)
        if end < 0:
            return text
    return text[:end]


def too_many_lines(path: str, line: int, limit: int = MAX_PUZZLE_LINES) -> PuzzleFormatError:
    """The error for a file that goes on past the most lines a puzzle of its format can need."""
    return PuzzleFormatError(
        path, line, f"more than {limit:,} lines: no puzzle of at most {MAX_SIZE} by {MAX_SIZE} "
        "cells needs that many"
    )


def max_blocks(length: int | None, colours: bool = False) -> int:
    """The most blocks a clue can have in a line of ``length`` cells (of the largest size
    accepted when the length is not known yet); ``colours``: blocks of different colours may
    touch, so one a cell."""
    cells = min(length if length is not None else MAX_SIZE, MAX_SIZE)
    return cells if colours else (cells + 1) // 2


def clue_words(
    text: str,
    path: str,
    line: int | None,
    what: str,
    length: int | None,
    sep: str = "",
    *,
    spaces: bool = True,
    colours: bool = False,
) -> Iterator[str]:
    """The words of one clue, one at a time, refused as soon as there are more than a line of
    ``length`` cells can hold: a clue of millions of numbers is never split into millions of
    strings. The caller checks each word as it comes, so a bad word among the first is named
    as such.

    Args:
        text: The clue.
        path, line: Where it is, for the error.
        what: What it is (``"row 3"``), for the error.
        length: The cells of its line, when known.
        sep: Characters that separate words besides white space (``","``).
        spaces: Whether white space separates words too.
        colours: Blocks of different colours may touch (one block a cell at most).

    Raises:
        PuzzleFormatError: too many words; the message gives their count, not the words.
    """
    limit = max_blocks(length, colours)
    for i, match in enumerate(_words_between(sep, spaces).finditer(text)):
        if i > limit:
            count = _count_words(text[match.start() :], sep, spaces) + i
            cells = f"a line of {length} cells" if length is not None else (
                f"any line (at most {MAX_SIZE} cells)"
            )
            raise PuzzleFormatError(
                path, line, f"{what}: a clue of {count:,} numbers cannot fit {cells}"
            )
        yield match.group()


@functools.cache
def _words_between(sep: str, spaces: bool) -> re.Pattern[str]:
    spacing = r"\s" if spaces else ""
    return re.compile(f"[^{re.escape(sep)}{spacing}]+")


def _count_words(text: str, sep: str, spaces: bool) -> int:
    """The words of ``text`` (for a message), counted with the fast string methods."""
    if spaces:
        for char in sep:
            text = text.replace(char, " ")
        return len(text.split())
    for char in sep[1:]:
        text = text.replace(char, sep[0])
    return sum(1 for word in text.split(sep[0]) if word)


def parse_numbers(
    text: str,
    path: str,
    line: int,
    *,
    sep: str = "",
    what: str = "clue",
    length: int | None = None,
) -> tuple[int, ...]:
    """Whole numbers separated by white space (and the characters of ``sep``) on one line of a
    file,
    no more than a line of ``length`` cells can hold.

    A lone ``0`` is the empty clue. Raises :class:`PuzzleFormatError` for anything else that is not
    a positive whole number.
    """
    numbers = []
    for part in clue_words(text, path, line, what, length, sep):
        part = part.strip()
        if not part:
            continue
        if not part.isdigit() or not part.isascii():
            raise PuzzleFormatError(path, line, f"{what}: {quote(part)} is not a whole number")
        if len(part) > 6:
            raise PuzzleFormatError(path, line, f"{what}: {quote(part)} is absurdly large")
        numbers.append(int(part))
    if numbers == [0]:
        return ()
    if 0 in numbers:
        raise PuzzleFormatError(path, line, f"{what}: a 0 may only stand alone (an empty line)")
    return tuple(numbers)


def parse_size(text: str, path: str, line: int, names: tuple[str, str]) -> tuple[int, int]:
    """Two whole numbers on one line, named ``names`` (e.g. ``("width", "height")``), each from 1
    to the largest size accepted.

    Raises :class:`PuzzleFormatError` naming the line for anything else.
    """
    parts = text.split(maxsplit=2)
    order = " ".join(n.upper() for n in names)
    if len(parts) != 2 or not all(p.isascii() and p.isdigit() for p in parts):
        raise PuzzleFormatError(path, line, f"the first line must be {order}")
    for name, part in zip(names, parts):
        if len(part) > 6:
            raise PuzzleFormatError(
                path, line, f"{name} {quote(part, 20)} is outside 1 to {MAX_SIZE}"
            )
    values = (int(parts[0]), int(parts[1]))
    for name, value in zip(names, values):
        if not 1 <= value <= MAX_SIZE:
            raise PuzzleFormatError(path, line, f"{name} {value} is outside 1 to {MAX_SIZE}")
    return values


DEFAULT_BLOCK_CHAR = "1"
"""The colour character of a block written without one (``.non`` and ``.g``): colour 1."""

_BLOCK = re.compile(r"^([0-9]+)([^0-9]?)$")


def color_clue(
    text: str, what: str, path: str, line: int, length: int | None = None
) -> list[tuple[int, str]]:
    """A clue of blocks each optionally followed by its colour character (``3a,1,2b``), as
    ``(length, char)`` pairs (:data:`DEFAULT_BLOCK_CHAR` where none is written); ``0`` alone is
    the empty clue. The ``.non`` and ``.g`` formats write clues this way.

    Raises:
        PuzzleFormatError: a word that is not a block, a block of 0 among others, a length of
            more than six digits, or more blocks than ``length`` cells hold.
    """
    clue: list[tuple[int, str]] = []
    zero = False
    for part in clue_words(text, path, line, what, length, ",", colours=True):
        match = _BLOCK.match(part)
        if not match:
            raise PuzzleFormatError(
                path,
                line,
                f"{what}: {quote(part)} is not a block length (a whole number, "
                "optionally followed by a colour character)",
            )
        digits, char = match.groups()
        if len(digits) > 6:
            raise PuzzleFormatError(path, line, f"{what}: {quote(digits, 20)} is absurdly large")
        if part == "0" and not clue and not zero:
            zero = True  # the empty clue, if it stands alone
            continue
        if zero or int(digits) == 0:
            raise PuzzleFormatError(path, line, f"{what}: a 0 may only stand alone (an empty line)")
        clue.append((int(digits), char or DEFAULT_BLOCK_CHAR))
    return clue
