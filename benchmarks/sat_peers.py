"""The learning search beside off-the-shelf SAT solvers, on the same puzzles, in the same run.

Run: ``python benchmarks/sat_peers.py`` from the checkout, after ``pip install python-sat`` in the
same environment (python-sat is not a dependency of nonotui; without it the script says so and
exits 0). Options: ``--seeds 25,876,452`` for random 30x30 puzzles (``benchmarks/random_tail.py``'s
puzzle ``i``), ``--file PATH`` (repeatable) for puzzle files, ``--solvers cadical195,glucose4``,
``--encodings dfa,order``, ``--timeout`` per nonotui solve, ``--json FILE``.

What it answers: is a puzzle that the learning search finds hard also hard for a CDCL SAT solver,
or is nonotui's search the weak part? Each puzzle is written as CNF in two encodings built here:

- ``dfa``: one Boolean per cell and one per (line, cell, automaton state) of the line's clue, read
  as the regular language ``0* 1^c1 0+ 1^c2 ... 0*``; a state implies its cell's value and one of
  its predecessors and successors (both directions, so unit propagation is as strong as it can be
  for this encoding).
- ``order``: per block, Booleans "this block starts at or before p", ordered, with the next
  block's start held at least one cell after this block's end; a cell is filled exactly when some
  block covers it (one auxiliary Boolean per block and cell it can cover).

Every solver is asked for up to two solutions (the second excluded by a clause over the cells),
as ``nonotui solve`` does. Printed: status, conflicts and CPU seconds for each solver and encoding,
next to nonotui's learning search alone (``strategy="cdcl"``) and the engine's ``auto``. Each
solution a SAT solver returns is checked against the clues by code of this script; the statuses
must agree wherever both sides decide. The SAT solvers cannot be stopped by a clock here (CaDiCaL
cannot be interrupted at all), so keep to puzzles they decide.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

from random_tail import random_puzzle  # noqa: E402

from nonotui.kinds.nonogram.engine.search import solve  # noqa: E402
from nonotui.kinds.nonogram.formats import load  # noqa: E402
from nonotui.kinds.nonogram.puzzle import Puzzle  # noqa: E402

Clause = list[int]


class Cnf:
    """Variables numbered from 1 and the clauses over them."""

    def __init__(self) -> None:
        self.count = 0
        self.clauses: list[Clause] = []

    def new(self) -> int:
        self.count += 1
        return self.count


def dfa_line(cnf: Cnf, cells: Sequence[int], clue: Sequence[int]) -> None:
    """The line's clue as automaton states per cell (see the module's text)."""
    symbol = [0]
    loops = [True]
    for c in clue:
        symbol += [1] * c + [0]
        loops += [False] * c + [True]
    m = len(symbol)
    accept = {m - 1} | ({m - 2} if clue else set())
    n = len(cells)

    def before(q: int) -> set[int]:
        return ({q} if loops[q] else set()) | ({q - 1} if q > 0 else set())

    reach = [{0}]
    for _ in range(n):
        reach.append({q for q in range(m) if before(q) & reach[-1]})
    alive: list[set[int]] = [set() for _ in range(n + 1)]
    alive[n] = reach[n] & accept
    for t in range(n, 0, -1):
        for q in alive[t]:
            alive[t - 1] |= before(q) & reach[t - 1]
    state = [{q: cnf.new() for q in sorted(alive[t])} for t in range(n + 1)]
    cnf.clauses.append([state[0][0]])
    for t in range(1, n + 1):
        cell = cells[t - 1]
        for q, v in state[t].items():
            cnf.clauses.append([-v, cell if symbol[q] else -cell])
            cnf.clauses.append([-v] + [state[t - 1][p] for p in before(q) if p in state[t - 1]])
        for q, v in state[t - 1].items():
            after = [state[t][r] for r in ({q} if loops[q] else set()) | {q + 1} if r in state[t]]
            cnf.clauses.append([-v] + after)
        cnf.clauses.append([-cell] + [v for q, v in state[t].items() if symbol[q]])
        cnf.clauses.append([cell] + [v for q, v in state[t].items() if not symbol[q]])


def order_line(cnf: Cnf, cells: Sequence[int], clue: Sequence[int]) -> None:
    """The line's clue as ordered block starts (see the module's text)."""
    n, k = len(cells), len(clue)
    if k == 0:
        cnf.clauses.extend([-c] for c in cells)
        return
    first, p = [], 0
    for c in clue:
        first.append(p)
        p += c + 1
    last, p = [0] * k, n
    for j in range(k - 1, -1, -1):
        p -= clue[j]
        last[j] = p
        p -= 1
    var = [{p: cnf.new() for p in range(first[j], last[j])} for j in range(k)]

    def starts_by(j: int, p: int) -> int | bool:
        """The literal "block j starts at or before p", or a constant."""
        return False if p < first[j] else True if p >= last[j] else var[j][p]

    def add(*lits: int | bool) -> None:
        out: Clause = []
        for lit in lits:
            if lit is True:
                return
            if lit is not False:
                out.append(int(lit))
        cnf.clauses.append(out)

    def neg(lit: int | bool) -> int | bool:
        return (not lit) if isinstance(lit, bool) else -lit

    for j in range(k):
        for p in range(first[j], last[j]):
            add(-var[j][p], starts_by(j, p + 1))
        if j + 1 < k:
            for p in range(first[j + 1], last[j + 1] + 1):
                add(neg(starts_by(j + 1, p)), starts_by(j, p - clue[j] - 1))
    for t in range(n):
        covers = []
        for j in range(k):
            if t < first[j] or t - clue[j] + 1 > last[j]:
                continue
            a, b = starts_by(j, t), starts_by(j, t - clue[j])
            add(neg(a), b, cells[t])
            z = cnf.new()
            covers.append(z)
            add(-z, a)
            add(-z, neg(b))
            add(z, neg(a), b)
        add(-cells[t], *covers)


def encode(puzzle: Puzzle, encoding: str) -> tuple[Cnf, list[list[int]]]:
    cnf = Cnf()
    cells = [[cnf.new() for _ in range(puzzle.width)] for _ in range(puzzle.height)]
    line = dfa_line if encoding == "dfa" else order_line
    for r, clue in enumerate(puzzle.rows):
        line(cnf, cells[r], clue)
    for c, clue in enumerate(puzzle.columns):
        line(cnf, [cells[r][c] for r in range(puzzle.height)], clue)
    return cnf, cells


def satisfies(puzzle: Puzzle, grid: list[list[bool]]) -> bool:
    """Whether a SAT solver's grid shows the puzzle's clues (read by nonotui's picture-to-clues
    code, which shares nothing with the encodings above)."""
    shown = Puzzle.from_picture([[int(v) for v in row] for row in grid], keep_goal=False)
    return shown.rows == puzzle.rows and shown.columns == puzzle.columns


def sat_solve(puzzle: Puzzle, solver: str, encoding: str) -> dict[str, Any]:
    from pysat.solvers import Solver

    cnf, cells = encode(puzzle, encoding)
    start = time.process_time()
    found = 0
    with Solver(name=solver, bootstrap_with=cnf.clauses) as sat:
        while found < 2 and sat.solve():
            model = {lit for lit in sat.get_model() if lit > 0}
            grid = [[v in model for v in row] for row in cells]
            if not satisfies(puzzle, grid):
                raise SystemExit(f"{solver}/{encoding}: a solution that breaks the clues")
            found += 1
            sat.add_clause([-v if v in model else v for row in cells for v in row])
        conflicts = sat.accum_stats().get("conflicts", -1)
    status = ("contradiction", "unique", "multiple")[found]
    return {"status": status, "cpu": time.process_time() - start, "conflicts": conflicts,
            "variables": cnf.count, "clauses": len(cnf.clauses)}


def nonotui_solve(puzzle: Puzzle, strategy: str, timeout: float) -> dict[str, Any]:
    start = time.process_time()
    result = solve(puzzle, max_solutions=2, timeout=timeout, strategy=strategy)
    return {"status": result.status, "cpu": time.process_time() - start,
            "conflicts": result.stats.conflicts, "engine": result.stats.engine}


def puzzles(args: argparse.Namespace) -> Iterator[tuple[str, Puzzle]]:
    for seed in args.seeds:
        yield f"random 30x30 #{seed}", random_puzzle(seed, 30, 30)
    for path in args.file:
        yield Path(path).name, load(Path(path))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", default="25,876,452,100,132,956,268,559",
                        type=lambda s: [int(x) for x in s.split(",") if x])
    parser.add_argument("--file", action="append", default=[])
    parser.add_argument("--solvers", default="cadical195,glucose4")
    parser.add_argument("--encodings", default="dfa,order")
    parser.add_argument("--timeout", type=float, default=30.0)
    parser.add_argument("--json", metavar="FILE")
    args = parser.parse_args()
    try:
        import pysat  # noqa: F401
    except ImportError:
        print("python-sat is not installed: `pip install python-sat` to run this comparison")
        return 0
    solve(random_puzzle(0, 5, 5), max_solutions=2, strategy="cdcl")  # load the kernels
    solve(random_puzzle(0, 5, 5), max_solutions=2)
    rows = []
    print(f"{'puzzle':<22} {'solver':<24} {'status':<14} {'conflicts':>9} {'CPU s':>8}")
    for name, puzzle in puzzles(args):
        row: dict[str, Any] = {"puzzle": name}
        for strategy in ("cdcl", "auto"):
            row[f"nonotui {strategy}"] = nonotui_solve(puzzle, strategy, args.timeout)
        for solver in args.solvers.split(","):
            for encoding in args.encodings.split(","):
                row[f"{solver} {encoding}"] = sat_solve(puzzle, solver, encoding)
        for key, fig in row.items():
            if key != "puzzle":
                print(f"{name:<22} {key:<24} {fig['status']:<14} {fig['conflicts']:>9} "
                      f"{fig['cpu']:>8.3f}", flush=True)
        decided = {fig["status"] for key, fig in row.items()
                   if key != "puzzle" and fig["status"] in ("unique", "multiple", "contradiction")}
        if len(decided) > 1:
            print(f"{name}: statuses disagree: {sorted(decided)}")
            return 1
        rows.append(row)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
