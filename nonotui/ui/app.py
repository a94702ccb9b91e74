"""The Textual app and :func:`make_app`, the one factory the CLI and the tests both use."""

from __future__ import annotations

import asyncio
import gc
import os
import signal
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from textual import events, on, work
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from nonotui import kinds
from nonotui.errors import NonotuiError, SaveError, UnsupportedPuzzleError
from nonotui.model.kind import Game, PuzzleLike
from nonotui.model.vocab import RATING_VERSION
from nonotui.store import DataDir, LockHeld, ProgressStore, PuzzleLock, SettingsStore
from nonotui.store.autosave import RETRY_DELAY
from nonotui.store.catalog import Catalog
from nonotui.store.grades import GradeCache
from nonotui.store.progress import Progress
from nonotui.ui import ending
from nonotui.ui.glyphs import Glyphs, choose
from nonotui.ui.messages import EngineReady, PuzzleChosen, SideSaveSaid, WarmUpProgress
from nonotui.ui.screens.dialogs import ConfirmScreen, HelpScreen, MessageScreen, OpenFileScreen
from nonotui.ui.screens.library import LibraryScreen
from nonotui.ui.screens.opening import OpeningScreen
from nonotui.ui.screens.play import PlayScreen
from nonotui.ui.side_saves import Said, SideSave
from nonotui.ui.status import WARMING, warming_text

EXIT_GRACE = 3.0
"""Seconds a signal leaves Textual to restore the terminal and quit before the process ends."""

KEYS_GRACE = 0.3
"""Seconds between a signal's save and quitting, for keys already received to be handled; the
play screens save again as they close."""

Found = tuple[Any, str, tuple[str, ...]]
"""A puzzle to open (of any kind), its label for messages, and notices to show with it."""


@dataclass
class _Prepared:
    """What a worker reads before a play screen can open: the puzzle, its progress, its lock."""

    game: Game[PuzzleLike]
    label: str
    progress: Progress
    lock: PuzzleLock | None
    notices: tuple[str, ...]
    cannot_write: bool = False
    """The data folder refused the lock: saves are retried, and recovery is announced."""


