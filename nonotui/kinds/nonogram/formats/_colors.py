"""Colour helpers shared by the formats that can hold colour puzzles (.non, webpbn XML, Olšák .g).

Each of those formats names colours differently (a letter, an XML name, an X11 word), so readers
use these helpers to build a :class:`~nonotui.kinds.nonogram.puzzle.Color` palette the same way, and
writers use :func:`writable_chars` to get one character per colour that their syntax can hold.
"""

from __future__ import annotations

import colorsys
import re
from collections.abc import Callable, Sequence

from nonotui.errors import UnsupportedPuzzleError
from nonotui.kinds.nonogram.puzzle import Color

NAMED_RGB: dict[str, str] = {
    "white": "#ffffff",
    "black": "#000000",
    "red": "#ff0000",
    "green": "#00ff00",
    "blue": "#0000ff",
    "yellow": "#ffff00",
    "cyan": "#00ffff",
    "magenta": "#ff00ff",
    "gray": "#bebebe",
    "grey": "#bebebe",
    "orange": "#ffa500",
    "pink": "#ffc0cb",
    "purple": "#a020f0",
    "brown": "#a52a2a",
    "navy": "#000080",
    "maroon": "#b03060",
    "violet": "#ee82ee",
    "gold": "#ffd700",
    "beige": "#f5f5dc",
    "khaki": "#f0e68c",
    "salmon": "#fa8072",
    "tan": "#d2b48c",
    "turquoise": "#40e0d0",
    "darkgreen": "#006400",
    "darkblue": "#00008b",
    "darkred": "#8b0000",
    "lightblue": "#add8e6",
    "lightgreen": "#90ee90",
    "lightgray": "#d3d3d3",
    "lightgrey": "#d3d3d3",
    "darkgray": "#a9a9a9",
    "darkgrey": "#a9a9a9",
}
"""Colour words Olšák's ``.g`` files may use (X11 values), and names given to unnamed colours."""

_NAME_OF_RGB: dict[str, str] = {}
for _name, _rgb in NAMED_RGB.items():
    _NAME_OF_RGB.setdefault(_rgb, _name)

_HEX = re.compile(r"^#?(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")

CHAR_POOL = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""Where writers find a replacement for a colour character their syntax cannot hold."""


def refuse_colour(fmt: str) -> UnsupportedPuzzleError:
    """The error of a writer whose format has no colours: it refuses rather than drop them."""
    return UnsupportedPuzzleError(
        f"the {fmt} format cannot hold a colour puzzle (it would drop the colours); "
        "write it as non or xml"
    )


def parse_rgb(text: str) -> str | None:
    """``#rrggbb`` (lower case) for ``rgb``, ``#rgb``, ``rrggbb`` or ``#rrggbb``, else ``None``."""
    text = text.strip()
    if not _HEX.match(text):
        return None
    digits = text.lstrip("#").lower()
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    return "#" + digits


def rgb_of(color: Color) -> str:
    """``color``'s value as ``#rrggbb``, for writers.

    Raises:
        UnsupportedPuzzleError: the value is not a hex colour (the model does not check it).
    """
    rgb = parse_rgb(color.rgb)
    if rgb is None:
        raise UnsupportedPuzzleError(
            f"colour {color.name!r} has the value {color.rgb!r}, not #rrggbb"
        )
    return rgb


def auto_rgb(index: int) -> str:
    """A distinct, fixed colour for the ``index``-th colour a file uses but never defines.

    Hues step by the golden ratio, so neighbouring indices get far-apart colours.
    """
    hue = (index * 0.618033988749895) % 1.0
    r, g, b = (round(v * 255) for v in colorsys.hsv_to_rgb(hue, 0.8, 0.85))
    return f"#{r:02x}{g:02x}{b:02x}"


def name_for(rgb: str, taken: set[str]) -> str:
    """A readable name for a colour that its file does not name, unique among ``taken``.

    The common name of ``rgb`` when it has one, else ``rgb`` itself. Names must be unique because
    a colour puzzle's identity is built from them.
    """
    for candidate in (_NAME_OF_RGB.get(rgb), rgb):
        if candidate is not None and candidate not in taken:
            return candidate
    n = 2
    while f"{rgb}-{n}" in taken:
        n += 1
    return f"{rgb}-{n}"


def collapse(palette: Sequence[Color], default: tuple[Color, Color]) -> tuple[Color, ...]:
    """``()`` when ``palette`` is the format's own black-and-white pair, else the palette.

    A black-and-white puzzle with the format's default colours carries no palette, so the same
    puzzle read from different formats compares equal.
    """
    return () if tuple(palette) == default else tuple(palette)


def writable_chars(
    palette: Sequence[Color], usable: Callable[[str], bool], fixed: dict[int, str] | None = None
) -> list[str]:
    """One character per palette entry that a format can write, unique within the palette.

    Args:
        palette: The colours, background first.
        usable: Whether the format's syntax can hold a character.
        fixed: Characters the format imposes for some entries (index to character).

    Returns:
        Each colour's own character when it is usable and not yet taken, else the first free one
        of :data:`CHAR_POOL`.
    """
    own = dict(fixed or {})
    taken = set(own.values())
    # Own characters first, so a replacement never takes the character a later colour owns.
    for i, color in enumerate(palette):
        ch = color.char
        if i not in own and len(ch) == 1 and usable(ch) and ch not in taken:
            own[i] = ch
            taken.add(ch)
    spare = (c for c in CHAR_POOL if usable(c) and c not in taken)
    return [own[i] if i in own else next(spare) for i in range(len(palette))]
