"""What every kind's share-code document reads and writes the same way (:func:`nonotui.kinds.share_code`):
type checks on the JSON fields, the title and author, a picture as rows of text."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from nonotui.errors import PuzzleError


def bad(kind: str, problem: str) -> PuzzleError:
    """The error for a document that is not a ``kind`` puzzle."""
    return PuzzleError(f"share code: not a {kind} puzzle: {problem}")


def int_rows(kind: str, document: Mapping[str, object], key: str,
              allow_none: bool = False) -> list[Any]:
    """Field ``key``: a list of whole numbers or lists of them (``None`` too if allowed)."""
    value = document.get(key)
    if not isinstance(value, list):
        raise bad(kind, f"{key} is missing or not a list")
    for item in value:
        ok = (item is None and allow_none) or isinstance(item, int) or (
            isinstance(item, list) and all(isinstance(v, int) for v in item))
        if not ok:
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


__all__ = ["bad", "int_rows", "metadata", "picture", "text"]
