"""Making a new puzzle from the library: the "New puzzle" dialog (size, grade, symmetry) and the
screen that waits for the generator in a thread worker, with a progress bar and Escape to stop.

The library reaches the generator through the ``Kind`` protocol
(:meth:`~nonotui.model.kind.Kind.new_puzzle`), never a kind's own modules.
"""

from __future__ import annotations

import re
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from textual import on, work
from textual.actions import SkipAction
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, ProgressBar, Select
from textual.worker import Worker, get_current_worker

from nonotui.errors import NonotuiError
from nonotui.model.kind import Cancelled, Kind, PuzzleRequest
from nonotui.model.vocab import GRADE_WORDS
from nonotui.store import generated
from nonotui.store.paths import DataDir
from nonotui.ui.host import host_of
from nonotui.ui.messages import PuzzleChosen

MIN_SIDE, MAX_SIDE = 5, 50
"""The sides the dialog offers (the generator itself goes further)."""

GRADES = (("any grade", 0), *((f"{g} · {GRADE_WORDS[g]}", g) for g in range(1, 6)))
SYMMETRY_CHOICES = (("none", "none"), ("left-right (horizontal)", "horizontal"),
                    ("top-bottom (vertical)", "vertical"), ("both", "both"))

_SIZE = re.compile(r"^\s*(\d{1,3})\s*(?:[x×*]\s*(\d{1,3}))?\s*$")


def parse_size(text: str) -> tuple[int, int]:
    """``15x20`` (width x height) or ``15`` (a square) as ``(width, height)``.

    Raises:
        ValueError: not a size, or a side outside :data:`MIN_SIDE` to :data:`MAX_SIDE` (the
            message says which).
    """
    match = _SIZE.match(text.lower())
    if match is None:
        raise ValueError("the size is WIDTHxHEIGHT, such as 15x15 (or one number for a square)")
    width = int(match[1])
    height = int(match[2]) if match[2] else width
    for side in (width, height):
        if not MIN_SIDE <= side <= MAX_SIDE:
            raise ValueError(f"each side must be from {MIN_SIDE} to {MAX_SIDE}, not {side}")
    return width, height


