"""``nonotui bench PATH...``: solve every puzzle under some files and folders, and time the engine.

With ``--jobs 1`` all puzzles run in this process after a warm-up solve, so the times are the
engine's own, without numba's compilation or cache loading. With more jobs (the default: every
core) this process solves from the first moment, as with ``--jobs 1``, and N - 1 worker
processes (:mod:`nonotui.cli.jobs`), each warmed up once, take puzzles too as soon as they are
ready, so a short batch costs no more than ``--jobs 1``; each row is still printed in input
order. Text output is a table that grows as puzzles finish,
then totals; ``--json`` prints a list with one object per puzzle.
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from nonotui import kinds
from nonotui.cli.solve import add_engine_options, ctrl_c_stops, kind_options, positive_int
from nonotui.errors import EXIT_BAD_INPUT, EXIT_CANCELLED, EXIT_OK, EXIT_USAGE, NonotuiError
from nonotui.model.kind import SolveStats

NOT_SUPPORTED = "not supported"
"""The status of a puzzle its kind's solver does not support (``Kind.unsupported``)."""

ERROR = "error"
"""The status of a file that cannot be read."""


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``bench`` subcommand."""
    p = sub.add_parser(
        "bench",
        help="solve every puzzle under files and folders and time the engine",
        description="Solve every puzzle found under the PATHs (folders are searched recursively "
        "for every puzzle file extension nonotui reads; every puzzle of a bundle counts) in one "
        "process after a warm-up, and print a table and totals. Anything in a folder named like "
        "a puzzle file is a row, whatever it is (a named pipe or a broken link is an error row); "
        "every other path found there is named on standard error as skipped. A timeout or a "
        "puzzle without a solution is a result, not an error. Exit code 1 when any file cannot "
        "be read or holds a puzzle the solver does not support (shown as 'not supported'); "
        "5 when Ctrl-C stopped the run (the puzzles finished so far are still printed); else 0. "
        "With --jobs N above 1 this process solves from the start and N - 1 worker processes "
        "join in once the puzzles left would pay for their start; rows still in input order.",
    )
    p.add_argument(
        "paths", metavar="PATH", nargs="+",
        help="puzzle file, FILE#N, game id, bundled puzzle name or folder",
    )
    add_engine_options(p, "bench")
    p.add_argument(
        "--jobs", metavar="N", type=positive_int, default=None,
        help="solve N puzzles at once (this process and N - 1 workers), each with its own "
        "--timeout "
        "(default: every core this process may use; 1 solves them one by one in this process)",
    )
    p.set_defaults(func=run)


@dataclass
class Entry:
    """One row of the bench: a puzzle, or a file that could not give one."""

    label: str
    puzzle: Any = None
    status: str = ""
    error: str | None = None
    seconds: float = 0.0
    stats: SolveStats = field(default_factory=SolveStats)
    killed: bool = False
    """A worker that gave no answer in its time (timeout) or after Ctrl-C was stopped."""

    def as_json(self) -> dict[str, Any]:
        """The row as ``--json`` prints it."""
        out: dict[str, Any] = {
            "file": self.label,
            "width": self.puzzle.width if self.puzzle else None,
            "height": self.puzzle.height if self.puzzle else None,
            "status": self.status,
            "seconds": round(self.seconds, 6),
            "stats": dict(self.stats),
        }
        if self.puzzle is not None:
            # the same key as `nonotui solve --json`'s, whatever file or folder it came from
            out["identity"] = self.puzzle.identity
        if self.puzzle is not None and self.puzzle.title:
            out["title"] = self.puzzle.title
        if self.error is not None:
            out["error"] = self.error
        if self.killed:
            out["killed"] = True
        return out


def collect(paths: list[str], skipped: list[str] | None = None) -> list[Entry]:
    """Every puzzle the paths name, in order: folders recursively and sorted, bundles in full.

    A file that cannot be read becomes an ``error`` entry, a puzzle the solver does not support
    a ``not supported`` one, so that one bad file never hides the rest. In a folder, everything
    named like a puzzle file counts, whatever it is (a named pipe, a broken link, a link to a
    folder: an ``error`` entry, as when named on its own); what is not named so is noted in
    ``skipped`` with why.
    """
    from nonotui.store.catalog import open_puzzles

    specs: list[str] = []
    for path in paths:
        folder = Path(path)
        if folder.is_dir():
            specs.extend(_in_folder(folder, [] if skipped is None else skipped))
        else:
            specs.append(path)
    entries = []
    for spec in specs:
        try:
            puzzles, label = open_puzzles(spec)
        except NonotuiError as exc:
            entries.append(Entry(spec, status=ERROR, error=exc.message))
            continue
        for n, puzzle in enumerate(puzzles, start=1):
            entry = Entry(f"{label}#{n}" if len(puzzles) > 1 else label, puzzle)
            why = kinds.open_game(puzzle).unsupported("solve")
            if why is not None:
                entry.status = NOT_SUPPORTED
                entry.error = why
            entries.append(entry)
    return entries


def _in_folder(folder: Path, skipped: list[str]) -> list[str]:
    """The puzzle files under ``folder`` (sorted, searched recursively); every other path but
    the folders searched is noted in ``skipped``."""
    found = []
    for path in sorted(folder.rglob("*")):
        if path.is_dir() and not path.is_symlink():
            continue  # searched in turn
        if kinds.format_for_extension(path) is not None:
            found.append(str(path))
        elif path.is_symlink() and path.is_dir():
            skipped.append(f"{path}: a link to a folder, not followed")
        else:
            skipped.append(f"{path}: not named like a puzzle file")
    return found


def run(args: argparse.Namespace) -> int:
    """Solve and time every puzzle; returns the exit code."""
    try:
        options = kind_options(args)
    except NonotuiError as exc:
        print(f"nonotui: {exc.message}", file=sys.stderr)
        if args.json:
            print("[]")
        return EXIT_USAGE
    skipped: list[str] = []
    entries = collect(args.paths, skipped)
    for note in skipped:
        print(f"nonotui bench: skipped {note}", file=sys.stderr)
    if not entries:
        if args.json:
            print("[]")
        print("nonotui: no puzzle files under " + ", ".join(args.paths), file=sys.stderr)
        return EXIT_BAD_INPUT
    used = {e.puzzle.kind_name for e in entries if e.puzzle is not None and not e.status}
    # what the totals name: each kind's settings (a nonogram's linesolver stack)
    settings: dict[str, object] = {
        key: value for kind_opts in options.values() for key, value in kind_opts.items()}
    from nonotui.cli import jobs

    todo = sum(1 for e in entries if e.puzzle is not None and not e.status)
    workers = min(args.jobs or jobs.default_jobs(), todo)
    if any(name not in kinds.OWN and name not in kinds.plugins() for name in used):
        workers = 1  # a kind registered at run time exists in this process only

    table = None if args.json else Table(entries)
    if table is not None:
        table.header()
    started = time.perf_counter()
    with ctrl_c_stops() as stopped:
        if workers > 1:
            cancelled = _in_pool(entries, args.timeout, options, workers, table, stopped)
        else:
            # load the kernels of every kind in the run first, so that their loading is not timed
            for name in sorted(used):
                kinds.get(name).warm_up(lambda: False, "solve", options[name])
            cancelled = _in_process(entries, args.timeout, options, table, stopped)
    if workers > 1:
        settings.update(jobs=workers, wall=f"{time.perf_counter() - started:.2f} s")
    done = [e for e in entries if e.status]
    if args.json:
        print(json.dumps([e.as_json() for e in done]))
    elif table is not None:
        table.totals(done, settings)
    if cancelled:
        return EXIT_CANCELLED
    if any(e.status in (ERROR, NOT_SUPPORTED) for e in done):
        return EXIT_BAD_INPUT
    return EXIT_OK


Options = dict[str, dict[str, object]]


def _in_process(entries: list[Entry], timeout: float | None, options: Options,
                table: Table | None, stopped: Callable[[], bool] | None) -> bool:
    """Solve the entries one by one in this process; whether Ctrl-C stopped the run."""
    for entry in entries:
        cancelled = False
        if entry.puzzle is not None and not entry.status:
            result = kinds.open_game(entry.puzzle).solve(
                timeout=timeout, should_stop=stopped, options=options[entry.puzzle.kind_name])
            entry.status, entry.seconds = result.status, result.seconds
            entry.stats = result.stats
            cancelled = result.status == "cancelled"
        if table is not None:
            table.row(entry)
        if cancelled:
            return True
    return False


def _in_pool(entries: list[Entry], timeout: float | None, options: Options, workers: int,
             table: Table | None, stopped: Callable[[], bool] | None) -> bool:
    """Solve the entries in a pool of ``workers`` processes, printing each row in input order
    once it and every row before it are known; whether Ctrl-C stopped the run."""
    from nonotui.cli import jobs

    names = sorted({e.puzzle.kind_name for e in entries if e.puzzle is not None and not e.status})
    pool = jobs.Pool(workers, functools.partial(warm_up_worker, options, names),
                     functools.partial(solve_in_worker, options),
                     local=functools.partial(warm_up_here, options, names))
    tasks = [(i, e.puzzle) for i, e in enumerate(entries) if e.puzzle is not None and not e.status]
    printed = 0
    cancelled = False
    for answer in pool.run(tasks, timeout, stopped):
        entry = entries[answer.index]
        entry.status, entry.seconds = answer.status, answer.seconds
        entry.stats = SolveStats(answer.stats)
        entry.killed = answer.killed
        if answer.error is not None:
            entry.error = answer.error
        cancelled = cancelled or answer.status == "cancelled"
        while printed < len(entries) and entries[printed].status:
            if table is not None:
                table.row(entries[printed])
            printed += 1
    return cancelled or bool(stopped is not None and stopped())


def warm_up_here(options: Options, names: list[str]) -> None:
    """This process's start as a solver of the pool: the kernels ``--jobs 1`` loads."""
    for name in names:
        kinds.get(name).warm_up(lambda: False, "solve", options[name])


