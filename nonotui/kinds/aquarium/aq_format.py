"""nonotui's ``.aq`` format for Aquarium puzzles (read and write).

A file is keyword lines, one puzzle a file::

    title "Four by four"
    size 4x4
    columns 3 2 2 3
    rows 2 2 2 4
    tanks
    AABB
    ACCB
    DDCB
    DDDD

- ``title``, ``by`` (the author), ``copyright``: quoted text that may hold HTML entities
  (``&amp;``, ``&quot;``, ``&#10;``), decoded on reading, as in ``.non``; an unquoted value is
  taken as it stands. ``license``: an SPDX identifier, or quoted text.
- ``size WxH``: 1 to 100 cells a side; it comes before the other grid lines.
- ``columns``: W counts on the same line, left to right; ``rows``: H counts, top to bottom. A count
  is a whole number or ``?`` for a line without a count (it constrains nothing).
- ``tanks``: the next H lines hold W characters each (no spaces); equal characters are one tank,
  whose cells must be connected. Any character but white space may name a tank, ``#`` included
  (inside the section a line is never a comment).
- ``goal`` (optional): the next H lines hold W characters, ``~`` water and ``.`` air; the water
  must obey gravity.
- A line whose first character (after spaces) is ``#`` is a comment; blank lines are skipped.
  Keywords are case-insensitive; an unknown keyword is an error.

Writing gives tanks characters in reading order from ``A-Z a-z 0-9``, then ASCII punctuation
(``#`` excepted), then letters from other alphabets that take one column on a terminal; a puzzle
with more tanks than that has characters is refused (a puzz.link URL holds it).
"""

from __future__ import annotations

import functools
import html
import re
import string
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field

from nonotui.errors import PuzzleFormatError, UnsupportedPuzzleError, quote
from nonotui.kinds.aquarium.puzzle import (
    MAX_SIDE,
    AquariumPuzzle,
    AquariumShapeError,
    make_puzzle,
)
from nonotui.model.vocab import PuzzleFormat

NAME = "aq"
EXTENSIONS = (".aq",)

_TEXT_KEYS = {"title": "title", "by": "author", "copyright": "copyright", "license": "license"}
_KEYS = {"size", "columns", "rows", "tanks", "goal", *_TEXT_KEYS}
_KEY_LINE = re.compile(r"^\s*(\S+)\s*(.*?)\s*$")
_SIZE = re.compile(r"^(\d+)\s*[xX]\s*(\d+)$")
_SPDX = re.compile(r"^[A-Za-z0-9][A-Za-z0-9.+\-]*$")
MAX_LINES = 2 * MAX_SIDE + 200
"""More lines than any ``.aq`` puzzle needs (a tank and a goal line per row, plus comments):
reading stops there."""


@functools.cache
def tank_alphabet() -> str:
    """The characters writing gives tanks, in order (see the module's description)."""
    ascii_part = (string.ascii_uppercase + string.ascii_lowercase + string.digits
                  + "".join(ch for ch in string.punctuation if ch != "#"))
    extra = [
        chr(code) for code in range(0xC0, 0x2000)
        if unicodedata.category(chr(code)) in ("Lu", "Ll")
        and unicodedata.east_asian_width(chr(code)) in ("N", "Na")
        and not unicodedata.combining(chr(code))
        and chr(code).isprintable()
        and unicodedata.normalize("NFC", chr(code)) == chr(code)
    ]
    return ascii_part + "".join(extra)


def sniff(text: str) -> bool:
    """Whether the text has a ``size WxH`` line and a ``tanks`` line near its start."""
    words = set()
    for line in text.split("\n", MAX_LINES)[:MAX_LINES]:
        parts = line.split(maxsplit=1)
        if parts:
            words.add(parts[0].lower())
    return "size" in words and "tanks" in words


@dataclass
class _Draft:
    """What has been read, with the line of each part for error messages."""

    seen: dict[str, int] = field(default_factory=dict)
    width: int = 0
    height: int = 0
    counts: dict[str, list[int | None]] = field(default_factory=dict)
    grids: dict[str, list[str]] = field(default_factory=dict)
    text: dict[str, str] = field(default_factory=dict)


