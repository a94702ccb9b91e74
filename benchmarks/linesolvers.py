"""Benchmark the linesolvers (issue 3): speed, what fast misses, the JIT's gain, first-call cost.

Random lines of length 10, 25, 50, 100 and 200 are cut from random pictures (densities 0.3, 0.5
and 0.7), with 0 %, 30 % and 60 % of their cells known. For each linesolver the script reports the
median time per line, the lines on which fast misses cells that the complete linesolvers find (how
many, and what share of the cells), the speed-up of the compiled kernels over the same kernels run
as pure Python (``NUMBA_DISABLE_JIT=1``, in a subprocess, on a smaller sample), and the cost of
the first call of every linesolver in a fresh process whose numba cache is warm. It prints
markdown tables, ending with the issue's targets and whether each is met.

Run from the project's root::

    python benchmarks/linesolvers.py            # the recorded run (a few minutes)
    python benchmarks/linesolvers.py --quick    # a smaller sample, to try things out

The dispatcher's fcomp gives lines of up to 128 cells to the bit-mask solver
(``kernels/lines_bits.py``, ``lines_bits2.py`` past 64 cells) and longer ones to fcomp's cell
walk (``kernels/lines_fcomp.py``); the "walk" and "bits" columns time those kernels on their
own (prologue included), bits only up to 128 cells.

Every random choice comes from ``--seed`` (default 3), so a run is reproducible on one machine.
Times are single-threaded wall-clock times: each line is solved repeatedly inside one compiled
loop after a warm first call, so Python's call overhead is left out.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import numba
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from nonotui.kinds.nonogram.engine import _kernels as kernels  # noqa: E402
from nonotui.kinds.nonogram.engine import lines as engine_lines  # noqa: E402
from nonotui.kinds.nonogram.engine._kernels.common import PENDING, prologue  # noqa: E402
from nonotui.kinds.nonogram.engine._kernels.lines_bits import MAX_BITS, bits_open  # noqa: E402
from nonotui.kinds.nonogram.engine._kernels.lines_bits2 import MAX_BITS2, bits2_open  # noqa: E402
from nonotui.kinds.nonogram.engine._kernels.lines_fcomp import fcomp_open  # noqa: E402

LENGTHS = (10, 25, 50, 100, 200)
DENSITIES = (0.3, 0.5, 0.7)
KNOWN = (0.0, 0.3, 0.6)
METHODS = engine_lines.NAMES
COMPLETE_CAP = 2_000_000
"""complete enumerates every arrangement; lines with more than this many are not given to it (a
long line with no known cells can have 10^40), and the tables say how many were left out."""
PYTHON_COMPLETE_CAP = 2_000
"""The same for the pure-Python run, which is about a hundred times slower."""
SEED_001 = ("1 5 1 1 1", "-----???????????-#----#????????--??#")


@dataclass
class Line:
    """One benchmark line and what was measured on it."""

    length: int
    density: float
    known: float
    blocks: np.ndarray
    cells: np.ndarray
    arrangements: int
    micros: dict[str, float] = field(default_factory=dict)
    results: dict[str, np.ndarray] = field(default_factory=dict)


def count_arrangements(blocks: np.ndarray, cells: np.ndarray, cap: int) -> int:
    """How many arrangements of the blocks fit the cells, counted up to ``cap`` (then ``cap + 1``).

    Dynamic programming from the right: ``later[i]`` counts the ways of placing the blocks after
    the current one in cells ``i`` and on (``n + 1`` stands for "past the end").
    """
    n = len(cells)
    solid = (cells & kernels.EMPTY) == 0
    dots_before = np.concatenate(([0], np.cumsum((cells & kernels.FILLED) == 0)))
    later = [0] * (n + 2)  # no blocks left: possible while no solid remains
    later[n] = later[n + 1] = 1
    for i in range(n - 1, -1, -1):
        later[i] = 0 if solid[i] else later[i + 1]
    for length in reversed(blocks.tolist()):
        ways = [0] * (n + 2)
        for i in range(n - 1, -1, -1):
            total = 0 if solid[i] else ways[i + 1]  # cell i empty
            end = i + length  # or the block starts at i
            if end <= n and dots_before[end] == dots_before[i] and (end == n or not solid[end]):
                total += later[min(end + 1, n + 1)]
            ways[i] = min(total, cap + 1)
        later = ways
    return later[0]


def make_lines(seed: int, per_cell: int) -> list[Line]:
    """``per_cell`` random lines for every length, density and share of known cells."""
    rng = np.random.default_rng(seed)
    made = []
    for length in LENGTHS:
        for density in DENSITIES:
            for known in KNOWN:
                for _ in range(per_cell):
                    picture = rng.random(length) < density
                    padded = np.concatenate(([False], picture, [False]))
                    edges = np.flatnonzero(padded[1:] != padded[:-1])
                    blocks = (edges[1::2] - edges[::2]).astype(np.int32)
                    cells = np.full(length, kernels.BOTH, dtype=np.uint32)
                    shown = rng.random(length) < known
                    cells[shown] = np.where(picture[shown], kernels.FILLED, kernels.EMPTY)
                    count = count_arrangements(blocks, cells, COMPLETE_CAP)
                    made.append(Line(length, density, known, blocks, cells, count))
    return made


@numba.njit(cache=True, nogil=True)
def _repeat_open(which, blocks, line, out, iwork, reps):  # type: ignore[no-untyped-def]
    """The prologue, then fcomp's cell walk (``which`` 0) or the bit-mask solver (1: one word up
    to 64 cells, two up to 128), ``reps`` times: the kernels the dispatcher's fcomp chooses
    between, each timed on its own."""
    status = 0
    for _ in range(reps):
        status = prologue(blocks, line, out)
        if status == PENDING:
            if which == 0:
                status = fcomp_open(blocks, line, out, iwork)
            elif line.shape[0] <= MAX_BITS:
                status = bits_open(blocks, line, out, iwork)
            else:
                status = bits2_open(blocks, line, out, iwork)
    return status


def time_open(which: int, blocks: np.ndarray, cells: np.ndarray,
              min_seconds: float) -> tuple[np.ndarray, float]:
    """:func:`_repeat_open` timed as ``engine_lines.time_cells`` times a linesolver (best of
    three runs of enough repetitions to last ``min_seconds``): ``(new cells, microseconds)``."""
    out = np.zeros_like(cells)
    iwork = engine_lines.work_array(len(cells), len(blocks))
    _repeat_open(which, blocks, cells, out, iwork, 1)
    reps = 1
    while True:
        start = time.perf_counter()
        _repeat_open(which, blocks, cells, out, iwork, reps)
        elapsed = time.perf_counter() - start
        if elapsed >= min_seconds or reps >= 1 << 24:
            break
        reps *= 2 if elapsed * 8 >= min_seconds else 8
    best = elapsed
    for _ in range(2):
        start = time.perf_counter()
        _repeat_open(which, blocks, cells, out, iwork, reps)
        best = min(best, time.perf_counter() - start)
    return out, best / reps * 1e6


def measure(sample: list[Line], min_seconds: float) -> None:
    """Time every linesolver on every line (complete only within its cap), and fcomp's two
    kernels on their own ("walk": fcomp's cell walk, on every line; "bits": the bit-mask solver,
    on lines of up to 128 cells, checked to give fcomp's answer)."""
    for line in sample:
        out, line.micros["walk"] = time_open(0, line.blocks, line.cells, min_seconds)
        line.results["walk"] = out.copy()
        if line.length <= MAX_BITS2:
            out, line.micros["bits"] = time_open(1, line.blocks, line.cells, min_seconds)
            if not np.array_equal(out, line.results["walk"]):
                raise AssertionError("the bit-mask solver and fcomp's walk disagree")
        for name in METHODS:
            if name == "complete" and line.arrangements > COMPLETE_CAP:
                continue
            status, out, micros = engine_lines.time_cells(
                engine_lines.get(name), line.blocks, line.cells, min_seconds=min_seconds
            )
            if status == kernels.CONTRADICTION:
                raise AssertionError(f"{name} found a contradiction in a line cut from a picture")
            line.micros[name] = micros
            line.results[name] = out.copy()


def _median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def _fmt(micros: float) -> str:
    if micros != micros:
        return "-"
    return f"{micros:.2f}" if micros < 100 else f"{micros:.0f}"


def speed_table(sample: list[Line]) -> str:
    """Median microseconds per line by length and known share, and what fast misses."""
    rows = [
        "| length | known | lines | fast µs | complete µs | fcomp µs | olsak µs "
        "| fcomp / fast | fast misses (lines) | fast misses (cells) | walk µs | bits µs "
        "| walk / bits |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for length in LENGTHS:
        for known in KNOWN:
            group = [x for x in sample if x.length == length and x.known == known]
            med = {m: _median([x.micros[m] for x in group if m in x.micros])
                   for m in (*METHODS, "walk", "bits")}
            ran = sum("complete" in x.micros for x in group)
            complete = _fmt(med["complete"]) + ("" if ran == len(group) else f" ({ran} lines)")
            missed_lines, missed_cells, open_cells = _misses(group)
            rows.append(
                f"| {length} | {known:.0%} | {len(group)} | {_fmt(med['fast'])} | {complete} "
                f"| {_fmt(med['fcomp'])} | {_fmt(med['olsak'])} "
                f"| {med['fcomp'] / med['fast']:.1f}x | {missed_lines} of {len(group)} "
                f"| {missed_cells} of {open_cells} ({_share(missed_cells, open_cells)}) "
                f"| {_fmt(med['walk'])} | {_fmt(med['bits'])} "
                f"| {_ratio(med['walk'], med['bits'])} |"
            )
    return "\n".join(rows)


def _ratio(a: float, b: float) -> str:
    return "-" if a != a or b != b else f"{a / b:.1f}x"


def worst_table(sample: list[Line]) -> str:
    """The slowest line of each length for each linesolver: the tail the medians hide."""
    rows = [
        "| length | fast µs | complete µs | fcomp µs | olsak µs | walk µs | bits µs |",
        "|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for length in LENGTHS:
        group = [x for x in sample if x.length == length]
        worst = [max((x.micros[m] for x in group if m in x.micros), default=float("nan"))
                 for m in (*METHODS, "walk", "bits")]
        rows.append(f"| {length} | " + " | ".join(_fmt(w) for w in worst) + " |")
    return "\n".join(rows)


def _share(part: int, whole: int) -> str:
    return f"{part / whole:.1%}" if whole else "-"


def _misses(group: list[Line]) -> tuple[int, int, int]:
    """Lines where fast leaves cells open that fcomp (standing for every complete linesolver,
    which the tests prove agree) determines; those cells; and the cells fcomp determines that
    were unknown before."""
    lines_missed = cells_missed = determined = 0
    for x in group:
        fast, full = x.results["fast"], x.results["fcomp"]
        missed = int(((fast == kernels.BOTH) & (full != kernels.BOTH)).sum())
        lines_missed += missed > 0
        cells_missed += missed
        determined += int(((x.cells == kernels.BOTH) & (full != kernels.BOTH)).sum())
    return lines_missed, cells_missed, determined


def fcomp_vs_complete(sample: list[Line]) -> tuple[int, float, float, float]:
    """Length-50 lines with 8 or more blocks that complete ran on: how many, complete's and
    fcomp's medians, and the median of complete/fcomp per line."""
    group = [
        x for x in sample if x.length == 50 and len(x.blocks) >= 8 and "complete" in x.micros
    ]
    ratios = [x.micros["complete"] / x.micros["fcomp"] for x in group]
    return (
        len(group),
        _median([x.micros["complete"] for x in group]),
        _median([x.micros["fcomp"] for x in group]),
        _median(ratios),
    )


def _child_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_DISABLE_JIT"}
    env["PYTHONPATH"] = str(ROOT)
    env.update(extra)
    return env


def pure_python_speedups(
    sample: list[Line], per_length: int, min_seconds: float
) -> tuple[str, dict[str, float]]:
    """Time a sub-sample as pure Python in a subprocess and compare with the compiled times.

    Returns the markdown table and each linesolver's median speed-up per line.
    """
    chosen = []
    for length in LENGTHS[:-1]:  # pure-Python runs of length 200 add minutes, not information
        group = [x for x in sample if x.length == length and x.known == 0.3]
        chosen += group[:: max(1, len(group) // per_length)][:per_length]
    jobs = [
        {"method": engine_lines.get(name).method_id, "blocks": x.blocks.tolist(),
         "cells": x.cells.tolist(), "name": name, "line": i}
        for i, x in enumerate(chosen)
        for name in METHODS
        if name != "complete" or x.arrangements <= PYTHON_COMPLETE_CAP
    ]
    done = subprocess.run(
        [sys.executable, __file__, "--python-worker", str(min_seconds)],
        input=json.dumps(jobs), capture_output=True, text=True, check=True,
        env=_child_env(NUMBA_DISABLE_JIT="1"),
    )
    python_micros = json.loads(done.stdout)
    rows = [
        "| linesolver | lines | pure Python median µs | compiled median µs "
        "| speed-up (median per line) | smallest speed-up |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    medians = {}
    for name in METHODS:
        pairs = [
            (py, chosen[job["line"]].micros[name])
            for job, py in zip(jobs, python_micros)
            if job["name"] == name
        ]
        ratios = [py / jit for py, jit in pairs]
        medians[name] = _median(ratios)
        rows.append(
            f"| {name} | {len(pairs)} | {_fmt(_median([p for p, _ in pairs]))} "
            f"| {_fmt(_median([j for _, j in pairs]))} | {_median(ratios):.0f}x "
            f"| {min(ratios):.0f}x |"
        )
    return "\n".join(rows), medians


def python_worker(min_seconds: float) -> None:
    """Child process, JIT disabled: time each job given on stdin, print microseconds as JSON."""
    from nonotui.kinds.nonogram.engine import (  # NUMBA_DISABLE_JIT=1: plain Python functions
        kernels as plain,
    )

    assert not hasattr(plain.solve_line, "py_func"), "the JIT is not disabled"
    micros = []
    for job in json.load(sys.stdin):
        blocks = np.array(job["blocks"], dtype=np.int32)
        cells = np.array(job["cells"], dtype=np.uint32)
        colors = np.ones(len(blocks), dtype=np.int32)
        out = np.empty_like(cells)
        iwork = engine_lines.work_array(len(cells), len(blocks))
        best = float("inf")
        for _ in range(3):  # best of three, like the compiled timings
            reps = 0
            start = time.perf_counter()
            while True:
                plain.solve_line(job["method"], blocks, colors, cells, out, iwork)
                reps += 1
                elapsed = time.perf_counter() - start
                if elapsed >= min_seconds:
                    break
            best = min(best, elapsed / reps)
        micros.append(best * 1e6)
    print(json.dumps(micros))


FIRST_CALL = f"""
import json, time
start = time.perf_counter()
from nonotui.kinds.nonogram.engine import NAMES, solve_line
imported = time.perf_counter()
for name in NAMES:
    solve_line(name, {SEED_001[0]!r}, {SEED_001[1]!r})
called = time.perf_counter()
print(json.dumps({{"import": imported - start, "first_calls": called - imported}}))
"""


def first_call_cost() -> dict[str, float]:
    """Import time and the first call of every linesolver in a fresh process, cache warm.

    The probe runs twice; the first run fills numba's cache if anything was missing, the second
    is the one reported.
    """
    report = {}
    for _ in range(2):
        done = subprocess.run(
            [sys.executable, "-c", FIRST_CALL], capture_output=True, text=True, check=True,
            env=_child_env(), cwd=ROOT,
        )
        report = json.loads(done.stdout)
    return report


def targets_table(sample: list[Line], gains: dict[str, float], first: dict[str, float]) -> str:
    """The issue's four targets, each with its figure and whether it is met."""
    fast100 = _median([x.micros["fast"] for x in sample if x.length == 100])
    fcomp100 = _median([x.micros["fcomp"] for x in sample if x.length == 100])
    ratio100 = fcomp100 / fast100
    n50, complete50, fcomp50, ratio50 = fcomp_vs_complete(sample)
    first_calls = first["first_calls"]
    rows = [
        (
            "fcomp's median within 3x of fast's on length-100 lines",
            f"fcomp {_fmt(fcomp100)} µs, fast {_fmt(fast100)} µs: {ratio100:.1f}x",
            ratio100 <= 3,
        ),
        (
            "fcomp beats complete 10x on length-50 lines with 8+ blocks",
            f"{n50} lines: complete {_fmt(complete50)} µs, fcomp {_fmt(fcomp50)} µs (medians); "
            f"median per-line ratio {ratio50:.0f}x",
            ratio50 >= 10,
        ),
        (
            "every kernel 50x faster than pure Python (median per line)",
            ", ".join(f"{name} {gain:.0f}x" for name, gain in gains.items()),
            min(gains.values()) >= 50,
        ),
        (
            "first call of all linesolvers, fresh process, warm cache, under 0.5 s",
            f"{first_calls:.3f} s (the import before it, numba included: {first['import']:.3f} s)",
            first_calls < 0.5,
        ),
    ]
    lines = ["| target | figure | met |", "|---|---|---|"]
    lines += [f"| {target} | {figure} | {'yes' if met else 'no'} |" for target, figure, met in rows]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its tables (or, as a child process, time pure Python)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a small sample, for a try")
    parser.add_argument("--seed", type=int, default=3, help="seed of every random choice")
    parser.add_argument("--python-worker", type=float, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.python_worker is not None:
        python_worker(args.python_worker)
        return 0

    per_cell, min_seconds, py_per_length, py_seconds = (
        (4, 0.002, 3, 0.003) if args.quick else (30, 0.005, 9, 0.01)
    )
    started = time.perf_counter()
    engine_lines.solve_line("fcomp", *SEED_001)  # compile (or load) before any timing
    sample = make_lines(args.seed, per_cell)
    measure(sample, min_seconds)
    speedups, gains = pure_python_speedups(sample, py_per_length, py_seconds)
    first = first_call_cost()
    command = "python benchmarks/linesolvers.py" + (" --quick" if args.quick else "")
    if args.seed != 3:
        command += f" --seed {args.seed}"

    print(f"## Linesolver benchmark (`{command}`)\n")
    print(
        f"{len(sample)} lines: {per_cell} per length, density and known share; "
        f"numba {numba.__version__}, Python {sys.version.split()[0]}, {os.cpu_count()} cores.\n"
    )
    print(speed_table(sample))
    print("\n### The slowest line of each length\n")
    print(worst_table(sample))
    print("\n### Compiled against pure Python (30 % known, lengths 10 to 100)\n")
    print(speedups)
    print("\n### Targets\n")
    print(targets_table(sample, gains, first))
    print(f"\nTotal benchmark time {time.perf_counter() - started:.0f} s.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
