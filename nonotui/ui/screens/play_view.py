"""What a play screen shows, and the reactive attributes it shows it from.

:class:`PlayView` composes the grid, the palette strip, the hint panel, the status line and the
footer, and binds each widget's reactive attributes to its own (``data_bind``: attributes go
down). Its attributes are set from four places, never by repainting by hand:

- the session (:class:`~nonotui.ui.session.PlaySession`) tells it after every change, and it
  copies the cursor, the board, the units' states, the run, the colour, the paint mode and the
  moves (:meth:`PlayView._session_changed`);
- the assistant's attributes (the hint's cells, the check's flags, the guides, the hint's text)
  are handed to the grid and the hint panel as they change (watched);
- the grid says with a message when it draws colours as letters (messages go up);
- the app sets :attr:`PlayView.glyphs`, and the screen itself its message, count and clock.

Each widget's watchers repaint what changed. The rules (what a key does, saving, finishing)
are :class:`~nonotui.ui.screens.play.PlayScreen`'s, which is a :class:`PlayView`.
"""

from __future__ import annotations

from collections.abc import Mapping

from textual import on
from textual.app import ComposeResult
from textual.dom import DOMNode
from textual.reactive import var
from textual.screen import Screen

from nonotui.model.board import Board
from nonotui.model.kind import Cell, UnitState
from nonotui.ui.assistant import Assistant
from nonotui.ui.clock import Stopwatch, clock_text
from nonotui.ui.footer import FittingFooter
from nonotui.ui.glyphs import UNICODE, Glyphs
from nonotui.ui.grid import BoardFrame, GridView
from nonotui.ui.host import Host, host_of
from nonotui.ui.messages import LettersChosen
from nonotui.ui.palette import PaletteStrip
from nonotui.ui.session import PlaySession
from nonotui.ui.status import HintPanel, StatusLine, cursor_clues, play_facts, short_label


