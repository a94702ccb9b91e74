"""An Aquarium puzzle as a share-code document (:func:`nonotui.kinds.share_code`): its identity document
(``rows``, ``columns`` with ``null`` for a missing count, ``tanks`` as tank numbers), then
``picture`` (``~`` water, ``.`` air) and the title and author when it has them."""

from __future__ import annotations

from collections.abc import Mapping

from nonotui.kinds.aquarium.puzzle import AquariumPuzzle, AquariumShapeError, make_puzzle
from nonotui.model import share_doc


def document_of(puzzle: AquariumPuzzle) -> dict[str, object]:
    """An Aquarium puzzle's share document (see the module's introduction)."""
    document = {k: v for k, v in puzzle.identity_document().items() if k != "kind"}
    if puzzle.goal is not None:
        document["picture"] = ["".join("~" if water else "." for water in row)
                               for row in puzzle.goal]
    document.update(share_doc.metadata(puzzle))
    return document


def puzzle_of(document: Mapping[str, object]) -> AquariumPuzzle:
    """The Aquarium puzzle :func:`document_of` wrote.

    Raises:
        PuzzleError: a field is missing, of the wrong type, or the tanks are not a puzzle.
    """
    kind = "Aquarium"
    rows = share_doc.counts(kind, document, "rows")
    columns = share_doc.counts(kind, document, "columns")
    tanks = share_doc.int_rows(kind, document, "tanks")
    picture = share_doc.picture(kind, document)
    goal = None
    if picture is not None:
        if not all(ch in "~." for row in picture for ch in row):
            raise share_doc.bad(kind, "picture holds a character other than ~ and .")
        goal = [[ch == "~" for ch in row] for row in picture]
    try:
        return make_puzzle(rows, columns, tanks, title=share_doc.text(kind, document, "title"),
                           author=share_doc.text(kind, document, "author"), goal=goal)
    except (AquariumShapeError, ValueError, TypeError) as exc:
        raise share_doc.bad(kind, str(exc)) from None
