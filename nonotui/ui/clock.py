"""A stopwatch for play time that counts only while the puzzle is in use."""

from __future__ import annotations

import time
from collections.abc import Callable


class Stopwatch:
    """Accumulates running time between :meth:`start` and :meth:`pause`.

    ``clock`` is injectable so that tests can drive time by hand.
    """

    def __init__(self, elapsed: float = 0.0, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._base = elapsed
        self._since: float | None = None

    @property
    def running(self) -> bool:
        """Whether time is being counted."""
        return self._since is not None

    @property
    def elapsed(self) -> float:
        """Seconds counted so far."""
        if self._since is None:
            return self._base
        return self._base + (self._clock() - self._since)

    def start(self) -> None:
        """Start counting (no effect when already running)."""
        if self._since is None:
            self._since = self._clock()

    def pause(self) -> None:
        """Stop counting, keeping what was counted (no effect when paused)."""
        if self._since is not None:
            self._base += self._clock() - self._since
            self._since = None

    def reset(self) -> None:
        """Back to zero, keeping the running state."""
        self._base = 0.0
        if self._since is not None:
            self._since = self._clock()


def format_time(seconds: float) -> str:
    """``M:SS`` or ``H:MM:SS``."""
    total = int(seconds)
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def clock_text(stopwatch: Stopwatch, *, finished: bool, auto_solved: bool) -> str:
    """The time played as the status line says it: "solved in 0:46" once ``finished`` (or
    "auto-solved after 0:46" when an auto-solve made the last move), with "(paused)" only while
    paused."""
    elapsed = format_time(stopwatch.elapsed)
    if finished:
        return f"auto-solved after {elapsed}" if auto_solved else f"solved in {elapsed}"
    return elapsed + ("" if stopwatch.running else " (paused)")
