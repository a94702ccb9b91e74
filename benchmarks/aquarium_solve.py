"""The Aquarium solver's time to solve and prove unique, in-process.

Run: ``python benchmarks/aquarium_solve.py`` from the checkout (``--count N`` puzzles per size,
default 1000; ``--write`` saves the report to ``benchmarks/results/aquarium_solve.md``).

What is measured, and how: puzzles from :func:`nonotui.kinds.aquarium.random_tanks.random_puzzle`
(random connected tanks of varied shapes, random levels, counts derived), seeds 1, 2, 3, ...
At 6x6, 10x10 and 15x15 a puzzle is kept when the solver proves it unique, until N are kept (the
report gives the share of drawn puzzles that were unique); at 30x30 every drawn puzzle counts
(DECISIONS.md: the 30x30 set need not be unique). For each kept puzzle, one call of
``solve(puzzle)`` (``max_solutions=2``: solve and prove) is timed, packing the puzzle for the
kernels included (the pack cache is cleared first); the kernels are compiled or loaded before
any timing. Times are CPU seconds of the process (``time.process_time``: the machine's other
work disturbs them less than wall time; the search runs in the caller's thread, or in one
thread while the caller waits when a timeout is set), with the wall-clock median beside them.
The report gives the median, the 99th percentile and the worst, and the most search nodes and
guesses one puzzle needed. 30x30 solves get a 10 s timeout (counted in the report; a timed-out
puzzle counts with its time).

Then the cancel latency: a 40x40 puzzle with most counts left out (a search far longer than
the polls) is cancelled from ``should_stop`` after 0.02 s, 20 times; the report gives the worst
time from the first true answer of ``should_stop`` to ``solve`` returning.

Targets (issue 13): up to 15x15 under 10 ms median and 100 ms worst; 30x30 under 0.1 s median;
cancellation within 50 ms.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time
from datetime import date
from pathlib import Path

from nonotui.kinds.aquarium.engine import solve, warm_up
from nonotui.kinds.aquarium.engine.packed import pack
from nonotui.kinds.aquarium.puzzle import make_puzzle
from nonotui.kinds.aquarium.random_tanks import random_puzzle

SIZES = ((6, True), (10, True), (15, True), (30, False))
"""Side and whether only unique puzzles count."""


def measure(side: int, unique_only: bool, count: int) -> dict[str, float]:
    times: list[float] = []
    walls: list[float] = []
    timeouts = 0
    drawn = 0
    nodes = guesses = 0
    seed = 0
    while len(times) < count:
        seed += 1
        drawn += 1
        puzzle, _ = random_puzzle(side, side, seed)
        pack.cache_clear()
        start = time.perf_counter()
        cpu = time.process_time()
        out = solve(puzzle, timeout=None if unique_only else 10.0)
        seconds = time.process_time() - cpu
        wall = time.perf_counter() - start
        if unique_only and out.status != "unique":
            continue
        assert out.status in ("unique", "multiple", "timeout"), out.status
        timeouts += out.status == "timeout"
        times.append(seconds)
        walls.append(wall)
        nodes = max(nodes, int(out.stats["nodes"]))  # type: ignore[call-overload]
        guesses = max(guesses, int(out.stats["guesses"]))  # type: ignore[call-overload]
    times.sort()
    return {"side": side, "kept": len(times), "drawn": drawn,
            "median": statistics.median(times), "p99": times[int(0.99 * (len(times) - 1))],
            "worst": times[-1], "nodes": nodes, "guesses": guesses,
            "wall": statistics.median(walls), "timeouts": timeouts}


def cancel_latency(repeats: int = 20) -> tuple[float, float]:
    base, _ = random_puzzle(40, 40, 7)
    rows = [n if r % 9 == 0 else None for r, n in enumerate(base.rows)]
    columns = [n if c % 9 == 0 else None for c, n in enumerate(base.columns)]
    puzzle = make_puzzle(rows, columns, base.tanks)
    solve(puzzle, should_stop=lambda: True)  # loads the kernels: the first cancel times no load
    latencies: list[float] = []
    for _ in range(repeats):
        start = time.perf_counter()
        asked: list[float] = []

        def stop() -> bool:
            if time.perf_counter() - start < 0.02:
                return False
            if not asked:
                asked.append(time.perf_counter())
            return True

        out = solve(puzzle, max_solutions=20_000, should_stop=stop)
        assert out.status == "cancelled", out.status
        latencies.append(time.perf_counter() - asked[0])
    return statistics.median(latencies), max(latencies)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--cancel-only", action="store_true", help="measure the cancel alone")
    args = parser.parse_args()
    warm_up(lambda: False)
    lines = [f"# Aquarium solve and prove ({date.today()}, {platform.machine()}, "
             f"Python {platform.python_version()})", "",
             "| size | puzzles | unique share | median ms | p99 ms | worst ms | wall median ms "
             "| max nodes | max guesses | timeouts |", "|---|---|---|---|---|---|---|---|---|---|"]
    for side, unique_only in () if args.cancel_only else SIZES:
        r = measure(side, unique_only, args.count)
        share = f"{r['kept'] / r['drawn']:.0%}" if unique_only else "(all kept)"
        lines.append(f"| {side}x{side} | {r['kept']:.0f} | {share} | {r['median'] * 1e3:.2f} | "
                     f"{r['p99'] * 1e3:.2f} | {r['worst'] * 1e3:.2f} | {r['wall'] * 1e3:.2f} | "
                     f"{r['nodes']:.0f} | {r['guesses']:.0f} | {r['timeouts']:.0f} |")
        print(lines[-1], flush=True)
    median, worst = cancel_latency()
    lines += ["", f"Cancel latency (40x40, few counts, 20 cancels): median {median * 1e3:.1f} ms, "
              f"worst {worst * 1e3:.1f} ms"]
    print(lines[-1])
    if args.write:
        out = Path(__file__).parent / "results" / "aquarium_solve.md"
        out.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
