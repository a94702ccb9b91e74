"""Which engine first: ``auto``'s hand-over to the learning search, measured per variant.

Run: ``python benchmarks/handover.py`` from the checkout (``NONOTUI_HARD_DIR`` names the folder of
LalaFrogKK.non, MLP.non and 9-dom.non; without it those rows are left out). Options:
``--variants=-1:0:fresh,-2:0:fresh,-1:16,cdcl`` (the default; ``=`` since the list starts with a
minus). A variant is ``H[:K][:fresh]``: ``H`` the value of ``search.AUTO_HANDOVER`` (a positive
number hands over after that many guesses of the depth-first search, -1 after probing at the
first guess, -2 after line solving, before any probe); ``K`` that of ``search.AUTO_FIRST_PROBES``
(hand over also when the first ``K`` probes set no cell; 0 when left out); ``:fresh`` starts the
learning search from the puzzle's start instead of the state reached
(``search.HANDOVER_KEEPS_STATE`` false); ``cdcl`` runs the learning search alone. ``--seeds``
(random 30x30 puzzles, ``benchmarks/random_tail.py``'s puzzle ``i``; default 1,000), ``--size
WxH`` for another size, ``--timeout``, ``--no-named`` to leave out the named puzzles.

Every variant solves each puzzle right after the others, in this process, ``max_solutions=2``;
times are CPU seconds (``time.process_time``), best of 3 for the named puzzles. Printed per
variant: the random puzzles' share under 0.1 s, median, count over 1 s and total, then each named
puzzle's time per variant. Statuses must agree between variants (a timeout aside); the script
says where they do not and exits 1.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

from random_tail import random_puzzle  # noqa: E402

from nonotui.kinds.nonogram.engine import search  # noqa: E402
from nonotui.kinds.nonogram.engine.search import SolveResult  # noqa: E402
from nonotui.kinds.nonogram.formats import load  # noqa: E402
from nonotui.kinds.nonogram.puzzle import Puzzle  # noqa: E402

SURVEY = REPO.parent / "shared" / "bench" / "survey"
NAMED = [("Forever", SURVEY / "webpbn-06574.nin"), ("Light", SURVEY / "webpbn-00803.nin"),
         ("Petro", SURVEY / "webpbn-00436.nin"), ("#65", SURVEY / "webpbn-00065.nin"),
         ("#1", SURVEY / "webpbn-00001.nin")]
HARD = [("LalaFrogKK", "LalaFrogKK.non"), ("MLP", "MLP.non"), ("9-Dom", "9-dom.non")]


def run(puzzle: Puzzle, variant: str, timeout: float) -> tuple[SolveResult, float]:
    start = time.process_time()
    if variant == "cdcl":
        result = search.solve(puzzle, max_solutions=2, timeout=timeout, strategy="cdcl")
    else:
        handover, _, rest = variant.partition(":")
        first, _, begin = rest.partition(":")
        search.AUTO_HANDOVER = int(handover)
        search.AUTO_FIRST_PROBES = int(first or 0)
        search.HANDOVER_KEEPS_STATE = begin != "fresh"
        result = search.solve(puzzle, max_solutions=2, timeout=timeout)
    return result, time.process_time() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variants", default="-1:0:fresh,-2:0:fresh,-1:16,cdcl",
                        help="comma-separated; write --variants=-1,... (a leading minus)")
    parser.add_argument("--seeds", type=int, default=1000)
    parser.add_argument("--timeout", type=float, default=5.0)
    parser.add_argument("--size", default="30x30")
    parser.add_argument("--no-named", action="store_true")
    args = parser.parse_args()
    width, height = (int(x) for x in args.size.split("x"))
    variants = args.variants.split(",")
    kept = search.AUTO_HANDOVER, search.AUTO_FIRST_PROBES, search.HANDOVER_KEEPS_STATE
    disagree = 0
    for variant in [*variants, "cdcl"]:  # load every kernel before timing: a 5x5 puzzle may
        run(random_puzzle(0, 5, 5), variant, 10.0)  # need no guess, so "cdcl" loads that search
    times: dict[str, list[float]] = {v: [] for v in variants}
    for seed in range(args.seeds):
        puzzle = random_puzzle(seed, width, height)
        statuses = set()
        for variant in variants:
            result, cpu = run(puzzle, variant, args.timeout)
            times[variant].append(cpu)
            statuses.add(result.status)
        if len(statuses - {"timeout"}) > 1:
            print(f"random #{seed}: statuses differ: {sorted(statuses)}")
            disagree += 1
    for variant in variants:
        c = sorted(times[variant])
        print(f"{variant:>5}: random {args.size} under 0.1 s {100 * sum(x < 0.1 for x in c) / len(c):.1f} %"
              f"  median {1000 * c[len(c) // 2]:.1f} ms  over 1 s {sum(x > 1 for x in c)}"
              f"  total {sum(c):.1f} s", flush=True)
    hard_dir = os.environ.get("NONOTUI_HARD_DIR")
    named = NAMED + ([(n, Path(hard_dir) / f) for n, f in HARD] if hard_dir else [])
    if args.no_named:
        named = []
    for name, path in named:
        if not path.exists():
            print(f"{name}: {path} not found, left out")
            continue
        puzzle = load(path)
        row, statuses = [], set()
        for variant in variants:
            best = float("inf")
            for _ in range(3):
                result, cpu = run(puzzle, variant, 30.0)
                best = min(best, cpu)
            statuses.add(result.status)
            row.append(f"{variant}: {1000 * best:.1f} ms")
        print(f"{name:<11} {'  '.join(row)}", flush=True)
        if len(statuses - {"timeout"}) > 1:
            print(f"{name}: statuses differ: {sorted(statuses)}")
            disagree += 1
    search.AUTO_HANDOVER, search.AUTO_FIRST_PROBES, search.HANDOVER_KEEPS_STATE = kept
    return 1 if disagree else 0


if __name__ == "__main__":
    sys.exit(main())
