"""nonotui beside the other solvers, on the hard puzzles: one table, re-measured side by side.

Run, from the checkout (one command; the section "Beside the peers" of docs/solver.md says how to
build the peers)::

    PBNSOLVE=/work/peers/pbnsolve/src/pbnsolve \\
    NONOGRID=/work/peers/nonogrid/target/release/nonogrid \\
    SIMPSON_NONOGRAM=/work/peers/local/bin/nonogram \\
    NONOTUI_HARD_DIR=/path/to/pynogram \\
    python benchmarks/peers.py [--quick] [--hard-once] [--all-survey] [--json FILE]

``--quick``: one run each, 10 s limit, no Knotty or Faase (a minute or two). The default: three
runs each (medians), 60 s limit (``--timeout S``, ``--runs N``); ``--hard-once`` runs the Knotty
and Faase rows once; ``--all-survey`` adds the survey's eleven easy puzzles; ``--only A,B`` keeps
the rows whose name contains one of the words. The markdown table goes to the standard output,
ready for docs/solver.md; ``--json FILE`` writes every run. Exit status 1 when two solvers decide
a puzzle differently (also printed loudly), 0 otherwise.

What is measured, for each puzzle and solver:

- ``nonotui engine``: :func:`nonotui.api.solve` in this process (``max_solutions=2``, the
  timeout), its own ``seconds``, after warm-up solves of small random puzzles that load
  every compiled kernel the engine has (line solving, probing and the learning search);
- ``nonotui process``: ``python -m nonotui solve --json --timeout T FILE``, wall seconds of the
  whole process, numba's cache warm;
- each peer, whole process, wall seconds, killed at the limit: pbnsolve (``-b -u``, uniqueness
  checked), nonogrid (``--max-solutions=2``), Simpson's ``nonogram`` (``-s 2 -CO``, counts up to 2
  solutions). A peer whose variable is unset, or not an executable, is skipped;
- after a run over the limit a solver is not run again on that puzzle, except nonogrid, whose
  search order changes from run to run (its hash keys mix in addresses, which address-space
  randomisation changes in every process): it always gets all its runs, and the cell says how
  many went over the limit.

Every solver reads the same clues: a temporary ``.nin`` (``.non`` for Simpson's, which reads only
its own format) written by nonotui from the puzzle it loaded. Statuses are compared: ``unique``,
``multiple`` and ``contradiction`` are decisions, and any two decisions that differ (between
solvers, or between runs of one) are a disagreement.

Where the puzzles come from: the survey's redistributable ones from ``../shared/bench/survey``
(``--bench DIR``); the non-redistributable ones from ``NONOTUI_HARD_DIR``, never from the
repository: pynogram's ``LalaFrogKK.txt``, ``MLP.txt`` and ``domino.txt`` (the 9-Dom template,
expanded to n = 9), read by :mod:`benchmarks.pynogram_text`, in that folder, its
``pynogram/examples`` or its ``examples`` (so a pynogram checkout will do), else ``LalaFrogKK.non``,
``MLP.non`` and ``9-dom.non`` there; webpbn #18297 "Thing" from ``webpbn-18297.*`` there in any
format nonotui reads. A row whose puzzle is missing is skipped, and says so.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from benchmarks import pynogram_text  # noqa: E402
from benchmarks.random_tail import random_puzzle  # noqa: E402
from nonotui.kinds.nonogram.formats import dump, load_all  # noqa: E402
from nonotui.kinds.nonogram.puzzle import Puzzle  # noqa: E402

BENCH = (REPO / ".." / "shared" / "bench").resolve()
DECIDED = ("unique", "multiple", "contradiction")
HARD_ROWS = ("Knotty", "Faase")

# (row name, survey file); the rows first, then the rest of the survey (--all-survey)
SURVEY_MAIN = (("Petro (webpbn 436)", "webpbn-00436.nin"), ("Light (webpbn 803)", "webpbn-00803.nin"),
               ("Forever (webpbn 6574)", "webpbn-06574.nin"))
SURVEY_HARD = (("Knotty", "knotty.nin"), ("Faase", "faase.nin"))
SURVEY_EASY = ("00001", "00006", "00016", "00021", "00023", "00027", "00065", "00529", "01611")
# (row name, pynogram file, template n, fallback .non)
PYNOGRAM = (("MLP", "MLP.txt", None, "MLP.non"), ("LalaFrogKK", "LalaFrogKK.txt", None, "LalaFrogKK.non"),
            ("9-Dom", "domino.txt", 9, "9-dom.non"))
THING = "Thing (webpbn 18297)"

HUGI = {
    "Petro": "5.2 ms", "Light": "8.5 ms", "MLP": "6.6 ms", "Forever": "9.6 ms",
    "LalaFrogKK": "8.5 ms", "Knotty": "39 s (multiple)", "Faase": "over 150 s",
    "9-Dom": "55 ms *", "Thing": "0.73 s *",
}
"""Hugi's figures as /work/shared/ANCHORS.md gives them (Hugi itself cannot be fetched here):
whole process, medians of 3, this machine kind, 2026-11-23; ``*`` its own figures, 8 cores, its
machine (its ``compare/RESULTS.md``). The survey's easy ones: 2.1-3.7 ms."""


