"""Grades in the library (computed once in a worker, kept, sorted and filtered by) and on the
finish screen."""

from __future__ import annotations

import json
from typing import Any

import pytest

from nonotui.kinds.aquarium.game import AquariumGame
from nonotui.kinds.nonogram.game import NonogramGame
from nonotui.model.kind import Cancelled
from nonotui.model.vocab import RATING_VERSION, Rating
from nonotui.store import DataDir
from nonotui.store.catalog import bundled_entries, is_learn_file
from nonotui.ui.app import make_app
from nonotui.ui.screens.finish import FinishScreen
from nonotui.ui.screens.library import LibraryScreen
from tests.ui.conftest import Gate, app_for, play_screen, toasts, until

GAMES = (NonogramGame, AquariumGame)
"""The game classes of the kinds with bundled puzzles, whose ratings the tests stand in for."""

BUNDLED = sum(1 for e in bundled_entries() if not is_learn_file(e.name))
"""How many puzzles the library lists as bundled (nonograms in black and white and colour, and
Aquarium puzzles)."""

GRADING = 120.0
"""Seconds the library may take to grade every bundled puzzle on a slow machine."""


def fake_rating(puzzle: Any) -> Rating:
    """A grade decided by the puzzle's size, so the test knows every grade without the
    engine: the grade column's job is to show and keep what the kind says."""
    cells = puzzle.width * puzzle.height
    grade = 1 if cells <= 25 else 2 if cells <= 100 else 3 if cells <= 400 else 0
    return Rating(grade, cells, grade > 0, True if grade else None,
                  "Simple boxes" if grade == 1 else "Glue" if grade == 2 else
                  "Whole-line reasoning" if grade == 3 else "Contradiction",
                  {"Simple boxes": 1}, None if grade else "needs guessing")


@pytest.fixture
def rated(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every kind rates with :func:`fake_rating`; the titles rated, in order."""
    calls: list[str] = []

    def rate(game: Any, should_stop: Any = None) -> Rating:
        calls.append(game.puzzle.title)
        return fake_rating(game.puzzle)

    for game in GAMES:
        monkeypatch.setattr(game, "rate", rate)
    return calls


async def _graded_library(pilot: Any) -> LibraryScreen:
    app = pilot.app
    await until(pilot, lambda: isinstance(app.screen, LibraryScreen) and bool(app.screen.shown))
    library = app.screen
    assert isinstance(library, LibraryScreen)
    await until(pilot, lambda: not library.grading and bool(library.graded), GRADING)
    return library


def column(library: LibraryScreen, key: str) -> list[str]:
    return [str(library.table.get_cell(str(i), key)) for i in range(len(library.shown))]


async def test_grades_are_shown_kept_and_not_computed_again(
    data_dir: DataDir, rated: list[str]
) -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        library = await _graded_library(pilot)
        assert len(rated) == BUNDLED
        expected = [fake_rating(r.entry.puzzle) for r in library.shown]
        labels = ["0 guess" if g.grade == 0 else f"{g.grade} · {g.score}" for g in expected]
        assert column(library, "grade") == labels
    kept = json.loads(data_dir.grades.read_text())
    assert kept["schema"] == 1 and len(kept["grades"]) == BUNDLED
    assert all(v["version"] == RATING_VERSION for v in kept["grades"].values())
    rated.clear()
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        library = await _graded_library(pilot)
        assert rated == []  # every grade came from the file
        assert column(library, "grade") == labels


async def test_sorted_by_grade_and_filtered_by_grade(rated: list[str]) -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        library = await _graded_library(pilot)
        await pilot.press("s", "s")  # size -> state -> grade
        assert app.settings.sort == "grade"
        grades = column(library, "grade")
        order = {"1": 1, "2": 2, "3": 3, "0": 6}
        assert [order[g.split()[0]] for g in grades] == sorted(order[g.split()[0]] for g in grades)
        await pilot.press("g")  # grade 1 only
        assert app.settings.grade == "1"
        assert {g.split(" · ")[0] for g in column(library, "grade")} == {"1"}
        assert len(library.shown) == 2
        assert "grade: 1 (g)" in str(library.query_one("#heading").render())
        await pilot.press("g", "g", "g", "g", "g")  # 2, 3, 4, 5, 0
        assert app.settings.grade == "0"
        assert set(column(library, "grade")) == {"0 guess"}
        await pilot.press("g")
        assert app.settings.grade == "any" and len(library.shown) == BUNDLED


async def test_a_damaged_grades_file_is_reported_once_and_recomputed(
    data_dir: DataDir, rated: list[str]
) -> None:
    data_dir.root.mkdir(parents=True, exist_ok=True)
    data_dir.grades.write_text("{ not json")
    app = make_app()
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await until(pilot, lambda: any("grades could not be read" in n for n in toasts(app)))
        await _graded_library(pilot)
        await pilot.pause()
        assert sum("grades could not be read" in n for n in toasts(app)) == 1
        assert len(rated) == BUNDLED
    moved = [p for p in data_dir.root.iterdir() if p.name.startswith("grades.json.corrupt-")]
    assert len(moved) == 1 and moved[0].read_text() == "{ not json"
    assert len(json.loads(data_dir.grades.read_text())["grades"]) == BUNDLED


async def test_leaving_the_library_stops_the_grading(monkeypatch: pytest.MonkeyPatch) -> None:
    gate = Gate()
    stops: list[bool] = []

    def rate(game: Any, should_stop: Any = None) -> Rating:
        gate.entered.set()
        gate.opened.wait(gate.timeout)
        stops.append(should_stop())
        if should_stop():
            raise Cancelled()
        return fake_rating(game.puzzle)

    monkeypatch.setattr(NonogramGame, "rate", rate)
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LibraryScreen)
                    and bool(app.screen.shown))
        library = app.screen
        await until(pilot, gate.entered.is_set)
        assert library.grading
        await pilot.press("enter")  # play the first puzzle: the library is left
        await play_screen(pilot)
        gate.open()
        await until(pilot, lambda: bool(stops))
        assert stops == [True]


async def test_the_finish_screen_shows_the_grade(rated: list[str]) -> None:
    async with app_for().run_test(size=(120, 40)) as pilot:
        screen = await play_screen(pilot)
        for r, row in enumerate(["#-#--", "--#--", "#####", "--#--", "--#--"]):
            for c, ch in enumerate(row):
                if ch == "#":
                    screen.session.go_to(r, c)
                    await pilot.press("f")
        await until(pilot, lambda: isinstance(pilot.app.screen, FinishScreen))
        finish = pilot.app.screen
        await until(pilot, lambda: bool(finish.grade_text))
        assert finish.grade_text == "Grade 1 · hardest: Simple boxes"
        assert "Plus" in rated