def read(text: str, path: str) -> list[AquariumPuzzle]:
    """The one puzzle of an ``.aq`` file.

    Raises:
        PuzzleFormatError: naming the file, the line and the problem.
    """
    lines = text.removesuffix("\n").split("\n", MAX_LINES + 1)
    if len(lines) > MAX_LINES:
        raise PuzzleFormatError(path, MAX_LINES + 1, f"more than {MAX_LINES:,} lines: no "
                                f"Aquarium of at most {MAX_SIDE} by {MAX_SIDE} needs that many")
    draft = _Draft()
    i = 0
    while i < len(lines):
        no, line = i + 1, lines[i]
        i += 1
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        match = _KEY_LINE.match(line)
        assert match is not None
        key, value = match.group(1).lower(), match.group(2)
        if key not in _KEYS:
            raise PuzzleFormatError(path, no, f"unknown keyword {quote(match.group(1))} (an .aq "
                                    "line starts with size, columns, rows, tanks, goal, title, "
                                    "by, copyright, license or #)")
        if key in draft.seen:
            raise PuzzleFormatError(path, no, f"{key} is given twice (first on line "
                                    f"{draft.seen[key]})")
        draft.seen[key] = no
        if key in _TEXT_KEYS:
            draft.text[_TEXT_KEYS[key]] = _text_value(key, value, path, no)
            continue
        if key == "size":
            _read_size(draft, value, path, no)
            continue
        if "size" not in draft.seen:
            raise PuzzleFormatError(path, no, f"{key} comes before size; give the size first")
        if key in ("columns", "rows"):
            draft.counts[key] = _read_counts(draft, key, value, path, no)
        else:
            if value:
                raise PuzzleFormatError(path, no, f"{key} takes no value on its line; its "
                                        f"{draft.height} lines follow it")
            draft.grids[key] = _read_grid(draft, key, lines, i, path)
            i += draft.height
    return [_build(draft, path)]


def _text_value(key: str, value: str, path: str, no: int) -> str:
    if value and value[0] in "\"'":
        end = value.rfind(value[0])
        if end == 0:
            raise PuzzleFormatError(path, no, f"the {key} {quote(value)} has no closing quote")
        return html.unescape(value[1:end])
    if not value:
        raise PuzzleFormatError(path, no, f"the {key} line is empty")
    return value


def _read_size(draft: _Draft, value: str, path: str, no: int) -> None:
    match = _SIZE.match(value)
    if not match:
        raise PuzzleFormatError(path, no, f"size {quote(value)} is not like 'size 10x8' "
                                "(width x height)")
    if max(len(match.group(1)), len(match.group(2))) > 6:  # over the limit, not read
        raise PuzzleFormatError(path, no, f"size {quote(value, 30)} is outside 1x1 to "
                                f"{MAX_SIDE}x{MAX_SIDE}")
    width, height = int(match.group(1)), int(match.group(2))
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        raise PuzzleFormatError(path, no, f"size {width}x{height} is outside 1x1 to "
                                f"{MAX_SIDE}x{MAX_SIDE}")
    draft.width, draft.height = width, height


def _read_counts(draft: _Draft, key: str, value: str, path: str, no: int) -> list[int | None]:
    want = draft.width if key == "columns" else draft.height
    side = draft.height if key == "columns" else draft.width
    words = value.split()
    if len(words) != want:
        raise PuzzleFormatError(path, no, f"{key} has {len(words)} counts but the size asks "
                                f"for {want}")
    out: list[int | None] = []
    for index, word in enumerate(words, 1):
        if word == "?":
            out.append(None)
            continue
        if not (word.isascii() and word.isdigit()):
            raise PuzzleFormatError(path, no, f"{key[:-1]} {index}'s count {quote(word)} is not "
                                    "a whole number or ?")
        if len(word) > 6:  # a whole number all the same: over any side, and not read
            raise PuzzleFormatError(path, no, f"{key[:-1]} {index} asks for {quote(word, 20)} "
                                    f"water cells but has {side} cells")
        n = int(word)
        if n > side:
            raise PuzzleFormatError(path, no, f"{key[:-1]} {index} asks for {n} water cells "
                                    f"but has {side} cells")
        out.append(n)
    return out


def _read_grid(draft: _Draft, key: str, lines: Sequence[str], start: int,
               path: str) -> list[str]:
    grid: list[str] = []
    for k in range(draft.height):
        index = start + k
        if index >= len(lines):
            raise PuzzleFormatError(path, index, f"the {key} section ends after {k} of its "
                                    f"{draft.height} lines")
        row = lines[index].strip()
        no = index + 1
        if len(row) != draft.width or any(ch.isspace() for ch in row):
            raise PuzzleFormatError(path, no, f"{key} line {k + 1} has {len(row)} characters "
                                    f"{quote(row)}, not {draft.width} without spaces")
        if key == "goal":
            bad = next((ch for ch in row if ch not in "~."), None)
            if bad is not None:
                raise PuzzleFormatError(path, no, f"bad goal: {bad!r} is neither '~' (water) "
                                        "nor '.' (air)")
        grid.append(row)
    return grid


