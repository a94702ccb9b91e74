"""The library: every bundled and user puzzle with its size, author and progress."""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Input, Label
from textual.worker import get_current_worker

from nonotui import kinds
from nonotui.errors import NonotuiError
from nonotui.model.kind import Cancelled
from nonotui.store import ProgressStore, Settings, Summary
from nonotui.store.catalog import Catalog, Entry
from nonotui.store.grades import Grade, GradeCache
from nonotui.store.settings import FILTER_CHOICES, GRADE_CHOICES, SORT_CHOICES
from nonotui.ui.clock import format_time
from nonotui.ui.footer import FittingFooter
from nonotui.ui.host import host_of
from nonotui.ui.messages import PuzzleChosen
from nonotui.ui.screens.generating import MakingActions

SAVE_GRADES_EVERY = 5.0
"""Seconds between writes of the grades file while grading (and once at the end)."""

SORT_NAMES = {"state": "progress"}
"""A sort's name where it differs from the setting's value: the help and the column call the
order by progress "progress"."""

STATE_ORDER = {"playing": 0, "new": 1, "solved": 2, "auto-solved": 3, "unreadable": 4}


@dataclass(frozen=True)
class Row:
    """One line of the library table."""

    entry: Entry
    summary: Summary

    @property
    def size(self) -> tuple[int, int]:
        """``(width, height)``, ``(0, 0)`` for a file that could not be read."""
        p = self.entry.puzzle
        return (p.width, p.height) if p is not None else (0, 0)

    def progress_text(self) -> str:
        """What the progress column says."""
        if self.entry.error is not None:
            return "cannot read file"
        s = self.summary
        if s.state == "solved":
            best = f" {format_time(s.best_time)}" if s.best_time is not None else ""
            return f"solved{best}"
        if s.state == "auto-solved":
            return "auto-solved"
        if s.state == "playing":
            return f"{s.percent}% decided"
        if s.state == "unreadable":
            return "save unreadable"
        return "new"

    @property
    def identity(self) -> str | None:
        """The puzzle's identity, ``None`` for a file that could not be read."""
        p = self.entry.puzzle
        return p.identity if p is not None else None

    @property
    def kind_name(self) -> str | None:
        """The puzzle's kind (for a file that could not be read, the kind its name claims)."""
        p = self.entry.puzzle
        if p is not None:
            return p.kind_name
        found = kinds.format_for_extension(self.entry.name.partition("#")[0])
        return found[0].name if found is not None else None

    def kind_title(self) -> str:
        """What the Kind column says (``Nonogram``, ``Aquarium``)."""
        name = self.kind_name
        if name is None:
            return ""
        try:
            return kinds.get(name).title
        except kinds.UnknownKindError:
            return name

    def state(self) -> str:
        """The state used for filtering and sorting."""
        return "unreadable" if self.entry.error is not None else self.summary.state

    def matches(self, text: str) -> bool:
        """Whether the search text is in the title, author or file name."""
        if not text:
            return True
        p = self.entry.puzzle
        hay = " ".join([self.entry.title, self.entry.name, (p.author or "") if p else ""])
        return text.lower() in hay.lower()


GRADE_LABELS = {"needs guessing": "0 guess", "not unique": "0 multi", "no solution": "0 none"}


def grade_label(grade: Grade | None, pending: bool) -> str:
    """What the Grade column says: the grade and the score beside it (``3 · 412``: the hardest
    step and the amount of work, docs/playing.md "Grades"), ``0 guess`` (with why), ``...``
    while it is being computed, empty when it cannot be."""
    if grade is None:
        return "..." if pending else ""
    if grade.grade == 0:
        return GRADE_LABELS.get(grade.reason or "", "0")
    return f"{grade.grade} · {grade.score}"


def grade_rank(grade: Grade | None) -> int:
    """Easiest first: grades 1 to 5, then 0 (guessing, not unique), then not graded."""
    if grade is None:
        return 7
    return 6 if grade.grade == 0 else grade.grade


