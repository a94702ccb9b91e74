"""The puzzles the library lists: the bundled ones and those in the user's puzzles folder."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from nonotui import formats
from nonotui.errors import NonotuiError
from nonotui.model import Puzzle, files
from nonotui.store.paths import DataDir

BUNDLED_PACKAGE = "nonotui.puzzles"


@dataclass(frozen=True)
class Entry:
    """One puzzle of the library, or one file that could not be read.

    Attributes:
        name: The file name (with ``#N`` for the N-th puzzle of a file holding several).
        source: ``"bundled"`` or ``"user"``.
        puzzle: The puzzle, or ``None`` when the file could not be read.
        error: Why the file could not be read (naming the file), or ``None``.
    """

    name: str
    source: str
    puzzle: Puzzle | None
    error: str | None = None
    reason: str | None = None
    """The error without the file's path (and line), for a column that already names the
    file."""

    @property
    def title(self) -> str:
        """The puzzle's title, or its file name when it has none."""
        if self.puzzle is not None and self.puzzle.title:
            return self.puzzle.title
        return self.name


def _entries_of(name: str, source: str, text_or_path: str | Path) -> list[Entry]:
    try:
        if isinstance(text_or_path, Path):
            puzzles = formats.load_all(text_or_path)
        else:
            puzzles = formats.parse(text_or_path, name)
    except NonotuiError as exc:
        reason = getattr(exc, "problem", exc.message)
        return [Entry(name, source, None, exc.message, reason)]
    if len(puzzles) == 1:
        return [Entry(name, source, puzzles[0])]
    return [Entry(f"{name}#{i}", source, p) for i, p in enumerate(puzzles, start=1)]


@dataclass
class UserScan:
    """What a scan of the user's puzzles folder found.

    Attributes:
        entries: A row per puzzle (or per file that could not be read).
        skipped: Names in the folder that are not puzzle files (folders end with ``/``), or why
            the folder itself could not be listed.
    """

    entries: list[Entry] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)


class Catalog:
    """Finds puzzles; nothing is cached, so a file dropped into the folder shows up at once."""

    def __init__(self, data_dir: DataDir) -> None:
        self.data_dir = data_dir

    def bundled(self) -> list[Entry]:
        """Every puzzle shipped with nonotui, by file name."""
        out: list[Entry] = []
        root = resources.files(BUNDLED_PACKAGE)
        for item in sorted(root.iterdir(), key=lambda t: t.name):
            if item.name.endswith(".non"):
                out += _entries_of(item.name, "bundled", item.read_text(encoding="utf-8"))
        return out

    def user(self) -> list[Entry]:
        """Every puzzle file in the user's puzzles folder (created when missing)."""
        return self.scan_user().entries

    def scan_user(self) -> UserScan:
        """The user's puzzles folder: a row for every file named like a puzzle file (one that
        cannot be read, a pipe or a link to a device included, is a row with its reason), and a
        note for everything else in the folder. Every file is read through the bounded reader,
        so nothing in the folder can block the scan."""
        folder = self.data_dir.puzzles
        scan = UserScan()
        try:
            folder.mkdir(parents=True, exist_ok=True)
            names = sorted(os.listdir(folder))
        except OSError as exc:
            scan.skipped.append(f"{folder}: {files.os_problem(exc)}")
            return scan
        for name in names:
            path = folder / name
            if name.startswith("."):
                continue  # hidden files: editors' backups, the system's own
            if formats.format_for_extension(path) is None:
                scan.skipped.append(f"{name}/" if path.is_dir() else name)
                continue
            scan.entries += _entries_of(name, "user", path)
        return scan

    def entries(self) -> list[Entry]:
        """Bundled puzzles first, then the user's."""
        return self.bundled() + self.user()

    def find_bundled(self, name: str) -> Puzzle | None:
        """The bundled puzzle called ``name`` (file name with or without ``.non``, or title)."""
        wanted = name.lower().removesuffix(".non")
        for entry in self.bundled():
            if entry.puzzle is None:
                continue
            if entry.name.lower().removesuffix(".non") == wanted or entry.title.lower() == wanted:
                return entry.puzzle
        return None

    def resolve(self, spec: str) -> tuple[Puzzle, str]:
        """The puzzle a player named: a file (``FILE``, ``FILE#N``), a Tatham game id, or the
        name or title of a bundled puzzle. Returns it with a label for messages.

        Raises:
            NonotuiError: nothing by that name, or the file cannot be read.
        """
        puzzle, label, _ = self.resolve_noted(spec)
        return puzzle, label

    def resolve_noted(self, spec: str) -> tuple[Puzzle, str, str | None]:
        """Like :meth:`resolve`, with a note for the player when there is more to know: a file
        holding several puzzles, named without ``#N``, gives its first, and says so.

        Raises:
            NonotuiError: nothing by that name, or the file cannot be read.
        """
        spec = spec.strip()
        path = Path(spec).expanduser()
        found = files.exists(path)
        if not found:
            bundled = self.find_bundled(spec)
            if bundled is not None:
                return bundled, spec, None
        puzzles, label = formats.open_spec(str(path) if found else spec)
        note = None
        if len(puzzles) > 1:
            note = (
                f"{label} holds {len(puzzles)} puzzles; this is the first. "
                f"Open {label}#2 (and so on) for the others."
            )
        return puzzles[0], label, note
