"""A colour puzzle's palette on screen: contrast of text on colours (WCAG 2), the colours a clue
number is drawn in, when colours must be told apart by their letters, and the palette strip.

A colour puzzle's values (:meth:`~nonotui.model.kind.Kind.values`) carry ``#rrggbb`` colours.
The grid draws them in true colour; Textual (through Rich) turns them into the nearest colour of
a 256- or 16-colour terminal. Where colour cannot tell two values apart (``NO_COLOR``, the ASCII
glyph setting, or a terminal whose colours map two of them to one), each value's character is
drawn instead, in the cells and beside the clue numbers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.color import Color as RichColor
from rich.color import ColorSystem
from rich.style import Style
from rich.text import Text
from textual import events
from textual.reactive import var
from textual.widgets import Static

from nonotui.model.kind import CellValue

if TYPE_CHECKING:
    from nonotui.ui.session import PlaySession

MIN_CONTRAST = 4.5
"""The least contrast ratio of clue text on its colour (WCAG 2, level AA for normal text)."""

FAINT = 1.5
"""Below this contrast with the theme's background a colour's cells would hardly show (white
on a light theme): they are drawn as the colour's letter on the colour, like under ``NO_COLOR``."""

BLACK = "#000000"
WHITE = "#ffffff"

SYSTEMS = {"truecolor": ColorSystem.TRUECOLOR, "256": ColorSystem.EIGHT_BIT,
           "standard": ColorSystem.STANDARD, "windows": ColorSystem.WINDOWS}
"""Rich's colour systems by the name a console gives (``Console.color_system``)."""


def _channels(rgb: str) -> tuple[int, int, int]:
    triplet = RichColor.parse(rgb).get_truecolor()
    return triplet.red, triplet.green, triplet.blue


def luminance(rgb: str) -> float:
    """The relative luminance of ``#rrggbb`` (WCAG 2: 0 black, 1 white)."""
    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in _channels(rgb))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """The WCAG 2 contrast ratio of two colours, from 1 (the same) to 21 (black on white)."""
    la, lb = luminance(a), luminance(b)
    hi, lo = max(la, lb), min(la, lb)
    return (hi + 0.05) / (lo + 0.05)


def text_on(rgb: str) -> str:
    """Black or white, whichever reads better on ``rgb`` (at least 4.58:1 on any colour)."""
    return BLACK if contrast(BLACK, rgb) >= contrast(WHITE, rgb) else WHITE


def clue_colors(rgb: str, surface: str) -> tuple[str, str | None]:
    """The text colour and background of a clue number whose block is ``rgb``, drawn on a
    theme's ``surface``: the block's colour as the text when it reads at :data:`MIN_CONTRAST`
    on the surface, else as the background under black or white text.

    Returns:
        ``(text, background)``; ``background`` is ``None`` for the surface itself.
    """
    if contrast(rgb, surface) >= MIN_CONTRAST:
        return rgb, None
    return text_on(rgb), rgb


def colors_collapse(colors: Sequence[str], system: str | None) -> bool:
    """Whether a terminal of colour ``system`` (``truecolor``, ``256``, ``standard``,
    ``windows``) shows two of ``colors`` as one, so that letters must tell them apart; also
    ``True`` for no colour at all."""
    if system is None:
        return True
    target = SYSTEMS.get(system)
    if target is None:
        return True
    shown = set()
    for rgb in colors:
        color = RichColor.parse(rgb).downgrade(target)
        shown.add(color.triplet if color.number is None else color.number)
    return len(shown) < len({rgb.lower() for rgb in colors})


def strip_text(colors: Sequence[CellValue], current: int, letters: bool,
               names: bool = True) -> Text:
    """The palette strip: each colour's key (1 to 9), a swatch and its name, the current one
    between brackets (so it shows without colour too); with ``letters``, the colour's character
    stands in the swatch; without ``names``, only the current colour's name is written."""
    text = Text(no_wrap=True, overflow="ellipsis")
    for i, value in enumerate(colors):
        chosen = i == current
        key = str(i + 1) if i < 9 else " "
        text.append("[" if chosen else " ", Style(bold=True))
        text.append(f"{key} ", Style(bold=chosen))
        rgb = value.rgb or WHITE
        swatch = f" {value.char} " if letters else "   "
        text.append(swatch, Style(color=text_on(rgb), bgcolor=rgb, bold=True))
        if names or chosen:
            text.append(f" {value.name}", Style(bold=chosen, underline=chosen))
        text.append("]" if chosen else " ", Style(bold=True))
    return text


def choose_color(session: PlaySession, index: int, letters: bool, cycle: bool = False) -> str:
    """Make colour ``index`` (0-based; with ``cycle``, taken round the palette's end) current
    and say so, or say why not (no palette, no such colour)."""
    colors = session.colors
    if not colors:
        return "a black-and-white puzzle has no colours to choose"
    if cycle:
        index %= len(colors)
    if not session.choose_color(index):
        return (f"no colour {index + 1}: this puzzle has {len(colors)} (1 to "
                f"{min(9, len(colors))}, or ] and [)")
    color = colors[index]
    return f"colour {index + 1}: {color.name}" + (f" ({color.char})" if letters else "")


class PaletteStrip(Static):
    """The colours of a colour puzzle with their keys, the current one picked out; hidden for
    a puzzle without a palette."""

    DEFAULT_CSS = """
    PaletteStrip {
        height: 1;
        width: 100%;
        background: $surface;
        color: $foreground;
        padding: 0 1;
    }
    """

    current = var(-1, init=False)
    """The chosen colour, 0-based (-1 until the play screen binds it)."""
    letters = var(False, init=False)
    """Each swatch shows its colour's character, as the grid draws the colours."""

    def __init__(self, colors: Sequence[CellValue], *, id: str | None = None) -> None:
        super().__init__("", id=id, markup=False)
        self.palette = tuple(colors)
        self.display = bool(colors)
        self.text = ""
        """The strip as shown, in plain text."""

    def on_resize(self, _event: events.Resize) -> None:
        self._draw()

    def _draw(self) -> None:
        """Every colour's name when they fit the width, else the current one's only (nothing
        without colours)."""
        if not self.palette or self.current < 0:
            return
        text = strip_text(self.palette, self.current, self.letters)
        width = self.content_region.width if self.is_mounted else 0
        if width and text.cell_len > width:
            text = strip_text(self.palette, self.current, self.letters, names=False)
        self.text = text.plain
        self.update(text)

    watch_current = watch_letters = _draw
