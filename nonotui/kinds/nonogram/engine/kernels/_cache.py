"""numba's on-disk cache, keyed to the kernel sources.

numba checks a cached kernel against its own file only: after an edit to a callee in another
file of this package, a caller would load its stale machine code from the cache. So every kernel
of the package is cached in a folder named by a hash of all the package's sources, and any edit
anywhere in it starts a fresh cache.

numba's cache locators read ``numba.config.CACHE_DIR`` when a function is decorated with
``cache=True``, i.e. when the kernel modules are imported. :func:`cache_folder` chooses the
folder; ``__init__`` sets it around the import of the kernel modules and then puts the previous
value back, so other numba users in the process keep theirs. A ``NUMBA_CACHE_DIR`` the user set
is left alone. This module does not import numba.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
import tempfile
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
"""The kernel package's folder."""


def source_hash(package: Path = PACKAGE) -> str:
    """A short hash of every ``.py`` file of ``package``, by name and content."""
    digest = hashlib.sha256()
    for path in sorted(package.glob("*.py")):
        digest.update(path.name.encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()[:16]


def user_cache_root() -> Path:
    """The platform's per-user cache folder (platformdirs' rules, without importing it)."""
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or str(Path.home() / "AppData" / "Local")
        return Path(base) / "nonotui" / "Cache"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "nonotui"
    base = os.environ.get("XDG_CACHE_HOME") or ""
    return (Path(base) if os.path.isabs(base) else Path.home() / ".cache") / "nonotui"


def _writable(folder: Path) -> bool:
    """Whether ``folder`` exists (created if need be) and a file can be written in it."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        tempfile.TemporaryFile(dir=folder).close()
    except OSError:
        return False
    return True


def candidates(package: Path = PACKAGE) -> list[Path]:
    """Where the cache may go, best first: beside the sources (as numba's own ``__pycache__``),
    the user's cache folder (read-only installs), the temporary folder (no usable home)."""
    name = f"numba-{source_hash(package)}"
    try:
        user = user_cache_root() / "kernels" / name
    except RuntimeError:  # no home folder
        user = None
    found = [package / "__pycache__" / name]
    if user is not None:
        found.append(user)
    found.append(Path(tempfile.gettempdir()) / f"nonotui-{_user_tag()}" / name)
    return found


def _user_tag() -> str:
    getuid = getattr(os, "getuid", None)
    return str(getuid()) if getuid is not None else (os.environ.get("USERNAME") or "user")


def cache_folder(package: Path = PACKAGE) -> str | None:
    """The folder to cache the kernels in, or None to leave numba's own choice.

    None when the user set ``NUMBA_CACHE_DIR`` (their choice wins) or when no candidate can be
    written (numba then falls back as it always does).
    """
    if os.environ.get("NUMBA_CACHE_DIR"):
        return None
    for folder in candidates(package):
        if _writable(folder):
            _forget_others(folder)
            return str(folder)
    return None


def _forget_others(folder: Path) -> None:
    """Remove caches of earlier sources beside the package, so edits do not pile them up.

    Only in a ``__pycache__`` beside the sources: the shared folders may serve other checkouts.
    """
    parent = folder.parent
    if parent.name != "__pycache__":
        return
    for other in parent.glob("numba-*"):
        if other != folder and other.is_dir():
            shutil.rmtree(other, ignore_errors=True)
