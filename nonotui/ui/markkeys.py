"""The play screen's marking keys, from the puzzle's kind (:class:`~nonotui.model.kind.KeyRules`):
a nonogram binds space and f to fill and x to cross; another kind binds its own values."""

from __future__ import annotations

import os

from textual.binding import Binding, BindingsMap

from nonotui import kinds
from nonotui.model.kind import KeyRules

MARKS = "<marks>"
"""Stands for the kind's marking keys in a screen's ``FOOTER_RANKS``."""

AFTER = "page(1)"
"""The marking keys are bound after the binding of this action: the footer lists keys in their
binding order, and a nonogram's Fill and Cross have always stood there."""


def bind_marks(
    bindings: BindingsMap, rules: KeyRules, ranks: tuple[str, ...]
) -> tuple[BindingsMap, tuple[str, ...]]:
    """``bindings`` with each marking key bound to ``mark('<value name>')`` (``mark('<value
    name>', True)`` for a key that expands, :attr:`~nonotui.model.kind.MarkKey.expand`),
    described by its label (``Fill``), and ``ranks`` with :data:`MARKS` replaced by those actions."""
    marks = [
        Binding(",".join(mark.keys),
                f"mark({mark.value!r}, True)" if mark.expand else f"mark({mark.value!r})",
                (mark.label or mark.value).capitalize())
        for mark in rules.marks
    ]
    merged = BindingsMap()
    for key, binding in bindings:
        merged.key_to_bindings.setdefault(key, []).append(binding)
        if binding.action == AFTER:
            for mark in marks:
                merged.bind(mark.key, mark.action, mark.description)
    actions = tuple(mark.action for mark in marks)
    return merged, tuple(a for rank in ranks for a in (actions if rank == MARKS else (rank,)))


def short_label(label: str) -> str:
    """A file's name rather than its whole path; a form a kind reads that is not a file (a
    Tatham game id, which has slashes) whole."""
    if kinds.read_spec(label) is not None:
        return label
    return os.path.basename(label) or label
