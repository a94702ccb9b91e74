"""Versioned JSON files written atomically, and damaged files moved aside instead of lost."""

from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path

from nonotui.errors import SaveError, UnreadableFileError
from nonotui.model import files


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
        raise SaveError(f"cannot write {path}: {exc.strerror or exc}") from exc
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except OSError as exc:
        # The temporary file is ours alone; removing it keeps failed saves from piling up.
        Path(tmp).unlink(missing_ok=True)
        raise SaveError(f"cannot write {path}: {exc.strerror or exc}") from exc
    sync_folder(folder)


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
        FileNotFoundError: there is no such file (the caller decides what that means).
        SaveError: the file cannot be read or is not valid UTF-8 JSON.
    """
    try:
        raw = files.read_bytes(path, limit=files.MAX_SAVE_BYTES, what="save file")
    except UnreadableFileError as exc:
        if exc.missing:
            raise FileNotFoundError(str(path)) from None
        raise SaveError(exc.message) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise SaveError(f"{path}, line {line}: binary data, not the JSON nonotui writes") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(f"{path}, line {exc.lineno}: not valid JSON ({exc.msg.lower()})") from None
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
        raise SaveError(f"{path} is damaged and cannot be moved aside: {exc.strerror or exc}") from exc
    return target
