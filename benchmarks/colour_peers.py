"""nonotui beside pbnsolve on colour puzzles: one table and a summary, measured side by side.

Run, from the checkout (pbnsolve is built outside the repository; docs/solver.md, "Beside the
peers", says how)::

    PBNSOLVE=/work/peers/pbnsolve/src/pbnsolve \\
    nice -n 10 python benchmarks/colour_peers.py [--count 200] [--seed 12] [--timeout 60] \\
        [--runs 1] [--json FILE]

The puzzles, in one run: every bundled colour puzzle (``puzzles/*.non`` with more than one
colour), then ``--count`` seeded random colour puzzles (default 200), each 20x20 to 40x40 (width
and height drawn apart) with 3 colours: every cell is empty with a probability drawn per puzzle
between 0.02 and 0.3, else one of red, green and blue; the clues are the picture's, so every one has a solution, and whether it is
unique is what both solvers must decide. Puzzle ``k`` of seed ``s`` is drawn from
``random.Random(f"{s}:{k}")``, so any one can be rebuilt on its own (:func:`random_puzzle`).

What is measured, for each puzzle:

- ``nonotui``: :func:`nonotui.api.solve` in this process (``max_solutions=2``, the timeout), its
  own ``seconds``, after warm-up solves (one black-and-white, one colour) so that numba's
  compiled kernels are loaded;
- ``pbnsolve``: ``pbnsolve -b -u FILE.xml``, the whole process, wall seconds, killed at the
  limit; the file is webpbn XML written by nonotui (:func:`nonotui.kinds.nonogram.formats.dump`)
  into a temporary folder, colours by name with their RGB values.

With ``--runs N`` each is run N times and the median kept. The statuses (``unique``,
``multiple``, ``contradiction``) are compared as in ``benchmarks/peers.py``: a puzzle the two
decide differently is a disagreement, printed loudly, and the exit status is 1. Without
``PBNSOLVE`` (unset, or not an executable) pbnsolve is skipped, said so, and only nonotui runs.
The markdown table goes to the standard output, then the summary: how many puzzles got the same
status, on how many nonotui's in-process time is at or below pbnsolve's whole-process time, and
the medians and the worst ratio.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from benchmarks.peers import (  # noqa: E402
    DECIDED,
    Run,
    compare,
    fmt,
    parse_pbnsolve,
    run_process,
)
from nonotui.kinds.nonogram.formats import dump, load_all  # noqa: E402
from nonotui.kinds.nonogram.puzzle import Color, Puzzle  # noqa: E402

PALETTE = (
    Color("white", "#ffffff", "."),
    Color("red", "#e02020", "r"),
    Color("green", "#20a040", "g"),
    Color("blue", "#2050d0", "b"),
)
"""The random puzzles' colours."""

EMPTY_SHARES = (0.02, 0.3)
"""The share of empty cells is drawn per puzzle from this range: dense random colour pictures are
mostly unique, sparse ones mostly not, so the set holds both."""


def random_puzzle(seed: int, k: int) -> Puzzle:
    """Random colour puzzle ``k`` of ``seed``: 20x20 to 40x40, 3 colours, its own picture's clues."""
    rng = random.Random(f"{seed}:{k}")
    width, height = rng.randint(20, 40), rng.randint(20, 40)
    empty = rng.uniform(*EMPTY_SHARES)
    picture = [
        [0 if rng.random() < empty else rng.randint(1, 3) for _ in range(width)]
        for _ in range(height)
    ]
    return Puzzle.from_picture(
        picture, colors=PALETTE, keep_goal=False, title=f"random {seed}:{k}"
    )


def bundled() -> list[tuple[str, Puzzle]]:
    """Every bundled colour puzzle, by file name."""
    out = []
    for path in sorted((REPO / "puzzles").glob("*.non")):
        for puzzle in load_all(path):
            if puzzle.is_color:
                out.append((path.stem, puzzle))
    return out


