"""Grades 1 and 2, before and after a change to the generator, on the same seeds.

Run: ``python benchmarks/generate_grade1.py LABEL`` from the checkout; for the code of another
commit, export it and put it first on the path, from outside the checkout::

    git archive COMMIT nonotui | tar -x -C /tmp/before
    cd /tmp && PYTHONPATH=/tmp/before python /path/to/benchmarks/generate_grade1.py before

Prints one table row per size and grade (seeds 1..N at the grade's default density, no
symmetry; N is 12, 4 and 2 at 15x15, 30x30 and 50x50 as ``generate.py --grades --grade-seeds
12``): CPU seconds per puzzle (median, worst), the requests that got the grade asked for, and
what was made (grade:count). The results are in docs/solver.md ("Grade 1 on every size").
"""

from __future__ import annotations

import statistics
import sys
import time

import nonotui.kinds.nonogram.generate as gen
from nonotui.kinds.nonogram.generate import Recipe, generate


def main() -> None:
    label = sys.argv[1] if len(sys.argv) > 1 else "this"
    generate(Recipe(8, 8, 1, density=80, grade=1))  # load the engine's kernels first
    for size, seeds in ((15, 12), (30, 4), (50, 2)):
        for grade in (1, 2):
            cpu: list[float] = []
            got: dict[int, int] = {}
            for seed in range(1, seeds + 1):
                start = time.process_time()
                made = generate(Recipe(size, size, seed, "none", gen.GRADE_DENSITY[grade], grade))
                cpu.append(time.process_time() - start)
                got[made.grade] = got.get(made.grade, 0) + 1
            print(f"| {size}x{size} | {grade} | {label} | {seeds} | {statistics.median(cpu):.3f} | "
                  f"{max(cpu):.3f} | {got.get(grade, 0)}/{seeds} | "
                  f"{' '.join(f'{k}:{v}' for k, v in sorted(got.items()))} |", flush=True)


if __name__ == "__main__":
    main()