def warm_up_worker(options: Options, names: list[str]) -> None:
    """A worker's start: load the kernels each kind of the run solves with."""
    for name in names:
        kinds.get(name).warm_up(lambda: False, "long", options[name])


def solve_in_worker(options: Options, puzzle: Any, timeout: float | None,
                    should_stop: Callable[[], bool]) -> tuple[str, float, dict[str, Any]]:
    """One puzzle in a worker: its status, the search's seconds and statistics."""
    result = kinds.open_game(puzzle).solve(timeout=timeout, should_stop=should_stop,
                                           options=options[puzzle.kind_name])
    return result.status, result.seconds, dict(result.stats)


class Table:
    """The text table, printed a row at a time so that a long run shows its progress."""

    def __init__(self, entries: list[Entry]) -> None:
        self.width = max([len("puzzle")] + [len(e.label) for e in entries])

    def _line(self, *cells: str) -> None:
        name, size, status, seconds, guesses, depth = cells
        print(
            f"{name:<{self.width}}  {size:>9}  {status:<13}  {seconds:>9}  {guesses:>9}  "
            f"{depth:>5}",
            flush=True,
        )

    def header(self) -> None:
        """The column titles."""
        self._line("puzzle", "size", "status", "seconds", "guesses", "depth")

    def row(self, e: Entry) -> None:
        """One puzzle's row; unreadable files say why underneath."""
        size = f"{e.puzzle.width}x{e.puzzle.height}" if e.puzzle else "-"
        if e.status in (ERROR, NOT_SUPPORTED):
            self._line(e.label, size, e.status, "-", "-", "-")
            if e.status == ERROR:
                print(f"    {e.error}", flush=True)
            return
        if e.killed:  # no statistics from a worker that was stopped
            self._line(e.label, size, e.status, f"{e.seconds:.4f}", "-", "-")
            print("    no answer in time: its worker was stopped", flush=True)
            return
        guesses, depth = e.stats.guesses, e.stats.max_depth
        self._line(e.label, size, e.status, f"{e.seconds:.4f}",
                   "-" if guesses is None else str(guesses), "-" if depth is None else str(depth))

    def totals(self, done: list[Entry], settings: dict[str, object]) -> None:
        """The sums and the count of each status."""
        solved = [e for e in done if e.stats]
        seconds = sum(e.seconds for e in solved)
        # a kind that does not count guesses or depth leaves them out of the totals ("-")
        guessed = [g for e in solved if (g := e.stats.guesses) is not None]
        deep = [d for e in solved if (d := e.stats.max_depth) is not None]
        self._line("total", f"{len(done)}", "", f"{seconds:.4f}",
                   str(sum(guessed)) if guessed else "-", str(max(deep)) if deep else "-")
        counts = Counter(e.status for e in done)
        print()
        print(", ".join(f"{n} {status}" for status, n in sorted(counts.items()))
              + "".join(f"; {key} {value}" for key, value in settings.items()))
