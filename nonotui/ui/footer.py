"""A footer that always shows a screen's most important keys, whatever the terminal's width.

Textual's footer lays the keys out in their binding order and lets the end run off a narrow
terminal: at 80 columns the play screen's footer ended in "S A", so Help, Pause and Library were
never shown. This footer keeps the keys a screen ranks first (its ``FOOTER_RANKS``) and drops the
lesser ones until the rest fit, in the order the bindings are declared; as the terminal widens,
the dropped keys come back.
"""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.widgets import Footer

# Private (Textual does not export it): Footer's widget for one key, whose action, key and
# description say which binding it shows. No public API tells which binding each key Footer
# composes stands for; without it, keeping the keys that fit means re-implementing Footer's
# keys. A Textual release that moves it fails here on import; one that changes it fails
# tests/ui/test_first_hour.py's footer tests and the snapshots.
from textual.widgets._footer import FooterKey

PALETTE_WIDTH = 13
"""Columns the command palette's key takes at the right edge (border, key, word, padding)."""


def key_width(key_display: str, description: str) -> int:
    """Columns one footer key takes: the key and its description, each padded by one."""
    return len(key_display) + len(description) + 3


def fitting(keys: list[tuple[str, int]], ranks: tuple[str, ...], width: int) -> set[str]:
    """The actions to show within ``width`` columns.

    Args:
        keys: ``(action, columns)`` of each key the footer could show.
        ranks: Actions from the most to the least important; an action not named is dropped
            before any that is.
        width: The columns available.
    """

    def rank(action: str) -> int:
        return ranks.index(action) if action in ranks else len(ranks)

    chosen: set[str] = set()
    used = 0
    for action, columns in sorted(keys, key=lambda k: rank(k[0])):
        if used + columns <= width:
            chosen.add(action)
            used += columns
    return chosen


class FittingFooter(Footer):
    """Shows the keys that fit, most important first (the screen's ``FOOTER_RANKS``)."""

    def __init__(self) -> None:
        super().__init__()
        self.shown: tuple[str, ...] = ()
        """The descriptions of the keys shown, in order (for tests and the docs)."""
        self._width = 0

    def compose(self) -> ComposeResult:
        # No binding of nonotui's is in a group, so Textual's footer yields plain keys: take
        # them all, then keep the ones that fit.
        keys = list(super().compose())
        palette = [k for k in keys if k.has_class("-command-palette")]
        plain = [
            k for k in keys if isinstance(k, FooterKey) and not k.has_class("-command-palette")
        ]
        self._width = self.app.size.width
        room = self._width - (PALETTE_WIDTH if palette else 0)
        ranks: tuple[str, ...] = getattr(self.screen, "FOOTER_RANKS", ())
        keep = fitting(
            [(k.action, key_width(k.key_display, k.description)) for k in plain], ranks, room
        )
        chosen = [k for k in plain if k.action in keep]
        self.shown = tuple(k.description for k in chosen)
        yield from chosen
        yield from palette

    def on_resize(self, _event: events.Resize) -> None:
        if self.app.size.width != self._width and self.is_attached:
            self.call_after_refresh(self.recompose)
