"""The learning search's speed: conflicts per CPU second on a fixed set of puzzles (issue 14).

Run: ``python benchmarks/cdcl_rate.py`` from the checkout (under ``nice -n 10`` on a shared
machine). Each puzzle is solved once with ``solve(puzzle, max_solutions=2, strategy="cdcl",
timeout=T)`` after a warm-up solve that loads numba's compiled kernels, and one row is printed:
status, CPU seconds of this process around the solve (``time.process_time``: the search's thread
and the poller; the machine is shared, so wall time would count other processes), conflicts,
decisions (``stats.guesses``), learned clauses, and conflicts per CPU second.

The set: random 30x30 seeds 452, 100, 132, 25 and 876 (puzzle ``i`` is
``benchmarks/random_tail.py``'s ``random_puzzle(i, 30, 30)``; 25 and 876 are capped at
``--cap`` seconds, default 3), Forever (``../shared/bench/survey/webpbn-06574.nin``), 9-Dom
(``9-dom.non`` in the folder named by ``NONOTUI_HARD_DIR``, left out without it) and Knotty
(``../shared/bench/survey/knotty.nin``) for a fixed ``--knotty`` seconds (default 20). A capped
puzzle stops on the clock, so its counts vary from run to run; the others run to the end and
their counts (conflicts, decisions, learned) are the search's fingerprint: a change meant to make
the same search faster must leave them identical. ``--only NAME,NAME`` runs some of the set.

``--compare DIR`` also runs the set from another checkout (``DIR``, e.g. a copy of main) and
prints the ratios: each puzzle is solved by this checkout and by ``DIR`` in two subprocesses
(``PYTHONPATH=DIR``; DIR's numba cache goes to a folder under the system's temporary directory,
so DIR itself is not written to), in alternating order over ``--rounds`` rounds (default 1), and
the ratios are this checkout's conflicts per CPU second over DIR's (above 1: faster here) and
DIR's CPU seconds over this one's (for puzzles that finish). ``same`` says whether the counts
are identical when both finished (with ``--cap 60`` seeds 25 and 876 finish too). Ratios from one run are what to read: the machine is noisy.

``--json`` prints one JSON object per puzzle instead of the table (used by ``--compare``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import checkout
from named import named_path

HERE = Path(__file__).resolve()
ROOT = HERE.parents[1]

RANDOM_SEEDS = (452, 100, 132, 25, 876)
CAPPED_SEEDS = (25, 876)
NAMES = tuple(f"seed{s}" for s in RANDOM_SEEDS) + ("Forever", "9-Dom", "Knotty")


def load_puzzle(name: str) -> Any:
    """Puzzle ``name`` of the set, or None when its file is not here."""
    from nonotui.kinds.nonogram.formats import load
    from nonotui.kinds.nonogram.puzzle import Puzzle

    if name.startswith("seed"):
        import numpy as np

        seed = int(name[4:])
        # benchmarks/random_tail.py's random_puzzle(seed, 30, 30), repeated here so that the
        # other checkout of --compare needs nothing but its package
        picture = (np.random.default_rng(seed).random((30, 30)) < 0.5).astype(int)
        return Puzzle.from_picture(picture.tolist(), keep_goal=False)
    path = named_path(name)
    return None if path is None else load(path)


def limit(name: str, cap: float, knotty: float) -> float | None:
    """The puzzle's time limit (None: it runs to the end)."""
    if name == "Knotty":
        return knotty
    if name in (f"seed{s}" for s in CAPPED_SEEDS):
        return cap
    return None


