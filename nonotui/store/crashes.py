"""Crash files: the traceback of an exception nonotui did not expect, kept for a bug report.

A crash never prints a traceback on the terminal (the player's screen, or a script reading the
command's output): the traceback goes to ``crashes/crash-<time>-<pid>.txt`` in the data folder
(the temporary folder when that cannot be written), one line names the file, and the process
ends with :data:`~nonotui.errors.EXIT_CRASH`. Only the newest :data:`KEEP` files are kept.
"""

from __future__ import annotations

import os
import platform
import sys
import tempfile
import time
import traceback
from pathlib import Path

from nonotui.store.paths import DataDir

KEEP = 20
"""Crash files kept in the folder (the oldest beyond it are removed as a new one is written)."""


def folder(data_dir: DataDir) -> Path:
    """Where ``data_dir``'s crash files go."""
    return data_dir.root / "crashes"


def record(error: BaseException, data_dir: DataDir | None = None) -> Path | None:
    """Write ``error``'s traceback, with what a bug report needs (the versions, the command),
    to a new crash file; its path, or None when no folder could take it."""
    from nonotui import __version__

    moment = time.gmtime()
    text = (f"nonotui {__version__} crashed at {time.strftime('%Y-%m-%d %H:%M:%S UTC', moment)}\n"
            f"Python {sys.version.split()[0]} on {platform.platform()}\n"
            f"command: {' '.join(sys.argv)}\n\n"
            + "".join(traceback.format_exception(error)))
    name = f"crash-{time.strftime('%Y%m%d-%H%M%S', moment)}-{os.getpid()}.txt"
    places = [folder(data_dir or DataDir.default()), Path(tempfile.gettempdir()) / "nonotui"]
    for place in places:
        try:
            place.mkdir(parents=True, exist_ok=True)
            path = place / name
            path.write_text(text, encoding="utf-8")
        except (OSError, RuntimeError):  # RuntimeError: no home folder for the data folder
            continue
        _prune(place)
        return path
    return None


def _prune(place: Path) -> None:
    try:
        found = sorted(place.glob("crash-*.txt"), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in found[KEEP:]:
            old.unlink()
    except OSError:
        pass


def line(error: BaseException, path: Path | None) -> str:
    """The one line said about a crash: what failed and where its traceback is."""
    what = "".join(traceback.format_exception_only(error)).strip().splitlines()[-1]
    where = (f"the details are in {path}" if path is not None
             else "its details follow, as no file could be written")
    return f"nonotui: internal error ({what[:200]}); {where}. Please report it with that file."


def report(error: BaseException, data_dir: DataDir | None = None) -> None:
    """:func:`record` ``error`` and print :func:`line` on standard error; without any folder
    to write to, the traceback itself follows the line (it must not be lost)."""
    path = record(error, data_dir)
    print(line(error, path), file=sys.stderr, flush=True)
    if path is None:
        traceback.print_exception(error, file=sys.stderr)
