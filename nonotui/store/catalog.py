"""The puzzles the library lists: the bundled ones and those in the user's puzzles folder."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from nonotui import kinds
from nonotui.errors import NonotuiError
from nonotui.model import files
from nonotui.model.kind import PuzzleLike

if TYPE_CHECKING:  # the catalogue only reads a DataDir it is given
    from nonotui.store.paths import DataDir

BUNDLED_PACKAGE = "nonotui.puzzles"
LEARN_FILE = "learn.non"
"""The bundled "Learn" collection: one small puzzle per technique, easiest first, each titled
by its technique. Listed in the library's Learn section, not among its bundled puzzles."""
LEARN_PREFIX = "learn-"
"""The other kinds' Learn puzzles, a file each (``learn-aquarium-1.aq``), in name order after
:data:`LEARN_FILE`'s."""


def is_learn_file(name: str) -> bool:
    """Whether the bundled file ``name`` (``#N`` allowed) belongs to the Learn collection."""
    file = name.partition("#")[0]
    return file == LEARN_FILE or file.startswith(LEARN_PREFIX)


@dataclass(frozen=True)
class Entry:
    """One puzzle of the library, or one file that could not be read.

    Attributes:
        name: The file name (with ``#N`` for the N-th puzzle of a file holding several).
        source: ``"bundled"``, ``"user"`` or ``"learn"`` (the Learn collection).
        puzzle: The puzzle, or ``None`` when the file could not be read.
        error: Why the file could not be read (naming the file), or ``None``.
    """

    name: str
    source: str
    puzzle: PuzzleLike | None
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
            puzzles = kinds.load_all(text_or_path)
        else:
            puzzles = kinds.parse(text_or_path, name)[1]
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
    """Finds puzzles. The list of puzzles is not cached, so a file dropped into the folder shows
    up at once; only their grades are kept, apart, by identity (:mod:`nonotui.store.grades`)."""

    def __init__(self, data_dir: DataDir) -> None:
        self.data_dir = data_dir

    def bundled(self) -> list[Entry]:
        """Every puzzle shipped with nonotui, by file name, but the Learn collection's (the
        library lists those in its Learn section; the command line finds them by name)."""
        return [e for e in bundled_entries() if not is_learn_file(e.name)]

    def learn(self) -> list[Entry]:
        """The Learn collection's puzzles, easiest technique first."""
        return learn_entries()

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
            if kinds.format_for_extension(path) is None:
                scan.skipped.append(f"{name}/" if path.is_dir() else name)
                continue
            scan.entries += _entries_of(name, "user", path)
        return scan

    def entries(self) -> list[Entry]:
        """Bundled puzzles first, then the user's."""
        return self.bundled() + self.user()

    def find_bundled(self, name: str) -> PuzzleLike | None:
        """The bundled puzzle called ``name`` (file name with or without its extension, or
    title)."""
        return find_bundled(name)

    def resolve(self, spec: str) -> tuple[PuzzleLike, str]:
        """The puzzle a player named: a file (``FILE``, ``FILE#N``), a Tatham game id, or the
        name or title of a bundled puzzle. Returns it with a label for messages.

        Raises:
            NonotuiError: nothing by that name, or the file cannot be read.
        """
        puzzle, label, _ = self.resolve_noted(spec)
        return puzzle, label

    def resolve_noted(self, spec: str) -> tuple[PuzzleLike, str, str | None]:
        """Like :meth:`resolve`, with a note for the player when there is more to know: a file
        holding several puzzles, named without ``#N``, gives its first, and says so.

        Raises:
            NonotuiError: nothing by that name, or the file cannot be read.
        """
        if kinds.looks_like_share_code(spec.strip()):
            return self._open_code(spec.strip())
        puzzles, label = open_puzzles(spec)
        note = None
        if len(puzzles) > 1:
            note = (
                f"{label} holds {len(puzzles)} puzzles; this is the first. "
                f"Open {label}#2 (and so on) for the others."
            )
        return puzzles[0], label, note


    def _open_code(self, code: str) -> tuple[PuzzleLike, str, str | None]:
        """The puzzle of a share code, kept in the user's puzzles folder (the library then
        lists it); a folder that cannot be written only says so."""
        from nonotui.store import generated

        puzzle: PuzzleLike = kinds.from_share_code(code)
        try:
            path = generated.keep_shared(self.data_dir, puzzle)
        except NonotuiError as exc:
            return puzzle, "share code", f"not kept in your puzzles folder: {exc}"
        return puzzle, path.name, None


