"""Saving and resuming: board, undo history and clock; quitting; damaged, newer and locked saves."""

from __future__ import annotations

import json

import pytest
from textual import events

from nonotui.store import DataDir, ProgressStore
from nonotui.ui.clock import Stopwatch
from nonotui.ui.screens.dialogs import HelpScreen, MessageScreen
from nonotui.ui.screens.play import PlayScreen
from tests.ui.conftest import PLUS, app_for, board_text, play_screen, toasts, until


class FakeClock:
    """Time that moves only when told to."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def saved(data_dir: DataDir) -> dict:
    return json.loads(ProgressStore(data_dir.progress).path_for(PLUS.identity).read_text())


@pytest.mark.parametrize("quit_key", ["q", "ctrl+q", "ctrl+c"])
async def test_quitting_right_after_a_move_keeps_it(data_dir: DataDir, quit_key: str) -> None:
    app = app_for()
    async with app.run_test(size=(100, 40)) as pilot:
        await play_screen(pilot)
        await pilot.press("f", "l", "x")
        await pilot.press(quit_key)
        await until(pilot, lambda: app.return_code is not None or not app.is_running)
    assert saved(data_dir)["board"][0] == "#-???"


async def test_resume_restores_board_undo_cursor_and_time(data_dir: DataDir) -> None:
    clock = FakeClock()
    async with app_for().run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        screen.stopwatch = Stopwatch(0.0, clock=clock)
        screen.stopwatch.start()
        await pilot.press("f", "l", "x", "j", "f", "u")
        clock.now += 75
        await pilot.press("q")
    doc = saved(data_dir)
    assert doc["elapsed"] == 75.0 and doc["moves"] == 3

    async with app_for().run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        assert board_text(screen).splitlines()[:2] == ["#-???", "?????"]
        assert screen.session.cursor == (1, 1)
        assert 75.0 <= screen.stopwatch.elapsed < 80.0
        await pilot.press("ctrl+y")  # the undone move can be redone after reopening
        assert board_text(screen).splitlines()[1] == "?#???"
        await pilot.press("u", "u", "u")
        assert board_text(screen) == "?????\n" * 5


async def test_autosave_happens_without_quitting(data_dir: DataDir) -> None:
    path = ProgressStore(data_dir.progress).path_for(PLUS.identity)
    async with app_for().run_test(size=(100, 40)) as pilot:
        await play_screen(pilot)
        await pilot.press("f")
        await until(pilot, lambda: path.exists() and json.loads(path.read_text())["moves"] == 1)


async def test_clock_pauses_when_the_screen_is_covered_suspended_or_blurred() -> None:
    clock = FakeClock()
    app = app_for()
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        screen.stopwatch = Stopwatch(0.0, clock=clock)
        screen.resume_clock()
        clock.now += 10
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        assert not screen.stopwatch.running
        clock.now += 100
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen and screen.stopwatch.running)
        clock.now += 5
        app.app_suspend_signal.publish(app)
        assert not screen.stopwatch.running
        clock.now += 100
        app.app_resume_signal.publish(app)
        assert screen.stopwatch.running
        clock.now += 5
        app.post_message(events.AppBlur())
        await until(pilot, lambda: not screen.stopwatch.running)
        clock.now += 100
        app.post_message(events.AppFocus())
        await until(pilot, lambda: screen.stopwatch.running)
        assert screen.stopwatch.elapsed == 20.0


async def test_a_damaged_save_is_moved_aside_with_a_visible_message(data_dir: DataDir) -> None:
    store = ProgressStore(data_dir.progress)
    path = store.path_for(PLUS.identity)
    path.parent.mkdir(parents=True)
    path.write_text('{"schema": 2, "board": [')
    other = data_dir.progress / ("0" * 64 + ".json")
    other.write_text("kept as it is")
    app = app_for()
    async with app.run_test(size=(100, 40), notifications=True) as pilot:
        screen = await play_screen(pilot)
        await until(pilot, lambda: any("moved to" in n for n in toasts(app)))
        assert board_text(screen) == "?????\n" * 5
        await pilot.press("f", "q")
    assert len(list(data_dir.progress.glob("*.corrupt-*"))) == 1
    assert saved(data_dir)["board"][0] == "#????"
    assert other.read_text() == "kept as it is"


async def test_a_save_from_a_newer_nonotui_is_refused_untouched(data_dir: DataDir) -> None:
    path = ProgressStore(data_dir.progress).path_for(PLUS.identity)
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"schema": 99, "identity": PLUS.identity}))
    before = path.read_bytes()
    app = app_for()
    async with app.run_test(size=(100, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MessageScreen))
        assert "newer nonotui" in app.screen.message
        await pilot.press("q")
    assert path.read_bytes() == before


async def test_a_second_instance_opens_read_only_and_never_saves(data_dir: DataDir) -> None:
    first = app_for()
    async with first.run_test(size=(100, 40)) as pilot1:
        one = await play_screen(pilot1)
        await pilot1.press("f")
        await until(pilot1, lambda: not one.unsaved)
        second = app_for()
        async with second.run_test(size=(100, 40), notifications=True) as pilot2:
            two = await play_screen(pilot2)
            assert two.session.read_only
            assert board_text(two).splitlines()[0] == "#????"
            await until(pilot2, lambda: any("read-only" in n for n in toasts(second)))
            await pilot2.press("l", "f", "x", "u", "ctrl+c")
            assert board_text(two).splitlines()[0] == "#????"
        await pilot1.press("l", "x", "q")
    assert saved(data_dir)["board"][0] == "#-???"
    # the lock is gone with the first app: the puzzle opens for play again
    async with app_for().run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        assert not screen.session.read_only and isinstance(screen, PlayScreen)
