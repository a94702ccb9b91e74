"""The engine's first import may happen in two worker threads at once (the warm-up and an early
hint or auto-solve): neither may see a half-initialised package."""

from __future__ import annotations

import subprocess
import sys
import textwrap

SCRIPT = textwrap.dedent("""
    import threading
    from nonotui.model import Board
    from nonotui.ui import assist
    from tests.ui.conftest import PLUS

    def warm():
        assist.load_engine()
        assist.warm_up(lambda: False)
        print("warm-up ok")

    def plan():
        assist.load_engine()
        assist.solve_plan(PLUS, Board.empty(PLUS), lambda: False)
        print("plan ok")

    threads = [threading.Thread(target=warm), threading.Thread(target=plan)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
""")


def test_two_workers_importing_the_engine_at_once_both_work() -> None:
    # Found in play: S pressed as a puzzle opened failed with "'nonotui.engine'" (a KeyError
    # from a package imported by two threads at once). A fresh process, so nothing is loaded.
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", SCRIPT], cwd=root, capture_output=True,
                          text=True, timeout=300, check=False)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert sorted(done.stdout.split("\n")[:2]) == ["plan ok", "warm-up ok"], done.stdout
