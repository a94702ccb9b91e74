"""Versioned JSON files written atomically, and damaged files moved aside instead of lost.

Reading is strict (:func:`loads`): nonotui writes finite numbers of a few digits and valid
Unicode, so ``NaN``, ``Infinity``, a number too large for a float (``1e999``), an integer of more
than :data:`MAX_DIGITS` digits and a lone surrogate are damage, refused as the file is parsed,
like any other damage; the readers of each file then check that every value is in its range.
"""

from __future__ import annotations

import errno
import json
import math
import os
import re
import stat
import tempfile
import time
from pathlib import Path

from nonotui.errors import SaveError, UnreadableFileError, quote
from nonotui.model import files

MAX_DIGITS = 15
"""The most digits an integer in nonotui's files may have. Every count, cell value, score and
version it writes has far fewer; a longer one is damage (Python refuses even to convert one of
more than 4,300 digits)."""

_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
"""A ``\\uD800``-``\\uDFFF`` escape: only then can the parsed text hold a lone surrogate."""

_SURROGATE = re.compile("[\ud800-\udfff]")


STALE_AFTER = 60.0
"""Seconds after which a temporary file of a write is a leftover: a write takes milliseconds, so
one this old belongs to a write that was killed (:func:`remove_stale_temporaries`)."""


class NotOurJson(ValueError):
    """A value that is valid JSON but never written by nonotui (``NaN``, ``1e999``, a number of
    5,000 digits, a lone surrogate): the message says which."""


def _int(text: str) -> int:
    digits = len(text) - text.startswith("-")
    if digits > MAX_DIGITS:
        raise NotOurJson(f"a whole number of {digits:,} digits")
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise NotOurJson(f"the number {quote(text, 30)}, too large for nonotui")
    return value


def _constant(name: str) -> object:
    raise NotOurJson(f"{name}, which is not a number")


def _lone_surrogate(data: object) -> bool:
    """Whether a string (or key) anywhere in ``data`` holds a lone surrogate, which no UTF-8
    file can hold: writing it back would fail."""
    todo = [data]
    while todo:
        item = todo.pop()
        if isinstance(item, str):
            if _SURROGATE.search(item):
                return True
        elif isinstance(item, dict):
            todo.extend(item)
            todo.extend(item.values())
        elif isinstance(item, list):
            todo.extend(item)
    return False


def loads(text: str) -> object:
    """The JSON value of ``text``, refusing what nonotui never writes.

    Raises:
        json.JSONDecodeError: not JSON.
        NotOurJson: ``NaN`` or ``Infinity``, a number too large for a float, an integer of more
            than :data:`MAX_DIGITS` digits, or text with a lone surrogate.
        RecursionError: nested too deeply.
    """
    data = json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    if _SURROGATE_ESCAPE.search(text) and _lone_surrogate(data):
        raise NotOurJson("text that is not valid Unicode (a lone surrogate)")
    return data


def write_atomic(path: Path, data: object) -> None:
    """Write ``data`` as JSON to ``path`` so that a reader sees the old file or the new one whole,
    even after a crash or a power cut.

    The text goes to a temporary file in the same folder (so that the rename below stays on one
    file system), is flushed and ``fsync``-ed, replaces the target with :func:`os.replace`, which
    is atomic, and then the folder itself is ``fsync``-ed so that the rename is on disk too. When
    any step fails (a read-only folder, a full disk) the temporary file is removed and the old
    file is left exactly as it was.

    Raises:
        SaveError: the folder cannot be created or the file cannot be written.
    """
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    folder = path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise SaveError(f"cannot write {path}: {os_words(path, exc)}") from exc
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except OSError as exc:
        # The temporary file is ours alone; removing it keeps failed saves from piling up.
        Path(tmp).unlink(missing_ok=True)
        raise SaveError(f"cannot write {path}: {os_words(path, exc)}") from exc
    sync_folder(folder)


