"""The play screen's rules: what each key and mouse stroke does, asking the assistant, the clock,
saving, finishing and leaving.

:class:`PlayScreen` turns keys and the grid's stroke messages into
:class:`~nonotui.ui.session.PlaySession` calls and the assistant's requests; what it shows
follows from the session and the assistant through the reactive attributes of
:class:`~nonotui.ui.screens.play_view.PlayView`, which it is. It composes an
:class:`~nonotui.ui.assistant.Assistant` for hints, checks and auto-solve, and saves through a
:class:`~nonotui.ui.keeper.ProgressKeeper`.
"""

from __future__ import annotations

from functools import cache

from textual import events, on

from nonotui.model.history import Move
from nonotui.model.kind import Game, KeyRules, MarkKey, PuzzleLike
from nonotui.store import Progress, ProgressStore, PuzzleLock
from nonotui.store.autosave import RETRY_DELAY, SAVE_TICK
from nonotui.ui.clock import Stopwatch
from nonotui.ui.glyphs import Glyphs
from nonotui.ui.keeper import ProgressKeeper
from nonotui.ui.messages import HelpChanged, Reply, StrokeEnded, StrokeMoved, StrokeStarted, Zoomed
from nonotui.ui.palette import choose_color
from nonotui.ui.playkeys import (
    MARKS,
    MAX_COUNT,
    MOVING_KEYS,
    PLAYING_KEYS,
    mark_bindings,
    ranked,
)
from nonotui.ui.screens.play_view import PlayView
from nonotui.ui.session import PlaySession
from nonotui.ui.status import HintPanel, is_warming


