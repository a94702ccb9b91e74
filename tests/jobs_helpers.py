"""Stand-ins for the engine in ``nonotui.cli.jobs`` pool tests, importable by a spawned worker:
a worker that hangs past its timeout or dies must be stopped or replaced by the pool, which the
real engine (it honours its timeout) never makes happen."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any


def no_warm_up() -> None:
    """Nothing to load."""


def counting_warm_up(log: str) -> None:
    """Write this worker's pid to ``log``, one line per warm-up."""
    with open(log, "a", encoding="utf-8") as out:
        out.write(f"{os.getpid()}\n")


def gated_warm_up(gate: str) -> None:
    """A worker that is not ready until ``gate`` exists (at most 30 s)."""
    end = time.monotonic() + 30
    while not Path(gate).exists() and time.monotonic() < end:
        time.sleep(0.01)


def failing_warm_up() -> None:
    """A worker whose start fails."""
    raise RuntimeError("no kernels here")


def by_name(puzzle: Any, timeout: float | None,
            should_stop: Callable[[], bool]) -> tuple[str, float, dict[str, Any]]:
    """``puzzle`` is a word, or a word and a file to create when the task starts: ``hang``
    sleeps without looking at its timeout, ``die`` ends the process, ``wait`` polls
    ``should_stop`` until it is told to stop, anything else answers at once with the word as
    its status; ``("await", file)`` waits (at most 30 s) until ``file`` exists, then answers
    ``unique``."""
    if isinstance(puzzle, tuple) and puzzle[0] == "await":
        end = time.monotonic() + 30
        while not Path(puzzle[1]).exists() and time.monotonic() < end:
            time.sleep(0.01)
        return "unique", 0.0, {"pid": os.getpid()}
    if isinstance(puzzle, tuple):
        puzzle, started = puzzle
        Path(started).touch()
    if puzzle == "hang":
        time.sleep(30)  # then answers "hang": a pool that never kills fails, not hangs
    if puzzle == "die":
        os._exit(7)
    if puzzle == "wait":
        while not should_stop():
            time.sleep(0.01)
        return "cancelled", 0.0, {"polled": True}
    return str(puzzle), 0.0, {"pid": os.getpid()}
