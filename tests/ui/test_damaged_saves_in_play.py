"""The worst damaged saves through the player itself: a clock of NaN or a 5,000-digit move
count in the puzzle's save, a best time of 1e999 in the library, broken settings at start, a
damaged save on the statistics screen, and damage whose message reads like Textual markup. The
player shows the notice and plays on (``tests/unit/store/test_damaged_saves.py`` covers every
field and any bytes through the loaders)."""

from __future__ import annotations

import json
import math

import pytest
from textual.widgets import DataTable

from nonotui.store import DataDir, ProgressStore
from nonotui.store.catalog import find_bundled
from nonotui.store.progress import Progress
from nonotui.ui.app import make_app
from nonotui.ui.screens.library import LibraryScreen
from nonotui.ui.screens.stats import StatsScreen
from tests.damaged_saves import replaced
from tests.ui.conftest import PLUS, app_for, board_text, play_screen, toasts, until


def damage(data_dir: DataDir, puzzle: object, field: str, raw: str) -> bytes:
    """Write a save of ``puzzle`` (solved in 40 s) with ``raw`` JSON text as ``field``."""
    progress = Progress.new(puzzle)
    progress.moves, progress.elapsed = 3, 50.0
    progress.solved, progress.best_time, progress.solve_times = True, 40.0, [40.0]
    content = replaced(progress.to_json(), (field,), raw).encode()
    path = ProgressStore(data_dir.progress).path_for(progress.identity)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    return content


@pytest.mark.parametrize(("field", "raw"), [("elapsed", "NaN"), ("moves", "9" * 5000),
                                            ("elapsed", "1e999")],
                         ids=["elapsed-NaN", "moves-5000-digits", "elapsed-1e999"])
async def test_a_save_of_impossible_numbers_is_moved_aside_and_play_goes_on(
    data_dir: DataDir, field: str, raw: str
) -> None:
    content = damage(data_dir, PLUS, field, raw)
    app = app_for()
    async with app.run_test(size=(100, 40), notifications=True) as pilot:
        screen = await play_screen(pilot)
        await until(pilot, lambda: any("moved to" in n for n in toasts(app)))
        assert board_text(screen) == "?????\n" * 5 and screen.session.progress.moves == 0
        assert math.isfinite(screen.stopwatch.elapsed)
        await pilot.press("f", "q")
        await until(pilot, lambda: not app.is_running)
    (aside,) = data_dir.progress.glob("*.corrupt-*")
    assert aside.read_bytes() == content
    doc = json.loads(ProgressStore(data_dir.progress).path_for(PLUS.identity).read_text())
    assert doc["board"][0] == "#????" and doc["moves"] == 1


async def test_damage_whose_message_reads_like_markup_is_shown_as_it_is(
    data_dir: DataDir,
) -> None:
    """The notice quotes the damage (here a legend character ``[/x]``); shown as Textual
    markup, it broke the player as the notice was drawn."""
    damage(data_dir, PLUS, "legend", '{"[/x]": 2}')
    app = app_for()
    async with app.run_test(size=(100, 40), notifications=True) as pilot:
        screen = await play_screen(pilot)
        await until(pilot, lambda: any("'[/x]'" in n for n in toasts(app)))
        await pilot.pause()
        await pilot.press("f")
        assert board_text(screen).startswith("#")


async def test_the_library_starts_with_a_best_time_of_1e999(data_dir: DataDir) -> None:
    heart = find_bundled("heart")
    assert heart is not None
    content = damage(data_dir, heart, "best_time", "1e999")
    app = make_app()
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LibraryScreen)
                    and not app.screen.scanning and bool(app.screen.rows))
        library = app.screen
        assert isinstance(library, LibraryScreen)
        (row,) = [r for r in library.rows if r.identity == heart.identity]
        assert row.state() == "unreadable"
        await pilot.pause()
        assert app.is_running
    path = ProgressStore(data_dir.progress).path_for(heart.identity)
    assert path.read_bytes() == content, "listing the library moves nothing"


async def test_the_statistics_leave_out_a_damaged_save(data_dir: DataDir) -> None:
    damage(data_dir, PLUS, "solve_times", "[NaN]")
    app = make_app()
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LibraryScreen))
        await pilot.press("t")
        await until(pilot, lambda: isinstance(app.screen, StatsScreen)
                    and app.screen.figures is not None)
        assert app.screen.figures is not None
        assert all(f.played == 0 for f in app.screen.figures)
        table = app.screen.query_one(DataTable)
        assert table.row_count == 6  # grades 1 to 5 and 0, nothing else


