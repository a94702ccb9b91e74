"""Two workers that import the engine at the same moment both get it.

The warm-up worker imports the engine when the player opens; a hint, check or auto-solve asked
for in the first moments imports it from another thread. Python's import locks can then see a
deadlock between the package (whose ``__init__`` imports its submodules) and a submodule, and
hand one thread a half-made module: the auto-solve failed with an error
naming the engine package.
Here a fresh interpreter makes the bad interleaving happen on purpose: an import hook holds the
first thread inside the engine's ``__init__`` until the second thread has started its own
engine import (so the test can only be too lenient, never wrongly fail, on a slow machine).
"""

from __future__ import annotations

import os
import subprocess
import sys

SCRIPT = r"""
import importlib.abc, sys, threading, time

inside = threading.Event()
second_started = threading.Event()


class HoldFirstThread(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if (name == "nonotui.kinds.nonogram.engine.lines"
                and threading.current_thread().name == "first"):
            inside.set()  # the first thread is in the engine's __init__, before search
            second_started.wait(5)
            time.sleep(0.3)  # time for the second thread to reach its import
        return None


sys.meta_path.insert(0, HoldFirstThread())
from nonotui.kinds.nonogram.puzzle import Puzzle, unknown_board
from nonotui.ui import assist
from nonotui.kinds import open_game

puzzle = Puzzle.from_picture([[1, 0], [0, 1]])
errors = []


def first():
    try:
        assist.hint(open_game(puzzle), unknown_board(puzzle), (0, 0), None, lambda: False)
    except Exception as exc:
        errors.append(f"hint: {exc!r}")


def second():
    inside.wait(5)
    second_started.set()
    try:
        assist.solve_plan(open_game(puzzle), unknown_board(puzzle), lambda: False)
    except Exception as exc:
        errors.append(f"auto-solve: {exc!r}")


threads = [threading.Thread(target=first, name="first"),
           threading.Thread(target=second, name="second")]
for t in threads:
    t.start()
for t in threads:
    t.join(60)
print("; ".join(errors) or "ok")
"""


def test_two_workers_importing_the_engine_at_once_both_get_it() -> None:
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1"}  # imports are the point, not compiling
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                          env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"
