"""The status line under the grid: modes, title, clock, moves, cursor, the latest message and,
for large puzzles, the cursor's whole clues.

The parts go in order of what a player must not miss: modes that change what keys do come
first, the message after the short facts, and the long clue text last. When they do not fit
the terminal's width on one line, the line becomes two (the message, or the clues, on the
second), so a message never loses its end on an 80-column terminal.
"""

from __future__ import annotations

import os
import textwrap
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from textual import events
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.reactive import var
from textual.widgets import Static

from nonotui import kinds
from nonotui.model.kind import Cell, CellValue
from nonotui.model.words import either, plural

if TYPE_CHECKING:
    from nonotui.ui.geometry import Geometry
    from nonotui.ui.session import PlaySession

MAX_LINES = 2

BIG = 30
"""On a puzzle with more rows or columns than this the status line names the cursor's clues: a
small terminal may not show whole clues around the board there."""

MIN_CLUES = 12
"""Columns worth showing of the clues after a message; with fewer left they are dropped."""


WARMING = "preparing the solver"
"""The status line's message from the start of the warm-up until its first step; every
message of the warm-up starts with it."""


def warming_text(left: int, total: int) -> str:
    """The status line's message while ``left`` of the warm-up's ``total`` steps are not done,
    "preparing the solver 2/8": each step compiles (the first start after installing) or loads
    a group of kernels, those a hint needs first."""
    return f"{WARMING} {total - left}/{total}"


def is_warming(message: str) -> bool:
    """Whether ``message`` is one of the warm-up's (the next one, or "solver ready", replaces
    it; any other message stays)."""
    return message.startswith(WARMING)


def _cut(text: str, width: int) -> str:
    """``text`` within ``width`` columns, ending in "…" when it had to be cut."""
    return text if len(text) <= width else text[: max(0, width - 1)] + "…"


def status_lines(facts: str, message: str, clues: str, width: int) -> list[str]:
    """The status text laid out in at most two lines of ``width`` columns.

    One line when everything fits; else the facts and the message on the first line and the
    clues on the second; else the message on a line of its own; else the facts and the message
    wrapped at spaces. Only the cursor's clues (on big puzzles) and, as a last resort, a
    message longer than two lines are cut, with "…".
    """
    one = f"{facts}  {message}" if message else facts
    whole = f"{one} · {clues}" if clues else one
    if width <= 0 or len(whole) <= width:
        return [whole]
    if len(one) <= width:
        return [one, _cut(clues, width)]
    if message and len(facts) <= width and len(message) <= width:
        room = width - len(message) - 3
        if clues and room >= MIN_CLUES:
            return [facts, f"{message} · {_cut(clues, room)}"]
        return [facts, message]
    wrapped = textwrap.wrap(one, width, break_on_hyphens=False)
    if len(wrapped) <= MAX_LINES:
        return wrapped
    return [_cut(facts, width), _cut(message, width)] if message else [_cut(facts, width)]


def short_label(label: str) -> str:
    """The puzzle's name in the status line when it has no title: a file's name rather than its
    whole path; a form a kind reads that is not a file (a Tatham game id, which has slashes)
    whole."""
    if kinds.read_spec(label) is not None:
        return label
    return os.path.basename(label) or label


def may_be_text(allowed: int, values: Sequence[CellValue]) -> str:
    """The values an undecided cell may still take (the bitset ``allowed``) in words, colours
    first and empty last, as hints say it: ``red or empty`` (a colour puzzle's background is
    "empty", whatever its colour's name)."""
    names = ["empty" if v.role == "empty" else v.name
             for v in sorted(values, key=lambda v: v.role == "empty") if allowed >> v.bit & 1]
    return either(names)


def play_facts(session: PlaySession, name: str, count: str, clock: str,
               narrowed: Mapping[Cell, int] | None = None) -> str:
    """The facts of a game in play: its modes first (the current colour of a colour puzzle, a
    paint mode, a count: they change what the next keys do, and the
    end of the line is cut off on a narrow terminal), then the puzzle's ``name``, its size, the
    ``clock``, the moves and the cursor, with what the cursor's cell may still be when a hint
    on show ``narrowed`` it (``row 3 col 4: red or empty``)."""
    parts = []
    if session.colors:
        color = session.colors[session.color]
        parts.append(f"colour {session.color + 1} {color.name}")
    if session.paint is not None:
        parts.append(f"PAINT {session.paint_names[session.paint]}")
    if count:
        parts.append(f"count {count}")
    row, column = session.cursor
    parts += [name, f"{session.puzzle.width}x{session.puzzle.height}", clock,
              plural(session.progress.moves, "move"), f"row {row + 1} col {column + 1}"]
    allowed = (narrowed or {}).get(session.cursor)
    if allowed is not None and session.board.cells[row, column] == session.unknown:
        parts[-1] += f": {may_be_text(allowed, session.values)}"
    return " · ".join(parts)


