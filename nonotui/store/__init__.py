"""Everything nonotui keeps on disk: progress, settings and the user's puzzles folder.

This is the only package that uses platformdirs. Every file is versioned JSON written atomically;
a damaged file is moved aside with a message, never silently dropped. The catalogue of puzzles
is in :mod:`nonotui.store.catalog`, imported on its own because it reads puzzle files.
"""

from nonotui.store.lock import LockHeld, PuzzleLock
from nonotui.store.paths import DATA_DIR_ENV, DataDir
from nonotui.store.progress import LoadResult, Progress, ProgressStore, Summary
from nonotui.store.settings import Settings, SettingsStore

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