@dataclass
class Run:
    status: str
    seconds: float


@dataclass
class Cell:
    """One solver on one puzzle: its runs, and what they add up to."""

    runs: list[Run] = field(default_factory=list)
    skipped: str = ""

    @property
    def decisions(self) -> set[str]:
        return {r.status for r in self.runs if r.status in DECIDED}

    @property
    def status(self) -> str:
        """The decision of every deciding run, ``inconsistent`` when runs decide differently, else
        what the runs said (``timeout``, ``error: ...``), or ``skipped``."""
        if self.skipped:
            return "skipped"
        decisions = self.decisions
        if len(decisions) > 1:
            return "inconsistent"
        if decisions:
            return decisions.pop()
        return self.runs[-1].status if self.runs else "skipped"

    @property
    def median(self) -> float | None:
        """The median seconds of the deciding runs."""
        times = [r.seconds for r in self.runs if r.status in DECIDED]
        return statistics.median(times) if times else None


def compare(statuses: Mapping[str, str]) -> tuple[str, list[str]]:
    """The status the deciding solvers agree on, and the disagreements.

    Only ``unique``, ``multiple`` and ``contradiction`` are decisions; ``timeout``, errors and
    skips decide nothing and disagree with nobody. ``inconsistent`` (one solver's runs decided
    differently) is a disagreement by itself. Returns ``("undecided", [])`` when nobody decided,
    ``(status, [])`` when every decision is the same, else ``("DISAGREE", ["solver: status", ...])``
    naming every deciding solver.
    """
    decided = {name: s for name, s in statuses.items() if s in DECIDED or s == "inconsistent"}
    if not decided:
        return "undecided", []
    values = set(decided.values())
    if len(values) == 1 and "inconsistent" not in values:
        return values.pop(), []
    return "DISAGREE", [f"{name}: {s}" for name, s in sorted(decided.items())]


# -- the solvers ---------------------------------------------------------------------------------

Parser = Callable[[str, str, int], str]


def parse_nonotui(out: str, err: str, code: int) -> str:
    try:
        return str(json.loads(out)["status"])
    except (ValueError, KeyError, TypeError):
        return "error: " + (err.strip().splitlines() or [f"exit {code}"])[-1][:80]


def parse_pbnsolve(out: str, err: str, code: int) -> str:
    """``-b`` prints one line of words (after the title, for files that have one)."""
    lines = out.strip().splitlines()
    words = lines[-1].split() if lines else []
    for status in ("contradiction", "multiple", "unique", "timeout"):
        if status in words:
            return status
    return "error: " + (" ".join(words) or (err.strip().splitlines() or [f"exit {code}"])[-1])[:80]


def parse_nonogrid(out: str, err: str, code: int) -> str:
    """nonogrid prints the board, then ``Backtracking found N solutions`` when it searched; it
    panics with ``Bad puzzle`` on a contradiction."""
    if "Bad puzzle" in err:
        return "contradiction"
    if code != 0:
        return "error: " + (err.strip().splitlines() or [f"exit {code}"])[0][:80]
    for line in out.splitlines():
        if line.startswith("Backtracking found"):
            found = int(line.split()[2])
            return "multiple" if found >= 2 else "unique" if found == 1 else "contradiction"
    return "unique" if out.strip() else "error: no output"


