"""The statistics screen: a puzzle solved in the player counts under its grade."""

from __future__ import annotations

from nonotui.store import DataDir
from nonotui.store.grades import Grade, GradeCache
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
        await pilot.press("enter")  # back to the library
        await until(pilot, lambda: isinstance(app.screen, LibraryScreen))
        library = app.screen
        await pilot.press("t")
        await until(pilot, lambda: isinstance(app.screen, StatsScreen)
                    and app.screen.figures is not None)
        figures = app.screen.figures
        assert figures is not None
        ungraded = figures[-1]
        assert ungraded.grade is None and (ungraded.played, ungraded.solved) == (1, 1)
        assert ungraded.best is not None and ungraded.median == ungraded.best
        await pilot.press("escape")
        assert app.screen is library
        # once graded, the solve counts under its grade
        cache = GradeCache(data_dir.grades, 1)
        cache.put(PLUS.identity, Grade(1, 10, "Simple boxes", True, True, None, 1))
        library.grades = cache
        await pilot.press("t")
        await until(pilot, lambda: isinstance(app.screen, StatsScreen)
                    and app.screen.figures is not None)
        one = app.screen.figures[0]
        assert (one.grade, one.played, one.solved) == (1, 1, 1)
        assert all(f.grade is not None for f in app.screen.figures)
