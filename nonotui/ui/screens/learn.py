"""The "Learn" collection: one lesson per technique, easiest first. Each lesson opens with a
panel showing its technique on a single line (the clue, the line before and after, a sentence),
then its small puzzle, which needs that technique.

The lessons come from the kinds (:meth:`~nonotui.model.kind.Kind.lessons`, whose "after" lines
the engine computes); the puzzles from the bundled Learn file, matched to a lesson by title.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, DataTable, Label, Static
from textual.worker import get_current_worker

from nonotui import kinds
from nonotui.model.kind import Lesson
from nonotui.store import ProgressStore, Summary
from nonotui.store.catalog import Catalog, Entry
from nonotui.ui.footer import FittingFooter
from nonotui.ui.messages import PuzzleChosen


@dataclass(frozen=True)
class LessonRow:
    """One line of the Learn list: a lesson, its puzzle (if the collection has one), progress."""

    title: str
    lesson: Lesson | None
    puzzle: Any | None
    label: str
    summary: Summary
    kind: str = ""
    """The kind's title (``Nonogram``, ``Aquarium``), shown in the list's Kind column."""


NUMBERED = re.compile(r"^\s*(?:learn|lesson)\s+(?:[a-z]+\s+)?\d+\s*:\s*", re.IGNORECASE)
"""A Learn puzzle's title before the technique it names ("Learn 7: Contradiction", "Learn
Aquarium 2: Row rule"): the list shows the technique, its number being the list's own."""


def lesson_rows(catalog: Catalog, store: ProgressStore) -> list[LessonRow]:
    """Every kind's lessons in order, each with the Learn puzzle titled by its technique (or
    whose title names it); then any Learn puzzle that no lesson names (shown without a line
    panel)."""
    puzzles = [e for e in catalog.learn() if e.puzzle is not None]
    rows: list[LessonRow] = []
    used: set[str] = set()

    def matching(technique: str, among: list[Entry]) -> Entry | None:
        # the title is the technique, or names it ("Lesson 3: Forcing")
        wanted = technique.lower()
        exact = [e for e in among if e.title.strip().lower() == wanted]
        named = exact or [e for e in among if wanted in e.title.lower()]
        return named[0] if named else None

    for kind in kinds.kinds():
        for lesson in kind.lessons():
            if lesson.practice:
                # no puzzle can need it last: it plays the puzzle of the lesson that shows it
                entry = matching(lesson.practice, puzzles)
            else:
                entry = matching(lesson.technique, [e for e in puzzles if e.name not in used])
                if entry is not None:
                    used.add(entry.name)
            puzzle = entry.puzzle if entry is not None else None
            summary = store.summary(puzzle) if puzzle is not None else Summary("new")
            rows.append(LessonRow(lesson.technique, lesson, puzzle,
                                  entry.name if entry else "", summary, kind.title))
    for entry in puzzles:
        if entry.name not in used and entry.puzzle is not None:
            rows.append(LessonRow(NUMBERED.sub("", entry.title), None, entry.puzzle, entry.name,
                                  store.summary(entry.puzzle),
                                  kinds.kind_of(entry.puzzle).title))
    return rows


def line_text(lesson: Lesson) -> Text:
    """The lesson's line before and after, one character per cell spaced out, the cells the
    technique decided shown in reverse."""
    text = Text()
    text.append("before  ")
    text.append(" ".join(lesson.before))
    text.append("\nafter   ")
    for i, (a, b) in enumerate(zip(lesson.before, lesson.after)):
        if i:
            text.append(" ")
        text.append(b, style="reverse bold" if a != b else "")
    return text


