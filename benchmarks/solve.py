"""Solver performance: the bench puzzles, random 30x30 puzzles, the hard two, stopping, memory.

Run: ``python benchmarks/solve.py`` from the checkout (``--quick`` for a short run, ``--skip-hard``
to leave out Knotty and Faase, ``--write`` to save the report to ``benchmarks/results/solve.md``).

What is measured, and how:

1. Every puzzle of ``../shared/bench`` except Knotty and Faase: status and engine time in this
   process (``SolveResult.seconds``, after a warm-up solve so that loading numba's compiled kernels
   is not counted), with a per-puzzle timeout. Then each again as ``python -m nonotui solve FILE
   --json`` in a subprocess with numba's cache warm: the whole-process wall time and the peak
   memory, the child's ``ru_maxrss`` from ``os.wait4`` (resident set of the whole process:
   interpreter, numpy and numba included).
2. Knotty and Faase, 60 s each: the status, and how far the search got (cells decided in the
   state being searched, from the progress reports; guesses and depth from the statistics).
3. Random 30x30 puzzles, each cell filled with probability 0.5 (puzzle ``i`` drawn from
   ``numpy.random.default_rng(i)``): the share solved and proven under 0.1 s, and the slowest.
4. The Tatham example ``4x4:2/1/2/1/1.1/2/1/1`` (unique, not line-solvable).
5. ``nonotui solve`` on a 20x20 line-solvable puzzle (webpbn #6 "Cat"), whole process, median of
   five runs with numba's cache warm.
6. How quickly a stop takes effect: a cancel flag set by a timer thread at a known moment, and a
   timeout, on a puzzle the search does not decide in seconds (:data:`STOP_PUZZLE`, random
   50x50 #16; Knotty served until the search decided it in milliseconds): the time from that
   moment until ``solve`` returns. A solve that returns with an answer is not a stop and fails
   the benchmark.

The machine is shared, so figures vary by a few per cent between runs; compare medians.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from datetime import date
from pathlib import Path

import numba
import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from nonotui.kinds import open_one  # noqa: E402
from nonotui.kinds.nonogram.engine.search import Progress, solve  # noqa: E402
from nonotui.kinds.nonogram.formats import format_for_extension, load_all  # noqa: E402
from nonotui.kinds.nonogram.puzzle import Puzzle  # noqa: E402

BENCH = (REPO / ".." / "shared" / "bench").resolve()
HARD = ("knotty.nin", "faase.nin")
STOP_PUZZLE = Path(__file__).resolve().parents[1] / "tests" / "data" / "hard" / "random50-16.non"
"""Undecided after 20 s (tests/conftest.py's ``HARD_PUZZLE``): every stop lands mid-search."""
TATHAM = "4x4:2/1/2/1/1.1/2/1/1"
LINE_SOLVABLE_20 = "survey/webpbn-00006.nin"
"""Cat, 20x20: line logic alone finishes it (no probe, no guess)."""
RESULTS = REPO / "benchmarks" / "results" / "solve.md"

# the targets
TARGET_BENCH_SECONDS = 1.0
TARGET_RANDOM_FAST = 0.1
TARGET_RANDOM_SHARE = 0.97
TARGET_RANDOM_MAX = 10.0
TARGET_PROCESS_SECONDS = 1.0
TARGET_MEMORY_MB = 200.0
TARGET_STOP_MS = 50.0


@dataclass
class Row:
    """One puzzle's figures."""

    name: str
    size: str
    status: str
    seconds: float
    guesses: int
    depth: int
    process_seconds: float | None = None
    memory_mb: float | None = None


def markdown(headers: list[str], rows: list[list[object]]) -> str:
    """A markdown table."""
    out = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    out += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(out)


def bench_specs(bench: Path) -> list[tuple[str, str, Puzzle]]:
    """(label, command-line spec, puzzle) for every black-and-white bench puzzle but the hard two."""
    out = []
    for path in sorted(bench.rglob("*")):
        if not path.is_file() or format_for_extension(path) is None or path.name in HARD:
            continue
        puzzles = load_all(path)
        for n, puzzle in enumerate(puzzles, start=1):
            if puzzle.is_color:
                continue
            label = str(path.relative_to(bench)) + (f"#{n}" if len(puzzles) > 1 else "")
            spec = str(path) + (f"#{n}" if len(puzzles) > 1 else "")
            out.append((label, spec, puzzle))
    return out


def run_process(spec: str, timeout: float) -> tuple[float, float, int]:
    """Whole-process wall seconds, peak resident memory (MB) and exit code of ``nonotui solve``."""
    cmd = [sys.executable, "-m", "nonotui", "solve", spec, "--json", "--timeout", str(timeout)]
    start = time.perf_counter()
    child = subprocess.Popen(cmd, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    # wait4 gives this child's own resource usage (RUSAGE_CHILDREN would mix every child's)
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    seconds = time.perf_counter() - start
    return seconds, usage.ru_maxrss / 1024, child.returncode  # ru_maxrss is in KiB on Linux


def warm_process() -> None:
    """One untimed ``nonotui solve`` run, so that numba's cache is written and warm.

    The in-process warm-up already writes the cache, unless a kernel source changed since this
    process loaded it (someone editing it meanwhile): then the first child recompiles.
    """
    run_process(TATHAM, 600.0)


def baseline_memory() -> float:
    """Peak memory (MB) of a process that only loads the CLI and the engine and solves 1x1.

    Set against the bench figures it shows what the search itself adds.
    """
    code = ("from nonotui.kinds.nonogram.engine.search import solve; from nonotui.kinds.nonogram.puzzle import Puzzle; "
            "solve(Puzzle(rows=((1,),), columns=((1,),)))")
    child = subprocess.Popen([sys.executable, "-c", code], cwd=REPO)
    _, _, usage = os.wait4(child.pid, 0)
    return usage.ru_maxrss / 1024


def solve_row(name: str, puzzle: Puzzle, timeout: float) -> Row:
    """Solve in this process (kernels already loaded) and keep the figures."""
    result = solve(puzzle, timeout=timeout)
    return Row(name, f"{puzzle.width}x{puzzle.height}", result.status, result.seconds,
               result.stats.guesses, result.stats.max_depth)


def bench_section(bench: Path, timeout: float, processes: bool) -> list[Row]:
    """Section 1: every bench puzzle in process, then (optionally) as a subprocess."""
    rows = []
    if processes:
        warm_process()
    for label, spec, puzzle in bench_specs(bench):
        row = solve_row(label, puzzle, timeout)
        if processes:
            row.process_seconds, row.memory_mb, _ = run_process(spec, timeout)
        rows.append(row)
    return rows


@dataclass
class HardRow:
    """How far the search got on a puzzle nobody finishes."""

    name: str
    size: str
    status: str
    seconds: float
    decided_last: int
    decided_max: int
    cells: int
    guesses: int
    depth: int
    solutions: int
    memory_mb: float | None = None


def hard_section(bench: Path, seconds: float, processes: bool) -> list[HardRow]:
    """Section 2: Knotty and Faase for ``seconds`` each, with progress tracking."""
    rows = []
    for name in HARD:
        puzzle = load_all(bench / "survey" / name)[0]
        seen: list[Progress] = []
        result = solve(puzzle, timeout=seconds, on_progress=seen.append)
        cells = puzzle.width * puzzle.height
        decided = [p.decided for p in seen] or [0]
        if result.status in ("unique", "multiple", "solved"):
            decided = decided + [cells]
        row = HardRow(name, f"{puzzle.width}x{puzzle.height}", result.status, result.seconds,
                      decided[-1], max(decided), cells, result.stats.guesses,
                      result.stats.max_depth, len(result.solutions))
        if processes:
            # memory over a shorter search: the trail and stack grow with depth, not with time
            _, row.memory_mb, _ = run_process(str(bench / "survey" / name), min(seconds, 10.0))
        rows.append(row)
    return rows


def random_puzzle(seed: int, size: int = 30, p: float = 0.5) -> Puzzle:
    """Random puzzle ``seed``: the clues of a picture whose cells are filled with probability p."""
    picture = (np.random.default_rng(seed).random((size, size)) < p).astype(int)
    return Puzzle.from_picture(picture.tolist(), keep_goal=False)


def random_section(count: int, timeout: float) -> list[Row]:
    """Section 3: ``count`` random 30x30 puzzles."""
    return [solve_row(f"random-{seed}", random_puzzle(seed), timeout) for seed in range(count)]


def process_median(spec: str, runs: int = 5) -> tuple[float, list[float]]:
    """Section 5: median whole-process seconds of ``nonotui solve`` over ``runs`` runs."""
    warm_process()
    times = [run_process(spec, 60.0)[0] for _ in range(runs)]
    return statistics.median(times), times


def stop_latency(puzzle: Puzzle, trials: int) -> tuple[list[float], list[float]]:
    """Section 6: milliseconds from the stop moment until ``solve`` returns, cancel and timeout."""
    cancels, timeouts = [], []
    for i in range(trials):
        delay = 0.1 + 0.05 * i  # vary the moment so that it falls anywhere in the kernel's work
        flag = threading.Event()
        timer = threading.Timer(delay, flag.set)
        start = time.perf_counter()
        timer.start()
        result = solve(puzzle, should_stop=flag.is_set)
        # the timer thread sets the flag at start + delay (give or take the scheduler)
        cancels.append((time.perf_counter() - start - delay) * 1000)
        timer.join()
        if result.status != "cancelled":
            raise SystemExit(f"the stop puzzle was decided ({result.status}) before the stop")
        start = time.perf_counter()
        result = solve(puzzle, timeout=delay)
        timeouts.append((time.perf_counter() - start - delay) * 1000)
        if result.status != "timeout":
            raise SystemExit(f"the stop puzzle was decided ({result.status}) before the timeout")
    return cancels, timeouts


def seconds_text(value: float) -> str:
    """Seconds to a tenth of a millisecond."""
    return f"{value:.4f}"


def report(args: argparse.Namespace) -> str:
    """Run every section and return the markdown report."""
    out: list[str] = []
    say = out.append
    say("# Solver benchmark (`benchmarks/solve.py`)\n")
    command = " ".join(["python", "benchmarks/solve.py", *sys.argv[1:]])
    say(f"Command: `{command}`; {date.today()}; "
        f"Python {platform.python_version()}, numba {numba.__version__}, numpy "
        f"{np.__version__}, {os.cpu_count()} CPUs ({platform.machine()}), machine shared with "
        "other work. Engine times are `SolveResult.seconds` in one process after a warm-up; "
        "process times are `python -m nonotui solve FILE --json` with numba's cache warm; memory "
        "is that process's peak resident set (`ru_maxrss` via `os.wait4`: interpreter, numpy and "
        "numba included).\n")
    solve(open_one(TATHAM))  # warm-up: load the compiled kernels before anything is timed
    summary: list[list[object]] = []

    have_bench = BENCH.is_dir()
    if have_bench:
        rows = bench_section(BENCH, args.timeout, processes=not args.quick)
        emit_bench(say, rows, args, summary)
    else:
        say(f"(no bench folder at {BENCH}: bench sections skipped)\n")

    tatham = solve_row(TATHAM, open_one(TATHAM), args.timeout)
    say("## Tatham 4x4 example\n")
    say(markdown(["puzzle", "status", "engine s", "guesses", "depth"],
                 [[f"`{TATHAM}`", tatham.status, seconds_text(tatham.seconds), tatham.guesses,
                   tatham.depth]]) + "\n")
    summary.append(["Tatham 4x4 unique", "unique", tatham.status,
                    ok(tatham.status == "unique")])

    emit_random(say, random_section(args.random, args.random_timeout), args, summary)

    if have_bench:
        median, times = process_median(str(BENCH / LINE_SOLVABLE_20), 3 if args.quick else 5)
        say("## `nonotui solve` on a 20x20 line-solvable puzzle (Cat), whole process\n")
        say(f"Median {median:.3f} s over {len(times)} runs "
            f"({', '.join(f'{t:.3f}' for t in times)}).\n")
        summary.append(["20x20 whole process", f"< {TARGET_PROCESS_SECONDS:.0f} s",
                        f"{median:.3f} s", ok(median < TARGET_PROCESS_SECONDS)])

        cancels, timeouts = stop_latency(load_all(STOP_PUZZLE)[0], 3 if args.quick else 10)
        emit_stop(say, cancels, timeouts, summary)

        if not args.skip_hard:
            emit_hard(say, hard_section(BENCH, args.hard_seconds, not args.quick), args)
    say("## Summary against the targets\n")
    say(markdown(["target", "goal", "measured", "met"], summary) + "\n")
    return "\n".join(out)


def ok(flag: bool) -> str:
    """The summary's "met" column; a miss in bold so that it stands out."""
    return "yes" if flag else "**no**"


def emit_bench(say, rows: list[Row], args: argparse.Namespace, summary: list) -> None:
    """The bench table, and its lines of the summary (1 s per puzzle, Forever, memory)."""
    say(f"## ../shared/bench (every puzzle but Knotty and Faase; timeout {args.timeout:g} s)\n")
    table = [[r.name, r.size, r.status, seconds_text(r.seconds), r.guesses, r.depth,
              "-" if r.process_seconds is None else f"{r.process_seconds:.3f}",
              "-" if r.memory_mb is None else f"{r.memory_mb:.0f}"] for r in rows]
    say(markdown(["puzzle", "size", "status", "engine s", "guesses", "depth", "process s",
                  "peak MB"], table) + "\n")
    proven = [r for r in rows if r.status in ("unique", "multiple")]
    slow = [r for r in rows if r.status not in ("unique", "multiple")
            or r.seconds >= TARGET_BENCH_SECONDS]
    worst = max(rows, key=lambda r: r.seconds)
    say(f"{len(proven)} of {len(rows)} proven; total engine time "
        f"{sum(r.seconds for r in rows):.3f} s; slowest {worst.name} {worst.seconds:.3f} s.\n")
    summary.append(["bench puzzles proven in < 1 s", f"{len(rows)} of {len(rows)}",
                    f"{len(rows) - len(slow)} of {len(rows)}"
                    + (f" (not: {', '.join(r.name for r in slow)})" if slow else ""),
                    ok(not slow)])
    forever = [r for r in rows if r.name.endswith("webpbn-06574.nin")]
    for r in forever:
        summary.append(["Forever (#6574) proven", "< 1 s", f"{r.status}, {r.seconds:.3f} s",
                        ok(r.status == "unique" and r.seconds < TARGET_BENCH_SECONDS)])
    memory = [r.memory_mb for r in rows if r.memory_mb is not None]
    if memory:
        top = max(rows, key=lambda r: r.memory_mb or 0)
        say(f"Peak memory {min(memory):.0f}-{max(memory):.0f} MB per process; a process that "
            f"only loads the engine and solves a 1x1 puzzle peaks at {baseline_memory():.0f} MB "
            "(the interpreter with numpy, numba and llvmlite).\n")
        summary.append(["peak memory, bench puzzles", f"< {TARGET_MEMORY_MB:.0f} MB",
                        f"{top.memory_mb:.0f} MB ({top.name})",
                        ok(max(memory) < TARGET_MEMORY_MB)])


def emit_random(say, rows: list[Row], args: argparse.Namespace, summary: list) -> None:
    """The random puzzles' distribution, the slowest ten, and the two random targets."""
    times = sorted(r.seconds for r in rows)
    fast = sum(t < TARGET_RANDOM_FAST for t in times)
    proven = [r for r in rows if r.status in ("unique", "multiple")]
    # a puzzle stopped by the timeout counts as over the limit whatever its time says
    over = sum(r.seconds > TARGET_RANDOM_MAX or r.status == "timeout" for r in rows)
    say(f"## Random 30x30, p = 0.5 ({len(rows)} puzzles, seeds 0-{len(rows) - 1}, timeout "
        f"{args.random_timeout:g} s)\n")
    statuses = {s: sum(r.status == s for r in rows) for s in sorted({r.status for r in rows})}
    say(markdown(
        ["puzzles", "statuses", "< 0.1 s", "median s", "p99 s", "max s", "> 1 s", "> 10 s"],
        [[len(rows), ", ".join(f"{n} {s}" for s, n in statuses.items()),
          f"{fast} ({fast / len(rows):.1%})", seconds_text(statistics.median(times)),
          seconds_text(times[min(len(times) - 1, int(0.99 * len(times)))]),
          seconds_text(times[-1]), sum(t > 1 for t in times),
          over]]) + "\n")
    slowest = sorted(rows, key=lambda r: -r.seconds)[:10]
    say("Slowest ten:\n")
    say(markdown(["puzzle", "status", "engine s", "guesses", "depth"],
                 [[r.name, r.status, seconds_text(r.seconds), r.guesses, r.depth]
                  for r in slowest]) + "\n")
    summary.append(["random 30x30 under 0.1 s", f">= {TARGET_RANDOM_SHARE:.0%}",
                    f"{fast / len(rows):.1%} ({len(proven)} of {len(rows)} proven)",
                    ok(fast / len(rows) >= TARGET_RANDOM_SHARE)])
    summary.append(["random 30x30 over 10 s", "none", f"{over} (max {times[-1]:.3f} s)",
                    ok(over == 0)])


def emit_stop(say, cancels: list[float], timeouts: list[float], summary: list) -> None:
    """How long stopping took, and the 50 ms target."""
    say("## Stopping (random 50x50 #16, the search still running)\n")
    say(markdown(["stop", "trials", "median ms", "max ms"],
                 [["cancel (should_stop)", len(cancels), f"{statistics.median(cancels):.1f}",
                   f"{max(cancels):.1f}"],
                  ["timeout", len(timeouts), f"{statistics.median(timeouts):.1f}",
                   f"{max(timeouts):.1f}"]]) + "\n")
    worst = max(cancels + timeouts)
    summary.append(["cancel/timeout takes effect", f"< {TARGET_STOP_MS:.0f} ms",
                    f"max {worst:.1f} ms", ok(worst < TARGET_STOP_MS)])


def emit_hard(say, rows: list[HardRow], args: argparse.Namespace) -> None:
    """How far the search got on Knotty and Faase (no target: a stretch figure)."""
    say(f"## Knotty and Faase ({args.hard_seconds:g} s each)\n")
    say(markdown(
        ["puzzle", "size", "status", "engine s", "cells decided (last / most)", "guesses",
         "depth", "solutions", "peak MB (10 s)"],
        [[r.name, r.size, r.status, f"{r.seconds:.1f}",
          f"{r.decided_last} / {r.decided_max} of {r.cells} ({r.decided_max / r.cells:.0%})",
          r.guesses, r.depth, r.solutions, "-" if r.memory_mb is None else f"{r.memory_mb:.0f}"]
         for r in rows]) + "\n")
    say("No target: a stretch figure from when no solver in Wolter's survey decided either "
        "(pbnsolve, nonogrid and Hugi need seconds to minutes; docs/solver.md, \"Beside the peers\").\n")


def main() -> int:
    """Parse the options, run, print the report and save it with ``--write``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true",
                        help="50 random puzzles, no subprocess runs, 10 s on the hard ones")
    parser.add_argument("--random", type=int, metavar="N", help="random 30x30 puzzles (500)")
    parser.add_argument("--skip-hard", action="store_true", help="leave out Knotty and Faase")
    parser.add_argument("--timeout", type=float, default=10.0, metavar="S",
                        help="per bench puzzle (default 10)")
    parser.add_argument("--random-timeout", type=float, default=10.0, metavar="S",
                        help="per random puzzle (default 10, the target's limit)")
    parser.add_argument("--hard-seconds", type=float, metavar="S",
                        help="per hard puzzle (default 60)")
    parser.add_argument("--write", action="store_true", help=f"save the report to {RESULTS}")
    args = parser.parse_args()
    if args.random is None:
        args.random = 50 if args.quick else 500
    if args.hard_seconds is None:
        args.hard_seconds = 10.0 if args.quick else 60.0
    text = report(args)
    print(text)
    if args.write:
        RESULTS.parent.mkdir(parents=True, exist_ok=True)
        RESULTS.write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
