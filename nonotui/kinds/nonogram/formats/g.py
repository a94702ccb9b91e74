"""Petr Olšák's ``.g`` format (read only).

Text before the first line that starts with ``:`` or ``#d`` in its first column is a comment.
A ``#d`` (or ``#D``) line starts the colour declarations, one per line, until the first ``:``
line::

    #d
       0:   white   background (optional; white when left out)
       1:*  black   the default colour, for blocks without a colour character
       m:%  #0000ff a colour: character in the clues, character on Olšák's terminal, colour

The first ``:`` line starts the row clues, the second the column clues, a third ends the task
(anything after it is ignored); the rest of a ``:`` line is a comment. A clue line holds numbers
separated by spaces, each optionally followed by its colour character (``3 1m``); an empty line or
``0`` is a line without blocks. When the file ends without the closing ``:`` line, blank lines at
its very end are not counted as empty lines.

Colours are ``#RRGGBB`` or one of the common X11 colour words (``blue``, ``gray``, ...); a word
nonotui does not know is an error, never a guess. The terminal character is ignored. Only colours
the clues use are kept. Triddlers (``#Triddlers``) and triangle colours (``black/orange``) are
refused. Blocks of different colours may touch; blocks of one colour need a gap.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from nonotui.errors import PuzzleFormatError, quote
from nonotui.kinds.nonogram.formats._build import build_puzzle
from nonotui.kinds.nonogram.formats._colors import NAMED_RGB, collapse, name_for, parse_rgb
from nonotui.kinds.nonogram.formats._text import DEFAULT_BLOCK_CHAR as DEFAULT_CHAR
from nonotui.kinds.nonogram.formats._text import color_clue, head, numbered_lines
from nonotui.kinds.nonogram.puzzle import MAX_SIZE, Axis, Color, Puzzle

NAME = "g"
EXTENSIONS = (".g",)
WRITABLE = False
MULTI = False

_DEFAULT_PALETTE = (Color("white", "#ffffff", "."), Color("black", "#000000", DEFAULT_CHAR))
_DECLARATION = re.compile(r"^\s*(\S):(\S?)\s+(\S+)(?:\s.*)?$")


@dataclass
class _Declared:
    """A declared colour: its RGB value, its name if the file used a colour word, its line."""

    rgb: str
    word: str | None
    line: int


@dataclass
class _Sections:
    """What the file holds: colour declarations and the lines of each clue section."""

    colors: dict[str, _Declared] | None = None
    starts: list[int] = field(default_factory=list)
    bodies: list[list[tuple[int, str]]] = field(default_factory=list)


def sniff(text: str) -> bool:
    """Whether two lines start with ``:`` (the row and column sections)."""
    return sum(1 for line in head(text).split("\n") if line.startswith(":")) >= 2


def read(text: str, path: str) -> list[Puzzle]:
    """The one puzzle of a ``.g`` file."""
    sections = _split(text, path)
    if len(sections.bodies) < 2:
        missing = "row" if not sections.bodies else "column"
        raise PuzzleFormatError(path, None, f"no line starting with ':' opens the {missing} clues")
    clue_sets: list[list[list[tuple[int, str]]]] = []
    used: dict[str, int] = {}  # each colour character with the line of its first use
    for start, body, what in zip(sections.starts, sections.bodies, ("row", "column")):
        if not body:
            raise PuzzleFormatError(path, start, f"the {what} section has no lines")
        clue_sets.append([])
        for i, (no, line) in enumerate(body):
            clue_sets[-1].append(color_clue(line, f"{what} {i + 1}", path, no))
            for _, char in clue_sets[-1][-1]:
                used.setdefault(char, no)
    rows, columns = clue_sets
    palette, index = _palette(sections.colors, used, path)
    is_color = len(index) > 1

    def line_of(axis: Axis, i: int) -> int:
        return sections.bodies[0 if axis == "row" else 1][i][0]

    puzzle = build_puzzle(
        path,
        line_of,
        None,
        rows=[[n for n, _ in clue] for clue in rows],
        columns=[[n for n, _ in clue] for clue in columns],
        colors=palette,
        row_colors=[[index[c] for _, c in clue] for clue in rows] if is_color else None,
        column_colors=[[index[c] for _, c in clue] for clue in columns] if is_color else None,
    )
    return [puzzle]


def _split(text: str, path: str) -> _Sections:
    """Find the colour declarations and the clue sections.

    A section is read up to the most lines a puzzle can have (blank lines past it are only
    counted, in case they are the file's trailing blank lines), so a file of a million lines
    stops at once.
    """
    found = _Sections()
    blank_after_limit = 0
    for no, line in numbered_lines(text):
        if line.startswith(":"):
            if blank_after_limit:
                raise _too_long(found, path, no)
            if len(found.starts) == 2:
                break  # the closing ':' line: the rest of the file is a comment
            found.starts.append(no)
            found.bodies.append([])
        elif found.starts:
            body = found.bodies[-1]
            if len(body) >= MAX_SIZE:
                if line.strip():
                    raise _too_long(found, path, no)
                blank_after_limit += 1
                continue
            body.append((no, line))
        elif line[:2] in ("#d", "#D"):
            found.colors = found.colors if found.colors is not None else {}
        elif line[:2] in ("#t", "#T"):
            raise PuzzleFormatError(path, no, "triddlers are not supported; nonotui reads grids")
        elif found.colors is not None and line.strip():
            _declare(found.colors, line, path, no)
    else:
        # No closing ':' line: trailing blank lines are the file's end, not empty clues.
        if found.bodies:
            while found.bodies[-1] and not found.bodies[-1][-1][1].strip():
                found.bodies[-1].pop()
    return found


def _too_long(found: _Sections, path: str, no: int | None) -> PuzzleFormatError:
    what = "row" if len(found.starts) == 1 else "column"
    return PuzzleFormatError(
        path, no, f"the {what} section has more than {MAX_SIZE} lines, more than a puzzle can have"
    )


def _declare(colors: dict[str, _Declared], line: str, path: str, no: int) -> None:
    match = _DECLARATION.match(line)
    if not match:
        raise PuzzleFormatError(
            path, no, "a colour declaration must look like 'a:x  #rrggbb  comment'"
        )
    char, _terminal, word = match.groups()
    if (char.isdigit() and char not in "01") or char == ",":
        raise PuzzleFormatError(path, no, f"{quote(char)} cannot be a colour character")
    if char in colors:
        raise PuzzleFormatError(path, no, f"colour {char!r} is declared twice")
    if "/" in word or "\\" in word:
        raise PuzzleFormatError(
            path, no, f"triangle colours ({quote(word)[1:-1]}) are not supported"
        )
    if word.startswith("#"):
        rgb = parse_rgb(word)
        if rgb is None:
            raise PuzzleFormatError(path, no, f"{quote(word)} is not a #RRGGBB colour")
        colors[char] = _Declared(rgb, None, no)
    elif word.lower() in NAMED_RGB:
        colors[char] = _Declared(NAMED_RGB[word.lower()], word.lower(), no)
    else:
        raise PuzzleFormatError(
            path, no, f"the colour word {quote(word)} is not one nonotui knows; write it as #RRGGBB"
        )


def _palette(
    declared: dict[str, _Declared] | None, used: dict[str, int], path: str
) -> tuple[tuple[Color, ...], dict[str, int]]:
    """The puzzle's colours and the index of each block character the clues use."""
    if declared is None:
        for char, no in used.items():
            if char != DEFAULT_CHAR:
                raise PuzzleFormatError(
                    path, no, f"colour {char!r} is used but the file declares no colours (#d)"
                )
        return (), {DEFAULT_CHAR: 1}
    for char, no in used.items():
        if char not in declared:
            what = "the default colour 1" if char == DEFAULT_CHAR else f"colour {char!r}"
            raise PuzzleFormatError(
                path, no, f"a block has {what}, which the #d block does not declare"
            )
    background = declared.get("0", _Declared("#ffffff", "white", 0))
    palette = [Color(background.word or name_for(background.rgb, set()), background.rgb, ".")]
    taken = {palette[0].name}
    chars = [c for c in declared if c != "0" and c in used] or [DEFAULT_CHAR]
    for char in chars:
        colour = declared.get(char, _Declared("#000000", "black", 0))
        name = (
            colour.word if colour.word and colour.word not in taken else name_for(colour.rgb, taken)
        )
        taken.add(name)
        palette.append(Color(name, colour.rgb, char))
    return collapse(palette, _DEFAULT_PALETTE), {c: k + 1 for k, c in enumerate(chars)}
