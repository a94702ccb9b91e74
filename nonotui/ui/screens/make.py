"""The Make screen: draw a picture, and watch its clues' verdict and grade follow every change.

The drawing is a :class:`~nonotui.model.drawing_editor.DrawingEditor`; the grid is the play
screen's :class:`~nonotui.ui.grid.GridView`, given the drawing's puzzle again after each change
(its clues, hence its margins, change with the picture). Background cells are drawn unknown,
coloured ones as the colour.

After each change a thread worker asks the kind's :class:`~nonotui.model.kind.Maker` for the
verdict (unique / several, with the differing cells highlighted / none / undecided within 2 s),
and when unique, the puzzle's rating (grade, hardest technique, steps). A newer change cancels
the older worker (``exclusive``); the verdict runs in ``nogil`` kernels. The rating is pure
Python: it runs in the same worker, where Python's switch interval (5 ms) lets the keys through
(``benchmarks/maker.py`` measures a keypress while it runs).

"Make unique" and "make easier" show their changes on the board, highlighted; enter accepts
them all as one move, ``.`` the next one, escape drops them. Every move is undoable.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, Literal

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.reactive import var
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Input, Label, Static
from textual.worker import get_current_worker

from nonotui import kinds
from nonotui.errors import NonotuiError
from nonotui.model.board import Board
from nonotui.model.drawing_editor import DrawingEditor
from nonotui.model.kind import (
    GRADE_WORDS,
    Cancelled,
    Drawing,
    Game,
    Kind,
    MakeGoal,
    Maker,
    Proposal,
    PuzzleLike,
    Rating,
    Verdict,
    unknown_of,
)
from nonotui.model.words import plural
from nonotui.ui.footer import FittingFooter
from nonotui.ui.grid import BoardFrame, GridView
from nonotui.ui.messages import StrokeEnded, StrokeMoved, StrokeStarted
from nonotui.ui.screens.dialogs import ConfirmScreen, MessageScreen

IMPROVE_SECONDS = 10.0
"""How long "make unique", "make easier" and "make harder" search before they say none was
found."""
VERDICT_SECONDS = 2.0
"""How long the verdict may take before it says "undecided"."""

THINKING = "thinking..."

_MOVES = (("up,k", -1, 0), ("down,j", 1, 0), ("left,h", 0, -1), ("right,l", 0, 1))


def board_of(drawing: Drawing, values_mask: int) -> Board:
    """The grid's board: background cells unknown (``values_mask``), colour ``k`` as bit ``k``."""
    board = Board.full(drawing.height, drawing.width, values_mask)
    for r, row in enumerate(drawing.picture):
        for c, k in enumerate(row):
            if k:
                board.cells[r, c] = 1 << k
    return board


def verdict_text(verdict: Verdict | None, can_make_unique: bool = True) -> str:
    """The verdict in words (``None``: still thinking)."""
    if verdict is None:
        return f"Verdict: {THINKING}"
    if verdict.status == "unique":
        return "Unique: one solution"
    if verdict.status == "several":
        n = len(verdict.differing)
        then = "U makes it unique" if can_make_unique else "change it there"
        return (f"Several solutions: another differs in {plural(n, 'cell')} (highlighted); "
                f"{then}")
    if verdict.status == "none":
        return "No solution"
    return f"Undecided within {VERDICT_SECONDS:g} s: the solver could not tell"


def rating_text(rating: Rating | None) -> str:
    """The grade, the hardest technique and the steps, in words."""
    if rating is None:
        return f"Grade: {THINKING}"
    if rating.grade == 0:
        return f"Grade 0: {rating.reason or GRADE_WORDS[0]}"
    steps = sum(rating.steps.values())
    hardest = f"; hardest: {rating.hardest}" if rating.hardest else ""
    return (f"Grade {rating.grade} ({GRADE_WORDS[rating.grade]}){hardest}; "
            f"{plural(steps, 'step')}")


