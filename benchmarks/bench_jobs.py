"""``nonotui bench --jobs N`` against ``--jobs 1``: the wall-clock speed-up of the worker pool.

Run: ``python benchmarks/bench_jobs.py`` from the checkout (``--random N`` random puzzles added
to the collection, default 100, of ``--size N`` cells a side, default 30; ``--only-random``
leaves the shared puzzles out; ``--repeats R``, default 3; ``--timeout S`` per puzzle, default
10; ``--jobs 1,2,4`` the settings to compare, default 1, 2 and every core when there are more).

The collection: every black-and-white puzzle of ``../shared/bench/survey`` and
``../shared/bench/nonogram-db`` except Knotty and Faase (no solver decides them in the timeout),
and ``--random`` random 30x30 puzzles (cells filled with probability 0.5, puzzle ``i`` drawn from
``numpy.random.default_rng(i)``), written as ``.nin`` files to a temporary folder. Each setting
runs ``python -m nonotui bench FOLDER --json --timeout S --jobs N`` as a whole process (start-up,
the workers' start and numba cache loads included: what a user waits for), the settings
interleaved, ``R`` times each; the table gives the median wall seconds, the speed-up over
``--jobs 1`` and whether every puzzle got the same status as with ``--jobs 1``.

The machine's load average is printed first: other processes on the same cores take from the
speed-up, so compare the ratios of one run.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
BENCH = (REPO / ".." / "shared" / "bench").resolve()
HARD = ("knotty.nin", "faase.nin")
sys.path.insert(0, str(REPO))

from nonotui import kinds  # noqa: E402


def runs(line: list[int]) -> list[int]:
    """The block lengths of a line of 0/1 cells."""
    out, length = [], 0
    for v in [*line, 0]:
        if v:
            length += 1
        elif length:
            out.append(length)
            length = 0
    return out


def write_random(folder: Path, count: int, size: int = 30, p: float = 0.5) -> None:
    """``count`` seeded random puzzles as ``.nin`` files (rows, then columns; 0 for none)."""
    for seed in range(count):
        picture = (np.random.default_rng(seed).random((size, size)) < p).astype(int).tolist()
        lines = [runs(row) for row in picture] + [runs(list(col)) for col in zip(*picture)]
        text = f"{size} {size}\n" + "".join(" ".join(map(str, c or [0])) + "\n" for c in lines)
        (folder / f"random-{size}-{seed:04d}.nin").write_text(text, encoding="utf-8")


def build_collection(folder: Path, random_count: int, size: int = 30,
                     shared: bool = True) -> int:
    """Link the shared puzzles into ``folder`` and add the random ones; returns the file count."""
    for sub in ("survey", "nonogram-db") if shared else ():
        for path in sorted((BENCH / sub).rglob("*")):
            if (path.is_file() and kinds.format_for_extension(path) is not None
                    and path.name not in HARD):
                name = "-".join(path.relative_to(BENCH).parts)
                (folder / name).symlink_to(path)
    write_random(folder, random_count, size)
    return sum(1 for _ in folder.iterdir())


def one_run(folder: Path, jobs: int, timeout: float) -> tuple[float, list[dict[str, object]]]:
    """Whole-process wall seconds and the JSON rows of one ``nonotui bench``."""
    cmd = [sys.executable, "-m", "nonotui", "bench", str(folder), "--json",
           "--timeout", str(timeout), "--jobs", str(jobs)]
    start = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True, cwd=REPO, check=False)
    wall = time.perf_counter() - start
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(cmd)} exited {done.returncode}: {done.stderr}")
    return wall, json.loads(done.stdout)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--random", type=int, default=100)
    parser.add_argument("--size", type=int, default=30)
    parser.add_argument("--only-random", action="store_true")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("--jobs", default=None, help="comma-separated settings to compare")
    args = parser.parse_args()
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    settings = ([int(j) for j in args.jobs.split(",")] if args.jobs
                else sorted({1, 2, cores or 1}))
    if 1 not in settings:
        settings.insert(0, 1)
    if not BENCH.is_dir():
        print(f"{BENCH} is absent: only the random puzzles are used")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        files = build_collection(folder, args.random, args.size,
                                 shared=BENCH.is_dir() and not args.only_random)
        print(f"cores {cores}; load average {os.getloadavg()[0]:.2f}; {files} files; "
              f"timeout {args.timeout:g} s; {args.repeats} runs each, interleaved")
        walls: dict[int, list[float]] = {j: [] for j in settings}
        statuses: dict[int, list[str]] = {}
        engine: dict[int, float] = {}
        for _ in range(args.repeats):
            for jobs in settings:
                wall, rows = one_run(folder, jobs, args.timeout)
                walls[jobs].append(wall)
                statuses[jobs] = [f"{r['file']}:{r['status']}" for r in rows]
                engine[jobs] = sum(float(r["seconds"]) for r in rows)  # type: ignore[arg-type]
    base = statistics.median(walls[1])
    counts: dict[str, int] = {}
    for entry in statuses[1]:
        status = entry.rpartition(":")[2]
        counts[status] = counts.get(status, 0) + 1
    summary = ", ".join(f"{n} {s}" for s, n in sorted(counts.items()))
    print(f"puzzles {len(statuses[1])}: {summary}")
    print()
    print("| --jobs | wall s (median) | runs | speed-up | engine s (sum) | same statuses |")
    print("|---|---|---|---|---|---|")
    for jobs in settings:
        median = statistics.median(walls[jobs])
        print(f"| {jobs} | {median:.2f} | {' '.join(f'{w:.2f}' for w in walls[jobs])} | "
              f"{base / median:.2f}x | {engine[jobs]:.2f} | "
              f"{'yes' if statuses[jobs] == statuses[1] else 'NO'} |")
    return 0 if all(statuses[j] == statuses[1] for j in settings) else 1


if __name__ == "__main__":
    raise SystemExit(main())
