"""When the player's progress is written: at most a fixed time after the first unsaved change.

The play screen asks :class:`SaveSchedule` whether a save is due and tells it how each attempt
went. The rules:

- The first change after a save starts the clock; later changes do not push it back, so steady
  play (a move every quarter second) is written every :data:`SAVE_LATENCY` seconds instead of
  never. A move is therefore on disk at most ``SAVE_LATENCY`` plus one tick of the screen's timer
  after the app handled it.
- A failed save (a read-only or full data folder) keeps the changes in memory and is retried
  every :data:`RETRY_DELAY` seconds; only the first failure of a run of failures is announced,
  and the first success after one is announced too.

It holds no Textual and no file: the clock is injectable, so the policy is tested without
sleeping.
"""

from __future__ import annotations

import time
from collections.abc import Callable

SAVE_LATENCY = 0.25
"""Seconds from the first unsaved change to its save."""

SAVE_TICK = 0.05
"""How often the play screen asks whether a save is due (adds at most this to the latency)."""

RETRY_DELAY = 5.0
"""Seconds between attempts while saving fails."""


class SaveSchedule:
    """The save clock of one puzzle being played.

    Attributes:
        latency: Seconds from the first unsaved change to the save.
        retry: Seconds between attempts after a failure.
        dirty_since: When the oldest unsaved change happened, or ``None`` when all is saved.
        due_at: When the next save is due, or ``None`` when there is nothing to save.
        failing: Whether the last attempt failed.
    """

    def __init__(
        self,
        latency: float = SAVE_LATENCY,
        retry: float = RETRY_DELAY,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.latency = latency
        self.retry = retry
        self.clock = clock
        self.dirty_since: float | None = None
        self.due_at: float | None = None
        self.failing = False

    @property
    def dirty(self) -> bool:
        """Whether there are changes not yet on disk."""
        return self.dirty_since is not None

    def changed(self) -> None:
        """A change was made: start the clock unless it is already running."""
        if self.dirty_since is None:
            self.dirty_since = self.clock()
        if self.due_at is None:
            self.due_at = self.dirty_since + self.latency

    def due(self) -> bool:
        """Whether a save should be attempted now."""
        return self.due_at is not None and self.clock() >= self.due_at

    def saved(self) -> bool:
        """A save succeeded; returns whether it ended a run of failures (worth announcing)."""
        recovered = self.failing
        self.dirty_since = None
        self.due_at = None
        self.failing = False
        return recovered

    def failed(self) -> bool:
        """A save failed: retry later; returns whether this is the first failure of a run
        (announce it once, not on every retry)."""
        first = not self.failing
        now = self.clock()
        if self.dirty_since is None:
            self.dirty_since = now
        self.failing = True
        self.due_at = now + self.retry
        return first
