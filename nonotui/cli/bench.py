"""``nonotui bench PATH...``: solve every puzzle under some files and folders, and time the engine.

All puzzles run in one process after a warm-up solve, so the times are the engine's own, without
numba's compilation or cache loading. Text output is a table that grows as puzzles finish, then
totals; ``--json`` prints a list with one object per puzzle.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from nonotui import kinds
from nonotui.cli.solve import _ctrl_c_stops, add_engine_options, kind_options
from nonotui.errors import EXIT_BAD_INPUT, EXIT_CANCELLED, EXIT_OK, EXIT_USAGE, NonotuiError

NOT_SUPPORTED = "not supported"
"""The status of a colour puzzle (the solver is black and white only so far)."""

ERROR = "error"
"""The status of a file that cannot be read."""


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``bench`` subcommand."""
    p = sub.add_parser(
        "bench",
        help="solve every puzzle under files and folders and time the engine",
        description="Solve every puzzle found under the PATHs (folders are searched recursively "
        "for every puzzle file extension nonotui reads; every puzzle of a bundle counts) in one "
        "process after a warm-up, and print a table and totals. A timeout or a puzzle without a "
        "solution is a result, not an error. Exit code 1 when any file cannot be read or holds "
        "a colour puzzle (shown as 'not supported': the solver is black and white only so far); "
        "5 when Ctrl-C stopped the run (the puzzles finished so far are still printed); else 0.",
    )
    p.add_argument(
        "paths", metavar="PATH", nargs="+",
        help="puzzle file, FILE#N, game id, bundled puzzle name or folder",
    )
    add_engine_options(p, "bench")
    p.set_defaults(func=run)


@dataclass
class Entry:
    """One row of the bench: a puzzle, or a file that could not give one."""

    label: str
    puzzle: Any = None
    status: str = ""
    error: str | None = None
    seconds: float = 0.0
    stats: dict[str, Any] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        """The row as ``--json`` prints it."""
        out: dict[str, Any] = {
            "file": self.label,
            "width": self.puzzle.width if self.puzzle else None,
            "height": self.puzzle.height if self.puzzle else None,
            "status": self.status,
            "seconds": round(self.seconds, 6),
            "stats": self.stats,
        }
        if self.puzzle is not None and self.puzzle.title:
            out["title"] = self.puzzle.title
        if self.error is not None:
            out["error"] = self.error
        return out


def collect(paths: list[str]) -> list[Entry]:
    """Every puzzle the paths name, in order: folders recursively and sorted, bundles in full.

    A file that cannot be read becomes an ``error`` entry, a colour puzzle a ``not supported``
    one, so that one bad file never hides the rest.
    """
    from nonotui.store.catalog import open_puzzles

    specs: list[str] = []
    for path in paths:
        folder = Path(path)
        if folder.is_dir():
            specs.extend(
                str(p) for p in sorted(folder.rglob("*"))
                if p.is_file() and kinds.format_for_extension(p) is not None
            )
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
            why = kinds.kind_of(puzzle).unsupported(puzzle, "solve")
            if why is not None:
                entry.status = NOT_SUPPORTED
                entry.error = why
            entries.append(entry)
    return entries


def run(args: argparse.Namespace) -> int:
    """Solve and time every puzzle; returns the exit code."""
    try:
        options = kind_options(args)
    except NonotuiError as exc:
        print(f"nonotui: {exc.message}", file=sys.stderr)
        if args.json:
            print("[]")
        return EXIT_USAGE
    entries = collect(args.paths)
    if not entries:
        if args.json:
            print("[]")
        print("nonotui: no puzzle files under " + ", ".join(args.paths), file=sys.stderr)
        return EXIT_BAD_INPUT
    # load the kernels of every kind in the run first, so that their loading is not timed
    used = {kinds.kind_of(e.puzzle).name: kinds.kind_of(e.puzzle) for e in entries
            if e.puzzle is not None and not e.status}
    for kind in used.values():
        kind.warm_up(lambda: False, "solve", options[kind.name])
    # what the totals name: each kind's settings (a nonogram's linesolver stack)
    settings = {key: value for kind_opts in options.values() for key, value in kind_opts.items()}

    table = None if args.json else Table(entries)
    if table is not None:
        table.header()
    cancelled = False
    with _ctrl_c_stops() as stopped:
        for entry in entries:
            if entry.puzzle is not None and not entry.status:
                kind = kinds.kind_of(entry.puzzle)
                result = kind.solve(entry.puzzle, timeout=args.timeout, should_stop=stopped,
                                    options=options[kind.name])
                entry.status, entry.seconds = result.status, result.seconds
                entry.stats = dict(result.stats)
                cancelled = result.status == "cancelled"
            if table is not None:
                table.row(entry)
            if cancelled:
                break
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
        self._line(e.label, size, e.status, f"{e.seconds:.4f}", str(e.stats["guesses"]),
                   str(e.stats["max_depth"]))

    def totals(self, done: list[Entry], settings: dict[str, object]) -> None:
        """The sums and the count of each status."""
        solved = [e for e in done if e.stats]
        seconds = sum(e.seconds for e in solved)
        guesses = sum(e.stats["guesses"] for e in solved)
        depth = max((e.stats["max_depth"] for e in solved), default=0)
        self._line("total", f"{len(done)}", "", f"{seconds:.4f}", str(guesses), str(depth))
        counts = Counter(e.status for e in done)
        print()
        print(", ".join(f"{n} {status}" for status, n in sorted(counts.items()))
              + "".join(f"; {key} {value}" for key, value in settings.items()))
