"""What the checked wrappers of ``engine/calls.py`` cost over calling a kernel bare.

Times ``calls.solve_line`` against the kernel it wraps on the same 30-cell line, and
``calls.probe_all`` against its kernel on a 10x10 puzzle, interleaved, best of five rounds each;
prints microseconds per call and the difference. Run: ``python benchmarks/kernel_calls.py``.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from nonotui.kinds.nonogram.engine import _kernels, calls  # noqa: E402
from nonotui.kinds.nonogram.engine.packed import prepare  # noqa: E402
from nonotui.kinds.nonogram.formats import tatham  # noqa: E402
from nonotui.model.cells import CELL_DTYPE, CLUE_DTYPE  # noqa: E402

TEN = "10x10:3.3/1.1.1/2.2/1.1.1/3.3/3.3/1.1.1/2.2/1.1.1/3.3/3.3/1.1.1/2.2/1.1.1/3.3/3.3/1.1.1/2.2/1.1.1/3.3"


def best(fn: Callable[[], object], reps: int) -> float:
    """Microseconds per call, best of five rounds of ``reps`` calls."""
    times = []
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(reps):
            fn()
        times.append((time.perf_counter() - start) / reps * 1e6)
    return min(times)


def main() -> None:
    blocks = np.array([3, 1, 4, 2, 5], dtype=CLUE_DTYPE)
    colors = np.ones(5, dtype=CLUE_DTYPE)
    cells = np.full(30, 3, dtype=CELL_DTYPE)
    out = np.empty(30, dtype=CELL_DTYPE)
    iwork = np.empty(calls.work_size(30, 5), dtype=np.int32)
    method = np.int32(calls.FCOMP)
    (puzzle,) = tatham.read(TEN, "<ten>")
    prep = prepare(puzzle)
    board = np.full(100, 3, dtype=CELL_DTYPE)
    sizes = np.zeros((100, 2), dtype=np.int64)
    rows = [
        ("solve_line, 30 cells", 20000,
         lambda: _kernels.solve_line(method, blocks, colors, cells, out, iwork),
         lambda: calls.solve_line(calls.FCOMP, blocks, colors, cells, out, iwork)),
        ("probe_all, 10x10", 200,
         lambda: _kernels.probe_all(prep.h, prep.w, prep.blocks, prep.colors, prep.clue_off,
                                    board, sizes),
         lambda: calls.probe_all(prep, board, sizes)),
    ]
    print("| call | bare kernel (us) | checked wrapper (us) | difference (us) |")
    print("|---|---|---|---|")
    for name, reps, bare, checked in rows:
        bare(); checked()  # noqa: E702 - compile or load first
        b = min(best(bare, reps), best(bare, reps))
        c = min(best(checked, reps), best(checked, reps))
        print(f"| {name} | {b:.2f} | {c:.2f} | {c - b:+.2f} |")


if __name__ == "__main__":
    main()
