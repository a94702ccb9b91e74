"""A nonogram as a share-code document (:func:`nonotui.kinds.share_code`): its canonical clue document
(``rows``, ``columns``, and for colour puzzles ``row_colors`` and ``column_colors`` by colour name,
as its identity hashes them), then ``palette`` (colour puzzles: ``[name, rgb, char]`` per colour,
background first), ``picture`` (the goal, one string a row, a palette character a cell), and
``title`` and ``author`` when it has them."""

from __future__ import annotations

from collections.abc import Mapping

from nonotui.errors import PuzzleError
from nonotui.kinds.nonogram.puzzle import BLACK, WHITE, Color, Puzzle
from nonotui.model import share_doc


def document_of(puzzle: Puzzle) -> dict[str, object]:
    """A nonogram's share document (see the module's introduction)."""
    document = puzzle.identity_document()
    palette = puzzle.palette
    if puzzle.is_color:
        document["palette"] = [[c.name, c.rgb, c.char] for c in palette]
    if puzzle.goal is not None:
        document["picture"] = ["".join(palette[v].char for v in row) for row in puzzle.goal]
    document.update(share_doc.metadata(puzzle))
    return document


def puzzle_of(document: Mapping[str, object]) -> Puzzle:
    """The nonogram :func:`document_of` wrote.

    Raises:
        PuzzleError: a field is missing, of the wrong type, or the clues are not a puzzle.
    """
    kind = "nonogram"
    rows = share_doc.int_rows(kind, document, "rows")
    columns = share_doc.int_rows(kind, document, "columns")
    raw_palette = document.get("palette")
    colors: tuple[Color, ...] = ()
    row_colors = column_colors = None
    if raw_palette is not None:
        if not (isinstance(raw_palette, list) and all(
                isinstance(c, list) and len(c) == 3 and all(isinstance(x, str) for x in c)
                for c in raw_palette)):
            raise share_doc.bad(kind, "palette is not a list of [name, rgb, char]")
        colors = tuple(Color(*c) for c in raw_palette)
        index = {c.name: k for k, c in enumerate(colors)}

        def indices(key: str) -> tuple[tuple[int, ...], ...]:
            names = document.get(key)
            if not isinstance(names, list) or not all(
                    isinstance(clue, list) and all(isinstance(n, str) and n in index
                                                   for n in clue) for clue in names):
                raise share_doc.bad(kind, f"{key} names a colour the palette lacks")
            return tuple(tuple(index[n] for n in clue) for clue in names)

        row_colors, column_colors = indices("row_colors"), indices("column_colors")
    palette = colors or (WHITE, BLACK)
    picture = share_doc.picture(kind, document)
    goal = None
    if picture is not None:
        chars = {c.char: k for k, c in enumerate(palette)}
        if not all(ch in chars for row in picture for ch in row):
            raise share_doc.bad(kind, "picture holds a character the palette lacks")
        goal = tuple(tuple(chars[ch] for ch in row) for row in picture)
    try:
        return Puzzle(rows=tuple(tuple(r) for r in rows),
                      columns=tuple(tuple(c) for c in columns),
                      title=share_doc.text(kind, document, "title"),
                      author=share_doc.text(kind, document, "author"),
                      colors=colors, row_colors=row_colors, column_colors=column_colors,
                      goal=goal)
    except PuzzleError as exc:
        raise share_doc.bad(kind, str(exc)) from None
