"""The Aquarium solver on the generator's own puzzles: solve and prove unique, in-process.

Run: ``python benchmarks/aquarium_generated.py`` from the checkout (``--count N`` puzzles of
grades 1-3 per size, default 1000; ``--hard N`` puzzles of grades 4-5 per size, default 200;
``--write`` saves the report to ``benchmarks/results/aquarium_generated.md``).

What is measured, and how: puzzles made by
:func:`nonotui.kinds.aquarium.generate.new_puzzle`, as the library's "New puzzle" asks for them
(``PuzzleRequest(side, side, grade, "none", seed)``), at 6x6, 10x10 and 15x15. Grades 1, 2 and 3
take turns over seeds 1, 2, 3, ... (``--count`` of them), then grades 4 and 5 take turns over
their own seeds (``--hard``; they take the generator 0.1 to 0.3 s each, so fewer of them). The
grade the generator reached is counted (it may settle for the nearest). For each puzzle, one call
of ``solve(puzzle)`` (``max_solutions=2``: solve and prove) is timed, packing the puzzle for the
kernels included (the pack cache is cleared first); the kernels are compiled or loaded before
any timing. Times are CPU seconds of the process (``time.process_time``, as
``aquarium_solve.py``). Every puzzle must come out ``unique``.

Target (issue 13): every generated puzzle up to 15x15 under 10 ms median and 100 ms worst.
"""

from __future__ import annotations

import argparse
import platform
import re
import statistics
import sys
import time
from collections import Counter
from datetime import date
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from nonotui.kinds.aquarium.engine import solve, warm_up  # noqa: E402
from nonotui.kinds.aquarium.engine.packed import pack  # noqa: E402
from nonotui.kinds.aquarium.generate import new_puzzle  # noqa: E402
from nonotui.model.vocab import PuzzleRequest  # noqa: E402

SIDES = (6, 10, 15)


def measure(side: int, grades: tuple[int, ...], count: int) -> dict[str, object]:
    times: list[float] = []
    made: Counter[int] = Counter()
    nodes = guesses = 0
    for seed in range(1, count + 1):
        grade = grades[(seed - 1) % len(grades)]
        asked = new_puzzle(PuzzleRequest(side, side, grade, "none", seed))
        puzzle = asked.puzzle
        # the note names the grade reached when the generator settled for another
        reached = re.search(r"reached is grade (\d+)", asked.note or "")
        made[int(reached.group(1)) if reached else grade] += 1
        pack.cache_clear()
        cpu = time.process_time()
        out = solve(puzzle)
        times.append(time.process_time() - cpu)
        assert out.status == "unique", (side, grade, seed, out.status)
        nodes = max(nodes, int(out.stats["nodes"]))  # type: ignore[call-overload]
        guesses = max(guesses, int(out.stats["guesses"]))  # type: ignore[call-overload]
    times.sort()
    return {"median": statistics.median(times), "p99": times[int(0.99 * (len(times) - 1))],
            "worst": times[-1], "nodes": nodes, "guesses": guesses, "made": made,
            "count": len(times)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--hard", type=int, default=200)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    warm_up(lambda: False)
    lines = [f"# Aquarium solve and prove on generated puzzles ({date.today()}, "
             f"{platform.machine()}, Python {platform.python_version()})", "",
             "| size | grades asked | puzzles | grades made | median ms | p99 ms | worst ms "
             "| max nodes | max guesses |", "|---|---|---|---|---|---|---|---|---|"]
    for side in SIDES:
        for grades, count in (((1, 2, 3), args.count), ((4, 5), args.hard)):
            if count <= 0:
                continue
            r = measure(side, grades, count)
            made = r["made"]
            assert isinstance(made, Counter)
            spread = ", ".join(f"{g}: {n}" for g, n in sorted(made.items()))
            ms = {k: float(r[k]) * 1e3 for k in ("median", "p99", "worst")}  # type: ignore[arg-type]
            lines.append(f"| {side}x{side} | {grades[0]}-{grades[-1]} | {r['count']} | {spread} | "
                         f"{ms['median']:.2f} | {ms['p99']:.2f} | {ms['worst']:.2f} | "
                         f"{r['nodes']} | {r['guesses']} |")
            print(lines[-1], flush=True)
    if args.write:
        out = Path(__file__).parent / "results" / "aquarium_generated.md"
        out.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
