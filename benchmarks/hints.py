"""Hint latency, and how long the event loop stalls while the engine works in a thread.

Run: ``python benchmarks/hints.py`` from the checkout (``--boards N`` per puzzle, default 20;
``--stall-seconds S`` for the stall measurement, default 10).

1. Latency: :func:`nonotui.kinds.nonogram.engine.hints.next_hint`, in-process and warm, on boards
   made of a random subset (share drawn from 0 to 90 %) of the solution's cells, for the bench
   puzzles near 30x35 (webpbn #65 "Mum" 34x40, #436 "Petro" 40x35) and random 30x30 puzzles that have
   one solution (``numpy.random.default_rng(seed)``, density 0.5, non-unique seeds skipped).
   Targets: median under 100 ms, worst under 300 ms.
2. Stall: a Textual app with a 10 ms interval timer runs the whole-puzzle solver on Knotty
   (which runs long) in a thread worker for ``--stall-seconds``, then cancels it; the largest
   gap between timer ticks beyond the interval is the stall. Target: never over 50 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from nonotui.kinds import open_one  # noqa: E402
from nonotui.kinds.nonogram.engine.hints import next_hint  # noqa: E402
from nonotui.kinds.nonogram.engine.search import solve  # noqa: E402
from nonotui.kinds.nonogram.puzzle import Puzzle, unknown_board  # noqa: E402

BENCH = (REPO / ".." / "shared" / "bench" / "survey").resolve()
NEAR_30x35 = ("webpbn-00065.nin", "webpbn-00436.nin")


def random_unique(count: int) -> list[tuple[str, Puzzle]]:
    """``count`` random 30x30 puzzles with exactly one solution."""
    out, seed = [], 0
    while len(out) < count:
        picture = (np.random.default_rng(seed).random((30, 30)) < 0.5).astype(int)
        puzzle = Puzzle.from_picture(picture.tolist(), keep_goal=False)
        if solve(puzzle, max_solutions=2, timeout=5).status == "unique":
            out.append((f"random-{seed}", puzzle))
        seed += 1
    return out


def latencies(puzzle: Puzzle, boards: int, seed: int) -> list[float]:
    """Milliseconds per hint on ``boards`` random partial boards of the puzzle's solution."""
    solution = solve(puzzle, max_solutions=1).solutions[0].cells
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(boards):
        board = unknown_board(puzzle)
        keep = rng.random(solution.shape) < rng.random() * 0.9
        board.cells[keep] = solution[keep]
        cursor = (int(rng.integers(puzzle.height)), int(rng.integers(puzzle.width)))
        start = time.perf_counter()
        next_hint(puzzle, board, cursor)
        out.append((time.perf_counter() - start) * 1000)
    return out


async def stall(seconds: float) -> float:
    """The worst extra delay of a 10 ms timer while the solver runs on Knotty in a worker."""
    from textual.app import App

    knotty = open_one(str(BENCH / "knotty.nin"))
    gaps: list[float] = []

    class Probe(App):
        def on_mount(self) -> None:
            self.last = time.perf_counter()
            self.set_interval(0.01, self.tick)
            self.stop = False
            self.run_worker(self.work, thread=True)

        def tick(self) -> None:
            now = time.perf_counter()
            gaps.append(now - self.last - 0.01)
            self.last = now

        def work(self) -> None:
            solve(knotty, max_solutions=2, should_stop=lambda: self.stop)

    app = Probe()
    async with app.run_test():
        await asyncio.sleep(seconds)
        app.stop = True
    return max(gaps) * 1000


def main() -> None:
    """Run both measurements and print a small report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=20)
    parser.add_argument("--random", type=int, default=5, help="random unique 30x30 puzzles")
    parser.add_argument("--stall-seconds", type=float, default=10.0)
    args = parser.parse_args()
    puzzles = [(name, open_one(str(BENCH / name))) for name in NEAR_30x35]
    puzzles += random_unique(args.random)
    next_hint(puzzles[0][1], unknown_board(puzzles[0][1]))  # compile or load the kernels
    every = []
    print("| puzzle | size | median ms | worst ms |\n|---|---|---|---|")
    for i, (name, puzzle) in enumerate(puzzles):
        ms = latencies(puzzle, args.boards, i)
        every += ms
        print(f"| {name} | {puzzle.width}x{puzzle.height} | {statistics.median(ms):.1f} | "
              f"{max(ms):.1f} |")
    print(f"| all | | {statistics.median(every):.1f} | {max(every):.1f} |")
    worst = asyncio.run(stall(args.stall_seconds))
    print(f"\nevent-loop stall during {args.stall_seconds:.0f} s of search on Knotty: "
          f"worst {worst:.1f} ms beyond a 10 ms timer")


if __name__ == "__main__":
    main()
