"""The play screen's marking keys, from the puzzle's kind (:class:`~nonotui.model.kind.KeyRules`):
a nonogram binds space and f to fill and x to cross; another kind binds its own values."""

from __future__ import annotations

import os

from textual.binding import Binding

from nonotui import kinds
from nonotui.model.kind import MarkKey

MARKS = "<marks>"
"""Stands for the kind's marking keys in a screen's ``FOOTER_RANKS``."""


def mark_bindings(marks: tuple[MarkKey, ...]) -> list[Binding]:
    """A binding of each marking key to ``mark('<value name>')`` (``mark('<value name>', True)``
    for a key that expands, :attr:`~nonotui.model.kind.MarkKey.expand`), described by its label
    (``Fill``)."""
    return [
        Binding(",".join(mark.keys),
                f"mark({mark.value!r}, True)" if mark.expand else f"mark({mark.value!r})",
                (mark.label or mark.value).capitalize())
        for mark in marks
    ]


def ranked(ranks: tuple[str, ...], marks: list[Binding]) -> tuple[str, ...]:
    """``ranks`` with :data:`MARKS` replaced by the actions of ``marks``."""
    actions = tuple(mark.action for mark in marks)
    return tuple(a for rank in ranks for a in (actions if rank == MARKS else (rank,)))


def short_label(label: str) -> str:
    """A file's name rather than its whole path; a form a kind reads that is not a file (a
    Tatham game id, which has slashes) whole."""
    if kinds.read_spec(label) is not None:
        return label
    return os.path.basename(label) or label
