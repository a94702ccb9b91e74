"""Small pieces of wording shared by every layer's messages."""

from __future__ import annotations

from collections.abc import Sequence


def plural(count: int, noun: str) -> str:
    """``1 cell``, ``0 cells``, ``3 cells``: a count and its noun, with an ``s`` unless one."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def either(words: Sequence[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``: the values something may still be."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"