@pytest.mark.parametrize("raw", ["9" * 5000, '"[/x]"'], ids=["5000-digits", "markup"])
async def test_damaged_settings_at_start_are_said_once_and_the_defaults_used(
    data_dir: DataDir, raw: str
) -> None:
    data_dir.root.mkdir(parents=True)
    data_dir.settings.write_text(
        '{"schema": 1, "glyphs": ' + raw + ', "theme": "nord", "sort": "name"}')
    app = make_app()
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LibraryScreen))
        await until(pilot, lambda: any("settings could not be read" in n for n in toasts(app)))
        await pilot.pause()
        assert app.settings.sort == "size" and app.is_running
    assert len(list(data_dir.root.glob("settings.json.corrupt-*"))) == 1


async def test_a_file_name_that_reads_like_markup_is_listed_as_skipped(
    data_dir: DataDir,
) -> None:
    data_dir.puzzles.mkdir(parents=True)
    (data_dir.puzzles / '[link="] notes.md').write_text("not a puzzle")
    app = make_app()
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await until(pilot, lambda: any('[link="] notes.md' in n for n in toasts(app)))
        await pilot.pause()
        assert app.is_running


async def test_puzzle_files_whose_names_and_titles_read_like_markup_are_listed(
    data_dir: DataDir,
) -> None:
    """The user's puzzles folder may hold anything: a title, an author or a file name is shown
    in the library's table as it is, never read as markup."""
    data_dir.puzzles.mkdir(parents=True)
    (data_dir.puzzles / "odd.non").write_text(
        'title "[/x] and [link="]"\nby "[/y]"\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n')
    (data_dir.puzzles / '[link="].non').write_text("not a puzzle")
    app = make_app()
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LibraryScreen)
                    and not app.screen.scanning and bool(app.screen.rows))
        library = app.screen
        assert isinstance(library, LibraryScreen)
        titles = {r.entry.title for r in library.rows if r.entry.source == "user"}
        assert titles == {'[/x] and [link="]', '[link="].non'}
        await pilot.pause()
        table = library.query_one(DataTable)
        shown = {str(table.get_row_at(i)[0]) for i in range(table.row_count)}
        assert titles <= shown and app.is_running


async def test_a_save_killed_midway_leaves_nothing_after_the_next_start(
    data_dir: DataDir,
) -> None:
    """A kill during a save leaves its temporary file; the next start removes it (one under a
    minute old may be another nonotui's save under way, and stays)."""
    import os
    import time

    data_dir.progress.mkdir(parents=True)
    stale = data_dir.progress / f".{PLUS.identity}.json.k2j4_x1.tmp"
    stale.write_text('{"schema": 3, "bo')
    old = time.time() - 61
    os.utime(stale, (old, old))
    fresh = data_dir.root / ".settings.json.q9w8e7.tmp"
    fresh.write_text("{")
    app = app_for()
    async with app.run_test(size=(100, 40)) as pilot:
        await play_screen(pilot)
        assert not stale.exists() and fresh.exists()


async def test_a_kept_grade_whose_words_read_like_markup_is_shown_as_it_is(
    data_dir: DataDir,
) -> None:
    """A grades file may hold any printable technique name; the finish screen read it as
    markup."""
    from nonotui.model.vocab import RATING_VERSION
    from nonotui.ui.screens.finish import FinishScreen

    entry = {"grade": 3, "score": 9, "hardest": "[/x] reasoning", "line_solvable": True,
             "unique": True, "reason": None, "version": RATING_VERSION}
    data_dir.root.mkdir(parents=True)
    data_dir.grades.write_text(json.dumps({"schema": 1, "grades": {PLUS.identity: entry}}))
    app = app_for()
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        screen = await play_screen(pilot)
        for r, row in enumerate(["#-#--", "--#--", "#####", "--#--", "--#--"]):
            for c, ch in enumerate(row):
                if ch == "#":
                    screen.session.go_to(r, c)
                    await pilot.press("f")
        await until(pilot, lambda: isinstance(app.screen, FinishScreen))
        finish = app.screen
        assert isinstance(finish, FinishScreen)
        await until(pilot, lambda: finish.grade_text == "Grade 3 · hardest: [/x] reasoning")
        await pilot.pause()
        assert app.is_running
