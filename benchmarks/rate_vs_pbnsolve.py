"""nonotui's rating against pbnsolve's "line" class: which bench puzzles line logic alone solves.

Run: ``PBNSOLVE=/path/to/pbnsolve python benchmarks/rate_vs_pbnsolve.py`` from the checkout
(``--bench DIR``: the bench folder, default ``../shared/bench``; ``--timeout S``: seconds per
pbnsolve run, default 30; ``--rate-timeout S``: seconds per rating, default 300). Without
``PBNSOLVE`` (or with a path that is not an executable) it says so and exits with 0, skipping.

pbnsolve is Jan Wolter's solver, in C; it is not part of nonotui and is built outside the
repository. The comparison in docs/solver.md used the public copy at
https://github.com/avi-levy/pbnsolve (commit c0489d4), built on Linux with libxml2's headers
installed (Debian/Ubuntu: ``apt-get install libxml2-dev``)::

    git clone https://github.com/avi-levy/pbnsolve /work/peers/pbnsolve
    cd /work/peers/pbnsolve/src && rm -f *.o pbnsolve   # the copy holds stale objects
    make pbnsolve CFLAGS="-O2 -I/usr/include/libxml2 -w -fcommon"
    export PBNSOLVE=/work/peers/pbnsolve/src/pbnsolve

(GCC 12.2; the Makefile's own ``make pbnsolve`` builds it as well, ``-w`` only hides the old
sources' warnings.) pbnsolve guesses the format from the file name and reads both ``.nin`` and
``.non``.

What is compared, for every ``survey/*.nin`` and ``nonogram-db/**/*.non`` of the bench:

- pbnsolve's line class: ``pbnsolve -b -aLHE FILE`` runs only its line solver (``L``, left-right
  overlap, with ``H``, its cache) and its exhaustive check (``E``: every cell's every value tried
  against its row and column, which makes the pair find all that complete line logic finds),
  no search; ``-b`` prints one line: ``unique logical`` (line logic solved it) or ``stalled``.
- pbnsolve's line solver alone, ``pbnsolve -b -aLH FILE``: left-right overlap without the
  exhaustive check, which is not a complete linesolver (it stalls on some puzzles that complete
  line logic solves);
- pbnsolve's own verdict with search, for context: ``pbnsolve -b -u FILE`` (default algorithms,
  uniqueness checked): ``unique logical``, ``unique`` (needed search), ``multiple``, ...
- nonotui's rating, in this process: :func:`nonotui.kinds.nonogram.rating.rate`, whose grades 1
  to 3 mean "solved by line logic alone" (its ``line_solvable``), with its time;
- nonotui's complete line logic alone (the engine's propagation, the ``fast,fcomp`` stack, from
  an empty board): ``line`` when it decides every cell. This is quick, so it answers for the
  puzzles whose rating runs out of time, and it checks the rating's walk against the engine.

They agree when pbnsolve's line class and ``1 <= grade <= 3`` say the same (or, when the rating
timed out, the engine's line logic: marked so). Puzzles are taken smallest first.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from nonotui.kinds.nonogram.puzzle import Puzzle

HERE = Path(__file__).resolve().parents[1]
DEFAULT_BENCH = HERE.parent / "shared" / "bench"


@dataclass
class Row:
    name: str
    size: str
    pbn_line: str
    """``line``, ``not line`` (stalled), or what else pbnsolve said (``timeout``, ...)."""
    pbn_full: str
    pbn_lro: str
    engine: str
    grade: str
    detail: str
    seconds: float
    agree: str


def pbnsolve(binary: str, path: Path, flags: list[str], timeout: float) -> str:
    """The words of pbnsolve's one-line (``-b``) answer, or ``timeout``."""
    try:
        done = subprocess.run([binary, *flags, str(path)], capture_output=True, text=True,
                              timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return "timeout"
    lines = [line.strip() for line in done.stdout.splitlines() if line.strip()]
    # with -b the answer is the last line (a .non file's title is printed before it)
    if not lines:
        return f"no answer (exit {done.returncode}: {done.stderr.strip()[:60]})"
    return lines[-1]


def line_class(answer: str) -> str:
    words = answer.split()
    if "logical" in words:
        return "line"
    if "stalled" in words:
        return "not line"
    return answer


def puzzles(bench: Path) -> list[Path]:
    return (sorted((bench / "survey").glob("*.nin"))
            + sorted((bench / "nonogram-db").rglob("*.non")))


def engine_line_class(puzzle: Puzzle) -> str:
    """``line`` when the engine's complete line logic decides every cell from an empty board."""
    from nonotui.kinds.nonogram.engine.steps import propagation
    from nonotui.kinds.nonogram.puzzle import unknown_board
    from nonotui.model.cells import EMPTY, FILLED

    cells = propagation(puzzle, unknown_board(puzzle)).cells
    return "line" if all(int(v) in (EMPTY, FILLED) for v in cells.reshape(-1)) else "not line"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--bench", type=Path, default=DEFAULT_BENCH)
    parser.add_argument("--timeout", type=float, default=30.0)
    parser.add_argument("--rate-timeout", type=float, default=300.0)
    args = parser.parse_args(argv)
    binary = os.environ.get("PBNSOLVE", "")
    if not binary or not os.access(binary, os.X_OK):
        print("skipped: set PBNSOLVE to a pbnsolve binary (how to build one: this script's "
              "docstring, or docs/solver.md, \"Rating compared with pbnsolve\")", file=sys.stderr)
        return 0
    files = puzzles(args.bench)
    if not files:
        print(f"skipped: no puzzles under {args.bench} (survey/*.nin, nonogram-db/**/*.non)",
              file=sys.stderr)
        return 0

    from nonotui import kinds
    from nonotui.kinds.nonogram.rating import rate
    from nonotui.model.vocab import Cancelled

    rows: list[Row] = []
    print("| puzzle | size | pbnsolve -aLHE | pbnsolve -aLH | pbnsolve -u | nonotui line logic "
          "| nonotui grade | hardest / reason | rating s | agree? |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    loaded = [(path, kinds.load_all(path)[0]) for path in files]
    loaded.sort(key=lambda item: (item[1].width * item[1].height, str(item[0])))
    for path, puzzle in loaded:
        name = str(path.relative_to(args.bench))
        size = f"{puzzle.width}x{puzzle.height}"
        pbn_line = line_class(pbnsolve(binary, path, ["-b", "-aLHE"], args.timeout))
        pbn_lro = line_class(pbnsolve(binary, path, ["-b", "-aLH"], args.timeout))
        pbn_full = pbnsolve(binary, path, ["-b", "-u"], args.timeout)
        engine = engine_line_class(puzzle)
        deadline = time.monotonic() + args.rate_timeout
        start = time.perf_counter()
        try:
            rating = rate(puzzle, should_stop=lambda: time.monotonic() > deadline)
        except Cancelled:
            grade, detail = "?", f"rating timed out ({args.rate_timeout:g} s)"
            agree = ("yes (line logic)" if engine == pbn_line else "no (line logic)") \
                if pbn_line in ("line", "not line") else "?"
        else:
            grade = str(rating.grade)
            detail = rating.reason or rating.hardest or ""
            ours = "line" if rating.line_solvable else "not line"
            agree = ("yes" if ours == pbn_line else "no") if pbn_line in ("line", "not line") \
                else "?"
        seconds = time.perf_counter() - start
        row = Row(name, size, pbn_line, pbn_full, pbn_lro, engine, grade, detail, seconds, agree)
        rows.append(row)
        print(f"| {row.name} | {row.size} | {row.pbn_line} | {row.pbn_lro} | {row.pbn_full} | {row.engine} | "
              f"{row.grade} | {row.detail} | {row.seconds:.2f} | {row.agree} |", flush=True)
    rated = [row for row in rows if row.agree in ("yes", "no")]
    print(f"\nThe rating agrees with pbnsolve on {sum(r.agree == 'yes' for r in rated)} of "
          f"{len(rated)} puzzles it rated in time; the engine's line logic agrees on "
          f"{sum(r.engine == r.pbn_line for r in rows)} of {len(rows)}; the rating and the "
          f"engine's line logic disagree on "
          f"{sum((r.grade in ('1', '2', '3')) != (r.engine == 'line') for r in rows if r.grade != '?')}.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
