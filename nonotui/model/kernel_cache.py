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

Inside such a folder a kernel's files sit under its module's path in the package
(``kinds/nonogram/engine/_kernels/``), not under a hash of the absolute path as numba's own
locator names them (:class:`_package_locator`): the same sources compile to the same file names
wherever they are installed, so a cache built in one place loads in another.

A cache that ships ready: a wheel built with the solver compiled (``setup.py``'s ``build_py``,
:mod:`nonotui.warm`) carries the folders in ``nonotui/_prebuilt/<kind>-<hash>/``. The
installed package never caches into it: on the first start, an empty user folder of the same
name is seeded with a copy (:func:`_seed`, file by file, each put in place whole), and numba
checks every entry as it always does (its numba and Python versions, the CPU it was compiled
for, the source's content); an entry that does not match is compiled again in the user folder.
"""

from __future__ import annotations

import functools
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

PACKAGE_ROOT = Path(__file__).resolve().parents[1]
"""The installed ``nonotui`` package: kernels under it are cached by their path inside it."""

PREBUILT = PACKAGE_ROOT / "_prebuilt"
"""Where a wheel built with the solver compiled carries its cache folders (read only)."""

BUILD_ROOT_VARIABLE = "NONOTUI_KERNEL_CACHE"
"""Set by the wheel build (``setup.py``): the folder that receives the ``<kind>-<hash>``
folders instead of the user's cache folder. Not meant for users (``NUMBA_CACHE_DIR`` is)."""

_OURS: set[str] = set()
"""The folders :func:`use` pointed numba at: only kernels cached there get package paths."""


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
    chosen = os.environ.get(BUILD_ROOT_VARIABLE)
    if chosen:  # building a cache that ships ready (setup.py): there and nowhere else
        return [Path(chosen) / name]
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
            _seed(folder)
            return str(folder)
    return None


def _seed(folder: Path, shipped_root: Path = PREBUILT) -> None:
    """Fill an empty ``folder`` from the shipped cache of the same name, if there is one.

    Each file is copied beside its place and renamed into it, so another process starting at
    the same moment reads either no file or a whole one. A failure leaves what was copied:
    numba compiles whatever it does not find."""
    shipped = shipped_root / folder.name
    try:
        if not shipped.is_dir() or next(folder.iterdir(), None) is not None:
            return
        for source in sorted(shipped.rglob("*")):
            if not source.is_file():
                continue
            target = folder / source.relative_to(shipped)
            target.parent.mkdir(parents=True, exist_ok=True)
            partial = target.with_name(f".{target.name}.{os.getpid()}.part")
            shutil.copyfile(source, partial)
            os.replace(partial, target)
    except OSError:
        return


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
    _OURS.add(folder)
    _register_locator()

    def restore() -> None:
        config.CACHE_DIR = previous

    return restore


_registered = False


def _register_locator() -> None:
    """Put :func:`_package_locator`'s class first among numba's cache locators (once). numba
    keeps that list on a class it does not document; where it is missing, numba's own locators
    apply and the cache works as before, only not from another install path."""
    global _registered
    if _registered:
        return
    _registered = True
    try:
        from numba.core import caching
    except ImportError:  # pragma: no cover - numba is a dependency
        return
    impl = getattr(caching, "CacheImpl", None) or getattr(caching, "_CacheImpl", None)
    classes = getattr(impl, "_locator_classes", None)
    if not isinstance(classes, list):
        return
    classes.insert(0, _package_locator(caching))


@functools.cache
def _content_hash(path: str) -> bytes:
    with open(path, "rb") as source:
        return hashlib.sha256(source.read()).digest()


def _package_locator(caching: Any) -> type:
    """numba's cache locator for the kernels of this package, in a folder :func:`use` chose:
    files go under the module's path inside the package (install-path independent), and numba's
    own checks of the source (its content hash) and of each entry stay as they are."""
    import numba

    config: Any = numba.config

    source_backed = caching._SourceFileBackedLocatorMixin

    class PackageLocator(source_backed, caching._CacheLocator):  # type: ignore[misc,valid-type]
        def __init__(self, py_func: Any, py_file: str) -> None:
            self._py_file = py_file
            self._lineno = py_func.__code__.co_firstlineno
            inside = Path(py_file).resolve().parent.relative_to(PACKAGE_ROOT)
            self._cache_path = os.path.join(config.CACHE_DIR, *inside.parts)

        def get_cache_path(self) -> str:
            return self._cache_path

        def get_source_stamp(self) -> bytes:
            # the source's content, not its time stamp (which every install writes anew; numba
            # hashes content itself only since 0.67)
            return _content_hash(self._py_file)

        @classmethod
        def from_function(cls, py_func: Any, py_file: str) -> Any:
            if config.CACHE_DIR not in _OURS or not Path(py_file).resolve().is_relative_to(
                    PACKAGE_ROOT):
                return None
            return super().from_function(py_func, py_file)

    return PackageLocator
