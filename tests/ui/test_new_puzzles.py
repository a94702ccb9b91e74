"""The library's "New puzzle" and "Daily puzzle": made in a worker, saved, played."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Input, Label, ProgressBar, Select

from nonotui import kinds
from nonotui.kinds.nonogram.generate import parse_id
from nonotui.model.kind import PuzzleRequest
from nonotui.store import DataDir
from nonotui.ui.app import make_app
from nonotui.ui.screens.generating import MakingScreen, NewPuzzleScreen, parse_size
from nonotui.ui.screens.library import LibraryScreen
from tests.ui.conftest import Gate, play_screen, until

MAKE_TIMEOUT = 180.0
"""The first puzzle made in a fresh checkout compiles the engine's kernels."""


async def _library(pilot: Any) -> LibraryScreen:
    app = pilot.app
    await until(pilot, lambda: isinstance(app.screen, LibraryScreen) and bool(app.screen.shown))
    screen = app.screen
    assert isinstance(screen, LibraryScreen)
    return screen


async def _made_and_played(pilot: Any) -> Any:
    """The play screen of the puzzle the library is making (or opening)."""
    from nonotui.ui.screens.play import PlayScreen

    await until(pilot, lambda: isinstance(pilot.app.screen, PlayScreen), MAKE_TIMEOUT)
    return await play_screen(pilot)


def test_sizes_are_read_and_checked() -> None:
    assert parse_size("15x20") == (15, 20)
    assert parse_size(" 7 ") == (7, 7)
    with pytest.raises(ValueError, match="from 5 to 50"):
        parse_size("4x10")
    with pytest.raises(ValueError, match="from 5 to 50"):
        parse_size("51x10")
    with pytest.raises(ValueError, match="WIDTHxHEIGHT"):
        parse_size("big")


async def test_a_new_puzzle_is_made_saved_with_its_recipe_and_played(data_dir: DataDir) -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        library = await _library(pilot)
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, NewPuzzleScreen))
        dialog = app.screen
        dialog.query_one("#size", Input).value = "3x9"
        await pilot.press("enter")
        assert "from 5 to 50" in str(dialog.query_one("#problem", Label).render())
        assert app.screen is dialog  # a bad size keeps the dialog open
        dialog.query_one("#size", Input).value = "7x6"
        dialog.query_one("#grade", Select).value = 2
        dialog.query_one("#symmetry", Select).value = "vertical"
        dialog.query_one("#size", Input).focus()
        await pilot.press("enter")
        screen = await _made_and_played(pilot)
        puzzle = screen.puzzle
        assert (puzzle.width, puzzle.height) == (7, 6)
        saved = list(data_dir.puzzles.iterdir())
        assert len(saved) == 1 and saved[0].name.startswith("new-7x6-g2-vertical-")
        # the file carries the generator's id, which names the same puzzle
        again = kinds.load_all(saved[0])[0]
        recipe = parse_id(again.catalogue)
        assert (recipe.width, recipe.height, recipe.grade, recipe.symmetry) == (
            7, 6, 2, "vertical")
        assert again.identity == puzzle.identity
        await pilot.press("f", "escape")  # one move, saved as for any puzzle
        await until(pilot, lambda: app.screen is library and not library.scanning)
        row = next(r for r in library.rows if r.entry.name == saved[0].name)
        assert row.entry.source == "user" and row.summary.state == "playing"


async def test_escape_stops_the_making_and_nothing_is_saved(
    data_dir: DataDir, monkeypatch: pytest.MonkeyPatch
) -> None:
    kind = kinds.get("nonogram")
    gate = Gate()
    monkeypatch.setattr(kind, "new_puzzle", gate.hold(kind.new_puzzle))
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        library = await _library(pilot)
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, NewPuzzleScreen))
        app.screen.query_one("#size", Input).value = "5"
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, MakingScreen))
        making = app.screen
        assert making.query_one("#bar", ProgressBar).total is None  # moving while it works
        await until(pilot, gate.entered.is_set)
        await pilot.press("escape")
        assert app.screen is library
        gate.open()
        await until(pilot, lambda: making.worker is not None and making.worker.is_finished)
        await pilot.pause()
        assert app.screen is library
        assert not data_dir.puzzles.exists() or not any(data_dir.puzzles.iterdir())


async def test_a_puzzle_that_cannot_be_made_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    from nonotui.errors import NonotuiError

    kind = kinds.get("nonogram")

    def refuse(request: PuzzleRequest, should_stop: Any = None) -> Any:
        raise NonotuiError("gen1:5x5:g5:nosym:d55:1: no puzzle of grade 5 found")

    monkeypatch.setattr(kind, "new_puzzle", refuse)
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        library = await _library(pilot)
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, NewPuzzleScreen))
        app.screen.query_one("#size", Input).value = "5"
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, MakingScreen)
                    and app.screen.failure is not None)
        assert "no puzzle of grade 5" in str(app.screen.query_one("#elapsed", Label).render())
        await pilot.press("escape")
        assert app.screen is library


async def test_the_daily_puzzle_is_made_once_and_resumed_the_same_day(
    data_dir: DataDir, monkeypatch: pytest.MonkeyPatch
) -> None:
    from datetime import date

    from nonotui.store import generated

    monkeypatch.setattr(generated, "utc_today", lambda: date(2026, 11, 23))
    kind = kinds.get("nonogram")
    calls: list[PuzzleRequest] = []
    original = kind.new_puzzle

    def counted(request: PuzzleRequest, should_stop: Any = None) -> Any:
        calls.append(request)
        return original(request, should_stop)

    monkeypatch.setattr(kind, "new_puzzle", counted)
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        library = await _library(pilot)
        await pilot.press("d")
        screen = await _made_and_played(pilot)
        assert screen.puzzle.title == "Daily 2026-11-23"
        assert [(c.width, c.seed) for c in calls] == [(10, 20261123)]
        assert (data_dir.puzzles / "daily-2026-11-23.non").exists()
        await pilot.press("f", "escape")
        await until(pilot, lambda: app.screen is library and not library.scanning)
        await pilot.press("d")
        screen = await _made_and_played(pilot)
        assert len(calls) == 1  # opened from its file, not made again
        assert screen.session.progress.moves == 1  # its progress resumed


async def test_enter_on_a_closed_dropdown_makes_the_puzzle_and_on_an_open_one_picks(
    data_dir: DataDir,
) -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await _library(pilot)
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, NewPuzzleScreen))
        dialog = app.screen
        dialog.query_one("#size", Input).value = "6x5"
        grade = dialog.query_one("#grade", Select)
        grade.focus()
        before = grade.value
        await pilot.press("space")  # opens the list
        await until(pilot, lambda: grade.expanded)
        await pilot.press("down", "enter")  # picks the next grade, the dialog stays
        await until(pilot, lambda: not grade.expanded)
        assert app.screen is dialog and grade.value != before
        picked = grade.value
        await pilot.press("enter")  # the list closed: enter makes the puzzle
        screen = await _made_and_played(pilot)
        assert (screen.puzzle.width, screen.puzzle.height) == (6, 5)
        assert f"-g{picked}-" in next(data_dir.puzzles.iterdir()).name
