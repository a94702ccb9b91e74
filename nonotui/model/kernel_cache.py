"""Where numba caches the kinds' kernels: the user's cache folder, keyed to the kernel sources.

numba checks a cached kernel against its own file only: after an edit to a callee in another
file, a caller would load its stale machine code. So each kind's kernels are cached in a folder
named by a hash of all their sources (``<kind>-<hash>``), and any edit starts a fresh cache.

The folder is never inside the installed package (a ``pip install .`` would otherwise fill
``site-packages`` with hundreds of cache files that outlive the package and shadow a later
editable install): it is the platform's per-user cache folder (platformdirs' rules), or, with
no usable home, the temporary folder. A ``NUMBA_CACHE_DIR`` the user set wins. Each time a
folder is chosen, the same kind's folders of other sources are removed but for the
:data:`KEEP` most recently used (two checkouts or virtual environments of other versions may
share the user's cache), and folders of the layout before this one (``numba-<hash>``) go.

numba's cache locators read ``numba.config.CACHE_DIR`` when a function is decorated with
``cache=True``, i.e. when a kernel module is imported: :func:`use` points it at the folder and
returns the function that puts the previous value back, so other numba users in the process keep
theirs. This module does not import numba until :func:`use` is called.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

KEEP = 2
"""Folders of other sources of the same kind kept beside the current one (most recent first)."""


def source_hash(sources: Iterable[Path]) -> str:
    """A short hash of the ``sources`` files, by name and content (in name order)."""
    digest = hashlib.sha256()
    for path in sorted(sources, key=lambda p: p.name):
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


def candidates(kind: str, sources: Iterable[Path]) -> list[Path]:
    """Where ``kind``'s cache may go, best first: the user's cache folder, then the temporary
    folder (no usable home)."""
    name = f"{kind}-{source_hash(sources)}"
    found = []
    try:
        found.append(user_cache_root() / "kernels" / name)
    except RuntimeError:  # no home folder
        pass
    found.append(Path(tempfile.gettempdir()) / f"nonotui-{_user_tag()}" / "kernels" / name)
    return found


def _user_tag() -> str:
    getuid = getattr(os, "getuid", None)
    return str(getuid()) if getuid is not None else (os.environ.get("USERNAME") or "user")


def cache_folder(kind: str, sources: Iterable[Path]) -> str | None:
    """The folder to cache ``kind``'s kernels in, or None to leave numba's own choice.

    None when the user set ``NUMBA_CACHE_DIR`` (their choice wins) or when no candidate can be
    written (numba then falls back as it always does).
    """
    if os.environ.get("NUMBA_CACHE_DIR"):
        return None
    for folder in candidates(kind, list(sources)):
        if _writable(folder):
            _prune(folder, kind)
            return str(folder)
    return None


def _prune(folder: Path, kind: str) -> None:
    """Mark ``folder`` used now and remove the older folders of ``kind`` beyond :data:`KEEP`,
    and the old layout's ``numba-*`` folders."""
    try:
        os.utime(folder)
        others = [p for p in folder.parent.iterdir()
                  if p != folder and p.is_dir() and p.name.startswith(f"{kind}-")]
        others.sort(key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        return
    for old in others[KEEP:] + list(folder.parent.glob("numba-*")):
        shutil.rmtree(old, ignore_errors=True)


def use(folder: str | None) -> Callable[[], None]:
    """Point numba's cache at ``folder`` (from :func:`cache_folder`; None leaves it) for the
    kernel modules imported next, and return the function that puts the previous folder back
    (call it once they are imported)."""
    if folder is None:
        return lambda: None
    import numba

    config: Any = numba.config  # its settings are set at import, unknown to type checkers
    previous = config.CACHE_DIR
    config.CACHE_DIR = folder

    def restore() -> None:
        config.CACHE_DIR = previous

    return restore