class PlayScreen(PlayView):
    """One puzzle being played.

    Its keys depend on the puzzle's kind (the marking keys of its
    :class:`~nonotui.model.kind.KeyRules`), and Textual binds keys per class, from its
    ``BINDINGS``: a play screen is made by the class :meth:`for_keys` gives, which binds
    :data:`MOVING_KEYS`, then the kind's marking keys, then :data:`PLAYING_KEYS`.
    """

    FOOTER_RANKS: tuple[str, ...] = (
        "app.help", "pause", "escape", MARKS, "undo", "hint", "auto_solve", "check", "settings",
        "paint_mode", "redo", "app.quit")
    """The footer's keys, most important first: the first ones stay on a narrow terminal
    (``MARKS`` stands for the kind's marking keys, in their order)."""

    def __init__(
        self,
        game: Game[PuzzleLike],
        progress: Progress,
        store: ProgressStore,
        lock: PuzzleLock | None,
        glyphs: Glyphs,
        *,
        label: str,
        notices: tuple[str, ...] = (),
        cannot_write: bool = False,
    ) -> None:
        """``cannot_write``: the data folder refused the lock as the puzzle opened (said in
        ``notices``); the keeper counts that as the first failed save."""
        if type(self) is PlayScreen:
            raise TypeError("a play screen is made by PlayScreen.for_keys(rules), which binds "
                            "the kind's marking keys")
        session = PlaySession(game, progress, read_only=lock is None)
        super().__init__(session, glyphs, label, Stopwatch(progress.elapsed))
        self.key_rules = session.key_rules
        self.notices = notices
        self.keeper = ProgressKeeper(session, store, lock, cannot_write=cannot_write)
        """Saves the progress, under the puzzle's lock (not Textual's ``Widget.lock``)."""

    @staticmethod
    def for_keys(rules: KeyRules) -> type[PlayScreen]:
        """The play screen that binds ``rules``' marking keys (one class per set of them)."""
        return _bound(rules.marks)

    # -- lifecycle ------------------------------------------------------------------------------

    def on_mount(self) -> None:
        # (then PlayView.on_mount binds the widgets: Textual calls each class's handler)
        self.grid.focus()
        self.set_interval(1.0, self.show_clock)
        self.set_interval(SAVE_TICK, self._autosave)
        # immediate: the suspend signal comes just before the process stops, too late to queue
        self.app.app_suspend_signal.subscribe(self, self._on_app_suspend, immediate=True)
        self.app.app_resume_signal.subscribe(self, self._on_app_resume, immediate=True)
        for notice in self.notices:
            self.notify(notice, severity="warning", timeout=12, markup=False)  # quotes files
        if self.session.read_only:
            self.message = "read-only: open in another nonotui"
        elif self.finished:
            self.message = "Solved. Restart it from the command palette (ctrl+p) to play again."
        elif not self.host.engine_ready:
            self.message = self.host.warming
        if self.host.engine_ready:
            self.assistant.start_guides()

    def on_screen_resume(self) -> None:
        self.resume_clock()

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
        if self.keeper.closed:
            return not self.unsaved
        self.stopwatch.pause()
        saved = self.save_now()
        self.keeper.close()
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
        self.show_clock()

    def resume_clock(self) -> None:
        """Count time again, unless the puzzle is finished or read-only."""
        if not (self.finished or self.session.read_only):
            self.stopwatch.start()
        self.show_clock()

    # -- saving ---------------------------------------------------------------------------------

    def _autosave(self) -> None:
        if self.keeper.due():
            self.save_now()

    def save_now(self) -> bool:
        """Write the progress now (no-op when read-only).

        A failure is announced once (not on every retry), the progress stays in memory and the
        save is retried every ``RETRY_DELAY`` seconds; the first success after failures is
        announced too.
        """
        saved = self.keeper.save(self.stopwatch.elapsed)
        if saved.failure is not None:
            self.app.notify(f"{saved.failure}. Your moves are kept in memory and saving is tried "
                            f"again every {RETRY_DELAY:g} s.", title="Progress not saved",
                            severity="error", timeout=15, markup=False)
            self.message = "progress NOT saved: retrying (see the message)"
        elif saved.recovered:
            self.app.notify("Your progress is saved again.", title="Progress saved")
            self.message = "progress saved again"
        return saved.ok

    @property
    def unsaved(self) -> bool:
        """Whether the board holds changes that are not on disk."""
        return self.keeper.unsaved

    def engine_warmed(self, error: str | None) -> None:
        """The app's warm-up ended: replace its status message, and start the clue guide."""
        if is_warming(self.message):
            self.message = f"solver not available: {error}" if error else "solver ready: i for a hint"
        if error is None:
            self.assistant.start_guides()

    def warming_said(self, text: str) -> None:
        """The app's warm-up moved on a step: say so, unless another message came since."""
        if is_warming(self.message):
            self.message = text

    # -- changes --------------------------------------------------------------------------------

    def _can_edit(self, *, undoing: bool = False) -> bool:
        """Whether the board may change now; says why not. Undo and redo work on a solved board."""
        if self.assistant.busy:
            self.message = "auto-solve is running: escape stops it, enter finishes it"
            return False
        if self.session.read_only:
            self.message = "read-only: this puzzle is open in another nonotui"
            return False
        if self.finished and not undoing:
            self.message = "Solved. Restart it from the command palette (ctrl+p) to play again."
            return False
        return True

    def _changed(self, move: Move | None) -> None:
        """After a move: tell the assistant; save soon; finish when solved."""
        self.assistant.board_changed(move)
        if move is None:
            return
        self.resume_clock()
        self.keeper.changed()
        if self.session.solved and not self.finished:
            self._finish()

    def _finish(self) -> None:
        from nonotui.ui.screens.finish import FinishScreen

        progress = self.session.progress
        self.stopwatch.pause()
        self.finished = True
        if self.session.history.done[-1].kind == "solve":
            # the engine finished it: solved, assisted, no time of the player's to remember
            progress.record_solve(self.stopwatch.elapsed)
            self.save_now()
            self.message = "Solved by auto-solve (no best time). u undoes the auto-solve."
            return
        elapsed = self.stopwatch.elapsed
        assisted = progress.helped
        new_best = progress.record_solve(elapsed)
        self.save_now()
        self.message = "Solved with help (no best time)." if assisted else "Solved!"
        self.app.push_screen(
            FinishScreen(self.session.game, self.session.board, elapsed, progress.moves, new_best,
                         progress.best_time, self.glyphs, assisted=assisted),
            self._after_finish,
        )

    def _after_finish(self, choice: str | None) -> None:
        if choice == "library":
            self.leave()

    def leave(self) -> None:
        """Save, then go back to the library (which reads the saved progress at once). When the
        save fails (read-only or full data folder), ask first: leaving drops the unsaved moves."""
        from nonotui.ui.screens.dialogs import leave_unsaved_question

        self.pause_clock()
        if self.save_now() or not self.unsaved:
            self.dismiss()
            return

        def answered(leave_anyway: bool | None) -> None:
            if leave_anyway:
                self.dismiss()

        self.app.push_screen(leave_unsaved_question(), answered)

    def _take_count(self) -> int:
        count, self.count = int(self.count or 1), ""
        return count

    # -- actions --------------------------------------------------------------------------------

    def action_count(self, digit: int) -> None:
        """Add a digit to the count prefix (a leading 0 goes to the row's first cell, as in vi)
        when the kind's digits count; with a palette, 1 to 9 choose the colour instead."""
        if self.key_rules.digits == "palette" and digit:
            self.action_color(digit - 1, cycle=False)
            return
        if self.key_rules.digits not in ("count", "palette"):
            return
        if not self.count and digit == 0:
            self.action_edge("home")
            return
        if int(self.count + str(digit)) <= MAX_COUNT:
            self.count += str(digit)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The colour keys only where there are colours (nor are they in the help elsewhere)."""
        return action != "color" or bool(self.session.colors)

    def action_color(self, step: int, cycle: bool = True) -> None:
        """The next (``1``) or previous (``-1``) colour, round the end; else colour ``step``."""
        self.count = ""
        index = self.session.color + step if cycle else step
        self.message = choose_color(self.session, index, self.letters, cycle)

    def action_move(self, drow: int, dcol: int) -> None:
        """Move the cursor (painting in paint mode)."""
        count = self._take_count()
        if self.session.paint is not None and not self._can_edit():
            return
        self._changed(self.session.move(drow, dcol, count))

    def action_move_fill(self, drow: int, dcol: int) -> None:
        """Move the cursor and mark the cells passed, the starting one included, with the kind's
        primary value (a nonogram's fill)."""
        count = self._take_count()
        if not self._can_edit():
            return
        self._changed(self.session.move(drow, dcol, count,
                                        paint=self.session.primary))

    def action_edge(self, where: str) -> None:
        """Jump to the first (``home``) or last (``end``) cell of the row."""
        self.count = ""
        row, _ = self.session.cursor
        self.session.go_to(row, 0 if where == "home" else self.puzzle.width - 1)

    def action_page(self, direction: int) -> None:
        """Scroll the board by a screenful of rows and move the cursor as far with it, so it
        stays at the same place on the screen (on a board that fits, to the first or last row)."""
        self.count = ""
        row, column = self.session.cursor
        target = min(max(row + self.grid.page_rows() * direction, 0), self.puzzle.height - 1)
        g = self.grid.geometry
        self.grid.scroll_lines(g.row_y(target) - g.row_y(row))
        self.session.go_to(target, column)

    def action_mark(self, value: str, expand: bool = False) -> None:
        """Mark the cursor cell with the kind's value ``value`` (fill, cross), or clear it when
        it holds that value; ``expand``: also the cells the kind spreads it to, as one move."""
        self.count = ""
        if self._can_edit():
            self._changed(self.session.mark(value, expand))

    def action_clear(self) -> None:
        """Make the cursor cell unknown."""
        self.count = ""
        if self._can_edit():
            self._changed(self.session.clear())

    def action_paint_mode(self) -> None:
        """Cycle the paint mode: off, fill, cross, clear."""
        if self._can_edit():
            mode = self.session.cycle_paint()
            if mode is None:
                self._end_mode_message()
            else:
                self.message = f"paint mode: {self.session.paint_names[mode]} (escape ends it)"

    def _end_mode_message(self) -> None:
        """A mode ended: its message (which says how to end it) goes with it."""
        if self.message.startswith("paint mode:"):
            self.message = ""

    def action_undo(self) -> None:
        """Undo the last move."""
        if not self._can_edit(undoing=True):
            return
        move = self.session.undo()
        if move is None:
            self.message = "nothing to undo"
        elif self.finished and not self.session.solved:
            # Undoing out of a solved board goes back to playing (the solve stays recorded).
            self.finished = False
            self.message = ""
        self._changed(move)

    def action_redo(self) -> None:
        """Redo the last undone move."""
        if not self._can_edit(undoing=True):
            return
        move = self.session.redo()
        if move is None:
            self.message = "nothing to redo"
        self._changed(move)

    def action_escape(self) -> None:
        """Stop an auto-solve, else drop a count, else end paint mode, else go back to the
        library."""
        if self._heard(self.assistant.stop_solving()):
            return
        if self.count:
            self.count = ""
        elif self.session.paint is not None:
            self.session.end_paint()
            self._end_mode_message()
        else:
            self.leave()

    def action_finish_solve(self) -> None:
        """Enter: finish a running auto-solve at once (nothing else to do otherwise)."""
        self._heard(self.assistant.finish_solving())

    def on_click(self, _event: events.Click) -> None:
        # A click anywhere on the play screen finishes a running auto-solve, as enter does.
        self._heard(self.assistant.finish_solving())

    def action_pause(self) -> None:
        """Hide the board and stop the clock until a key is pressed."""
        from nonotui.ui.screens.dialogs import PauseScreen

        self.app.push_screen(PauseScreen())

    def action_restart(self) -> None:
        """Ask, then start the puzzle over: empty board, no history, clock at zero (the best
        time is kept). Asked first because it cannot be undone: the history goes too."""
        from nonotui.ui.screens.dialogs import restart_question

        if self.session.read_only:
            self._can_edit()
            return
        question = restart_question(self.puzzle.title or self.label, self.session.progress.moves)
        self.app.push_screen(question, self._restart_confirmed)

    def _restart_confirmed(self, confirmed: bool | None) -> None:
        if not confirmed:
            return
        self.session.restart()
        self.stopwatch = Stopwatch(0.0)
        self.finished = False
        self.assistant.board_changed(None, everything=True)
        self.message = "restarted"
        self.resume_clock()
        self._changed(None)
        self.save_now()

    # -- the assistant: hint, check, auto-solve ------------------------------------------------

    def action_hint(self) -> None:
        """Show the next hint; pressed again while it is shown, apply it."""
        if self.assistant.solving is not None:
            return
        if not self.assistant.hint_shown:
            self._heard(self.assistant.ask_hint())
            return
        stepped = self.assistant.step_chain()
        if stepped is not None:
            self.message = stepped.say or ""
        elif self._can_edit():
            reply = self.assistant.apply_hint()
            self._changed(reply.move)
            self.message = reply.say or ""

    def action_check(self) -> None:
        """Flag every mark that no solution allows."""
        self._heard(self.assistant.ask_check())

    def check_mode_changed(self) -> None:
        """The check mode setting changed (the app calls this)."""
        self._heard(self.assistant.check_mode_changed())

    def action_auto_solve(self) -> None:
        """Solve from the current marks, showing the steps."""
        if not self.assistant.busy and self._can_edit():
            self._heard(self.assistant.auto_solve())

    @on(HelpChanged)
    @on(Zoomed)
    def _help_changed(self, message: HelpChanged | Zoomed) -> None:
        self._heard(message.reply)

    def _heard(self, reply: Reply | None) -> bool:
        """Say what the assistant said and take its move as any move; ``False`` for ``None``
        (it had nothing to do)."""
        if reply is not None and reply.say is not None:
            self.message = reply.say
        if reply is not None:
            self._changed(reply.move)
        return reply is not None

    def action_hint_scroll(self, pages: int) -> None:
        """Scroll a hint too long for its panel (``ctrl+down``, ``ctrl+up``)."""
        self.query_one(HintPanel).scroll_more(pages)

    # -- mouse strokes --------------------------------------------------------------------------

    @on(StrokeStarted)
    def _stroke_started(self, message: StrokeStarted) -> None:
        self.count = ""
        if self._heard(self.assistant.finish_solving()):
            return
        if self._can_edit():
            self.session.begin_stroke(message.row, message.column, message.value)
        else:
            self.session.go_to(message.row, message.column)

    @on(StrokeMoved)
    def _stroke_moved(self, message: StrokeMoved) -> None:
        if self.session.stroke is not None:
            self.session.extend_stroke(message.row, message.column)

    @on(StrokeEnded)
    def _stroke_ended(self, _message: StrokeEnded) -> None:
        if self.session.stroke is not None:
            self._changed(self.session.end_stroke())



@cache
def _bound(marks: tuple[MarkKey, ...]) -> type[PlayScreen]:
    """:class:`PlayScreen` with these marking keys bound between :data:`MOVING_KEYS` and
    :data:`PLAYING_KEYS` (:meth:`PlayScreen.for_keys`)."""
    keys = mark_bindings(marks)

    class KindPlayScreen(PlayScreen):
        BINDINGS = [*MOVING_KEYS, *keys, *PLAYING_KEYS]
        FOOTER_RANKS = ranked(PlayScreen.FOOTER_RANKS, keys)

    return KindPlayScreen
