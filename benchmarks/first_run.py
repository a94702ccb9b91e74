"""The player's first run after installing: how long until the first hint is ready, on a clean
numba cache, and which kernels the time goes to.

Run: ``nice -n 10 python benchmarks/first_run.py`` from the checkout (``--puzzle FILE``, default
``puzzles/owl.non``; ``--runs N`` clean-cache runs, default 1; ``--before DIR`` runs another
checkout too, e.g. one made with ``git archive REV | tar -x -C DIR``).

``--commands`` measures instead what a person meets after installing (``--installed PYTHON``:
first, the package ``pip install .`` put in that Python's environment, whose wheel carries the
compiled solver, seeding the empty cache folder; then this checkout's sources, compiling): each command of
:data:`COMMANDS` (``nonotui solve heart``, ``solve`` of webpbn #6574 Forever, ``hint heart``,
``line``, and the player's whole warm-up) as a new process on an empty cache folder (a fresh
``XDG_CACHE_HOME``, as on a new machine), then again on the cache it left (warm): wall and CPU
seconds. Then every kernel compiled, counted once from the first command (in that order) whose
cold run compiled it: its own compile seconds (numba's ``numba:compile`` events, callees
excluded), its specializations, the size of its cached object code.

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
import resource
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]

LISTENER = """
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
            f = getattr(ev.data.get("dispatcher"), "py_func", None)
            name = f"{f.__module__}.{f.__qualname__}" if f else "?"
            own[name] = own.get(name, 0.0) + spent - inner
            sigs[name] = sigs.get(name, 0) + 1
            if "hint" not in times:  # compiled while the first hint was not ready yet
                before_hint.append(spent - inner)

    event.register("numba:compile", Listener())  # all threads: the listener is global
"""
"""Counts numba's compile events per kernel (module and name), callees' time excluded."""

CHILD = textwrap.dedent(("""
    import time
    t0 = time.perf_counter()
    import json, sys, threading
    from numba.core import event

    LISTENER

    from nonotui import kinds
    from nonotui.ui import assist

    path = sys.argv[1]
    puzzle = kinds.open_one(path)

    def warm():
        assist.warm_up(lambda: False, **WARM_ARGS)
        times["warm_up"] = time.perf_counter() - t0

    worker = threading.Thread(target=warm)
    worker.start()
    if hasattr(kinds, "open_game"):  # the kinds' game objects (issue 34)
        game = kinds.open_game(puzzle)
        assist.hint(game, game.new_board(), (0, 0), None, lambda: False)
    else:  # a checkout from before them
        kind = kinds.kind_of(puzzle)
        board = kind.new_board(puzzle)
        assist.hint(puzzle, board.copy(), (0, 0), None, lambda: False, kind.helper(puzzle))
    times["hint"] = time.perf_counter() - t0
    worker.join()
    print(json.dumps({"times": times, "own": own, "sigs": sigs, "before_hint": before_hint}))
