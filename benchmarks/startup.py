"""Start-up of ``nonotui solve`` on a 5x5 puzzle: where the time goes, and the floor numba sets.

Run: ``python benchmarks/startup.py`` from the checkout (``--runs N`` per command, default 21;
``--before DIR`` adds ``nonotui solve`` from another checkout, e.g. one made with ``git archive
REV | tar -x -C DIR``, as a "before" row).

Every command is a new process, timed from its launch to its exit (wall seconds), the commands
interleaved and each run ``--runs`` times, like hyperfine; the table gives the median and the
fastest run, and each median as a multiple of ``python -c pass`` and of ``python -c "import
numba"`` from the same run. The rows:

- ``python -c pass``: the interpreter alone.
- ``import numpy``, ``import numba``: numba imports numpy; both are the floor of any process
  that runs a numba kernel.
- ``numba + 1 cached kernel``: ``import numba`` and one call of a one-line ``@njit(cache=True)``
  function whose cache is warm. The first kernel a process loads from numba's cache, however
  small, makes numba set up its code generator (``BaseContext.refresh``): this row is the floor.
- ``solve's kernels``: the engine's import and the warm-up solve ``nonotui solve`` runs, which
  loads every kernel a solve needs from the cache (no ``nonotui`` command line around it).
- ``nonotui solve heart`` (``python -m nonotui solve tests/data/formats/heart.non``), for this
  checkout and, with ``--before``, the other one.
- ``nonotui --help`` (its floor is ``import numpy``), and ``nonotui solve`` of Forever, Light
  and Petro (webpbn #6574, #803, #436 from ``../shared/bench/survey``), which need probing and
  the search.

Then the phases inside ``nonotui solve``: a script that does what ``nonotui solve`` does, step by
step, with a clock read between steps (median of ``--runs`` runs, the checkouts interleaved).
"interpreter" is the time from the launch to the script's first line (``time.time()`` on both
sides). Before the warm-up the script sets up numba's code generator itself (what loading the
first cached kernel of a process does, ``BaseContext.refresh``), so that the warm-up row is the
loading of nonotui's own kernels alone.

Before timing, the checkouts' modules are byte-compiled (``compileall``; an installed package
has its ``.pyc`` files, and this machine sets ``PYTHONDONTWRITEBYTECODE``) and each command runs
once so that numba's cache is warm.
"""

from __future__ import annotations

import argparse
import compileall
import os
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
HEART = "tests/data/formats/heart.non"
BENCH = REPO.parent / "shared" / "bench" / "survey"
BIGGER = (("Forever", "webpbn-06574.nin"), ("Light", "webpbn-00803.nin"),
          ("Petro", "webpbn-00436.nin"))
"""Whole-process rows for puzzles that need the search (skipped when ../shared/bench is not
beside the checkout)."""

FLOOR_MODULE = textwrap.dedent("""
    import numba

    @numba.njit(cache=True, nogil=True)
    def one(x):
        return x + 1
""")

PHASES = textwrap.dedent("""
    import time
    clock = [("start", time.time(), time.perf_counter())]
    def mark(name):
        clock.append((name, time.time(), time.perf_counter()))
    import numpy
    mark("import numpy")
    import numba
    mark("import numba (beyond numpy)")
    import nonotui.cli
    from nonotui.cli import solve
    mark("nonotui.cli and solve's module")
    try:
        made = nonotui.cli.build_parser(["solve", HEART])
    except TypeError:  # a checkout from before the parser built only the named subcommand
        made = nonotui.cli.build_parser()
    args = made.parse_args(["solve", HEART])
    mark("argument parser")
    options = solve.kind_options(args)
    mark("engine import (kind options)")
    from nonotui import kinds
    if hasattr(solve, "one_game"):  # the kinds' game objects (issue 34)
        game = solve.one_game(HEART)
        puzzle = game.puzzle
    else:  # a checkout from before them
        puzzle = solve._one_puzzle(HEART)
        game = None
    kind = kinds.kind_of(puzzle)
    mark("reading the puzzle")
    from numba.core.registry import cpu_target
    cpu_target.target_context.refresh()
    mark("numba's code generator set-up (the first cached kernel's floor)")
    try:
        kind.warm_up(lambda: False, "solve", options[kind.name], first=puzzle)
    except TypeError:  # a checkout from before the tiers: it loads every solve kernel
        kind.warm_up(lambda: False, "solve", options[kind.name])
    mark("warm-up: the kernels this puzzle's solve needs, from numba's cache")
    if game is not None:
        result = game.solve(options=options[kind.name])
    else:
        result = kind.solve(puzzle, options=options[kind.name])
    mark("the solve")
    if game is not None:
        rows = game.board_rows(result.solutions[0])
    else:
        rows = kind.board_rows(puzzle, result.solutions[0])
    print(result.status, rows, file=open(os.devnull, "w"))
    mark("printing")
    import json, sys
    sys.stderr.write(json.dumps([(n, w, p) for n, w, p in clock]))
""")


