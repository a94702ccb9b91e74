"""Text for colour clues, lines and boards: what ``line``, ``solve`` and ``hint`` read and print.

A colour clue is numbers each followed by its colour: ``2r 1b`` (the colour's letter, its
``char``) or ``2:red 1:blue`` (its name); a number with no colour is the palette's first colour.
Letters and names resolve against a palette: the puzzle's own, or, for ``nonotui line`` without
a puzzle, :data:`DEFAULT_PALETTE`.

A cell is written as one character: the colour's letter, ``-`` (or ``.``) empty, ``?`` unknown
(every value); a cell that still allows some values but not all is written as those values in
brackets, empty first (``[-r]``: empty or red). ``#`` always stands for the first colour, so a
black-and-white line reads the same.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

from nonotui.errors import NotationError
from nonotui.kinds.nonogram.puzzle import Color
from nonotui.model.board import Board
from nonotui.model.cells import CELL_DTYPE, CLUE_DTYPE, EMPTY, unknown_for

DEFAULT_PALETTE: tuple[Color, ...] = (
    Color("white", "#ffffff", "."),
    Color("black", "#000000", "k"),
    Color("red", "#e00000", "r"),
    Color("green", "#00a000", "g"),
    Color("blue", "#0000e0", "b"),
    Color("yellow", "#f0d000", "y"),
    Color("orange", "#ff8000", "o"),
    Color("purple", "#800080", "p"),
    Color("cyan", "#00c0c0", "c"),
    Color("magenta", "#e000e0", "m"),
    Color("brown", "#804000", "n"),
)
"""The palette of ``nonotui line`` without ``--puzzle``: background white, then black ``k``
(also ``#`` or no letter), red ``r``, green ``g``, blue ``b``, yellow ``y``, orange ``o``,
purple ``p``, cyan ``c``, magenta ``m``, brown ``n`` (docs/solver.md)."""

_PART = re.compile(r"^(\d+)(?::([A-Za-z][\w-]*)|([^\d\s:]))?$")
_EMPTY_CHARS = "-."
_UNKNOWN_CHARS = "?+ "


def is_colour_clue(text: str) -> bool:
    """Whether a clue names colours: some number is followed by a letter or ``:name``."""
    return any(re.fullmatch(r"\d+\D.*", part) for part in re.split(r"[\s,]+", text.strip()))


def color_index(palette: Sequence[Color], word: str) -> int:
    """The index (1 and up) of the block colour named ``word``: its letter or its name; ``#``
    is the first block colour.

    Raises:
        NotationError: no block colour of the palette is called so.
    """
    if word == "#":
        return 1
    for k, color in enumerate(palette):
        if k > 0 and (color.char == word or color.name.lower() == word.lower()):
            return k
    known = ", ".join(f"{c.char} {c.name}" for c in palette[1:])
    raise NotationError(f"no colour {word!r} in the palette ({known})")


def parse_colour_clue(text: str, palette: Sequence[Color]) -> tuple[tuple[int, ...],
                                                                      tuple[int, ...]]:
    """``(block lengths, block colour indices)`` of a clue such as ``2r 1b`` or
    ``2:red 1:blue``; ``0`` or nothing is the empty clue.

    Raises:
        NotationError: a part that is not a number with an optional colour, a 0 beside others,
            or a colour the palette lacks.
    """
    parts = [p for p in re.split(r"[\s,]+", text.strip()) if p]
    blocks: list[int] = []
    colors: list[int] = []
    for part in parts:
        m = _PART.match(part)
        if m is None:
            raise NotationError(
                f"clue {text!r}: {part!r} is not a number with a colour (like 2r or 2:red)")
        blocks.append(int(m.group(1)))
        word = m.group(2) or m.group(3)
        colors.append(1 if word is None else color_index(palette, word))
    if blocks == [0]:
        return (), ()
    if 0 in blocks:
        raise NotationError(f"clue {text!r}: a block of 0 cells may only stand alone (empty line)")
    return tuple(blocks), tuple(colors)


def parse_colour_line(text: str, palette: Sequence[Color], *, row: int | None = None
                      ) -> np.ndarray:
    """One line of colour cells (see the module docstring); ``row`` (1-based) is named in errors.

    Raises:
        NotationError: a character that is no colour of the palette, with its column.
    """
    unknown = unknown_for(len(palette) - 1)
    cells: list[int] = []
    i = 0
    where = f"line {row}, " if row is not None else ""
    while i < len(text):
        ch = text[i]
        if ch == "[":
            end = text.find("]", i)
            if end < 0:
                raise NotationError(f"{where}column {len(cells) + 1}: '[' without ']'")
            value = 0
            for inner in text[i + 1:end]:
                value |= _cell_value(inner, palette, unknown, where, len(cells))
            if value == 0:
                raise NotationError(f"{where}column {len(cells) + 1}: '[]' allows no value")
            cells.append(value)
            i = end + 1
            continue
        cells.append(_cell_value(ch, palette, unknown, where, len(cells)))
        i += 1
    return np.array(cells, dtype=CELL_DTYPE)


def _cell_value(ch: str, palette: Sequence[Color], unknown: int, where: str, at: int) -> int:
    if ch in _EMPTY_CHARS:
        return EMPTY
    if ch in _UNKNOWN_CHARS:
        return unknown
    try:
        return 1 << color_index(palette, ch)
    except NotationError:
        letters = "".join(c.char for c in palette[1:])
        raise NotationError(
            f"{where}column {at + 1}: unexpected character {ch!r} (use a colour letter of "
            f"{letters!r}, - or . for empty, ? for unknown)") from None


def cell_text(value: int, palette: Sequence[Color]) -> str:
    """One cell as text: a letter, ``-``, ``?``, or the values it allows in brackets."""
    value = int(value)
    if value == unknown_for(len(palette) - 1):
        return "?"
    if value == EMPTY:
        return "-"
    chars = [("-" if k == 0 else palette[k].char) for k in range(len(palette))
             if value >> k & 1]
    if len(chars) == 1:
        return chars[0]
    return "[" + "".join(chars) + "]"


def format_colour_line(cells: Sequence[int] | np.ndarray, palette: Sequence[Color]) -> str:
    """A line of colour cells in the notation :func:`parse_colour_line` reads."""
    return "".join(cell_text(int(v), palette) for v in cells)


def value_names(value: int, palette: Sequence[Color]) -> list[str]:
    """The names of the values a cell allows: ``empty`` and colour names."""
    return [("empty" if k == 0 else palette[k].name) for k in range(len(palette))
            if int(value) >> k & 1]


def value_name(value: int, palette: Sequence[Color]) -> str:
    """A decided cell's value by name (``empty``, ``red``); an undecided one's values joined
    by ``/``."""
    return "/".join(value_names(value, palette)) or "nothing"


def format_colour_clue(blocks: Sequence[int], colors: Sequence[int],
                       palette: Sequence[Color]) -> str:
    """A colour clue in words: ``2 red, 1 blue``; ``0`` for the empty clue."""
    if not blocks:
        return "0"
    return ", ".join(f"{n} {palette[k].name}" for n, k in zip(blocks, colors))


def clue_arrays(blocks: Sequence[int], colors: Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
    """A clue as the kernels take it."""
    return np.array(blocks, dtype=CLUE_DTYPE), np.array(colors, dtype=CLUE_DTYPE)


def colour_board_rows(board: Board, palette: Sequence[Color]) -> list[str]:
    """A colour board as rows of text."""
    return [format_colour_line(row, palette) for row in board.cells]


def parse_colour_board(text: str, palette: Sequence[Color], width: int, height: int) -> Board:
    """A colour board from rows of text, its size checked.

    Raises:
        NotationError: a bad character, or a row or board of the wrong size, with the line.
    """
    rows = text.split("\n")
    if rows and rows[-1] == "":
        rows.pop()
    if len(rows) != height:
        raise NotationError(f"the board has {len(rows)} rows, the puzzle {height}")
    cells = np.empty((height, width), dtype=CELL_DTYPE)
    for r, line in enumerate(rows):
        row = parse_colour_line(line.rstrip("\r"), palette, row=r + 1)
        if row.shape[0] != width:
            raise NotationError(f"line {r + 1}: {row.shape[0]} cells where {width} were expected")
        cells[r] = row
    return Board(cells)
