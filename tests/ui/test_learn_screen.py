"""The Learn collection: lessons in order, each panel showing its technique on one line, then
its puzzle."""

from __future__ import annotations

import pytest
from textual.widgets import Button, DataTable, Label, Static

from nonotui import kinds
from nonotui.kinds.nonogram.engine.techniques import RULES
from nonotui.kinds.nonogram.puzzle import Puzzle
from nonotui.store import DataDir
from nonotui.store.catalog import Catalog, Entry, is_learn_file
from nonotui.ui.app import make_app
from nonotui.ui.screens.learn import LearnScreen, LessonScreen
from nonotui.ui.screens.library import LibraryScreen
from tests.ui.conftest import play_screen, until

BOXES = Puzzle.from_picture([[1, 1, 1, 1, 0], [1, 1, 1, 1, 0], [0, 1, 1, 1, 1],
                             [0, 1, 1, 1, 1], [1, 1, 1, 1, 1]], title="Simple boxes")
EXTRA = Puzzle.from_picture([[1, 0], [0, 1]] * 1 + [[1, 1]] * 3, title="Learn 7: Contradiction")
GLUE = Puzzle.from_picture([[1, 1, 0], [0, 1, 1], [1, 0, 1]], title="Lesson 4: Glue")


async def test_lessons_are_listed_easiest_first_and_open_with_their_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(Catalog, "learn", lambda self: [
        Entry("learn.non#1", "learn", BOXES), Entry("learn.non#2", "learn", GLUE),
        Entry("learn.non#3", "learn", EXTRA)])
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LibraryScreen))
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, LearnScreen)
                    and not app.screen.busy)
        learn = app.screen
        aquarium = [lesson.technique for lesson in kinds.get("aquarium").lessons()]
        assert aquarium  # every kind's lessons, nonograms' first
        assert [r.title for r in learn.rows] == [*RULES, *aquarium, "Contradiction"]
        # each lesson labelled by its kind, in the list's Kind column
        assert [r.kind for r in learn.rows] == ["Nonogram"] * len(RULES) + ["Aquarium"] * len(
            aquarium) + ["Nonogram"]
        table = learn.query_one(DataTable)
        assert [str(c.label) for c in table.columns.values()][:3] == ["#", "Kind", "Technique"]
        assert table.get_row_at(len(RULES))[1:3] == ["Aquarium", aquarium[0]]
        # finished line first: no puzzle can need it last, so its lesson plays simple boxes'
        # puzzle, whose walk meets it; simple spaces plays forcing's, which this catalogue
        # lacks
        boxes, glue = list(RULES).index("Simple boxes"), list(RULES).index("Glue")
        spaces = list(RULES).index("Simple spaces")
        assert learn.rows[boxes].puzzle is BOXES and learn.rows[0].puzzle is BOXES
        assert learn.rows[spaces].puzzle is None
        assert learn.rows[-1].lesson is None and learn.rows[-1].puzzle is EXTRA
        assert learn.rows[glue].title == "Glue" and learn.rows[glue].puzzle is GLUE
        # a puzzle no lesson names is listed by its technique, without "Learn 7: "; a lesson
        # with no puzzle says it has only its line
        assert table.get_row_at(len(learn.rows) - 1)[2] == "Contradiction"
        assert table.get_row_at(0)[4:] == [f"in #{boxes + 1}", ""]
        assert table.get_row_at(spaces)[4] == "line only"
        # a lesson without its puzzle shows the panel and says so
        await pilot.press(*["down"] * spaces, "enter")
        await until(pilot, lambda: isinstance(app.screen, LessonScreen))
        assert app.screen.query("#nopuzzle")
        await pilot.press("escape")
        assert app.screen is learn
        # finished line's panel says why it has no puzzle of its own and plays simple boxes'
        await pilot.press(*["up"] * spaces, "enter")
        await until(pilot, lambda: isinstance(app.screen, LessonScreen))
        why = str(app.screen.query_one("#practice", Label).render())
        assert "No puzzle needs finished line as its hardest step" in why
        assert "simple boxes lesson's puzzle" in why
        assert "Play the simple boxes puzzle" in str(app.screen.query_one("#play", Button).label)
        await pilot.press("enter")
        screen = await play_screen(pilot)
        assert screen.puzzle is BOXES
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is learn)
        await pilot.press(*["down"] * boxes, "enter")
        await until(pilot, lambda: isinstance(app.screen, LessonScreen))
        panel = app.screen
        line = str(panel.query_one("#line", Static).render())
        lesson = learn.rows[boxes].lesson
        assert lesson is not None and lesson.before == "????????"
        # the after line is the engine's: the 6 in 8 cells fills the middle 4
        assert lesson.after == "??####??"
        assert "? ? # # # # ? ?" in line
        await pilot.press("enter")
        screen = await play_screen(pilot)
        assert screen.puzzle is BOXES
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is learn)
        await pilot.press("escape")
        assert isinstance(app.screen, LibraryScreen)


def test_the_learn_collection_is_not_listed_among_the_librarys_bundled_puzzles(
    data_dir: DataDir,
) -> None:
    catalog = Catalog(data_dir)
    learn = catalog.learn()
    assert learn and all(is_learn_file(e.name) for e in learn)
    assert {e.name.partition("#")[0] for e in learn} == {
        "learn.non", "learn-aquarium-1.aq", "learn-aquarium-2.aq", "learn-aquarium-3.aq"}
    assert not any(is_learn_file(e.name) for e in catalog.bundled())
    by_kind = [e.puzzle.kind_name for e in catalog.bundled() if e.puzzle is not None]
    assert by_kind.count("nonogram") == 25  # 16 black and white, 9 colour
    assert by_kind.count("aquarium") >= 12


async def test_the_bundled_lessons_open_with_their_panels() -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LibraryScreen))
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, LearnScreen)
                    and not app.screen.busy)
        learn = app.screen
        assert [r.title for r in learn.rows][: len(RULES)] == list(RULES)
        with_puzzles = [r for r in learn.rows if r.puzzle is not None]
        # every puzzle of the collection is listed once, in its file's order
        titles = [r.puzzle.title for r in with_puzzles
                  if not (r.lesson and r.lesson.practice)]
        assert sorted(titles) == sorted(e.title for e in Catalog(app.data_dir).learn())
        own = [r for r in with_puzzles if not (r.lesson and r.lesson.practice)]
        assert all(r.title.lower() in r.puzzle.title.lower() for r in own)
        # every technique of the ladder has a puzzle: its own, or the one that shows it
        assert all(r.puzzle is not None for r in learn.rows[: len(RULES)])
        forcing = next(i for i, r in enumerate(learn.rows) if r.title == "Forcing")
        await pilot.press(*["down"] * forcing, "enter")
        await until(pilot, lambda: isinstance(app.screen, LessonScreen))
        assert app.screen.row.title == "Forcing" and not app.screen.query("#nopuzzle")
        await pilot.press("enter")
        screen = await play_screen(pilot)
        assert "Forcing" in screen.puzzle.title
