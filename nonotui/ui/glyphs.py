"""How cells, guides and marks are drawn: Unicode glyphs, or ASCII where Unicode cannot show.

Cell states differ by glyph, not only by colour, so the board reads the same with ``NO_COLOR``
or on a monochrome terminal.
"""

from __future__ import annotations

import locale
import os
import sys
from dataclasses import dataclass

from rich.cells import cell_len


@dataclass(frozen=True)
class Glyphs:
    """One set of glyphs. Cell glyphs are one character, drawn right-aligned in a cell.

    Attributes:
        filled: A filled cell (repeated across the cell's width).
        filled_cursor: A filled cell under the cursor, a different texture so the cursor shows
            even where colour does not.
        crossed: A cell marked empty.
        unknown: A cell not yet decided.
        vertical: The guide line between groups of five columns.
        horizontal: The guide line between groups of five rows.
        crossing: Where guide lines cross.
        error: The mark beside a completed line that breaks its clue, and in front of a mark
            a check found wrong.
        hint: The mark in front of each cell a hint is about.
        wall_vertical: A wall between two cells side by side (a kind with regions).
        wall_horizontal: A wall between two cells one above the other.
        wall_crossing: Where walls meet.
    """

    name: str
    filled: str
    filled_cursor: str
    crossed: str
    unknown: str
    vertical: str
    horizontal: str
    crossing: str
    error: str
    hint: str
    wall_vertical: str
    wall_horizontal: str
    wall_crossing: str

    def __post_init__(self) -> None:
        # The grid cuts its lines by string length (nonotui.ui.painter), so every glyph must
        # be a single character one terminal cell wide.
        for name, glyph in vars(self).items():
            if name != "name" and (len(glyph) != 1 or cell_len(glyph) != 1):
                raise ValueError(f"glyph {name} must be one character one cell wide: {glyph!r}")


    def wall_join(self, up: bool, down: bool, left: bool, right: bool) -> str:
        """The glyph where walls meet, by the arms that leave it: a corner, a T or a cross in
        Unicode; ``+`` where ASCII turns a corner, ``|`` or ``=`` where it runs straight on."""
        joins = _JOINS.get(self.name)
        if joins is None:
            return self.wall_crossing
        return joins[up | down << 1 | left << 2 | right << 3]


_JOINS = {"unicode": " ╹╻┃╸┛┓┫╺┗┏┣━┻┳╋", "ascii": " |||=+++=+++=+++"}
"""Wall joins by their arms (bit 0 up, 1 down, 2 left, 3 right)."""

UNICODE = Glyphs("unicode", "█", "▓", "×", "·", "│", "─", "┼", "!", "*", "┃", "━", "╋")
ASCII = Glyphs("ascii", "#", "@", "x", ".", "|", "-", "+", "!", "*", "|", "=", "+")


def terminal_speaks_unicode() -> bool:
    """Whether the output encoding (or, failing that, the locale) is a Unicode one."""
    encoding = getattr(sys.__stdout__, "encoding", None) or locale.getpreferredencoding(False)
    if encoding and encoding.lower().replace("-", "").startswith("utf"):
        return True
    for var in ("LC_ALL", "LC_CTYPE", "LANG"):
        value = os.environ.get(var)
        if value:
            return "utf-8" in value.lower() or "utf8" in value.lower()
    return False


def choose(setting: str) -> Glyphs:
    """The glyphs for the ``glyphs`` setting: ``unicode``, ``ascii`` or ``auto``."""
    if setting == "ascii":
        return ASCII
    if setting == "unicode":
        return UNICODE
    return UNICODE if terminal_speaks_unicode() else ASCII
