"""Conflicts of the learning search (CDCL) alone, per group of puzzles, for comparing its variants.

Run: ``nice -n 10 python benchmarks/cdcl_conflicts.py`` from the checkout (about a minute of CPU
per variant). Results and the variants tried: docs/solver.md, "Fewer conflicts". Groups (``--group``, repeatable; all by default):

- ``slow``: the 62 random 30x30 seeds that took the learning search alone over 0.1 s of CPU on
  2026-11-24 (of seeds 0-999; :data:`SLOW_SEEDS`); puzzle ``i`` is
  ``benchmarks/random_tail.py``'s ``random_puzzle(i, 30, 30)``.
- ``easy``: random 30x30 seeds 0-99 not among them (the easy bulk, to catch regressions).
- ``fresh`` (only when asked): ``--fresh`` random 30x30 seeds from ``--fresh-start`` (300 from
  1000), never screened: the fair test of a change, since the slow group favours any change
  over the mode it was picked with (regression to the mean).
- ``hard``: Forever (``../shared/bench/survey/webpbn-06574.nin``, or ``--forever``), and
  LalaFrogKK, MLP and 9-Dom from the folder named by ``NONOTUI_HARD_DIR`` (``LalaFrogKK.non``,
  ``MLP.non``, ``9-dom.non``), each left out when its file is missing.

Each puzzle is solved by the learning search's kernel (``kernels.cdcl_grid``, what
``solve(puzzle, max_solutions=2, strategy="cdcl")`` runs) in a thread of this process, capped at
``--cap`` conflicts (60,000) or ``--timeout`` seconds of wall time (60 s, so that the cap decides): the main thread polls
the kernel's conflict counter and sets its stop flag. A capped puzzle counts as the cap (exactly:
conflicts are clipped to it), so the conflict figures are deterministic whatever the machine's
load. CPU is the kernel thread's own CPU time (``time.thread_time``), one untimed warm-up solve
first so that loading numba's kernels is not counted.

Printed per group and variant: the geometric mean of the conflicts (each + 1) and of the CPU
seconds, the median, how many random seeds took under 0.1 s of CPU, how many hit the cap; with
two or more variants, the ratio of each to the first (geometric mean of the per-puzzle ratios).

Variants: ``--mode M`` (repeatable) sets the kernel's ``mode``: ``search.CDCL_PLAIN`` (0, the
plain search, the default) or the shaken search, ``kernels.MODE_SHAKE`` (134217728) plus ``k <<
kernels.SHAKE_SEED_SHIFT`` (40) for seed ``k + 1``. The heuristics that were flags of the mode
are no longer variants: production's are always on and the others were removed from the kernels
(docs/solver.md, "Dropped experiments removed from the kernels"; the figures below them were
measured with them). The puzzles of a group run variant after variant, back to back, so CPU
ratios come from the same minutes of the machine. ``--json FILE`` writes every puzzle's
figures.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

from random_tail import random_puzzle  # noqa: E402

from nonotui.kinds.nonogram.engine import _kernels as kernels  # noqa: E402
from nonotui.kinds.nonogram.engine import packed, search  # noqa: E402
from nonotui.kinds.nonogram.formats import load  # noqa: E402
from nonotui.kinds.nonogram.puzzle import Puzzle  # noqa: E402
from nonotui.model.cells import CELL_DTYPE  # noqa: E402

SLOW_SEEDS = (
    6, 19, 25, 28, 41, 57, 85, 99, 100, 132, 133, 142, 181, 204, 209, 212, 235, 256, 268, 288,
    289, 335, 342, 358, 366, 373, 417, 428, 452, 460, 503, 522, 546, 558, 559, 561, 579, 580,
    597, 599, 613, 622, 656, 659, 666, 681, 716, 743, 755, 782, 796, 813, 824, 863, 873, 876,
    891, 896, 912, 934, 956, 977,
)
"""Random 30x30 seeds over 0.1 s of CPU with the learning search alone (lead, 2026-11-24)."""
FAST = 0.1
HARD_FILES = (("LalaFrogKK", "LalaFrogKK.non"), ("MLP", "MLP.non"), ("9-Dom", "9-dom.non"))
POLL = 0.002
FRESH = 1000
"""The fresh group's first seed: random 30x30 seeds never screened, free of the selection that
makes the slow group slow for the mode it was picked with (any other variant looks better on
those 62 by regression to the mean)."""


def run_kernel(puzzle: Puzzle, mode: int, cap: int, timeout: float) -> dict[str, Any]:
    """The learning search alone on ``puzzle`` with kernel ``mode``, stopped at ``cap``
    conflicts or ``timeout`` seconds."""
    p = packed.prepare(puzzle)
    cells = np.full(p.h * p.w, p.unknown, dtype=CELL_DTYPE)
    solutions = np.zeros((2, p.h * p.w), dtype=CELL_DTYPE)
    control = np.zeros(1, dtype=np.int64)
    stats = np.zeros(kernels.N_CD_STATS, dtype=np.int64)
    out: dict[str, Any] = {}

    def work() -> None:
        t = time.thread_time()
        out["status"], out["found"] = kernels.cdcl_grid(
            p.h, p.w, p.blocks, p.colors, p.clue_off, cells, 2, solutions, control, stats, mode)
        out["cpu"] = time.thread_time() - t

    thread = threading.Thread(target=work, daemon=True)
    start = time.perf_counter()
    thread.start()
    while thread.is_alive():
        thread.join(POLL)
        if stats[kernels.CD_CONFLICTS] >= cap or time.perf_counter() - start > timeout:
            control[0] = 1
    conflicts = int(stats[kernels.CD_CONFLICTS])
    capped = out["status"] == kernels.CDCL_STOPPED
    found = int(out["found"])
    if found:
        check(puzzle, solutions[0])
    return {"conflicts": min(conflicts, cap) if capped else conflicts, "cpu": out["cpu"],
            "capped": capped, "found": found, "status": int(out["status"])}


def check(puzzle: Puzzle, flat: np.ndarray) -> None:
    """Fail loudly if a solution breaks a clue (an answer checked by code that is not the
    engine's)."""
    grid = (flat.reshape(puzzle.height, puzzle.width) == 2)

    def runs(cells: Any) -> tuple[int, ...]:
        out, n = [], 0
        for c in list(cells) + [False]:
            if c:
                n += 1
            elif n:
                out.append(n)
                n = 0
        return tuple(out)

    for r in range(puzzle.height):
        assert runs(grid[r]) == tuple(puzzle.rows[r]), f"row {r} broken"
    for c in range(puzzle.width):
        assert runs(grid[:, c]) == tuple(puzzle.columns[c]), f"column {c} broken"


def groups(names: list[str], forever: Path, fresh: int, fresh_start: int = FRESH) -> list[tuple[str, list[tuple[str, Puzzle]]]]:
    """The chosen groups, each as ``(name, [(label, puzzle), ...])``."""
    out: list[tuple[str, list[tuple[str, Puzzle]]]] = []
    for name in names:
        if name == "slow":
            out.append((name, [(str(s), random_puzzle(s, 30, 30)) for s in SLOW_SEEDS]))
        elif name == "easy":
            out.append((name, [(str(s), random_puzzle(s, 30, 30)) for s in range(100)
                               if s not in SLOW_SEEDS]))
        elif name == "fresh":
            out.append((name, [(str(s), random_puzzle(s, 30, 30)) for s in
                               range(fresh_start, fresh_start + fresh)]))
        else:
            hard = []
            if forever.exists():
                hard.append(("Forever", load(forever)))
            folder = os.environ.get("NONOTUI_HARD_DIR")
            for label, file in HARD_FILES:
                if folder and (Path(folder) / file).exists():
                    hard.append((label, load(Path(folder) / file)))
            out.append((name, hard))
    return out


def gmean(xs: list[float]) -> float:
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--group", action="append", choices=("slow", "easy", "hard", "fresh"))
    ap.add_argument("--fresh", type=int, default=300, help="seeds in the fresh group")
    ap.add_argument("--fresh-start", type=int, default=FRESH, help="the fresh group's first seed")
    ap.add_argument("--mode", action="append", type=int,
                    help=f"kernel mode of a variant (repeatable; default {search.CDCL_PLAIN}, the "
                         f"plain search; {search.CDCL_SHAKEN} + (k << 40) the shaken one)")
    ap.add_argument("--cap", type=int, default=60_000, help="conflicts per puzzle")
    ap.add_argument("--timeout", type=float, default=60.0, help="wall seconds per puzzle")
    ap.add_argument("--forever", type=Path,
                    default=REPO.parent / "shared" / "bench" / "survey" / "webpbn-06574.nin")
    ap.add_argument("--seeds", type=str, default=None,
                    help="comma-separated random seeds instead of the groups (quick loops)")
    ap.add_argument("--json", type=Path, default=None)
    args = ap.parse_args()
    modes = args.mode or [search.CDCL_PLAIN]
    if args.seeds:
        chosen = [("seeds", [(s, random_puzzle(int(s), 30, 30)) for s in args.seeds.split(",")])]
    else:
        chosen = groups(args.group or ["slow", "easy", "hard"], args.forever, args.fresh,
                        args.fresh_start)
    for m in modes:  # warm-up: load (or compile) the kernel
        run_kernel(random_puzzle(0, 10, 10), m, args.cap, args.timeout)
    record: dict[str, Any] = {}
    for name, puzzles in chosen:
        rows: dict[int, list[dict[str, Any]]] = {m: [] for m in modes}
        for label, puzzle in puzzles:
            for m in modes:
                r = run_kernel(puzzle, m, args.cap, args.timeout)
                r["puzzle"] = label
                rows[m].append(r)
        record[name] = {str(m): rows[m] for m in modes}
        print(f"{name} ({len(puzzles)} puzzles, cap {args.cap:,} conflicts / {args.timeout} s)")
        base = rows[modes[0]]
        for m in modes:
            rs = rows[m]
            conf = [r["conflicts"] + 1 for r in rs]
            cpu = [max(r["cpu"], 1e-4) for r in rs]
            line = (f"  mode {m:4d}: conflicts gmean {gmean(conf):9.1f} median "
                    f"{statistics.median(conf) - 1:8.0f}  CPU gmean {gmean(cpu) * 1000:8.1f} ms"
                    f"  under {FAST} s {sum(c < FAST for c in cpu):3d}  capped "
                    f"{sum(r['capped'] for r in rs):2d}  total {sum(c - 1 for c in conf):,} conflicts "
                    f"{sum(cpu):.1f} s")
            if m != modes[0]:
                rc = gmean([(a["conflicts"] + 1) / (b["conflicts"] + 1) for a, b in zip(rs, base)])
                rt = gmean([max(a["cpu"], 1e-4) / max(b["cpu"], 1e-4) for a, b in zip(rs, base)])
                line += f"  ratio conflicts {rc:.3f} CPU {rt:.3f}"
            print(line)
        if name == "hard" or len(puzzles) <= 8:
            for i, (label, _) in enumerate(puzzles):
                print("    " + label + ": " + ", ".join(
                    f"{rows[m][i]['conflicts']:,} conflicts {rows[m][i]['cpu'] * 1000:.0f} ms"
                    for m in modes))
        sys.stdout.flush()
    if args.json:
        args.json.write_text(json.dumps(record, indent=1))


if __name__ == "__main__":
    main()