@dataclass
class Row:
    name: str
    puzzle: Puzzle
    nonotui: list[Run] = field(default_factory=list)
    pbnsolve: list[Run] = field(default_factory=list)

    @staticmethod
    def _status(runs: list[Run]) -> str:
        if not runs:
            return "skipped"
        decided = {r.status for r in runs if r.status in DECIDED}
        if len(decided) > 1:
            return "inconsistent"
        return decided.pop() if decided else runs[-1].status

    @staticmethod
    def _median(runs: list[Run]) -> float | None:
        times = [r.seconds for r in runs if r.status in DECIDED]
        return statistics.median(times) if times else None

    @property
    def statuses(self) -> dict[str, str]:
        out = {"nonotui": self._status(self.nonotui)}
        if self.pbnsolve:
            out["pbnsolve"] = self._status(self.pbnsolve)
        return out

    @property
    def times(self) -> tuple[float | None, float | None]:
        return self._median(self.nonotui), self._median(self.pbnsolve)


def engine_run(puzzle: Puzzle, limit: float) -> Run:
    from nonotui import api

    try:
        result = api.solve(puzzle, max_solutions=2, timeout=limit)
    except Exception as exc:  # a refusal (an engine without colour) is a status, not a crash
        return Run(f"error: {type(exc).__name__}", 0.0)
    return Run(str(result.status), float(result.seconds))


def pbnsolve_binary() -> str | None:
    binary = os.environ.get("PBNSOLVE", "")
    if binary and os.path.isfile(binary) and os.access(binary, os.X_OK):
        return binary
    return None


def measure(rows: list[Row], binary: str | None, runs: int, limit: float,
            log: Callable[[str], None]) -> None:
    warm = [Puzzle(rows=((1,), ()), columns=((1,), ())), random_puzzle(0, 0)]
    for puzzle in warm:  # load the compiled kernels, black-and-white and colour
        engine_run(puzzle, limit)
    tmp = Path(tempfile.mkdtemp(prefix="nonotui-colour-peers-"))
    for i, row in enumerate(rows):
        path = tmp / f"{i:03d}-{''.join(c if c.isalnum() else '-' for c in row.name)}.xml"
        path.write_text(dump(row.puzzle, "xml"), encoding="utf-8")
        for _ in range(runs):
            row.nonotui.append(engine_run(row.puzzle, limit))
            if binary is not None:
                row.pbnsolve.append(run_process([binary, "-b", "-u", str(path)], limit,
                                                parse_pbnsolve))
        mine, theirs = row.times
        log(f"{row.name}: " + ", ".join(f"{k} {v}" for k, v in row.statuses.items())
            + f" ({fmt(mine)} / {fmt(theirs)})")


def ratio_text(mine: float | None, theirs: float | None) -> str:
    if mine is None or theirs is None or theirs <= 0:
        return "-"
    return f"{mine / theirs:.2f}"


def table(rows: list[Row], with_pbnsolve: bool) -> tuple[str, list[str]]:
    """The markdown table, and one loud line per disagreement."""
    header = ["puzzle", "size", "colours", "nonotui", "nonotui s"]
    if with_pbnsolve:
        header += ["pbnsolve", "pbnsolve s", "ratio"]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    loud = []
    for row in rows:
        statuses = row.statuses
        agreed, disagreements = compare(statuses)
        if disagreements:
            loud.append(f"DISAGREEMENT on {row.name}: " + "; ".join(disagreements))
        mine, theirs = row.times
        cells = [row.name, f"{row.puzzle.width}x{row.puzzle.height}", str(row.puzzle.n_colors),
                 statuses["nonotui"], fmt(mine)]
        if with_pbnsolve:
            cells += [statuses["pbnsolve"], fmt(theirs), ratio_text(mine, theirs)]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines), loud


def _counts(statuses: list[dict[str, str]], solver: str) -> str:
    """``180 unique, 20 multiple``: how often ``solver`` gave each status."""
    counts: dict[str, int] = {}
    for s in statuses:
        counts[s[solver]] = counts.get(s[solver], 0) + 1
    return ", ".join(f"{v} {k}" for k, v in sorted(counts.items()))


