"""A per-puzzle lock so that two running nonotui never write over each other's progress.

The lock is an OS file lock (``flock`` on Unix, ``msvcrt.locking`` on Windows) held on an open
file for as long as the puzzle is open. The OS releases it when the process ends, even by a
crash, so a stale lock file never blocks anyone. The holder's pid is written into the file only
to tell the other instance who holds it.
"""

from __future__ import annotations

import os
import socket
from pathlib import Path
from typing import IO

from nonotui.errors import NonotuiError, SaveError
from nonotui.store.jsonfile import os_words

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]  # the module is absent: take the msvcrt branch
    import msvcrt


_HOLDER_BYTES = 200
"""The most of the lock file read to name the holder (it holds one short line)."""


class LockHeld(NonotuiError):
    """Another process (or another window of this one) has the puzzle open."""


def _try_lock(handle: IO[bytes]) -> bool:
    try:
        if fcntl is not None:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        else:
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
    except OSError:
        return False
    return True


class PuzzleLock:
    """The lock on one puzzle's progress; use :meth:`acquire` and :meth:`release`."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._handle: IO[bytes] | None = None

    @property
    def held(self) -> bool:
        """Whether this object holds the lock."""
        return self._handle is not None

    def acquire(self) -> None:
        """Take the lock.

        The holder's pid is written into the lock file when the disk lets it: on a full disk the
        lock is held all the same (it is the OS lock, not the text, that keeps a second nonotui
        out), and the other instance then says "another nonotui" instead of the pid.

        Raises:
            LockHeld: someone else holds it; the message says who, as far as is known.
            SaveError: the lock file cannot be created.
        """
        if self._handle is not None:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            # "a+" creates the file without truncating what the holder wrote; unbuffered, so a
            # write the disk refuses fails here and leaves nothing to flush when it is closed
            handle = open(self.path, "a+b", buffering=0)  # noqa: SIM115 - held while locked
        except OSError as exc:
            raise SaveError(f"cannot create the lock {self.path}: {os_words(self.path, exc)}"
                            ) from exc
        if not _try_lock(handle):
            handle.seek(0)
            holder = handle.read(_HOLDER_BYTES).decode("utf-8", "replace").strip()
            handle.close()
            raise LockHeld(
                f"this puzzle is open in another nonotui ({holder or 'another nonotui'}); it is "
                "shown read-only here so that neither overwrites the other's progress"
            )
        try:
            handle.seek(0)
            handle.truncate()
            handle.write(f"pid {os.getpid()} on {socket.gethostname()}".encode())
        except OSError:
            pass  # a full disk: the lock holds without its note (see above)
        self._handle = handle

    def release(self) -> None:
        """Let go of the lock (closing the file releases it)."""
        if self._handle is not None:
            self._handle.close()
            self._handle = None
