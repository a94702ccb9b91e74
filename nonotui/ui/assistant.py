"""The play screen's assistant: hint, check, auto-solve and the clue guide, as a non-visual widget
the screen composes.

It owns their state (the hint on show, the flagged marks, the guides, the auto-solve being shown)
and their thread workers. The screen tells it of every change of the board
(:meth:`Assistant.board_changed`); what it shows is in reactive attributes
(:attr:`Assistant.highlight`, :attr:`~Assistant.hint_line`, :attr:`~Assistant.wrong`,
:attr:`~Assistant.panel`, :attr:`~Assistant.guides`) that the screen watches and hands to the
grid and the hint panel. A key answers at once with a
:class:`~nonotui.ui.messages.Reply`; what happens later (a worker's answer, an auto-solve's next
frame) is posted up as :class:`~nonotui.ui.messages.HelpChanged`.

Workers get copies of the board and the cursor, run a function of :mod:`nonotui.ui.assist` (the
puzzle's kind, which imports its engine only then) and answer with a message; an answer whose
board *version* is not the current one is dropped, so a slow answer never marks a board the
player has changed since. The event loop never waits: keys keep working while a worker runs.
An auto-solve shows its frames with :meth:`PlaySession.preview` and ends as one move.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TypeVar

from textual import on, work
from textual.message import Message
from textual.reactive import var
from textual.timer import Timer
from textual.widget import Widget
from textual.worker import get_current_worker

from nonotui.model.board import Board
from nonotui.model.history import History, Move
from nonotui.model.kind import (
    Cancelled,
    Cell,
    HintLike,
    Plan,
    Stop,
    UnitGuide,
)
from nonotui.model.words import plural
from nonotui.store.settings import SOLVE_SPEEDS, Settings
from nonotui.ui import assist
from nonotui.ui.frames import Frame, solve_frames
from nonotui.ui.glyphs import Glyphs
from nonotui.ui.messages import (
    CheckDone,
    EngineFailed,
    EngineJob,
    HelpChanged,
    HintFound,
    Reply,
    SolvePlanned,
)
from nonotui.ui.session import PlaySession

T = TypeVar("T")

CHECK_WORDS = {"off": "off", "request": "on request (c)", "immediate": "after every move"}


CHAIN_AT_ONCE = 4
"""The most lines a contradiction's chain may rest on and still be told in one piece; a longer
one is shown a line at a time (``i`` steps to the next line, and on the last applies)."""
DROPPED = "the hint no longer applies (the board changed); i looks for a new one"
"""What the status line says when a move drops the hint on show."""


class Solving:
    """An auto-solve being shown: its plan, its frames and how many are shown (on the board as
    the session's preview)."""

    def __init__(self, plan: Plan, frames: list[Frame]) -> None:
        self.plan = plan
        self.frames = frames
        self.shown = 0
        """Frames shown so far."""
        self.timer: Timer | None = None

    @property
    def steps_shown(self) -> int:
        """The plan's steps shown so far (the last frame's last step)."""
        return self.frames[self.shown - 1].last if self.shown else 0


class Assistant(Widget):
    """Hint, check, auto-solve and the clue guide of one puzzle being played."""

    DEFAULT_CSS = "Assistant { display: none; }"

    highlight: var[frozenset[Cell]] = var(frozenset(), init=False)
    """Cells the hint (or the auto-solve's frame) is about."""
    hint_line: var[frozenset[Cell]] = var(frozenset(), init=False)
    """The rest of the unit the hint reasons in."""
    wrong: var[frozenset[Cell]] = var(frozenset(), init=False)
    """Marks the last check flagged (a changed cell loses its flag)."""
    narrowed: var[Mapping[Cell, int]] = var(lambda: {}, init=False)
    """Cells the hint's line narrows without deciding, with the values each may still take
    (shown while the hint is, never set)."""
    panel = var("", init=False)
    """The hint panel's text (empty: hidden)."""
    guides: var[Mapping[int, UnitGuide]] = var(lambda: {}, init=False)
    """The clue guide of every unit computed so far (a new mapping on every change)."""

    def __init__(self, session: PlaySession, settings: Settings,
                 glyphs: Callable[[], Glyphs]) -> None:
        super().__init__()
        self.game = session.game
        """The puzzle's game: its hints and checks keep what they learn between calls."""
        self.session = session
        self.settings = settings
        self._glyphs = glyphs
        self.unavailable = self.game.unsupported("solve")
        """Why the solver cannot help with this puzzle (a kind that plays puzzles its engine
        does not solve yet), or ``None``: hints, checks, guides and auto-solve then say so
        instead of running."""
        self.version = 0
        """Bumped on every change of the board: an answer for an older version is dropped."""
        self.hint: HintLike | None = None
        self.hint_version = -1
        self.step_at: int | None = None
        """The line of a long chain on show (:data:`CHAIN_AT_ONCE`), ``None`` when the hint is
        shown in one piece."""
        self.solving: Solving | None = None
        self.solve_pending = False
        """An auto-solve's plan is being computed."""
        self.solve_at_once = False
        """Enter was pressed while the worker planned: show the plan at once when it comes."""
        self.guiding = False
        """The clue guide is on (from the end of the engine's warm-up)."""

    @property
    def busy(self) -> bool:
        """An auto-solve is being planned or shown: the board must not change."""
        return self.solving is not None or self.solve_pending

    def _post(self, say: str | None = None, move: Move | None = None) -> None:
        self.post_message(HelpChanged(Reply(say, move)))

    # -- board versions ---------------------------------------------------------------------------

    def board_changed(self, move: Move | None, *, everything: bool = False) -> None:
        """The board changed by ``move`` (or ``everything`` changed, as on a restart): forget the
        hint (saying so, as the status line offered it to the hint key) and the check flags on
        changed cells, update their guides, check again in
        immediate mode."""
        if move is None and not everything:
            return
        self.version += 1
        if self.hint is not None:
            self._forget_hint()
            if not everything:  # the status line still offered it to the hint key
                self._post(DROPPED)
        cells = None if move is None else move.cells()
        self._update_guides(cells)
        # a wrong mark stays wrong whatever else is marked: only the changed cells lose a flag
        self.wrong = frozenset() if cells is None else self.wrong - set(cells)
        if (self.settings.check == "immediate" and self.solving is None
                and self.unavailable is None):
            self._run_check(asked=False)

    def _no_solver(self) -> Reply | None:
        """The reply to a request for the solver's help when it cannot give any."""
        if self.unavailable is None:
            return None
        return Reply(f"no solver help here: {self.unavailable}")

    def start_guides(self) -> None:
        """Turn the clue guide on (the engine is ready) and compute it for every unit."""
        if self.unavailable is not None:
            return
        self.guiding = True
        self._update_guides(None)

    def _update_guides(self, cells: Iterable[Cell] | None) -> None:
        if not self.guiding:
            return
        units = None if cells is None else self.game.units_at(cells)
        self.guides = {**self.guides, **self.game.guides(self.session.board, units)}

    def _forget_hint(self) -> None:
        self.hint = None
        self.step_at = None
        self.highlight = self.hint_line = frozenset()
        self.narrowed = {}
        self.panel = ""

    def _history_copy(self) -> History:
        return History(list(self.session.history.done), [])

    def _engine_call(self, what: EngineJob, call: Callable[[Stop], T],
                     answer: Callable[[T], Message]) -> None:
        """In a worker: ``call(should_stop)``, then post ``answer(result)``; a cancel ends it
        quietly, and a failure is posted as :class:`EngineFailed` for the player to see."""
        worker = get_current_worker()
        try:
            result = call(lambda: worker.is_cancelled)
        except Cancelled:
            return
        except Exception as exc:  # shown to the player, never swallowed
            self.post_message(EngineFailed(what, str(exc)))
            return
        self.post_message(answer(result))

    @on(EngineFailed)
    def _engine_failed(self, message: EngineFailed) -> None:
        self.app.notify(message.error, title=f"The {message.what} failed", severity="error",
                        timeout=15)
        self.solve_pending = self.solve_at_once = False

    # -- hint -------------------------------------------------------------------------------------

    @property
    def hint_shown(self) -> bool:
        """A hint of the current board is on show (the hint key applies it)."""
        return self.hint is not None and self.hint_version == self.version

    def ask_hint(self) -> Reply:
        """Look for the next hint in a worker."""
        refused = self._no_solver()
        if refused is not None:
            return refused
        waiting = "" if self.guiding else " (the solver is still being prepared)"
        self._hint_worker(self.session.board.copy(), self.session.cursor, self._history_copy(),
                          self.version)
        return Reply(f"thinking about a hint...{waiting}")

    @work(thread=True, exclusive=True, group="hint", exit_on_error=False)
    def _hint_worker(self, board: Board, cursor: Cell, history: History, version: int) -> None:
        self._engine_call(
            "hint",
            lambda stop: assist.hint(self.game, board, cursor, history, stop),
            lambda found: HintFound(found, version),
        )

    def on_hint_found(self, message: HintFound) -> None:
        if message.version != self.version:
            return
        hint = message.hint
        if not hint.cells:
            # nothing to mark, show or apply (solved; a mistake the kind cannot place; a kind
            # whose logic is stuck with no cell to reveal): its words are the whole hint
            self._post(hint.explanation)
            return
        self.hint, self.hint_version = hint, message.version
        self.step_at = None
        if hint.kind == "contradiction" and len({s.unit for s in hint.steps}) > CHAIN_AT_ONCE:
            r, c, _ = hint.cells[0]
            self.session.go_to(r, c)
            self._post(self._show_step(0))
            return
        cells = frozenset((r, c) for r, c, _ in hint.cells)
        self.highlight = cells
        unit = self.game.hint_unit(hint)
        around = frozenset(self.game.units[unit].cells) if unit is not None else frozenset()
        self.hint_line = around - cells
        self.narrowed = {(r, c): v for r, c, v in hint.narrowed}
        # to the hint's nearest cell: on a large puzzle it may be out of view, and the next
        # hint is then looked for near this one
        cr, cc = self.session.cursor
        r, c = min(cells, key=lambda rc: (abs(rc[0] - cr) + abs(rc[1] - cc), rc))
        self.session.go_to(r, c)
        marked = f"marked {self._glyphs().hint}"
        if hint.kind == "mistake":
            if hint.undo_moves:
                after = (f"hint: a mistake ({marked}); i clears those marks as one move, or "
                         f"undo {plural(hint.undo_moves, 'move')} with u")
            else:
                after = f"hint: a mistake ({marked}); i clears those marks as one move"
        elif hint.kind == "try":
            self.session.note_help()  # a cell to try is help, applied or not
            after = f"hint: stuck; try the cell {marked} (mark it, or i reveals it)"
        elif hint.kind in ("guess", "ambiguous"):
            after = f"hint: stuck; i reveals the cell {marked}"
        else:
            after = f"hint: {plural(len(hint.cells), 'cell')} {marked}; i applies it"
        self.panel = hint.explanation
        self._post(after)

    def _show_step(self, at: int) -> str:
        """Show line ``at`` of the long chain on show: its words, the cells it forces under the
        assumption, and its line; what the status line says."""
        hint = self.hint
        assert hint is not None
        self.step_at = at
        step = hint.steps[at]
        n = len(hint.steps)
        cells = frozenset((r, c) for r, c, _ in step.cells)
        around = (frozenset(self.game.units[step.unit].cells) if step.unit is not None
                  else frozenset())
        if not cells:  # the line that breaks: it has no cell to place, so it is the mark
            cells, around = around or frozenset((r, c) for r, c, _ in hint.cells), frozenset()
        self.highlight = cells
        self.hint_line = around - cells
        head = hint.explanation.split(". ", 1)[0]  # "Contradiction (a chain of 6 lines)"
        self.panel = f"{head}, line {at + 1} of {n}: {step.words}"
        marked = f"marked {self._glyphs().hint}"
        if at == n - 1:
            return f"hint: the chain's last line ({marked}); i applies its cell"
        return f"hint: line {at + 1} of {n} of a chain ({marked}); i shows the next line"

    def step_chain(self) -> Reply | None:
        """On a long chain on show, show its next line and say so (``None``: no chain, or its
        last line is on show: the hint key applies)."""
        hint = self.hint
        if hint is None or self.step_at is None or self.step_at >= len(hint.steps) - 1:
            return None
        return Reply(self._show_step(self.step_at + 1))

    def apply_hint(self) -> Reply:
        """Apply the hint on show as one move (the screen has checked the board may change)."""
        hint = self.hint
        assert hint is not None
        changes = hint.changes()
        self._forget_hint()  # applied, not dropped: its own move says so
        move = self.session.apply(changes, "hint")
        what = "cleared" if hint.kind == "mistake" else "set"
        return Reply(f"hint applied: {plural(len(changes), 'cell')} {what} (u undoes it)", move)

    # -- check ------------------------------------------------------------------------------------

    def ask_check(self) -> Reply:
        """Flag every mark that no solution allows (the check key)."""
        if self.settings.check == "off":
            return Reply("checks are off: choose a check mode in the command palette (ctrl+p)")
        refused = self._no_solver()
        if refused is not None:
            return refused
        self._run_check(asked=True)
        return Reply("checking your marks...")

    def _run_check(self, asked: bool) -> None:
        self._check_worker(self.session.board.copy(), self.version, asked)

    @work(thread=True, exclusive=True, group="check", exit_on_error=False)
    def _check_worker(self, board: Board, version: int, asked: bool) -> None:
        self._engine_call(
            "check",
            lambda stop: assist.check(self.game, board, stop),
            lambda wrong: CheckDone(wrong, version, asked),
        )

    def on_check_done(self, message: CheckDone) -> None:
        if message.version != self.version:
            return
        self.wrong = message.wrong
        n = len(message.wrong)
        say = None
        if n:
            verb = "fits" if n == 1 else "fit"
            say = (f"check: {plural(n, 'mark')} {verb} no solution "
                   f"(marked {self._glyphs().error})")
        elif message.asked:
            say = "check: no mark contradicts the clues"
        self._post(say)

    def check_mode_changed(self) -> Reply:
        """The check mode setting changed: drop the flags when off, check now when immediate."""
        check = self.settings.check
        if check == "off":
            self.wrong = frozenset()
        elif check == "immediate" and self.unavailable is None:
            self._run_check(asked=False)
        return Reply(f"check mode: {CHECK_WORDS[check]}")

    # -- auto-solve -------------------------------------------------------------------------------

    def auto_solve(self) -> Reply:
        """Plan an auto-solve from the current marks in a worker (the screen has checked that
        the board may change)."""
        refused = self._no_solver()
        if refused is not None:
            return refused
        self.solve_pending = True
        self._solve_worker(self.session.board.copy(), self.version)
        return Reply("auto-solve: solving from your marks... (escape stops)")

    @work(thread=True, exclusive=True, group="solve", exit_on_error=False)
    def _solve_worker(self, board: Board, version: int) -> None:
        self._engine_call(
            "auto-solve",
            lambda stop: assist.solve_plan(self.game, board, stop),
            lambda plan: SolvePlanned(plan, version),
        )

    def on_solve_planned(self, message: SolvePlanned) -> None:
        if not self.solve_pending:
            return
        self.solve_pending = False
        plan = message.plan
        if message.version != self.version:
            self._post("auto-solve: the board changed meanwhile; press S again")
            return
        if plan.status == "inconsistent":
            self._post("auto-solve: your marks fit no solution. Press i to find the mistake.")
            return
        if plan.status == "no-solution":
            self._post("auto-solve: these clues have no solution at all")
            return
        self.solving = Solving(plan, solve_frames(plan.steps, values=self.session.values))
        if self.solve_at_once:
            reply = self.finish_solving()
            assert reply is not None
            self.post_message(HelpChanged(reply))
        else:
            self._next_step()

    def _next_step(self) -> None:
        solving = self.solving
        if solving is None:
            return
        solving.timer = None
        delay = SOLVE_SPEEDS[self.settings.solve_speed]
        if not delay or solving.shown == len(solving.frames):
            reply = self.finish_solving()
            assert reply is not None
            self.post_message(HelpChanged(reply))
            return
        frame = solving.frames[solving.shown]
        solving.shown += 1
        self.session.preview(frame.cells)
        self.highlight = frozenset((r, c) for r, c, _ in frame.cells)
        self.panel = frame.text
        solving.timer = self.set_timer(delay, self._next_step)
        self._post("auto-solve: escape stops it, enter finishes it")

    def finish_solving(self) -> Reply | None:
        """Enter or a click: show the rest of a running auto-solve at once (one planned in the
        worker ends as soon as it arrives); ``None`` when there is none."""
        if self.solve_pending:
            self.solve_at_once = True
            return Reply("auto-solve: solving from your marks... (it ends at once when found)")
        solving = self.solving
        if solving is None:
            return None
        self.session.preview(cell for frame in solving.frames[solving.shown:]
                             for cell in frame.cells)
        solving.shown = len(solving.frames)
        return self._end_solve(stopped=False)

    def stop_solving(self) -> Reply | None:
        """Escape: cancel a running auto-solve, keeping what it showed as one move; ``None``
        when there is none."""
        if self.solve_pending:
            self.solve_pending = self.solve_at_once = False
            self.workers.cancel_group(self, "solve")
            return Reply("auto-solve cancelled")
        if self.solving is not None:
            return self._end_solve(stopped=True)
        return None

    def _end_solve(self, stopped: bool) -> Reply:
        """What the auto-solve showed becomes one undoable move."""
        solving = self.solving
        assert solving is not None
        self.solving = None
        self.solve_at_once = False
        if solving.timer is not None:
            solving.timer.stop()
        self.highlight = frozenset()
        self.panel = ""
        move = self.session.accept_preview("solve")
        steps = len(solving.plan.steps)
        if stopped:
            return Reply(f"auto-solve stopped after {solving.steps_shown} of {steps} steps; "
                         "what it did is one move (u undoes it)", move)
        several = " (one of several solutions)" if solving.plan.several else ""
        return Reply(f"auto-solved in {plural(steps, 'step')}{several}; u undoes it all", move)
