"""The Aquarium solver's 30x30 tail, before and after a change of branching, on the same seeds.

Run: ``python benchmarks/aquarium_tail.py`` from the checkout (``--count N`` seeds, default
1000; ``--branching 1,2`` the orders to compare; ``--timeout S``, default 10; ``--write`` saves
the report to ``benchmarks/results/aquarium_tail.md``).

The puzzles are ``aquarium_solve.py``'s 30x30 set: :func:`random_puzzle` seeds 1 to N, unique or
not, counts derived. For each branching order (``solve(..., branching=B)``: 1 the probe score's
tank, more water first, the order before 2026-11-24; 2 the same tank, less water first, the
default) every puzzle is solved and proven (``max_solutions=2``) with a timeout, packing
included; times are CPU seconds of the process (``time.process_time``). Printed per order: the
median, 90th and 99th percentiles, the worst, how many took over 0.3 s and over 1 s, timeouts, the
search nodes of all puzzles together, and the slowest seeds.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from nonotui.kinds.aquarium.engine import solve, warm_up  # noqa: E402
from nonotui.kinds.aquarium.engine.packed import pack  # noqa: E402
from nonotui.kinds.aquarium.random_tanks import random_puzzle  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--branching", default="1,2")
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    warm_up(lambda: False)
    lines = [f"# Aquarium 30x30 tail, {args.count} seeds, timeout {args.timeout:g} s, CPU time",
             "", "| branching | median ms | p90 ms | p99 ms | worst ms | over 0.3 s | over 1 s "
             "| timeouts | nodes (all) | slowest seeds |", "|---|---|---|---|---|---|---|---|---|---|"]
    for branching in (int(b) for b in args.branching.split(",")):
        times: list[tuple[float, int]] = []
        timeouts = nodes = 0
        for seed in range(1, args.count + 1):
            puzzle, _ = random_puzzle(30, 30, seed)
            pack.cache_clear()
            cpu = time.process_time()
            out = solve(puzzle, timeout=args.timeout, branching=branching)
            times.append((time.process_time() - cpu, seed))
            timeouts += out.status == "timeout"
            nodes += int(out.stats["nodes"])  # type: ignore[call-overload]
        ts = sorted(t for t, _ in times)
        slow = ", ".join(f"{s} ({t:.2f} s)" for t, s in sorted(times, reverse=True)[:3])
        p90, p99 = ts[int(0.9 * (len(ts) - 1))], ts[int(0.99 * (len(ts) - 1))]
        lines.append(
            f"| {branching} | {statistics.median(ts) * 1e3:.1f} | {p90 * 1e3:.1f} | "
            f"{p99 * 1e3:.0f} | {ts[-1] * 1e3:.0f} | "
            f"{sum(t > 0.3 for t in ts)} | {sum(t > 1 for t in ts)} | {timeouts} | {nodes} | {slow} |")
        print(lines[-1], flush=True)
    if args.write:
        report = Path(__file__).parent / "results" / "aquarium_tail.md"
        report.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
