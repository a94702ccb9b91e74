"""How long auto-solve's animation lasts, before and after grouping its steps into frames.

For each bundled puzzle and each puzzle of ``../shared/bench/survey`` that the engine solves
within a second, the plan's number of steps, the number of frames shown, and the animation's
length at every speed: before (one frame per step) and now (the frames). The lengths are
computed (frames times the delay), not timed: the animation's clock is the speed's delay.

Run: ``python benchmarks/autosolve_frames.py`` (add ``--markdown`` for a table).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from nonotui.kinds.nonogram.formats import load
from nonotui.kinds.nonogram.puzzle import unknown_board
from nonotui.store.settings import SOLVE_SPEEDS
from nonotui.ui import assist
from nonotui.ui.frames import solve_frames

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT.parent / "shared" / "bench" / "survey"
ENGINE_LIMIT = 1.0
"""Seconds: puzzles the engine takes longer on are left out (the issue's promise is for the
puzzles it solves within a second)."""


def main(argv: list[str]) -> int:
    paths = sorted((ROOT / "puzzles").glob("*.non")) + sorted(BENCH.glob("*.nin"))
    speeds = [s for s, delay in SOLVE_SPEEDS.items() if delay]
    head = ["puzzle", "size", "steps", "frames", "engine s"]
    head += [f"{s} before s" for s in speeds] + [f"{s} now s" for s in speeds]
    rows = []
    assist.warm_up(lambda: False)  # compile (or load) the kernels before any clock starts
    for path in paths:
        puzzle = load(path)
        start = time.perf_counter()
        deadline = start + ENGINE_LIMIT
        try:
            plan = assist.solve_plan(puzzle, unknown_board(puzzle),
                                     lambda end=deadline: time.perf_counter() > end)
        except assist.Cancelled:
            print(f"{path.name}: left out, the engine needs more than {ENGINE_LIMIT} s",
                  file=sys.stderr)
            continue
        took = time.perf_counter() - start
        frames = solve_frames(plan.steps)
        row = [path.name, f"{puzzle.width}x{puzzle.height}", str(len(plan.steps)),
               str(len(frames)), f"{took:.3f}"]
        row += [f"{len(plan.steps) * SOLVE_SPEEDS[s]:.1f}" for s in speeds]
        row += [f"{len(frames) * SOLVE_SPEEDS[s]:.1f}" for s in speeds]
        rows.append(row)
    if "--markdown" in argv:
        print("| " + " | ".join(head) + " |")
        print("|" + "---|" * len(head))
        for row in rows:
            print("| " + " | ".join(row) + " |")
    else:
        widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(head)]
        for row in [head, *rows]:
            print("  ".join(v.rjust(w) for v, w in zip(row, widths)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
