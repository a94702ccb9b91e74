"""The statistics screen: a puzzle solved in the player counts under its grade."""

from __future__ import annotations

from textual.widgets import DataTable

from nonotui.store import DataDir
from nonotui.store.grades import GradeCache
from nonotui.store.stats import GradeStats
from nonotui.ui.app import make_app
from nonotui.ui.screens.finish import FinishScreen
from nonotui.ui.screens.library import LibraryScreen
from nonotui.ui.screens.stats import StatsScreen
from tests.ui.conftest import PLUS, app_for, play_screen, until


async def test_a_solve_is_counted_under_its_grade_with_its_time(data_dir: DataDir) -> None:
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await play_screen(pilot)
        for r, row in enumerate(["#-#--", "--#--", "#####", "--#--", "--#--"]):
            for c, ch in enumerate(row):
                if ch == "#":
                    screen.session.go_to(r, c)
                    await pilot.press("f")
        await until(pilot, lambda: isinstance(app.screen, FinishScreen))
        assert len(screen.session.progress.solve_times) == 1
        finish = app.screen
        await until(pilot, lambda: bool(finish.grade_text), 60)  # rated, and the grade kept
        grade = app.grades.get(PLUS.identity)
        assert grade is not None
        await pilot.press("enter")  # back to the library
        await until(pilot, lambda: isinstance(app.screen, LibraryScreen))
        library = app.screen
        await pilot.press("t")
        await until(pilot, lambda: isinstance(app.screen, StatsScreen)
                    and app.screen.figures is not None)
        figures = {f.grade: f for f in app.screen.figures}
        line = figures[grade.grade]
        assert (line.played, line.solved) == (1, 1)
        assert line.best is not None and line.median == line.best
        assert None not in figures  # nothing left ungraded
        assert all(f.played == 0 for g, f in figures.items() if g != grade.grade)
        await pilot.press("escape")
        assert app.screen is library


async def test_a_save_not_graded_yet_is_counted_apart(data_dir: DataDir) -> None:
    from nonotui.store.progress import Progress, ProgressStore

    progress = Progress.new(PLUS)
    progress.solved, progress.best_time, progress.solve_times = True, 42.0, [50.0, 42.0]
    ProgressStore(data_dir.progress).save(progress)
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LibraryScreen))
        app.screen.grades = GradeCache(data_dir.grades, 1)  # nothing graded
        await pilot.press("t")
        await until(pilot, lambda: isinstance(app.screen, StatsScreen)
                    and app.screen.figures is not None)
        ungraded = app.screen.figures[-1]
        assert ungraded == GradeStats(None, 1, 1, 42.0, 46.0)
        rows = app.screen.query_one(DataTable)
        assert [str(c) for c in rows.get_row_at(rows.row_count - 1)] == [
            "not graded yet", "1", "1", "0:42", "0:46", "0"]


async def test_every_column_is_in_view_at_80x24(data_dir: DataDir) -> None:
    """At the smallest terminal the player supports, the last column (Helped) is on screen
    without scrolling sideways (it was cut to "Helpe")."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LibraryScreen))
        await pilot.press("t")
        await until(pilot, lambda: isinstance(app.screen, StatsScreen)
                    and app.screen.figures is not None)
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        assert [str(c.label) for c in table.columns.values()][-1] == "Helped"
        assert table.virtual_size.width <= table.scrollable_content_region.width
