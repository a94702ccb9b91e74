"""Writing the settings and the grades the way progress is written, free of Textual: a write
that fails (a read-only or full data folder, a data folder that is a file) is said once, what
was to be written stays in memory, the write is tried again every
:data:`~nonotui.store.autosave.RETRY_DELAY` seconds, and the first success after failures is
said too (:class:`~nonotui.ui.keeper.ProgressKeeper` does the same for progress).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from nonotui.errors import SaveError
from nonotui.store.autosave import RETRY_DELAY, SaveSchedule


@dataclass(frozen=True)
class Said:
    """What to tell the player about a write.

    Attributes:
        title: The notification's title ("Settings not saved").
        text: Its message.
        failed: A failure (shown as an error), else the recovery.
    """

    title: str
    text: str
    failed: bool


class SideSave:
    """One file the app writes besides the progress (the settings, the grades); safe to use
    from several threads (the grades are written from the library's grading worker).

    Attributes:
        what: What the file holds, capitalised and plural ("Settings", "Grades").
        schedule: When the next try is due, and whether the last one failed; tests replace its
            clock.
    """

    def __init__(self, what: str, clock: Callable[[], float] = time.monotonic) -> None:
        self.what = what
        self._write: Callable[[], None] | None = None
        self._lock = threading.Lock()
        self.schedule = SaveSchedule(latency=0.0, retry=RETRY_DELAY, clock=clock)

    @property
    def failing(self) -> bool:
        """Whether the last write failed (what it was to write is still in memory)."""
        return self.schedule.failing

    def save(self, write: Callable[[], None]) -> Said | None:
        """Write now with ``write`` (kept for the retries); returns what to tell the player,
        ``None`` for nothing (a success, or a failure already said)."""
        with self._lock:
            self._write = write
            try:
                write()
            except SaveError as exc:
                if not self.schedule.failed():
                    return None
                return Said(f"{self.what} not saved",
                            f"{exc.message}. They are kept in memory and saving them is tried "
                            f"again every {RETRY_DELAY:g} s.", failed=True)
            if self.schedule.saved():
                return Said(f"{self.what} saved", f"The {self.what.lower()} are saved again.",
                            failed=False)
            return None

    def retry(self) -> Said | None:
        """Write again when a failed write is due for another try (else nothing)."""
        write = self._write
        if write is not None and self.schedule.failing and self.schedule.due():
            return self.save(write)
        return None
