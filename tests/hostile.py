"""Hostile puzzle files, made on demand (never committed): huge clues, huge tokens, a million
lines, big XML, and files that are not regular files at all.

Shared by the broken-corpus tests (which write them into ``tmp_path``) and
``benchmarks/hostile.py`` (which times them). Every generator writes one file and returns its
path; the sizes stay at or just under the 2 MiB bound unless the name says otherwise.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

MIB = 1024 * 1024
BOUND = 2 * MIB
"""The size bound for puzzle files (DECISIONS.md)."""


def _fill(unit: str, budget: int) -> str:
    """``unit`` repeated to fill ``budget`` bytes (ASCII units)."""
    return unit * (budget // len(unit))


def five_million_ones(folder: Path) -> Path:
    """The issue's file: a 5x5 ``.non`` whose first row clue holds five million 1s (10 MB)."""
    path = folder / "five-million-ones.non"
    clue = ",".join(["1"] * 5_000_000)
    path.write_text(f"width 5\nheight 5\nrows\n{clue}\n1\n1\n1\n1\ncolumns\n1\n1\n1\n1\n1\n")
    return path


def _non_with_row(row: str) -> str:
    head = "width 5\nheight 5\nrows\n"
    tail = "\n1\n1\n1\n1\ncolumns\n1\n1\n1\n1\n1\n"
    return head + row[: BOUND - len(head) - len(tail)] + tail


def long_clue(folder: Path, fmt: str) -> Path:
    """A 5x5 puzzle whose first row clue is ``1 1 1 ...`` up to the size bound."""
    budget = BOUND - 200
    if fmt == "non":
        text = _non_with_row(_fill("1,", budget))
    elif fmt == "nin":
        text = "5 5\n" + _fill("1 ", budget) + "\n" + "1\n" * 9
    elif fmt == "mk":
        text = "5 5\n" + _fill("1 ", budget) + "\n" + "1\n" * 4 + "#\n" + "1\n" * 5
    elif fmt == "cwd":
        text = "5\n5\n" + _fill("1 ", budget) + "\n" + "1\n" * 4 + "\n" + "1\n" * 5
    elif fmt == "g":
        text = ": rows\n" + _fill("1 ", budget) + "\n" + "1\n" * 4 + ": columns\n" + "1\n" * 5
    elif fmt == "tatham":
        text = "5x5:" + _fill("1.", budget) + "1/1/1/1/1/1/1/1/1/1\n"
    elif fmt == "picture":
        text = _fill("#", budget) + "\n"
    elif fmt == "xml":
        return big_xml(folder)
    else:
        raise ValueError(fmt)
    return _write(folder, f"long-clue-{fmt}", fmt, text)


def single_token(folder: Path, fmt: str) -> Path:
    """One 2 MiB word where a clue or a size belongs."""
    token = "1" * (BOUND - 200)
    if fmt == "non":
        text = _non_with_row(token)
    elif fmt in ("nin", "mk"):
        text = token + "\n"
    elif fmt == "cwd":
        text = "5\n5\n" + token + "\n"
    elif fmt == "g":
        text = ": rows\n" + token + "\n"
    elif fmt == "tatham":
        text = "5x5:" + token + "\n"
    elif fmt == "picture":
        text = "#" * 5 + "\n" + "x" * (BOUND - 200) + "\n"
    elif fmt == "xml":
        text = '<puzzleset><puzzle type="grid"><title>' + "x" * (BOUND - 200) + "</title>"
        text += "</puzzle></puzzleset>\n"
    else:
        raise ValueError(fmt)
    return _write(folder, f"single-token-{fmt}", fmt, text)


