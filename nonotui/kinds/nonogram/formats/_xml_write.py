"""Writing webpbn's XML format (:mod:`nonotui.kinds.nonogram.formats.xml` documents the format and reads it)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from nonotui.errors import UnsupportedPuzzleError
from nonotui.kinds.nonogram.formats._colors import rgb_of, writable_chars
from nonotui.kinds.nonogram.puzzle import Color, Puzzle
from nonotui.model.cells import unknown_for

DEFAULT_PALETTE = (Color("white", "#ffffff", "."), Color("black", "#000000", "X"))
"""The colours of a puzzle that declares none: white background, black fill."""
TEXT_TAGS = ("title", "author", "copyright", "license", "description")
"""The metadata elements kept as they are, in the order they are written."""
_CATALOGUE = re.compile(r"^(?:(\S(?:.*\S)?) )?(#\S+)$")
NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
"""Characters that no XML document can hold, not even as a character reference."""


def write(puzzles: Sequence[Puzzle]) -> str:
    """The puzzles as one webpbn ``<puzzleset>``."""
    out = ['<?xml version="1.0" encoding="UTF-8"?>', "<puzzleset>"]
    for puzzle in puzzles:
        out += _write_one(puzzle)
    out.append("</puzzleset>")
    return "\n".join(out) + "\n"


def _usable(char: str) -> bool:
    return char.isprintable() and not char.isspace() and char not in "|?[]"


def _element(tag: str, value: str) -> str:
    from xml.sax.saxutils import escape  # imported when writing: see xml._safe_parser_class

    if NOT_XML.search(value):
        raise UnsupportedPuzzleError(f"the {tag} holds a control character that XML cannot hold")
    # XML readers turn a raw carriage return into a newline; a character reference survives.
    return f"<{tag}>{escape(value, {chr(13): '&#13;'})}</{tag}>"


def _write_one(puzzle: Puzzle) -> list[str]:
    from xml.sax.saxutils import quoteattr  # imported when writing: see xml._safe_parser_class

    palette = puzzle.colors or DEFAULT_PALETTE
    chars = writable_chars(palette, _usable)
    names: list[str] = []
    for color in palette:
        # Colours are referred to by name, so a nameless or repeated name gets a unique one.
        base = color.name or "colour"
        name, n = base, 2
        while name in names:
            name, n = f"{base}-{n}", n + 1
        names.append(name)
    out = [
        f'<puzzle type="grid" defaultcolor={quoteattr(names[1])} '
        f"backgroundcolor={quoteattr(names[0])}>"
    ]
    if puzzle.catalogue is not None:
        match = _CATALOGUE.match(puzzle.catalogue)
        source, ident = match.groups() if match else (puzzle.catalogue, None)
        out += [_element("source", source)] if source else []
        out += [_element("id", ident)] if ident else []
    for tag in TEXT_TAGS:
        value = getattr(puzzle, tag)
        if value is not None:
            out.append(_element(tag, value))
    for name, char, color in zip(names, chars, palette):
        rgb = rgb_of(color)[1:]
        out.append(f"<color name={quoteattr(name)} char={quoteattr(char)}>{rgb}</color>")
    for kind, clues, colors_of in (
        ("columns", puzzle.columns, puzzle.column_clue_colors),
        ("rows", puzzle.rows, puzzle.row_clue_colors),
    ):
        out.append(f'<clues type="{kind}">')
        for i, clue in enumerate(clues):
            counts = "".join(
                f"<count>{n}</count>"
                if k == 1
                else f"<count color={quoteattr(names[k])}>{n}</count>"
                for n, k in zip(clue, colors_of(i))
            )
            out.append(f"<line>{counts}</line>")
        out.append("</clues>")
    if puzzle.goal is not None:
        rows = ["|" + "".join(chars[v] for v in row) + "|" for row in puzzle.goal]
        out += ['<solution type="goal">', "<image>", *rows, "</image>", "</solution>"]
    if puzzle.saved is not None:
        full = unknown_for(puzzle.n_colors)
        rows = [
            "|" + "".join(_saved_cell(v, chars, full) for v in row) + "|" for row in puzzle.saved
        ]
        out += ['<solution type="saved">', "<image>", *rows, "</image>", "</solution>"]
    out.append("</puzzle>")
    return out


def _saved_cell(value: int, chars: list[str], full: int) -> str:
    if value == full:
        return "?"
    ks = [k for k in range(len(chars)) if value & (1 << k)]
    return chars[ks[0]] if len(ks) == 1 else "[" + "".join(chars[k] for k in ks) + "]"
