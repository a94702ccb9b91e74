"""The registry of puzzle kinds: every kind an installed package declares as an entry point of
the group ``nonotui.kinds`` (nonotui's own two among them), loaded when first asked for, and any
other kind through :func:`register` (the test suite's).

``store``, ``ui`` and ``cli`` find a kind here and use it only through the
:class:`~nonotui.model.kind.Kind` protocol, and a puzzle through its
:class:`~nonotui.model.kind.Game` (:func:`open_game`). Importing the registry loads no kind, and
nonotui's own kinds are found without reading any package's metadata (:data:`OWN`): the other
packages' entry points are read only when a command needs every kind (a file no own kind claims,
the library, ``--help``), so start-up stays as quick as it was. A kind's module loads no engine
until its engine is used: the player draws its first frame before numba is loaded.

The registry holds kinds of different puzzle types, so it hands out ``Kind[Any]``: which type a
kind's puzzles have is known only to the kind (its formats make them, its games take them).
"""

from __future__ import annotations

import base64
import binascii
import importlib
import json
import os
import re
import sys
import threading
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from nonotui.errors import (
    NonotuiError,
    PuzzleFormatError,
    UnreadableFileError,
    UnsupportedPuzzleError,
)
from nonotui.model import files
from nonotui.model.kind import (
    Game,
    Kind,
    PuzzleFormat,
    PuzzleLike,
    StepwiseWarmUp,
    WarmUpStep,
)
from nonotui.model.words import plural

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

GROUP = "nonotui.kinds"
"""The entry-point group a package declares its kinds in (``name = "module:attribute"``)."""

OWN: dict[str, str] = {
    "nonogram": "nonotui.kinds.nonogram.kind:KIND",
    "aquarium": "nonotui.kinds.aquarium.kind:KIND",
}
"""nonotui's own entry points, as pyproject.toml declares them (a test holds the two equal), in
the order detection tries them; known without reading the metadata of every installed package.
Another package's kind of the same name is not taken."""

_loaded: dict[str, Kind[Any]] = {}
_registered: dict[str, Kind[Any]] = {}
_plugins: dict[str, str] | None = None
_lock = threading.RLock()


class UnknownKindError(NonotuiError):
    """A kind name that no installed or registered kind has."""


class KindLoadError(NonotuiError):
    """An installed package's kind that cannot be loaded (an import error, or an object that is
    not a :class:`~nonotui.model.kind.Kind`)."""


def plugins() -> dict[str, str]:
    """The kinds other installed packages declare (name: ``module:attribute``), by name; read
    from the packages' metadata once (loads no kind)."""
    global _plugins
    with _lock:
        if _plugins is None:
            found: dict[str, str] = {}
            for name, value in sorted(entry_points_of(GROUP)):
                if name not in OWN:
                    found.setdefault(name, value)
            _plugins = found
        return _plugins


_SECTION = re.compile(r"^\[(?P<group>[^\]]+)\]\s*$")
_ENTRY = re.compile(r"^(?P<name>[^=\s][^=]*?)\s*=\s*(?P<value>\S.*?)\s*$")


def entry_points_of(group: str) -> list[tuple[str, str]]:
    """Every ``(name, value)`` of ``group`` that the distributions on ``sys.path`` declare, in
    path order: the ``entry_points.txt`` of each ``*.dist-info`` and ``*.egg-info`` folder, read
    as the entry points specification (PyPA) writes them. :func:`importlib.metadata.entry_points`
    gives the same (``tests/unit/kinds/test_plugin_kind.py`` holds the two equal), but importing
    it costs a quarter of ``nonotui --help`` (it loads ``email``, ``zipfile`` and ``inspect``);
    this reads the few files it needs. Distributions inside zip files are not read."""
    out: list[tuple[str, str]] = []
    seen: set[str] = set()
    for entry in sys.path:
        try:
            with os.scandir(entry or ".") as folder:
                infos = sorted(e.name for e in folder
                               if e.name.endswith((".dist-info", ".egg-info")) and e.is_dir())
        except OSError:
            continue
        for info in infos:
            stem = info.rsplit(".", 1)[0]  # "name-1.0" of "name-1.0.dist-info"
            project = re.sub(r"[-_.]+", "-", stem.split("-", 1)[0]).lower()
            if project in seen:  # the first on sys.path wins, as Python's import does
                continue
            seen.add(project)
            try:
                with open(os.path.join(entry or ".", info, "entry_points.txt"),
                          encoding="utf-8") as file:
                    text = file.read()
            except (OSError, UnicodeDecodeError):
                continue
            current = None
            for line in text.splitlines():
                line = line.strip()
                if not line or line.startswith(("#", ";")):
                    continue
                section = _SECTION.match(line)
                if section is not None:
                    current = section["group"].strip()
                    continue
                point = _ENTRY.match(line)
                if point is not None and current == group:
                    out.append((point["name"].strip(), point["value"]))
    return out


