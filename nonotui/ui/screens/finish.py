"""The finish screen: the solved picture, the time and the number of moves."""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, ScrollableContainer, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static
from textual.worker import get_current_worker

from nonotui.model.board import Board
from nonotui.model.kind import CellValue, Game, PuzzleLike
from nonotui.store.grades import Grade, GradeCache
from nonotui.ui.clock import format_time
from nonotui.ui.glyphs import Glyphs
from nonotui.ui.host import host_of

AROUND_PICTURE = 11
"""Lines the finish dialog needs besides the picture: border, title, facts, grade, buttons, a
margin above and below."""


def picture_text(board: Board, glyphs: Glyphs, values: Sequence[CellValue]) -> Text:
    """The solved board as text, by its values' glyph roles: filled cells solid, empty ones
    blank, two rows per line with half blocks (one per line in ASCII); a board with coloured
    values is drawn in its colours (:func:`_colored_picture`)."""
    colors = {v.mask: v for v in values if v.role == "color"}
    if colors:
        return _colored_picture(board, glyphs, values)
    filled_mask = next(v.mask for v in values if v.role == "filled")
    filled = board.cells == filled_mask
    height, width = filled.shape
    lines = []
    if glyphs.name == "unicode":
        for r in range(0, height, 2):
            top = filled[r]
            bottom = filled[r + 1] if r + 1 < height else [False] * width
            lines.append("".join(" ▀▄█"[int(t) + 2 * int(b)] for t, b in zip(top, bottom)))
    else:
        for r in range(height):
            lines.append("".join("#" if v else " " for v in filled[r]))
    return Text("\n".join(lines))


PAPER = "#ffffff"
"""The colour of empty cells in a colour picture whose puzzle names no paper colour."""


def _colored_picture(board: Board, glyphs: Glyphs, values: Sequence[CellValue]) -> Text:
    """A colour picture: with Unicode glyphs, two rows per line in half blocks, each cell in its
    colour and the empty ones in the puzzle's paper colour (white by default), so that dark
    colours show on any theme; in ASCII, one row per line, each coloured cell as its value's
    character in its colour (a terminal without Unicode draws no blocks)."""
    by_mask = {v.mask: v for v in values}
    paper = next((v.rgb for v in values if v.role == "empty" and v.rgb), PAPER)

    def rgb(cell: int) -> str:
        value = by_mask.get(cell)
        if value is None or value.role == "empty":
            return paper
        return value.rgb if value.role == "color" and value.rgb else "#000000"

    rows = board.cells.tolist()
    text = Text()
    # blocks when every value is a colour or the paper (a colour nonogram); a kind that mixes
    # its own filled value with colours keeps its characters
    if glyphs.name == "unicode" and all(v.role != "filled" for v in values):
        for r in range(0, len(rows), 2):
            if r:
                text.append("\n")
            bottom = rows[r + 1] if r + 1 < len(rows) else None
            for c, cell in enumerate(rows[r]):
                below = paper if bottom is None else rgb(bottom[c])
                text.append("▀", Style(color=rgb(cell), bgcolor=below))
        return text
    for r, row in enumerate(rows):
        if r:
            text.append("\n")
        for cell in row:
            value = by_mask.get(cell)
            if value is None or value.role == "empty":
                text.append(" ")
            elif value.role == "filled":
                text.append(glyphs.filled)
            else:
                text.append(value.char, Style(color=value.rgb))
    return text


class FinishScreen(ModalScreen[str | None]):
    """Shown once when a puzzle is solved; dismissed with ``"library"`` or ``None``."""

    BINDINGS = [
        Binding("enter", "dismiss('library')", "Library"),
        Binding("escape", "dismiss(None)", "Look at the board"),
    ]

    DEFAULT_CSS = """
    FinishScreen { align: center middle; }
    FinishScreen > Vertical {
        width: auto; max-width: 90%; height: auto; max-height: 100%;
        border: thick $success; background: $surface; padding: 0 2;
    }
    FinishScreen #title { text-style: bold; width: 100%; content-align: center middle; }
    FinishScreen ScrollableContainer { height: auto; width: auto; }
    FinishScreen #picture { width: auto; color: $foreground; }
    FinishScreen Horizontal { height: auto; width: auto; margin-top: 1; }
    FinishScreen Button { margin: 0 1; }
    """

    def __init__(
        self,
        game: Game[PuzzleLike],
        board: Board,
        elapsed: float,
        moves: int,
        new_best: bool,
        best_time: float | None,
        glyphs: Glyphs,
        *,
        assisted: bool = False,
    ) -> None:
        super().__init__()
        self.game = game
        self.puzzle = game.puzzle
        self.values = game.values
        self.board = board.copy()
        self.elapsed = elapsed
        self.moves = moves
        self.new_best = new_best
        self.best_time = best_time
        self.assisted = assisted
        """Solved with help (an applied hint, a reveal, an auto-solve): no time recorded."""
        self.glyphs = glyphs
        self.grade_text = ""
        """The grade line once known (``Grade 3 · hardest: Whole-line reasoning``)."""

    def compose(self) -> ComposeResult:
        title = self.puzzle.title or "Puzzle"
        if self.assisted:
            best = "with help: no best time"
        elif self.new_best or self.best_time is None:
            best = "a new best time!"
        else:
            best = f"best {format_time(self.best_time)}"
        with Vertical():
            yield Label(f"Solved: {title}", id="title")
            with ScrollableContainer(id="picture-box"):
                yield Static(picture_text(self.board, self.glyphs, self.values), id="picture")
            yield Label(
                f"Time {format_time(self.elapsed)} · {self.moves} moves · {best}", id="facts"
            )
            yield Label("", id="grade", markup=False)  # a kept grade's words, as they are
            with Horizontal():
                yield Button("Library (enter)", id="library", variant="primary")
                yield Button("Look at the board (esc)", id="stay")

    def on_mount(self) -> None:
        self.query_one("#library", Button).focus()
        self._show_grade()

    def _show_grade(self) -> None:
        """The puzzle's grade from the kept grades, or rated now in a worker (shown when it
        arrives; a puzzle that cannot be rated shows none)."""
        cache = getattr(self.app, "grades", None)
        if not isinstance(cache, GradeCache):
            return
        grade = cache.get(self.puzzle.identity)
        if grade is not None:
            self.grade_text = grade.describe()
            self.query_one("#grade", Label).update(self.grade_text)
        else:
            self._rate(cache)

    @work(thread=True, exclusive=True, group="finish-grade", exit_on_error=False)
    def _rate(self, cache: GradeCache) -> None:
        worker = get_current_worker()
        try:
            grade = Grade.of(self.game.rate(lambda: worker.is_cancelled))
        except Exception:  # noqa: BLE001 - no grade is shown; the finish stays
            return
        cache.put(self.puzzle.identity, grade)
        host_of(self.app).save_grades(cache)
        if not worker.is_cancelled:
            self.app.call_from_thread(self._graded, grade)

    def _graded(self, grade: Grade) -> None:
        self.grade_text = grade.describe()
        self.query_one("#grade", Label).update(self.grade_text)

    def on_resize(self, event: events.Resize) -> None:
        # The picture gives way (it scrolls) so that the time and the buttons stay in view: a
        # 40x40 picture is 20 lines, which pushed them off an 80x24 terminal.
        box = self.query_one("#picture-box", ScrollableContainer)
        box.styles.max_height = max(2, event.size.height - AROUND_PICTURE)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss("library" if event.button.id == "library" else None)
