"""Benchmark the named techniques (issue 11): microseconds per line on a large bench puzzle.

The rating must rate a 60x60 line-solvable puzzle in under a second, and it names every line's
deduction with :func:`nonotui.kinds.nonogram.engine.techniques.line_techniques`. This script solves
one puzzle from an empty board the way the rating will: it sweeps the rows and columns, gives each
line whose crossing lines changed to the ladder, and writes back what it decides, until nothing
changes. It reports the number of ladder calls, the microseconds per call (median, mean, worst),
the total time, how many cells each technique named, and whether line logic finished the puzzle.

Run from the project's root::

    python benchmarks/techniques.py                       # webpbn #1611 Merka and #529 Swing
    python benchmarks/techniques.py PATH/TO/PUZZLE.nin    # any puzzle files

The default puzzle is read from ``../shared/bench/survey/`` next to the checkout; the script says
so and stops when it is absent. Whole-line reasoning calls the compiled complete linesolver, whose
first call (compiling or loading numba's cache) is made before timing starts.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from nonotui.kinds.nonogram import formats  # noqa: E402
from nonotui.kinds.nonogram.engine.techniques import TECHNIQUES, line_techniques  # noqa: E402
from nonotui.model.cells import CELL_DTYPE, UNKNOWN  # noqa: E402

SURVEY = ROOT.parent / "shared" / "bench" / "survey"
DEFAULT = (SURVEY / "webpbn-01611.nin", SURVEY / "webpbn-00529.nin")
"""Merka (55x60: line logic stalls, the engine needs probing) and Swing (45x45, line-solvable)."""


def run(path: Path) -> None:
    puzzle = formats.load(path)
    height, width = puzzle.height, puzzle.width
    board = np.full((height, width), UNKNOWN, dtype=CELL_DTYPE)
    line_techniques((1,), np.full(3, UNKNOWN, dtype=CELL_DTYPE))  # warm the complete linesolver
    times: list[float] = []
    named: Counter[str] = Counter()
    dirty = {("row", i) for i in range(height)} | {("column", j) for j in range(width)}
    start = time.perf_counter()
    while dirty:
        for kind, i in sorted(dirty):
            dirty.discard((kind, i))
            view = board[i, :] if kind == "row" else board[:, i]
            clue = puzzle.rows[i] if kind == "row" else puzzle.columns[i]
            t0 = time.perf_counter()
            deduction = line_techniques(clue, view)
            times.append(time.perf_counter() - t0)
            for name, cells in deduction.cells_by_technique.items():
                named[name] += len(cells)
                for c in cells:
                    dirty.add(("column", c) if kind == "row" else ("row", c))
            view[:] = deduction.result
    total = time.perf_counter() - start
    micro = [t * 1e6 for t in times]
    solved = not (board == UNKNOWN).any()
    print(f"puzzle: {path.name} ({width}x{height})")
    print(f"ladder calls: {len(times)}; line logic finished the puzzle: {solved}")
    print(
        f"us per line: median {statistics.median(micro):.0f}, mean {statistics.mean(micro):.0f},"
        f" worst {max(micro):.0f}"
    )
    print(f"total: {total:.3f} s")
    print("cells named per technique:")
    for technique in TECHNIQUES:
        if named[technique.name]:
            print(f"  {technique.name}: {named[technique.name]}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("puzzles", nargs="*", type=Path, default=list(DEFAULT))
    args = parser.parse_args(argv)
    for path in args.puzzles:
        if not path.exists():
            print(f"{path} is absent (the bench puzzles live in ../shared/bench/)")
            return 1
        run(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