def parse_simpson(out: str, err: str, code: int) -> str:
    """``-CO`` prints the number of solutions found (up to ``-s 2``)."""
    lines = out.strip().splitlines()
    if code == 0 and lines and lines[-1].strip().isdigit():
        found = int(lines[-1])
        return "multiple" if found >= 2 else "unique" if found == 1 else "contradiction"
    return "error: " + (err.strip().splitlines() or [f"exit {code}"])[-1][:80]


@dataclass
class Solver:
    name: str
    command: Callable[[dict[str, Path], float], list[str]]
    parse: Parser
    varies: bool = False
    """Whether its search differs from run to run (then a run over the limit does not end its
    runs on that puzzle)."""


def peers() -> tuple[list[Solver], list[str]]:
    """The peers whose variables name an executable, and a note for each one skipped."""
    found: list[Solver] = []
    notes: list[str] = []
    specs: list[tuple[str, str, Callable[[str], Callable[[dict[str, Path], float], list[str]]], Parser]] = [
        ("pbnsolve", "PBNSOLVE", lambda b: lambda f, t: [b, "-b", "-u", str(f["nin"])], parse_pbnsolve),
        ("nonogrid", "NONOGRID", lambda b: lambda f, t: [b, "--max-solutions=2", str(f["nin"])],
         parse_nonogrid),
        ("Simpson", "SIMPSON_NONOGRAM",
         lambda b: lambda f, t: [b, "+o", "-CO", "-s", "2", "-i", str(f["non"]), "-x"], parse_simpson),
    ]
    for name, var, make, parse in specs:
        binary = os.environ.get(var, "")
        if binary and os.path.isfile(binary) and os.access(binary, os.X_OK):
            # nonogrid's hash keys mix in addresses that change in every process
            found.append(Solver(name, make(binary), parse, varies=name == "nonogrid"))
        else:
            notes.append(f"{name} skipped: set {var} to its executable")
    return found, notes


def nonotui_process() -> Solver:
    return Solver("nonotui process", lambda f, t: [sys.executable, "-m", "nonotui", "solve", "--json",
                                                    "--timeout", f"{t:g}", str(f["nin"])], parse_nonotui)


def run_process(argv: list[str], limit: float, parse: Parser) -> Run:
    """One whole-process run: wall seconds and status; killed (with its children) at ``limit``."""
    start = time.perf_counter()
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=True, cwd=tempfile.gettempdir())
    try:
        out, err = process.communicate(timeout=limit)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        return Run("timeout", time.perf_counter() - start)
    seconds = time.perf_counter() - start
    return Run(parse(out, err, process.returncode), seconds)


def run_cell(solver: Solver, files: dict[str, Path], limit: float, runs: int) -> Cell:
    """Up to ``runs`` whole-process runs; the first over the limit ends them unless the solver
    varies from run to run."""
    cell = Cell()
    # nonotui stops itself at the limit; give its process time to start and answer
    grace = 15.0 if solver.name == "nonotui process" else 0.0
    for _ in range(runs):
        cell.runs.append(run_process(solver.command(files, limit), limit + grace, solver.parse))
        if cell.runs[-1].status == "timeout" and not solver.varies:
            break
    return cell


def run_engine(puzzle: Puzzle, limit: float) -> Run:
    from nonotui import api

    result = api.solve(puzzle, max_solutions=2, timeout=limit)
    return Run(str(result.status), float(result.seconds))


# -- the puzzles ---------------------------------------------------------------------------------

@dataclass
class Row:
    name: str
    puzzle: Puzzle | None
    missing: str = ""
    cells: dict[str, Cell] = field(default_factory=dict)

    @property
    def hugi(self) -> str:
        return next((v for k, v in HUGI.items() if self.name.startswith(k)), "-")


def hard_dirs() -> list[Path]:
    root = os.environ.get("NONOTUI_HARD_DIR", "")
    if not root:
        return []
    base = Path(root)
    return [base, base / "pynogram" / "examples", base / "examples"]


def find(dirs: Sequence[Path], name: str) -> Path | None:
    return next((d / name for d in dirs if (d / name).is_file()), None)


