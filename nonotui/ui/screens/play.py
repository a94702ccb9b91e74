"""The play screen: the grid, the status line and every key of play, with autosave and a clock.

The screen turns keys and the grid's stroke messages into :class:`~nonotui.ui.session.PlaySession`
calls, then hands the grid what to draw. The first change after a save starts a save clock
(:class:`~nonotui.store.autosave.SaveSchedule`): the progress is written at most
``SAVE_LATENCY`` seconds later however fast the player keeps moving; leaving the screen, quitting
and the signals that end the process save at once. A save that fails (read-only or full data
folder) is announced once, the moves stay in memory and the save is retried.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container
from textual.screen import Screen

from nonotui.errors import SaveError
from nonotui.kinds.nonogram.formats.tatham import looks_like_id
from nonotui.kinds.nonogram.puzzle import Puzzle
from nonotui.model import EMPTY, FILLED
from nonotui.model.history import Move
from nonotui.store import LockHeld, Progress, ProgressStore, PuzzleLock
from nonotui.store.autosave import RETRY_DELAY, SAVE_TICK, SaveSchedule
from nonotui.ui.clock import Stopwatch, format_time
from nonotui.ui.footer import FittingFooter
from nonotui.ui.glyphs import Glyphs
from nonotui.ui.grid import GridView
from nonotui.ui.messages import StrokeEnded, StrokeMoved, StrokeStarted
from nonotui.ui.screens.helping import HelpingScreen
from nonotui.ui.session import PAINT_NAMES, PlaySession
from nonotui.ui.status import HintPanel, StatusLine

MAX_COUNT = 999


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def _moves(dr: int, dc: int, name: str) -> str:
    return f"{name}({dr},{dc})"


class PlayScreen(HelpingScreen, Screen[None]):
    """One puzzle being played."""

    BINDINGS = [
        *(
            Binding(key, _moves(dr, dc, "move"), "Move", show=False)
            for key, dr, dc in (
                ("up,k", -1, 0),
                ("down,j", 1, 0),
                ("left,h", 0, -1),
                ("right,l", 0, 1),
            )
        ),
        *(
            Binding(key, _moves(dr, dc, "move_fill"), "Move and fill", show=False)
            for key, dr, dc in (
                ("shift+up", -1, 0),
                ("shift+down", 1, 0),
                ("shift+left", 0, -1),
                ("shift+right", 0, 1),
            )
        ),
        *(Binding(str(d), f"count({d})", show=False) for d in range(10)),
        Binding("home", "edge('home')", "Row start", show=False),
        Binding("end", "edge('end')", "Row end", show=False),
        Binding("pageup", "page(-1)", "Page up", show=False),
        Binding("pagedown", "page(1)", "Page down", show=False),
        Binding("space,f", "fill", "Fill"),
        Binding("x", "cross", "Cross"),
        Binding("backspace,delete", "clear", "Clear", show=False),
        Binding("m", "paint_mode", "Paint"),
        Binding("u,ctrl+z", "undo", "Undo"),
        Binding("ctrl+r,ctrl+y", "redo", "Redo"),
        Binding("i", "hint", "Hint"),
        Binding("c", "check", "Check"),
        Binding("S", "auto_solve", "Auto-solve"),
        Binding("p", "pause", "Pause"),
        Binding("question_mark,f1", "app.help", "Help"),
        Binding("escape", "escape", "Library"),
        Binding("enter", "finish_solve", "Finish auto-solve", show=False),
        Binding("q", "app.quit", "Quit"),
    ]

    FOOTER_RANKS = ("app.help", "pause", "escape", "fill", "cross", "undo", "hint",
                    "auto_solve", "check", "settings", "paint_mode", "redo", "app.quit")
    """The footer's keys, most important first: the first ones stay on a narrow terminal."""

    def __init__(
        self,
        puzzle: Puzzle,
        progress: Progress,
        store: ProgressStore,
        lock: PuzzleLock | None,
        glyphs: Glyphs,
        *,
        label: str,
        notices: tuple[str, ...] = (),
    ) -> None:
        super().__init__()
        self.puzzle = puzzle
        self.store = store
        self.lock = lock
        self.label = label
        self.notices = notices
        self.session = PlaySession(puzzle, progress, read_only=lock is None)
        self.stopwatch = Stopwatch(progress.elapsed)
        self.finished = self.session.solved
        """Solved in this board: marks are refused until the puzzle is restarted."""
        self.glyphs = glyphs
        self._count = ""
        self.save_schedule = SaveSchedule()
        """When the next save is due; tests replace its clock."""
        self.closed = False
        """Saved for the last time and the lock let go (the process is ending): no more saves."""
        self._init_helping()

    # -- composition and lifecycle --------------------------------------------------------------

    def compose(self) -> ComposeResult:
        grid = GridView(self.puzzle, self.session.board, id="grid")
        grid.glyphs = self.glyphs
        with Container(id="board"):
            yield grid
        yield HintPanel(id="hint-panel")
        yield StatusLine(id="status")
        yield FittingFooter()

    @property
    def grid(self) -> GridView:
        """The grid widget."""
        return self.query_one(GridView)

    @property
    def status(self) -> StatusLine:
        """The status line."""
        return self.query_one(StatusLine)

    def on_mount(self) -> None:
        self.title = self.puzzle.title or self.label
        self.grid.focus()
        self.set_interval(1.0, self._update_facts)
        self.set_interval(SAVE_TICK, self._autosave)
        # immediate: the suspend signal comes just before the process stops, too late to queue
        self.app.app_suspend_signal.subscribe(self, self._on_app_suspend, immediate=True)
        self.app.app_resume_signal.subscribe(self, self._on_app_resume, immediate=True)
        for notice in self.notices:
            self.notify(notice, severity="warning", timeout=12)
        if self.session.read_only:
            self._say("read-only: open in another nonotui")
        elif self.finished:
            self._say("Solved. Restart it from the command palette (ctrl+p) to play again.")
        elif not self.app.engine_ready:
            self._say("warming up the solver: hints may be slow for a moment")
        if self.app.engine_ready:
            self.start_guides()
        self._redraw()

    def on_screen_resume(self) -> None:
        self.resume_clock()
        self._redraw()

    def on_screen_suspend(self) -> None:
        self.pause_clock()
        self.save_now()

    def on_unmount(self) -> None:
        # The widgets are gone by now: stop the clock and save without redrawing.
        self.close_for_exit()

    def close_for_exit(self) -> bool:
        """Save for the last time and let go of the lock; nothing is saved after this (another
        nonotui may take the lock at once). Returns whether the progress is on disk: ``False``
        for a read-only puzzle or a save that failed.

        Touches no widget and no terminal, so it is safe from a signal handler after the
        terminal is gone (SIGHUP).
        """
        if self.closed:
            return not self.unsaved
        self.stopwatch.pause()
        saved = self.save_now()
        self.closed = True
        if self.lock is not None:
            self.lock.release()
        return saved

    def _on_app_suspend(self, _app: object) -> None:
        self.pause_clock()
        self.save_now()

    def _on_app_resume(self, _app: object) -> None:
        if self.app.screen is self:
            self.resume_clock()

    # -- clock ----------------------------------------------------------------------------------

    def pause_clock(self) -> None:
        """Stop counting time (screen covered, app suspended or out of focus)."""
        self.stopwatch.pause()
        self._update_facts()

    def resume_clock(self) -> None:
        """Count time again, unless the puzzle is finished or read-only."""
        if not (self.finished or self.session.read_only):
            self.stopwatch.start()
        self._update_facts()

    # -- saving ---------------------------------------------------------------------------------

    def _schedule_save(self) -> None:
        self.save_schedule.changed()

    def _autosave(self) -> None:
        if self.save_schedule.due():
            self.save_now()

    def save_now(self) -> bool:
        """Write the progress now (no-op when read-only).

        A failure is announced once (not on every retry), the progress stays in memory and the
        save is retried every ``RETRY_DELAY`` seconds; the first success after failures is
        announced too.
        """
        if self.session.read_only or self.closed:
            return False
        progress = self.session.progress
        progress.elapsed = self.stopwatch.elapsed
        try:
            if self.lock is not None and not self.lock.held:
                self.lock.acquire()  # the folder was read-only when the puzzle opened
            with self._solve_steps_hidden():
                self.store.save(progress)
        except (SaveError, LockHeld) as exc:
            if self.save_schedule.failed():
                self.app.notify(
                    f"{exc.message}. Your moves are kept in memory and saving is tried again "
                    f"every {RETRY_DELAY:g} s.",
                    title="Progress not saved",
                    severity="error",
                    timeout=15,
                )
                self._say("progress NOT saved: retrying (see the message)")
            return False
        if self.save_schedule.saved():
            self.app.notify("Your progress is saved again.", title="Progress saved")
            self._say("progress saved again")
        return True

    @property
    def unsaved(self) -> bool:
        """Whether the board holds changes that are not on disk."""
        return self.save_schedule.dirty

    @contextmanager
    def _solve_steps_hidden(self) -> Iterator[None]:
        """While an auto-solve is being shown, its steps are on the board but not yet a move in
        the history: take them off for the save, so that a save never holds cells its undo
        history cannot explain (the finished solve is saved as one move)."""
        solving = self.solving
        if solving is None or not solving.before:
            yield
            return
        cells = self.session.board.cells
        shown = {cell: int(cells[cell]) for cell in solving.before}
        for cell, before in solving.before.items():
            cells[cell] = before
        try:
            yield
        finally:
            for cell, value in shown.items():
                cells[cell] = value

    # -- drawing --------------------------------------------------------------------------------

    def _say(self, message: str) -> None:
        for status in self.query(StatusLine):
            status.say(message)

    def _update_facts(self) -> None:
        if not self.query(StatusLine):
            return
        s = self.session
        row, column = s.cursor
        parts = []
        # Modes first: they change what the next keys do, and the end of the line is cut off
        # on a narrow terminal.
        if s.paint is not None:
            parts.append(f"PAINT {PAINT_NAMES[s.paint]}")
        if self._count:
            parts.append(f"count {self._count}")
        parts += [
            # a file's name, not its whole path: the message after the facts must fit
            self.puzzle.title or _short_label(self.label),
            f"{self.puzzle.width}x{self.puzzle.height}",
            self._clock_text(),
            _plural(s.progress.moves, "move"),
            f"row {row + 1} col {column + 1}",
        ]
        clues = ""
        if self.puzzle.width > 30 or self.puzzle.height > 30:
            # large puzzles may not show whole clues on a small terminal: name them here
            g = self.grid.geometry
            clues = f"clues {g.row_texts[row]} | {' '.join(g.column_numbers[column])}"
        self.status.set_facts(" · ".join(parts), clues)

    def _clock_text(self) -> str:
        """The time played: "solved in 0:46" once finished, "(paused)" only when paused."""
        elapsed = format_time(self.stopwatch.elapsed)
        if self.finished:
            history = self.session.history.done
            if history and history[-1].kind == "solve":
                return f"auto-solved after {elapsed}"
            return f"solved in {elapsed}"
        return elapsed + ("" if self.stopwatch.running else " (paused)")

    def engine_warmed(self, error: str | None) -> None:
        """The app's warm-up ended: replace its status message."""
        if not self.query(StatusLine):
            return
        if self.status.message.startswith("warming up"):
            self._say(f"solver not available: {error}" if error else "solver ready: i for a hint")
        if error is None:
            self.start_guides()

    def _redraw(self) -> None:
        s = self.session
        self.grid.show(s.cursor, s.tracker.rows, s.tracker.columns)
        self._update_facts()

    def set_glyphs(self, glyphs: Glyphs) -> None:
        """Draw the grid with another glyph set."""
        self.glyphs = glyphs
        self.grid.set_glyphs(glyphs)

    # -- changes --------------------------------------------------------------------------------

    def _can_edit(self, *, undoing: bool = False) -> bool:
        """Whether the board may change now; says why not. Undo and redo work on a solved board."""
        if self.solving is not None or self.solve_pending:
            self._say("auto-solve is running: escape stops it, enter finishes it")
            return False
        if self.session.read_only:
            self._say("read-only: this puzzle is open in another nonotui")
            return False
        if self.finished and not undoing:
            self._say("Solved. Restart it from the command palette (ctrl+p) to play again.")
            return False
        return True

    def _changed(self, move: Move | None) -> None:
        """Redraw after a change; save soon; finish when solved."""
        self.board_changed(move)
        self._redraw()
        if move is None:
            return
        self.resume_clock()
        self._schedule_save()
        if self.session.solved and not self.finished:
            self._finish()

    def _finish(self) -> None:
        from nonotui.ui.screens.finish import FinishScreen

        progress = self.session.progress
        self.finished = True
        self.stopwatch.pause()
        if self.session.history.done[-1].kind == "solve":
            # the engine finished it: solved, but no time of the player's to remember
            progress.solved = True
            self.save_now()
            self._say("Solved by auto-solve (no best time). u undoes the auto-solve.")
            self._update_facts()
            return
        elapsed = self.stopwatch.elapsed
        new_best = progress.best_time is None or elapsed < progress.best_time
        progress.solved = True
        if new_best:
            progress.best_time = elapsed
        self.save_now()
        self._say("Solved!")
        self._update_facts()
        self.app.push_screen(
            FinishScreen(self.puzzle, self.session.board, elapsed, progress.moves, new_best,
                         progress.best_time or elapsed, self.glyphs),
            self._after_finish,
        )

    def _after_finish(self, choice: str | None) -> None:
        if choice == "library":
            self.leave()

    def leave(self) -> None:
        """Save, then go back to the library (which reads the saved progress at once). When the
        save fails (read-only or full data folder), ask first: leaving drops the unsaved moves."""
        from nonotui.ui.screens.dialogs import ConfirmScreen

        self.pause_clock()
        if self.save_now() or not self.unsaved:
            self.dismiss()
            return

        def answered(leave_anyway: bool | None) -> None:
            if leave_anyway:
                self.dismiss()

        self.app.push_screen(
            ConfirmScreen(
                "Progress not saved",
                "Your latest moves on this puzzle could not be written to the data folder, and "
                "leaving it now loses them. Cancel to keep playing (saving is tried again), or "
                "free some space and leave again.",
                "Leave anyway",
            ),
            answered,
        )

    def _take_count(self) -> int:
        count = int(self._count) if self._count else 1
        self._count = ""
        return count

    # -- actions --------------------------------------------------------------------------------

    def action_count(self, digit: int) -> None:
        """Add a digit to the count prefix (a leading 0 goes to the row's first cell, as in vi)."""
        if not self._count and digit == 0:
            self.action_edge("home")
            return
        if int(self._count + str(digit)) <= MAX_COUNT:
            self._count += str(digit)
        self._update_facts()

    def action_move(self, drow: int, dcol: int) -> None:
        """Move the cursor (painting in paint mode)."""
        count = self._take_count()
        if self.session.paint is not None and not self._can_edit():
            return
        self._changed(self.session.move(drow, dcol, count))

    def action_move_fill(self, drow: int, dcol: int) -> None:
        """Move the cursor and fill the cells passed, the starting one included."""
        count = self._take_count()
        if not self._can_edit():
            return
        self._changed(self.session.move(drow, dcol, count, paint=FILLED))

    def action_edge(self, where: str) -> None:
        """Jump to the first (``home``) or last (``end``) cell of the row."""
        self._count = ""
        row, _ = self.session.cursor
        self.session.go_to(row, 0 if where == "home" else self.puzzle.width - 1)
        self._redraw()

    def action_page(self, direction: int) -> None:
        """Scroll the board by a screenful of rows and move the cursor as far with it, so it
        stays at the same place on the screen (on a board that fits, to the first or last row)."""
        self._count = ""
        row, column = self.session.cursor
        target = min(max(row + self.grid.page_rows() * direction, 0), self.puzzle.height - 1)
        g = self.grid.geometry
        self.grid.scroll_lines(g.row_y(target) - g.row_y(row))
        self.session.go_to(target, column)
        self._redraw()

    def action_fill(self) -> None:
        """Fill the cursor cell, or clear it when filled."""
        self._count = ""
        if self._can_edit():
            self._changed(self.session.toggle(FILLED))

    def action_cross(self) -> None:
        """Cross the cursor cell, or clear it when crossed."""
        self._count = ""
        if self._can_edit():
            self._changed(self.session.toggle(EMPTY))

    def action_clear(self) -> None:
        """Make the cursor cell unknown."""
        self._count = ""
        if self._can_edit():
            self._changed(self.session.clear())

    def action_paint_mode(self) -> None:
        """Cycle the paint mode: off, fill, cross, clear."""
        if self._can_edit():
            mode = self.session.cycle_paint()
            if mode is None:
                self._end_mode_message()
            else:
                self._say(f"paint mode: {PAINT_NAMES[mode]} (escape ends it)")
            self._update_facts()

    def _end_mode_message(self) -> None:
        """A mode ended: its message (which says how to end it) goes with it."""
        if self.status.message.startswith("paint mode:"):
            self._say("")

    def action_undo(self) -> None:
        """Undo the last move."""
        if not self._can_edit(undoing=True):
            return
        move = self.session.undo()
        if move is None:
            self._say("nothing to undo")
        elif self.finished and not self.session.solved:
            # Undoing out of a solved board goes back to playing (the solve stays recorded).
            self.finished = False
            self._say("")
        self._changed(move)

    def action_redo(self) -> None:
        """Redo the last undone move."""
        if not self._can_edit(undoing=True):
            return
        move = self.session.redo()
        if move is None:
            self._say("nothing to redo")
        self._changed(move)

    def action_escape(self) -> None:
        """Stop an auto-solve, else drop a count, else end paint mode, else go back to the
        library."""
        if self.stop_solving():
            return
        if self._count:
            self._count = ""
        elif self.session.paint is not None:
            self.session.paint = None
            self._end_mode_message()
        else:
            self.leave()
            return
        self._update_facts()

    def action_finish_solve(self) -> None:
        """Enter: finish a running auto-solve at once (nothing else to do otherwise)."""
        self.finish_solving()

    def on_click(self, _event: events.Click) -> None:
        # A click anywhere on the play screen finishes a running auto-solve, as enter does.
        self.finish_solving()

    def action_pause(self) -> None:
        """Hide the board and stop the clock until a key is pressed."""
        from nonotui.ui.screens.dialogs import PauseScreen

        self.app.push_screen(PauseScreen())

    def action_restart(self) -> None:
        """Ask, then start the puzzle over: empty board, no history, clock at zero (the best
        time is kept). Asked first because it cannot be undone: the history goes too."""
        from nonotui.ui.screens.dialogs import ConfirmScreen

        if self.session.read_only:
            self._can_edit()
            return
        title = self.puzzle.title or self.label
        self.app.push_screen(
            ConfirmScreen(
                f"Restart {title}?",
                "This clears the board, the clock and the undo history "
                f"({_plural(self.session.progress.moves, 'move')}); it cannot be undone. "
                "The best time is kept.",
                "Restart",
            ),
            self._restart_confirmed,
        )

    def _restart_confirmed(self, confirmed: bool | None) -> None:
        if not confirmed:
            return
        self.session.restart()
        self.stopwatch = Stopwatch(0.0)
        self.finished = False
        self.board_changed(None, everything=True)
        self._say("restarted")
        self.resume_clock()
        self._changed(None)
        self.save_now()

    # -- mouse strokes --------------------------------------------------------------------------

    @on(StrokeStarted)
    def _stroke_started(self, message: StrokeStarted) -> None:
        self._count = ""
        if self.finish_solving():
            return
        if self._can_edit():
            self.session.begin_stroke(message.row, message.column, message.value)
        else:
            self.session.go_to(message.row, message.column)
        self._redraw()

    @on(StrokeMoved)
    def _stroke_moved(self, message: StrokeMoved) -> None:
        if self.session.stroke is not None:
            self.session.extend_stroke(message.row, message.column)
            self._redraw()

    @on(StrokeEnded)
    def _stroke_ended(self, _message: StrokeEnded) -> None:
        if self.session.stroke is not None:
            self._changed(self.session.end_stroke())


def _short_label(label: str) -> str:
    """A file's name rather than its whole path; a Tatham game id (which has slashes) whole."""
    if looks_like_id(label):
        return label
    return os.path.basename(label) or label
