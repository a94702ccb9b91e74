"""When the play screen saves: within SAVE_LATENCY of the first unsaved change however fast the
player moves; a read-only or full data folder; signals; and an auto-solve caught mid-way.

The save clock is replaced by a hand-driven one, and the screen's tick (``_autosave``) is called
directly after moving the clock, so the policy is tested without sleeping.
"""

from __future__ import annotations

import errno
import json
import os
import signal
from pathlib import Path

import pytest
from textual import events

from nonotui.store import DataDir, ProgressStore, PuzzleLock, jsonfile
from nonotui.store.autosave import RETRY_DELAY, SAVE_LATENCY, SaveSchedule
from nonotui.ui.screens.dialogs import ConfirmScreen
from nonotui.ui.screens.play import PlayScreen
from tests.ui.conftest import PLUS, app_for, board_text, play_screen, titled, toasts, until

ENGINE = 90.0


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def save_path(data_dir: DataDir) -> Path:
    return ProgressStore(data_dir.progress).path_for(PLUS.identity)


def saved_moves(data_dir: DataDir) -> int | None:
    path = save_path(data_dir)
    if not path.exists():
        return None
    return json.loads(path.read_text())["moves"]


async def clocked(pilot) -> tuple[PlayScreen, FakeClock]:  # type: ignore[no-untyped-def]
    screen = await play_screen(pilot)
    clock = FakeClock()
    screen.keeper.schedule = SaveSchedule(clock=clock)
    return screen, clock


async def test_steady_play_is_saved_within_the_latency(data_dir: DataDir) -> None:
    """A move every quarter second, as a person filling a row: the old debounce never saved."""
    async with app_for().run_test(size=(100, 40)) as pilot:
        screen, clock = await clocked(pilot)
        made: list[float] = []
        for step in range(12):
            await pilot.press("f" if step % 2 == 0 else "x", "l" if step % 8 < 4 else "j")
            made.append(clock.now)
            screen._autosave()
            on_disk = saved_moves(data_dir) or 0
            # every move older than the latency is on disk
            assert on_disk >= sum(1 for t in made if t <= clock.now - SAVE_LATENCY)
            clock.now += 0.25
        assert (saved_moves(data_dir) or 0) >= 10


async def test_later_moves_do_not_push_the_save_back(data_dir: DataDir) -> None:
    async with app_for().run_test(size=(100, 40)) as pilot:
        screen, clock = await clocked(pilot)
        await pilot.press("f")
        clock.now += SAVE_LATENCY - 0.1
        await pilot.press("l", "f")
        screen._autosave()
        assert saved_moves(data_dir) is None, "not due yet"
        clock.now += 0.1
        screen._autosave()
        assert saved_moves(data_dir) == 2, "due at the first move's deadline, with both moves"
        assert not screen.unsaved
        clock.now += 10
        screen._autosave()  # nothing changed: no save
        assert json.loads(save_path(data_dir).read_text())["moves"] == 2


async def test_the_screens_timer_saves_without_a_pause_in_play(data_dir: DataDir) -> None:
    """The real clock and the real tick: keys keep coming, the save still happens."""
    async with app_for().run_test(size=(100, 40)) as pilot:
        await play_screen(pilot)
        await pilot.press("f", "l")
        await until(pilot, lambda: saved_moves(data_dir) == 1)


def refuse_replace(monkeypatch: pytest.MonkeyPatch, error: OSError) -> list[int]:
    calls: list[int] = []

    def replace(src: str, dst: str) -> None:
        calls.append(1)
        raise error

    monkeypatch.setattr(jsonfile.os, "replace", replace)
    return calls


