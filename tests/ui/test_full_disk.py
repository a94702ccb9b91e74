"""A full disk or a data folder that is a file, from the first moment: the lock, the first save,
the settings and the grades each say so once, the player plays on, and every write is tried
again until it works. Everything runs as root here, so the disk is filled by making the writes
fail (DECISIONS.md, "Saves and reading files")."""

from __future__ import annotations

import builtins
import errno
import json
from pathlib import Path
from typing import Any

import pytest

from nonotui.store import DataDir
from nonotui.store import lock as lock_module
from nonotui.store.autosave import RETRY_DELAY, SAVE_LATENCY, SaveSchedule
from nonotui.store.grades import Grade
from nonotui.ui.app import make_app
from nonotui.ui.screens.library import LibraryScreen
from tests.ui.conftest import app_for, board_text, play_screen, titled, toasts, until
from tests.ui.test_save_timing import FakeClock, fill_the_disk, saved_moves

FULL = "No space left on device"


class FullFile:
    """A file on a full disk: it opens and reads, every write fails."""

    def __init__(self, handle: Any) -> None:
        self.handle = handle

    def write(self, data: object) -> int:
        raise OSError(errno.ENOSPC, FULL)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.handle, name)


def fill_the_lock_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every write into a lock file fails (the lock file itself is made)."""
    monkeypatch.setattr(lock_module, "open",
                        lambda *a, **k: FullFile(builtins.open(*a, **k)), raising=False)


async def test_a_full_disk_from_the_start_lets_the_player_play_and_save_later(
    data_dir: DataDir, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The lock's note of its holder was written outside the lock's error handling: on a full
    disk, opening any puzzle crashed the player."""
    fill_the_lock_disk(monkeypatch)
    fill_the_disk(monkeypatch)
    app = app_for()
    async with app.run_test(size=(100, 40), notifications=True) as pilot:
        screen = await play_screen(pilot)
        lock = screen.keeper.lock
        assert lock is not None and lock.held, "the OS lock holds without its note"
        assert lock.path.read_text() == ""
        clock = FakeClock()
        screen.keeper.schedule = SaveSchedule(clock=clock)
        await pilot.press("f", "l", "x")
        clock.now += SAVE_LATENCY
        screen._autosave()  # the first save fails: said once
        await until(pilot, lambda: len(titled(app, "Progress not saved")) == 1)
        assert FULL in titled(app, "Progress not saved")[0]
        await pilot.press("l", "f")
        clock.now += RETRY_DELAY
        screen._autosave()
        await pilot.pause()
        assert len(titled(app, "Progress not saved")) == 1, "not again on each retry"
        assert board_text(screen).startswith("#-#")
        monkeypatch.undo()  # space again: the next retry saves every move
        clock.now += RETRY_DELAY
        screen._autosave()
        assert saved_moves(data_dir) == 3
        await until(pilot, lambda: any("saved again" in n for n in titled(app, "Progress saved")))


async def test_settings_on_a_full_disk_are_said_once_kept_and_saved_later(
    data_dir: DataDir, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app()
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LibraryScreen))
        clock = FakeClock()
        app.side_saves["settings"].schedule = SaveSchedule(latency=0.0, clock=clock)
        fill_the_disk(monkeypatch)
        app.change_setting("glyphs", "ascii")
        app.change_setting("check", "immediate")
        await until(pilot, lambda: len(titled(app, "Settings not saved")) == 1)
        assert FULL in titled(app, "Settings not saved")[0]
        clock.now += RETRY_DELAY
        app._retry_side_saves()
        await pilot.pause()
        assert len(titled(app, "Settings not saved")) == 1, "said once, not on each retry"
        assert not data_dir.settings.exists()
        monkeypatch.undo()
        app._retry_side_saves()  # not due yet: nothing written
        assert not data_dir.settings.exists()
        clock.now += RETRY_DELAY
        app._retry_side_saves()
        saved = json.loads(data_dir.settings.read_text())
        assert (saved["glyphs"], saved["check"]) == ("ascii", "immediate")
        await until(pilot, lambda: titled(app, "Settings saved") == [
            "The settings are saved again."])


async def test_grades_on_a_full_disk_are_said_once_and_saved_later(
    data_dir: DataDir, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app()
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LibraryScreen))
        clock = FakeClock()
        app.side_saves["grades"].schedule = SaveSchedule(latency=0.0, clock=clock)
        fill_the_disk(monkeypatch)
        grade = Grade(2, 7, "Glue", True, True, None, app.grades.version)
        for identity in ("a", "b"):  # the library saves as it grades, from its worker
            app.grades.put(identity, grade)
            app.save_grades(app.grades)
        await until(pilot, lambda: len(titled(app, "Grades not saved")) == 1)
        await pilot.pause()
        assert len(titled(app, "Grades not saved")) == 1
        monkeypatch.undo()
        clock.now += RETRY_DELAY
        app._retry_side_saves()
        kept = json.loads(data_dir.grades.read_text())["grades"]
        assert set(kept) >= {"a", "b"}
        await until(pilot, lambda: titled(app, "Grades saved") == ["The grades are saved again."])


async def test_a_data_folder_that_is_a_file_is_named_and_play_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "nonotui-data"
    blocker.write_text("not a folder")
    monkeypatch.setenv("NONOTUI_DATA_DIR", str(blocker))
    app = app_for()
    async with app.run_test(size=(100, 40), notifications=True) as pilot:
        screen = await play_screen(pilot)
        await until(pilot, lambda: any(
            f"The data folder {blocker} is a file, not a folder" in n for n in toasts(app)))
        await until(pilot, lambda: any(f"{blocker} is a file, not a folder" in n
                                       and "lock" in n for n in toasts(app)))
        await pilot.press("f")
        assert board_text(screen).startswith("#") and not screen.session.read_only
        messages = " ".join(toasts(app))
        assert "Not a directory" not in messages and "damaged" not in messages
    assert blocker.read_text() == "not a folder"
