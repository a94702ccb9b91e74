"""The player as a child process of a test, its warm-up stuck in a compile: ``python
tests/ui/compiling_child.py MARKER ARGS...`` runs ``nonotui ARGS...`` (the real command line,
``nonotui.cli.main``) with one warm-up step put first that creates the file ``MARKER`` and
then blocks for ``BLOCK`` seconds without ever looking at its stop flag, as numba's compiler
cannot be interrupted; the signals' watchdog is put off as long. Used by
``tests/ui/test_quit_while_compiling.py``; nothing of it ships with nonotui (no environment
variable or option of the player is involved)."""

from __future__ import annotations

import sys
import threading
from pathlib import Path

BLOCK = 60.0
"""Seconds the stuck step holds its thread: far above any bound the tests put on an exit."""


def main() -> int:
    marker = Path(sys.argv[1])

    from nonotui.cli import main as nonotui
    from nonotui.model.kind import PuzzleLike, Stop, WarmUpStep
    from nonotui.ui import app, assist

    # The signals' watchdog (a last resort for a terminal that takes no output) would end a
    # process that waits on the compile a few seconds after the signal: out of the way, so
    # that the tests see the ordinary ending.
    app.EXIT_GRACE = BLOCK

    steps = assist._steps

    def compiling(_should_stop: Stop) -> None:
        marker.touch()
        threading.Event().wait(BLOCK)  # held, as a compile holds its thread

    def stuck_first(first: PuzzleLike | None) -> list[WarmUpStep]:
        return [("compiling", compiling), *steps(first)]

    assist._steps = stuck_first
    return nonotui(sys.argv[2:])


if __name__ == "__main__":
    sys.exit(main())