def fill_the_disk(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    real_fdopen = os.fdopen

    class Full:
        def __init__(self, handle) -> None:  # type: ignore[no-untyped-def]
            self.handle = handle

        def __enter__(self):  # type: ignore[no-untyped-def]
            return self

        def __exit__(self, *exc: object) -> None:
            self.handle.close()

        def write(self, text: str) -> int:
            calls.append(1)
            raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(jsonfile.os, "fdopen", lambda fd, *a, **k: Full(real_fdopen(fd, *a, **k)))
    return calls


@pytest.mark.parametrize(
    ("trouble", "words"),
    [
        ("read-only", "Read-only file system"),
        ("permission", "Permission denied"),
        ("full", "No space left on device"),
    ],
)
async def test_disk_trouble_is_announced_once_play_goes_on_and_saving_resumes(
    data_dir: DataDir, monkeypatch: pytest.MonkeyPatch, trouble: str, words: str
) -> None:
    app = app_for()
    async with app.run_test(size=(100, 40), notifications=True) as pilot:
        screen, clock = await clocked(pilot)
        await pilot.press("f")
        clock.now += SAVE_LATENCY
        screen._autosave()
        before = save_path(data_dir).read_bytes()
        if trouble == "read-only":
            attempts = refuse_replace(monkeypatch, OSError(errno.EROFS, words))
        elif trouble == "permission":
            attempts = refuse_replace(monkeypatch, PermissionError(errno.EACCES, words))
        else:
            attempts = fill_the_disk(monkeypatch)

        def troubles() -> list[str]:
            return titled(app, "Progress not saved")

        await pilot.press("l", "x")
        clock.now += SAVE_LATENCY
        screen._autosave()
        assert len(attempts) == 1
        await until(pilot, lambda: len(troubles()) == 1)
        assert words in troubles()[0] and "kept in memory" in troubles()[0]
        assert "NOT saved" in screen.status.message
        # play goes on; retries come every RETRY_DELAY, not on every tick, and say nothing more
        await pilot.press("l", "f", "l", "x")
        assert board_text(screen).splitlines()[0] == "#-#-?"
        clock.now += RETRY_DELAY - 0.5
        screen._autosave()
        assert len(attempts) == 1
        clock.now += 0.5
        screen._autosave()
        assert len(attempts) == 2
        await pilot.pause()
        assert len(troubles()) == 1
        # nothing already saved was damaged, and no temporary file is left behind
        assert save_path(data_dir).read_bytes() == before
        assert [p.name for p in data_dir.progress.iterdir() if p.suffix != ".lock"] == [
            save_path(data_dir).name
        ]
        # the folder works again: the next retry writes every move kept in memory
        monkeypatch.undo()
        clock.now += RETRY_DELAY
        screen._autosave()
        assert saved_moves(data_dir) == 4
        await until(pilot, lambda: any("saved again" in n for n in toasts(app)))
        assert not screen.unsaved


async def test_quitting_while_saves_fail_asks_first(
    data_dir: DataDir, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = app_for()
    async with app.run_test(size=(100, 40)) as pilot:
        screen, clock = await clocked(pilot)
        refuse_replace(monkeypatch, OSError(errno.EROFS, "Read-only file system"))
        await pilot.press("f", "q")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("escape")  # cancel: keep playing
        await until(pilot, lambda: app.screen is screen)
        assert app.is_running and board_text(screen).startswith("#")
        monkeypatch.undo()  # space was freed
        await pilot.press("q")
        await until(pilot, lambda: not app.is_running)
    assert saved_moves(data_dir) == 1


async def test_quitting_anyway_while_saves_fail(
    data_dir: DataDir, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = app_for()
    async with app.run_test(size=(100, 40)) as pilot:
        await clocked(pilot)
        refuse_replace(monkeypatch, OSError(errno.EROFS, "Read-only file system"))
        await pilot.press("f", "q")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.click("#confirm")
        await until(pilot, lambda: not app.is_running)
    assert app.return_code == 0


@pytest.mark.parametrize("signum", [signal.SIGHUP, signal.SIGTERM, signal.SIGINT])
async def test_a_signal_saves_at_once_then_quits_and_releases_the_lock(
    data_dir: DataDir, signum: int
) -> None:
    app = app_for()
    async with app.run_test(size=(100, 40)) as pilot:
        screen, _clock = await clocked(pilot)
        await pilot.press("f", "l", "x")
        assert saved_moves(data_dir) is None
        app.end_by_signal(signum)
        # saved at once, in the handler, before the app has even begun to close
        assert saved_moves(data_dir) == 2
        app.end_by_signal(signum)  # a second signal changes nothing
        await until(pilot, lambda: not app.is_running)
    assert app.return_value == app.return_code == 128 + signum
    assert saved_moves(data_dir) == 2
    assert screen.keeper.closed
    other = PuzzleLock(data_dir.progress / f"{PLUS.identity}.lock")
    other.acquire()  # released
    other.release()


async def test_keys_received_before_a_signal_are_still_handled_and_saved(
    data_dir: DataDir,
) -> None:
    app = app_for()
    async with app.run_test(size=(100, 40)) as pilot:
        screen, _clock = await clocked(pilot)
        await pilot.press("f")
        # a key the app has received but not yet handled when the signal comes
        app.post_message(events.Key("x", None))
        app.end_by_signal(signal.SIGTERM)
        assert saved_moves(data_dir) == 1
        await until(pilot, lambda: not app.is_running)
    assert saved_moves(data_dir) == 2


async def test_nothing_is_saved_once_the_screen_has_closed(data_dir: DataDir) -> None:
    async with app_for().run_test(size=(100, 40)) as pilot:
        screen, _clock = await clocked(pilot)
        await pilot.press("f")
        assert screen.close_for_exit() is True
        lock = screen.keeper.lock
        assert saved_moves(data_dir) == 1 and lock is not None and not lock.held
        # another nonotui may hold the lock now: this one must never write again
        screen.session.commit([(4, 4)], 2)
        screen.keeper.schedule.changed()
        assert screen.save_now() is False
        assert screen.close_for_exit() is False  # said again: there is something unsaved
        assert saved_moves(data_dir) == 1


async def test_a_save_during_an_auto_solve_holds_only_what_the_history_explains(
    data_dir: DataDir,
) -> None:
    async with app_for().run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        pilot.app.settings.solve_speed = "slow"
        await pilot.press("f", "S")
        await until(pilot, lambda: screen.assistant.solving is not None, ENGINE)
        shown = board_text(screen)
        assert shown != "#????\n" + "?????\n" * 4, "the first step is on the board"
        assert screen.save_now()
        doc = json.loads(save_path(data_dir).read_text())
        assert doc["board"] == ["#????"] + ["?????"] * 4 and doc["moves"] == 1
        assert board_text(screen) == shown, "the steps shown stay on the screen"
        await pilot.press("escape")
        assert screen.save_now()
        doc = json.loads(save_path(data_dir).read_text())
        assert doc["moves"] == 2 and doc["board"] == shown.splitlines()
        assert [m["kind"] for m in doc["history"]["done"]] == ["mark", "solve"]


async def test_a_read_only_data_folder_at_the_start_still_lets_the_player_play(
    data_dir: DataDir, monkeypatch: pytest.MonkeyPatch
) -> None:
    from nonotui.errors import SaveError
    from nonotui.store import lock as lock_module

    real_acquire = lock_module.PuzzleLock.acquire
    refusing = [True]

    def acquire(self: PuzzleLock) -> None:
        if refusing[0]:
            raise SaveError(f"cannot create the lock {self.path}: Read-only file system")
        real_acquire(self)

    monkeypatch.setattr(lock_module.PuzzleLock, "acquire", acquire)
    app = app_for()
    async with app.run_test(size=(100, 40), notifications=True) as pilot:
        screen = await play_screen(pilot)
        await until(pilot, lambda: any("Read-only" in n for n in toasts(app)))
        assert not screen.session.read_only
        clock = FakeClock()
        screen.keeper.schedule.clock = clock
        screen.keeper.schedule.due_at = clock.now + RETRY_DELAY
        await pilot.press("f", "l", "x")
        assert board_text(screen).startswith("#-")
        clock.now += SAVE_LATENCY
        screen._autosave()
        assert saved_moves(data_dir) is None, "still failing: retried later, not on each move"
        clock.now += RETRY_DELAY
        screen._autosave()
        assert saved_moves(data_dir) is None
        await pilot.pause()
        notes = [n for n in toasts(app) if "Read-only" in n]
        assert len(notes) == 1, "said once when the puzzle opened, not again on each retry"
        refusing[0] = False  # the folder is writable again
        clock.now += RETRY_DELAY
        screen._autosave()
        assert saved_moves(data_dir) == 2
        assert screen.keeper.lock is not None and screen.keeper.lock.held
        await until(pilot, lambda: any("saved again" in n for n in toasts(app)))


async def test_leaving_for_the_library_while_saves_fail_asks_first(
    data_dir: DataDir, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = app_for()
    async with app.run_test(size=(100, 40)) as pilot:
        screen, _clock = await clocked(pilot)
        refuse_replace(monkeypatch, OSError(errno.ENOSPC, "No space left on device"))
        await pilot.press("f", "escape")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("escape")  # cancel: the puzzle stays open, the move in memory
        await until(pilot, lambda: app.screen is screen)
        assert board_text(screen).startswith("#")
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.click("#confirm")
        await until(pilot, lambda: not app.play_screens())
    assert saved_moves(data_dir) is None
