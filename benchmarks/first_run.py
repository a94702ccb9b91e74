"""The player's first run after installing: how long until the first hint is ready, on a clean
numba cache, and which kernels the time goes to.

Run: ``nice -n 10 python benchmarks/first_run.py`` from the checkout (``--puzzle FILE``, default
``puzzles/owl.non``; ``--runs N`` clean-cache runs, default 1; ``--before DIR`` runs another
checkout too, e.g. one made with ``git archive REV | tar -x -C DIR``).

Each run is a new process with ``NUMBA_CACHE_DIR`` pointed at an empty temporary folder, so
every kernel is compiled as on the first start after installing. The process does what the
player does when a puzzle is opened and the hint key pressed at once: the app's warm-up worker
starts (:func:`nonotui.ui.assist.warm_up`, in a thread), and a hint on the puzzle's empty board
is asked for in another thread (:func:`nonotui.ui.assist.hint` with the kind's helper), the two
competing for numba's compiler as in the player. It reports, in wall seconds from the process's
first line: the first hint ready, the warm-up ended; then the same again on the now warm cache
(what every later start costs); and the kernels whose compilation took longest (numba's
``numba:compile`` events, the time spent in each kernel's own compilation, its callees'
excluded), with how many signatures each was compiled for.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

CHILD = textwrap.dedent("""
    import time
    t0 = time.perf_counter()
    import json, sys, threading
    from numba.core import event

    own = {}      # dispatcher name -> seconds in its own compilation (callees excluded)
    sigs = {}     # dispatcher name -> signatures compiled
    stack = []
    times = {}
    before_hint = []

    class Listener(event.Listener):
        def on_start(self, ev):
            stack.append([time.perf_counter(), 0.0])
        def on_end(self, ev):
            start, inner = stack.pop()
            spent = time.perf_counter() - start
            if stack:
                stack[-1][1] += spent
            name = getattr(ev.data.get("dispatcher"), "py_func", None)
            name = f"{name.__module__.rsplit('.', 1)[-1]}.{name.__name__}" if name else "?"
            own[name] = own.get(name, 0.0) + spent - inner
            sigs[name] = sigs.get(name, 0) + 1
            if "hint" not in times:  # compiled while the first hint was not ready yet
                before_hint.append(spent - inner)

    event.register("numba:compile", Listener())  # all threads: the listener is global

    from nonotui import kinds
    from nonotui.ui import assist

    path = sys.argv[1]
    puzzle = kinds.open_one(path)
    kind = kinds.kind_of(puzzle)

    def warm():
        assist.warm_up(lambda: False, **WARM_ARGS)
        times["warm_up"] = time.perf_counter() - t0

    worker = threading.Thread(target=warm)
    worker.start()
    board = kind.new_board(puzzle)
    assist.hint(puzzle, board.copy(), (0, 0), None, lambda: False, kind.helper(puzzle))
    times["hint"] = time.perf_counter() - t0
    worker.join()
    print(json.dumps({"times": times, "own": own, "sigs": sigs, "before_hint": before_hint}))
""")

def child_source(checkout: Path) -> str:
    """The child script for ``checkout``: its warm-up may or may not take the puzzle opened
    (this change added it, with the steps and the pause while the hint runs)."""
    assist = (checkout / "nonotui" / "ui" / "assist.py").read_text()
    staged = "first: PuzzleLike" in assist
    return CHILD.replace("WARM_ARGS", "{'first': puzzle}" if staged else "{}")


def run_once(checkout: Path, puzzle: str, cache: str) -> dict[str, object]:
    env = {**os.environ, "NUMBA_CACHE_DIR": cache, "PYTHONPATH": str(checkout)}
    out = subprocess.run([sys.executable, "-c", child_source(checkout), puzzle], env=env,
                         capture_output=True, text=True, check=True, cwd=checkout)
    result: dict[str, object] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def measure(checkout: Path, puzzle: str, runs: int) -> tuple[list[dict[str, object]],
                                                              dict[str, object]]:
    """``runs`` clean-cache runs, then one run on the cache the last of them left."""
    cold = []
    warm: dict[str, object] = {}
    for _ in range(runs):
        with tempfile.TemporaryDirectory(prefix="numba-cache-") as cache:
            cold.append(run_once(checkout, puzzle, cache))
            warm = run_once(checkout, puzzle, cache)
    return cold, warm


def report(name: str, cold: list[dict[str, object]], warm: dict[str, object]) -> None:
    def median(key: str) -> float:
        return statistics.median(float(r["times"][key]) for r in cold)  # type: ignore[index]

    wt = warm["times"]
    print(f"## {name}\n")
    print("| | first hint ready (s) | warm-up ended (s) |\n|---|---:|---:|")
    print(f"| clean cache (median of {len(cold)}) | {median('hint'):.1f} "
          f"| {median('warm_up'):.1f} |")
    print(f"| warm cache | {wt['hint']:.2f} | {wt['warm_up']:.2f} |\n")  # type: ignore[index]
    own: dict[str, float] = cold[-1]["own"]  # type: ignore[assignment]
    sigs: dict[str, int] = cold[-1]["sigs"]  # type: ignore[assignment]
    early: list[float] = cold[-1].get("before_hint", [])  # type: ignore[assignment]
    print(f"{len(own)} kernels compiled, {sum(sigs.values())} signatures, "
          f"{sum(own.values()):.1f} s in numba's compiler in all; before the first hint was "
          f"ready, {len(early)} signatures, {sum(early):.1f} s "
          f"({sum(early) / max(sum(own.values()), 1e-9):.0%} of it). The longest:\n")
    print("| kernel | own compile (s) | signatures |\n|---|---:|---:|")
    for kernel, spent in sorted(own.items(), key=lambda kv: -kv[1])[:15]:
        print(f"| {kernel} | {spent:.2f} | {sigs[kernel]} |")
    print()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--puzzle", default=str(REPO / "puzzles" / "owl.non"))
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--before", type=Path, help="another checkout to measure first")
    args = parser.parse_args()
    puzzle = str(Path(args.puzzle).resolve())
    print(f"puzzle: {Path(puzzle).name}, Python {sys.version.split()[0]}\n")
    if args.before:
        report(f"before ({args.before})", *measure(args.before.resolve(), puzzle, args.runs))
    report("this checkout", *measure(REPO, puzzle, args.runs))


if __name__ == "__main__":
    main()
