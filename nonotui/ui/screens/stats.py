"""The statistics screen: per grade, the puzzles played and solved, the best and the median
solve time (:mod:`nonotui.store.stats`), read in a worker."""

from __future__ import annotations

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Label
from textual.worker import get_current_worker

from nonotui.model.vocab import GRADE_WORDS
from nonotui.store.grades import GradeCache
from nonotui.store.paths import DataDir
from nonotui.store.stats import GradeStats, by_grade, played
from nonotui.ui.clock import format_time
from nonotui.ui.footer import FittingFooter

GRADE_NAMES: dict[int | None, str] = {
    **{g: f"{g} · {GRADE_WORDS[g]}" for g in range(1, 6)},
    0: "0 · guessing or not unique", None: "not graded yet"}


class StatsScreen(Screen[None]):
    """Statistics per grade; escape goes back."""

    BINDINGS = [Binding("escape,t", "app.pop_screen", "Back")]

    DEFAULT_CSS = """
    StatsScreen #heading { width: 100%; background: $panel; padding: 0 1; text-style: bold; }
    StatsScreen DataTable { height: auto; max-height: 1fr; }
    StatsScreen #note { width: 100%; padding: 1 1; color: $text-muted; }
    """

    def __init__(self, data_dir: DataDir, grades: GradeCache | None) -> None:
        super().__init__()
        self.data_dir = data_dir
        self.grades = grades
        self.figures: list[GradeStats] | None = None
        """The figures shown, once read."""

    def compose(self) -> ComposeResult:
        yield Label("Statistics by grade", id="heading")
        yield DataTable(cursor_type="row", zebra_stripes=True, id="stats")
        yield Label("Solved: by you alone. Helped: solves with an applied hint, a reveal or "
                    "an auto-solve, which record no time. Median: over every solve you "
                    "recorded. Grades are the library's: a puzzle not yet graded there is "
                    "counted apart.", id="note")
        yield FittingFooter()

    def on_mount(self) -> None:
        table: DataTable[str] = self.query_one(DataTable)
        # 76 cells with the cells' padding: every column in view at 80 columns
        for name, width in (("Grade", 27), ("Played", 6), ("Solved", 6), ("Best", 8),
                            ("Median", 8), ("Helped", 6)):
            table.add_column(name, key=name.lower(), width=width)
        table.focus()
        self._read()

    @work(thread=True, exclusive=True, group="stats")
    def _read(self) -> None:
        worker = get_current_worker()
        grades = self.grades

        def grade_of(identity: str) -> int | None:
            if grades is None:
                return None
            grade = grades.get(identity)
            return grade.grade if grade is not None else None

        figures = by_grade(played(self.data_dir.progress), grade_of)
        if not worker.is_cancelled:
            self.app.call_from_thread(self._show, figures)

    def _show(self, figures: list[GradeStats]) -> None:
        self.figures = figures
        table: DataTable[str] = self.query_one(DataTable)
        table.clear()
        for line in figures:
            table.add_row(GRADE_NAMES[line.grade], str(line.played), str(line.solved),
                          format_time(line.best) if line.best is not None else "-",
                          format_time(line.median) if line.median is not None else "-",
                          str(line.assisted))
