"""The heavy tail of the search: seeded random puzzles, how many are decided fast, how slow the rest.

Run: ``python benchmarks/random_tail.py`` from the checkout (30x30, 1,000 seeds, 10 s each).
``--size 40x40 --seeds 200`` for another size (``WxH``; several ``--size`` may be given),
``--start`` for the first seed, ``--timeout`` per puzzle, ``--json FILE`` (``-`` for stdout) for
every puzzle's figures, ``--strategy`` to run one branching strategy alone.

Puzzle ``i`` of a size is the picture drawn by ``numpy.random.default_rng(i).random((H, W)) < p``
(p = 0.5 unless ``--p``), turned into clues; the picture itself is forgotten, so the puzzle may
have several solutions. Each is solved by the engine in this process, ``max_solutions=2`` (so a
unique answer is proven), with the per-puzzle timeout, after one untimed warm-up solve so that
loading numba's compiled kernels is not counted. Times are ``SolveResult.seconds``.

Printed per size: the share decided under 0.1 s, the median, p99 and maximum, how many took
over 1 s, the status counts, and the slowest seeds with their statistics (guesses, probes,
lines solved), which say what the slow ones spend their time on.

The issue's target for 30x30, over 1,000 seeds: at least 99 % under 0.1 s and none over 1 s.
The machine may be shared: run it under ``nice`` and compare figures from the same run.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from nonotui.kinds.nonogram.engine.search import solve  # noqa: E402
from nonotui.kinds.nonogram.puzzle import Puzzle  # noqa: E402

FAST_SECONDS = 0.1
SLOW_SECONDS = 1.0
TARGET_SHARE = 0.99
"""The issue's target: at least this share of 30x30 puzzles under ``FAST_SECONDS``, none over
``SLOW_SECONDS``."""


def random_puzzle(seed: int, width: int, height: int, p: float = 0.5) -> Puzzle:
    """Puzzle ``seed`` of a size: the clues of a picture whose cells are filled with probability
    ``p`` (the same draw as ``benchmarks/solve.py`` for a square size)."""
    picture = (np.random.default_rng(seed).random((height, width)) < p).astype(int)
    return Puzzle.from_picture(picture.tolist(), keep_goal=False)


def parse_size(text: str) -> tuple[int, int]:
    """``"WxH"`` (or ``"N"`` for a square) as ``(width, height)``."""
    parts = text.lower().split("x")
    try:
        dims = [int(p) for p in parts]
    except ValueError:
        raise argparse.ArgumentTypeError(f"size {text!r}: expected WxH, e.g. 30x30") from None
    if len(dims) == 1:
        dims *= 2
    if len(dims) != 2 or min(dims) < 1:
        raise argparse.ArgumentTypeError(f"size {text!r}: expected WxH, e.g. 30x30")
    return dims[0], dims[1]


def run_size(width: int, height: int, seeds: range, timeout: float, p: float,
             strategy: str) -> list[dict[str, Any]]:
    """Solve every seed of one size; one record per puzzle."""
    rows = []
    for seed in seeds:
        puzzle = random_puzzle(seed, width, height, p)
        cpu = time.process_time()
        result = solve(puzzle, max_solutions=2, timeout=timeout, strategy=strategy)
        cpu = time.process_time() - cpu
        stats = result.stats
        rows.append({
            "seed": seed, "status": result.status, "seconds": result.seconds, "cpu": cpu,
            "guesses": stats.guesses, "probes": stats.probes,
            "lines": sum(stats.lines.values()), "max_depth": stats.max_depth,
            "strategy": stats.strategy,
        })
    return rows


def percentile(sorted_values: list[float], q: float) -> float:
    """The ``q``-quantile by the nearest-rank method (p99 of 1,000 values: the 990th)."""
    k = max(0, min(len(sorted_values) - 1, int(np.ceil(q * len(sorted_values))) - 1))
    return sorted_values[k]


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The figures of one size."""
    times = sorted(r["seconds"] for r in rows)
    cpu = sorted(r["cpu"] for r in rows)
    return {
        "puzzles": len(rows),
        "share_fast": sum(t < FAST_SECONDS for t in times) / len(times),
        "median": statistics.median(times),
        "p99": percentile(times, 0.99),
        "max": times[-1],
        "over_1s": sum(t > SLOW_SECONDS for t in times),
        "statuses": dict(Counter(r["status"] for r in rows)),
        "total_seconds": sum(times),
        "cpu_median": statistics.median(cpu),
        "cpu_p99": percentile(cpu, 0.99),
        "cpu_total": sum(cpu),
    }


