"""Keeping one puzzle's progress on disk while it is played, free of Textual.

The first change after a save starts a save clock (:class:`~nonotui.store.autosave.SaveSchedule`):
the progress is written at most ``SAVE_LATENCY`` seconds later however fast the player keeps
moving; leaving the screen, quitting and the signals that end the process save at once. A save
that fails (read-only or full data folder) is announced once, the moves stay in memory and the
save is retried. The puzzle's lock is held while it is played and let go when it closes.
"""

from __future__ import annotations

from dataclasses import dataclass

from nonotui.errors import SaveError
from nonotui.store import LockHeld, ProgressStore, PuzzleLock
from nonotui.store.autosave import SaveSchedule
from nonotui.ui.session import PlaySession


@dataclass(frozen=True)
class Saved:
    """What one save did.

    Attributes:
        ok: The progress is on disk.
        failure: Why it failed, when this failure is to be announced (the first of a run).
        recovered: The first success after failures (announced too).
    """

    ok: bool
    failure: str | None = None
    recovered: bool = False


class ProgressKeeper:
    """When and where one session's progress is saved, under the puzzle's lock."""

    def __init__(self, session: PlaySession, store: ProgressStore,
                 lock: PuzzleLock | None, *, cannot_write: bool = False) -> None:
        """``cannot_write``: the data folder refused the lock as the puzzle opened, which the
        opening announced: that counts as the first failed save, so saves are retried, the
        next failure is not announced again and the first success is."""
        self.session = session
        self.store = store
        self.lock = lock
        """Held while this nonotui plays the puzzle (``None``: read-only)."""
        self.schedule = SaveSchedule()
        """When the next save is due; tests replace its clock."""
        if cannot_write:
            self.schedule.failed()
        self.closed = False
        """Saved for the last time and the lock let go (the process is ending): no more saves."""

    @property
    def unsaved(self) -> bool:
        """Whether the board holds changes that are not on disk."""
        return self.schedule.dirty

    def changed(self) -> None:
        """The player made a move: save it soon (the save clock starts, if it was not running)."""
        self.schedule.changed()

    def due(self) -> bool:
        """Whether a save is due now (the save clock ran out, or a failed save's retry)."""
        return self.schedule.due()

    def save(self, elapsed: float) -> Saved:
        """Write the progress now, with ``elapsed`` seconds played (nothing when read-only or
        closed)."""
        if self.session.read_only or self.closed:
            return Saved(False)
        progress = self.session.progress
        progress.elapsed = elapsed
        try:
            if self.lock is not None and not self.lock.held:
                self.lock.acquire()  # the folder was read-only when the puzzle opened
            # an auto-solve's frames are not a move yet: a save never holds cells its undo
            # history cannot explain (the finished solve is saved as one move)
            with self.session.preview_hidden():
                self.store.save(progress)
        except (SaveError, LockHeld) as exc:
            return Saved(False, exc.message if self.schedule.failed() else None)
        return Saved(True, recovered=self.schedule.saved())

    def close(self) -> None:
        """No more saves; let go of the lock (another nonotui may take it at once)."""
        self.closed = True
        if self.lock is not None:
            self.lock.release()