def register(kind: Kind[Any]) -> None:
    """Make a kind that is not installed known by its name (the test-only kind uses this).

    Registering the same object again does nothing.

    Raises:
        TypeError: ``kind`` does not implement the protocol.
        ValueError: another kind already has that name.
    """
    if not isinstance(kind, Kind):
        raise TypeError(f"{kind!r} does not implement the Kind protocol")
    with _lock:
        existing = _registered.get(kind.name)
        if existing is kind:
            return
        if existing is not None or kind.name in OWN or kind.name in plugins():
            raise ValueError(f"a kind named {kind.name!r} is already known")
        _registered[kind.name] = kind


def unregister(name: str) -> None:
    """Forget a kind added by :func:`register` (installed kinds stay)."""
    with _lock:
        _registered.pop(name, None)


def names() -> tuple[str, ...]:
    """Every kind's name: nonotui's own first, then the other packages' and the registered ones
    by name. Loads no kind."""
    with _lock:
        others = sorted({*plugins(), *_registered} - set(OWN))
        return (*OWN, *others)


def _target(name: str) -> str | None:
    return OWN.get(name) or plugins().get(name)


def get(name: str) -> Kind[Any]:
    """The kind called ``name``, loading an installed one on first use.

    Raises:
        UnknownKindError: no kind has that name.
        KindLoadError: an installed package's kind cannot be loaded.
    """
    with _lock:
        kind = _loaded.get(name) or _registered.get(name)
        if kind is not None:
            return kind
        target = _target(name)
        if target is None:
            raise UnknownKindError(f"unknown puzzle kind {name!r} (known: {', '.join(names())})")
        module_name, _, attribute = target.partition(":")
        try:
            found = getattr(importlib.import_module(module_name), attribute)
        except Exception as exc:  # a broken package must not take nonotui down with it
            raise KindLoadError(f"the puzzle kind {name!r} ({target}, entry point of "
                                f"{GROUP}) cannot be loaded: {exc}") from exc
        if not isinstance(found, Kind):
            raise KindLoadError(f"the puzzle kind {name!r} ({target}, entry point of {GROUP}) "
                                "does not implement the Kind protocol")
        _loaded[name] = found
        return found


def kind_of(puzzle: PuzzleLike) -> Kind[Any]:
    """The kind of a puzzle object (by its ``kind_name``).

    Raises:
        UnknownKindError: the puzzle names no known kind.
    """
    name = getattr(puzzle, "kind_name", None)
    if not isinstance(name, str):
        raise UnknownKindError(f"{puzzle!r} is not a puzzle of any kind")
    return get(name)


def open_game(puzzle: PuzzleLike) -> Game[PuzzleLike]:
    """The game of a puzzle, made by its kind: what the player, the store and the command line
    ask of it.

    Raises:
        UnknownKindError: the puzzle names no known kind.
    """
    game: Game[PuzzleLike] = kind_of(puzzle).open(puzzle)
    return game


def kinds() -> list[Kind[Any]]:
    """Every kind that loads, in :func:`names`' order. An installed package's kind that cannot
    be loaded is left out with a warning (:class:`KindLoadError` says why), so that one broken
    package does not stop every command."""
    out: list[Kind[Any]] = []
    for name in names():
        try:
            out.append(get(name))
        except KindLoadError as exc:
            warnings.warn(str(exc), RuntimeWarning, stacklevel=2)
    return out