def _build(draft: _Draft, path: str) -> AquariumPuzzle:
    for key in ("size", "columns", "rows", "tanks"):
        if key not in draft.seen:
            raise PuzzleFormatError(path, None, f"the file has no {key} line")
    rows, columns = draft.counts["rows"], draft.counts["columns"]
    tanks = draft.grids["tanks"]
    if None not in rows and None not in columns:
        row_sum = sum(n for n in rows if n is not None)
        column_sum = sum(n for n in columns if n is not None)
        if row_sum != column_sum:
            line = max(draft.seen["rows"], draft.seen["columns"])
            raise PuzzleFormatError(path, line, f"the row counts add up to {row_sum} but the "
                                    f"column counts to {column_sum}")
    split = _unconnected(tanks)
    if split is not None:
        ch, r, c = split
        raise PuzzleFormatError(path, draft.seen["tanks"] + 1 + r, f"tank {ch!r} is not "
                                f"connected: a second part starts at column {c + 1}")
    goal = None
    if "goal" in draft.grids:
        goal = [[ch == "~" for ch in row] for row in draft.grids["goal"]]
    try:
        return make_puzzle(rows, columns, [list(row) for row in tanks],
                           goal=goal, title=draft.text.get("title"),
                           author=draft.text.get("author"),
                           copyright=draft.text.get("copyright"),
                           license=draft.text.get("license"))
    except AquariumShapeError as exc:
        if "gravity" in str(exc):
            raise PuzzleFormatError(path, draft.seen["goal"], f"bad goal: {exc}") from None
        raise PuzzleFormatError(path, None, str(exc)) from None


def _unconnected(tanks: Sequence[str]) -> tuple[str, int, int] | None:
    """The character, row and column where a tank's second part starts, if one is split."""
    height, width = len(tanks), len(tanks[0])
    seen = [[False] * width for _ in range(height)]
    met: set[str] = set()
    for r in range(height):
        for c in range(width):
            if seen[r][c]:
                continue
            ch = tanks[r][c]
            if ch in met:
                return ch, r, c
            met.add(ch)
            seen[r][c] = True
            stack = [(r, c)]
            while stack:
                y, x = stack.pop()
                for ny, nx in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
                    if (0 <= ny < height and 0 <= nx < width and not seen[ny][nx]
                            and tanks[ny][nx] == ch):
                        seen[ny][nx] = True
                        stack.append((ny, nx))
    return None


def _quoted(value: str) -> str:
    escaped = (value.replace("&", "&amp;").replace('"', "&quot;")
               .replace("\n", "&#10;").replace("\r", "&#13;"))
    return f'"{escaped}"'


def tank_letters(puzzle: AquariumPuzzle) -> list[str]:
    """One character for each tank (ids in reading order), as :func:`write` gives them.

    Raises:
        UnsupportedPuzzleError: more tanks than :func:`tank_alphabet` has characters.
    """
    alphabet = tank_alphabet()
    if puzzle.tank_count > len(alphabet):
        raise UnsupportedPuzzleError(
            f"this puzzle has {puzzle.tank_count:,} tanks but the .aq format names at most "
            f"{len(alphabet):,}; write it as a puzz.link URL instead (convert --to puzzlink)")
    return list(alphabet[: puzzle.tank_count])


def write_one(puzzle: AquariumPuzzle) -> str:
    """One puzzle as ``.aq`` text."""
    letters = tank_letters(puzzle)
    out: list[str] = []
    if puzzle.title is not None:
        out.append(f"title {_quoted(puzzle.title)}")
    if puzzle.author is not None:
        out.append(f"by {_quoted(puzzle.author)}")
    if puzzle.copyright is not None:
        out.append(f"copyright {_quoted(puzzle.copyright)}")
    if puzzle.license is not None:
        lic = puzzle.license
        out.append(f"license {lic if _SPDX.match(lic) else _quoted(lic)}")
    out.append(f"size {puzzle.width}x{puzzle.height}")
    out.append("columns " + " ".join("?" if n is None else str(n) for n in puzzle.columns))
    out.append("rows " + " ".join("?" if n is None else str(n) for n in puzzle.rows))
    out.append("tanks")
    out.extend("".join(letters[t] for t in row) for row in puzzle.tanks)
    if puzzle.goal is not None:
        out.append("goal")
        out.extend("".join("~" if v else "." for v in row) for row in puzzle.goal)
    return "\n".join(out) + "\n"


def write(puzzles: Sequence[AquariumPuzzle]) -> str:
    """The puzzle as ``.aq`` text (the format holds one puzzle a file)."""
    if len(puzzles) != 1:
        raise UnsupportedPuzzleError(f"an .aq file holds one puzzle, not {len(puzzles)}")
    return write_one(puzzles[0])


FORMAT = PuzzleFormat(
    name=NAME, extensions=EXTENSIONS, writable=True, multi=False, sniff=sniff, read=read,
    write=write)
"""The ``aq`` format as the :class:`~nonotui.model.kind.Kind` protocol lists it."""
