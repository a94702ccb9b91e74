"""Before and after: the linesolvers and ``solve`` timed on two checkouts, interleaved in one run.

The machine is shared, so figures measured at different times are not comparable; this script
runs the old code and the new code side by side, one worker process per checkout (each with its
checkout first on ``sys.path``), and hands every job to both, back to back, the order alternating
from job to job and from round to round. Times are CPU time (``time.process_time``), which the
other processes on the machine disturb far less than the wall clock; each kernel's first call
(compilation or loading numba's cache) is left out.

1. Every linesolver on a fixed sample of random lines (lengths 10 to 200, densities 0.3 to 0.7,
   0 % to 60 % known; ``complete`` only where the line has at most 2,000,000 arrangements):
   microseconds per call, best of three compiled timing loops of at least 3 ms.
2. ``solve`` on every black-and-white puzzle of ``../shared/bench`` but Knotty and Faase (best of
   three solves), on random 30x30 puzzles (one solve each), and on Forever with the fail-first
   strategy alone (no race of threads, so its counters must agree exactly).
3. ``--rounds`` rounds (default 5); for each figure, the median over the rounds on each side and
   their ratio (new / old). Both sides' answers must agree: every linesolver's status and cells,
   every solve's status, and where no race of threads ran its solutions and counters too. The
   script says so, or lists the jobs where they differ.

Run from the new checkout's root::

    python benchmarks/before_after.py                    # old = main's commit 49b43b9
    python benchmarks/before_after.py --old PATH         # old = another checkout
    python benchmarks/before_after.py --quick            # fewer lines, 3 rounds, to try it

Without ``--old``, the commit (``--commit``) is exported with ``git archive`` into a folder of the
temporary directory, reused by later runs (its numba cache stays warm); no git worktree is made.
``--write FILE`` also saves the report.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
BENCH = (REPO / ".." / "shared" / "bench").resolve()
OLD_COMMIT = "49b43b9"
HARD = ("knotty.nin", "faase.nin")
RANDOM_SEEDS = [s for s in range(40) if s not in (25, 28)]
"""Random 30x30 puzzles (as ``benchmarks/solve.py`` draws them) solved in well under 2 s each;
25 runs into the 10 s timeout and 28 takes 2 s, too long to repeat."""
COMPLETE_CAP = 2_000_000


# ----------------------------------------------------------------------------------------------
# The worker: one checkout, one job at a time
# ----------------------------------------------------------------------------------------------


def worker(root: str) -> None:
    """Serve jobs (one JSON line each on stdin) with the checkout at ``root``: time each, answer
    with one JSON line ``[seconds, result]`` on stdout.

    Times are CPU seconds of this process (``time.process_time``), not wall time: on a machine
    shared by many processes the wall clock mostly measures the others, while the CPU time a
    kernel needs stays put. A race of two search threads counts both threads, on either side.
    """
    sys.path.insert(0, root)
    import nonotui
    from nonotui.kinds import open_one
    from nonotui.kinds.nonogram.engine import lines as engine_lines
    from nonotui.kinds.nonogram.engine.search import solve
    from nonotui.kinds.nonogram.puzzle import Puzzle

    if not Path(nonotui.__file__).resolve().is_relative_to(Path(root).resolve()):
        raise SystemExit(f"nonotui came from {nonotui.__file__}, not from {root}")
    engine_lines.solve_line("fcomp", "1", "???")  # load the kernels before any timing
    clock = time.process_time
    for text in sys.stdin:
        job = json.loads(text)
        if job["kind"] == "line":
            blocks = np.array(job["blocks"], dtype=np.int32)
            cells = np.array(job["cells"], dtype=np.uint32)
            solver = engine_lines.get(job["method"])
            status, out, _ = engine_lines.time_cells(solver, blocks, cells, min_seconds=0.0,
                                                     rounds=1)  # the first call, untimed
            colors = np.ones(len(blocks), dtype=np.int32)
            iwork = engine_lines.work_array(len(cells), len(blocks))
            scratch = np.empty_like(cells)
            reps = 1
            while True:  # enough repetitions to last 3 ms of CPU
                start = clock()
                engine_lines.kernels.repeat_line(solver.method_id, blocks, colors, cells,
                                                 scratch, iwork, reps)
                if clock() - start >= 0.003 or reps >= 1 << 24:
                    break
                reps *= 4
            best = float("inf")
            for _ in range(3):
                start = clock()
                engine_lines.kernels.repeat_line(solver.method_id, blocks, colors, cells,
                                                 scratch, iwork, reps)
                best = min(best, clock() - start)
            answer = [best / reps * 1e6, [int(status), out.tolist()]]
        else:
            if job["spec"].startswith("random-"):
                seed = int(job["spec"].split("-")[1])
                picture = (np.random.default_rng(seed).random((30, 30)) < 0.5).astype(int)
                puzzle = Puzzle.from_picture(picture.tolist(), keep_goal=False)
            else:
                puzzle = open_one(job["spec"])
            best = float("inf")
            for _ in range(job["repeats"]):
                start = clock()
                result = solve(puzzle, strategy=job["strategy"])
                best = min(best, clock() - start)
            st = result.stats
            same: list[object] = [result.status]
            if st.guesses <= 16 or job["strategy"] != "auto":
                # past 16 guesses "auto" races two strategies in threads: which one wins, and so
                # the solutions found and the counters, may vary from run to run
                same.append([b.cells.tolist() for b in result.solutions])
                same.append([st.lines, st.probes, st.guesses, st.backtracks, st.contradictions])
            answer = [best, same]
        print(json.dumps(answer), flush=True)


# ----------------------------------------------------------------------------------------------
# The driver
# ----------------------------------------------------------------------------------------------


def count_arrangements(blocks: np.ndarray, cells: np.ndarray, cap: int) -> int:
    """How many arrangements fit, counted up to ``cap`` (as ``benchmarks/linesolvers.py`` does)."""
    sys.path.insert(0, str(REPO / "benchmarks"))
    from linesolvers import count_arrangements as count

    return count(blocks, cells, cap)


def make_jobs(per_cell: int, quick: bool) -> list[dict[str, object]]:
    """The jobs every worker runs (seeded: the same for both sides), each with a ``key``."""
    rng = np.random.default_rng(3)
    jobs: list[dict[str, object]] = []
    n = 0
    for length in (10, 25, 50, 100, 200):
        for density in (0.3, 0.5, 0.7):
            for known in (0.0, 0.3, 0.6):
                for _ in range(per_cell):
                    picture = rng.random(length) < density
                    padded = np.concatenate(([False], picture, [False]))
                    edges = np.flatnonzero(padded[1:] != padded[:-1])
                    blocks = (edges[1::2] - edges[::2]).astype(np.int32)
                    cells = np.full(length, 3, dtype=np.uint32)
                    shown = rng.random(length) < known
                    cells[shown] = np.where(picture[shown], 2, 1)
                    methods = ["fast", "fcomp", "olsak"]
                    if count_arrangements(blocks, cells, COMPLETE_CAP) <= COMPLETE_CAP:
                        methods.insert(1, "complete")
                    for method in methods:
                        jobs.append({"kind": "line", "key": f"line {n} {method}", "n": n,
                                     "length": length, "method": method,
                                     "blocks": blocks.tolist(), "cells": cells.tolist()})
                    n += 1
    sys.path.insert(0, str(REPO))
    from nonotui.kinds.nonogram.formats import format_for_extension, load_all

    for path in sorted(BENCH.rglob("*")):
        if not path.is_file() or format_for_extension(path) is None or path.name in HARD:
            continue
        puzzles = load_all(path)
        for k, puzzle in enumerate(puzzles, start=1):
            if not puzzle.is_color:
                suffix = f"#{k}" if len(puzzles) > 1 else ""
                jobs.append({"kind": "solve", "key": str(path.relative_to(BENCH)) + suffix,
                             "group": "bench", "spec": str(path) + suffix, "strategy": "auto",
                             "repeats": 3})
    for seed in RANDOM_SEEDS[:8] if quick else RANDOM_SEEDS:
        jobs.append({"kind": "solve", "key": f"random-{seed}", "group": "random",
                     "spec": f"random-{seed}", "strategy": "auto", "repeats": 1})
    # one search-heavy solve without the race of threads, so its counters must agree exactly
    jobs.append({"kind": "solve", "key": "survey/webpbn-06574.nin fail-first", "group": "check",
                 "spec": str(BENCH / "survey" / "webpbn-06574.nin"), "strategy": "fail-first",
                 "repeats": 1})
    return jobs


def old_checkout(commit: str) -> Path:
    """``commit`` exported into the temporary folder (once; later runs reuse it)."""
    target = Path(tempfile.gettempdir()) / f"nonotui-before-{commit}"
    if not (target / "nonotui").is_dir():
        target.mkdir(parents=True, exist_ok=True)
        archive = subprocess.run(["git", "archive", commit], cwd=REPO, capture_output=True,
                                 check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(target)], input=archive, check=True)
    return target


class Worker:
    """A worker process serving jobs for one checkout."""

    def __init__(self, root: Path) -> None:
        env = {k: v for k, v in os.environ.items()
               if k not in ("NUMBA_DISABLE_JIT", "PYTHONPATH")}
        self.root = root
        self.process = subprocess.Popen(
            [sys.executable, __file__, "--worker", str(root)], cwd=root, env=env,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        )

    def run(self, job: dict) -> tuple[float, object]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(job) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise SystemExit(f"the worker for {self.root} failed")
        seconds, result = json.loads(line)
        return seconds, result

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait()


def _fmt(value: float, micros: bool) -> str:
    if micros:
        return f"{value:.2f}" if value < 100 else f"{value:.0f}"
    return f"{value * 1000:.2f}"


def _geomean(values: list[float]) -> float:
    return float(np.exp(np.mean(np.log(values))))


def report(jobs: list[dict], times: dict[str, dict[str, list[float]]],
           differ: list[str], args: argparse.Namespace, old_root: Path, seconds: float) -> str:
    """The markdown tables: linesolvers by method and length, then solve."""
    med = {side: {k: statistics.median(v) for k, v in times[side].items()} for side in times}
    out = [
        "# Before and after (`benchmarks/before_after.py`)",
        "",
        f"Command: `{args.command}`; {date.today().isoformat()}; old = `{old_root}`"
        f"{' (commit ' + args.commit + ')' if args.old is None else ''}, new = `{REPO}`. "
        f"{args.rounds} rounds; in each, every job runs on both sides back to back (two worker "
        f"processes, the order alternating from job to job and round to round); figures are "
        f"CPU time (`time.process_time`), medians over the rounds. Python "
        f"{platform.python_version()}, {os.cpu_count()} CPUs, machine shared with other work "
        f"(load average at the end: {', '.join(f'{x:.1f}' for x in os.getloadavg())}). "
        f"Ratio = new / old (below 1: the new code is faster). Total run {seconds:.0f} s.",
        "",
        "## Linesolvers: µs per call",
        "",
        "Per group: the median over its lines of each line's median over the rounds; the ratio "
        "is the geometric mean of the lines' own ratios.",
        "",
        "| linesolver | length | lines | old µs | new µs | new / old |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    line_jobs = [j for j in jobs if j["kind"] == "line"]
    summary = []
    for name in ("fast", "complete", "fcomp", "olsak"):
        for length in (10, 25, 50, 100, 200, None):
            keys = [j["key"] for j in line_jobs
                    if j["method"] == name and length in (None, j["length"])]
            if not keys:
                continue
            o = statistics.median(med["old"][k] for k in keys)
            w = statistics.median(med["new"][k] for k in keys)
            ratio = _geomean([med["new"][k] / med["old"][k] for k in keys])
            if length is None:
                summary.append((f"{name}, every line", ratio))
                out.append(f"| **{name}** | **all** | {len(keys)} | {_fmt(o, True)} "
                           f"| {_fmt(w, True)} | **{ratio:.2f}** |")
            else:
                out.append(f"| {name} | {length} | {len(keys)} | {_fmt(o, True)} "
                           f"| {_fmt(w, True)} | {ratio:.2f} |")
    out += [
        "",
        "## solve: CPU ms (best of 3 solves per round for the bench puzzles, median over the "
        "rounds)",
        "",
        "| puzzle | old ms | new ms | new / old |",
        "|---|---:|---:|---:|",
    ]
    for group, title in (("bench", "bench puzzles"), ("random", "random 30x30"),
                         ("check", "without the race")):
        keys = [j["key"] for j in jobs if j["kind"] == "solve" and j["group"] == group]
        for k in keys:
            o, w = med["old"][k], med["new"][k]
            out.append(f"| {k} | {_fmt(o, False)} | {_fmt(w, False)} | {w / o:.2f} |")
        o = sum(med["old"][k] for k in keys)
        w = sum(med["new"][k] for k in keys)
        summary.append((f"solve, {title} (sum of {len(keys)})", w / o))
        if len(keys) > 1:
            out.append(f"| **{title}: sum of {len(keys)}** | **{_fmt(o, False)}** "
                       f"| **{_fmt(w, False)}** | **{w / o:.2f}** |")
    out += ["", "## Summary", "", "| figure | new / old |", "|---|---:|"]
    out += [f"| {name} | {ratio:.2f} |" for name, ratio in summary]
    out += [
        "",
        "## Same answers",
        "",
        ("Every linesolver result (status and cells) and every solve (status; where no race of "
         "threads ran, also the solutions, lines solved, probes, guesses, backtracks and "
         "contradictions) is identical on both sides in every round." if not differ else
         f"**{len(differ)} results differ**: " + ", ".join(differ[:20])),
    ]
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--old", type=Path, help="the old checkout (default: --commit exported)")
    parser.add_argument("--commit", default=OLD_COMMIT, help="the old commit (default 49b43b9)")
    parser.add_argument("--rounds", type=int, help="rounds (default 5; 3 with --quick)")
    parser.add_argument("--quick", action="store_true", help="fewer lines and puzzles")
    parser.add_argument("--write", type=Path, help="also save the report to this file")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        worker(args.worker)
        return 0
    args.rounds = args.rounds or (3 if args.quick else 5)
    args.command = ("python benchmarks/before_after.py "
                    + " ".join(argv if argv is not None else sys.argv[1:])).rstrip()
    started = time.perf_counter()
    old_root = args.old.resolve() if args.old else old_checkout(args.commit)
    jobs = make_jobs(1 if args.quick else 4, args.quick)
    workers = {"old": Worker(old_root), "new": Worker(REPO)}
    times: dict[str, dict[str, list[float]]] = {"old": {}, "new": {}}
    answers: dict[str, dict[str, object]] = {"old": {}, "new": {}}
    differ: set[str] = set()
    try:
        for r in range(args.rounds):
            for n, job in enumerate(jobs):
                sides = ("old", "new") if (n + r) % 2 == 0 else ("new", "old")
                for side in sides:
                    seconds, result = workers[side].run(job)
                    times[side].setdefault(job["key"], []).append(seconds)
                    first = answers["old"].setdefault(job["key"], result)
                    if result != first:
                        differ.add(job["key"])
            print(f"round {r + 1} of {args.rounds} done", file=sys.stderr)
    finally:
        for w in workers.values():
            w.close()
    text = report(jobs, times, sorted(differ), args, old_root, time.perf_counter() - started)
    print(text)
    if args.write:
        args.write.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