def summary(rows: list[Row], with_pbnsolve: bool) -> str:
    """Same statuses, time at or below pbnsolve's, medians and worst ratio, per group and in all."""
    groups = {
        "bundled": [r for r in rows if not r.name.startswith("random")],
        "random": [r for r in rows if r.name.startswith("random")],
        "all": rows,
    }
    out = []
    for name, group in groups.items():
        if not group:
            continue
        statuses = [r.statuses for r in group]
        mine = [t for t in (r.times[0] for r in group) if t is not None]
        line = (f"- {name} ({len(group)} puzzles): nonotui " + _counts(statuses, "nonotui")
                + (f"; median {fmt(statistics.median(mine))}, total {fmt(sum(mine))}" if mine else ""))
        if with_pbnsolve:
            same = sum(1 for s in statuses if s["nonotui"] == s["pbnsolve"] and s["nonotui"] in DECIDED)
            pairs = [r.times for r in group if None not in r.times]
            at_or_below = sum(1 for a, b in pairs if a is not None and b is not None and a <= b)
            theirs = [b for _, b in pairs if b is not None]
            ratios = [a / b for a, b in pairs if a is not None and b is not None and b > 0]
            line += (f"; pbnsolve {_counts(statuses, 'pbnsolve')}"
                     f"; same decided status on {same} of {len(group)}; nonotui at or below "
                     f"pbnsolve on {at_or_below} of {len(pairs)} timed by both")
            if theirs:
                line += f"; pbnsolve median {fmt(statistics.median(theirs))}, total {fmt(sum(theirs))}"
            if ratios:
                line += (f"; ratio nonotui/pbnsolve median {statistics.median(ratios):.2f}, "
                         f"worst {max(ratios):.2f}")
        out.append(line)
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--count", type=int, default=200, help="random puzzles (default 200)")
    parser.add_argument("--seed", type=int, default=12, help="their seed (default 12)")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per run (default 60)")
    parser.add_argument("--runs", type=int, default=1, help="runs each, medians (default 1)")
    parser.add_argument("--json", type=Path, help="write every run to this file")
    args = parser.parse_args(argv)

    def log(text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    binary = pbnsolve_binary()
    note = "" if binary else "pbnsolve skipped: set PBNSOLVE to its executable"
    if note:
        log(note)
    rows = [Row(name, p) for name, p in bundled()]
    rows += [Row(f"random {args.seed}:{k}", random_puzzle(args.seed, k)) for k in range(args.count)]
    load_before = os.getloadavg()
    started = datetime.now(UTC)
    measure(rows, binary, args.runs, args.timeout, log)
    load_after = os.getloadavg()
    text, loud = table(rows, binary is not None)
    print(f"Measured {started:%Y-%m-%d %H:%M} UTC, {platform.machine()}, {os.cpu_count()} cores, "
          f"load {load_before[0]:.2f} before and {load_after[0]:.2f} after; {args.runs} run(s) "
          f"each, medians, {args.timeout:g} s limit; nonotui in-process engine time, pbnsolve "
          "whole-process wall time.\n")
    print(text)
    print("\n" + summary(rows, binary is not None))
    if note:
        print(f"\n{note}.")
    if args.json:
        args.json.write_text(json.dumps({
            "started": started.isoformat(), "machine": platform.platform(),
            "cores": os.cpu_count(), "load_before": load_before, "load_after": load_after,
            "runs": args.runs, "timeout": args.timeout, "seed": args.seed, "count": args.count,
            "pbnsolve": binary, "disagreements": loud,
            "rows": [{"puzzle": r.name, "size": f"{r.puzzle.width}x{r.puzzle.height}",
                      "colours": r.puzzle.n_colors, "statuses": r.statuses,
                      "nonotui": [vars(x) for x in r.nonotui],
                      "pbnsolve": [vars(x) for x in r.pbnsolve]} for r in rows],
        }, indent=1) + "\n")
    for line in loud:
        print("\n!!! " + line + " !!!", file=sys.stderr)
        print(f"\n**{line}**")
    return 1 if loud else 0


if __name__ == "__main__":
    sys.exit(main())