def measure(names: list[str], cap: float, knotty: float) -> list[dict[str, Any]]:
    """Solve each puzzle of ``names`` in this process; one record each (absent ones left out)."""
    import nonotui
    from nonotui.kinds.nonogram.engine.search import solve
    from nonotui.kinds.nonogram.puzzle import Puzzle

    warm = Puzzle(rows=((1,),) * 5, columns=((1,),) * 5)
    solve(warm, max_solutions=200, strategy="cdcl")
    rows = []
    for name in names:
        puzzle = load_puzzle(name)
        if puzzle is None:
            continue
        timeout = limit(name, cap, knotty)
        cpu = time.process_time()
        result = solve(puzzle, max_solutions=2, strategy="cdcl", timeout=timeout)
        cpu = time.process_time() - cpu
        st = result.stats
        rows.append({
            "name": name, "status": result.status, "cpu": cpu, "capped": timeout is not None,
            "conflicts": st.conflicts, "decisions": st.guesses, "learned": st.learned,
            "lines": sum(st.lines.values()), "rate": st.conflicts / cpu if cpu > 0 else 0.0,
            "package": str(Path(nonotui.__file__).resolve().parents[1]),
        })
    return rows


def table(rows: list[dict[str, Any]]) -> None:
    print(f"{'puzzle':9s} {'status':9s} {'CPU s':>8s} {'conflicts':>10s} {'decisions':>10s} "
          f"{'learned':>9s} {'confl/CPU s':>12s}")
    for r in rows:
        print(f"{r['name']:9s} {r['status']:9s} {r['cpu']:8.3f} {r['conflicts']:10d} "
              f"{r['decisions']:10d} {r['learned']:9d} {r['rate']:12.0f}", flush=True)


def run_child(root: Path, name: str, cap: float, knotty: float) -> dict[str, Any] | None:
    """Puzzle ``name`` solved by the checkout ``root`` in a subprocess."""
    return checkout.run_child(HERE, root, ["--json", "--only", name, "--cap", str(cap),
                                           "--knotty", str(knotty)])


def compare(other: Path, names: list[str], cap: float, knotty: float, rounds: int) -> None:
    print(f"this: {ROOT}  other: {other}  (ratios: this over other for conflicts/s, "
          "other over this for CPU s)")
    print(f"{'puzzle':9s} {'this CPU s':>10s} {'other CPU s':>11s} {'this c/s':>9s} "
          f"{'other c/s':>9s} {'c/s ratio':>9s} {'CPU ratio':>9s}  same")
    for name in names:
        for k in range(rounds):
            order = (ROOT, other) if k % 2 == 0 else (other, ROOT)
            got = {root: run_child(root, name, cap, knotty) for root in order}
            a, b = got[ROOT], got[other]
            if a is None or b is None:
                print(f"{name:9s} absent")
                break
            keys = ("status", "conflicts", "decisions", "learned")
            if "timeout" in (a["status"], b["status"]):
                same, cpu_ratio = "(capped)", "-"
            else:
                same = "yes" if all(a[x] == b[x] for x in keys) else (
                    "NO: " + " ".join(f"{x} {b[x]}->{a[x]}" for x in keys if a[x] != b[x]))
                cpu_ratio = f"{b['cpu'] / a['cpu']:.2f}"
            # a puzzle decided without a conflict (Knotty, since the sixth session) has no rate
            rate_ratio = f"{a['rate'] / b['rate']:.2f}" if a["rate"] and b["rate"] else "-"
            print(f"{name:9s} {a['cpu']:10.3f} {b['cpu']:11.3f} {a['rate']:9.0f} "
                  f"{b['rate']:9.0f} {rate_ratio:>9s} {cpu_ratio:>9s}  {same}"
                  f"  ({a['conflicts']} conflicts)", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cap", type=float, default=3.0)
    parser.add_argument("--knotty", type=float, default=20.0)
    parser.add_argument("--only", default="")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--compare", type=Path)
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    names = [n for n in NAMES if not args.only or n in args.only.split(",")]
    if args.compare is not None:
        compare(args.compare.resolve(), names, args.cap, args.knotty, args.rounds)
        return 0
    if not args.json:
        sys.path.insert(0, str(ROOT))
    rows = measure(names, args.cap, args.knotty)
    if args.json:
        for r in rows:
            print(json.dumps(r))
    else:
        table(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