def remove_stale_temporaries(folder: Path, now: float | None = None) -> list[Path]:
    """Remove from ``folder`` the temporary files of writes that never finished (a kill during
    a save leaves ``.NAME.XXXXXXXX.tmp`` beside ``NAME``): regular files named so, last changed
    more than :data:`STALE_AFTER` seconds before ``now``. A younger one may be another nonotui's
    write under way, and is left. Returns the files removed.

    Nothing here is worth stopping for: a folder that cannot be listed, or a file that cannot
    be removed, is left as it is.
    """
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    now = time.time() if now is None else now
    removed = []
    for name in sorted(names):
        if not (name.startswith(".") and name.endswith(".tmp")):
            continue
        path = folder / name
        try:
            info = os.lstat(path)  # a link is never followed, nor removed
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime > STALE_AFTER:
                os.unlink(path)
                removed.append(path)
        except OSError:
            continue
    return removed


def sync_folder(folder: Path) -> None:
    """``fsync`` a folder so that a rename inside it survives a power cut.

    The new file is already in place, so a failure here is not an error: only the durability of
    the rename against a power cut is weaker. Windows cannot open a folder, and needs no such
    step.
    """
    if os.name == "nt":  # pragma: no cover - not run on the Linux test machines
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def read_json(path: Path) -> object:
    """The JSON value in ``path``, read through the bounded reader (a regular file of at most
    :data:`~nonotui.model.files.MAX_SAVE_BYTES`, so a pipe or a device never blocks).

    Raises:
        FileNotFoundError: there is no such file (the caller decides what that means), or there
            cannot be one: a file stands where one of its folders should be
            (:func:`file_in_the_way`; writing there fails and says so).
        SaveError: the file cannot be read or is not valid UTF-8 JSON.
    """
    try:
        raw = files.read_bytes(path, limit=files.MAX_SAVE_BYTES, what="save file")
    except UnreadableFileError as exc:
        if exc.missing or file_in_the_way(path) is not None:
            raise FileNotFoundError(str(path)) from None
        raise SaveError(exc.message) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise SaveError(f"{path}, line {line}: binary data, not the JSON nonotui writes") from None
    try:
        return loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(f"{path}, line {exc.lineno}: not valid JSON ({exc.msg.lower()})") from None
    except NotOurJson as exc:
        raise SaveError(f"{path}: not the JSON nonotui writes (it holds {exc})") from None
    except RecursionError:
        raise SaveError(f"{path}: not the JSON nonotui writes (nested too deeply)") from None


def move_aside(path: Path) -> Path:
    """Rename a damaged file to ``NAME.corrupt-TIMESTAMP`` beside it and return the new path.

    The file is kept so that nothing the player made is destroyed; a new save starts fresh.

    Raises:
        SaveError: the file cannot be renamed (then it is left where it is).
    """
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
    try:
        os.replace(path, target)
    except OSError as exc:
        raise SaveError(f"{path} is damaged and cannot be moved aside: {os_words(path, exc)}"
                        ) from exc
    return target


def file_in_the_way(path: Path) -> Path | None:
    """The first of the folders above ``path`` (from the top) that is a file, or ``None``.

    A data folder that is a file (or one of its folders) makes every read and write in it fail
    with "Not a directory" or "File exists", which names neither the file nor what to do.
    """
    for folder in reversed(path.parents):
        try:
            mode = os.stat(folder).st_mode
        except OSError:
            return None  # missing (it is made when needed) or unreadable: not a file in the way
        if not stat.S_ISDIR(mode):
            return folder
    return None


def os_words(path: Path, exc: OSError) -> str:
    """What went wrong with ``path``, in words: a file in the way of its folder is named,
    anything else is the system's own words."""
    if exc.errno in (errno.ENOTDIR, errno.EEXIST):
        blocker = file_in_the_way(path)
        if blocker is not None:
            return f"{blocker} is a file, not a folder"
    return exc.strerror or str(exc)