YIELD_EVERY = 0.002
"""Seconds of checking between two moments the worker lets the keys' thread have the GIL."""


def yielding(stop: Callable[[], bool]) -> Callable[[], bool]:
    """``stop``, which also hands the GIL over (a zero sleep) at most every
    :data:`YIELD_EVERY` seconds: the rating is pure Python and polls it every half millisecond
    or so, and a key waiting for the GIL would otherwise wait Python's switch interval, again
    at each step of its handling (``benchmarks/maker_keys.py``)."""
    last = time.perf_counter()

    def check() -> bool:
        nonlocal last
        now = time.perf_counter()
        if now - last > YIELD_EVERY:
            time.sleep(0)
            last = time.perf_counter()
        return stop()

    return check


class AskScreen(ModalScreen[str | None]):
    """Asks for one line of text (a new size, a file to export to); dismissed with it, or
    ``None``. ``problem`` says what is wrong with an answer (shown under the field, the dialog
    staying open), or ``None`` to take it."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel")]
    DEFAULT_CSS = """
    AskScreen { align: center middle; }
    AskScreen > Vertical { width: 80%; max-width: 90; height: auto; border: thick $primary;
                           background: $surface; padding: 0 1; }
    """

    def __init__(self, prompt: str, value: str, problem: Callable[[str], str | None],
                 placeholder: str = "") -> None:
        super().__init__()
        self.prompt, self.value, self.problem = prompt, value, problem
        self.placeholder = placeholder

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.prompt)
            yield Input(value=self.value, placeholder=self.placeholder, id="answer")
            yield Static("", id="answer-problem", markup=False)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        problem = self.problem(event.value)
        if problem is not None:
            self.query_one("#answer-problem", Static).update(problem)
            return
        self.dismiss(event.value.strip())


def size_problem(text: str) -> str | None:
    """What is wrong with ``text`` as a drawing's size (``None``: nothing)."""
    from nonotui.model.drawing_editor import size_of

    try:
        if size_of(text) is None:
            return f"{text.strip()!r} is not a size: write WxH, for example 20x15"
    except ValueError as exc:
        return str(exc)
    return None


