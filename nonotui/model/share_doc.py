"""What every kind's share-code document reads and writes the same way (:func:`nonotui.kinds.share_code`):
type checks on the JSON fields, the title and author, a picture as rows of text."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from nonotui.errors import PuzzleError


def bad(kind: str, problem: str) -> PuzzleError:
    """The error for a document that is not a ``kind`` puzzle."""
    return PuzzleError(f"share code: not a {kind} puzzle: {problem}")


def _items(kind: str, document: Mapping[str, object], key: str) -> list[Any]:
    value = document.get(key)
    if not isinstance(value, list):
        raise bad(kind, f"{key} is missing or not a list")
    return value


def int_rows(kind: str, document: Mapping[str, object], key: str) -> list[list[int]]:
    """Field ``key``: a list of lists of whole numbers (clues, a grid of numbers)."""
    value = _items(kind, document, key)
    for item in value:
        if not (isinstance(item, list) and all(isinstance(v, int) for v in item)):
            raise bad(kind, f"{key} holds {item!r}")
    return value


def counts(kind: str, document: Mapping[str, object], key: str) -> list[int | None]:
    """Field ``key``: a list of whole numbers or ``null`` (counts, some missing)."""
    value = _items(kind, document, key)
    for item in value:
        if not (item is None or isinstance(item, int)):
            raise bad(kind, f"{key} holds {item!r}")
    return value


def metadata(puzzle: Any) -> dict[str, object]:
    """The puzzle's title and author, those it has."""
    out: dict[str, object] = {}
    for key in ("title", "author"):
        value = getattr(puzzle, key, None)
        if value:
            out[key] = value
    return out


def text(kind: str, document: Mapping[str, object], key: str) -> str | None:
    """Field ``key`` as text, ``None`` when absent."""
    value = document.get(key)
    if value is not None and not isinstance(value, str):
        raise bad(kind, f"{key} is not text")
    return value


def picture(kind: str, document: Mapping[str, object]) -> list[str] | None:
    """The ``picture`` field: rows of text, ``None`` when absent."""
    value = document.get("picture")
    if value is None:
        return None
    if not isinstance(value, list) or not all(isinstance(row, str) for row in value):
        raise bad(kind, "picture is not a list of rows of text")
    return value


__all__ = ["bad", "counts", "int_rows", "metadata", "picture", "text"]