def bundled_entries() -> list[Entry]:
    """Every puzzle shipped with nonotui, by file name: the files each kind declares
    (:meth:`~nonotui.model.kind.Kind.bundled`)."""
    out: list[Entry] = []
    for _kind, item in kinds.bundled():  # each kind declares its own files
        out += _entries_of(item.name, "bundled", item.read_text(encoding="utf-8"))
    return out


def learn_entries() -> list[Entry]:
    """The puzzles of the bundled Learn collection in its order (none when it is not there):
    :data:`LEARN_FILE`'s, then the other kinds' files."""
    item = resources.files(BUNDLED_PACKAGE).joinpath(LEARN_FILE)
    out = (_entries_of(LEARN_FILE, "learn", item.read_text(encoding="utf-8"))
           if item.is_file() else [])
    others = sorted((item for _kind, item in kinds.bundled()
                     if item.name.startswith(LEARN_PREFIX)), key=lambda item: item.name)
    for item in others:
        out += _entries_of(item.name, "learn", item.read_text(encoding="utf-8"))
    return out


def _without_extension(name: str) -> str:
    """``name`` (lower case) without the extension a kind's format claims (``.non``, ``.aq``),
    keeping a ``#N``."""
    name = name.lower()
    file, sep, index = name.partition("#")
    found = kinds.format_for_extension(file)
    if found is not None:
        ext = next((e for e in found[1].extensions if file.endswith(e)), "")
        file = file[: len(file) - len(ext)]
    return file + sep + index


def _short_name(entry: Entry) -> str:
    """The name a player types for a bundled puzzle: its file name without its extension."""
    return _without_extension(entry.name)


def find_bundled(name: str) -> PuzzleLike | None:
    """The bundled puzzle called ``name`` (file name with or without its extension, or
    title)."""
    wanted = _without_extension(name.strip())
    for entry in bundled_entries():
        if entry.puzzle is None:
            continue
        if _short_name(entry) == wanted or entry.title.lower() == wanted:
            return entry.puzzle
    return None


def closest_bundled(name: str, n: int = 3) -> list[str]:
    """The names of the bundled puzzles whose name or title is closest to ``name`` (at most
    ``n``, closest first; none when nothing is close)."""
    import difflib

    wanted = _without_extension(name.strip())
    by_key: dict[str, str] = {}
    for entry in bundled_entries():
        if entry.puzzle is not None:
            by_key.setdefault(_short_name(entry), _short_name(entry))
            by_key.setdefault(entry.title.lower(), _short_name(entry))
    out: list[str] = []
    for key in difflib.get_close_matches(wanted, list(by_key), n=len(by_key), cutoff=0.6):
        if by_key[key] not in out:
            out.append(by_key[key])
    return out[:n]


def open_puzzles(spec: str) -> tuple[list[PuzzleLike], str]:
    """The puzzles a command-line argument names, for every command that takes a FILE.

    ``spec`` is a file, ``FILE#N``, a Tatham game id (as :func:`nonotui.kinds.open_spec`
    reads them) or the name or title of a bundled puzzle; a real file of that name wins over a
    bundled puzzle. Returns the puzzles and a label for messages.

    Raises:
        NonotuiError: nothing by that name (a bare name lists the closest bundled names), or
            the file cannot be read.
    """
    spec = spec.strip()
    path = Path(spec).expanduser()
    if files.exists(path):
        return kinds.open_spec(str(path))
    if _names_a_file(spec):
        return kinds.open_spec(spec)
    bundled = find_bundled(spec)
    if bundled is not None:
        return [bundled], spec
    if "/" in spec or "\\" in spec:
        return kinds.open_spec(spec)  # a path: the file's own error says what is wrong
    close = closest_bundled(spec)
    if close:
        hint = f"closest bundled puzzles: {', '.join(close)}"
    else:
        hint = f"bundled puzzles: {', '.join(_short_name(e) for e in bundled_entries())}"
    raise NonotuiError(f"{spec}: no such file or bundled puzzle ({hint})")


def _names_a_file(spec: str) -> bool:
    """Whether ``spec`` is a Tatham game id or ``FILE#N`` of an existing file."""
    if kinds.read_spec(spec) is not None:
        return True
    head, sep, tail = spec.rpartition("#")
    return bool(sep) and tail.isdigit() and files.exists(Path(head).expanduser())
