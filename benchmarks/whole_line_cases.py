"""What the catch-all "Whole-line reasoning" steps of the rating paths are (issue 35, item 1).

Run: ``python benchmarks/whole_line_cases.py`` from the checkout (``--budget S`` seconds per
puzzle's rating, default 60; ``--puzzle FILE`` any number of times instead of the default set;
``--write`` to save the report to ``benchmarks/results/whole_line_cases.md``).

The default set is every black-and-white puzzle of ``../shared/bench`` (``survey/*.nin`` and
``nonogram-db/**/*.non``) and of the bundled ``puzzles/*.non``. Each is rated
(:func:`nonotui.kinds.nonogram.rating.rate`, with its path) for at most the budget; a rating cut
by the budget keeps the path walked so far. The path is replayed from an empty board, and every
line step is counted by its technique; each step named ``Whole-line reasoning`` is classified
on the line as it stood before it:

- ``finished``: the line's filled runs already are the clue, block for block;
- ``overlap``: the left-right overlap that respects every mark decides the step's cells, with
  the other rungs of the ladder below whole-line reasoning (the overlap computed here, apart from
  the engine: the leftmost and the rightmost arrangements that agree with every filled and empty
  cell; a cell that the same block covers in both is filled, a cell in the same gap of both is
  empty);
- ``other``: neither.

It also prints, for the whole-line steps, the technique the ladder as it is in this checkout
names each one by (the same before and after a change to the ladder: the steps come from this
checkout's rating paths, so after a change they are the ones the new ladder still leaves).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from datetime import date
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parents[1]
BENCH = (HERE / ".." / "shared" / "bench").resolve()
RESULTS = HERE / "benchmarks" / "results" / "whole_line_cases.md"
WHOLE_LINE = "Whole-line reasoning"

EMPTY, FILLED, UNKNOWN = 1, 2, 3


def default_files() -> list[Path]:
    files = sorted((BENCH / "survey").glob("*.nin"))
    files += sorted((BENCH / "nonogram-db").rglob("*.non"))
    files += sorted((HERE / "puzzles").glob("*.non"))
    return files


# -- the left-right overlap, written apart from the engine ---------------------------------------


def _leftmost(clue: Sequence[int], cells: Sequence[int]) -> list[int] | None:
    """The starts of the leftmost arrangement that agrees with every mark, ``None`` if none."""
    n, k = len(cells), len(clue)
    filled_after = [0] * (n + 1)  # filled cells in [p, n)
    for p in range(n - 1, -1, -1):
        filled_after[p] = filled_after[p + 1] + (cells[p] == FILLED)
    empty_upto = [0] * (n + 1)  # empty cells in [0, p)
    for p in range(n):
        empty_upto[p + 1] = empty_upto[p] + (cells[p] == EMPTY)

    def fits(i: int, p: int) -> bool:
        end = p + clue[i]
        return (end <= n and empty_upto[end] == empty_upto[p]
                and (end == n or cells[end] != FILLED))

    # ok[i][p]: blocks i.. fit in [p, n) covering every filled cell there
    ok = [[False] * (n + 2) for _ in range(k + 1)]
    for p in range(n + 2):
        ok[k][p] = p >= n or filled_after[p] == 0
    for i in range(k - 1, -1, -1):
        for p in range(n - 1, -1, -1):
            here = fits(i, p) and ok[i + 1][min(p + clue[i] + 1, n)]
            ok[i][p] = here or (cells[p] != FILLED and ok[i][p + 1])
    if k and not ok[0][0]:
        return None
    if not k:
        return [] if filled_after[0] == 0 else None
    starts, p = [], 0
    for i in range(k):
        s = p
        while not (fits(i, s) and ok[i + 1][min(s + clue[i] + 1, n)]):
            s += 1
        starts.append(s)
        p = s + clue[i] + 1
    return starts


def overlap(clue: Sequence[int], cells: Sequence[int]) -> list[int] | None:
    """The left-right overlap respecting every mark; ``None`` when no arrangement fits."""
    n, k = len(cells), len(clue)
    left = _leftmost(clue, cells)
    mirrored = _leftmost(clue[::-1], cells[::-1])
    if left is None or mirrored is None:
        return None
    right = [n - mirrored[k - 1 - i] - clue[i] for i in range(k)]

    def where(starts: list[int]) -> list[tuple[str, int]]:
        out = []
        j = 0
        for c in range(n):
            while j < k and starts[j] + clue[j] <= c:
                j += 1
            out.append(("block", j) if j < k and starts[j] <= c else ("gap", j))
        return out

    a, b = where(left), where(right)
    out = list(cells)
    for c in range(n):
        if out[c] == UNKNOWN and a[c] == b[c]:
            out[c] = FILLED if a[c][0] == "block" else EMPTY
    return out


# -- the walk ------------------------------------------------------------------------------------


def classify(clue: tuple[int, ...], before: list[int], target: list[int]) -> str:
    from nonotui.kinds.nonogram.engine.techniques import RULES, line_techniques

    runs = [len(m) for m in "".join("#" if v == FILLED else "." for v in before).split(".") if m]
    if tuple(runs) == clue:
        return "finished"
    # the ladder below whole-line reasoning, with the overlap as one more rule, to a fixpoint
    below = [name for name in RULES if name != WHOLE_LINE]
    line = list(before)
    while True:
        line = [int(v) for v in line_techniques(clue, line, upto=below[-1]).result]
        new = overlap(clue, line)
        if new is None or new == line:
            break
        line = new
    return "overlap" if line == target else "other"


Case = tuple[tuple[int, ...], list[int], list[int]]
"""A whole-line step: the clue, the line before and after."""


def walk(path: Path, budget: float, dump: list[Case] | None = None
         ) -> tuple[Counter[str], list[tuple[str, str]], bool, float]:
    """One file's rating paths: line steps by technique; each whole-line step's class and the
    technique this checkout's ladder names it by; whether a budget cut a rating; seconds."""
    from nonotui.kinds.nonogram.engine.techniques import line_techniques
    from nonotui.kinds.nonogram.formats import load_all
    from nonotui.kinds.nonogram.puzzle import unknown_board
    from nonotui.kinds.nonogram.rating import CONTRADICTION, RatedStep, rate
    from nonotui.model.vocab import Cancelled

    techniques: Counter[str] = Counter()
    cases: list[tuple[str, str]] = []
    cut = False
    start = time.perf_counter()
    for puzzle in load_all(path):
        if puzzle.is_color:
            continue
        steps: list[RatedStep] = []
        began = time.perf_counter()
        try:
            rate(puzzle, should_stop=lambda: time.perf_counter() - began > budget, path=steps)
        except Cancelled:
            cut = True
        board = unknown_board(puzzle)
        for step in steps:
            if step.technique != CONTRADICTION:
                techniques[step.technique] += 1
            if step.technique == WHOLE_LINE and step.line is not None:
                axis, index = step.line
                view = board.cells[index, :] if axis == "row" else board.cells[:, index]
                clue = tuple(puzzle.rows[index] if axis == "row" else puzzle.columns[index])
                before = [int(v) for v in view]
                target = list(before)
                for r, c, v in step.cells:
                    target[c if axis == "row" else r] = v
                named = line_techniques(clue, np.array(before, dtype=np.uint8)).technique
                cases.append((classify(clue, before, target), str(named)))
                if dump is not None:
                    dump.append((clue, before, target))
            for r, c, v in step.cells:
                board.cells[r, c] = v
    return techniques, cases, cut, time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--puzzle", action="append", help="a puzzle file (repeatable)")
    parser.add_argument("--budget", type=float, default=60.0, help="seconds per rating")
    parser.add_argument("--write", action="store_true", help=f"write {RESULTS.name}")
    parser.add_argument("--dump", type=Path, help="write every whole-line step here (JSON lines)")
    args = parser.parse_args()
    files = [Path(p) for p in args.puzzle] if args.puzzle else default_files()
    techniques: Counter[str] = Counter()
    cases: list[tuple[str, str]] = []
    cut_files: list[str] = []
    seconds: list[float] = []
    dump: list[Case] | None = [] if args.dump else None
    for path in files:
        t, c, cut, s = walk(path, args.budget, dump)
        techniques += t
        cases += c
        seconds.append(s)
        if cut:
            cut_files.append(path.name)
        print(f"{path.name}: {sum(t.values())} line steps, {len(c)} whole-line, {s:.1f} s"
              f"{' (cut)' if cut else ''}", file=sys.stderr, flush=True)
    line_steps = sum(techniques.values())
    whole = len(cases)
    classes = Counter(k for k, _ in cases)
    named = Counter(n for _, n in cases)
    share = 100 * whole / line_steps if line_steps else 0.0
    out = [
        "# Whole-line steps in the rating paths (`benchmarks/whole_line_cases.py`)",
        "",
        f"Command: `python benchmarks/whole_line_cases.py {' '.join(sys.argv[1:])}`; "
        f"{date.today().isoformat()}; {len(files)} files, ratings cut by the budget of "
        f"{args.budget:g} s: {', '.join(cut_files) or 'none'} (median {statistics.median(seconds):.1f} s "
        f"a file).",
        "",
        f"Line steps: {line_steps}; whole-line reasoning: {whole} ({share:.1f} %).",
        "",
        "| line steps by technique | steps |",
        "|---|---|",
        *[f"| {name} | {count} |" for name, count in techniques.most_common()],
        "",
        "| whole-line step | steps | share |",
        "|---|---|---|",
        *[f"| {k} | {classes[k]} | {100 * classes[k] / max(whole, 1):.0f} % |"
          for k in ("finished", "overlap", "other")],
        "",
        "| the ladder of this checkout names them | steps |",
        "|---|---|",
        *[f"| {name} | {count} |" for name, count in named.most_common()],
        "",
    ]
    if args.dump and dump is not None:
        args.dump.write_text("".join(json.dumps(case) + "\n" for case in dump))
    report = "\n".join(out)
    print(report)
    if args.write:
        RESULTS.write_text(report + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
