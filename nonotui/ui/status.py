"""The status line under the grid: modes, title, clock, moves, cursor, the latest message and,
for large puzzles, the cursor's whole clues.

The parts go in order of what a player must not miss on a narrow terminal, where the end of
the line is cut off: modes that change what keys do come first, the message after the short
facts, and the long clue text last.
"""

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
        self.clues = ""
        self.message = ""

    def set_facts(self, facts: str, clues: str = "") -> None:
        """The always-shown part (modes, time, moves, position), and the cursor's clues."""
        if (facts, clues) != (self.facts, self.clues):
            self.facts, self.clues = facts, clues
            self._redraw()

    def say(self, message: str) -> None:
        """Show a message after the facts (hints and warnings go here)."""
        self.message = message
        self._redraw()

    @property
    def text(self) -> str:
        """The whole line as shown (before the terminal cuts it)."""
        text = f"{self.facts}  {self.message}" if self.message else self.facts
        return f"{text} · {self.clues}" if self.clues else text

    def _redraw(self) -> None:
        # The line's size never depends on its text (one line, full width), so no layout pass:
        # a layout on every key press costs a frame its budget (Textual then also repaints
        # the grid's scrollbars, whose container size it always sees as changed).
        self.update(self.text, layout=False)


class HintPanel(Static):
    """The hint's explanation in full, wrapped, above the status line; hidden without a hint.

    Explanations run to a few lines (a chain of lines by contradiction), more than the status
    line can show on any terminal."""

    DEFAULT_CSS = """
    HintPanel {
        height: auto;
        max-height: 6;
        width: 100%;
        background: $boost;
        color: $foreground;
        padding: 0 1;
        display: none;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id, markup=False)
        self.text = ""

    def show_text(self, text: str) -> None:
        """Show ``text``, or hide the panel when it is empty."""
        if text != self.text:
            self.text = text
            self.update(text)
            self.display = bool(text)
