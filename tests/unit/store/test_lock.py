"""The per-puzzle lock in detail: what the lock file says, taking it twice, letting it go, and a
folder where it cannot be made."""

from __future__ import annotations

import errno
import os
import socket
from pathlib import Path

import pytest

from nonotui.errors import SaveError
from nonotui.store import LockHeld, PuzzleLock, lock as lock_module


def test_lock_file_names_the_holder_and_survives_a_reread(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "a.lock"  # the folder is made when missing
    lock = PuzzleLock(path)
    assert not lock.held
    lock.acquire()
    assert lock.held
    assert path.read_text() == f"pid {os.getpid()} on {socket.gethostname()}"
    lock.acquire()  # taking it again is a no-op, not a self-deadlock
    assert lock.held
    lock.release()
    assert not lock.held
    lock.release()  # letting go twice is harmless
    assert not lock.held


def test_an_old_holders_text_is_replaced_not_appended_to(tmp_path: Path) -> None:
    path = tmp_path / "a.lock"
    path.write_text("pid 99999999 on a-long-gone-machine-with-a-long-name")
    lock = PuzzleLock(path)
    lock.acquire()
    assert path.read_text() == f"pid {os.getpid()} on {socket.gethostname()}"
    lock.release()


def test_refusal_quotes_the_holder_and_keeps_its_text(tmp_path: Path) -> None:
    path = tmp_path / "a.lock"
    first = PuzzleLock(path)
    first.acquire()
    second = PuzzleLock(path)
    with pytest.raises(LockHeld) as info:
        second.acquire()
    holder = f"pid {os.getpid()} on {socket.gethostname()}"
    assert info.value.message == (
        f"this puzzle is open in another nonotui ({holder}); it is shown read-only here so that "
        "neither overwrites the other's progress"
    )
    assert path.read_text() == holder, "the refused one must not wipe the holder's name"
    first.release()


def test_refusal_without_a_holder_name_says_another_nonotui(tmp_path: Path) -> None:
    path = tmp_path / "a.lock"
    first = PuzzleLock(path)
    first.acquire()
    path.write_text("  \n")
    with pytest.raises(LockHeld, match=r"open in another nonotui \(another nonotui\)"):
        PuzzleLock(path).acquire()
    first.release()


def test_releasing_lets_another_take_it_and_closes_the_file(tmp_path: Path) -> None:
    path = tmp_path / "a.lock"
    first = PuzzleLock(path)
    first.acquire()
    handle = first._handle
    first.release()
    assert handle is not None and handle.closed
    second = PuzzleLock(path)
    second.acquire()
    assert second.held
    second.release()


def test_a_lock_that_cannot_be_created_is_a_save_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*args: object, **kwargs: object) -> object:
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr("builtins.open", refuse)
    lock = PuzzleLock(tmp_path / "a.lock")
    with pytest.raises(SaveError) as info:
        lock.acquire()
    assert not isinstance(info.value, LockHeld)
    assert info.value.message == (
        f"cannot create the lock {tmp_path / 'a.lock'}: Read-only file system"
    )
    assert not lock.held


def test_lock_in_a_folder_blocked_by_a_file_is_a_save_error(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    with pytest.raises(SaveError, match="cannot create the lock"):
        PuzzleLock(tmp_path / "file" / "a.lock").acquire()


def test_try_lock_reports_a_refusal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "a.lock"
    calls: list[int] = []

    def flock(fd: int, op: int) -> None:
        calls.append(op)
        raise BlockingIOError(errno.EWOULDBLOCK, "busy")

    monkeypatch.setattr(lock_module.fcntl, "flock", flock)
    with open(path, "a+") as handle:
        assert lock_module._try_lock(handle) is False
    # exclusive and non-blocking: a second nonotui is told at once, never left waiting
    assert calls == [lock_module.fcntl.LOCK_EX | lock_module.fcntl.LOCK_NB]
