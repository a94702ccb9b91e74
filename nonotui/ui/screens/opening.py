"""The "opening..." notice shown while a worker reads a puzzle file and its saved progress."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label


class OpeningScreen(ModalScreen[None]):
    """Says which puzzle is being opened; Escape stops waiting for it (the worker's answer is
    then dropped, and a lock it took is released)."""

    BINDINGS = [Binding("escape", "stop_waiting", "Stop waiting")]

    DEFAULT_CSS = """
    OpeningScreen { align: center middle; }
    OpeningScreen > Vertical {
        width: auto; max-width: 80%; height: auto; border: round $primary;
        background: $surface; padding: 0 2;
    }
    """

    def __init__(self, label: str) -> None:
        super().__init__()
        self.label = label if len(label) <= 60 else label[:28] + "..." + label[-28:]
        self.abandoned = False
        """The player stopped waiting: whatever the worker brings back is dropped."""

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(f"opening {self.label}...", id="opening")
            yield Label("(escape stops waiting)")

    def action_stop_waiting(self) -> None:
        """Go back to where the player was; the worker's answer will be dropped."""
        self.abandoned = True
        self.dismiss(None)
