"""Reading a file a user named, safely: regular files only, a size bound, text in any common
encoding, and every refusal as one line in nonotui's own words.

Every path a person can hand nonotui (a puzzle file, a state file, a save, the settings, the
user puzzles folder) is read through :func:`read_bytes`, so that a link to ``/dev/zero``, a named
pipe nobody writes to, a folder or a file of gigabytes is refused at once instead of hanging the
command or the player. :func:`decode_text` turns the bytes into text: a byte-order mark picks
UTF-8, UTF-16 or UTF-32; without one the text is UTF-8, else Latin-1 when it looks like text; a
binary file is refused. :func:`write_text` writes a file a user named (``convert`` and
``generate`` output) whole or not at all.
"""

from __future__ import annotations

import codecs
import errno
import os
import re
import stat
import tempfile
from pathlib import Path

from nonotui.errors import NonotuiError, UnreadableFileError

MAX_FILE_BYTES = 2 * 1024 * 1024
"""Puzzle and state files larger than this are refused before they are read (real puzzle files
are at most a few hundred KB; DECISIONS.md)."""

MAX_SAVE_BYTES = 16 * 1024 * 1024
"""The bound for nonotui's own save files, whose undo history can grow with a long game."""

_CHUNK = 1 << 16

_BOMS = (
    # UTF-32 first: its little-endian mark begins with UTF-16's.
    (codecs.BOM_UTF32_LE, "utf-32-le", "UTF-32"),
    (codecs.BOM_UTF32_BE, "utf-32-be", "UTF-32"),
    (codecs.BOM_UTF8, "utf-8", "UTF-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le", "UTF-16"),
    (codecs.BOM_UTF16_BE, "utf-16-be", "UTF-16"),
)

_CONTROL = re.compile("[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f]")
"""Characters no text file holds: control characters other than tab, LF, FF and CR (C1 included,
which in Latin-1 are bytes 0x80-0x9f)."""

_ERRNO_WORDS = {
    errno.ENOENT: "no such file",
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.EISDIR: "is a folder, not a file",
    errno.ENOTDIR: "a part of the path is not a folder",
    errno.ELOOP: "the links in its path go round in a loop",
    errno.ENAMETOOLONG: "the name is too long",
    errno.EIO: "the disk reported an error while reading it",
    errno.ENXIO: "no device answers for it",
    errno.EMFILE: "too many files are open",
    errno.ENFILE: "too many files are open",
}


def os_problem(exc: OSError) -> str:
    """An operating system error in words, without Python's ``[Errno N]`` prefix."""
    words = _ERRNO_WORDS.get(exc.errno or 0)
    if words is not None:
        return words
    return (exc.strerror or "the system refused").lower()


def exists(path: str | Path) -> bool:
    """Whether something is at ``path`` (a name too long for the system is nothing, not an
    error: it may be a game id or a puzzle's name)."""
    try:
        os.stat(path)
    except (OSError, ValueError):
        return os.path.islink(path) if len(str(path)) < 4096 else False
    return True


def _size_words(n: int) -> str:
    if n >= 1024**3:
        return f"{n / 1024**3:.1f} GiB"
    if n >= 1024 * 1024:
        return f"{n / (1024 * 1024):.1f} MiB"
    if n >= 1024:
        return f"{n / 1024:.0f} KiB"
    return f"{n:,} bytes"