def pynogram_row(name: str, text_file: str, n: int | None, fallback: str) -> Row:
    dirs = hard_dirs()
    if not dirs:
        return Row(name, None, "set NONOTUI_HARD_DIR (pynogram's examples)")
    path = find(dirs, text_file)
    if path is not None:
        return Row(name, pynogram_text.load(path, name, template_n=n))
    path = find(dirs, fallback)
    if path is not None:
        return Row(name, load_all(path)[0])
    return Row(name, None, f"no {text_file} or {fallback} in NONOTUI_HARD_DIR")


def thing_row() -> Row:
    for d in hard_dirs():
        for path in sorted(d.glob("webpbn-18297.*")) if d.is_dir() else []:
            return Row(THING, load_all(path)[0])
    return Row(THING, None, "clues not public (no webpbn-18297.* in NONOTUI_HARD_DIR)")


def puzzles(bench: Path, quick: bool, all_survey: bool, only: list[str]) -> list[Row]:
    survey = bench / "survey"

    def from_survey(name: str, file: str) -> Row:
        path = survey / file
        if not path.is_file():
            return Row(name, None, f"no {path}")
        return Row(name, load_all(path)[0])

    rows = [from_survey(f"webpbn {n.lstrip('0')}", f"webpbn-{n}.nin") for n in SURVEY_EASY] if all_survey else []
    rows += [from_survey(*spec) for spec in SURVEY_MAIN]
    rows += [pynogram_row(*spec) for spec in PYNOGRAM]
    rows.append(thing_row())
    if not quick:
        rows += [from_survey(*spec) for spec in SURVEY_HARD]
    if only:
        rows = [r for r in rows if any(word.lower() in r.name.lower() for word in only)]
    return rows


# -- measuring and reporting ---------------------------------------------------------------------

WARM_SEEDS = range(10)
"""Random 20x20 puzzles (``random_tail.random_puzzle``) solved before the first measurement: among
them some that line solving and probing finish and some that go on to the learning search, so
that every kernel the table's puzzles use is loaded from numba's cache before it is timed. A
puzzle that line solving alone finishes loads neither probing's nor the learning search's
kernels, and the first hard puzzle measured then paid their loading (about 0.3 s)."""


def warm_up(log: Callable[[str], None]) -> None:
    """Load every compiled kernel of the engine (see :data:`WARM_SEEDS`)."""
    from nonotui import api

    engines: set[str] = set()
    for seed in WARM_SEEDS:
        engines.add(str(api.solve(random_puzzle(seed, 20, 20), max_solutions=2).stats["engine"]))
    if engines != {"dfs", "cdcl"}:
        log(f"warning: the warm-up ran only {sorted(engines)}; a kernel may load while timed")


def measure(rows: list[Row], solvers: list[Solver], runs: int, limit: float, hard_once: bool,
            log: Callable[[str], None]) -> None:
    warm_up(log)
    tmp = Path(tempfile.mkdtemp(prefix="nonotui-peers-"))
    warm = tmp / "warm.nin"
    warm.write_text(dump(Puzzle(rows=((1,),), columns=((1,),)), "nin"))
    run_process(nonotui_process().command({"nin": warm}, limit), 120, parse_nonotui)  # numba's cache
    for row in rows:
        if row.puzzle is None:
            log(f"{row.name}: skipped, {row.missing}")
            continue
        stem = tmp / "".join(c if c.isalnum() else "-" for c in row.name)
        files = {"nin": stem.with_suffix(".nin"), "non": stem.with_suffix(".non")}
        files["nin"].write_text(dump(row.puzzle, "nin"))
        files["non"].write_text(dump(row.puzzle, "non"))
        n = 1 if hard_once and row.name in HARD_ROWS else runs
        engine = Cell()
        for _ in range(n):
            engine.runs.append(run_engine(row.puzzle, limit))
            if engine.runs[-1].status == "timeout":
                break
        row.cells["nonotui engine"] = engine
        for solver in [nonotui_process(), *solvers]:
            row.cells[solver.name] = run_cell(solver, files, limit, n)
        log(f"{row.name}: " + ", ".join(f"{k} {c.status} {fmt(c.median)}" for k, c in row.cells.items()))


