"""What the slowest random 30x30 puzzles spend their conflicts on, and what a race would win.

Run from the checkout, under ``nice -n 10``:

- ``python benchmarks/tail_anatomy.py first --seeds 25,268,452,503``: each seed's puzzle (as
  ``benchmarks/random_tail.py`` makes it) solved by the learning search alone twice, once for
  one solution and once for two (what ``nonotui solve`` asks, to prove uniqueness); printed: the
  statuses and the conflicts and CPU seconds of each, and the cells line solving leaves open from
  the blank grid with the number of independent parts they fall into (open cells sharing a row
  or a column are in one part). Each solution is checked against the clues.
- ``python benchmarks/tail_anatomy.py race FILE``: FILE is the ``--json`` of
  ``benchmarks/cdcl_conflicts.py`` run with two or more ``--mode`` variants. Printed for each
  group: the conflicts of the first mode, and of a race of the first mode with each other one
  (per puzzle the smaller count: what two threads would reach first, one per core) and of all
  of them: geometric mean, median, the largest five. A race on two cores spends twice the CPU.
- ``python benchmarks/tail_anatomy.py portfolio --start 0 --seeds 2000``: the engine's race of
  the plain and the shaken learning search (``search.PORTFOLIO_AFTER``) worked out seed by seed:
  ``solve`` with the race off (the plain search's conflicts, from the cells probing set), then
  the shaken kernel alone from the blank grid; for each puzzle whose plain search needs over
  ``--over`` conflicts (default 1,000), both counts and the race's (the smaller of the plain
  count and ``PORTFOLIO_AFTER`` plus the shaken one). Exact counts; ``--timeout`` bounds each.

Results: docs/solver.md, "The tail's anatomy (fifth session)" and "A second learning search
(eighth session)".
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

from cdcl_conflicts import check  # noqa: E402
from random_tail import random_puzzle  # noqa: E402

from nonotui.kinds.nonogram.engine import solve  # noqa: E402
from nonotui.kinds.nonogram.engine.steps import propagation  # noqa: E402
from nonotui.model import UNKNOWN, Board  # noqa: E402


def open_parts(cells: np.ndarray) -> list[int]:
    """The sizes of the independent parts of the open cells, largest first."""
    h, w = cells.shape
    parent = list(range(h + w))

    def root(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    rows, cols = np.nonzero(cells == UNKNOWN)
    for r, c in zip(rows.tolist(), cols.tolist()):
        parent[root(r)] = root(h + c)
    sizes: dict[int, int] = {}
    for r in rows.tolist():
        sizes[root(r)] = sizes.get(root(r), 0) + 1
    return sorted(sizes.values(), reverse=True)


def first(seeds: list[int], timeout: float) -> None:
    for seed in seeds:
        puzzle = random_puzzle(seed, 30, 30)
        parts = open_parts(propagation(puzzle, Board.full(30, 30, UNKNOWN)).cells)
        runs = []
        for wanted in (1, 2):
            start = time.process_time()
            result = solve(puzzle, max_solutions=wanted, strategy="cdcl", timeout=timeout)
            cpu = time.process_time() - start
            expected = {"solved": 1, "unique": 1, "multiple": 2}.get(result.status)
            assert expected is None or len(result.solutions) == expected, result.status
            for board in result.solutions:
                check(puzzle, board.cells.reshape(-1))
            runs.append(f"{wanted} wanted: {result.status}, {result.stats.conflicts:,} conflicts,"
                        f" {cpu:.2f} s")
        print(f"seed {seed}: open after line solving {sum(parts)} in {len(parts)} part(s); "
              + "; ".join(runs), flush=True)


def gmean(xs: list[int]) -> float:
    return math.exp(sum(math.log(x + 1) for x in xs) / len(xs)) - 1


def summary(label: str, xs: list[int]) -> str:
    xs = sorted(xs)
    return (f"  {label:<22} gmean {gmean(xs):8.0f}  median {xs[len(xs) // 2]:7,}  largest "
            + ", ".join(f"{x:,}" for x in xs[-5:]))


def race(path: Path) -> None:
    record: dict[str, dict[str, list[dict[str, Any]]]] = json.loads(path.read_text())
    for group, by_mode in record.items():
        modes = list(by_mode)
        if len(modes) < 2:
            raise SystemExit(f"{path}: group {group} has one mode; the race needs two or more")
        count = {m: {r["puzzle"]: int(r["conflicts"]) for r in rows} for m, rows in by_mode.items()}
        puzzles = list(count[modes[0]])
        print(f"{group} ({len(puzzles)} puzzles)")
        print(summary(f"mode {modes[0]}", [count[modes[0]][p] for p in puzzles]))
        for other in modes[1:]:
            print(summary(f"race {modes[0]} + {other}",
                          [min(count[modes[0]][p], count[other][p]) for p in puzzles]))
        if len(modes) > 2:
            print(summary("race of all", [min(count[m][p] for m in modes) for p in puzzles]))


def portfolio(seeds: range, over: int, timeout: float) -> None:
    """The race's count for every seed whose plain search needs over ``over`` conflicts."""
    from cdcl_conflicts import run_kernel

    from nonotui.kinds.nonogram.engine import search

    after = search.PORTFOLIO_AFTER
    print(f"race after {after:,} conflicts; '-' : undecided within {timeout:g} s")
    print(f"{'seed':>6} {'plain':>9} {'shaken':>9} {'race':>9}  answer from")
    try:
        for seed in seeds:
            puzzle = random_puzzle(seed, 30, 30)
            search.PORTFOLIO_AFTER = 0
            result = solve(puzzle, max_solutions=2, timeout=timeout)
            if result.stats.engine != "cdcl":
                continue
            plain = None if result.status == "timeout" else result.stats.conflicts
            if plain is not None and plain <= over:
                continue
            for board in result.solutions:
                check(puzzle, board.cells.reshape(-1))
            k = run_kernel(puzzle, search.CDCL_SHAKEN, 10**9, timeout)
            shaken = None if k["capped"] else int(k["conflicts"])
            counts = [c for c in (plain, None if shaken is None else after + shaken)
                      if c is not None]
            race = min(counts) if counts else None
            if plain is not None and plain <= after:
                who = "plain (alone)"
            elif race is None:
                who = "neither"
            else:
                who = "plain" if race == plain else "shaken"
            cells = ["-" if c is None else f"{c:,}" for c in (plain, shaken, race)]
            print(f"{seed:>6} {cells[0]:>9} {cells[1]:>9} {cells[2]:>9}  {who}", flush=True)
    finally:
        search.PORTFOLIO_AFTER = after


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="what", required=True)
    one = sub.add_parser("first", help="conflicts to the first solution and to the second")
    one.add_argument("--seeds", default="25,268,452,503", help="comma-separated random seeds")
    one.add_argument("--timeout", type=float, default=60.0, help="seconds per solve")
    two = sub.add_parser("race", help="a race of kernel modes, from cdcl_conflicts.py's JSON")
    two.add_argument("file", type=Path)
    three = sub.add_parser("portfolio", help="the engine's race of the plain and shaken search")
    three.add_argument("--start", type=int, default=0, help="first seed")
    three.add_argument("--seeds", type=int, default=1000, help="how many seeds")
    three.add_argument("--over", type=int, default=1000, help="plain conflicts shown above")
    three.add_argument("--timeout", type=float, default=4.0, help="seconds per search")
    args = ap.parse_args()
    if args.what == "first":
        first([int(s) for s in args.seeds.split(",")], args.timeout)
    elif args.what == "race":
        race(args.file)
    else:
        portfolio(range(args.start, args.start + args.seeds), args.over, args.timeout)


if __name__ == "__main__":
    main()
