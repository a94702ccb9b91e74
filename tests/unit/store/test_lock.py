"""The per-puzzle lock in detail: what the lock file says, taking it twice, letting it go, and a
folder where it cannot be made."""

from __future__ import annotations

import errno
import os
import socket
from pathlib import Path

import pytest

from nonotui.errors import SaveError
from nonotui.store import LockHeld, PuzzleLock
from nonotui.store import lock as lock_module


def test_lock_file_names_the_holder_and_survives_a_reread(tmp_path: Path) -> None:
    path = tmp_path / "data" / "progress" / "a.lock"  # the folders are made when missing
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


def test_windows_locks_one_byte_without_waiting(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Windows branch, run here with a stand-in for msvcrt."""
    calls: list[tuple[int, int, int]] = []

    class FakeMsvcrt:
        LK_NBLCK = 2

        @staticmethod
        def locking(fd: int, mode: int, nbytes: int) -> None:
            calls.append((fd, mode, nbytes))
            if len(calls) > 1:
                raise OSError(errno.EACCES, "locked")

    monkeypatch.setattr(lock_module, "fcntl", None)
    monkeypatch.setattr(lock_module, "msvcrt", FakeMsvcrt, raising=False)
    with open(tmp_path / "a.lock", "a+") as handle:
        assert lock_module._try_lock(handle) is True
        assert lock_module._try_lock(handle) is False
        assert calls == [(handle.fileno(), 2, 1)] * 2


LOCALE_SCRIPT = r"""
import locale, socket, sys
# the C locale, set here rather than in the environment so that the environment's own text
# (the mutation tester passes a name with a non-ASCII letter in it) is still read as UTF-8
locale.setlocale(locale.LC_CTYPE, "C")
assert locale.getencoding() in ("ANSI_X3.4-1968", "ascii", "US-ASCII"), locale.getencoding()
from pathlib import Path
socket.gethostname = lambda: "h\u00f4te"
from nonotui.store import PuzzleLock
from nonotui.store.jsonfile import read_json, write_atomic
folder = Path(sys.argv[1])
lock = PuzzleLock(folder / "a.lock")
lock.acquire()
write_atomic(folder / "a.json", {"title": "Caf\u00e9"})
print(read_json(folder / "a.json")["title"] == "Caf\u00e9")
"""


def test_files_are_utf_8_whatever_the_locale(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under the C locale Python's default text encoding is ASCII: a title or a host name with
    an accent must still be written (as UTF-8), not crash the save. Checked here, then in a
    process running under the C locale."""
    import subprocess
    import sys

    from nonotui.store.jsonfile import write_atomic

    monkeypatch.setattr(lock_module.socket, "gethostname", lambda: "hôte")
    here = PuzzleLock(tmp_path / "here.lock")
    here.acquire()
    here.release()
    assert (tmp_path / "here.lock").read_bytes().endswith(" on hôte".encode())
    write_atomic(tmp_path / "here.json", {"title": "Café"})
    assert (tmp_path / "here.json").read_bytes() == '{"title":"Café"}'.encode()

    env = {**os.environ, "PYTHONUTF8": "0", "PYTHONIOENCODING": "utf-8"}
    done = subprocess.run(
        [sys.executable, "-c", LOCALE_SCRIPT, str(tmp_path)],
        env=env, capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "True"
    assert (tmp_path / "a.lock").read_bytes().endswith(" on hôte".encode())
    assert (tmp_path / "a.json").read_bytes() == '{"title":"Café"}'.encode()


class FullFile:
    """A lock file on a full disk: it opens, locks and reads; every write fails."""

    def __init__(self, handle: object) -> None:
        self.handle = handle

    def write(self, data: object) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    def __getattr__(self, name: str) -> object:
        return getattr(self.handle, name)


def test_a_full_disk_keeps_the_lock_without_the_holders_note(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Writing the pid was outside the lock's error handling: on a full disk opening any puzzle
    crashed the player. The OS lock is what keeps a second nonotui out, and it holds."""
    import builtins

    path = tmp_path / "a.lock"
    path.write_text("pid 99999999 on a-long-gone-machine")
    monkeypatch.setattr(lock_module, "open", lambda *a, **k: FullFile(builtins.open(*a, **k)),
                        raising=False)
    lock = PuzzleLock(path)
    lock.acquire()
    assert lock.held
    assert path.read_text() == "", "a gone holder's note is not left to mislead"
    monkeypatch.undo()
    with pytest.raises(LockHeld, match=r"open in another nonotui \(another nonotui\)"):
        PuzzleLock(path).acquire()
    lock.release()  # nothing left to write: letting go cannot fail
    assert not lock.held
    PuzzleLock(path).acquire()


def test_the_holder_is_read_as_text_whatever_its_bytes(tmp_path: Path) -> None:
    path = tmp_path / "a.lock"
    first = PuzzleLock(path)
    first.acquire()
    path.write_bytes(b"pid 7 on h\xf4te" + b"x" * 500)
    with pytest.raises(LockHeld) as info:
        PuzzleLock(path).acquire()
    assert "(pid 7 on h\ufffdte" + "x" * 187 + ")" in info.value.message
    first.release()


def test_a_lock_whose_folder_is_a_file_names_that_file(tmp_path: Path) -> None:
    (tmp_path / "data").write_text("")
    with pytest.raises(SaveError) as info:
        PuzzleLock(tmp_path / "data" / "progress" / "a.lock").acquire()
    assert info.value.message == (
        f"cannot create the lock {tmp_path / 'data' / 'progress' / 'a.lock'}: "
        f"{tmp_path / 'data'} is a file, not a folder")