def timed(cmd: list[str], cwd: Path, env: dict[str, str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True, check=False)
    wall = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed ({done.returncode}): {done.stderr}")
    return wall


def phases(runs: int, env: dict[str, str], checkouts: list[Path]) -> list[list[tuple[str, float]]]:
    """The median seconds of each phase of ``nonotui solve`` in each checkout, in order; the
    checkouts' runs interleaved."""
    import json

    script = "import os\nHEART = " + repr(HEART) + "\n" + PHASES
    samples: list[dict[str, list[float]]] = [{} for _ in checkouts]
    for _ in range(runs):
        for checkout, sample in zip(checkouts, samples):
            launch = time.time()
            done = subprocess.run([sys.executable, "-c", script], cwd=checkout, env=env,
                                  capture_output=True, text=True, check=True)
            clock = json.loads(done.stderr.strip().splitlines()[-1])
            steps = [("interpreter", clock[0][1] - launch)]
            steps += [(name, p - clock[i][2]) for i, (name, _, p) in enumerate(clock[1:])]
            for name, seconds in steps:
                sample.setdefault(name, []).append(seconds)
    return [[(name, statistics.median(values)) for name, values in sample.items()]
            for sample in samples]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--before", type=Path, default=None,
                        help="another checkout whose `nonotui solve` is timed beside this one")
    args = parser.parse_args()
    env = dict(os.environ)
    checkouts = [REPO] + ([args.before.resolve()] if args.before else [])
    for checkout in checkouts:
        compileall.compile_dir(checkout / "nonotui", quiet=1)
    with tempfile.TemporaryDirectory() as tmp:
        floor_dir = Path(tmp)
        (floor_dir / "floormod.py").write_text(FLOOR_MODULE, encoding="utf-8")
        compileall.compile_dir(floor_dir, quiet=1)
        py = sys.executable
        commands: list[tuple[str, list[str], Path]] = [
            ("python -c pass", [py, "-c", "pass"], REPO),
            ("python -c 'import numpy'", [py, "-c", "import numpy"], REPO),
            ("python -c 'import numba'", [py, "-c", "import numba"], REPO),
            ("numba + 1 cached kernel (the floor)",
             [py, "-c", "import floormod; floormod.one(1)"], floor_dir),
            ("solve's kernels (engine import + warm-up)",
             [py, "-c", ("from nonotui.kinds.nonogram.kind import KIND; "
                         "KIND.warm_up(lambda: False, 'solve')")], REPO),
        ]
        if args.before:
            commands.append(("nonotui solve heart (before)",
                             [py, "-m", "nonotui", "solve", HEART], args.before.resolve()))
        commands.append(("nonotui solve heart (this checkout)",
                         [py, "-m", "nonotui", "solve", HEART], REPO))
        commands.append(("nonotui --help", [py, "-m", "nonotui", "--help"], REPO))
        for name, file in BIGGER:
            if (BENCH / file).is_file():
                commands.append((f"nonotui solve {name}",
                                 [py, "-m", "nonotui", "solve", str(BENCH / file)], REPO))
        for _, cmd, cwd in commands:  # warm numba's caches and the file system
            timed(cmd, cwd, env)
        walls: dict[str, list[float]] = {name: [] for name, _, _ in commands}
        for _ in range(args.runs):
            for name, cmd, cwd in commands:
                walls[name].append(timed(cmd, cwd, env))
    base = statistics.median(walls["python -c pass"])
    numba_floor = statistics.median(walls["python -c 'import numba'"])
    print(f"{args.runs} runs each, interleaved; load average {os.getloadavg()[0]:.2f}; "
          f"Python {sys.version.split()[0]}")
    print()
    numpy_floor = statistics.median(walls["python -c 'import numpy'"])
    print("| command | median s | fastest s | x pass | x import numpy | x import numba |")
    print("|---|---|---|---|---|---|")
    for name, _, _ in commands:
        median = statistics.median(walls[name])
        print(f"| {name} | {median:.3f} | {min(walls[name]):.3f} | {median / base:.1f} | "
              f"{median / numpy_floor:.2f} | {median / numba_floor:.2f} |")
    print()
    measured = phases(args.runs, env, checkouts)
    after, before = measured[0], (measured[1] if args.before else None)
    total = sum(seconds for _, seconds in after)
    if before is None:
        print("| phase of `nonotui solve heart` | median s | share |")
        print("|---|---|---|")
        for name, seconds in after:
            print(f"| {name} | {seconds:.3f} | {100 * seconds / total:.0f} % |")
        print(f"| total (sum of medians) | {total:.3f} | |")
        return 0
    print("| phase of `nonotui solve heart` | before s | this checkout s | share now |")
    print("|---|---|---|---|")
    old = dict(before)
    for name, seconds in after:
        print(f"| {name} | {old[name]:.3f} | {seconds:.3f} | {100 * seconds / total:.0f} % |")
    print(f"| total (sum of medians) | {sum(old.values()):.3f} | {total:.3f} | |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
