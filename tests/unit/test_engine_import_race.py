"""Two workers that import the engine at the same moment both get it.

The warm-up worker imports the engine when the player opens; a hint, check or auto-solve asked
for in the first moments imports it from another thread. Python's import locks could then see a
deadlock between the package (whose ``__init__`` imported its submodules) and a submodule, and
hand one thread a half-made module: the auto-solve failed with an error
naming the engine package. The engine packages now import none of their modules themselves
(their names are looked up on first use).
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


MANY = r"""
import importlib, sys, threading

import nonotui.kinds, nonotui.ui.app  # what the player has loaded before its first worker

names = sys.argv[1:]
errors = []
start = threading.Barrier(len(names))


def load(name):
    start.wait()
    try:
        importlib.import_module(name)
    except BaseException as exc:
        errors.append(f"{name}: {exc!r}")


threads = [threading.Thread(target=load, args=(name,)) for name in names]
for t in threads:
    t.start()
for t in threads:
    t.join(60)
print("; ".join(errors) or "ok")
"""

FIRST_IMPORTS = [
    # what workers import first: the warm-up, a verdict (the package and its search module
    # directly), a hint, a rating, an Aquarium check; the same names twice, as two workers would
    "nonotui.kinds.nonogram.engine",
    "nonotui.kinds.nonogram.engine.search",
    "nonotui.kinds.nonogram.engine.hints",
    "nonotui.kinds.nonogram.engine.techniques",
    "nonotui.kinds.nonogram.rating",
    "nonotui.kinds.aquarium.engine",
    "nonotui.kinds.aquarium.engine.solver",
] * 2


def test_workers_importing_engine_modules_directly_at_once_all_get_them() -> None:
    """The Make screen's verdict imported the search module while the warm-up imported the
    package: the verdict failed with a half-made module and "thinking..." stayed. Here every
    thread waits at a barrier, then imports one module (before the fix: 5 failures in 5)."""
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1"}
    done = subprocess.run([sys.executable, "-c", MANY, *FIRST_IMPORTS], capture_output=True,
                          text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


def test_an_engine_package_exports_no_name_one_of_its_modules_has() -> None:
    """An engine package looks its names up on first use; a module of the same name would
    replace the name once some thread imported it (``engine.solve`` a function or a module,
    by the order of imports)."""
    from pathlib import Path

    import nonotui.kinds.aquarium.engine as aquarium_engine
    import nonotui.kinds.nonogram.engine as nonogram_engine

    for package in (nonogram_engine, aquarium_engine):
        folder = Path(package.__file__ or "").parent
        modules = {p.stem for p in folder.iterdir() if p.suffix == ".py" or p.is_dir()}
        assert set(package.__all__) & modules == set(), package.__name__
        for name in package.__all__:  # each is found, and is not a module
            assert not hasattr(getattr(package, name), "__path__"), name
            assert type(getattr(package, name)).__name__ != "module", name