def million_lines(folder: Path, fmt: str) -> Path:
    """A million short lines (each one a clue, a row or a blank line)."""
    n = 1_000_000
    if fmt == "non":
        text = "width 5\nheight 5\nrows\n" + "1\n" * 5 + "columns\n" + "1\n" * n
    elif fmt == "nin":
        text = "5 5\n" + "1\n" * n
    elif fmt == "mk":
        text = "5 5\n" + "1\n" * n + "#\n"
    elif fmt == "cwd":
        text = "5\n5\n" + "1\n" * n
    elif fmt == "g":
        text = ": rows\n" + "1\n" * n + ": columns\n1\n"
    elif fmt == "tatham":
        text = "5x5:1/1/1/1/1/1/1/1/1/1\n" + "\n1" * (n - 1) + "\n"
    elif fmt == "picture":
        text = "#\n" * n
    elif fmt == "xml":
        text = "<puzzleset>\n" + "<p>\n" * (n // 4) + "\n" * (n // 2)
    else:
        raise ValueError(fmt)
    return _write(folder, f"million-lines-{fmt}", fmt, text)


def big_xml(folder: Path) -> Path:
    """2 MiB of webpbn XML: a 5x5 puzzle whose first row holds a <count> per 20 bytes."""
    head = '<?xml version="1.0"?>\n<puzzleset><puzzle type="grid"><clues type="rows"><line>'
    tail = "</line>" + "<line><count>1</count></line>" * 4 + '</clues><clues type="columns">'
    tail += "<line><count>1</count></line>" * 5 + "</clues></puzzle></puzzleset>\n"
    counts = _fill("<count>1</count>", BOUND - len(head) - len(tail) - 16)
    return _write(folder, "big", "xml", head + counts + tail)


def deep_xml(folder: Path) -> Path:
    """2 MiB of nested elements: a parser that recurses per level would run out of stack."""
    unit = "<a>"
    n = (BOUND - 64) // (2 * len(unit) + 1)
    return _write(folder, "deep", "xml", "<puzzleset>" + unit * n + "</a>" * n + "</puzzleset>")


def many_puzzles(folder: Path, count: int | None = None) -> Path:
    """A ``.non`` bundle of ``count`` valid 1x1 puzzles (tens of thousands: up to the bound)."""
    one = "width 1\nheight 1\nrows\n1\ncolumns\n1\n====\n"
    text = one * count if count is not None else _fill(one, BOUND)
    return _write(folder, "many" if count is None else f"bundle-of-{count}", "non", text)


def bundle_at_the_limit(folder: Path) -> Path:
    """The largest bundle nonotui reads: 2,000 valid 1x1 puzzles."""
    return many_puzzles(folder, 2000)


def many_xml_puzzles(folder: Path) -> Path:
    """A webpbn ``<puzzleset>`` of thousands of valid 1x1 puzzles, up to the bound."""
    one = (
        '<puzzle><clues type="rows"><line><count>1</count></line></clues>'
        '<clues type="columns"><line><count>1</count></line></clues></puzzle>'
    )
    head, tail = "<puzzleset>", "</puzzleset>\n"
    return _write(folder, "many", "xml", head + _fill(one, BOUND - 64) + tail)


def unknown_extension(folder: Path) -> Path:
    """A million lines of numbers in a file whose name claims no format: every format's
    content test looks at it."""
    path = folder / "numbers.dat"
    path.write_bytes(b"5 5\n" + b"1 1\n" * 500_000)
    return path


def over_bound(folder: Path) -> Path:
    """A file one byte over the bound."""
    path = folder / "over-bound.non"
    path.write_bytes(b"#" * (BOUND + 1))
    return path


def dev_zero_link(folder: Path) -> Path:
    """A symbolic link to ``/dev/zero``: endless, and not a regular file."""
    path = folder / "zero.non"
    path.symlink_to("/dev/zero")
    return path


def fifo(folder: Path) -> Path:
    """A named pipe nobody writes to: opening it for reading blocks for ever."""
    path = folder / "pipe.non"
    os.mkfifo(path)
    return path


def utf16_bom(folder: Path) -> Path:
    """A valid ``.non`` puzzle saved as UTF-16 with a byte-order mark."""
    path = folder / "utf16.non"
    text = 'title "Café"\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n'
    path.write_bytes(text.encode("utf-16"))
    return path


_EXT = {"non": ".non", "nin": ".nin", "mk": ".mk", "cwd": ".cwd", "g": ".g", "tatham": ".txt",
        "picture": ".pic", "xml": ".xml"}
FORMATS = tuple(_EXT)


def _write(folder: Path, stem: str, fmt: str, text: str) -> Path:
    path = folder / f"{stem}{_EXT[fmt]}"
    data = text.encode("ascii")
    assert len(data) <= BOUND, (path, len(data))
    path.write_bytes(data)
    return path


KINDS: dict[str, Callable[[Path, str], Path]] = {
    "long clue": long_clue,
    "single token": single_token,
    "million lines": million_lines,
}
"""Hostile kinds made for every format."""
