"""Reading puzzle files as text, safely: size bound, binary and encoding checks, line numbers."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from nonotui.errors import PuzzleFormatError, UnreadableFileError
from nonotui.model import files

MAX_FILE_BYTES = files.MAX_FILE_BYTES
"""Larger files are refused before they are read: no real puzzle file comes near it."""


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
    """``(line number from 1, line without its newline)`` for every line of ``text``."""
    for i, line in enumerate(text.split("\n"), start=1):
        yield i, line


def parse_numbers(
    text: str, path: str, line: int, *, sep: str | None = None, what: str = "clue"
) -> tuple[int, ...]:
    """Whole numbers separated by ``sep`` (white space when ``None``) on one line of a file.

    A lone ``0`` is the empty clue. Raises :class:`PuzzleFormatError` for anything else that is not
    a positive whole number.
    """
    parts = [p.strip() for p in (text.split(sep) if sep else text.split())]
    parts = [p for p in parts if p]
    numbers = []
    for part in parts:
        if not part.isdigit() or not part.isascii():
            raise PuzzleFormatError(path, line, f"{what}: {part!r} is not a whole number")
        if len(part) > 6:
            raise PuzzleFormatError(path, line, f"{what}: {part} is absurdly large")
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
    from nonotui.model import MAX_SIZE

    parts = text.split()
    order = " ".join(n.upper() for n in names)
    if len(parts) != 2 or not all(p.isascii() and p.isdigit() for p in parts):
        raise PuzzleFormatError(path, line, f"the first line must be {order}")
    values = (int(parts[0]), int(parts[1]))
    for name, value in zip(names, values):
        if not 1 <= value <= MAX_SIZE:
            raise PuzzleFormatError(path, line, f"{name} {value} is outside 1 to {MAX_SIZE}")
    return values
