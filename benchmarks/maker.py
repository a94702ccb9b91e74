"""The maker: how fast the verdict follows a change, and how few cells "make unique" changes.

Run: ``python benchmarks/maker.py`` from the checkout (``--quick`` for a tenth of the seeds,
``--oracle-seconds`` for the independent check's limit per puzzle).

**Verdict after a change** (:func:`nonotui.kinds.nonogram.making.verdict`, warm: one untimed
verdict first so that loading the compiled kernels is not counted). Each drawing has one cell
flipped (the change a person just made, drawn by the seed), then the verdict (unique / several /
none / undecided, not the grade) is timed, wall clock, 2 s limit. Sets:

- ``bundled``: every bundled nonogram's picture, each with one seeded flip;
- ``drawings 30x30`` and ``drawings 50x50``: 100 seeded drawings each, the kind of picture a
  person draws: ``numpy.random.default_rng(seed)`` noise smoothed by a 5x5 box mean and
  thresholded at its median (blobs, not speckle).

The issue's targets: median under 50 ms at 30x30 and under 200 ms at 50x50; an undecided
drawing says so at 2 s rather than waiting.

**Make unique** on 100 seeded random 20x20 pictures (``default_rng(seed).random((20, 20)) <
0.5``: speckle, the hardest case for uniqueness): :func:`~nonotui.kinds.nonogram.making.make_unique`
with a 20 s budget; every result is then proven unique by ``tests/naive_count.py``, an oracle
that shares nothing with the engine (its own line logic and depth-first search, counting to 2).
The median number of changed cells is compared with what ``generate --from`` changes for the
same pictures (:func:`nonotui.kinds.nonogram.picture.make_unique` with every cell equally sure:
it makes them line-solvable, a stronger goal than unique).

**Make harder** on the bundled black-and-white pictures line logic solves, and on 100 seeded
10x10 speckles made line-solvable by make easier: how often it finds changes that keep the
clues unique but beyond line logic, how many cells, and every result checked by the oracle.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from nonotui.kinds.nonogram.making import blank, make_unique, verdict  # noqa: E402
from nonotui.kinds.nonogram.picture import make_unique as line_solvable  # noqa: E402
from nonotui.model.kind import Drawing  # noqa: E402
from tests.naive_count import clues_of, count  # noqa: E402


def drawing(seed: int, size: int) -> Drawing:
    """A blobby seeded drawing of ``size`` x ``size`` (see the module)."""
    noise = np.random.default_rng(seed).random((size + 4, size + 4))
    kernel = np.ones(5) / 5
    smooth = np.apply_along_axis(lambda m: np.convolve(m, kernel, "valid"), 0, noise)
    smooth = np.apply_along_axis(lambda m: np.convolve(m, kernel, "valid"), 1, smooth)
    picture = (smooth < np.median(smooth)).astype(int)
    return blank(size, size).changed(
        [(r, c, int(v)) for r, row in enumerate(picture) for c, v in enumerate(row)])


def speckle(seed: int, size: int) -> Drawing:
    picture = (np.random.default_rng(seed).random((size, size)) < 0.5).astype(int)
    return blank(size, size).changed(
        [(r, c, int(v)) for r, row in enumerate(picture) for c, v in enumerate(row)])


def flipped(d: Drawing, seed: int) -> Drawing:
    rng = np.random.default_rng(10_000 + seed)
    r, c = int(rng.integers(d.height)), int(rng.integers(d.width))
    return d.changed([(r, c, 1 - d.picture[r][c] if len(d.palette) == 2 else 0)])


def bundled() -> list[tuple[str, Drawing]]:
    from nonotui.kinds.nonogram.making import drawing_of
    from nonotui.kinds.nonogram.puzzle import Puzzle
    from nonotui.store.catalog import bundled_entries

    found = []
    for entry in bundled_entries():
        if isinstance(entry.puzzle, Puzzle):
            found.append((entry.name, drawing_of(entry.puzzle)))
    return found


def time_verdicts(name: str, drawings: list[Drawing]) -> list[float]:
    times, statuses = [], {}
    for i, d in enumerate(drawings):
        changed = flipped(d, i)
        start = time.perf_counter()
        v = verdict(changed)
        times.append(time.perf_counter() - start)
        statuses[v.status] = statuses.get(v.status, 0) + 1
    times.sort()
    print(f"{name:16} n={len(times):3}  median {statistics.median(times) * 1000:7.2f} ms  "
          f"p90 {times[int(0.9 * (len(times) - 1))] * 1000:7.2f} ms  max {times[-1] * 1000:7.1f} ms  "
          f"{dict(sorted(statuses.items()))}")
    return times


def proven_unique(d: Drawing, seconds: float) -> bool | None:
    rows, columns = clues_of(d.picture)
    deadline = time.perf_counter() + seconds
    # the oracle has no clock: count in a thread-free loop and give up by wall time between
    # solutions is not possible, so it simply runs; ``seconds`` only reports slow ones
    n = count(rows, columns, cap=2)
    if time.perf_counter() > deadline:
        print(f"  (the oracle took over {seconds:g} s)")
    return n == 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a tenth of the seeds")
    parser.add_argument("--oracle-seconds", type=float, default=30.0)
    parser.add_argument("--skip-unique", action="store_true")
    args = parser.parse_args()
    n = 10 if args.quick else 100
    verdict(drawing(0, 10))  # warm-up: load the kernels
    sets = bundled()
    print(f"verdict after one changed cell, warm, wall clock ({len(sets)} bundled pictures, "
          f"{n} drawings of each size)")
    time_verdicts("bundled", [d for _, d in sets])
    t30 = time_verdicts("drawings 30x30", [drawing(s, 30) for s in range(n)])
    t50 = time_verdicts("drawings 50x50", [drawing(s, 50) for s in range(n)])
    print(f"targets: 30x30 median < 50 ms: {statistics.median(t30) < 0.05}; "
          f"50x50 median < 200 ms: {statistics.median(t50) < 0.2}")
    if args.skip_unique:
        return 0
    print(f"\nmake unique on {n} random 20x20 pictures (p = 0.5), 20 s budget each")
    ours, theirs, seconds, failed, unproven = [], [], [], 0, 0
    for seed in range(n):
        d = speckle(seed, 20)
        start = time.perf_counter()
        proposal = make_unique(d, seconds=20.0)
        seconds.append(time.perf_counter() - start)
        if not proposal.found:
            failed += 1
            print(f"  seed {seed}: {proposal.note}")
        else:
            result = d.changed(proposal.changes)
            if not proven_unique(result, args.oracle_seconds):
                unproven += 1
                print(f"  seed {seed}: NOT UNIQUE by the oracle")
            ours.append(len(proposal.changes))
        picture = [list(row) for row in d.picture]
        flat = [[0] * 20 for _ in range(20)]
        fixed = line_solvable(picture, flat, 0)
        theirs.append(sum(a != b for ra, rb in zip(picture, fixed) for a, b in zip(ra, rb)))
    print(f"found {len(ours)}/{n}, none found {failed}, not unique by the oracle {unproven}")
    if ours:
        print(f"cells changed, make unique: median {statistics.median(ours)}, "
              f"mean {statistics.mean(ours):.1f}, max {max(ours)}")
    print(f"cells changed, generate --from's fix-up (line-solvable): median "
          f"{statistics.median(theirs)}, mean {statistics.mean(theirs):.1f}, max {max(theirs)}")
    print(f"make unique time: median {statistics.median(seconds):.2f} s, max {max(seconds):.2f} s")
    wrong = harder(n, sets)
    return 0 if unproven == 0 and wrong == 0 else 1


def harder(n: int, sets: list[tuple[str, Drawing]]) -> int:
    """Make harder on line-solvable pictures: the bundled black-and-white ones, and ``n``
    seeded 10x10 speckles made line-solvable by make easier; every result checked by the
    oracle (unique, and not solved by its own line logic). Returns how many were wrong."""
    from nonotui.kinds.nonogram.making import make_easier, make_harder
    from tests.naive_count import line_solvable as naive_line_solvable

    def easy(seed: int) -> Drawing:
        start = speckle(seed, 10)
        return start.changed(make_easier(start).changes)

    pictures = [(name, d) for name, d in sets if len(d.palette) == 2
                and naive_line_solvable(*clues_of(d.picture))]
    print("\nmake harder (unique, beyond line logic), 10 s budget each")
    wrong = 0
    for label, group in (("bundled line-solvable", pictures),
                         (f"{n} easy 10x10", [(str(s), easy(s)) for s in range(n)])):
        changed, seconds = [], []
        for _name, d in group:
            start = time.perf_counter()
            proposal = make_harder(d, seconds=10.0)
            seconds.append(time.perf_counter() - start)
            if proposal.found and proposal.changes:
                after = clues_of(d.changed(proposal.changes).picture)
                if count(*after, cap=2) != 1 or naive_line_solvable(*after):
                    wrong += 1
                changed.append(len(proposal.changes))
        print(f"{label:24} found {len(changed)}/{len(group)}, cells changed median "
              f"{statistics.median(changed) if changed else '-'}, wrong by the oracle {wrong}; "
              f"time median {statistics.median(seconds):.2f} s, max {max(seconds):.2f} s")
    return wrong


if __name__ == "__main__":
    raise SystemExit(main())