def _kind_of(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def _not_regular(path: str | Path, mode: int) -> UnreadableFileError:
    kind = _kind_of(mode)
    target = ""
    if os.path.islink(path):
        target = f" (it links to {os.path.realpath(path)})"
    return UnreadableFileError(path, None, f"is {kind}{target}, not a file nonotui can read")


def read_bytes(path: str | Path, *, limit: int = MAX_FILE_BYTES, what: str = "file") -> bytes:
    """The bytes of the regular file at ``path`` (links followed), at most ``limit`` of them.

    The file is checked before it is opened and again through the open handle (it may change in
    between), and opened without blocking, so a named pipe or a device never holds the caller:
    the answer comes at once.

    Args:
        path: The file.
        limit: Files larger than this are refused, whatever their size claims to be.
        what: What the file is, for the message (``"puzzle file"``, ``"save"``...).

    Raises:
        UnreadableFileError: missing, not a regular file, too large, or unreadable; ``missing``
            is set when there is no such file.
    """
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise _not_regular(path, info.st_mode)
        if info.st_size > limit:
            raise _too_large(path, info.st_size, limit, what)
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
        fd = os.open(path, flags | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        if os.path.islink(path):
            raise UnreadableFileError(
                path, None, f"is a link to {os.readlink(path)}, which does not exist"
            ) from None
        raise UnreadableFileError(path, None, "no such file", missing=True) from None
    except OSError as exc:
        raise UnreadableFileError(path, None, os_problem(exc)) from None
    except ValueError:  # a NUL character in the name (pasted into the open-file dialog)
        raise UnreadableFileError(path, None, "the name holds a NUL character") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise _not_regular(path, info.st_mode)
        chunks: list[bytes] = []
        total = 0
        while total <= limit:
            chunk = os.read(fd, min(_CHUNK, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > limit:
            raise _too_large(path, None, limit, what)
        return b"".join(chunks)
    except OSError as exc:
        raise UnreadableFileError(path, None, os_problem(exc)) from None
    finally:
        os.close(fd)


def _too_large(path: str | Path, size: int | None, limit: int, what: str) -> UnreadableFileError:
    has = f"has {_size_words(size)}" if size is not None else "is growing"
    return UnreadableFileError(
        path, None, f"the file {has}; a {what} may have at most {_size_words(limit)}"
    )


def decode_text(data: bytes, path: str | Path, *, what: str = "text file") -> str:
    """Bytes of a text file as text with ``\\n`` line ends.

    A byte-order mark picks UTF-8, UTF-16 or UTF-32 (little or big endian); without one the
    bytes are UTF-8, or else Latin-1 if they hold no control characters but tab, line feed,
    form feed and carriage return.

    Raises:
        UnreadableFileError: the file is empty, binary, or broken after its byte-order mark;
            the error names the line of the first bad byte where there is one.
    """
    for bom, codec, name in _BOMS:
        if data.startswith(bom):
            try:
                text = data[len(bom) :].decode(codec)
            except UnicodeDecodeError as exc:
                line = data[len(bom) : len(bom) + exc.start].decode(codec, "replace").count("\n")
                raise UnreadableFileError(
                    path, line + 1,
                    f"binary data: the file starts with a {name} byte-order mark but is not "
                    f"{name} text; this is not a {what}",
                ) from None
            return _checked(text, path, what)
    if not data.strip():
        raise UnreadableFileError(path, None, "the file is empty")
    nul = data.find(b"\0")
    if nul >= 0:
        line = data.count(b"\n", 0, nul) + 1
        raise UnreadableFileError(path, line, f"binary data (a NUL byte); this is not a {what}")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("latin-1")  # every byte is a Latin-1 character; _checked decides
    return _checked(text, path, what)


def _checked(text: str, path: str | Path, what: str) -> str:
    if not text.strip():
        raise UnreadableFileError(path, None, "the file is empty")
    bad = _CONTROL.search(text)
    if bad is not None:
        line = text.count("\n", 0, bad.start()) + 1
        kind = "a NUL byte" if bad.group() == "\0" else "a control character"
        raise UnreadableFileError(path, line, f"binary data ({kind}); this is not a {what}")
    return text.replace("\r\n", "\n").replace("\r", "\n")


def read_text(path: str | Path, *, limit: int = MAX_FILE_BYTES, what: str = "text file") -> str:
    """:func:`read_bytes` then :func:`decode_text`."""
    return decode_text(read_bytes(path, limit=limit, what=what), path, what=what)


def write_text(path: Path, text: str) -> None:
    """``text`` into ``path`` (UTF-8, LF), replacing it only once the whole text is written: a
    temporary file beside it, then ``os.replace``; a failed write leaves the old file as it was.

    Raises:
        NonotuiError: the folder or the file cannot be written, naming the path.
    """
    folder = path.parent if str(path.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise NonotuiError(f"{path}: cannot write ({exc.strerror or exc})") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        os.replace(tmp, path)
    except OSError as exc:
        os.unlink(tmp)
        raise NonotuiError(f"{path}: cannot write ({exc.strerror or exc})") from None