class LessonScreen(ModalScreen[bool]):
    """The panel before a lesson's puzzle; dismissed with ``True`` to play it."""

    BINDINGS = [Binding("enter", "play", "Play"), Binding("escape", "back", "Back")]

    DEFAULT_CSS = """
    LessonScreen { align: center middle; }
    LessonScreen > Vertical {
        width: 72; height: auto; border: thick $primary; background: $surface; padding: 0 2;
    }
    LessonScreen #technique { text-style: bold; }
    LessonScreen #line { margin: 1 0; }
    LessonScreen Label { width: 100%; }
    LessonScreen Horizontal { height: auto; margin-top: 1; }
    LessonScreen Button { margin: 0 1; }
    """

    def __init__(self, row: LessonRow) -> None:
        super().__init__()
        self.row = row

    def compose(self) -> ComposeResult:
        lesson = self.row.lesson
        with Vertical():
            yield Label(self.row.title, id="technique")
            if lesson is not None:
                yield Label(f"Grade {lesson.grade} · clue {lesson.clue}", id="clue")
                yield Static(line_text(lesson), id="line")
                yield Label(lesson.summary, id="sentence")
                if lesson.legend:
                    yield Label(f"({lesson.legend})", id="legend")
            practice = lesson.practice if lesson is not None else ""
            if lesson is not None and practice:
                yield Label(f"No puzzle needs {lesson.technique.lower()} as its hardest step: "
                            f"{lesson.why}. The {practice.lower()} lesson's puzzle shows it on "
                            "the way.", id="practice")
            if self.row.puzzle is None:
                yield Label("The Learn collection has no puzzle for this technique yet.",
                            id="nopuzzle")
            with Horizontal():
                if self.row.puzzle is not None:
                    label = (f"Play the {practice.lower()} puzzle (enter)" if practice
                             else "Play its puzzle (enter)")
                    yield Button(label, id="play", variant="primary")
                yield Button("Back (esc)", id="back")

    def on_mount(self) -> None:
        self.query_one("#play" if self.row.puzzle is not None else "#back", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "play")

    def action_play(self) -> None:
        """Play the lesson's puzzle (when the collection has one)."""
        self.dismiss(self.row.puzzle is not None)

    def action_back(self) -> None:
        """Back to the list of lessons."""
        self.dismiss(False)


class LearnScreen(Screen[None]):
    """The Learn collection: pick a lesson (enter), escape back to the library."""

    BINDINGS = [Binding("escape", "app.pop_screen", "Library")]

    DEFAULT_CSS = """
    LearnScreen #heading { width: 100%; background: $panel; padding: 0 1; text-style: bold; }
    LearnScreen DataTable { height: 1fr; }
    """

    def __init__(self, catalog: Catalog, store: ProgressStore) -> None:
        super().__init__()
        self.catalog = catalog
        self.store = store
        self.rows: list[LessonRow] = []
        self.busy = True
        """The lessons are being read (the table shows Textual's loading dots meanwhile: on the
        table, not the screen, whose own loading overlay was never painted over once gone)."""

    def compose(self) -> ComposeResult:
        yield Label("Learn: one technique per lesson, easiest first", id="heading")
        yield DataTable(cursor_type="row", zebra_stripes=True, id="lessons")
        yield FittingFooter()

    def on_mount(self) -> None:
        table: DataTable[str] = self.query_one(DataTable)
        for name, width in (("#", 3), ("Kind", 9), ("Technique", 26), ("Grade", 6), ("Puzzle", 9),
                            ("Progress", 14)):
            table.add_column(name, key=name.lower(), width=width)
        table.focus()

    def on_screen_resume(self) -> None:
        self.busy = True
        self.query_one(DataTable).loading = not self.rows
        self._load()

    @work(thread=True, exclusive=True, group="learn")
    def _load(self) -> None:
        worker = get_current_worker()
        rows = lesson_rows(self.catalog, self.store)
        if not worker.is_cancelled:
            self.app.call_from_thread(self._loaded, rows)

    def _loaded(self, rows: list[LessonRow]) -> None:
        self.rows = rows
        self.busy = False
        table: DataTable[str] = self.query_one(DataTable)
        table.loading = False
        selected = table.cursor_row
        table.clear()
        for i, row in enumerate(rows):
            p = row.puzzle
            state = row.summary.state
            size = f"{p.width}x{p.height}" if p is not None else "line only"
            progress = "" if p is None else state
            practice = row.lesson.practice if row.lesson is not None else ""
            if practice and p is not None:
                # played in another lesson's puzzle: point there, its progress is shown there
                shown = [n for n, r in enumerate(rows, 1) if r.title == practice]
                size, progress = (f"in #{shown[0]}" if shown else size), ""
            table.add_row(str(i + 1), row.kind, row.title,
                          str(row.lesson.grade) if row.lesson else "", size, progress,
                          key=str(i))
        if rows:
            table.move_cursor(row=min(selected, len(rows) - 1))

    @on(DataTable.RowSelected)
    def _chosen(self, event: DataTable.RowSelected) -> None:
        row = self.rows[int(str(event.row_key.value))]

        def answered(play: bool | None) -> None:
            if play and row.puzzle is not None:
                self.post_message(PuzzleChosen(row.puzzle, row.label))

        if row.lesson is None:
            answered(True)
        else:
            self.app.push_screen(LessonScreen(row), answered)
