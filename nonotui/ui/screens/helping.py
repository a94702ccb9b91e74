"""The play screen's engine keys: hint, check and auto-solve, each answered by a thread worker.

Workers get copies of the board and the cursor, run a function of :mod:`nonotui.ui.assist`
(which imports the engine only then) and answer with a message; the screen drops an answer
whose board *version* is not the current one, so a slow answer never marks a board the player
has changed since. The event loop never waits: keys keep working while a worker runs, and
escape cancels an auto-solve.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import work
from textual.timer import Timer
from textual.worker import get_current_worker

from nonotui.model.history import History, Move
from nonotui.store.settings import SOLVE_SPEEDS
from nonotui.ui import assist
from nonotui.ui.frames import Frame, solve_frames
from nonotui.ui.messages import CheckDone, EngineFailed, HintFound, SolvePlanned
from nonotui.ui.status import HintPanel

if TYPE_CHECKING:
    from nonotui.ui.screens.play import PlayScreen


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


class Solving:
    """An auto-solve being shown: its steps, how far it got, and each shown cell's value before.

    The steps change the board directly while they are shown (the player cannot mark meanwhile);
    :meth:`HelpingScreen._end_solve` reverts them and records them all as one move.
    """

    def __init__(self, plan: assist.SolvePlan, frames: list[Frame]) -> None:
        self.plan = plan
        self.frames = frames
        self.shown = 0
        """Frames shown so far."""
        self.before: dict[tuple[int, int], int] = {}
        self.timer: Timer | None = None

    @property
    def steps_shown(self) -> int:
        """The plan's steps shown so far (the last frame's last step)."""
        return self.frames[self.shown - 1].last if self.shown else 0


class HelpingScreen:
    """Hint, check and auto-solve for :class:`~nonotui.ui.screens.play.PlayScreen` (a mixin:
    it uses the screen's session, grid and messages). Its message handlers go by name
    (``on_hint_found``), since ``@on`` needs a message pump's class."""

    version: int
    """Bumped on every change of the board: an answer for an older version is dropped."""

    def _init_helping(self: PlayScreen) -> None:
        self.check_memory = assist.CheckMemory(self.puzzle)
        self.version = 0
        self.hint: Any = None
        self.hint_version = -1
        self.solving: Solving | None = None
        self.solve_pending = False
        self.solve_at_once = False
        """Enter was pressed while the worker planned: show the plan at once when it comes."""
        self.guiding = False
        """The clue guide is on (from the end of the engine's warm-up)."""

    # -- board versions ---------------------------------------------------------------------------

    def board_changed(self: PlayScreen, move: Move | None, *, everything: bool = False) -> None:
        """Forget the hint and the check flags on changed cells (all of them when
        ``everything`` changed, as on a restart); check again in immediate mode."""
        if move is None and not everything:
            return
        self.version += 1
        if self.hint is not None:
            self._forget_hint()
        if move is None:
            self.update_guides()
        else:
            self.update_guides(self.session.units_at(move.cells()))
        # a wrong mark stays wrong whatever else is marked: only the changed cells lose a flag
        self.grid.wrong = (frozenset() if move is None
                           else self.grid.wrong - set(move.cells()))
        if self.app.settings.check == "immediate" and self.solving is None:
            self._run_check(asked=False)

    def start_guides(self: PlayScreen) -> None:
        """Turn the clue guide on (the engine is ready) and compute it for every line."""
        self.guiding = True
        self.update_guides()
        self._redraw()

    def update_guides(self: PlayScreen, units=None) -> None:
        """Recompute the guide of the given units (all when ``None``), through the kind."""
        if not self.guiding:
            return
        self.grid.guides.update(self.kind.guides(self.puzzle, self.session.board, units))

    def _forget_hint(self: PlayScreen) -> None:
        self.hint = None
        self.grid.highlight = frozenset()
        self.grid.hint_line = frozenset()
        self.query_one(HintPanel).show_text("")

    def _history_copy(self: PlayScreen) -> History:
        return History(list(self.session.history.done), [])

    # -- hint -------------------------------------------------------------------------------------

    def action_hint(self: PlayScreen) -> None:
        """Show the next hint; pressed again while it is shown, apply it."""
        if self.solving is not None:
            return
        if self.hint is not None and self.hint_version == self.version:
            self._apply_hint()
            return
        waiting = "" if self.app.engine_ready else " (the solver is still warming up)"
        self._say(f"thinking about a hint...{waiting}")
        self._hint_worker(self.session.board.copy(), self.session.cursor, self._history_copy(),
                          self.version)

    @work(thread=True, exclusive=True, group="hint", exit_on_error=False)
    def _hint_worker(self: PlayScreen, board, cursor, history, version: int) -> None:
        self._engine_call(
            "hint",
            lambda stop: assist.hint(self.puzzle, board, cursor, history, stop,
                                     self.check_memory),
            lambda found: HintFound(found, version),
        )

    def _engine_call(self: PlayScreen, what: str, call, answer) -> None:
        """In a worker: ``call(should_stop)``, then post ``answer(result)``; a cancel ends it
        quietly, and a failure is posted as :class:`EngineFailed` for the player to see."""
        worker = get_current_worker()
        try:
            assist.load_engine()
            result = call(lambda: worker.is_cancelled)
        except assist.Cancelled:
            return
        except Exception as exc:  # shown to the player, never swallowed
            self.post_message(EngineFailed(what, str(exc)))
            return
        self.post_message(answer(result))

    def on_hint_found(self: PlayScreen, message: HintFound) -> None:
        if message.version != self.version:
            return
        hint = message.hint
        if hint.kind == "solved":
            self._say(hint.explanation)
            return
        if hint.kind == "mistake" and not hint.cells:
            self._say(hint.explanation)
            return
        self.hint, self.hint_version = hint, message.version
        cells = frozenset((r, c) for r, c, _ in hint.cells)
        self.grid.highlight = cells
        line: frozenset[tuple[int, int]] = frozenset()
        if hint.line is not None:
            axis, index = hint.line
            if axis == "row":
                line = frozenset((index, c) for c in range(self.puzzle.width))
            else:
                line = frozenset((r, index) for r in range(self.puzzle.height))
        self.grid.hint_line = line - cells
        # to the hint's nearest cell: on a large puzzle it may be out of view, and the next
        # hint is then looked for near this one
        r, c = min(cells, key=lambda rc: (abs(rc[0] - self.session.cursor[0])
                                          + abs(rc[1] - self.session.cursor[1]), rc))
        self.session.go_to(r, c)
        marked = f"marked {self.glyphs.hint}"
        if hint.kind == "mistake":
            if hint.undo_moves:
                after = (f"hint: a mistake ({marked}); i clears those marks as one move, or "
                         f"undo {_plural(hint.undo_moves, 'move')} with u")
            else:
                after = f"hint: a mistake ({marked}); i clears those marks as one move"
        elif hint.kind in ("guess", "ambiguous"):
            after = f"hint: stuck; i reveals the cell {marked}"
        else:
            after = f"hint: {_plural(len(hint.cells), 'cell')} {marked}; i applies it"
        self.query_one(HintPanel).show_text(hint.explanation)
        self._say(after)
        self._redraw()

    def _apply_hint(self: PlayScreen) -> None:
        hint = self.hint
        if not self._can_edit():
            return
        move = self.session.apply(hint.changes(), "hint")
        n = len(hint.changes())
        what = "cleared" if hint.kind == "mistake" else "set"
        self._changed(move)
        self._say(f"hint applied: {_plural(n, 'cell')} {what} (u undoes it)")

    # -- check ------------------------------------------------------------------------------------

    def action_check(self: PlayScreen) -> None:
        """Flag every mark that no solution allows."""
        if self.app.settings.check == "off":
            self._say("checks are off: choose a check mode in the command palette (ctrl+p)")
            return
        self._say("checking your marks...")
        self._run_check(asked=True)

    def _run_check(self: PlayScreen, asked: bool) -> None:
        self._check_worker(self.session.board.copy(), self.version, asked)

    @work(thread=True, exclusive=True, group="check", exit_on_error=False)
    def _check_worker(self: PlayScreen, board, version: int, asked: bool) -> None:
        self._engine_call(
            "check",
            lambda stop: assist.check(self.puzzle, board, stop, self.check_memory),
            lambda wrong: CheckDone(wrong, version, asked),
        )

    def on_check_done(self: PlayScreen, message: CheckDone) -> None:
        if message.version != self.version:
            return
        self.grid.wrong = message.wrong
        n = len(message.wrong)
        if message.asked or n:
            if n:
                glyph = self.glyphs.error
                verb = "fits" if n == 1 else "fit"
                self._say(f"check: {_plural(n, 'mark')} {verb} no solution (marked {glyph})")
            else:
                self._say("check: no mark contradicts the clues")
        self._redraw()

    def check_mode_changed(self: PlayScreen) -> None:
        """The check mode setting changed: say so, drop the flags when off, check now when
        immediate."""
        check = self.app.settings.check
        words = {"off": "off", "request": "on request (c)", "immediate": "after every move"}
        self._say(f"check mode: {words[check]}")
        if check == "off":
            self.grid.wrong = frozenset()
            self._redraw()
        elif check == "immediate":
            self._run_check(asked=False)

    # -- auto-solve -------------------------------------------------------------------------------

    def action_auto_solve(self: PlayScreen) -> None:
        """Solve from the current marks, showing the steps."""
        if self.solving is not None or self.solve_pending or not self._can_edit():
            return
        self.solve_pending = True
        self._say("auto-solve: solving from your marks... (escape stops)")
        self._solve_worker(self.session.board.copy(), self.version)

    @work(thread=True, exclusive=True, group="solve", exit_on_error=False)
    def _solve_worker(self: PlayScreen, board, version: int) -> None:
        self._engine_call(
            "auto-solve",
            lambda stop: assist.solve_plan(self.puzzle, board, stop),
            lambda plan: SolvePlanned(plan, version),
        )

    def on_solve_planned(self: PlayScreen, message: SolvePlanned) -> None:
        if not self.solve_pending:
            return
        self.solve_pending = False
        plan = message.plan
        if message.version != self.version:
            self._say("auto-solve: the board changed meanwhile; press S again")
            return
        if plan.status == "inconsistent":
            self._say("auto-solve: your marks fit no solution. Press i to find the mistake.")
            return
        if plan.status == "no-solution":
            self._say("auto-solve: these clues have no solution at all")
            return
        self.solving = Solving(plan, solve_frames(plan.steps))
        if self.solve_at_once:
            self.finish_solving()
        else:
            self._next_step()

    def _show_frame(self: PlayScreen, frame: Frame) -> None:
        solving = self.solving
        assert solving is not None
        cells = self.session.board.cells
        for r, c, v in frame.cells:
            solving.before.setdefault((r, c), int(cells[r, c]))
            cells[r, c] = v
        self.session.tracker.update((r, c) for r, c, _ in frame.cells)

    def _next_step(self: PlayScreen) -> None:
        solving = self.solving
        if solving is None:
            return
        solving.timer = None
        delay = SOLVE_SPEEDS[self.app.settings.solve_speed]
        if not delay:
            self.finish_solving()
            return
        if solving.shown == len(solving.frames):
            self._end_solve(stopped=False)
            return
        frame = solving.frames[solving.shown]
        solving.shown += 1
        self._show_frame(frame)
        self.grid.highlight = frozenset((r, c) for r, c, _ in frame.cells)
        self.query_one(HintPanel).show_text(frame.text)
        self._say("auto-solve: escape stops it, enter finishes it")
        self._redraw()
        solving.timer = self.set_timer(delay, self._next_step)

    def finish_solving(self: PlayScreen) -> bool:
        """Enter or a click: show the rest of a running auto-solve at once (one planned in the
        worker ends as soon as it arrives); whether there was one."""
        if self.solve_pending:
            self.solve_at_once = True
            self._say("auto-solve: solving from your marks... (it ends at once when found)")
            return True
        solving = self.solving
        if solving is None:
            return False
        if solving.timer is not None:
            solving.timer.stop()
            solving.timer = None
        while solving.shown < len(solving.frames):
            solving.shown += 1
            self._show_frame(solving.frames[solving.shown - 1])
        self._end_solve(stopped=False)
        return True

    def _end_solve(self: PlayScreen, stopped: bool) -> None:
        """Record what the auto-solve showed as one undoable move."""
        solving, self.solving = self.solving, None
        self.solve_at_once = False
        if solving is None:
            return
        if solving.timer is not None:
            solving.timer.stop()
        cells = self.session.board.cells
        shown = [(r, c, int(cells[r, c])) for r, c in solving.before]
        for (r, c), before in solving.before.items():
            cells[r, c] = before
        self.grid.highlight = frozenset()
        self.query_one(HintPanel).show_text("")
        move = self.session.apply(shown, "solve")
        steps = len(solving.plan.steps)
        if stopped:
            self._say(f"auto-solve stopped after {solving.steps_shown} of {steps} steps; "
                      "what it did is one move (u undoes it)")
        else:
            several = " (one of several solutions)" if solving.plan.several else ""
            self._say(f"auto-solved in {_plural(steps, 'step')}{several}; u undoes it all")
        self._changed(move)

    def stop_solving(self: PlayScreen) -> bool:
        """Escape: cancel a running auto-solve; whether there was one."""
        if self.solve_pending:
            self.solve_pending = False
            self.solve_at_once = False
            self.workers.cancel_group(self, "solve")
            self._say("auto-solve cancelled")
            return True
        if self.solving is not None:
            self._end_solve(stopped=True)
            return True
        return False

    def on_engine_failed(self: PlayScreen, message: EngineFailed) -> None:
        self.app.notify(message.error, title=f"The {message.what} failed", severity="error",
                        timeout=15)
        self.solve_pending = False