def makers() -> list[Kind[Any]]:
    """Every kind that makes puzzles (:attr:`~nonotui.model.kind.Kind.makes_puzzles`), in
    :func:`names`' order: what ``nonotui generate`` and the library's "New puzzle" offer. Loads
    no generator."""
    return [kind for kind in kinds() if kind.makes_puzzles]


def _formats_of(every: Sequence[Kind[Any]]) -> list[tuple[Kind[Any], PuzzleFormat]]:
    return [(kind, fmt) for kind in every for fmt in kind.formats()]


def _all_formats() -> list[tuple[Kind[Any], PuzzleFormat]]:
    return _formats_of(kinds())


def _claiming(name: str, every: Sequence[Kind[Any]]) -> tuple[Kind[Any], PuzzleFormat] | None:
    for kind, fmt in _formats_of(every):
        if any(name.endswith(ext) for ext in fmt.extensions):
            return kind, fmt
    return None


def format_for_extension(path: str | Path) -> tuple[Kind[Any], PuzzleFormat] | None:
    """The kind and format that claim ``path``'s extension, if any: nonotui's own kinds are
    asked first, the other packages' only when none of them claims it."""
    name = str(path).lower()
    found = _claiming(name, [get(own) for own in OWN])
    if found is not None:
        return found
    return _claiming(name, [k for k in kinds() if k.name not in OWN])


def detect(text: str, path: str | Path) -> tuple[Kind[Any], PuzzleFormat]:
    """The kind and format of a file: by its extension when one claims it, else by content.

    Raises:
        PuzzleFormatError: no kind's format recognises it.
    """
    by_extension = format_for_extension(path)
    if by_extension is not None:
        return by_extension
    every = _all_formats()
    for kind, fmt in every:
        if fmt.sniff(text):
            return kind, fmt
    known = ", ".join(fmt.name for _, fmt in every)
    raise PuzzleFormatError(path, None, f"not a puzzle format nonotui knows ({known})")


def bundled() -> list[tuple[Kind[Any], Traversable]]:
    """Every kind's bundled puzzle files with their kind, sorted by file name."""
    found = [(kind, item) for kind in kinds() for item in kind.bundled()]
    return sorted(found, key=lambda pair: pair[1].name)


def format_named(name: str) -> tuple[Kind[Any], PuzzleFormat] | None:
    """The kind and format called ``name`` (as ``--to`` takes it)."""
    for kind, fmt in _all_formats():
        if fmt.name == name:
            return kind, fmt
    return None


def writable() -> tuple[str, ...]:
    """The names of every format that can be written, in detection order."""
    return tuple(fmt.name for _, fmt in _all_formats() if fmt.writable)


def dump(puzzles: Sequence[Any], name: str) -> str:
    """Puzzles written in the format called ``name``.

    Raises:
        UnsupportedPuzzleError: an unknown or read-only format, several puzzles for a format
            that holds one, or a puzzle the format cannot carry (such as colours).
    """
    found = format_named(name)
    if found is None:
        known = ", ".join(fmt.name for _, fmt in _all_formats())
        raise UnsupportedPuzzleError(f"unknown format {name!r}; choose one of {known}")
    _, fmt = found
    if not fmt.writable or fmt.write is None:
        raise UnsupportedPuzzleError(f"nonotui reads the {name} format but cannot write it")
    if len(puzzles) > 1 and not fmt.multi:
        raise UnsupportedPuzzleError(
            f"the {name} format holds one puzzle; pick one with FILE#N ({len(puzzles)} given)"
        )
    return fmt.write(list(puzzles))


# -- share codes ---------------------------------------------------------------------------------
#
# Share codes: a whole puzzle in one line of text, ``nonotui:1:`` and then base64url.
# A code is ``nonotui:`` + its version + ``:`` + the base64url (RFC 4648's URL-safe alphabet,
# without the ``=`` padding) of a JSON document in UTF-8, written canonically (no spaces, keys in
# the kind's order): ``{"kind": "nonogram", ...}`` and then what the kind's
# :meth:`~nonotui.model.kind.Kind.share_document` gives (its canonical clue document first, then a
# palette, the picture, the title and author when the puzzle has them). ``nonotui play CODE`` and
# every command that takes a FILE read it (:func:`nonotui.kinds.open_spec`); ``nonotui share
# FILE`` writes it.
#
# A code can never be taken for anything else nonotui reads: a Tatham game id starts with its size
# (``15x15:``), a generator id with ``gen``, a puzz.link URL with ``http``, a file's name would need
# the ``nonotui:`` scheme; and the letters of base64url hold no ``/`` or ``#``.

