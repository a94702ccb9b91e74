"""Benchmark the rating (issue 11): seconds to rate a puzzle in-process, median of several runs.

The target: "the rating of a 60x60 line-solvable puzzle takes under 1 s in-process". Each puzzle
is rated ``--runs`` times (default 5) after one warm-up rating that compiles or loads the
kernels; the script prints, per puzzle, its size, grade, steps, the median, fastest and
slowest wall seconds, and the median CPU seconds (``time.process_time``: on a shared machine the
wall clock also counts the other processes).

Run from the project's root::

    python benchmarks/rate.py                      # Merka, Swing and a generated 60x60
    python benchmarks/rate.py FILE_OR_ID ...       # anything the CLI accepts as a FILE

The default puzzles: webpbn #1611 Merka (55x60, needs contradictions) and #529 Swing (45x45),
read from ``../shared/bench/survey/`` next to the checkout (left out, with a note, when absent),
and ``gen1:60x60:g0:nosym:d55:1``, a generated 60x60 line-solvable puzzle.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from nonotui.kinds.nonogram.rating import rate
from nonotui.store.catalog import open_puzzles

SURVEY = ROOT.parent / "shared" / "bench" / "survey"
DEFAULT = (str(SURVEY / "webpbn-01611.nin"), str(SURVEY / "webpbn-00529.nin"),
           "gen1:60x60:g0:nosym:d55:1")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("puzzles", nargs="*", default=list(DEFAULT))
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    print("puzzle\tsize\tgrade\tsteps\tmedian s\tfastest s\tslowest s\tmedian CPU s")
    for spec in args.puzzles:
        if spec.endswith(".nin") and not Path(spec).exists():
            print(f"{spec}: absent, left out", file=sys.stderr)
            continue
        puzzles, _ = open_puzzles(spec)
        for puzzle in puzzles:
            rating = rate(puzzle)  # warm-up: kernels compiled or loaded from numba's cache
            times, cpu = [], []
            for _ in range(args.runs):
                start, start_cpu = time.perf_counter(), time.process_time()
                rate(puzzle)
                times.append(time.perf_counter() - start)
                cpu.append(time.process_time() - start_cpu)
            name = Path(spec).name if "/" in spec else spec
            print(f"{name}\t{puzzle.width}x{puzzle.height}\t{rating.grade}\t"
                  f"{sum(rating.steps.values())}\t{statistics.median(times):.3f}\t"
                  f"{min(times):.3f}\t{max(times):.3f}\t{statistics.median(cpu):.3f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
