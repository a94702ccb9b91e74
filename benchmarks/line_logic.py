"""Line logic beside Hugi: issue 37's table re-measured, old and new code interleaved in one run.

Hugi (meros/hugi) cannot be fetched on this machine, so it cannot run beside nonotui. The issue
measured both on this machine kind (nonotui at main 38b6b52, Hugi by its own JSON ``seconds``);
this script runs that commit and this checkout side by side, interleaved, on the same puzzles,
and carries the issue's ratio through the change::

    projected nonotui / Hugi = (issue's nonotui / Hugi) x (this checkout / 38b6b52, same run)

pbnsolve, when built (``PBNSOLVE``), is timed in the same run by its own "Processing Time" (its
solve alone, like the engine's figure), as a reference that does not move with nonotui.

Run, from the checkout::

    NONOTUI_HARD_DIR=/work/peers/pynogram PBNSOLVE=/work/peers/pbnsolve/src/pbnsolve \\
    python benchmarks/line_logic.py [--rounds 5] [--old PATH | --commit 38b6b52] [--json FILE]

``NONOTUI_HARD_DIR`` holds pynogram's example files ``einstein.txt``, ``lancaster.txt``,
``MLP.txt`` and ``domino.txt`` (a pynogram checkout, its ``pynogram/examples``, or any folder of
them; the repository has none of them, they may not be redistributed); a row whose file is
missing is skipped, and says so. The published puzzles of ``../shared/bench`` that line logic
alone solves are rows too (no Hugi figure: the issue's four large published ones were kept aside).

Each side is a worker process with its checkout first on ``sys.path``. Per round, each side
solves each puzzle ``api.solve(puzzle, max_solutions=2)`` until 0.2 s are spent (at least 3
times, after one untimed solve) and reports its best ``seconds`` (the engine's own figure, as in
the issue); the order of the sides alternates from puzzle to puzzle and from round to round. The
table gives the median over the rounds. Both sides' statuses must agree (and agree with
pbnsolve's where it decides): the script says so loudly and exits with 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from benchmarks.before_after import old_checkout  # noqa: E402

BENCH = (REPO / ".." / "shared" / "bench").resolve()
ISSUE_COMMIT = "38b6b52"

# (row, pynogram file, domino n, issue's nonotui ms, issue's Hugi ms)
PYNOGRAM_ROWS = (
    ("einstein (pynogram)", "einstein.txt", None, 1.51, 0.695),
    ("lancaster (pynogram)", "lancaster.txt", None, 2.81, 1.47),
    ("MLP (pynogram)", "MLP.txt", None, 9.09, 7.49),
    ("12-Dom (domino n = 12)", "domino.txt", 12, 876.0, 682.0),
)
# published puzzles of ../shared/bench that line logic (with probing on 01611) decides
BENCH_ROWS = (
    ("webpbn 529 (45x45)", "survey/webpbn-00529.nin"),
    ("webpbn 1611 (55x60)", "survey/webpbn-01611.nin"),
    ("webpbn 16 (34x34)", "survey/webpbn-00016.nin"),
)
MIN_SECONDS = 0.2


def worker(root: str) -> None:
    """Serve jobs (one JSON line each: a ``.nin`` file) with the checkout at ``root``; answer
    each with ``[best seconds, status, solves]``."""
    sys.path.insert(0, root)
    import nonotui
    from nonotui import api
    from nonotui.kinds.nonogram.formats import load_all

    if not Path(nonotui.__file__).resolve().is_relative_to(Path(root).resolve()):
        raise SystemExit(f"nonotui came from {nonotui.__file__}, not from {root}")
    for text in sys.stdin:
        path = json.loads(text)
        puzzle = load_all(path)[0]
        result = api.solve(puzzle, max_solutions=2)  # untimed: kernels loaded, caches warm
        best = float("inf")
        spent = 0.0
        solves = 0
        while solves < 3 or spent < MIN_SECONDS:
            result = api.solve(puzzle, max_solutions=2)
            best = min(best, float(result.seconds))
            spent += float(result.seconds)
            solves += 1
        print(json.dumps([best, str(result.status), solves]), flush=True)


class Worker:
    """A worker process serving jobs for one checkout."""

    def __init__(self, root: Path) -> None:
        env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_DISABLE_JIT", "PYTHONPATH")}
        self.root = root
        self.process = subprocess.Popen([sys.executable, __file__, "--worker", str(root)],
                                        cwd=root, env=env, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True)

    def run(self, path: Path) -> tuple[float, str]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(str(path)) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise SystemExit(f"the worker for {self.root} failed")
        best, status, _solves = json.loads(line)
        return float(best), str(status)

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait()


PBN_TIME = re.compile(r"Processing Time:\s*([0-9.]+)")


PBN_LIMIT = 10.0
"""Seconds pbnsolve gets on a puzzle (the domino family takes it minutes); over them, it is not
run on that puzzle again and its cell says so."""


def pbnsolve(binary: str, path: Path) -> tuple[float | None, str]:
    """pbnsolve's own solve time (``-t``, uniqueness checked with ``-u``) and its status;
    ``None`` past :data:`PBN_LIMIT`."""
    try:
        done = subprocess.run([binary, "-t", "-u", str(path)], capture_output=True, text=True,
                              timeout=PBN_LIMIT)
    except subprocess.TimeoutExpired:
        return None, "?"
    found = PBN_TIME.search(done.stdout)
    if found is None:
        raise SystemExit(f"pbnsolve printed no time for {path}: {done.stdout[-300:]!r}")
    out = done.stdout.upper()
    status = ("multiple" if "MULTIPLE" in out else "unique" if "UNIQUE" in out
              else "contradiction" if "CONTRADICTION" in out or "NO SOLUTION" in out else "?")
    return float(found.group(1)), status


@dataclass
class Row:
    name: str
    path: Path | None
    size: str = ""
    issue: float | None = None
    hugi: float | None = None
    missing: str = ""
    old: list[float] = field(default_factory=list)
    new: list[float] = field(default_factory=list)
    pbn: list[float] = field(default_factory=list)
    pbn_over: bool = False
    statuses: dict[str, set[str]] = field(default_factory=dict)


def rows(tmp: Path) -> list[Row]:
    """Every row, each puzzle written to ``tmp`` as a ``.nin`` that every side reads."""
    from benchmarks.pynogram_text import load
    from nonotui.kinds.nonogram.formats import dump, load_all

    out: list[Row] = []
    root = os.environ.get("NONOTUI_HARD_DIR", "")
    dirs = [Path(root), Path(root) / "pynogram" / "examples", Path(root) / "examples"] if root else []
    for name, file, n, issue, hugi in PYNOGRAM_ROWS:
        found = next((d / file for d in dirs if (d / file).is_file()), None)
        if found is None:
            why = f"no {file} in NONOTUI_HARD_DIR" if dirs else "set NONOTUI_HARD_DIR"
            out.append(Row(name, None, missing=why))
            continue
        puzzle = load(found, name, template_n=n)
        out.append(Row(name, None, f"{puzzle.width}x{puzzle.height}", issue, hugi))
        out[-1].path = tmp / f"{len(out)}.nin"
        out[-1].path.write_text(dump(puzzle, "nin"))
    for name, rel in BENCH_ROWS:
        source = BENCH / rel
        if not source.is_file():
            out.append(Row(name, None, missing=f"no {source}"))
            continue
        puzzle = load_all(source)[0]
        row = Row(name, tmp / f"{len(out) + 1}.nin", f"{puzzle.width}x{puzzle.height}")
        assert row.path is not None
        row.path.write_text(dump(puzzle, "nin"))
        out.append(row)
    return out


def ms(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value:.3g}" if value < 100 else f"{value:.0f}"


def table(measured: list[Row], have_pbn: bool, old_name: str) -> str:
    head = ["puzzle", "size", f"{old_name} (ms)", "this checkout (ms)", "new / old",
            "issue: nonotui / Hugi", "projected nonotui / Hugi"]
    if have_pbn:
        head.append("pbnsolve (ms)")
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for row in measured:
        if row.missing:
            lines.append(f"| {row.name} | skipped: {row.missing} |")
            continue
        old = statistics.median(row.old) * 1e3
        new = statistics.median(row.new) * 1e3
        ratio = new / old
        issue = row.issue / row.hugi if row.issue and row.hugi else None
        cells = [row.name, row.size, ms(old), ms(new), f"{ratio:.2f}",
                 f"{issue:.2f}" if issue else "-",
                 f"**{issue * ratio:.2f}**" if issue else "-"]
        if have_pbn:
            cells.append(f"> {PBN_LIMIT:.0f} s" if row.pbn_over
                         else ms(statistics.median(row.pbn) * 1e3) if row.pbn else "-")
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--old", type=Path, help="the old checkout (default: --commit exported)")
    parser.add_argument("--commit", default=ISSUE_COMMIT, help="the old commit (default 38b6b52)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--json", type=Path, help="also write every figure to this file")
    parser.add_argument("--only", default="", help="keep the rows whose name holds one of "
                        "these words (separated by commas)")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        worker(args.worker)
        return 0
    started = time.perf_counter()
    tmp = Path(tempfile.mkdtemp(prefix="nonotui-line-logic-"))
    measured = rows(tmp)
    if args.only:
        words = [w.lower() for w in args.only.split(",") if w]
        measured = [r for r in measured if any(w in r.name.lower() for w in words)]
    live = [r for r in measured if r.path is not None]
    binary = os.environ.get("PBNSOLVE", "")
    have_pbn = bool(binary) and os.access(binary, os.X_OK)
    if binary and not have_pbn:
        print(f"PBNSOLVE={binary} is not an executable: pbnsolve left out", file=sys.stderr)
    old_root = args.old.resolve() if args.old else old_checkout(args.commit)
    workers = {"old": Worker(old_root), "new": Worker(REPO)}
    try:
        for r in range(args.rounds):
            for k, row in enumerate(live):
                assert row.path is not None
                sides = ("old", "new") if (k + r) % 2 == 0 else ("new", "old")
                for side in sides:
                    seconds, status = workers[side].run(row.path)
                    getattr(row, side).append(seconds)
                    row.statuses.setdefault(side, set()).add(status)
                if have_pbn and not row.pbn_over:
                    pbn_seconds, status = pbnsolve(binary, row.path)
                    row.pbn_over = pbn_seconds is None
                    if pbn_seconds is not None:
                        row.pbn.append(pbn_seconds)
                    if status != "?":
                        row.statuses.setdefault("pbnsolve", set()).add(status)
            print(f"round {r + 1} of {args.rounds} done", file=sys.stderr)
    finally:
        for w in workers.values():
            w.close()
    disagree = [r.name for r in live if len(set().union(*r.statuses.values())) != 1]
    print(table(measured, have_pbn, args.old.name if args.old else args.commit))
    print(f"\n{args.rounds} rounds, {time.perf_counter() - started:.0f} s; old = {old_root}")
    for row in live:
        print(f"{row.name}: " + ", ".join(f"{k} {sorted(v)}" for k, v in row.statuses.items()))
    if args.json:
        args.json.write_text(json.dumps([{"name": r.name, "size": r.size, "old": r.old,
                                          "new": r.new, "pbnsolve": r.pbn, "issue_ms": r.issue,
                                          "hugi_ms": r.hugi, "missing": r.missing}
                                         for r in measured], indent=1))
    if disagree:
        print(f"STATUSES DISAGREE on {', '.join(disagree)}")
        return 1
    print("Every status agrees.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