class NewPuzzleScreen(ModalScreen[PuzzleRequest | None]):
    """Asks for the size, grade and symmetry of a new puzzle; Enter makes it, Escape cancels."""

    BINDINGS = [
        Binding("escape", "dismiss(None)", "Cancel"),
        # before the focused field: enter on a closed dropdown makes the puzzle (Textual's
        # Select would open its list again); on an open list it picks, on a button it presses
        Binding("enter", "make", "Make it", show=False, priority=True),
    ]

    DEFAULT_CSS = """
    NewPuzzleScreen { align: center middle; }
    NewPuzzleScreen > Vertical {
        width: 60; height: auto; border: thick $primary; background: $surface; padding: 0 2;
    }
    NewPuzzleScreen #title { text-style: bold; margin-bottom: 1; }
    NewPuzzleScreen .field { height: auto; margin-bottom: 1; }
    NewPuzzleScreen .field Label { width: 10; }
    NewPuzzleScreen Input, NewPuzzleScreen Select { width: 1fr; }
    NewPuzzleScreen #problem { color: $error; height: auto; }
    NewPuzzleScreen #buttons { height: auto; }
    NewPuzzleScreen Button { margin: 0 1; }
    """

    def __init__(self, size: str = "15x15", grade: int = 0, symmetry: str = "none",
                 makers: Sequence[Kind[Any]] = (), kind: str | None = None) -> None:
        super().__init__()
        self.size_text = size
        self.grade = grade
        self.symmetry = symmetry
        self.makers = tuple(makers)
        """The kinds that make puzzles; a Kind field offers them when there are several."""
        self.kind: Kind[Any] | None = next((k for k in self.makers if k.name == kind),
                                      self.makers[0] if self.makers else None)
        """The kind chosen (``kind`` when it makes puzzles, else the first maker, until
        another is picked)."""

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(f"New puzzle (each side {MIN_SIDE} to {MAX_SIDE}; tab moves)",
                        id="title")
            if len(self.makers) > 1:
                with Horizontal(classes="field"):
                    yield Label("Kind")
                    first = self.kind.name if self.kind is not None else self.makers[0].name
                    yield Select([(k.title, k.name) for k in self.makers],
                                 value=first, allow_blank=False, id="kind",
                                 compact=True)
            with Horizontal(classes="field"):
                yield Label("Size")
                yield Input(self.size_text, id="size", compact=True)
            with Horizontal(classes="field"):
                yield Label("Grade")
                yield Select(GRADES, value=self.grade, allow_blank=False, id="grade",
                             compact=True)
            with Horizontal(classes="field"):
                yield Label("Symmetry")
                yield Select(SYMMETRY_CHOICES, value=self.symmetry, allow_blank=False,
                             id="symmetry", compact=True)
            yield Label("", id="problem")
            with Horizontal(id="buttons"):
                yield Button("Make it (enter)", id="make", variant="primary", compact=True)
                yield Button("Cancel (esc)", id="cancel", compact=True)

    def on_mount(self) -> None:
        self.query_one("#size", Input).focus()

    def request(self) -> PuzzleRequest:
        """The request the dialog's fields make, with a fresh random seed.

        Raises:
            ValueError: the size is not one the dialog offers.
        """
        if len(self.makers) > 1:
            name = str(self.query_one("#kind", Select).value)
            self.kind = next(k for k in self.makers if k.name == name)
        width, height = parse_size(self.query_one("#size", Input).value)
        grade = self.query_one("#grade", Select).value
        symmetry = self.query_one("#symmetry", Select).value
        return PuzzleRequest(width, height, int(str(grade)), str(symmetry),
                             secrets.randbelow(1_000_000_000))

    def _submit(self) -> None:
        try:
            request = self.request()
        except ValueError as exc:
            self.query_one("#problem", Label).update(str(exc))
            return
        self.dismiss(request)

    def action_make(self) -> None:
        """Enter: make the puzzle, unless a dropdown's list is open or a button has the focus
        (they take the enter themselves)."""
        focused = self.focused
        if isinstance(focused, Button) or any(
                isinstance(node, Select) and node.expanded
                for node in (focused.ancestors_with_self if focused is not None else [])):
            raise SkipAction()
        self._submit()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "make":
            self._submit()
        else:
            self.dismiss(None)


@dataclass(frozen=True)
class Made:
    """A puzzle made and saved: the puzzle and its file."""

    puzzle: Any
    path: Path
    note: str | None = None


def describe(request: PuzzleRequest) -> str:
    """``a 15x15 puzzle, grade 3, symmetric left-right``."""
    grade = f"grade {request.grade}" if request.grade else "any grade"
    sym = "" if request.symmetry == "none" else f", {request.symmetry} symmetry"
    return f"a {request.width}x{request.height} puzzle, {grade}{sym}"


