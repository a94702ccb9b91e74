"""Everything nonotui keeps on disk: progress, settings and the user's puzzles folder.

This is the only package that uses platformdirs. Every file is versioned JSON written atomically;
a damaged file is moved aside with a message, never silently dropped. The catalogue of puzzles
is in :mod:`nonotui.store.catalog`, imported on its own because it reads puzzle files.

The names below are loaded from their modules when first used, so that a command which only
reads a puzzle file through the catalogue (``nonotui solve FILE``) imports neither the progress
and settings stores nor platformdirs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nonotui import lazy

if TYPE_CHECKING:
    from nonotui.store.lock import LockHeld, PuzzleLock
    from nonotui.store.paths import DATA_DIR_ENV, DataDir
    from nonotui.store.progress import LoadResult, Progress, ProgressStore, Summary
    from nonotui.store.settings import Settings, SettingsStore

_WHERE = {
    "LockHeld": "lock", "PuzzleLock": "lock",
    "DATA_DIR_ENV": "paths", "DataDir": "paths",
    "LoadResult": "progress", "Progress": "progress", "ProgressStore": "progress",
    "Summary": "progress",
    "Settings": "settings", "SettingsStore": "settings",
}
"""Each public name's module under ``nonotui.store``."""


__getattr__ = lazy.exports(__name__, _WHERE, globals())


__all__ = [
    "DATA_DIR_ENV",
    "DataDir",
    "LoadResult",
    "LockHeld",
    "Progress",
    "ProgressStore",
    "PuzzleLock",
    "Settings",
    "SettingsStore",
    "Summary",
]
