"""Steve Simpson's ``.non`` format with the nonogram-db extensions (read and write).

A puzzle is ``key value`` lines: ``width W`` and ``height H`` first, then ``rows`` followed by H
clue lines and ``columns`` followed by W clue lines. A clue is numbers separated by commas (spaces
are accepted too), each optionally followed by one colour character (``3b,1d``); ``0`` or an empty
line is a line without blocks. Properties:

- ``title``, ``by`` (the author), ``copyright``, ``catalogue``, ``description`` (``notes`` is read
  as a synonym): quoted strings that may hold HTML entities, which are decoded on reading. Writing
  escapes only ``&``, ``"`` and line breaks, so every text comes back exactly. An unquoted value is
  taken as it stands.
- ``license``: an SPDX identifier, unquoted, or a quoted free text.
- ``color C #rrggbb``: the colour of character ``C``. A block without a character has colour
  ``1``; ``color 0`` sets the background. In a file without ``color`` lines, characters get
  distinct colours of nonotui's choosing; once a file defines a block colour, a character without
  its ``color`` line is an error (a typo would otherwise become a new colour). The format has no
  colour names, so colours are named after their RGB value (``red``, or ``#9cf200``).
- ``goal "0110..."``: the picture, row by row; ``0`` is blank, anything else filled (in a colour
  puzzle, the colour character). White space inside it is ignored.
- ``saved "0?1..."``: a partly solved state in the same notation with ``?`` for unknown cells. Only
  the first ``saved`` line is kept; a cell that may be some but not all colours is written ``?``.

Several puzzles may be bundled, separated by a line ``====``. Unknown lines are ignored, as the
format demands. ``width``, ``height``, ``rows``, ``columns`` and ``goal`` may each appear once per
puzzle; for the other properties the last one counts.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from nonotui.errors import PuzzleFormatError, quote
from nonotui.kinds.nonogram.formats._build import build_puzzle
from nonotui.kinds.nonogram.formats._colors import (
    auto_rgb,
    collapse,
    name_for,
    parse_rgb,
    rgb_of,
    writable_chars,
)
from nonotui.kinds.nonogram.formats._text import DEFAULT_BLOCK_CHAR as DEFAULT_CHAR
from nonotui.kinds.nonogram.formats._text import MAX_PUZZLE_LINES, MAX_PUZZLES, color_clue, head
from nonotui.kinds.nonogram.puzzle import MAX_SIZE, Axis, Color, Puzzle
from nonotui.model.cells import EMPTY, color_bit, unknown_for

NAME = "non"
EXTENSIONS = (".non", ".nonpack")
WRITABLE = True
MULTI = True

SEPARATOR = "===="

_DEFAULT_PALETTE = (Color("white", "#ffffff", "."), Color("black", "#000000", DEFAULT_CHAR))
_TEXT_KEYS = {
    "title": "title",
    "by": "author",
    "copyright": "copyright",
    "license": "license",
    "catalogue": "catalogue",
    "description": "description",
    "notes": "description",
}
_KEYS = {"width", "height", "rows", "columns", "color", "goal", "saved", *_TEXT_KEYS}
_ONCE = {"width", "height", "rows", "columns", "goal"}
_KEY_LINE = re.compile(r"^\s*(\S+)\s*(.*?)\s*$")
_SEPARATOR_LINE = re.compile(r"^[^\S\n]*====[^\S\n]*$", re.MULTILINE)
_SPDX = re.compile(r"^[A-Za-z0-9][A-Za-z0-9.+\-]*$")

Clue = list[tuple[int, str]]


@dataclass
class _Draft:
    """What has been read of one puzzle, with the line of everything for error messages."""

    start: int
    size: dict[str, int] = field(default_factory=dict)
    clues: dict[str, list[Clue]] = field(default_factory=dict)
    clue_lines: dict[str, list[int]] = field(default_factory=dict)
    colors: dict[str, str] = field(default_factory=dict)
    pictures: dict[str, tuple[int, str]] = field(default_factory=dict)
    text: dict[str, str] = field(default_factory=dict)
    seen: dict[str, int] = field(default_factory=dict)


def sniff(text: str) -> bool:
    """Whether the text has a ``width`` or ``height`` line and a ``rows`` or ``columns`` line."""
    keys = {line.split(maxsplit=1)[0].lower() for line in head(text).split("\n") if line.strip()}
    return bool(keys & {"width", "height"}) and bool(keys & {"rows", "columns"})


def read(text: str, path: str) -> list[Puzzle]:
    """Every puzzle of a ``.non`` file or bundle.

    Reading stops at the first puzzle that runs on past the most lines a puzzle can hold (a
    missing ``====`` or a file that is not a puzzle), so no file is read line by line to its end
    for nothing.
    """
    if text.endswith("\n"):
        text = text[:-1]  # the empty string after the final newline is not a line of the file
    pieces: list[tuple[int, str]] = []  # (first line, text) of each puzzle's part of the file
    start, no = 0, 1
    for match in _SEPARATOR_LINE.finditer(text):
        pieces.append((no, text[start : match.start()]))
        no += text.count("\n", start, match.end()) + 1
        start = match.end() + 1
    pieces.append((no, text[start:]))
    pieces = [(first, piece) for first, piece in pieces if piece.strip()]
    if len(pieces) > MAX_PUZZLES:
        raise PuzzleFormatError(
            path, pieces[MAX_PUZZLES][0], f"more than {MAX_PUZZLES:,} puzzles in one file; "
            "split it into several files"
        )
    chunks = []
    for first, piece in pieces:
        if piece.count("\n") >= MAX_PUZZLE_LINES:
            raise PuzzleFormatError(
                path, first + MAX_PUZZLE_LINES, f"more than {MAX_PUZZLE_LINES:,} lines in one "
                f"puzzle: no puzzle of at most {MAX_SIZE} by {MAX_SIZE} cells needs that many "
                "(is a '====' line missing?)"
            )
        chunks.append([(first + i, line) for i, line in enumerate(piece.split("\n"))])
    return [_read_one(chunk, path, bundle=len(chunks) > 1) for chunk in chunks]


def _read_one(chunk: list[tuple[int, str]], path: str, bundle: bool) -> Puzzle:
    start = next(no for no, line in chunk if line.strip())
    draft = _Draft(start=start)
    i = 0
    while i < len(chunk):
        no, line = chunk[i]
        i += 1
        match = _KEY_LINE.match(line)
        if not match:
            continue
        key, value = match.group(1).lower(), match.group(2)
        if key not in _KEYS:
            continue  # the format says unknown lines are ignored
        if key in _ONCE and key in draft.seen:
            raise PuzzleFormatError(
                path, no, f"{key} is given twice in one puzzle (first on line {draft.seen[key]})"
            )
        draft.seen.setdefault(key, no)
        if key in ("width", "height"):
            draft.size[key] = _size(value, key, path, no)
        elif key in ("rows", "columns"):
            i = _read_section(draft, chunk, i, key, path, no)
        elif key == "color":
            _read_color(draft, value, path, no)
        elif key in ("goal", "saved"):
            if key not in draft.pictures:
                draft.pictures[key] = (no, _picture_value(value, key, path, no))
        else:
            draft.text[_TEXT_KEYS[key]] = _text_value(value, path, no)
    return _build(draft, path, draft.start if bundle else None)


def _size(value: str, key: str, path: str, no: int) -> int:
    if not (value.isdigit() and value.isascii()):
        raise PuzzleFormatError(path, no, f"{key} {quote(value)} is not a whole number")
    if len(value) > 6:  # a whole number all the same: over the limit, not read
        raise PuzzleFormatError(path, no, f"{key} {quote(value, 20)} is outside 1 to {MAX_SIZE}")
    n = int(value)
    if not 1 <= n <= MAX_SIZE:
        raise PuzzleFormatError(path, no, f"{key} {n} is outside 1 to {MAX_SIZE}")
    return n


def _read_section(
    draft: _Draft, chunk: list[tuple[int, str]], i: int, key: str, path: str, no: int
) -> int:
    """Read the clue lines after a ``rows`` or ``columns`` line; returns the next index."""
    dimension = "height" if key == "rows" else "width"
    if dimension not in draft.size:
        raise PuzzleFormatError(
            path, no, f"{key} comes before {dimension}; the size must be given first"
        )
    count = draft.size[dimension]
    axis = key[:-1]
    length = draft.size.get("width" if key == "rows" else "height")
    clues: list[Clue] = []
    lines: list[int] = []
    while len(clues) < count:
        line_no, line = chunk[i] if i < len(chunk) else (None, "")
        words = line.split(maxsplit=1)
        # A key line (or the end) before the section is complete: the file lacks clue lines.
        if line_no is None or (words and words[0].lower() in _KEYS):
            raise PuzzleFormatError(
                path,
                line_no if line_no is not None else (lines[-1] if lines else no),
                f"the {key} section ends after {len(clues)} of the {count} lines "
                f"its {dimension} needs",
            )
        clues.append(color_clue(line, f"{axis} {len(clues) + 1}", path, line_no, length))
        lines.append(line_no)
        i += 1
    draft.clues[key] = clues
    draft.clue_lines[key] = lines
    return i


def _read_color(draft: _Draft, value: str, path: str, no: int) -> None:
    words = value.split()
    rgb = parse_rgb(words[1]) if len(words) >= 2 else None
    if len(words) < 2 or len(words[0]) != 1 or rgb is None:
        raise PuzzleFormatError(
            path, no, f"color {quote(value)} is not a colour line like 'color a #ff0000'"
        )
    char = words[0]
    if (char.isdigit() and char not in "01") or char in ',"':
        raise PuzzleFormatError(path, no, f"{char!r} cannot be a colour character")
    if char in draft.colors:
        raise PuzzleFormatError(path, no, f"colour {char!r} is defined twice")
    draft.colors[char] = rgb


def _unquote(value: str, path: str, no: int) -> str | None:
    """The text between quotes with its HTML entities decoded, or ``None`` if it is unquoted."""
    if not value or value[0] not in "\"'":
        return None
    end = value.rfind(value[0])
    if end == 0:
        raise PuzzleFormatError(path, no, f"the value {quote(value)} has no closing quote")
    return html.unescape(value[1:end])


def _text_value(value: str, path: str, no: int) -> str:
    quoted = _unquote(value, path, no)
    return value if quoted is None else quoted


def _picture_value(value: str, key: str, path: str, no: int) -> str:
    quoted = _unquote(value, path, no)
    cells = "".join((value if quoted is None else quoted).split())
    if not cells:
        raise PuzzleFormatError(path, no, f"the {key} is empty; write the picture on its line")
    return cells


def _build(draft: _Draft, path: str, whole_line: int | None) -> Puzzle:
    for key in ("width", "height", "rows", "columns"):
        if key not in draft.seen:
            raise PuzzleFormatError(path, whole_line, f"the puzzle has no {key} line")
    rows, columns = draft.clues["rows"], draft.clues["columns"]
    _check_defined(draft, path)
    palette, index = _palette(draft, rows + columns)
    is_color = len(index) > 1
    fields: dict[str, object] = dict(
        rows=[[n for n, _ in clue] for clue in rows],
        columns=[[n for n, _ in clue] for clue in columns],
        colors=palette,
        row_colors=[[index[c] for _, c in clue] for clue in rows] if is_color else None,
        column_colors=[[index[c] for _, c in clue] for clue in columns] if is_color else None,
        **draft.text,
    )

    def line_of(axis: Axis, i: int) -> int:
        return draft.clue_lines["rows" if axis == "row" else "columns"][i]

    puzzle = build_puzzle(path, line_of, whole_line, **fields)
    # The saved state and then the goal are checked apart, so that their errors name their own
    # line, and the goal (the costly check) only once.
    for key in ("saved", "goal"):
        if key in draft.pictures:
            no, cells = draft.pictures[key]
            fields[key] = _cells(cells, key, puzzle, index, path, no)
            puzzle = build_puzzle(path, None, no, **fields)
    return puzzle


def _check_defined(draft: _Draft, path: str) -> None:
    """Once the file defines a block colour, every colour character must have its ``color`` line.

    The block without a character (colour ``1``) is exempt: it is black when left undefined.
    """
    defined = [c for c in draft.colors if c != "0"]
    if not defined:
        return
    for key in ("rows", "columns"):
        for i, clue in enumerate(draft.clues[key]):
            for _, char in clue:
                if char != DEFAULT_CHAR and char not in draft.colors:
                    raise PuzzleFormatError(
                        path,
                        draft.clue_lines[key][i],
                        f"{key[:-1]} {i + 1}: colour {char!r} has no 'color {char} #rrggbb' line "
                        f"(the file defines {', '.join(repr(c) for c in defined)})",
                    )


def _palette(draft: _Draft, clues: list[Clue]) -> tuple[tuple[Color, ...], dict[str, int]]:
    """The puzzle's colours and the index of each block character (1 for black and white).

    Only characters the clues use become colours: defined ones in the order of their ``color``
    lines, then undefined ones in the order of first use.
    """
    used: list[str] = []
    for clue in clues:
        for _, char in clue:
            if char not in used:
                used.append(char)
    chars = [c for c in draft.colors if c != "0" and c in used]
    chars += [c for c in used if c not in draft.colors]
    if not chars:
        # No block at all: a black-and-white puzzle, in its first defined colour if it has one.
        chars = [next((c for c in draft.colors if c != "0"), DEFAULT_CHAR)]
    background = draft.colors.get("0", "#ffffff")
    palette = [Color(name_for(background, set()), background, ".")]
    taken = {palette[0].name}
    undefined = 0
    for char in chars:
        if char in draft.colors:
            rgb = draft.colors[char]
        elif char == DEFAULT_CHAR:
            rgb = "#000000"
        else:
            rgb = auto_rgb(undefined)
            undefined += 1
        palette.append(Color(name_for(rgb, taken), rgb, char))
        taken.add(palette[-1].name)
    return collapse(palette, _DEFAULT_PALETTE), {c: k + 1 for k, c in enumerate(chars)}


def _cells(
    cells: str, key: str, puzzle: Puzzle, index: dict[str, int], path: str, no: int
) -> list[list[int]]:
    """The goal (colour indices) or saved state (cell bitsets) written in ``cells``."""
    width, height = puzzle.width, puzzle.height
    if len(cells) != width * height:
        raise PuzzleFormatError(
            path,
            no,
            f"the {key} has {len(cells)} cells where {width}x{height} needs {width * height}",
        )
    values = []
    for char in cells:
        if char == "0":
            k = 0
        elif key == "saved" and char == "?":
            values.append(unknown_for(puzzle.n_colors))
            continue
        elif not puzzle.is_color:
            k = 1  # the format: anything but 0 is filled
        elif char in index:
            k = index[char]
        else:
            raise PuzzleFormatError(
                path, no, f"the {key} uses {char!r}, which is not 0 or a colour of this puzzle"
            )
        values.append(k if key == "goal" else (EMPTY if k == 0 else color_bit(k)))
    return [values[r * width : (r + 1) * width] for r in range(height)]


# -- writing ----------------------------------------------------------------------------------


def write(puzzles: Sequence[Puzzle]) -> str:
    """The puzzles as ``.non`` text, separated by ``====`` lines when there are several."""
    return (SEPARATOR + "\n").join(_write_one(p) for p in puzzles)


def _usable(char: str) -> bool:
    """Whether ``char`` can follow a number as a colour character and stand in a goal."""
    if char == DEFAULT_CHAR:
        return True
    return char.isprintable() and not char.isspace() and not char.isdigit() and char not in ',"?&'


def _escape(text: str) -> str:
    """Text for a quoted value: only what would end or alter the value is escaped."""
    return (
        text.replace("&", "&amp;")
        .replace('"', "&quot;")
        .replace("\n", "&#10;")
        .replace("\r", "&#13;")
    )


def _write_one(puzzle: Puzzle) -> str:
    lines = []
    for key, value in (
        ("catalogue", puzzle.catalogue),
        ("title", puzzle.title),
        ("by", puzzle.author),
        ("copyright", puzzle.copyright),
    ):
        if value is not None:
            lines.append(f'{key} "{_escape(value)}"')
    if puzzle.license is not None:
        spdx = _SPDX.match(puzzle.license)
        lines.append(
            f"license {puzzle.license}" if spdx else f'license "{_escape(puzzle.license)}"'
        )
    if puzzle.description is not None:
        lines.append(f'description "{_escape(puzzle.description)}"')
    lines += [f"width {puzzle.width}", f"height {puzzle.height}"]
    chars = [".", DEFAULT_CHAR]
    if puzzle.colors:
        chars = writable_chars(puzzle.colors, _usable, fixed={0: "0"})
        if rgb_of(puzzle.colors[0]) != "#ffffff":
            lines.append(f"color 0 {rgb_of(puzzle.colors[0])}")
        lines += [f"color {chars[k]} {rgb_of(c)}" for k, c in enumerate(puzzle.colors) if k]
    for key, clues, colors_of in (
        ("rows", puzzle.rows, puzzle.row_clue_colors),
        ("columns", puzzle.columns, puzzle.column_clue_colors),
    ):
        lines += ["", key]
        for i, clue in enumerate(clues):
            blocks = [
                f"{n}{'' if chars[k] == DEFAULT_CHAR else chars[k]}"
                for n, k in zip(clue, colors_of(i))
            ]
            lines.append(",".join(blocks) if blocks else "0")
    if puzzle.goal is not None:
        picture = "".join("0" if v == 0 else chars[v] for row in puzzle.goal for v in row)
        lines += ["", f'goal "{picture}"']
    if puzzle.saved is not None:
        lines.append(
            f'saved "{"".join(_saved_char(v, chars) for row in puzzle.saved for v in row)}"'
        )
    return "\n".join(lines) + "\n"


def _saved_char(value: int, chars: list[str]) -> str:
    if value == EMPTY:
        return "0"
    if value & (value - 1) == 0:
        return chars[value.bit_length() - 1]
    return "?"  # unknown, or a set of colours the notation cannot hold: widened to unknown
