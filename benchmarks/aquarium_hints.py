"""Aquarium hint latency on 15x15 (issue 13's target: a hint under 50 ms on 15x15).

Run: ``python benchmarks/aquarium_hints.py`` from the checkout (``--puzzles N``, default 30;
``--side S``, default 15; ``--seed K``; ``--generated`` for the generator's puzzles).

Puzzles: seeded random tanks (grown from ``side * side / 4`` random seeds, so about four cells a
tank) and random levels, counts derived (``random.Random(seed + i)``; such a puzzle need not be
unique, which only means some walks end on an ``ambiguous`` hint). For each puzzle a player
follows hints from an empty board to the end (cursor at the top left, each hint applied), and
every :func:`nonotui.kinds.aquarium.hints.next_hint` call is timed with a kept
:class:`~nonotui.kinds.aquarium.hints.HintContext`, as the player's helper keeps one. Printed:
times are this process's CPU time (``time.process_time``: the machines this is measured on are
shared, and wall time there measures the neighbours), median and worst per rung (a puzzle's first hint apart: it pays the one search for the clues'
solutions that later hints check marks against) and overall, and the rating's time per puzzle.

With ``--generated`` the puzzles are the generator's own instead
(:func:`nonotui.kinds.aquarium.generate.new_puzzle`, seeds ``seed + 1`` on, grades 1 to 5 in
turn, as the library's "New puzzle" makes them): unique, so every walk ends ``solved``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from nonotui.kinds.aquarium.hints import HintContext, next_hint  # noqa: E402
from nonotui.kinds.aquarium.puzzle import UNKNOWN, AquariumPuzzle, make_puzzle  # noqa: E402
from nonotui.kinds.aquarium.rating import rate  # noqa: E402
from nonotui.model.board import Board  # noqa: E402


def random_puzzle(rng: random.Random, side: int) -> AquariumPuzzle:
    h = w = side
    label = [[-1] * w for _ in range(h)]
    cells = [(r, c) for r in range(h) for c in range(w)]
    frontier = []
    for i, (r, c) in enumerate(rng.sample(cells, max(1, side * side // 4))):
        label[r][c] = i
        frontier.append((r, c))
    while frontier:
        r, c = frontier.pop(rng.randrange(len(frontier)))
        nbrs = [(r + dr, c + dc) for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                if 0 <= r + dr < h and 0 <= c + dc < w and label[r + dr][c + dc] < 0]
        if nbrs:
            nr, nc = rng.choice(nbrs)
            label[nr][nc] = label[r][c]
            frontier += [(nr, nc), (r, c)]
    levels = {}
    for t in {t for row in label for t in row}:
        rows = [r for r in range(h) if t in label[r]]
        levels[t] = rng.randint(min(rows), max(rows) + 1)
    grid = [[r >= levels[t] for t in row] for r, row in enumerate(label)]
    return make_puzzle([sum(row) for row in grid], [sum(row[c] for row in grid)
                                                    for c in range(w)], label)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", type=int, default=30)
    parser.add_argument("--side", type=int, default=15)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--generated", action="store_true",
                        help="the generator's puzzles (grades 1-5 in turn)")
    args = parser.parse_args()
    from nonotui.kinds.aquarium.engine.solver import warm_up

    warm_up(lambda: False)  # numba's compile or cache load is not a hint's time
    times: dict[str, list[float]] = defaultdict(list)
    rating_times = []
    for i in range(args.puzzles):
        if args.generated:
            from nonotui.kinds.aquarium.generate import new_puzzle
            from nonotui.model.vocab import PuzzleRequest

            p = new_puzzle(PuzzleRequest(args.side, args.side, 1 + i % 5, "none",
                                         args.seed + i + 1)).puzzle
        else:
            p = random_puzzle(random.Random(args.seed + i), args.side)
        context = HintContext(p)
        board = Board.full(p.height, p.width, UNKNOWN)
        for step in range(4 * p.width * p.height):
            t0 = time.process_time()
            hint = next_hint(p, board, (0, 0), context=context)
            spent = time.process_time() - t0
            if step == 0:
                times["(first hint: + search)"].append(spent)
            else:
                times[hint.technique or hint.kind].append(spent)
            if hint.kind in ("solved", "ambiguous", "guess"):
                break
            for r, c, v in hint.changes():
                board.cells[r, c] = v
        t0 = time.process_time()
        rate(p)
        rating_times.append(time.process_time() - t0)
    every = [t for ts in times.values() for t in ts]
    print(f"{args.puzzles} {'generated ' if args.generated else ''}puzzles "
          f"{args.side}x{args.side}, {len(every)} hints")
    for name, ts in sorted(times.items(), key=lambda kv: -len(kv[1])):
        print(f"  {name:22s} n={len(ts):5d}  median {statistics.median(ts) * 1e3:7.2f} ms"
              f"  worst {max(ts) * 1e3:7.2f} ms")
    print(f"  {'every hint':22s} n={len(every):5d}  median "
          f"{statistics.median(every) * 1e3:7.2f} ms  worst {max(every) * 1e3:7.2f} ms")
    print(f"rating: median {statistics.median(rating_times) * 1e3:.1f} ms, worst "
          f"{max(rating_times) * 1e3:.1f} ms per puzzle")


if __name__ == "__main__":
    main()
