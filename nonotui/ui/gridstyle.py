"""The grid's Rich styles, from its component classes' CSS and the puzzle's values.

:func:`style_table` builds the :data:`~nonotui.ui.painter.StyleTable` the painter draws with:
every cell value in every relation to the cursor and a hint, the margin numbers by state, and
the colours of coloured clue numbers. The widget calls it again whenever the theme or the CSS
changes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.style import Style

from nonotui.model.kind import CellValue
from nonotui.ui.painter import CURSOR, HIGHLIGHT, HINT_LINE, LINE, NORMAL, StyleTable
from nonotui.ui.palette import FAINT, WHITE, clue_colors, contrast, text_on


def style_table(get: Callable[[str], Style], values: Sequence[CellValue], colored: bool,
                surface: str, letters: bool) -> tuple[StyleTable, frozenset[int]]:
    """The styles to draw with, and the masks of colour values drawn as letters because their
    colour would vanish on ``surface`` (the theme's background).

    Args:
        get: The widget's style of a component class, by name.
        values: The kind's cell values.
        colored: The terminal shows colour (not under ``NO_COLOR``).
        surface: The background colour, as hex.
        letters: Colour values are drawn as their characters.
    """
    line, cursor, hint = get("grid--cursor-line"), get("grid--cursor"), get("grid--highlight")
    hint_line = get("grid--hint-line")
    table: StyleTable = {}
    # (mask, base, own): ``own`` is the value's colour, laid over the cursor's and the
    # hint's styles so that a cell keeps its colour in the cursor's row and under a hint
    none = Style()
    looks: list[tuple[int, Style, Style]] = [(0, get("grid--unknown"), none)]
    lettered = set()
    for value in values:
        own = none
        if value.role == "empty":
            base = get("grid--crossed")
            paper = value.rgb
            if colored and paper is not None and paper.lower() != WHITE:
                # a puzzle whose background is not white: its crossed cells on that paper
                own = Style(color=text_on(paper), bgcolor=paper)
        else:
            base = get("grid--filled")
            if value.role == "color" and value.rgb is not None and colored:
                # with letters, the letter on its colour, readable whatever the colour;
                # so too a colour that would vanish on the theme's background (white on
                # a light theme: a puzzle on dark paper may have white blocks)
                faint = contrast(value.rgb, surface) < FAINT
                if faint:
                    lettered.add(value.mask)
                own = (Style(color=text_on(value.rgb), bgcolor=value.rgb)
                       if letters or faint else Style(color=value.rgb))
                fg, bg = clue_colors(value.rgb, surface)
                table[("clue", value.bit)] = Style(color=fg, bgcolor=bg)
        looks.append((value.mask, base, own))
    for mask, base, own in looks:
        table[(mask, NORMAL)] = base + own
        table[(mask, LINE)] = base + line + own
        table[(mask, CURSOR)] = base + cursor + own
        table[(mask, HIGHLIGHT)] = base + hint + own
        table[(mask, HINT_LINE)] = base + hint_line + own
    guide = get("grid--guide")
    table["guide"], table["guide-line"] = guide, guide + line
    clue_cursor = get("grid--clue-cursor")
    for state, name in (("open", "clue"), ("done", "clue-done"), ("broken", "clue-error")):
        table[state] = get(f"grid--{name}")
        table[(state, CURSOR)] = table[state] + clue_cursor
    table["wall"] = get("grid--wall")
    table["error"] = get("grid--clue-error")
    table["blank"] = get("grid--clue")
    table["shade"] = get("grid--clue-shade")
    table["run"] = get("grid--run")
    return table, frozenset(lettered)