SHARE_PREFIX = "nonotui:"
"""What every share code starts with."""
SHARE_VERSION = 1
"""The version of the code's layout, the ``1`` of ``nonotui:1:``; a newer nonotui reads the
older versions."""
SHARE_MOST_CHARS = 1_000_000
"""The longest code read: a 100x100 puzzle with its picture is under 40,000 characters."""


class ShareCodeError(NonotuiError):
    """A share code that cannot be read: damaged, of another version, or of no known kind."""

    def __init__(self, problem: str) -> None:
        super().__init__(f"share code: {problem}")


def looks_like_share_code(spec: str) -> bool:
    """Whether ``spec`` means to be a share code (it starts with ``nonotui:``)."""
    return spec.startswith(SHARE_PREFIX)


def making_kind(name: str | None = None) -> Kind[Any]:
    """The kind called ``name`` if it has a maker (:meth:`Kind.maker`), else the first kind
    that has one, in :func:`names`' order (nonograms): what the Make screen draws.

    Raises:
        NonotuiError: no kind has a maker; with ``name``, that kind has none or is unknown.
    """
    if name is not None:
        kind = get(name)
        kind.maker()  # raises, saying the kind cannot be made
        return kind
    for kind in kinds():
        try:
            kind.maker()
        except NonotuiError:
            continue
        return kind
    raise NonotuiError("no kind of puzzle can be made from drawings")


def share_code(puzzle: Any) -> str:
    """The share code of ``puzzle``.

    Raises:
        UnsupportedPuzzleError: its kind has no share codes.
    """
    kind = kind_of(puzzle)
    document = {"kind": kind.name, **kind.share_document(puzzle)}
    text = json.dumps(document, separators=(",", ":"), ensure_ascii=False)
    packed = base64.urlsafe_b64encode(text.encode("utf-8")).rstrip(b"=").decode("ascii")
    return f"{SHARE_PREFIX}{SHARE_VERSION}:{packed}"


def from_share_code(code: str) -> Any:
    """The puzzle a share code holds.

    Raises:
        ShareCodeError: the code is damaged, of a version this nonotui does not read, or of a
            kind it does not know; the message says which.
        NonotuiError: the document is not a puzzle of its kind (the kind says what is wrong).
    """
    code = code.strip()
    if len(code) > SHARE_MOST_CHARS:
        raise ShareCodeError(f"longer than {SHARE_MOST_CHARS:,} characters")
    if not looks_like_share_code(code):
        raise ShareCodeError("it does not start with nonotui:")
    version, _, packed = code[len(SHARE_PREFIX):].partition(":")
    if not version.isdigit():
        raise ShareCodeError("no version after nonotui: (codes look like nonotui:1:...)")
    if int(version) != SHARE_VERSION:
        newer = int(version) > SHARE_VERSION
        raise ShareCodeError(f"version {version}" + (", newer than this nonotui reads"
                                                    if newer else " is not one nonotui made"))
    try:
        raw = base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4))
        document = json.loads(raw.decode("utf-8"))
    except (binascii.Error, ValueError, UnicodeDecodeError):
        raise ShareCodeError("damaged (not a whole code: was part of it lost in copying?)")
    if not isinstance(document, dict) or not isinstance(document.get("kind"), str):
        raise ShareCodeError("damaged (no puzzle kind in it)")
    name = document.pop("kind")
    if name not in names():
        raise ShareCodeError(f"a {name} puzzle, a kind this nonotui does not know")
    return get(name).from_share_document(document)




def read_spec(spec: str, own_only: bool = False) -> tuple[Kind[Any], list[Any]] | None:
    """The puzzles of a command-line argument that is not a file but a form one kind knows (a
    Tatham game id, ...) or a share code (:func:`from_share_code`, of any kind), with that
    kind; ``None`` when no kind takes it. nonotui's own kinds are asked first; with
    ``own_only``, only they are.

    Raises:
        NonotuiError: a share code that cannot be read (the message says why).
    """
    if looks_like_share_code(spec) and not files.exists(spec):
        puzzle = from_share_code(spec)
        return kind_of(puzzle), [puzzle]
    every = [get(own) for own in OWN]
    if not own_only:
        every += [k for k in kinds() if k.name not in OWN]
    for kind in every:
        puzzles = kind.read_spec(spec)
        if puzzles is not None:
            return kind, puzzles
    return None


