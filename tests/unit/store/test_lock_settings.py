"""The per-puzzle lock and the settings file."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from nonotui.store import DataDir, LockHeld, PuzzleLock, Settings, SettingsStore


def test_second_lock_on_the_same_puzzle_is_refused(tmp_path: Path) -> None:
    first, second = PuzzleLock(tmp_path / "a.lock"), PuzzleLock(tmp_path / "a.lock")
    first.acquire()
    with pytest.raises(LockHeld, match="another nonotui"):
        second.acquire()
    assert not second.held
    first.release()
    second.acquire()
    assert second.held
    second.release()


def test_locks_on_different_puzzles_are_independent(tmp_path: Path) -> None:
    a, b = PuzzleLock(tmp_path / "a.lock"), PuzzleLock(tmp_path / "b.lock")
    a.acquire()
    b.acquire()
    a.release()
    b.release()


def test_lock_held_by_another_process_names_it(tmp_path: Path) -> None:
    path = tmp_path / "a.lock"
    code = (
        "import sys, time\n"
        "from pathlib import Path\n"
        "from nonotui.store import PuzzleLock\n"
        f"lock = PuzzleLock(Path({str(path)!r})); lock.acquire()\n"
        "print('locked', flush=True); sys.stdin.readline()\n"
    )
    child = subprocess.Popen(
        [sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "locked"
        with pytest.raises(LockHeld, match=f"pid {child.pid}"):
            PuzzleLock(path).acquire()
    finally:
        child.communicate("\n", timeout=10)
    # the lock died with the process
    lock = PuzzleLock(path)
    lock.acquire()
    lock.release()


def test_settings_round_trip_and_defaults(tmp_path: Path) -> None:
    store = SettingsStore(DataDir(tmp_path))
    assert store.load() == (Settings(), None)
    store.save(Settings(glyphs="ascii", theme="nord", sort="name", filter="solved"))
    assert store.load() == (Settings("ascii", "nord", "name", "solved"), None)


def test_damaged_settings_are_moved_aside(tmp_path: Path) -> None:
    store = SettingsStore(DataDir(tmp_path))
    store.path.write_text('{"schema": 1, "glyphs": "sparkly"}')
    settings, notice = store.load()
    assert settings == Settings()
    assert notice is not None and "sparkly" in notice
    assert not store.path.exists()
    assert len(list(tmp_path.glob("settings.json.corrupt-*"))) == 1


def test_data_dir_env_overrides(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NONOTUI_DATA_DIR", str(tmp_path / "d"))
    assert DataDir.default().root == tmp_path / "d"
    monkeypatch.delenv("NONOTUI_DATA_DIR")
    assert DataDir.default().root.name == "nonotui"


def test_check_mode_and_solve_speed_are_kept_and_validated(tmp_path: Path) -> None:
    from nonotui.errors import SaveError

    store = SettingsStore(DataDir(tmp_path))
    assert (Settings().check, Settings().solve_speed) == ("request", "normal")
    store.save(Settings(check="immediate", solve_speed="instant"))
    loaded, _ = store.load()
    assert (loaded.check, loaded.solve_speed) == ("immediate", "instant")
    with pytest.raises(SaveError):
        store.save(Settings(check="sometimes"))


@pytest.mark.parametrize("depth", [0, 2])
def test_a_data_folder_that_is_a_file_is_named_and_the_defaults_used(
    tmp_path: Path, depth: int
) -> None:
    """It said "settings.json is damaged and cannot be moved aside: Not a directory"."""
    blocker = tmp_path / "nonotui"
    blocker.write_text("not a folder")
    root = blocker / "a" / "b" if depth else blocker
    settings, notice = SettingsStore(DataDir(root)).load()
    assert settings == Settings()
    where = "The data folder" if not depth else f"The data folder {root} cannot be made:"
    assert notice == (
        f"{where} {blocker} is a file, not a folder, so nothing can be saved (settings, "
        "progress, grades) and the default settings are used. Move that file away, or set "
        "NONOTUI_DATA_DIR to a folder.")
    assert blocker.read_text() == "not a folder"
