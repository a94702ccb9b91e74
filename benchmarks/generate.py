"""The generator's cost per puzzle, and fix-ups against restarts.

Run: ``python benchmarks/generate.py`` from the checkout (``--write`` saves the report to
``benchmarks/results/generate.md``; ``--seeds N`` sets the puzzles per size, default 20, halved
at 30x30 and quartered at 50x50).

What is measured, and how: in this one process, after one small puzzle has loaded the engine's
kernels (numba's compilation or cache load is not counted), :func:`generate` is called for seeds
1..N at 15x15, 30x30 and 50x50 (density 55 % without symmetry and with both, and density
25 %, where line logic leaves far more undecided). Each
call's CPU time (``time.process_time``: every thread of the process, which the machine's other
work disturbs less than wall time) and wall time are kept; the report gives medians and the
worst. Each call also says how many cells its fix-ups flipped and how many fields it abandoned.
The same recipes are then made with ``fixup_budget=0``: every field that line logic does not
solve as it is gets thrown away, which is what "starting over blindly" costs (those puzzles are
other puzzles than the ids name; a recipe that needs more than the generator's restart budget
counts as failed).

Targets (issue 11): per puzzle, 15x15 median under 0.3 s, 30x30 under 3 s, 50x50 under 20 s.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time
from datetime import date
from pathlib import Path

from nonotui.kinds.nonogram.generate import GeneratorError, Recipe, Symmetry, generate

HERE = Path(__file__).resolve().parents[1]
RESULTS = HERE / "benchmarks" / "results" / "generate.md"
TARGETS = {15: 0.3, 30: 3.0, 50: 20.0}


def measure(size: int, seeds: int, symmetry: Symmetry, fixup_budget: int | None,
            density: int) -> dict[str, float]:
    """Generate ``seeds`` puzzles of ``size``; medians and worsts of time, flips and restarts."""
    cpu, wall, flips, restarts, failed = [], [], [], [], 0
    for seed in range(1, seeds + 1):
        recipe = Recipe(size, size, seed, symmetry, density)
        c0, w0 = time.process_time(), time.perf_counter()
        try:
            made = generate(recipe, fixup_budget=fixup_budget)
        except GeneratorError:
            failed += 1
            continue
        finally:
            cpu.append(time.process_time() - c0)
            wall.append(time.perf_counter() - w0)
        flips.append(made.fixups)
        restarts.append(made.restarts)
    return {
        "cpu_median": statistics.median(cpu), "cpu_max": max(cpu),
        "wall_median": statistics.median(wall),
        "flips_mean": statistics.mean(flips) if flips else float("nan"),
        "flips_max": max(flips, default=0),
        "restarts_mean": statistics.mean(restarts) if restarts else float("nan"),
        "restarts_max": max(restarts, default=0), "failed": failed, "n": seeds,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    generate(Recipe(6, 6, 1))  # load the kernels
    load_before = os.getloadavg()
    rows = []
    for size in (15, 30, 50):
        seeds = max(2, args.seeds // {15: 1, 30: 2, 50: 4}[size])
        configs: tuple[tuple[int, Symmetry], ...] = ((55, "none"), (55, "both"), (25, "none"))
        for density, symmetry in configs:
            for mode, budget in (("fix-up", None), ("restart only", 0)):
                m = measure(size, seeds, symmetry, budget, density)
                line = (f"| {size}x{size} | {density} | {symmetry} | {mode} | {m['n']} | "
                        f"{m['cpu_median']:.3f} | {m['cpu_max']:.3f} | {m['wall_median']:.3f} | "
                        f"{m['flips_mean']:.2f} / {m['flips_max']} | "
                        f"{m['restarts_mean']:.2f} / {m['restarts_max']} | {m['failed']} |")
                if mode == "fix-up" and symmetry == "none" and density == 55:
                    ok = "yes" if m["cpu_median"] < TARGETS[size] else "NO"
                    line += f" {TARGETS[size]} s: {ok} |"
                else:
                    line += " |"
                print(line, flush=True)
                rows.append(line)
    load_after = os.getloadavg()
    report = "\n".join([
        "# Generator: time per puzzle, fix-ups against restarts",
        "",
        (f"`python benchmarks/generate.py --seeds {args.seeds}` on {date.today().isoformat()}, "
         f"{platform.python_implementation()} {platform.python_version()}, "
         f"{os.cpu_count()} CPUs, load average {load_before[0]:.1f} before and "
         f"{load_after[0]:.1f} after (the machine was shared with other work)."),
        "",
        ("Seeds 1..N. Times are per puzzle, in seconds, CPU time of the process "
         "(all threads) unless marked wall. Flips: cells flipped by fix-ups in the field kept "
         "(mean / worst); restarts: fields abandoned (mean / worst); failed: recipes that ran "
         "out of the restart budget. \"restart only\" throws a field away as soon as line "
         "logic leaves a cell undecided."),
        "",
        ("| size | density | symmetry | mode | N | CPU median | CPU worst | wall median | flips "
         "| restarts | failed | target (median) |"),
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
        *rows,
        "",
    ])
    if args.write:
        RESULTS.write_text(report, encoding="utf-8")
    print(report)


if __name__ == "__main__":
    main()