class PlayView(Screen[None]):
    """The widgets of one puzzle in play, bound to the attributes below."""

    assistant: Assistant
    """Hint, check, auto-solve and the clue guide (composed with the widgets)."""

    # copied from the session after each of its changes
    cursor: var[Cell] = var((0, 0), init=False)
    board: var[Board] = var(lambda: Board.full(0, 0, 0), init=False)
    """A copy of the session's board: the grid never draws a board that changes under it."""
    unit_states: var[tuple[UnitState, ...]] = var((), init=False)
    run: var[tuple[int, str | None] | None] = var(None, init=False)
    """The length of the run being painted and its axis (drawn beside the cursor)."""
    primary: var[int] = var(0, init=False)
    """What the primary marks and the left button set now (a colour puzzle's current colour)."""
    color: var[int] = var(0, init=False)
    paint: var[int | None] = var(None, init=False)
    moves: var[int] = var(0, init=False)

    # the screen's own
    count = var("", init=False)
    """The digits typed before a move (``12`` in ``12l``)."""
    clock = var("", init=False)
    """The time played as the status line says it (:func:`~nonotui.ui.clock.clock_text`)."""
    finished = var(False, init=False)
    """Solved in this board: marks are refused until the puzzle is restarted."""
    message = var("", init=False)
    """The status line's message; it stays until the next one replaces it."""
    glyphs: var[Glyphs] = var(UNICODE, init=False)
    """The glyph set the grid draws with (the app sets it from the settings)."""
    letters = var(False, init=False)
    """The grid draws colour values as their letters (it says so with :class:`LettersChosen`)."""

    narrowed: var[Mapping[Cell, int]] = var(lambda: {}, init=False)
    """The undecided cells the hint on show narrowed (the assistant's): the status line says what
    the cursor's may still be."""

    # what the status line shows, from the attributes above
    facts = var("", init=False)
    clues = var("", init=False)

    def __init__(self, session: PlaySession, glyphs: Glyphs, label: str,
                 stopwatch: Stopwatch) -> None:
        super().__init__()
        self.session = session
        self.puzzle = session.puzzle
        self.label = label
        self.short_label = short_label(label)
        self.stopwatch = stopwatch
        self.set_reactive(PlayView.glyphs, glyphs)
        self.set_reactive(PlayView.finished, session.solved)
        # the session's state from the start: the widgets bound to these never see a default
        self.set_reactive(PlayView.cursor, session.cursor)
        self.set_reactive(PlayView.board, session.board.copy())
        self.set_reactive(PlayView.unit_states, tuple(session.unit_states()))
        self.set_reactive(PlayView.run, session.run)
        self.set_reactive(PlayView.primary, session.primary)
        self.set_reactive(PlayView.color, session.color)
        self.set_reactive(PlayView.paint, session.paint)
        self.set_reactive(PlayView.moves, session.progress.moves)

    # -- layout -----------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        grid = GridView(self.session.game, self.session.board, id="grid")
        grid.set_reactive(GridView.glyphs, self.glyphs)
        with BoardFrame(id="board"):
            yield grid.data_bind(PlayView.board, PlayView.cursor, PlayView.unit_states,
                                 PlayView.run, PlayView.primary, PlayView.glyphs)
        yield PaletteStrip(self.session.colors, id="palette").data_bind(
            current=PlayView.color, letters=PlayView.letters)
        yield HintPanel(id="hint-panel")
        self.assistant = Assistant(self.session, self.host.settings, lambda: self.glyphs)
        yield self.assistant
        yield StatusLine(id="status").data_bind(PlayView.facts, PlayView.clues,
                                                PlayView.message)
        yield FittingFooter()

    def on_mount(self) -> None:
        self.title = self.puzzle.title or self.label
        grid, panel = self.grid, self.query_one(HintPanel)
        for name in ("highlight", "hint_line", "wrong", "narrowed", "guides"):
            self._hand_down(self.assistant, name, grid, name)
        self._hand_down(self.assistant, "narrowed", self, "narrowed")
        self._hand_down(self.assistant, "panel", panel, "text")
        self.session.on_change = self._session_changed
        self._session_changed()
        self.show_clock()
        self._show_clues()

    def _hand_down(self, source: DOMNode, name: str, widget: DOMNode, attribute: str) -> None:
        """Set ``widget``'s reactive ``attribute`` to ``source``'s ``name`` now and whenever it
        changes (``data_bind`` does the same from the screen's own attributes)."""

        def hand(value: object) -> None:
            setattr(widget, attribute, value)

        self.watch(source, name, hand)

    @property
    def host(self) -> Host:
        """The app, as what a screen needs of it."""
        return host_of(self.app)

    @property
    def grid(self) -> GridView:
        """The grid widget."""
        return self.query_one(GridView)

    @property
    def status(self) -> StatusLine:
        """The status line."""
        return self.query_one(StatusLine)

    # -- what the attributes come from -----------------------------------------------------------

    def _session_changed(self) -> None:
        """The session changed: take what it shows (the watchers and bound widgets repaint
        what differs)."""
        s = self.session
        self.cursor = s.cursor
        self.board = s.board.copy()
        self.unit_states = tuple(s.unit_states())
        self.run = s.run
        self.primary = s.primary
        self.color = s.color
        self.paint = s.paint
        self.moves = s.progress.moves

    @on(LettersChosen)
    def _letters_chosen(self, message: LettersChosen) -> None:
        self.letters = message.letters

    def show_clock(self) -> None:
        """Show the time played now (every second, and as the clock stops or starts)."""
        done = self.session.history.done
        self.clock = clock_text(self.stopwatch, finished=self.finished,
                                auto_solved=bool(done) and done[-1].kind == "solve")

    # -- watchers ---------------------------------------------------------------------------------

    def _show_facts(self) -> None:
        # a file's name, not its whole path: the message after the facts must fit
        self.facts = play_facts(self.session, self.puzzle.title or self.short_label, self.count,
                                self.clock, self.narrowed)

    watch_color = watch_paint = watch_moves = watch_count = watch_clock = _show_facts
    watch_narrowed = watch_board = _show_facts

    def _show_clues(self) -> None:
        self.clues = cursor_clues(self.grid.geometry, self.cursor)

    watch_letters = _show_clues

    def watch_cursor(self) -> None:
        self._show_facts()
        self._show_clues()

    def watch_finished(self) -> None:
        self.show_clock()
