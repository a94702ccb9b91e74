"""Small pieces of wording shared by every layer's messages."""

from __future__ import annotations


def plural(count: int, noun: str) -> str:
    """``1 cell``, ``0 cells``, ``3 cells``: a count and its noun, with an ``s`` unless one."""
    return f"{count} {noun}{'' if count == 1 else 's'}"