_SPEC_INDEX = re.compile(r"^(?P<path>.*)#(?P<n>\d+)$")


def load_all(path: str | Path) -> list[Any]:
    """Every puzzle of a file, read through the bounded reader, of whatever kind it is.

    Raises:
        PuzzleFormatError: the file cannot be read, or holds no puzzle nonotui knows.
    """
    try:
        text = files.read_text(path, what="puzzle file")
    except UnreadableFileError as exc:
        raise PuzzleFormatError(exc.path, exc.line, exc.problem) from None
    return parse(text, path)[1]


def open_spec(spec: str) -> tuple[list[Any], str]:
    """The puzzles a command-line argument names, and a label for messages: a form a kind
    knows (a Tatham game id), ``FILE#N`` for the N-th puzzle of a file (from 1), or a file.

    Raises:
        NonotuiError: the file cannot be read, N is out of range, or the form is malformed.
    """
    found = read_spec(spec, own_only=True)
    if found is not None:
        return found[1], spec
    match = _SPEC_INDEX.match(spec)
    indexed = match is not None and not files.exists(spec) and files.exists(match["path"])
    if not indexed and not files.exists(spec):  # perhaps another package's form
        found = read_spec(spec)
        if found is not None:
            return found[1], spec
    if match and not files.exists(spec):
        path, n = match.group("path"), int(match.group("n"))
        puzzles = load_all(path)
        if not 1 <= n <= len(puzzles):
            raise NonotuiError(
                f"{path}: puzzle #{n} asked for, but the file holds "
                f"{plural(len(puzzles), 'puzzle')}"
            )
        return [puzzles[n - 1]], spec
    return load_all(spec), spec


def open_one(spec: str) -> Any:
    """The single puzzle a command-line argument names (the first of a file that holds
    several), as :func:`open_spec` reads it."""
    return open_spec(spec)[0][0]


def parse(text: str, path: str | Path = "<text>") -> tuple[Kind[Any], list[Any]]:
    """Every puzzle in ``text`` with its kind, in the detected format.

    Raises:
        PuzzleFormatError: unknown format, a broken file, or no puzzle in it.
    """
    kind, fmt = detect(text, path)
    puzzles = fmt.read(text, str(path))
    if not puzzles:
        raise PuzzleFormatError(path, None, "the file holds no puzzle")
    return kind, puzzles


def warm_up_steps(first: PuzzleLike | None = None) -> list[WarmUpStep]:
    """Every kind's player warm-up in steps, the kind of ``first`` first (its first hint's step
    leading); a kind without steps is one step. The player runs them in a thread
    (:mod:`nonotui.ui.assist`); :mod:`nonotui.warm` compiles them ahead (tests, wheel builds)."""
    import functools

    order = list(names())
    if first is not None:
        order.sort(key=lambda name: name != kind_of(first).name)
    found: list[WarmUpStep] = []
    for name in order:
        kind = get(name)
        if isinstance(kind, StepwiseWarmUp):
            mine = first is not None and kind_of(first) is kind
            found += kind.warm_up_steps(first if mine else None)
        else:
            found.append((name, functools.partial(kind.warm_up, what="all")))
    return found


__all__: Sequence[str] = [
    "GROUP",
    "OWN",
    "SHARE_PREFIX",
    "SHARE_VERSION",
    "KindLoadError",
    "ShareCodeError",
    "UnknownKindError",
    "bundled",
    "entry_points_of",
    "detect",
    "dump",
    "format_for_extension",
    "format_named",
    "from_share_code",
    "get",
    "kind_of",
    "looks_like_share_code",
    "kinds",
    "load_all",
    "makers",
    "names",
    "open_game",
    "open_one",
    "open_spec",
    "parse",
    "share_code",
    "plugins",
    "read_spec",
    "register",
    "unregister",
    "warm_up_steps",
    "writable",
]
