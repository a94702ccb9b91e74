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

Graded recipes (``--grades``, the second table): for each grade 1 to 5 and size, seeds 1..N
at the grade's default density (``GRADE_DENSITY``), the CPU time per puzzle and the share of
requests that got exactly the grade asked for (the others got the nearest grade reached). The
same with ``fixup_budget=0`` ("restart only"): no fix-up flips at all, neither towards line
logic, nor towards the grade, nor where two solutions differ; a field is kept only as drawn.

Targets (issue 11): per puzzle, 15x15 median under 0.3 s, 30x30 under 3 s, 50x50 under 20 s,
for grades 1 to 4; the exact grade in at least 90 % of requests for grades 1 to 4 at 15x15 and
above.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time
from datetime import date
from pathlib import Path

from nonotui.kinds.nonogram.generate import (
    GRADE_DENSITY,
    GeneratorError,
    Recipe,
    Symmetry,
    generate,
)

HERE = Path(__file__).resolve().parents[1]
RESULTS = HERE / "benchmarks" / "results" / "generate.md"
GRADED_RESULTS = HERE / "benchmarks" / "results" / "generate_grades.md"
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


def measure_grade(size: int, seeds: int, grade: int,
                  fixup_budget: int | None) -> tuple[dict[str, float], str]:
    """Generate ``seeds`` puzzles of ``grade`` and ``size``: times and the exact-grade share."""
    cpu, exact, failed, got = [], 0, 0, []
    for seed in range(1, seeds + 1):
        recipe = Recipe(size, size, seed, "none", GRADE_DENSITY[grade], grade)
        c0 = time.process_time()
        try:
            made = generate(recipe, fixup_budget=fixup_budget)
        except GeneratorError:
            failed += 1
            continue
        finally:
            cpu.append(time.process_time() - c0)
        exact += made.grade == grade
        got.append(made.grade)
    return ({"cpu_median": statistics.median(cpu), "cpu_max": max(cpu), "exact": exact,
             "failed": failed, "n": seeds},
            " ".join(f"{g}:{got.count(g)}" for g in sorted(set(got))))


def graded_rows(seeds: int, sizes: tuple[int, ...], restart_sizes: tuple[int, ...]) -> list[str]:
    rows = []
    for size in sizes:
        n = max(2, seeds // {15: 1, 30: 3, 50: 6}.get(size, 1))
        for grade in range(1, 6):
            modes: list[tuple[str, int | None]] = [("fix-up", None)]
            if size in restart_sizes:
                modes.append(("restart only", 0))
            for mode, budget in modes:
                m, got = measure_grade(size, n, grade, budget)
                line = (f"| {size}x{size} | {grade} | {mode} | {m['n']} | {m['cpu_median']:.3f} "
                        f"| {m['cpu_max']:.3f} | {m['exact']}/{m['n']} | {got} | "
                        f"{m['failed']} |")
                if mode == "fix-up" and grade <= 4:
                    ok = m["cpu_median"] < TARGETS[size] and m["exact"] >= 0.9 * m["n"]
                    line += f" {'yes' if ok else 'NO'} |"
                else:
                    line += " |"
                print(line, flush=True)
                rows.append(line)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--grades", action="store_true",
                        help="measure graded recipes only (the second table)")
    parser.add_argument("--grade-seeds", type=int, default=12)
    args = parser.parse_args()
    generate(Recipe(6, 6, 1))  # load the kernels
    if args.grades:
        graded_main(args)
        return
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


def graded_main(args: argparse.Namespace) -> None:
    load_before = os.getloadavg()
    rows = graded_rows(args.grade_seeds, (15, 30, 50), (15, 30))
    load_after = os.getloadavg()
    report = "\n".join([
        "# Generator: graded recipes, time per puzzle and the exact-grade share",
        "",
        (f"`python benchmarks/generate.py --grades --grade-seeds {args.grade_seeds}` on "
         f"{date.today().isoformat()}, {platform.python_implementation()} "
         f"{platform.python_version()}, {os.cpu_count()} CPUs, load average "
         f"{load_before[0]:.1f} before and {load_after[0]:.1f} after."),
        "",
        ("Seeds 1..N at the grade's default density, no symmetry (N is the seed count at "
         "15x15, a third of it at 30x30, a sixth at 50x50, at least 2). CPU seconds per "
         "puzzle; exact: requests that got the grade asked for; got: grade:count of what was "
         "made; failed: requests with no puzzle at all. Target: median under 0.3 / 3 / 20 s "
         "and exact in at least 90 % (grades 1 to 4)."),
        "",
        "| size | grade | mode | N | CPU median | CPU worst | exact | got | failed | target |",
        "|---|---|---|---|---|---|---|---|---|---|",
        *rows,
        "",
    ])
    if args.write:
        GRADED_RESULTS.write_text(report, encoding="utf-8")
    print(report)


if __name__ == "__main__":
    main()
