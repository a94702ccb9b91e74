"""Nonogram file formats: one module per format, and detection among them.

A command-line argument (a file, ``FILE#N``, a Tatham game id) is read by the kinds registry
(:func:`nonotui.kinds.open_spec`), which asks every kind, this one through its formats.

Every format module defines:

- ``NAME``: the name used by ``--to`` (``non``, ``xml``, ...);
- ``EXTENSIONS``: file name endings it claims, lower case with the dot;
- ``WRITABLE``: whether :func:`dump` can write it;
- ``MULTI``: whether one file can hold several puzzles;
- ``sniff(text) -> bool``: a cheap test of whether text looks like this format;
- ``read(text, path) -> list[Puzzle]``: every puzzle in the text, raising
  :class:`~nonotui.errors.PuzzleFormatError` with the file's line on any problem;
- ``write(puzzles) -> str`` when writable, raising
  :class:`~nonotui.errors.UnsupportedPuzzleError` for what the format cannot hold.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

from nonotui.errors import PuzzleFormatError, UnsupportedPuzzleError
from nonotui.kinds.nonogram.formats import cwd, g, mk, nin, non, picture, tatham, xml
from nonotui.kinds.nonogram.formats._text import decode, read_text
from nonotui.kinds.nonogram.puzzle import Puzzle

FORMATS: dict[str, ModuleType] = {
    m.NAME: m for m in (non, xml, mk, nin, cwd, g, tatham, picture)
}
"""Every format by name, in the order content detection tries them (``mk`` before ``nin``: a
``.nin`` reader skips ``#`` lines, so it would take an ``.mk`` file for its own)."""

WRITABLE = tuple(name for name, m in FORMATS.items() if m.WRITABLE)


def format_for_extension(path: str | Path) -> ModuleType | None:
    """The format that claims ``path``'s extension, if any."""
    name = str(path).lower()
    for module in FORMATS.values():
        if any(name.endswith(ext) for ext in module.EXTENSIONS):
            return module
    return None


def detect(text: str, path: str | Path) -> ModuleType:
    """The format of ``text``: from the extension when one claims it, else from the content.

    Raises:
        PuzzleFormatError: no format recognises the file.
    """
    by_ext = format_for_extension(path)
    if by_ext is not None:
        return by_ext
    for module in FORMATS.values():
        if module.sniff(text):
            return module
    raise PuzzleFormatError(
        path, None, "not a puzzle format nonotui knows (" + ", ".join(FORMATS) + ")"
    )


def parse(text: str, path: str | Path = "<text>", fmt: str | None = None) -> list[Puzzle]:
    """Every puzzle in ``text``, in format ``fmt`` or the detected one."""
    module = FORMATS[fmt] if fmt is not None else detect(text, path)
    puzzles: list[Puzzle] = module.read(text, str(path))
    if not puzzles:
        raise PuzzleFormatError(path, None, "the file holds no puzzle")
    return puzzles


def load_all(path: str | Path, fmt: str | None = None) -> list[Puzzle]:
    """Every puzzle of a file (a bundle or puzzle set gives several)."""
    return parse(read_text(path), path, fmt)


def load(path: str | Path, fmt: str | None = None) -> Puzzle:
    """The first puzzle of a file."""
    return load_all(path, fmt)[0]


def loads(data: bytes, path: str | Path = "<bytes>", fmt: str | None = None) -> list[Puzzle]:
    """Every puzzle in raw bytes, checked like a file's (encoding, binary data)."""
    return parse(decode(data, path), path, fmt)


def dump(puzzles: Puzzle | Sequence[Puzzle], fmt: str) -> str:
    """The puzzle(s) written in format ``fmt``.

    Raises:
        UnsupportedPuzzleError: the format is read-only, cannot hold several puzzles, or cannot
            carry something the puzzle needs (such as colours).
    """
    module = FORMATS.get(fmt)
    if module is None:
        raise UnsupportedPuzzleError(f"unknown format {fmt!r}; choose one of {', '.join(FORMATS)}")
    if not module.WRITABLE:
        raise UnsupportedPuzzleError(f"nonotui reads the {fmt} format but cannot write it")
    items = [puzzles] if isinstance(puzzles, Puzzle) else list(puzzles)
    if len(items) > 1 and not module.MULTI:
        raise UnsupportedPuzzleError(
            f"the {fmt} format holds one puzzle; pick one with FILE#N ({len(items)} given)"
        )
    text: str = module.write(items)
    return text


__all__ = [
    "FORMATS",
    "WRITABLE",
    "detect",
    "dump",
    "format_for_extension",
    "load",
    "load_all",
    "loads",
    "parse",
]