class NonotuiApp(App[int]):
    """The player: a library screen at the bottom of the stack, a play screen above it."""

    CSS_PATH = "nonotui.tcss"
    TITLE = "nonotui"
    BINDINGS = [
        # Bound on purpose: ctrl+c quits (saving first) rather than Textual's copy hint.
        Binding("ctrl+c", "quit", "Quit", show=False, priority=True),
        Binding("comma,f2", "settings", "Settings", key_display=","),
    ]

    def __init__(
        self,
        data_dir: DataDir,
        start: tuple[Any, str] | None = None,
        notices: tuple[str, ...] = (),
        make: Any | None = None,
    ) -> None:
        super().__init__()
        self.start_make = make
        """The Make screen to open at once (``nonotui make``), on top of the library."""
        self.data_dir = data_dir
        data_dir.remove_leftovers()  # the temporary files of saves a kill cut short
        self.progress_store = ProgressStore(data_dir.progress)
        self.settings_store = SettingsStore(data_dir)
        self.catalog = Catalog(data_dir)
        self.grades = GradeCache(data_dir.grades, RATING_VERSION)
        """The puzzles' kept grades, shared by the library and the finish screen."""
        self.start = start
        self.start_notices = notices
        self.settings, self._settings_notice = self.settings_store.load()
        self.glyphs: Glyphs = choose(self.settings.glyphs)
        self.engine_ready = False
        """The warm-up worker has compiled or loaded the engine's kernels."""
        self.warming = WARMING
        """What the status line says while the warm-up runs: how many steps are left."""
        self.ended_by: int | None = None
        """The signal that ended the app (SIGHUP, SIGTERM or SIGINT), if one did."""
        self.crashed: BaseException | None = None
        """The exception nothing handled, which ended the app, if one did (:mod:`ending`
        writes it to a crash file and exits 70)."""
        self.side_saves = {"settings": SideSave("Settings"), "grades": SideSave("Grades")}
        """The settings' and the grades' writes: a failure said once and retried."""

    # -- start up -------------------------------------------------------------------------------

    def on_mount(self) -> None:
        if not self.is_headless:
            self._handle_signals()
        if self.settings.theme in self.available_themes:
            self.theme = self.settings.theme
        if self._settings_notice:
            self.notify(self._settings_notice, severity="warning", timeout=12, markup=False)
        self.set_interval(RETRY_DELAY / 5, self._retry_side_saves)
        self.push_screen(LibraryScreen(self.catalog, self.progress_store, self.settings,
                                       self.grades))
        if self.start is not None:
            self.open_puzzle(*self.start, notices=self.start_notices)
        if self.start_make is not None:
            self.push_screen(self.start_make)
        self._warm_up()

    @work(thread=True, exclusive=True, group="warm-up", exit_on_error=False)
    def _warm_up(self) -> None:
        """Compile or load the engine's kernels off the event loop (about a second after
        installing a wheel, which carries them compiled; minutes of compiling from a source
        checkout's first run), so the first hint answers quickly."""
        from textual.worker import get_current_worker

        from nonotui.ui import assist

        worker = get_current_worker()
        first = self.start[0] if self.start is not None else None

        def progress(left: int, total: int) -> None:
            self.post_message(WarmUpProgress(left, total))

        try:
            # positional: tests hold the call at a gate that passes positional arguments on
            assist.warm_up(lambda: worker.is_cancelled, first, progress)
        except Exception as exc:  # shown to the player, never swallowed
            self.post_message(EngineReady(str(exc)))
            return
        self.post_message(EngineReady())

    @on(WarmUpProgress)
    def _warm_up_progress(self, message: WarmUpProgress) -> None:
        if self.engine_ready or not message.left:
            return
        self.warming = warming_text(message.left, message.total)
        for screen in self.play_screens():
            screen.warming_said(self.warming)

    @on(EngineReady)
    def _engine_ready(self, message: EngineReady) -> None:
        self.engine_ready = message.error is None
        # Everything loaded so far (Textual, numba, the compiled kernels) lives as long as the
        # app: moved out of the collector's view, a full collection no longer walks it, which
        # took 70-100 ms in the middle of a keypress (benchmarks/maker_keys.py)
        gc.freeze()
        for screen in self.play_screens():
            screen.engine_warmed(message.error)

    def watch_theme(self, theme: str) -> None:
        if theme != self.settings.theme:
            self.settings.theme = theme
            self.save_settings()

    def save_settings(self) -> None:
        """Write the settings; a failure is said once and the write tried again."""
        self._tell(self.side_saves["settings"].save(
            lambda: self.settings_store.save(self.settings)))

    def save_grades(self, cache: GradeCache) -> None:
        """Write the grades kept in ``cache`` (from any thread); a failure is said once and the
        write tried again."""
        said = self.side_saves["grades"].save(cache.save)
        if said is not None:
            self.post_message(SideSaveSaid(said))

    def _retry_side_saves(self) -> None:
        for side in self.side_saves.values():
            self._tell(side.retry())

    @on(SideSaveSaid)
    def _side_save_said(self, message: SideSaveSaid) -> None:
        self._tell(message.said)

    def _tell(self, said: Said | None) -> None:
        if said is not None:
            self.notify(said.text, title=said.title, severity="error" if said.failed else
                        "information", timeout=15 if said.failed else 6, markup=False)

    # -- opening puzzles --------------------------------------------------------------------------

    def open_puzzle(
        self, puzzle: Any, label: str, notices: tuple[str, ...] = ()
    ) -> PlayScreen | None:
        """Open the play screen on ``puzzle`` at once, or explain in a dialog why it cannot be
        opened (the puzzle named on the command line, before the first frame; the player's own
        picks go through :meth:`open_in_worker`).

        A puzzle open in another nonotui opens read-only; a save from a newer nonotui is refused
        and left as it is. ``notices`` are shown when the play screen opens.
        """
        try:
            prepared = self._prepare(puzzle, label, notices)
        except NonotuiError as exc:
            self.push_screen(MessageScreen("This puzzle cannot be opened", exc.message))
            return None
        screen = self._screen_for(prepared)
        self.push_screen(screen)
        return screen

    def open_in_worker(self, label: str, find: Callable[[], Found]) -> OpeningScreen:
        """Read a puzzle (``find`` returns it, its label and notices) and its saved progress in a
        thread worker, showing "opening..." meanwhile: the event loop keeps running whatever the
        file holds, and Escape stops waiting."""
        opening = OpeningScreen(label)
        self.push_screen(opening)
        self._open_worker(find, opening)
        return opening

    @work(thread=True, group="open")
    def _open_worker(self, find: Callable[[], Found], opening: OpeningScreen) -> None:
        try:
            puzzle, label, notices = find()
            prepared = self._prepare(puzzle, label, notices)
        except NonotuiError as exc:
            self.call_from_thread(self._open_failed, opening, exc.message)
            return
        self.call_from_thread(self._opened, opening, prepared)

    def _opened(self, opening: OpeningScreen, prepared: _Prepared) -> None:
        if opening.abandoned:
            if prepared.lock is not None:
                prepared.lock.release()
            return
        if self.screen is opening:
            self.pop_screen()
        self.push_screen(self._screen_for(prepared))

    def _open_failed(self, opening: OpeningScreen, message: str) -> None:
        if opening.abandoned:
            self.notify(message, title="Not opened", severity="error", markup=False)
            return
        if self.screen is opening:
            self.pop_screen()
        self.push_screen(MessageScreen("This puzzle cannot be opened", message))

    def _prepare(self, puzzle: Any, label: str, notices_before: tuple[str, ...]) -> _Prepared:
        """Everything opening a puzzle needs but the screen itself (safe in a worker thread):
        the lock and the saved progress.

        Raises:
            NonotuiError: a puzzle its kind cannot play yet (a colour nonogram), or a save that
                cannot be used.
        """
        game = kinds.open_game(puzzle)
        reason = game.unsupported("play")
        if reason is not None:
            raise UnsupportedPuzzleError(f"{label} {reason}")
        taken = self.progress_store.lock_for(puzzle.identity)
        lock: PuzzleLock | None = taken
        notices = list(notices_before)
        cannot_write = False
        try:
            taken.acquire()
        except LockHeld as exc:
            notices.append(exc.message)
            lock = None
        except SaveError as exc:
            # A read-only data folder: play anyway; the screen takes the lock before it saves.
            notices.append(
                f"{exc.message}. You can play: your moves are kept in memory and saving is "
                f"tried again every {RETRY_DELAY:g} s."
            )
            cannot_write = True
        try:
            result = self.progress_store.load(puzzle)
        except SaveError:
            if lock is not None:
                lock.release()
            raise
        if result.notice:
            notices.append(result.notice)
        return _Prepared(game, label, result.progress, lock, tuple(notices), cannot_write)

    def _screen_for(self, prepared: _Prepared) -> PlayScreen:
        return PlayScreen.for_keys(prepared.game.key_rules)(
            prepared.game,
            prepared.progress,
            self.progress_store,
            prepared.lock,
            self.glyphs,
            label=prepared.label,
            notices=prepared.notices,
            cannot_write=prepared.cannot_write,
        )

    @on(PuzzleChosen)
    def _puzzle_chosen(self, message: PuzzleChosen) -> None:
        found = (message.puzzle, message.label, ())
        self.open_in_worker(message.label, lambda: found)

    def action_open_file(self) -> None:
        """Ask for a file path (or game id, or bundled name) and play it."""

        def find(spec: str) -> Found:
            puzzle, label, note = self.catalog.resolve_noted(spec)
            return puzzle, label, (note,) if note else ()

        def chosen(spec: str | None) -> None:
            if spec:
                self.open_in_worker(spec, lambda: find(spec))

        self.push_screen(OpenFileScreen(), chosen)

    # -- app-wide actions -----------------------------------------------------------------------

    def _handle_exception(self, error: Exception) -> None:
        """An exception nothing handled ends the app as Textual ends it, but with every open
        puzzle saved first and no traceback on the terminal: :func:`ending.run` writes it to
        a crash file and says so in one line.

        The one private Textual name nonotui uses: every exception Textual catches (in a
        handler, a timer, a worker) comes here, and Textual has no public hook for it
        (Textualize/textual#2818). tests/ui/test_internal_error.py fails if this stops being
        called. The traceback Textual would print on its error console as the app ends is
        silenced through that console's public ``quiet``.
        """
        if self.crashed is None:
            self.crashed = error
            for screen in self.play_screens():
                try:
                    screen.save_now()
                except Exception:  # noqa: BLE001 - the crash may be in saving: end anyway
                    pass
        self.error_console.quiet = True
        super()._handle_exception(error)

    def play_screens(self) -> list[PlayScreen]:
        """Every play screen on the stack (at most one in practice)."""
        return [s for s in self.screen_stack if isinstance(s, PlayScreen)]

    async def action_quit(self) -> None:
        """Save every open puzzle, then quit: the last move is never lost. When a save fails
        (read-only or full data folder), ask before quitting and losing the unsaved moves."""
        failed = []
        for screen in self.play_screens():
            screen.pause_clock()
            if not screen.save_now() and screen.unsaved:
                failed.append(screen)
        if not failed:
            self.exit(0)
            return
        if isinstance(self.screen, ConfirmScreen):
            return

        def answered(quit_anyway: bool | None) -> None:
            if quit_anyway:
                self.exit(0)

        self.push_screen(
            ConfirmScreen(
                "Progress not saved",
                "Your latest moves could not be written to the data folder "
                f"({self.data_dir.root}), and quitting now loses them. Cancel to keep playing "
                "(saving is tried again), or free some space and quit again.",
                "Quit anyway",
            ),
            answered,
        )

    # -- signals ----------------------------------------------------------------------------------

    def _handle_signals(self) -> None:
        """Make SIGHUP (terminal closed), SIGTERM (logout, kill) and SIGINT (from outside: in the
        terminal ctrl+c is a key) save and quit instead of ending the process on the spot.

        The handlers run in the event loop, between two messages, never inside a save.
        """
        loop = asyncio.get_running_loop()
        for name in ("SIGHUP", "SIGTERM", "SIGINT"):
            signum = getattr(signal, name, None)
            if signum is None:
                continue
            try:
                loop.add_signal_handler(signum, self.end_by_signal, signum)
            except (NotImplementedError, RuntimeError, ValueError):  # Windows, or not main
                continue

    def end_by_signal(self, signum: int) -> None:
        """Save every open puzzle at once, before anything touches the terminal (with SIGHUP
        it is gone, and writing to it fails). Keys the app had already received (a lagging app
        may hold a few) are handled in the next ``KEYS_GRACE`` seconds; then every play screen
        saves again and releases its lock, and the app quits, which restores the terminal.
        Exit code 128 + the signal's number, as a shell reports a process ended by that signal.

        After SIGHUP the process ends as soon as the play screens have closed: there is no
        terminal to restore. A watchdog ends the process ``EXIT_GRACE`` seconds after the
        signal if quitting still hangs (a terminal that takes no output); by then everything is
        saved and the locks are released. The process never waits for a compiling thread
        (:mod:`nonotui.ui.ending`).
        """
        if self.ended_by is not None:
            return
        self.ended_by = signum
        for screen in self.play_screens():
            screen.save_now()
        if not self.is_headless:  # never end a test run's process
            watchdog = threading.Timer(EXIT_GRACE, os._exit, args=(128 + signum,))
            watchdog.daemon = True
            watchdog.start()
        self.set_timer(KEYS_GRACE, self._quit_after_signal)

    def _quit_after_signal(self) -> None:
        code = 128 + (self.ended_by or 0)
        for screen in self.play_screens():
            screen.close_for_exit()
        if self.ended_by == getattr(signal, "SIGHUP", None) and not self.is_headless:
            # The terminal is gone: there is nothing to restore, and Textual's exit would
            # block writing to it (on its output queue, which no longer drains). Saved and
            # unlocked: end here, as every other ending does once Textual's exit is done.
            ending.now(code)
        self.exit(code, return_code=code)

    def action_help(self) -> None:
        """Show every key (a play screen's marking keys are its puzzle's kind's)."""
        if not isinstance(self.screen, HelpScreen):
            rules = self.screen.key_rules if isinstance(self.screen, PlayScreen) else None
            self.push_screen(HelpScreen(rules))

    def action_settings(self) -> None:
        """Show every setting with its choices."""
        from nonotui.ui.screens.settings import SettingsScreen

        if not isinstance(self.screen, SettingsScreen):
            self.push_screen(SettingsScreen(self.settings, tuple(self.available_themes)))

    def change_setting(self, name: str, value: str) -> None:
        """Set one setting, apply it at once wherever it shows, and save it."""
        if name == "theme":
            self.theme = value  # watch_theme saves it
            return
        setattr(self.settings, name, value)
        if name == "glyphs":
            self.glyphs = choose(value)
            for screen in self.play_screens():
                screen.glyphs = self.glyphs
        elif name == "check":
            for screen in self.play_screens():
                screen.check_mode_changed()
        self.save_settings()

    def on_app_blur(self, _event: events.AppBlur) -> None:
        if isinstance(self.screen, PlayScreen):
            self.screen.pause_clock()

    def on_app_focus(self, _event: events.AppFocus) -> None:
        if isinstance(self.screen, PlayScreen):
            self.screen.resume_clock()

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        """The command palette: Textual's own entries (themes, keys, quit) and nonotui's."""
        yield from super().get_system_commands(screen)
        yield SystemCommand("Help", "Every key and mouse action", self.action_help)
        yield SystemCommand("Open a puzzle file", "Play a file by its path", self.action_open_file)
        yield SystemCommand("Settings", "Every setting with its choices (the , key)",
                            self.action_settings)
        yield from self._setting_commands()
        if isinstance(screen, PlayScreen):
            yield SystemCommand("Undo", "Undo the last move", screen.action_undo)
            yield SystemCommand("Redo", "Redo the last undone move", screen.action_redo)
            yield SystemCommand(
                "Restart puzzle", "Clear the board, the history and the clock", screen.action_restart
            )
            yield SystemCommand("Pause", "Hide the board and stop the clock", screen.action_pause)
            yield SystemCommand(
                "Back to the library", "Leave this puzzle (it is saved)", screen.leave
            )


    def _setting_commands(self) -> Iterable[SystemCommand]:
        """One palette entry per choice of each setting ("Auto-solve speed: fast"), so a
        choice is one pick away; themes keep Textual's own theme picker."""
        from functools import partial

        from nonotui.ui.screens.settings import setting_infos

        for info in setting_infos(()):
            if info.name == "theme":
                continue
            now = getattr(self.settings, info.name)
            for choice in info.choices:
                yield SystemCommand(
                    f"{info.label}: {choice}",
                    ("(the current choice) " if choice == now else "") + info.about,
                    partial(self._choose_setting, info.label, info.name, choice),
                )

    def _choose_setting(self, label: str, name: str, value: str) -> None:
        self.change_setting(name, value)
        self.notify(f"{label}: {value}")


def make_app(
    puzzle: Any | None = None,
    label: str | None = None,
    data_dir: DataDir | None = None,
    notices: tuple[str, ...] = (),
    make: Any | None = None,
) -> NonotuiApp:
    """The app, opening ``puzzle`` directly when given, else the library.

    Args:
        puzzle: A puzzle to play at once.
        label: Its file name or spec, for messages.
        data_dir: Where progress and settings live; ``NONOTUI_DATA_DIR`` or the platform's
            user data folder by default.
        notices: Messages to show when ``puzzle`` opens.
        make: A Make screen to open at once (``nonotui make``).
    """
    start = (puzzle, label or puzzle.title or "puzzle") if puzzle is not None else None
    return NonotuiApp(data_dir or DataDir.default(), start, notices, make)
