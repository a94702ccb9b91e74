"""Reading puzzle files as text, safely: size bound, binary and encoding checks, line numbers."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from nonotui.errors import PuzzleFormatError

MAX_FILE_BYTES = 16 * 1024 * 1024
"""Larger files are refused before they are read: no real puzzle file comes near it."""


def read_text(path: str | Path) -> str:
    """The file's text, decoded as UTF-8 (a byte-order mark is dropped).

    Raises:
        PuzzleFormatError: the file is missing, unreadable, too large, empty, binary or not UTF-8;
            the error names the line where the bad bytes are.
    """
    p = Path(path)
    try:
        size = p.stat().st_size
        if p.is_dir():
            raise PuzzleFormatError(p, None, "is a folder, not a puzzle file")
        if size > MAX_FILE_BYTES:
            raise PuzzleFormatError(
                p, None, f"the file has {size} bytes, more than the {MAX_FILE_BYTES} accepted"
            )
        data = p.read_bytes()
    except FileNotFoundError:
        raise PuzzleFormatError(p, None, "no such file") from None
    except PermissionError:
        raise PuzzleFormatError(p, None, "permission denied") from None
    except OSError as exc:
        raise PuzzleFormatError(p, None, f"cannot be read ({exc.strerror or exc})") from None
    return decode(data, p)


def decode(data: bytes, path: str | Path) -> str:
    """Bytes of a puzzle file as text; see :func:`read_text` for what is refused."""
    if not data.strip():
        raise PuzzleFormatError(path, None, "the file is empty")
    nul = data.find(b"\0")
    if nul >= 0:
        line = data.count(b"\n", 0, nul) + 1
        raise PuzzleFormatError(path, line, "binary data (a NUL byte); this is not a puzzle file")
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise PuzzleFormatError(
            path, line, f"byte 0x{data[exc.start]:02x} is not UTF-8 text; save the file as UTF-8"
        ) from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


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
