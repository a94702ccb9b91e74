"""The whole-puzzle search on seeded random colour puzzles: times, statuses, and the line cache.

Run: ``python benchmarks/colour_search.py`` from the checkout (20x20 and 30x30, 3 colours, 100
seeds each, 10 s per puzzle). ``--size WxH`` (repeatable), ``--colors K``, ``--seeds N``,
``--timeout S``.

Puzzle ``i`` of a size is the picture ``numpy.random.default_rng(i)``: each cell is a colour with
probability 0.6, the colour drawn evenly from 1..K, turned into clues (the picture is forgotten,
so a puzzle may have several solutions). Each is solved in this process with
``max_solutions=2``, after a warm-up solve. Printed per size: the median, p90 and maximum of
``SolveResult.seconds``, the total CPU seconds of the solves (all threads: steadier than wall time
on a shared machine), the statuses, the guesses and probes, and the share of line solves the
line cache answered (it keeps colour lines a byte a cell; docs/solver.md).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from nonotui.kinds.nonogram.engine.search import solve  # noqa: E402
from nonotui.kinds.nonogram.puzzle import Color, Puzzle  # noqa: E402

PALETTE = (Color("white", "#ffffff", "."), Color("red", "#e00000", "r"),
           Color("green", "#00a000", "g"), Color("blue", "#0000e0", "b"),
           Color("yellow", "#f0d000", "y"), Color("black", "#000000", "k"))


def puzzle_of(seed: int, h: int, w: int, k: int) -> Puzzle:
    """Seed ``seed``'s random colour puzzle."""
    rng = np.random.default_rng(seed)
    filled = rng.random((h, w)) < 0.6
    colour = rng.integers(1, k + 1, size=(h, w))
    picture = np.where(filled, colour, 0).tolist()
    return Puzzle.from_picture(picture, colors=PALETTE[:k + 1], keep_goal=False)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", action="append", help="WxH (default 20x20 and 30x30)")
    parser.add_argument("--colors", type=int, default=3)
    parser.add_argument("--seeds", type=int, default=100)
    parser.add_argument("--timeout", type=float, default=10.0)
    args = parser.parse_args()
    solve(puzzle_of(0, 5, 5, args.colors))  # load the kernels
    for size in args.size or ["20x20", "30x30"]:
        w, h = (int(x) for x in size.split("x"))
        times: list[float] = []
        statuses: Counter[str] = Counter()
        guesses = probes = lines = cached = 0
        cpu = 0.0
        for seed in range(args.seeds):
            puzzle = puzzle_of(seed, h, w, args.colors)
            start = time.process_time()
            result = solve(puzzle, timeout=args.timeout)
            cpu += time.process_time() - start
            times.append(result.seconds)
            statuses[result.status] += 1
            guesses += result.stats.guesses
            probes += result.stats.probes
            lines += sum(result.stats.lines.values())
            cached += result.stats.cached_lines
        times.sort()
        p90 = times[int(0.9 * (len(times) - 1))]
        print(f"{size}, {args.colors} colours, {args.seeds} seeds: median "
              f"{statistics.median(times) * 1e3:.1f} ms, p90 {p90 * 1e3:.1f} ms, max "
              f"{times[-1] * 1e3:.1f} ms, total {sum(times):.2f} s, CPU {cpu:.2f} s; {dict(statuses)}; {guesses} guesses, {probes} probes, "
              f"{lines} line solves, {cached} ({100 * cached / max(lines, 1):.1f} %) from the "
              f"line cache")


if __name__ == "__main__":
    main()
