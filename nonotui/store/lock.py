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

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]  # the module is absent: take the msvcrt branch
    import msvcrt


class LockHeld(NonotuiError):
    """Another process (or another window of this one) has the puzzle open."""


def _try_lock(handle: IO[str]) -> bool:
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
        self._handle: IO[str] | None = None

    @property
    def held(self) -> bool:
        """Whether this object holds the lock."""
        return self._handle is not None

    def acquire(self) -> None:
        """Take the lock.

        Raises:
            LockHeld: someone else holds it; the message says who, as far as is known.
            SaveError: the lock file cannot be created.
        """
        if self._handle is not None:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            # "a+" creates the file without truncating what the holder wrote
            handle = open(self.path, "a+", encoding="utf-8")  # noqa: SIM115 - held while locked
        except OSError as exc:
            raise SaveError(f"cannot create the lock {self.path}: {exc.strerror or exc}") from exc
        if not _try_lock(handle):
            handle.seek(0)
            holder = handle.read().strip() or "another nonotui"
            handle.close()
            raise LockHeld(
                f"this puzzle is open in another nonotui ({holder}); it is shown read-only here "
                "so that neither overwrites the other's progress"
            )
        handle.seek(0)
        handle.truncate()
        handle.write(f"pid {os.getpid()} on {socket.gethostname()}")
        handle.flush()
        self._handle = handle

    def release(self) -> None:
        """Let go of the lock (closing the file releases it)."""
        if self._handle is not None:
            self._handle.close()
            self._handle = None