class MakingScreen(ModalScreen[Made | None]):
    """Makes a puzzle in a thread worker while a progress bar moves; saves it into the user's
    puzzles folder as ``stem`` and dismisses with it. Escape stops waiting (dismisses with
    ``None``); the generator checks for that between its stages, and whatever it makes after
    Escape is dropped, never saved."""

    BINDINGS = [Binding("escape", "stop", "Stop")]

    DEFAULT_CSS = """
    MakingScreen { align: center middle; }
    MakingScreen > Vertical {
        width: 64; height: auto; border: thick $primary; background: $surface; padding: 0 2;
    }
    MakingScreen ProgressBar { margin: 1 0; }
    """

    def __init__(self, kind: Kind[Any], request: PuzzleRequest, data_dir: DataDir, stem: str) -> None:
        super().__init__()
        self.kind = kind
        self.request = request
        self.data_dir = data_dir
        self.stem = stem
        self.stopped = False
        """The player pressed Escape: the worker's answer is dropped."""
        self.started = time.monotonic()
        self.worker: Worker[None] | None = None
        """The worker making the puzzle."""
        self.failure: str | None = None
        """Why the puzzle could not be made (shown, then the screen waits for Escape)."""

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(f"Making {describe(self.request)}...", id="what")
            yield ProgressBar(total=None, show_eta=False, id="bar")
            yield Label("0 s · escape stops", id="elapsed")

    def on_mount(self) -> None:
        self.set_interval(0.5, self._tick)
        self.worker = self._make()

    def _tick(self) -> None:
        if self.failure is None:
            seconds = int(time.monotonic() - self.started)
            self.query_one("#elapsed", Label).update(f"{seconds} s · escape stops")

    @work(thread=True, exclusive=True, group="make-puzzle", exit_on_error=False)
    def _make(self) -> None:
        worker = get_current_worker()

        def should_stop() -> bool:
            return worker.is_cancelled or self.stopped

        try:
            result = self.kind.new_puzzle(self.request, should_stop)
            if should_stop():
                return
            path = generated.save(self.data_dir, result.puzzle, self.stem)
        except Cancelled:
            return
        except NonotuiError as exc:
            self.app.call_from_thread(self._failed, exc.message)
            return
        if not should_stop():
            self.app.call_from_thread(self._done, Made(result.puzzle, path, result.note))

    def _done(self, result: Made) -> None:
        if not self.stopped:
            self.dismiss(result)

    def _failed(self, message: str) -> None:
        if self.stopped:
            return
        self.failure = message
        self.query_one("#what", Label).update(f"Could not make {describe(self.request)}:")
        self.query_one("#bar", ProgressBar).display = False
        self.query_one("#elapsed", Label).update(f"{message}\n(escape goes back)")

    def action_stop(self) -> None:
        """Stop waiting: the worker is cancelled and its puzzle, if any, dropped."""
        self.stopped = True
        self.workers.cancel_group(self, "make-puzzle")
        self.dismiss(None)


class MakingActions:
    """The library's "New puzzle" (``n``) and "Daily puzzle" (``d``) actions, mixed into its
    screen (which provides ``app`` and ``data_dir``)."""

    app: Any
    data_dir: DataDir

    def action_new_puzzle(self) -> None:
        """Ask for a size, grade and symmetry, make the puzzle in a worker, save it into the
        user's puzzles folder and play it."""
        makers = generated.makers()
        if not makers:
            self.app.notify("No kind of puzzle here can make new puzzles.", severity="error")
            return
        settings = getattr(self, "settings", None)  # the library's kind filter, if one
        dialog = NewPuzzleScreen(makers=makers, kind=getattr(settings, "kind", None))

        def chosen(request: PuzzleRequest | None) -> None:
            if request is not None and dialog.kind is not None:
                stem = generated.stem_of(request)
                if dialog.kind is not makers[0]:  # the first kind's names stay as they were
                    stem = f"{dialog.kind.name}-{stem}"
                self.make_puzzle(dialog.kind, request, stem)

        self.app.push_screen(dialog, chosen)

    def action_daily_puzzle(self) -> None:
        """Today's puzzle (by the UTC date): opened from its file when it was made already today
        (its progress resumes), else made, saved and opened."""
        kind = generated.maker()
        today = generated.utc_today()
        request = kind.daily_request(today) if kind is not None else None
        if kind is None or request is None:
            self.app.notify("No kind of puzzle here can make a daily puzzle.", severity="error")
            return
        stem = generated.stem_of(request, today)
        path = generated.path_for(self.data_dir, kind, stem)
        if path.exists():
            label = path.name

            def find() -> tuple[Any, str, tuple[str, ...]]:
                puzzle = generated.load(path)
                if puzzle is None:
                    raise NonotuiError(f"{path}: the daily puzzle's file is gone")
                return puzzle, label, ()

            host_of(self.app).open_in_worker(label, find)
            return
        self.make_puzzle(kind, request, stem)

    def make_puzzle(self, kind: Kind[Any], request: PuzzleRequest, stem: str) -> None:
        """Make, save and play a puzzle (the waiting screen shows meanwhile)."""

        def done(result: Made | None) -> None:
            if result is not None:
                note = f"{result.note} " if result.note else ""
                self.app.notify(f"{note}Saved as {result.path}", title="New puzzle",
                                timeout=10 if note else 6, markup=False)
                self.app.post_message(PuzzleChosen(result.puzzle, result.path.name))

        self.app.push_screen(MakingScreen(kind, request, self.data_dir, stem), done)