""").replace("    LISTENER\n", LISTENER.lstrip("\n")))

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


FOREVER = Path(__file__).resolve().parents[2] / "shared" / "bench" / "survey" / "webpbn-06574.nin"

COMMANDS: list[tuple[str, list[str]]] = [
    ("nonotui solve heart", ["solve", "heart"]),
    ("nonotui solve Forever", ["solve", str(FOREVER)]),
    ("nonotui hint heart", ["hint", "heart"]),
    ("nonotui line \"3 1\" \"??????\"", ["line", "3 1", "??????"]),
    ("the player's warm-up", []),
]
"""What a person runs after installing; ``[]`` is the player's whole warm-up, every kind's
(:func:`nonotui.ui.assist.warm_up`, as the player's warm-up worker runs it)."""

COMMAND_CHILD = textwrap.dedent(("""
    import contextlib, io, json, sys, time
    from numba.core import event

    LISTENER
    argv = json.loads(sys.argv[1])
    with contextlib.redirect_stdout(io.StringIO()):
        if argv:
            from nonotui.cli import main
            main(argv)
        else:
            from nonotui.ui import assist
            assist.warm_up(lambda: False)
    print(json.dumps({"own": own, "sigs": sigs}))
""").replace("    LISTENER\n", LISTENER.lstrip("\n")))


def run_command(argv: list[str], cache_home: Path, checkout: Path = REPO,
                python: str | None = None) -> tuple[float, float, dict[str, Any]]:
    """One process running ``argv`` with ``cache_home`` as its cache folder: wall seconds, CPU
    seconds (user and system, the process and its children) and its compile events. With
    ``python`` (an environment nonotui was installed into), its installed package runs instead
    of ``checkout``'s sources, from a neutral folder."""
    env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_CACHE_DIR", "PYTHONPATH")}
    env["XDG_CACHE_HOME"] = str(cache_home)
    if python is None:
        env["PYTHONPATH"] = str(checkout)
    if python is None and checkout != REPO:  # from before the user cache folder: beside sources
        env["NUMBA_CACHE_DIR"] = str(cache_home / "numba")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run([python or sys.executable, "-c", COMMAND_CHILD, json.dumps(argv)],
                         env=env, capture_output=True, text=True, check=True,
                         cwd=cache_home if python else checkout)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    events: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return wall, cpu, events


def object_sizes(cache_home: Path) -> dict[str, int]:
    """Bytes of cached object code per kernel (``module.qualname``, summed over its
    specializations), read from numba's ``.nbc`` files under ``cache_home``."""
    sizes: dict[str, int] = {}
    for path in cache_home.rglob("*.nbc"):
        # numba names them <module>.<qualname>-<line>.py<ver>.<n>.nbc (the module's last part)
        name = path.name.rsplit("-", 1)[0]
        sizes[name] = sizes.get(name, 0) + path.stat().st_size
    return sizes


def commands_report(checkout: Path = REPO, python: str | None = None) -> None:
    """The cold and warm table of :data:`COMMANDS` in ``checkout`` (or installed for
    ``python``), then the kernel table: each kernel counted once, from the first command (in
    :data:`COMMANDS`' order) whose cold run compiled it."""
    print("| what a person does | cold wall (s) | cold CPU (s) | compiled | warm wall (s) "
          "| warm CPU (s) |\n|---|---:|---:|---:|---:|---:|")
    first: dict[str, str] = {}
    own: dict[str, float] = {}
    sigs: dict[str, int] = {}
    sizes: dict[str, int] = {}
    for name, argv in COMMANDS:
        with tempfile.TemporaryDirectory(prefix="nonotui-cold-") as home:
            cold_wall, cold_cpu, events = run_command(argv, Path(home), checkout, python)
            warm_wall, warm_cpu, _ = run_command(argv, Path(home), checkout, python)
            for kernel, size in object_sizes(Path(home)).items():
                sizes.setdefault(kernel, size)
        for kernel, spent in events["own"].items():
            if kernel not in first:
                first[kernel] = name
                own[kernel] = spent
                sigs[kernel] = events["sigs"][kernel]
        print(f"| {name} | {cold_wall:.1f} | {cold_cpu:.1f} | {sum(events['sigs'].values())} "
              f"| {warm_wall:.2f} | {warm_cpu:.2f} |", flush=True)
    print()
    print(f"{len(own)} functions, {sum(sigs.values())} specializations, {sum(own.values()):.1f} s "
          f"in numba's compiler, {sum(sizes.values()) / 1e6:.1f} MB of cached object code over "
          "the commands above (each counted once, from the first command that compiled it; "
          "\"compiled\" above: the specializations each command's cold run compiled).\n")
    print("| kernel | own compile (s) | specializations | object (KB) | first needed by |\n"
          "|---|---:|---:|---:|---|")
    for kernel, spent in sorted(own.items(), key=lambda kv: -kv[1]):
        short = kernel.replace("nonotui.kinds.", "")
        size = sizes.get(".".join(kernel.rsplit(".", 2)[-2:]), 0)
        print(f"| {short} | {spent:.2f} | {sigs[kernel]} | {size / 1e3:.0f} | {first[kernel]} |")
    print()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--puzzle", default=str(REPO / "puzzles" / "owl.non"))
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--before", type=Path, help="another checkout to measure first")
    parser.add_argument("--commands", action="store_true",
                        help="time what a person runs after installing, cold and warm, and "
                        "list every kernel compiled")
    parser.add_argument("--installed", metavar="PYTHON",
                        help="with --commands: also the package installed for this Python "
                        "(by `pip install .`, whose wheel carries the compiled solver)")
    args = parser.parse_args()
    if args.commands:
        if args.installed:
            print(f"## installed ({args.installed})\n")
            commands_report(python=args.installed)
        if args.before:  # numba's own cache folder: a checkout from before the user cache
            print(f"## before ({args.before})\n")
            commands_report(args.before.resolve())
        if args.installed or args.before:
            print("## this checkout\n")
        commands_report()
        return
    puzzle = str(Path(args.puzzle).resolve())
    print(f"puzzle: {Path(puzzle).name}, Python {sys.version.split()[0]}\n")
    if args.before:
        report(f"before ({args.before})", *measure(args.before.resolve(), puzzle, args.runs))
    report("this checkout", *measure(REPO, puzzle, args.runs))


if __name__ == "__main__":
    main()