def fmt(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    if seconds < 1:
        return f"{seconds * 1000:.3g} ms"
    return f"{seconds:.3g} s"


def cell_text(cell: Cell, limit: float) -> str:
    if cell.skipped or not cell.runs:
        return "-"
    over = sum(r.status == "timeout" for r in cell.runs)
    status = cell.status
    if status in DECIDED:
        text = fmt(cell.median)
        if over:
            text += f" ({over} of {len(cell.runs)} runs over {limit:g} s)"
        return text
    if status == "timeout":
        return f"over {limit:g} s"
    return status


def table(rows: list[Row], names: list[str], limit: float) -> tuple[str, list[str]]:
    """The markdown table, and one loud line per disagreement."""
    header = ["puzzle", "size", "status", *names, "Hugi (quoted)"]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    loud: list[str] = []
    for row in rows:
        if row.puzzle is None:
            lines.append(f"| {row.name} | | not run: {row.missing} |" + " |" * (len(names) + 1))
            continue
        agreed, disagreements = compare({k: c.status for k, c in row.cells.items()})
        if disagreements:
            loud.append(f"DISAGREEMENT on {row.name}: " + "; ".join(disagreements))
        size = f"{row.puzzle.width}x{row.puzzle.height}"
        cells = []
        for name in names:
            cell = row.cells.get(name)
            text = cell_text(cell, limit) if cell else "-"
            if cell and agreed in DECIDED and cell.status in DECIDED and cell.status != agreed:
                text += f" **{cell.status}**"
            cells.append(text)
        lines.append(f"| {row.name} | {size} | {agreed} | " + " | ".join(cells) + f" | {row.hugi} |")
    return "\n".join(lines), loud


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="1 run, 10 s limit, no Knotty or Faase")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per run (default 60)")
    parser.add_argument("--hard-once", action="store_true", help="one run each on Knotty and Faase")
    parser.add_argument("--all-survey", action="store_true", help="add the survey's easy puzzles")
    parser.add_argument("--only", default="", help="comma-separated words: keep matching rows")
    parser.add_argument("--bench", type=Path, default=BENCH)
    parser.add_argument("--json", type=Path, help="write every run to this file")
    args = parser.parse_args(argv)
    runs, limit = (1, 10.0) if args.quick else (args.runs, args.timeout)

    def log(text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    solvers, notes = peers()
    for note in notes:
        log(note)
    rows = puzzles(args.bench, args.quick, args.all_survey, [w for w in args.only.split(",") if w])
    load_before = os.getloadavg()
    started = datetime.now(UTC)
    measure(rows, solvers, runs, limit, args.hard_once, log)
    load_after = os.getloadavg()
    names = ["nonotui engine", "nonotui process", *[s.name for s in solvers]]
    text, loud = table(rows, names, limit)
    print(f"Measured {started:%Y-%m-%d %H:%M} UTC, {platform.machine()}, {os.cpu_count()} cores, load "
          f"{load_before[0]:.2f} before and {load_after[0]:.2f} after; {runs} run(s) each, medians, "
          f"{limit:g} s limit.\n")
    print(text)
    for note in notes:
        print(f"\n{note}.")
    if args.json:
        args.json.write_text(json.dumps({
            "started": started.isoformat(), "machine": platform.platform(), "cores": os.cpu_count(),
            "load_before": load_before, "load_after": load_after, "runs": runs, "timeout": limit,
            "skipped_peers": notes, "disagreements": loud,
            "rows": [{"puzzle": r.name, "missing": r.missing,
                      "size": f"{r.puzzle.width}x{r.puzzle.height}" if r.puzzle else None,
                      "status": compare({k: c.status for k, c in r.cells.items()})[0] if r.puzzle else None,
                      "hugi_quoted": r.hugi,
                      "cells": {k: {"status": c.status, "median": c.median, "runs": [asdict(x) for x in c.runs]}
                                for k, c in r.cells.items()}} for r in rows],
        }, indent=1) + "\n")
    for line in loud:
        print("\n!!! " + line + " !!!", file=sys.stderr)
        print(f"\n**{line}**")
    return 1 if loud else 0


if __name__ == "__main__":
    sys.exit(main())