def sort_rows(rows: list[Row], key: str,
              grades: Mapping[str, Grade] | None = None) -> list[Row]:
    """Rows sorted by ``size`` (cells, then title), ``name`` (title), ``state`` or ``grade``
    (easiest first, by ``grades`` by identity, then title)."""
    if key == "grade":
        known = grades or {}
        return sorted(rows, key=lambda r: (grade_rank(known.get(r.identity or "")),
                                           r.entry.title.lower()))
    if key == "size":
        return sorted(rows, key=lambda r: (r.size[0] * r.size[1], r.entry.title.lower()))
    if key == "state":
        return sorted(rows, key=lambda r: (STATE_ORDER[r.state()], r.entry.title.lower()))
    return sorted(rows, key=lambda r: r.entry.title.lower())


class LibraryScreen(MakingActions, Screen[None]):
    """Pick a puzzle to play."""

    BINDINGS = [
        Binding("o", "app.open_file", "Open"),
        Binding("s", "cycle_sort", "Sort"),
        Binding("a", "cycle_filter", "Show"),
        Binding("g", "cycle_grade", "Grade"),
        Binding("k", "cycle_kind", "Kind"),
        # A priority binding: the app runs it before it hands the next key on, so the letters
        # typed right after "/" all go to the search field, in order (see on_key).
        Binding("slash", "search", "Search", priority=True),
        Binding("n", "new_puzzle", "New"),
        Binding("m", "make", "Make"),
        Binding("d", "daily_puzzle", "Daily"),
        Binding("l", "learn", "Learn"),
        Binding("t", "statistics", "Stats"),
        Binding("escape", "leave_search", "Back", show=False),
        # reached from the search field only (the table moves its cursor with it)
        Binding("down", "to_table", "To the list", show=False),
        Binding("question_mark,f1", "app.help", "Help"),
        Binding("q", "app.quit", "Quit"),
    ]

    FOOTER_RANKS = ("app.help", "search", "learn", "cycle_sort", "statistics", "new_puzzle", "make",
                    "app.open_file", "cycle_filter", "daily_puzzle", "cycle_kind", "cycle_grade",
                    "settings", "app.quit")
    """The footer's keys, most important first: on 80 columns a new player still finds help,
    search, the lessons, the sort and the statistics."""

    DEFAULT_CSS = """
    LibraryScreen #heading { width: 100%; background: $panel; padding: 0 1; text-style: bold; }
    LibraryScreen #search { border: none; height: 1; padding: 0 1; display: none; }
    LibraryScreen #search.shown { display: block; }
    LibraryScreen DataTable { height: 1fr; }
    """

    def __init__(self, catalog: Catalog, store: ProgressStore, settings: Settings,
                 grades: GradeCache | None = None) -> None:
        super().__init__()
        self.catalog = catalog
        self.data_dir = catalog.data_dir
        self.store = store
        self.settings = settings
        self.rows: list[Row] = []
        self.shown: list[Row] = []
        self.scanning = False
        """A scan of the catalogue is under way in a worker."""
        self.grades = grades
        """The kept grades (``None``: no Grade column values are computed)."""
        self.graded: dict[str, Grade] = {}
        """The grades known so far, by identity."""
        self.ungradable: set[str] = set()
        """Identities whose rating failed or that their kind cannot rate."""
        self.grading = False
        """A worker is computing the grades not kept yet."""
        self.skipped: tuple[str, ...] = ()
        """What the last scan skipped in the user's folder (noted once, not on every scan)."""

    def compose(self) -> ComposeResult:
        yield Label("", id="heading")
        yield Input(placeholder="search titles and authors (escape to leave)", id="search",
                    select_on_focus=False)
        table: DataTable[str | Text] = DataTable(cursor_type="row", zebra_stripes=True, id="table")
        yield table
        yield FittingFooter()

    @property
    def table(self) -> DataTable[str | Text]:
        """The table of puzzles."""
        return self.query_one(DataTable)

    def on_mount(self) -> None:
        table = self.table
        # what a player picks by first, so that 80 columns show it: title, size, grade and
        # progress; the kind, the author and where it comes from to their right
        for name, width in (("Title", 28), ("Size", 7), ("Grade", 9), ("Progress", 16),
                            ("Kind", 9), ("Author", 22)):
            table.add_column(name, key=name.lower(), width=width)
        table.add_column("From", key="from")
        table.focus()

    def on_screen_resume(self) -> None:
        # Progress changes while a puzzle is played; read it again each time we come back.
        # `nonotui play FILE` puts this screen under the play screen before either is drawn:
        # reading every puzzle then would only delay the first frame, so wait until shown.
        # (Not `is_current`: before the play screen is styled, Textual counts the screen
        # under it as visible.)
        if self.app.screen is self:
            self.reload()

    def reload(self) -> None:
        """Read the catalogue and every puzzle's progress in a thread worker (the user's
        folder may hold anything), then redraw the table."""
        self.scanning = True
        self._scan()

    @work(thread=True, exclusive=True, group="library-scan")
    def _scan(self) -> None:
        worker = get_current_worker()
        scan = self.catalog.scan_user()
        rows = [
            Row(e, self.store.summary(e.puzzle) if e.puzzle is not None else Summary("new"))
            for e in self.catalog.bundled() + scan.entries
        ]
        kept: dict[str, Grade] = {}
        if self.grades is not None:
            for row in rows:
                grade = self.grades.get(row.identity) if row.identity else None
                if grade is not None and row.identity:
                    kept[row.identity] = grade
        if not worker.is_cancelled:
            self.app.call_from_thread(self._scanned, rows, tuple(scan.skipped), kept)

    def _scanned(self, rows: list[Row], skipped: tuple[str, ...],
                 kept: dict[str, Grade] | None = None) -> None:
        self.rows = rows
        self.scanning = False
        self.graded.update(kept or {})
        self.redraw()
        self._start_grading()
        if skipped and skipped != self.skipped:
            more = f" and {len(skipped) - 3} more" if len(skipped) > 3 else ""
            names = ", ".join(name[:40] for name in skipped[:3]) + more
            self.notify(
                f"Skipped in {self.catalog.data_dir.puzzles}: {names} (not puzzle files)",
                title="Library", timeout=8, markup=False,
            )
        self.skipped = skipped

    def redraw(self) -> None:
        """Fill the table with the rows passing the filter, in the chosen order."""
        text = self.query_one("#search", Input).value.strip()
        wanted = self.settings.filter
        grade = self.settings.grade
        rows = [
            r
            for r in self.rows
            if (wanted == "all" or r.state() == wanted) and r.matches(text)
            and (grade == "any" or self._grade_is(r, int(grade)))
            and self._kind_is(r)
        ]
        self.shown = sort_rows(rows, self.settings.sort, self.graded)
        table = self.table
        selected = table.cursor_row
        table.clear()
        for i, row in enumerate(self.shown):
            p = row.entry.puzzle
            # a title, an author, a file name or its error come from the files: shown as they
            # are (a DataTable reads a plain string as markup)
            table.add_row(
                Text(row.entry.title),
                f"{row.size[0]}x{row.size[1]}" if p is not None else "?",
                self._grade_text(row),
                row.progress_text(),
                row.kind_title(),
                Text((p.author or "") if p is not None else (row.entry.reason or "")),
                row.entry.source,
                key=str(i),
            )
        if self.shown:
            table.move_cursor(row=min(selected, len(self.shown) - 1))
        self.query_one("#heading", Label).update(self.heading(text))

    def heading(self, search: str) -> str:
        """The top line: how many puzzles are shown of how many, the search filter (so a
        filter kept from before is never mistaken for the whole library), the solved count,
        the sort and the group shown, and the user's puzzles folder when the line has room."""
        total = len(self.rows)
        count = (f"{len(self.shown)} of {total} puzzles" if len(self.shown) != total
                 else f"{total} puzzles")
        if search:
            count += f", filter: {search} (escape clears)"
        states = [r.state() for r in self.rows]
        solved = f"{states.count('solved')} solved"
        if "auto-solved" in states:
            solved += f", {states.count('auto-solved')} auto-solved"
        sort = SORT_NAMES.get(self.settings.sort, self.settings.sort)
        full = (f"nonotui · {count} · {solved} · sort: {sort} (s) · showing: "
                f"{self.settings.filter} (a) · kind: {self.shown_kind()} (k) · grade: "
                f"{self.settings.grade} (g) · user puzzles: {self.catalog.data_dir.puzzles}")
        width = self.size.width - 2  # the heading's padding
        if width <= 0 or len(full) <= width:
            return full
        # one line on a narrower terminal: without the folder (the help names it), then in
        # fewer words, then without the auto-solved count
        shorter = full.rpartition(" · user puzzles: ")[0]
        if len(shorter) <= width:
            return shorter
        words = (f" · sort {sort} (s) · show {self.settings.filter} (a) · "
                 f"{self.shown_kind()} (k) · grade {self.settings.grade} (g)")
        if len(count) + len(solved) + len(words) + 3 <= width:
            return f"{count} · {solved}{words}"
        # the auto-solved count last: each such row's Progress says it
        return f"{count} · {states.count('solved')} solved{words}"

    @on(DataTable.RowSelected)
    def _open(self, event: DataTable.RowSelected) -> None:
        row = self.shown[int(str(event.row_key.value))]
        if row.entry.puzzle is None:
            from nonotui.ui.screens.dialogs import MessageScreen

            self.app.push_screen(MessageScreen("This file cannot be played", row.entry.error or ""))
            return
        self.post_message(PuzzleChosen(row.entry.puzzle, row.entry.name))

    def action_cycle_sort(self) -> None:
        """Sort by the next key: size, name, state."""
        i = SORT_CHOICES.index(self.settings.sort)
        self.settings.sort = SORT_CHOICES[(i + 1) % len(SORT_CHOICES)]
        host_of(self.app).save_settings()
        self.redraw()

    def action_cycle_grade(self) -> None:
        """Show the next grade: any, 1 to 5, 0."""
        i = GRADE_CHOICES.index(self.settings.grade)
        self.settings.grade = GRADE_CHOICES[(i + 1) % len(GRADE_CHOICES)]
        host_of(self.app).save_settings()
        self.redraw()

    def kind_choices(self) -> tuple[str, ...]:
        """The kind filter's choices: every kind, then each kind by its name."""
        return ("all", *kinds.names())

    def shown_kind(self) -> str:
        """The kind the library shows (``all`` for a setting no kind has any more)."""
        kind = self.settings.kind
        return kind if kind in self.kind_choices() else "all"

    def _kind_is(self, row: Row) -> bool:
        kind = self.shown_kind()
        return kind == "all" or row.kind_name == kind

    def action_cycle_kind(self) -> None:
        """Show the next kind: all, nonograms, Aquarium puzzles, ..."""
        choices = self.kind_choices()
        i = choices.index(self.shown_kind())
        self.settings.kind = choices[(i + 1) % len(choices)]
        host_of(self.app).save_settings()
        self.redraw()

    def action_cycle_filter(self) -> None:
        """Show the next group: all, new, in progress, solved."""
        i = FILTER_CHOICES.index(self.settings.filter)
        self.settings.filter = FILTER_CHOICES[(i + 1) % len(FILTER_CHOICES)]
        host_of(self.app).save_settings()
        self.redraw()

    def action_search(self) -> None:
        """Show the search field and type into it ("/" typed in the field is a letter of the
        search)."""
        search = self.query_one("#search", Input)
        if self.focused is search:
            search.insert_text_at_cursor("/")
            return
        search.add_class("shown")
        # Focused now, not after the keys already waiting: "/hou" typed fast (or pasted) went
        # to the table, where "o" opened the file dialog.
        self.set_focus(search)

    def on_key(self, event: events.Key) -> None:
        # "/" is a priority binding, so the app focuses the search field before it passes on
        # the next key, and every later letter goes straight to the field. Before that, the
        # letters typed right after "/" could reach the table, bubble up here and be inserted
        # after a later letter the field had already taken ("/staircase" arrived in the
        # browser as "staircaes"). A printable key that still bubbles up here while the search
        # has the focus (the field itself would have taken it) goes into the search.
        search = self.query_one("#search", Input)
        if event.is_printable and event.character and self.focused is search:
            search.insert_text_at_cursor(event.character)
            self.set_focus(search)
            event.stop()
            event.prevent_default()

    def action_leave_search(self) -> None:
        """Clear and hide the search field."""
        search = self.query_one("#search", Input)
        search.value = ""
        search.remove_class("shown")
        self.table.focus()
        self.redraw()

    @on(Input.Changed, "#search")
    def _search_changed(self, _event: Input.Changed) -> None:
        self.redraw()

    @on(Input.Submitted, "#search")
    def _search_done(self, _event: Input.Submitted) -> None:
        """Enter in the search opens the puzzle under the list's cursor (the first match, unless
        the cursor was moved), as enter in the list does; with no match the list takes the
        focus. The filter stays."""
        self.table.focus()
        if self.shown:
            self.table.action_select_cursor()

    def action_to_table(self) -> None:
        """Down from the search field: into the list, the filter kept."""
        self.table.focus()

    def action_make(self) -> None:
        """Open the Make screen on a new 15x15 drawing, of the kind the library shows when it
        shows one kind that can be made (an Aquarium's tanks), else a nonogram."""
        from nonotui.errors import NonotuiError
        from nonotui.ui.screens.make import MakeScreen

        try:
            kind = kinds.making_kind(None if self.shown_kind() == "all" else self.shown_kind())
        except NonotuiError:
            kind = kinds.making_kind()
        self.app.push_screen(MakeScreen(kind.maker().blank(15, 15), kind))

    def action_learn(self) -> None:
        """The Learn collection: one lesson per technique, easiest first."""
        from nonotui.ui.screens.learn import LearnScreen

        self.app.push_screen(LearnScreen(self.catalog, self.store))

    def action_statistics(self) -> None:
        """Statistics per grade: puzzles solved, best and median times."""
        from nonotui.ui.screens.stats import StatsScreen

        self.app.push_screen(StatsScreen(self.catalog.data_dir, self.grades))

    # -- grades --------------------------------------------------------------------------------

    def _grade_is(self, row: Row, grade: int) -> bool:
        known = self.graded.get(row.identity or "")
        return known is not None and known.grade == grade

    def _grade_text(self, row: Row) -> str:
        identity = row.identity
        if identity is None:
            return ""
        pending = (self.grades is not None and identity not in self.ungradable)
        return grade_label(self.graded.get(identity), pending)

    def _start_grading(self) -> None:
        """Compute, in a thread worker, the grades not kept yet (each shown as it arrives)."""
        if self.grades is None:
            return
        notice = self.grades.take_notice()
        if notice:
            self.notify(notice, title="Grades", severity="warning", timeout=12, markup=False)
        todo: dict[str, Any] = {}
        for row in self.rows:
            identity = row.identity
            if (identity and identity not in self.graded and identity not in self.ungradable
                    and row.entry.puzzle is not None):
                todo.setdefault(identity, row.entry.puzzle)
        if todo:
            self.grading = True
            self._grade_worker(list(todo.items()))

    @work(thread=True, exclusive=True, group="library-grades", exit_on_error=False)
    def _grade_worker(self, todo: list[tuple[str, Any]]) -> None:
        worker = get_current_worker()
        cache = self.grades
        assert cache is not None

        def should_stop() -> bool:
            return worker.is_cancelled

        saved_at = time.monotonic()
        try:
            for identity, puzzle in todo:
                if should_stop():
                    break
                try:
                    game = kinds.open_game(puzzle)
                    if game.unsupported("solve") is not None:
                        raise NonotuiError("cannot be rated")
                    grade = Grade.of(game.rate(should_stop))
                except Cancelled:
                    break
                except Exception:  # noqa: BLE001 - one puzzle's failure leaves the others
                    self.app.call_from_thread(self._graded_one, identity, None)
                    continue
                cache.put(identity, grade)
                self.app.call_from_thread(self._graded_one, identity, grade)
                if time.monotonic() - saved_at > SAVE_GRADES_EVERY:
                    self._save_grades(cache)
                    saved_at = time.monotonic()
        finally:
            self._save_grades(cache)
            if not worker.is_cancelled:
                self.app.call_from_thread(self._grading_done)

    def _save_grades(self, cache: GradeCache) -> None:
        host_of(self.app).save_grades(cache)

    def _graded_one(self, identity: str, grade: Grade | None) -> None:
        if grade is None:
            self.ungradable.add(identity)
        else:
            self.graded[identity] = grade
        label = grade_label(grade, False)
        for i, row in enumerate(self.shown):
            if row.identity == identity:
                self.table.update_cell(str(i), "grade", label)

    def _grading_done(self) -> None:
        self.grading = False
        if self.settings.sort == "grade" or self.settings.grade != "any":
            self.redraw()

    def on_screen_suspend(self) -> None:
        # Leaving the library (to play) stops the grading; coming back starts it again for the
        # puzzles still not graded.
        self.workers.cancel_group(self, "library-grades")
        self.grading = False
