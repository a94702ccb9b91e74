"""The Aquarium generator's time per puzzle (issue 13: 10x10 under 0.2 s median, 15x15 under 1 s
median, 25x25 under 10 s).

Run: ``nice -n 10 python benchmarks/aquarium_generate.py`` from the checkout (``--seeds N`` sets
the puzzles per size and grade, default 20; ``--write`` saves the report to
``benchmarks/results/aquarium_generate.md``).

What is measured: :func:`nonotui.kinds.aquarium.generate.generate` for seeds 1..N at 6x6, 10x10,
15x15, 20x20 and 25x25, for each grade (0 = any, 1 to 5), in this one process. Each call's CPU
time (``time.process_time``) is kept; the report gives the median and the worst per size and
grade, the share of requests that got the grade asked for, and the median restarts (sets of tanks
thrown away). The generator loads neither numba nor the engine, so nothing is compiled first.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time
from datetime import date
from pathlib import Path

from nonotui.kinds.aquarium.generate import Recipe, generate

HERE = Path(__file__).resolve().parents[1]
RESULTS = HERE / "benchmarks" / "results" / "aquarium_generate.md"
SIZES = (6, 10, 15, 20, 25)
TARGETS = {10: 0.2, 15: 1.0, 25: 10.0}
"""Median seconds per puzzle the issue asks for (25x25: every puzzle)."""


def measure(size: int, grade: int, seeds: int) -> dict[str, float]:
    times: list[float] = []
    restarts: list[int] = []
    exact = 0
    for seed in range(1, seeds + 1):
        start = time.process_time()
        made = generate(Recipe(size, size, seed, grade))
        times.append(time.process_time() - start)
        restarts.append(made.restarts)
        exact += (made.grade == grade) if grade else 1
    return {"median": statistics.median(times), "worst": max(times),
            "exact": exact / seeds, "restarts": statistics.median(restarts)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    title = (f"# Aquarium generator, {date.today().isoformat()}, "
             f"{platform.python_version()}, {args.seeds} seeds per row")
    lines = [title, "",
             "| size | grade | median s | worst s | exact grade | median restarts | target |",
             "|---|---|---|---|---|---|---|"]
    for size in SIZES:
        for grade in (0, 1, 2, 3, 4, 5):
            m = measure(size, grade, args.seeds)
            target = TARGETS.get(size)
            verdict = ""
            if target is not None:
                value = m["worst"] if size == 25 else m["median"]
                verdict = f"{'ok' if value < target else 'MISSED'} (< {target} s)"
            lines.append(f"| {size}x{size} | {grade or 'any'} | {m['median']:.3f} | "
                         f"{m['worst']:.3f} | {m['exact']:.0%} | {m['restarts']:g} | {verdict} |")
            print(lines[-1], flush=True)
    if args.write:
        RESULTS.parent.mkdir(parents=True, exist_ok=True)
        RESULTS.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
