"""What the depth-first engine's probing costs on the named hard puzzles (issue 14, fifth session).

Run: ``NONOTUI_HARD_DIR=/work/hard python benchmarks/probe_cost.py`` from the checkout (under
``nice -n 10`` on a shared machine). Each puzzle is solved ``--repeat`` times (default 7) with
``solve(puzzle, max_solutions=2)`` (``strategy="auto"``) after a warm-up solve of the same
puzzle that loads numba's compiled kernels; one row is printed: status, the median CPU
milliseconds of this process around a solve (``time.process_time``: the machine is shared, so
wall time would count other processes), the engine that answered, probes, line solves (and how
many the line cache answered), fast's and fcomp's shares of them. The counts are exact and the
same on every run; the CPU figure is what a change to probing's cost moves.

The set: MLP, LalaFrogKK and 9-Dom (``MLP.non``, ``LalaFrogKK.non``, ``9-dom.non`` in the folder
named by ``NONOTUI_HARD_DIR``, left out without it), Petro, Light and Forever (webpbn 436, 803
and 6574 in ``../shared/bench/survey/``). ``--only NAME,NAME`` runs some of them.

``--compare DIR`` runs the set from another checkout too (``DIR``, e.g. ``git archive`` of main
unpacked in ``/tmp``), each puzzle in two subprocesses (``PYTHONPATH=DIR``; DIR's numba cache in
a folder under the system's temporary directory), in alternating order over ``--rounds`` rounds,
and prints both rows and DIR's CPU over this one's (above 1: faster here).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path
from typing import Any

import checkout
from named import named_path

HERE = Path(__file__).resolve()
ROOT = HERE.parents[1]
NAMES = ("MLP", "Petro", "Light", "Forever", "LalaFrogKK", "9-Dom")


def load_puzzle(name: str) -> Any:
    """Puzzle ``name`` of the set, or None when its file is not here."""
    from nonotui.kinds.nonogram.formats import load

    path = named_path(name)
    return None if path is None else load(path)


def measure(names: list[str], repeat: int) -> list[dict[str, Any]]:
    """Solve each puzzle of ``names`` in this process; one record each (absent ones left out)."""
    import nonotui
    from nonotui.kinds.nonogram.engine.search import solve

    rows = []
    for name in names:
        puzzle = load_puzzle(name)
        if puzzle is None:
            continue
        solve(puzzle, max_solutions=2)
        times = []
        for _ in range(repeat):
            cpu = time.process_time()
            result = solve(puzzle, max_solutions=2)
            times.append(time.process_time() - cpu)
        st = result.stats
        rows.append({
            "name": name, "status": result.status, "ms": 1000 * statistics.median(times),
            "engine": st.engine, "probes": st.probes, "lines": sum(st.lines.values()),
            "cached": st.cached_lines, "fast": st.lines.get("fast", 0),
            "fcomp": st.lines.get("fcomp", 0),
            "package": str(Path(nonotui.__file__).resolve().parents[1]),
        })
    return rows


def show(r: dict[str, Any], label: str = "") -> None:
    print(f"{label}{r['name']:10s} {r['status']:8s} {r['ms']:8.1f} {r['engine']:5s} "
          f"{r['probes']:7d} {r['lines']:8d} {r['cached']:8d} {r['fast']:7d} {r['fcomp']:8d}",
          flush=True)


HEADER = (f"{'puzzle':10s} {'status':8s} {'CPU ms':>8s} {'eng':5s} {'probes':>7s} "
          f"{'lines':>8s} {'cached':>8s} {'fast':>7s} {'fcomp':>8s}")


def run_child(root: Path, name: str, repeat: int) -> dict[str, Any] | None:
    """Puzzle ``name`` measured by the checkout ``root`` in a subprocess."""
    return checkout.run_child(HERE, root, ["--json", "--only", name, "--repeat", str(repeat)])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", default=",".join(NAMES))
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--compare", type=Path)
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    names = [n for n in args.only.split(",") if n]
    unknown = [n for n in names if n not in NAMES]
    if unknown:
        parser.error(f"unknown puzzle(s): {', '.join(unknown)} (known: {', '.join(NAMES)})")
    if args.compare is None:
        rows = measure(names, args.repeat)
        if args.json:
            for r in rows:
                print(json.dumps(r))
        else:
            print(HEADER)
            for r in rows:
                show(r)
        return
    other = args.compare.resolve()
    print(f"this: {ROOT}  other: {other}  (ratio: other's CPU over this one's)")
    print("      " + HEADER + "   ratio")
    for name in names:
        for k in range(args.rounds):
            order = (ROOT, other) if k % 2 == 0 else (other, ROOT)
            got = {root: run_child(root, name, args.repeat) for root in order}
            a, b = got[ROOT], got[other]
            if a is None or b is None:
                print(f"{name:10s} absent")
                continue
            show(b, "other ")
            show(a, "this  ")
            print(f"      {name:10s} ratio {b['ms'] / a['ms']:.2f}", flush=True)


if __name__ == "__main__":
    main()