def cursor_clues(geometry: Geometry, cursor: Cell) -> str:
    """The whole clues of the cursor's row and column on a puzzle over :data:`BIG` cells a side;
    empty on a smaller one."""
    if geometry.width <= BIG and geometry.height <= BIG:
        return ""
    row, column = cursor
    return f"clues {geometry.row_texts[row]} | {' '.join(geometry.column_numbers[column])}"


class StatusLine(Static):
    """The status text the play screen binds to its own attributes, on one line or two; a
    message stays until the next one replaces it."""

    DEFAULT_CSS = """
    StatusLine {
        height: 1;
        width: 100%;
        background: $panel;
        color: $foreground;
        padding: 0 1;
    }
    """

    facts = var("", init=False)
    """The always-shown part: modes, time, moves, position."""
    clues = var("", init=False)
    """The cursor's whole clues on a big puzzle (:func:`cursor_clues`)."""
    message = var("", init=False)
    """The latest message after the facts (hints and warnings go here)."""
    room = var(0, init=False)
    """The columns the text has: the widget's content width (0 before the first layout)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id, markup=False)
        self.lines: list[str] = [""]
        """The lines as shown."""

    def _lay_out(self) -> None:
        """Lay the text out again (:func:`status_lines`): any of its parts or the room changed."""
        lines = status_lines(self.facts, self.message, self.clues, self.room)
        grew = len(lines) != len(self.lines)
        self.lines = lines
        if grew:
            self.styles.height = len(lines)
        # A layout only when the number of lines changes: a layout on every key press costs a
        # frame its budget (Textual then also repaints the grid's scrollbars, whose container
        # size it always sees as changed).
        self.update("\n".join(lines), layout=grew)

    watch_facts = watch_clues = watch_message = watch_room = _lay_out

    @property
    def text(self) -> str:
        """The whole text as shown, its lines joined by newlines."""
        return "\n".join(self.lines)

    def on_resize(self, _event: events.Resize) -> None:
        self.room = self.content_region.width


MORE = "... more: ctrl+down (ctrl+up back, or the mouse wheel)"
"""The hint panel's last line while its text goes on below."""

PANEL_SHARE = "40%"
"""The most of the screen's height the hint panel takes; a longer hint scrolls in it."""


class HintPanel(VerticalScroll, can_focus=False):
    """The hint's explanation in full, wrapped, above the status line; hidden without a hint.

    Explanations run to a few lines (a chain of lines by contradiction), more than the status
    line can show on any terminal, and a long chain more than the panel's share of the screen
    (up to :data:`PANEL_SHARE` of its height): then the panel scrolls (the mouse wheel, or
    ``ctrl+down`` / ``ctrl+up`` on the play screen), and its last line says so (:data:`MORE`)
    until the end is in view."""

    DEFAULT_CSS = f"""
    HintPanel {{
        height: auto;
        max-height: {PANEL_SHARE};
        width: 100%;
        background: $boost;
        color: $foreground;
        padding: 0 1;
        display: none;
        scrollbar-size-vertical: 1;
    }}
    HintPanel > Static {{ width: 100%; height: auto; }}
    HintPanel > #more {{ dock: bottom; width: 100%; height: 1; display: none;
                        background: $boost; text-style: italic; }}
    """

    text = var("", init=False)
    """The hint's explanation (empty: the panel is hidden)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._words = Static("", markup=False)
        self._more = Static(MORE, id="more", markup=False)

    def compose(self) -> ComposeResult:
        yield self._words
        yield self._more

    def on_resize(self) -> None:
        self.call_after_refresh(self._say_more)

    def _say_more(self) -> None:
        """The last line says the text goes on, while it does below the panel."""
        self._more.display = self.scroll_y < self.max_scroll_y

    def watch_text(self, text: str) -> None:
        """Show the new text from its start, or hide the panel when it is empty."""
        self._words.update(text)
        self.display = bool(text)
        self.scroll_home(animate=False, immediate=True)
        self.call_after_refresh(self._say_more)

    def scroll_more(self, pages: int) -> bool:
        """Scroll the text by ``pages`` panel heights (down when positive); whether it moved."""
        before = self.scroll_y
        step = max(1, self.container_size.height - 1)
        self.scroll_to(y=max(0, min(self.max_scroll_y, before + pages * step)), animate=False,
                       immediate=True)
        self._say_more()
        return self.scroll_y != before
