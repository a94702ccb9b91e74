"""The hard puzzles: the default engine (depth-first search, then the learning search) against the
depth-first search alone (the engine before the learning search), in the same run.

Run: ``python benchmarks/hard_search.py`` from the checkout. Options: ``--timeout S`` (per puzzle
and engine, default 60), ``--only NAME,NAME`` (names as in the table), ``--random N`` (random
30x30 puzzles, p = 0.5, puzzle ``i`` drawn from ``numpy.random.default_rng(i)``; default 50),
``--runs K`` (median of K runs each, default 1), ``--skip-dfs`` (the new engine only).

Puzzles: Forever (webpbn #6574), Knotty and Faase come from ``../shared/bench/survey``.
LalaFrogKK, MLP (tsionyx/pynogram's examples) and 9-Dom (built from pynogram's ``domino``
template) may not be redistributed: the benchmark reads them from the folder named by the
environment variable ``NONOTUI_HARD_DIR`` (files ``LalaFrogKK.non``, ``MLP.non``,
``9-dom.non``) and leaves their rows out without it.

Each row: the status, engine seconds in this process (``SolveResult.seconds``, kernels loaded by
a warm-up first), conflicts and guesses (decisions), for both engines, and the ratio of the
depth-first search's time to the new engine's. A timeout shows as ``>T``. The machine is shared:
compare the ratios, not single figures.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from nonotui.kinds.nonogram.engine.search import SolveResult, solve  # noqa: E402
from nonotui.kinds.nonogram.formats import load  # noqa: E402
from nonotui.kinds.nonogram.puzzle import Puzzle  # noqa: E402

BENCH = (REPO / ".." / "shared" / "bench" / "survey").resolve()
BENCH_PUZZLES = {"Forever": "webpbn-06574.nin", "Knotty": "knotty.nin", "Faase": "faase.nin"}
HARD_PUZZLES = {"LalaFrogKK": "LalaFrogKK.non", "MLP": "MLP.non", "9-Dom": "9-dom.non"}
ORDER = ("Forever", "LalaFrogKK", "MLP", "9-Dom", "Knotty", "Faase")


def puzzles(only: set[str] | None) -> list[tuple[str, Puzzle]]:
    """The hard puzzles found here, in the table's order."""
    found: dict[str, Path] = {}
    for name, file in BENCH_PUZZLES.items():
        if (BENCH / file).is_file():
            found[name] = BENCH / file
    hard_dir = os.environ.get("NONOTUI_HARD_DIR")
    if hard_dir:
        for name, file in HARD_PUZZLES.items():
            if (Path(hard_dir) / file).is_file():
                found[name] = Path(hard_dir) / file
    else:
        print("NONOTUI_HARD_DIR is not set: LalaFrogKK, MLP and 9-Dom are left out")
    return [(n, load(found[n])) for n in ORDER if n in found and (only is None or n in only)]


def random_puzzle(seed: int, size: int = 30) -> Puzzle:
    rng = np.random.default_rng(seed)
    picture = (rng.random((size, size)) < 0.5).astype(int).tolist()
    return Puzzle.from_picture(picture, keep_goal=False)


def run(puzzle: Puzzle, strategy: str, timeout: float, runs: int) -> tuple[SolveResult, float]:
    results = [solve(puzzle, max_solutions=2, strategy=strategy, timeout=timeout)
               for _ in range(runs)]
    return results[-1], statistics.median(r.seconds for r in results)


def cell(result: SolveResult, seconds: float, timeout: float) -> str:
    shown = f">{timeout:.0f} s" if result.status == "timeout" else f"{seconds:.3f} s"
    return (f"{result.status:9s} {shown:>9s} {result.stats.conflicts:>8d} "
            f"{result.stats.guesses:>8d}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--only", default="")
    parser.add_argument("--random", type=int, default=50)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--skip-dfs", action="store_true")
    args = parser.parse_args()
    only = set(args.only.split(",")) if args.only else None
    warm = Puzzle(rows=[[1]] * 5, columns=[[1]] * 5)
    for strategy in ("auto", "dfs"):
        solve(warm, max_solutions=200, strategy=strategy)
    head = f"{'status':9s} {'seconds':>9s} {'conflicts':>8s} {'guesses':>8s}"
    print(f"{'puzzle':12s} | new engine: {head} | dfs alone: {head} | dfs/new")
    for name, puzzle in puzzles(only):
        new, new_s = run(puzzle, "auto", args.timeout, args.runs)
        line = f"{name:12s} | {cell(new, new_s, args.timeout)}"
        if not args.skip_dfs:
            old, old_s = run(puzzle, "dfs", args.timeout, args.runs)
            ratio = old_s / new_s if new_s > 0 else float("inf")
            mark = ">" if old.status == "timeout" else ""
            line += f" | {cell(old, old_s, args.timeout)} | {mark}{ratio:.1f}x"
            if "timeout" not in (new.status, old.status):
                assert new.status == old.status, (name, new.status, old.status)
        print(line, flush=True)
    if args.random:
        for strategy in ("auto",) if args.skip_dfs else ("auto", "dfs"):
            times = []
            for seed in range(args.random):
                result = solve(random_puzzle(seed), max_solutions=2, strategy=strategy,
                               timeout=args.timeout)
                times.append(result.seconds)
            fast = sum(t < 0.1 for t in times) / len(times)
            print(f"random 30x30 x{args.random} ({strategy}): {100 * fast:.1f} % under 0.1 s, "
                  f"median {1000 * statistics.median(times):.1f} ms, "
                  f"slowest {max(times):.3f} s, total {sum(times):.2f} s")


if __name__ == "__main__":
    main()
