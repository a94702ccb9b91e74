"""Puzzles the player makes in the library ("New puzzle", "Daily puzzle"), kept as files in the
user's puzzles folder so that the library lists them and their progress and statistics work as
for any puzzle.

Each file is written in its kind's first writable format (``.non`` for a nonogram), which keeps
the puzzle's recipe and generator id in its metadata, atomically (a temporary file, then a
rename). The daily puzzle's file is named by its date: opening the daily puzzle again the same
day finds the file and resumes it instead of making it again.
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

from nonotui import kinds
from nonotui.errors import NonotuiError
from nonotui.model import files
from nonotui.model.kind import Kind, PuzzleLike, PuzzleRequest
from nonotui.store.paths import DataDir


def utc_today() -> date:
    """Today's date in UTC (the daily puzzle follows the UTC date)."""
    return datetime.now(UTC).date()


def maker() -> Kind[Any] | None:
    """The first kind that makes puzzles (one whose :meth:`~Kind.daily_request` gives one)."""
    today = utc_today()
    for kind in kinds.kinds():
        if kind.daily_request(today) is not None:
            return kind
    return None


def makers() -> list[Kind[Any]]:
    """Every kind that makes puzzles, in the registry's order (what "New puzzle" offers)."""
    return kinds.makers()


def stem_of(request: PuzzleRequest, daily: date | None = None) -> str:
    """The file name (without its extension) of a made puzzle: ``daily-2026-11-23`` or
    ``new-15x15-g3-none-1234``; no character that a file system refuses."""
    if daily is not None:
        return f"daily-{daily.isoformat()}"
    return (f"new-{request.width}x{request.height}-g{request.grade}-{request.symmetry}-"
            f"{request.seed}")


def extension_for(kind: Kind[Any]) -> tuple[str, Any]:
    """The extension and writer of the kind's first writable format.

    Raises:
        NonotuiError: the kind cannot write any format.
    """
    for fmt in kind.formats():
        if fmt.writable and fmt.write is not None and fmt.extensions:
            return fmt.extensions[0], fmt.write
    raise NonotuiError(f"{kind.title} puzzles cannot be written to a file")


def path_for(data_dir: DataDir, kind: Kind[Any], stem: str) -> Path:
    """Where a made puzzle called ``stem`` is kept."""
    extension, _ = extension_for(kind)
    return data_dir.puzzles / f"{stem}{extension}"


def save(data_dir: DataDir, puzzle: PuzzleLike, stem: str) -> Path:
    """Write ``puzzle`` into the user's puzzles folder as ``stem`` and return its path.

    Raises:
        NonotuiError: the folder or the file cannot be written (naming the path).
    """
    extension, write = extension_for(kinds.get(puzzle.kind_name))
    path = data_dir.puzzles / f"{stem}{extension}"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise NonotuiError(f"{path.parent}: cannot write ({files.os_problem(exc)})") from None
    files.write_text(path, write([puzzle]))
    return path


def export(puzzle: PuzzleLike, path: Path) -> Path:
    """Write ``puzzle`` to ``path`` in the format its extension names (the Make screen's
    export); an existing file is never overwritten.

    Raises:
        NonotuiError: an extension no format of the puzzle's kind writes (the message lists
            those that do), a file already there, or one that cannot be written.
    """
    path = path.expanduser().absolute()
    kind = kinds.get(puzzle.kind_name)
    writes = [fmt for fmt in kind.formats() if fmt.writable and fmt.write is not None]
    extensions = [ext for fmt in writes for ext in fmt.extensions]
    fmt = next((f for f in writes if any(str(path).lower().endswith(e) for e in f.extensions)),
               None)
    if fmt is None or fmt.write is None:
        raise NonotuiError(f"{path}: nonotui writes {kind.title} puzzles as "
                           f"{', '.join(extensions)}: end the name with one of them")
    if files.exists(path):
        raise NonotuiError(f"{path}: a file is already there; choose another name")
    try:
        text = fmt.write([puzzle])
    except NonotuiError as exc:
        raise NonotuiError(f"{path}: {exc.message}") from None
    files.write_text(path, text)
    return path


def load(path: Path) -> Any | None:
    """The puzzle kept at ``path``, or ``None`` when there is no such file.

    Raises:
        NonotuiError: the file is there but cannot be read.
    """
    if not files.exists(path):
        return None
    return kinds.load_all(path)[0]


def slug(text: str, default: str) -> str:
    """``text`` as a file name: lower-case letters and digits, one dash for anything else
    between them; ``default`` when nothing is left."""
    words = "".join(ch if ch.isalnum() else "-" for ch in text.lower())
    return "-".join(part for part in words.split("-") if part) or default


def shared_stem(puzzle: PuzzleLike) -> str:
    """The file name (without its extension) of a puzzle opened from a share code:
    ``shared-heart-4cb52834`` (its title, letters and digits only, then the start of its
    identity, so that two codes of one title do not meet and the same code finds its file)."""
    title = slug(puzzle.title or "", "puzzle")[:40]
    return f"shared-{title}-{puzzle.identity[:8]}"


def keep_shared(data_dir: DataDir, puzzle: PuzzleLike) -> Path:
    """Keep a puzzle opened from a share code in the user's puzzles folder, so that the library
    lists it like any other (a file of that name already there is kept as it is).

    Raises:
        NonotuiError: the file cannot be written (naming the path).
    """
    path = path_for(data_dir, kinds.get(puzzle.kind_name), shared_stem(puzzle))
    if files.exists(path):
        return path
    return save(data_dir, puzzle, shared_stem(puzzle))


__all__ = ["extension_for", "keep_shared", "load", "maker", "path_for", "save", "shared_stem",
           "stem_of", "utc_today"]
