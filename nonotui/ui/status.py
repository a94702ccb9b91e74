"""The status line under the grid: title, clock, moves, cursor, modes and the latest message."""

from __future__ import annotations

from textual.widgets import Static


class StatusLine(Static):
    """One line of text set by the play screen; a message stays until the next one replaces it."""

    DEFAULT_CSS = """
    StatusLine {
        height: 1;
        width: 100%;
        background: $panel;
        color: $foreground;
        padding: 0 1;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id, markup=False)
        self.facts = ""
        self.message = ""

    def set_facts(self, facts: str) -> None:
        """The always-shown part (time, moves, position, modes)."""
        if facts != self.facts:
            self.facts = facts
            self._redraw()

    def say(self, message: str) -> None:
        """Show a message after the facts (hints and warnings go here)."""
        self.message = message
        self._redraw()

    def _redraw(self) -> None:
        # The line's size never depends on its text (one line, full width), so no layout pass:
        # a layout on every key press costs a frame its budget (Textual then also repaints
        # the grid's scrollbars, whose container size it always sees as changed).
        self.update(f"{self.facts}  {self.message}" if self.message else self.facts, layout=False)
