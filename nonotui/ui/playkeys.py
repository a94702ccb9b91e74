"""The play screen's key bindings: :data:`MOVING_KEYS`, then the marking keys of the puzzle's
kind (:class:`~nonotui.model.kind.KeyRules`: a nonogram binds space and f to fill and x to cross;
another kind binds its own values), then :data:`PLAYING_KEYS`.

The footer lists keys in their binding order, and a nonogram's Fill and Cross have always stood
first among those it shows (none of the moving keys is in the footer)."""

from __future__ import annotations

from textual.binding import Binding, BindingType

from nonotui.model.kind import MarkKey

MAX_COUNT = 999
"""The largest count a digit prefix builds (``12l`` moves twelve cells right)."""


def _moves(dr: int, dc: int, name: str) -> str:
    return f"{name}({dr},{dc})"


MOVING_KEYS: list[BindingType] = [
    # the arrows (and vi's letters) move; with shift they move and fill
    *(Binding(key, _moves(dr, dc, name), label, show=False)
      for name, label, keys in (
          ("move", "Move", ("up,k", "down,j", "left,h", "right,l")),
          ("move_fill", "Move and fill", ("shift+up", "shift+down", "shift+left",
                                          "shift+right")))
      for key, (dr, dc) in zip(keys, ((-1, 0), (1, 0), (0, -1), (0, 1)))),
    *(Binding(str(d), f"count({d})", show=False) for d in range(10)),
    Binding("home", "edge('home')", "Row start", show=False),
    Binding("end", "edge('end')", "Row end", show=False),
    Binding("pageup", "page(-1)", "Page up", show=False),
    Binding("pagedown", "page(1)", "Page down", show=False),
]
"""The play screen's keys bound before the kind's marking keys (none is in the footer)."""

PLAYING_KEYS: list[BindingType] = [
    Binding("backspace,delete", "clear", "Clear", show=False),
    Binding("right_square_bracket", "color(1)", "Next colour", show=False),
    Binding("left_square_bracket", "color(-1)", "Previous colour", show=False),
    Binding("m", "paint_mode", "Paint"),
    Binding("u,ctrl+z", "undo", "Undo"),
    Binding("ctrl+r,ctrl+y", "redo", "Redo"),
    Binding("i", "hint", "Hint"),
    Binding("ctrl+down", "hint_scroll(1)", "More of the hint", show=False),
    Binding("ctrl+up", "hint_scroll(-1)", "Back in the hint", show=False),
    Binding("c", "check", "Check"),
    Binding("S", "auto_solve", "Auto-solve"),
    Binding("p", "pause", "Pause"),
    Binding("question_mark,f1", "app.help", "Help"),
    Binding("escape", "escape", "Library"),
    Binding("enter", "finish_solve", "Finish auto-solve", show=False),
    Binding("q", "app.quit", "Quit"),
]
"""The play screen's keys bound after the kind's marking keys: the footer lists keys in their
binding order, and a nonogram's Fill and Cross have always stood first."""

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

