"""puzz.link (pzprjs) URLs for Aquarium: ``https://puzz.link/p?aquarium/r/W/H/BORDERS/CLUES``.

The encoding is pzprjs's (robx/pzprjs, ``src/variety/aquarium.js`` with the border and number
codecs of ``src/variety-common/Encode.js``), re-implemented here from its description:

- after the puzzle's name come an optional flag part (letters), the width and the height;
- BORDERS: one bit a wall, five bits a base-32 digit (``0-9a-v``, first bit the highest): first
  the walls between horizontal neighbours, row by row (``W-1`` a row), then the walls between
  vertical neighbours (``W`` a row, ``H-1`` rows); a partial last digit is padded with zeros;
- CLUES: the column counts, then the row counts, each a hex digit (``0-f``), ``-`` and two hex
  digits (16 to 255), ``.`` for a "?" count; ``g`` to ``z`` skip 1 to 20 counts (no count).

Tanks are the cells joined without a wall between them. The flag ``r`` gives the tank rule
nonotui solves (one level per tank, puzzle-aquarium.com's); a URL without it asks for the older
rule (one level per connected body of water), which nonotui refuses rather than solve by the
wrong rule. The same URL is accepted from ``pzv.jp/p.html?``, ``puzz.link/p?`` and other hosts of
pzprjs, with ``_edit``/``_play`` and ``type=...&`` forms.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from nonotui.errors import NonotuiError, PuzzleFormatError, quote
from nonotui.kinds.aquarium.puzzle import (
    MAX_SIDE,
    AquariumPuzzle,
    AquariumShapeError,
    make_puzzle,
)

HOST = "https://puzz.link/p?"
_URL = re.compile(
    r"^(?:[A-Za-z][A-Za-z0-9+.-]*://[^\s?]*)?[^\s?]*\?(?:\w+=\w+&)*(?:v:[^/]*/)?"
    r"aquarium(?:_edit|_play)?(?:/(?P<rest>\S*))?$"
)
_DIGITS32 = "0123456789abcdefghijklmnopqrstuv"
_HEX = "0123456789abcdef"


@dataclass(frozen=True)
class UrlParts:
    """What an Aquarium URL holds, before the rule is judged.

    Attributes:
        flags: The flag part (``"r"`` for the tank rule), ``""`` without one.
        vertical: ``vertical[r][c]``: a wall between ``(r, c)`` and ``(r, c + 1)``.
        horizontal: ``horizontal[r][c]``: a wall between ``(r, c)`` and ``(r + 1, c)``.
        columns, rows: The counts (``None`` where there is none).
    """

    flags: str
    vertical: tuple[tuple[bool, ...], ...]
    horizontal: tuple[tuple[bool, ...], ...]
    columns: tuple[int | None, ...]
    rows: tuple[int | None, ...]

    @property
    def width(self) -> int:
        return len(self.columns)

    @property
    def height(self) -> int:
        return len(self.rows)

    def tanks(self) -> list[list[int]]:
        """The tank of every cell: cells joined without a wall, numbered in reading order."""
        height, width = self.height, self.width
        ids = [[-1] * width for _ in range(height)]
        count = 0
        for r in range(height):
            for c in range(width):
                if ids[r][c] >= 0:
                    continue
                ids[r][c] = count
                stack = [(r, c)]
                while stack:
                    y, x = stack.pop()
                    steps = []
                    if x + 1 < width and not self.vertical[y][x]:
                        steps.append((y, x + 1))
                    if x > 0 and not self.vertical[y][x - 1]:
                        steps.append((y, x - 1))
                    if y + 1 < height and not self.horizontal[y][x]:
                        steps.append((y + 1, x))
                    if y > 0 and not self.horizontal[y - 1][x]:
                        steps.append((y - 1, x))
                    for ny, nx in steps:
                        if ids[ny][nx] < 0:
                            ids[ny][nx] = count
                            stack.append((ny, nx))
                count += 1
        return ids


def looks_like_url(spec: str) -> bool:
    """Whether ``spec`` is a pzprjs URL of an Aquarium (well formed or not)."""
    return _URL.match(spec.strip()) is not None


def decode(spec: str) -> UrlParts:
    """The parts of an Aquarium URL, whatever its rule.

    Raises:
        PuzzleFormatError: not an Aquarium URL, or a malformed one (the error names the URL).
    """
    url = spec.strip()
    match = _URL.match(url)
    if match is None:
        raise PuzzleFormatError(url, None, "not a puzz.link Aquarium URL")
    parts = (match.group("rest") or "").split("/")
    flags = ""
    if parts and parts[0] and not parts[0].isdigit():
        flags = parts.pop(0)
    if len(parts) < 2 or not all(p.isascii() and p.isdigit() for p in parts[:2]):
        raise PuzzleFormatError(url, None, "the URL lacks its width and height "
                                "(aquarium/[r/]WIDTH/HEIGHT/...)")
    if max(len(parts[0]), len(parts[1])) > 6:  # over the limit, not read
        raise PuzzleFormatError(url, None, f"size {quote(f'{parts[0]}x{parts[1]}', 30)} is "
                                f"outside 1x1 to {MAX_SIDE}x{MAX_SIDE}")
    width, height = int(parts[0]), int(parts[1])
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        raise PuzzleFormatError(url, None, f"size {width}x{height} is outside 1x1 to "
                                f"{MAX_SIDE}x{MAX_SIDE}")
    rest = parts[2:]
    while rest and not rest[-1]:
        rest.pop()
    if len(rest) > 2:
        raise PuzzleFormatError(url, None, f"the URL has {len(rest) - 2} part(s) too many after "
                                "its walls and counts")
    borders = rest[0] if rest else ""
    clues = rest[1] if len(rest) > 1 else ""
    vertical, horizontal = _decode_borders(borders, width, height, url)
    counts = _decode_counts(clues, width + height, url)
    return UrlParts(flags, vertical, horizontal, tuple(counts[:width]), tuple(counts[width:]))


def _bits(text: str, count: int, url: str, what: str) -> list[bool]:
    bits: list[bool] = []
    for ch in text:
        value = _DIGITS32.find(ch)
        if value < 0:
            raise PuzzleFormatError(url, None, f"{ch!r} in the {what} is not a base-32 digit "
                                    "(0-9, a-v)")
        bits.extend(bool(value & (16 >> k)) for k in range(5))
    return bits[:count]


def _decode_borders(text: str, width: int, height: int, url: str
                    ) -> tuple[tuple[tuple[bool, ...], ...], tuple[tuple[bool, ...], ...]]:
    n_vertical = (width - 1) * height
    n_horizontal = width * (height - 1)
    len_v, len_h = (n_vertical + 4) // 5, (n_horizontal + 4) // 5
    if len(text) != len_v + len_h:
        raise PuzzleFormatError(url, None, f"the walls part has {len(text)} characters; a "
                                f"{width}x{height} grid needs {len_v + len_h}")
    v = _bits(text[:len_v], n_vertical, url, "walls")
    h = _bits(text[len_v:], n_horizontal, url, "walls")
    vertical = tuple(tuple(v[r * (width - 1):(r + 1) * (width - 1)]) for r in range(height))
    horizontal = tuple(tuple(h[r * width:(r + 1) * width]) for r in range(height - 1))
    return vertical, horizontal


def _decode_counts(text: str, total: int, url: str) -> list[int | None]:
    counts: list[int | None] = []
    i = 0
    while i < len(text) and len(counts) < total:
        ch = text[i]
        if ch in _HEX:
            counts.append(int(ch, 16))
            i += 1
        elif ch == "-":
            digits = text[i + 1:i + 3]
            if len(digits) != 2 or any(d not in _HEX for d in digits):
                raise PuzzleFormatError(url, None, f"'-' in the counts must be followed by two "
                                        f"hex digits, not {digits!r}")
            counts.append(int(digits, 16))
            i += 3
        elif ch == ".":
            counts.append(None)  # a "?" count: it constrains nothing
            i += 1
        elif "g" <= ch <= "z":
            counts.extend([None] * (ord(ch) - ord("g") + 1))
            i += 1
        else:
            raise PuzzleFormatError(url, None, f"{ch!r} in the counts is not a count (0-f, -NN, "
                                    "., g-z)")
    if i < len(text) or len(counts) > total:
        raise PuzzleFormatError(url, None, f"the counts part holds more than the {total} counts "
                                "of the columns and rows")
    counts.extend([None] * (total - len(counts)))
    return counts


def read_url(spec: str) -> AquariumPuzzle | None:
    """The puzzle of a puzz.link Aquarium URL; ``None`` when ``spec`` is not one.

    Raises:
        NonotuiError: an Aquarium URL that is malformed, or one without the ``r`` flag (the older
            rule, which nonotui does not solve).
    """
    if not looks_like_url(spec):
        return None
    url = spec.strip()
    parts = decode(url)
    if "r" not in parts.flags:
        raise PuzzleFormatError(
            url, None, "this Aquarium URL has no 'r' flag, so it uses the older rule (one water "
            "level per connected body of water, not per tank), which nonotui does not solve; "
            "puzzles by the tank rule have 'aquarium/r/' in their URL")
    try:
        return make_puzzle(parts.rows, parts.columns, parts.tanks())
    except AquariumShapeError as exc:
        raise PuzzleFormatError(url, None, str(exc)) from None


def _pack(bits: Sequence[bool]) -> str:
    out = []
    for start in range(0, len(bits), 5):
        chunk = list(bits[start:start + 5]) + [False] * (5 - len(bits[start:start + 5]))
        out.append(_DIGITS32[sum(16 >> k for k, bit in enumerate(chunk) if bit)])
    return "".join(out)


def _encode_counts(counts: Sequence[int | None]) -> str:
    out: list[str] = []
    skipped = 0
    for n in counts:
        if n is None:
            skipped += 1
            if skipped == 20:
                out.append("z")
                skipped = 0
            continue
        if skipped:
            out.append(chr(ord("g") + skipped - 1))
            skipped = 0
        if n < 16:
            out.append(_HEX[n])
        elif n < 256:
            out.append(f"-{n:02x}")
        else:  # pragma: no cover - counts are at most MAX_SIDE
            raise NonotuiError(f"a count of {n} does not fit a puzz.link URL")
    if skipped:
        out.append(chr(ord("g") + skipped - 1))
    return "".join(out)


def write_url(puzzle: AquariumPuzzle) -> str:
    """The puzz.link URL of ``puzzle`` (with the ``r`` flag: the tank rule)."""
    tanks = puzzle.tanks
    width, height = puzzle.width, puzzle.height
    vertical = [tanks[r][c] != tanks[r][c + 1] for r in range(height) for c in range(width - 1)]
    horizontal = [tanks[r][c] != tanks[r + 1][c] for r in range(height - 1) for c in range(width)]
    borders = _pack(vertical) + _pack(horizontal)
    clues = _encode_counts(list(puzzle.columns) + list(puzzle.rows))
    return f"{HOST}aquarium/r/{width}/{height}/{borders}/{clues}"