class SaveScreen(ModalScreen[dict[str, str] | None]):
    """Asks for the title, author and licence a drawing is saved with.

    Tab is taken before the field sees it (a priority binding): as an ordinary binding it
    moved the focus only once the field had handled the key, so what was typed right after it
    (a fast typist, a browser sending keys) still went into the field before."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel"),
                Binding("tab", "app.focus_next", show=False, priority=True),
                Binding("shift+tab", "app.focus_previous", show=False, priority=True)]
    DEFAULT_CSS = """
    SaveScreen { align: center middle; }
    SaveScreen > Vertical { width: 70; height: auto; border: thick $primary;
                            background: $surface; padding: 0 1; }
    SaveScreen Input { margin-bottom: 1; }
    """

    def __init__(self, title: str, author: str, license_: str) -> None:
        super().__init__()
        self.fields = {"title": title, "author": author, "license": license_}

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("Save to your puzzles (enter saves; tab moves between fields; escape cancels)")
            yield Label("Title")
            yield Input(self.fields["title"], id="title")
            yield Label("Author")
            yield Input(self.fields["author"], id="author")
            yield Label("Licence (an SPDX name such as CC-BY-4.0, or empty)")
            yield Input(self.fields["license"], id="license")
            with Horizontal():
                yield Button("Save", variant="primary", id="save")
                yield Button("Cancel", id="cancel")

    def _submit(self) -> None:
        values = {name: self.query_one(f"#{name}", Input).value.strip() for name in self.fields}
        if not values["title"]:
            self.query_one("#title", Input).focus()
            self.notify("A title names the file: write one", severity="warning")
            return
        self.dismiss(values)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self._submit()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "save":
            self._submit()
        else:
            self.dismiss(None)


class MakeScreen(Screen[None]):
    """Draw a puzzle; its verdict and grade follow every change."""

    BINDINGS = [
        *(Binding(keys, f"move({dr},{dc})", "Move", show=False) for keys, dr, dc in _MOVES),
        *(Binding(f"shift+{keys.split(',')[0]}", f"move({dr},{dc},True)", "Move and fill",
                  show=False) for keys, dr, dc in _MOVES),
        Binding("space,f", "fill_cell", "Fill"),
        Binding("x,backspace,delete", "erase", "Erase"),
        *(Binding(str(d), f"color({d})", show=False) for d in range(1, 10)),
        Binding("v", "anchor", "From here"),
        Binding("n", "new_tank", "New tank", show=False),
        Binding("L", "shape('line')", "Line"),
        Binding("r", "shape('rectangle')", "Rectangle"),
        Binding("b", "shape('box')", "Box"),
        Binding("y", "mirror", "Mirror"),
        Binding("X", "clear", "Clear all", show=False),
        Binding("u,ctrl+z", "undo", "Undo"),
        Binding("ctrl+r,ctrl+y", "redo", "Redo"),
        Binding("equals_sign", "resize", "Size", key_display="="),
        Binding("P", "palette", "Colours", show=False),
        Binding("U", "improve('unique')", "Make unique"),
        Binding("E", "improve('easier')", "Make easier"),
        Binding("H", "improve('harder')", "Make harder"),
        Binding("enter", "accept(True)", "Accept all", show=False),
        Binding("full_stop", "accept(False)", "Accept one", show=False),
        Binding("p", "play", "Play it"),
        Binding("w,ctrl+s", "save", "Save"),
        Binding("S", "share", "Share code"),
        Binding("e", "export", "Export", show=False),
        Binding("question_mark,f1", "help", "Help"),
        Binding("escape", "escape", "Back"),
    ]

    FOOTER_RANKS = ("help", "improve('unique')", "fill_cell", "erase", "undo", "play", "save",
                    "share", "improve('easier')", "improve('harder')", "escape", "mirror", "anchor", "shape('line')",
                    "shape('rectangle')", "shape('box')", "redo", "resize")
    """The footer's keys, most important first."""

    DEFAULT_CSS = """
    MakeScreen #make-verdict { height: 1; padding: 0 1; }
    MakeScreen #make-grade { height: 1; padding: 0 1; }
    MakeScreen #make-status { height: 1; padding: 0 1; background: $boost; }
    """

    verdict: var[Verdict | None] = var(None, init=False)
    rating: var[Rating | None] = var(None, init=False)
    proposal: var[Proposal | None] = var(None, init=False)
    message = var("", init=False)

    def __init__(self, drawing: Drawing, kind: Kind[Any] | None = None, *,
                 title: str = "", author: str = "", license_: str = "") -> None:
        super().__init__()
        self.kind: Kind[Any] = kind if kind is not None else kinds.making_kind()
        self.maker: Maker = self.kind.maker()
        self.editor = DrawingEditor(drawing)
        self.meta = {"title": title, "author": author, "license": license_}

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Keys the drawing's kind has no use for leave the footer: make unique and easier
        where the maker cannot search toward them; colours, mirroring and the new-tank key
        where they do not apply."""
        if action == "improve":
            return parameters[0] in self.maker.goals
        if action in ("palette", "mirror"):
            return not self.editor.has_tanks
        if action == "new_tank":
            return self.editor.has_tanks
        return True

    # -- layout -----------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        grid = GridView(*self._shown(), id="grid")
        with BoardFrame(id="board"):
            yield grid
        yield Static(verdict_text(None), id="make-verdict", markup=False)
        yield Static("", id="make-grade", markup=False)
        yield Static("", id="make-status", markup=False)
        yield FittingFooter()

    def on_mount(self) -> None:
        self.title = "Make: " + (self.meta["title"] or "a new puzzle")
        self.grid.cursor = self.editor.cursor
        self.grid.focus()
        self._show_status()
        self._check()

    @property
    def grid(self) -> GridView:
        return self.query_one(GridView)

    def _shown(self) -> tuple[Game[PuzzleLike], Board]:
        """The game of the drawing as shown (with a proposal's changes on it) and its board."""
        drawing = self.editor.drawing
        if self.proposal is not None and self.proposal.changes:
            drawing = drawing.changed(self.proposal.changes)
        game = self.kind.open(self.maker.puzzle_of(drawing))
        return game, board_of(drawing, unknown_of(game.values))

    # -- showing ----------------------------------------------------------------------------------

    def _show_status(self) -> None:
        e = self.editor
        r, c = e.cursor
        color = e.palette[e.color]
        parts = [f"{e.width}x{e.height}", f"row {r + 1}, column {c + 1}"]
        if len(e.palette) > 2:
            parts.append(f"colour {e.color} {color.name} (1-9 choose)")
        if e.has_tanks:
            parts.append("space pours water, shift+arrow stretches the tank, n new tank")
        if e.mirror != "none":
            parts.append(f"mirror {e.mirror}")
        if e.anchor is not None:
            parts.append(f"from row {e.anchor[0] + 1}, column {e.anchor[1] + 1}: L line, "
                         "r rectangle, b box")
        if e.unsaved:
            parts.append("not saved")
        text = " · ".join(parts)
        if self.message:
            text += f" · {self.message}"
        self.query_one("#make-status", Static).update(text)

    def watch_message(self) -> None:
        self._show_status()

    def watch_verdict(self) -> None:
        self.query_one("#make-verdict", Static).update(
            verdict_text(self.verdict, "unique" in self.maker.goals))
        if self.proposal is None:
            self.grid.highlight = (self.verdict.differing if self.verdict is not None
                                   else frozenset())

    def watch_rating(self) -> None:
        unique = self.verdict is not None and self.verdict.status == "unique"
        text = rating_text(self.rating) if unique else ""
        self.query_one("#make-grade", Static).update(text)

    def watch_proposal(self) -> None:
        p = self.proposal
        if p is None:
            self._redraw()
            self.watch_verdict()
            return
        self.grid.highlight = frozenset((r, c) for r, c, _ in p.changes)
        self._redraw()
        if p.found and p.changes:
            goal = f"Make {p.goal}"
            self.query_one("#make-verdict", Static).update(f"{goal}: {p.note}, highlighted")
            self.message = "enter accepts all, . the next, escape drops them"
        else:
            self.message = p.note
            self.proposal = None if not p.changes else p

    # -- the drawing changed ----------------------------------------------------------------------

    def _redraw(self) -> None:
        self.grid.set_game(*self._shown())
        self.grid.cursor = self.editor.cursor

    def _changed(self, move: object = True) -> None:
        """After a move (``move`` empty: nothing changed)."""
        if not move:
            self._show_status()
            return
        if self.proposal is not None:
            self.proposal = None  # drawing again drops the proposal (it redraws)
        else:
            self._redraw()
        self.message = ""
        self._show_status()
        self._check()

    def _check(self) -> None:
        self.verdict = None
        self.rating = None
        self.query_one("#make-grade", Static).update("")
        self._verdict_worker(self.editor.drawing)

    @work(thread=True, exclusive=True, group="verdict", exit_on_error=False)
    def _verdict_worker(self, drawing: Drawing) -> None:
        worker = get_current_worker()
        stop = yielding(lambda: worker.is_cancelled)
        try:
            verdict = self.maker.verdict(drawing, stop, VERDICT_SECONDS)
            if worker.is_cancelled:
                return
            self.app.call_from_thread(self._verdict_ready, drawing, verdict)
            if verdict.status != "unique":
                return
            rating = self.kind.open(self.maker.puzzle_of(drawing)).rate(stop)
        except Cancelled:
            return
        except Exception as exc:  # shown, never swallowed: "thinking..." would stay forever
            if not worker.is_cancelled:
                self.app.call_from_thread(self._failed, drawing, "verdict", str(exc))
            return
        if not worker.is_cancelled:
            self.app.call_from_thread(self._rating_ready, drawing, rating)

    def _failed(self, drawing: Drawing, what: str, error: str) -> None:
        """An engine call that failed: said where its answer would have been, and in a toast."""
        if drawing != self.editor.drawing:
            return
        self.app.notify(error, title=f"The {what} failed", severity="error", timeout=15)
        if what == "verdict":
            self.query_one("#make-verdict", Static).update(
                f"The verdict failed: {error} (the next change checks again)")
            self.query_one("#make-grade", Static).update("")
        else:
            self.message = f"{what} failed: {error}"

    def _verdict_ready(self, drawing: Drawing, verdict: Verdict) -> None:
        if drawing == self.editor.drawing:
            self.verdict = verdict
            if verdict.status == "unique":
                self.query_one("#make-grade", Static).update(rating_text(None))

    def _rating_ready(self, drawing: Drawing, rating: Rating) -> None:
        if drawing == self.editor.drawing:
            self.rating = rating

    # -- keys -------------------------------------------------------------------------------------

    def action_move(self, drow: int, dcol: int, fill: bool = False) -> None:
        changed = self.editor.move_fill(drow, dcol) if fill else False
        if not fill:
            self.editor.move(drow, dcol)
        self.grid.cursor = self.editor.cursor
        self._changed(changed)

    def action_fill_cell(self) -> None:
        self._changed(self.editor.toggle())

    def action_erase(self) -> None:
        self._changed(self.editor.erase())

    def action_color(self, index: int) -> None:
        if self.editor.has_tanks:
            self.message = "an aquarium has water only: space pours it"
        elif len(self.editor.palette) <= 2:
            self.message = "black and white: P switches to colours"
        elif self.editor.choose_color(index):
            self.message = ""
        self._show_status()

    def action_anchor(self) -> None:
        self.editor.set_anchor()
        self._show_status()

    def action_shape(self, kind: Literal["line", "rectangle", "box"]) -> None:
        self._changed(self.editor.shape(kind))

    def action_new_tank(self) -> None:
        self._changed(self.editor.new_tank())

    def action_mirror(self) -> None:
        self.message = f"mirror drawing: {self.editor.cycle_mirror()}"

    def action_clear(self) -> None:
        move = self.editor.clear()
        self._changed(move)
        if move:
            self.message = "cleared (u undoes)"

    def action_undo(self) -> None:
        move = self.editor.undo()
        self.message = "" if move else "nothing to undo"
        self._changed(move)

    def action_redo(self) -> None:
        move = self.editor.redo()
        self.message = "" if move else "nothing to redo"
        self._changed(move)

    def action_resize(self) -> None:
        from nonotui.model.drawing_editor import size_of

        def chosen(answer: str | None) -> None:
            size = None if answer is None else size_of(answer)
            if size is None:
                return
            self.editor.resize(*size)
            self._changed(True)
            self.message = f"now {size[0]}x{size[1]} (u undoes)"

        self.app.push_screen(AskScreen("New size, WxH (the top left is kept); escape cancels",
                                       f"{self.editor.width}x{self.editor.height}",
                                       size_problem), chosen)

    def action_palette(self) -> None:
        colour = len(self.editor.palette) <= 2
        self.editor.set_palette(self.maker.palette(colour))
        self._changed(True)
        self.message = ("colours: 1-9 choose one" if colour
                        else "black and white: every colour is black now")

    def action_improve(self, goal: MakeGoal) -> None:
        self.message = f"looking for changes ({goal})... {THINKING}"
        self._improve_worker(self.editor.drawing, goal)

    @work(thread=True, exclusive=True, group="improve", exit_on_error=False)
    def _improve_worker(self, drawing: Drawing, goal: MakeGoal) -> None:
        worker = get_current_worker()
        try:
            proposal = self.maker.improve(drawing, goal, yielding(lambda: worker.is_cancelled),
                                          IMPROVE_SECONDS)
        except Cancelled:
            return
        except Exception as exc:  # shown, never swallowed
            if not worker.is_cancelled:
                self.app.call_from_thread(self._failed, drawing, f"make {goal}", str(exc))
            return
        if not worker.is_cancelled:
            self.app.call_from_thread(self._proposed, drawing, proposal)

    def _proposed(self, drawing: Drawing, proposal: Proposal) -> None:
        if drawing == self.editor.drawing:
            self.proposal = proposal

    def action_accept(self, every: bool) -> None:
        p = self.proposal
        if p is None or not p.changes:
            return
        taken = p.changes if every else p.changes[:1]
        rest = () if every else p.changes[1:]
        self.proposal = None
        self.editor.apply(taken)
        self._redraw()
        self._check()
        if rest:
            self.proposal = Proposal(p.goal, rest, True, f"{plural(len(rest), 'change')} left")
        else:
            self.message = f"{plural(len(taken), 'change')} made (u undoes)"

    def action_escape(self) -> None:
        if self.proposal is not None:
            self.proposal = None
            self.message = "changes dropped"
            return
        if not self.editor.unsaved:
            self.dismiss()
            return

        def answered(leave: bool | None) -> None:
            if leave:
                self.dismiss()

        self.app.push_screen(ConfirmScreen(
            "Leave the drawing?", "It has changes that are not saved (w saves it to your "
            "puzzles); leaving drops them.", "Leave anyway"), answered)

    def action_help(self) -> None:
        self.app.push_screen(MessageScreen(
            "Making a puzzle", AQUARIUM_HELP if self.editor.has_tanks else MAKE_HELP))

    # -- the mouse --------------------------------------------------------------------------------

    @on(StrokeStarted)
    def _stroke_started(self, message: StrokeStarted) -> None:
        color = self.editor.color if message.value == self.grid.primary else 0
        self.editor.begin_stroke((message.row, message.column), color)
        self.grid.cursor = self.editor.cursor
        self._redraw()

    @on(StrokeMoved)
    def _stroke_moved(self, message: StrokeMoved) -> None:
        if self.editor.extend_stroke((message.row, message.column)):
            self._redraw()
        self.grid.cursor = self.editor.cursor

    @on(StrokeEnded)
    def _stroke_ended(self, _message: StrokeEnded) -> None:
        self._changed(self.editor.end_stroke())

    # -- keeping and playing ----------------------------------------------------------------------

    def puzzle_now(self) -> PuzzleLike:
        """The drawing's puzzle, with its title, author and licence."""
        return self.maker.puzzle_of(self.editor.drawing, **self.meta)

    def action_play(self) -> None:
        if self.verdict is None or self.verdict.status != "unique":
            self.message = "play it once it is unique (U makes it unique)"
            return
        puzzle = self.puzzle_now()
        open_puzzle = getattr(self.app, "open_puzzle", None)
        if open_puzzle is None:
            return
        open_puzzle(puzzle, self.meta["title"] or "your drawing",
                    ("i gives a hint: step through it as the solver would",))

    def action_save(self) -> None:
        from nonotui.store import generated
        from nonotui.store.paths import DataDir

        def chosen(values: dict[str, str] | None) -> None:
            if values is None:
                return
            self.meta.update(values)
            data_dir = getattr(self.app, "data_dir", None) or DataDir.default()
            try:
                path = generated.save(data_dir, self.puzzle_now(),
                                      generated.slug(values["title"], "drawing"))
            except NonotuiError as exc:
                self.app.push_screen(MessageScreen("Not saved", exc.message))
                return
            self.editor.mark_saved()
            self.title = "Make: " + values["title"]
            self.message = f"saved to {path}"

        self.app.push_screen(SaveScreen(**{"title": self.meta["title"], "author": self.meta["author"],
                                           "license_": self.meta["license"]}), chosen)

    def action_export(self) -> None:
        from pathlib import Path

        from nonotui.store import generated

        def chosen(answer: str | None) -> None:
            if not answer:
                return
            try:
                path = generated.export(self.puzzle_now(), Path(answer))
            except NonotuiError as exc:
                self.app.push_screen(MessageScreen("Not exported", exc.message))
                return
            self.message = f"exported to {path}"

        extensions: list[str] = []
        for fmt in self.kind.formats():
            if fmt.writable and fmt.write is not None:
                extensions += fmt.extensions
        stem = generated.slug(self.meta["title"], "drawing")
        self.app.push_screen(AskScreen(
            f"Export to a file, in the format its extension names ({', '.join(extensions)}); "
            "escape cancels", f"{stem}{extensions[0] if extensions else ''}",
            lambda text: None if text.strip() else "write a file name"), chosen)

    def action_share(self) -> None:
        code = kinds.share_code(self.puzzle_now())
        self.app.copy_to_clipboard(code)
        unique = self.verdict is not None and self.verdict.status == "unique"
        warning = "" if unique else "\n\nIts clues are not unique yet: U makes them unique."
        self.app.push_screen(MessageScreen(
            "Share code", f"{code}\n\nCopied to the clipboard where the terminal allows. Anyone "
            f"plays it with: nonotui play '{code}'{warning}"))


MAKE_HELP = """\
Draw with the play screen's keys: the arrows (or h j k l) move, shift and an arrow moves and
fills, space or f fills (or empties a filled cell), x or backspace empties. The left mouse
button draws, the right one erases; drag to draw a stroke.

v marks where a shape starts; then L draws a line, r a rectangle and b a filled box to the
cursor. y cycles mirror drawing (left-right, top-bottom, both, rotated). X clears everything.
u undoes, ctrl+r redoes. = changes the size. P switches between black and white and nine
colours (1-9 choose one).

Under the board, after every change: the verdict (unique, or several solutions with the cells
where another differs highlighted), then the grade, the hardest technique and the steps.

U finds the fewest changes it can that make the picture unique, E those that make it solvable
by line logic alone, H those that keep it unique but beyond line logic (a contradiction is
needed: grade 4 or 5; black and white, one or a few cells); they show highlighted: enter
accepts them all, . the next one, escape drops them.

p plays it (i gives hints, step by step, as the solver would), w saves it to your puzzles
(title, author, licence), e exports it to a file in any format nonotui writes (the extension
says which), S shows its share code, escape goes back."""


AQUARIUM_HELP = """\
An aquarium is drawn as tanks and the water in them. The arrows (or h j k l) move. Space or f
pours water to the cursor's row across its tank (again on the water's top row lowers it by a
row); x or backspace empties the tank. Water always stands level in a tank.

Tanks: shift and an arrow moves and takes the next cell into the tank it leaves (walls follow);
n walls the cursor's cell off as a tank of its own; v marks a corner, then r or b makes the
rectangle to the cursor one new tank, L takes a line of cells into the first one's tank. With
the mouse: drag from a tank to stretch it, click to pour, the right button empties.

X empties every tank, u undoes, ctrl+r redoes, = changes the size (new cells are one new tank).

Under the board, after every change: the verdict on the counts (unique, or several solutions
with the cells where another's water differs highlighted), then the grade, the hardest
technique and the steps.

p plays it (i gives hints, step by step, as the solver would), w saves it to your puzzles
(title, author, licence), e exports it to a file in any format nonotui writes (the extension
says which), S shows its share code, escape goes back."""
