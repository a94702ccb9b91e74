"""How the rating spreads the black-and-white bench and bundled puzzles over its grades.

Run: ``python benchmarks/grades.py`` from the checkout (``--budget S`` seconds per rating,
default 120; ``--json FILE`` to save every puzzle's figures; ``--write`` to save the report to
``benchmarks/results/grades.md``).

The set is every black-and-white puzzle of ``../shared/bench`` (``survey/*.nin``,
``nonogram-db/**/*.non``) and of the bundled ``puzzles/*.non``, each counted once by its identity
(the survey's webpbn puzzles are in nonogram-db too). Each is rated
(:func:`nonotui.kinds.nonogram.rating.rate`) in this process, and the report gives per puzzle its
grade, score, hardest technique, the steps by technique, the contradictions and their longest
chain, and the share of the set each grade holds. pbnsolve's class, where the lab notebook
recorded it (docs/solver.md, "Rating compared with pbnsolve": ``line`` when its line solver
alone, ``-aLH``, solves the puzzle; ``line+E`` when it needs its exhaustive cell check too;
``search`` when only its full solve does), stands beside it as the outside reference.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from datetime import date
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(HERE))

from nonotui.kinds.nonogram.formats import load_all  # noqa: E402
from nonotui.kinds.nonogram.rating import rate  # noqa: E402

BENCH = (HERE / ".." / "shared" / "bench").resolve()
RESULTS = HERE / "benchmarks" / "results" / "grades.md"

PBNSOLVE = {
    "webpbn-00001": "line", "webpbn-00006": "line", "webpbn-00016": "line",
    "webpbn-00021": "line", "webpbn-00023": "search", "webpbn-00027": "search",
    "webpbn-00065": "search", "webpbn-00436": "search", "webpbn-00529": "line",
    "webpbn-00803": "search", "webpbn-01611": "search", "webpbn-06574": "search",
    "knotty": "search", "faase": "search", "26167": "line", "mouse": "line",
    "candle": "line", "spade": "line", "rhino": "line", "blender": "line", "42": "line",
    "gnome": "line", "105": "line+E", "133": "line+E",
}
"""pbnsolve's classes as docs/solver.md records them (run of 2026-11-23, pbnsolve c0489d4):
the puzzles named there; every other qnonograms collection1 puzzle it solved by ``-aLH``."""


def files() -> list[Path]:
    found = sorted((BENCH / "survey").glob("*.nin"))
    found += sorted((BENCH / "nonogram-db").rglob("*.non"))
    found += sorted((HERE / "puzzles").glob("*.non"))
    return found


def pbn_class(path: Path) -> str:
    stem = path.stem
    if stem in PBNSOLVE:
        return PBNSOLVE[stem]
    if path.parent.name == "collection1":
        return "line"
    if path.parent.name == "webpbn" and f"webpbn-{int(stem):05d}" in PBNSOLVE:
        return PBNSOLVE[f"webpbn-{int(stem):05d}"]
    return ""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--budget", type=float, default=120.0)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    if not BENCH.is_dir():
        print(f"no bench folder at {BENCH}: nothing to rate", file=sys.stderr)
        return 0
    seen: set[str] = set()
    rows: list[dict[str, object]] = []
    for path in files():
        for puzzle in load_all(str(path)):
            if puzzle.is_color or puzzle.identity in seen:
                continue
            seen.add(puzzle.identity)
            deadline = time.perf_counter() + args.budget
            start = time.perf_counter()
            rating = rate(puzzle, should_stop=lambda: time.perf_counter() > deadline)
            rows.append({
                "puzzle": str(path.relative_to(BENCH if BENCH in path.parents else HERE)),
                "title": puzzle.title or path.stem, "size": f"{puzzle.width}x{puzzle.height}",
                "cells": puzzle.width * puzzle.height, "grade": rating.grade,
                "score": rating.score, "hardest": rating.hardest or "", "reason": rating.reason,
                "steps": dict(rating.steps), "pbnsolve": pbn_class(path),
                "seconds": round(time.perf_counter() - start, 2),
            })
            print(f"{rows[-1]['puzzle']}: grade {rating.grade}, score {rating.score}, "
                  f"{rating.hardest}", file=sys.stderr, flush=True)
    grades = Counter(int(str(r["grade"])) for r in rows)
    lines = [f"Run on {date.today()}: {len(rows)} distinct black-and-white puzzles.", "",
             "| grade | puzzles | share |", "|---|---|---|"]
    lines += [f"| {g} | {grades[g]} | {100 * grades[g] / len(rows):.0f} % |"
              for g in sorted(grades)]
    lines += ["", "| puzzle | size | grade | score | hardest / reason | pbnsolve | steps |",
              "|---|---|---|---|---|---|---|"]
    for r in sorted(rows, key=lambda r: (int(str(r["grade"])), int(str(r["score"])))):
        steps = ", ".join(f"{k} {v}" for k, v in dict(r["steps"]).items())  # type: ignore[call-overload]
        lines.append(f"| {r['puzzle']} | {r['size']} | {r['grade']} | {r['score']} | "
                     f"{r['reason'] or r['hardest']} | {r['pbnsolve']} | {steps} |")
    report = "\n".join(lines) + "\n"
    print(report)
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1))
    if args.write:
        RESULTS.write_text("# Grades of the bench and bundled puzzles\n\n"
                           "`python benchmarks/grades.py --write`\n\n" + report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
