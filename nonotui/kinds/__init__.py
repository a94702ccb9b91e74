"""The registry of puzzle kinds: the built-in kinds by name, loaded when first asked for, and any
other kind through :func:`register`.

``store``, ``ui`` and ``cli`` find a kind here and use it only through the
:class:`~nonotui.model.kind.Kind` protocol. A built-in kind is named by an import path and
imported only when something asks for it, so importing the registry loads no kind (and a kind's
module loads no engine until its engine is used: the player draws its first frame before numba
is loaded).
"""

from __future__ import annotations

import importlib
import re
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from nonotui.errors import (
    NonotuiError,
    PuzzleFormatError,
    UnreadableFileError,
    UnsupportedPuzzleError,
)
from nonotui.model import files
from nonotui.model.kind import Kind, PuzzleFormat, PuzzleLike, StepwiseWarmUp, WarmUpStep
from nonotui.model.words import plural

BUILTIN: dict[str, str] = {
    "nonogram": "nonotui.kinds.nonogram.kind:KIND",
    "aquarium": "nonotui.kinds.aquarium.kind:KIND",
}
"""Every built-in kind's name and where its :class:`Kind` object is (``module:attribute``), in
the order detection tries them."""

_loaded: dict[str, Kind] = {}
_registered: dict[str, Kind] = {}
_lock = threading.Lock()


class UnknownKindError(NonotuiError):
    """A kind name that no built-in or registered kind has."""


def register(kind: Kind) -> None:
    """Make a kind that is not built in known by its name (the test-only kind uses this).

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
        if existing is not None or kind.name in BUILTIN:
            raise ValueError(f"a kind named {kind.name!r} is already known")
        _registered[kind.name] = kind


def unregister(name: str) -> None:
    """Forget a kind added by :func:`register` (built-in kinds stay)."""
    with _lock:
        _registered.pop(name, None)


def names() -> tuple[str, ...]:
    """Every kind's name, built-in ones first; loads nothing."""
    with _lock:
        return tuple(BUILTIN) + tuple(n for n in _registered if n not in BUILTIN)


def get(name: str) -> Kind:
    """The kind called ``name``, loading a built-in one on first use.

    Raises:
        UnknownKindError: no kind has that name.
    """
    with _lock:
        kind = _loaded.get(name) or _registered.get(name)
        if kind is not None:
            return kind
        target = BUILTIN.get(name)
        if target is None:
            known = ", ".join(tuple(BUILTIN) + tuple(_registered))
            raise UnknownKindError(f"unknown puzzle kind {name!r} (known: {known})")
        module_name, _, attribute = target.partition(":")
        found = getattr(importlib.import_module(module_name), attribute)
        if not isinstance(found, Kind):
            raise TypeError(f"{target} does not implement the Kind protocol")
        _loaded[name] = found
        return found


def kinds() -> list[Kind]:
    """Every kind, loading the built-in ones."""
    return [get(name) for name in names()]


def kind_of(puzzle: Any) -> Kind:
    """The kind of a puzzle object (by its ``kind_name``).

    Raises:
        UnknownKindError: the puzzle names no known kind.
    """
    name = getattr(puzzle, "kind_name", None)
    if not isinstance(name, str):
        raise UnknownKindError(f"{puzzle!r} is not a puzzle of any kind")
    return get(name)


def _all_formats() -> list[tuple[Kind, PuzzleFormat]]:
    return [(kind, fmt) for kind in kinds() for fmt in kind.formats()]


def format_for_extension(path: str | Path) -> tuple[Kind, PuzzleFormat] | None:
    """The kind and format that claim ``path``'s extension, if any."""
    name = str(path).lower()
    for kind, fmt in _all_formats():
        if any(name.endswith(ext) for ext in fmt.extensions):
            return kind, fmt
    return None


def detect(text: str, path: str | Path) -> tuple[Kind, PuzzleFormat]:
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


def format_named(name: str) -> tuple[Kind, PuzzleFormat] | None:
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


def read_spec(spec: str) -> tuple[Kind, list[Any]] | None:
    """The puzzles of a command-line argument that is not a file but a form one kind knows (a
    Tatham game id, ...), with that kind; ``None`` when no kind takes it."""
    for kind in kinds():
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
    found = read_spec(spec)
    if found is not None:
        return found[1], spec
    match = _SPEC_INDEX.match(spec)
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


def parse(text: str, path: str | Path = "<text>") -> tuple[Kind, list[Any]]:
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
    "BUILTIN",
    "UnknownKindError",
    "detect",
    "dump",
    "format_for_extension",
    "format_named",
    "get",
    "kind_of",
    "kinds",
    "load_all",
    "names",
    "open_one",
    "open_spec",
    "parse",
    "read_spec",
    "register",
    "unregister",
    "warm_up_steps",
    "writable",
]