def report(label: str, rows: list[dict[str, Any]], fig: dict[str, Any], slowest: int) -> str:
    """The figures of one size as text."""
    out = [
        f"{label}: {fig['puzzles']} puzzles (seeds {rows[0]['seed']}..{rows[-1]['seed']})",
        f"  under {FAST_SECONDS:g} s: {fig['share_fast']:.1%}   median {fig['median'] * 1e3:.1f} ms"
        f"   p99 {fig['p99'] * 1e3:.1f} ms   max {fig['max']:.3f} s   over {SLOW_SECONDS:g} s:"
        f" {fig['over_1s']}   total {fig['total_seconds']:.1f} s",
        f"  CPU seconds (all threads; steadier than wall time on a shared machine): median"
        f" {fig['cpu_median'] * 1e3:.1f} ms   p99 {fig['cpu_p99'] * 1e3:.1f} ms"
        f"   total {fig['cpu_total']:.1f} s",
        "  statuses: " + ", ".join(f"{k} {v}" for k, v in sorted(fig["statuses"].items())),
        f"  slowest {slowest}:",
        "    seed  status      seconds  guesses   probes     lines  depth  strategy",
    ]
    for r in sorted(rows, key=lambda r: -r["seconds"])[:slowest]:
        out.append(f"    {r['seed']:>4}  {r['status']:<10} {r['seconds']:>8.3f}  {r['guesses']:>7}"
                   f"  {r['probes']:>7}  {r['lines']:>8}  {r['max_depth']:>5}  {r['strategy']}")
    return "\n".join(out)


def main() -> int:
    """Parse the options, run each size, print the figures (and write JSON with ``--json``)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=parse_size, action="append", metavar="WxH",
                        help="puzzle size, may be repeated (default 30x30)")
    parser.add_argument("--seeds", type=int, default=1000, metavar="N",
                        help="puzzles per size (default 1000)")
    parser.add_argument("--start", type=int, default=0, metavar="S", help="first seed (default 0)")
    parser.add_argument("--timeout", type=float, default=10.0, metavar="S",
                        help="per puzzle (default 10)")
    parser.add_argument("--p", type=float, default=0.5, help="fill probability (default 0.5)")
    parser.add_argument("--strategy", default="auto", help="the engine's strategy (default auto)")
    parser.add_argument("--slowest", type=int, default=10, metavar="N",
                        help="slowest seeds listed (default 10)")
    parser.add_argument("--json", metavar="FILE", help="write every puzzle's figures ('-': stdout)")
    args = parser.parse_args()
    if args.seeds < 1 or args.timeout <= 0 or not 0 < args.p < 1:
        parser.error("--seeds must be at least 1, --timeout positive, --p between 0 and 1")
    sizes = args.size or [(30, 30)]
    solve(random_puzzle(0, 5, 5, args.p), max_solutions=2, timeout=10.0)  # load the kernels
    solve(random_puzzle(0, 5, 5, args.p), max_solutions=2, timeout=10.0, strategy="cdcl")
    doc: dict[str, Any] = {"timeout": args.timeout, "p": args.p, "strategy": args.strategy,
                           "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                           "sizes": {}}
    for width, height in sizes:
        label = f"{width}x{height}"
        rows = run_size(width, height, range(args.start, args.start + args.seeds),
                        args.timeout, args.p, args.strategy)
        fig = summary(rows)
        print(report(label, rows, fig, args.slowest), flush=True)
        if (width, height) == (30, 30):
            print(f"  target (>= {TARGET_SHARE:.0%} under {FAST_SECONDS:g} s, none over"
                  f" {SLOW_SECONDS:g} s): "
                  f"{'met' if fig['share_fast'] >= TARGET_SHARE and fig['over_1s'] == 0 else 'missed'}"
                  + ("" if fig["puzzles"] >= 1000 else " (fewer than 1,000 seeds)"), flush=True)
        doc["sizes"][label] = {"summary": fig, "puzzles": rows}
    if args.json:
        text = json.dumps(doc, indent=1)
        if args.json == "-":
            print(text)
        else:
            Path(args.json).write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
