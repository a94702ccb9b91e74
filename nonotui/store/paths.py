"""Where nonotui keeps its files: the platform's user data folder, or ``$NONOTUI_DATA_DIR``."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from nonotui.store.jsonfile import remove_stale_temporaries

DATA_DIR_ENV = "NONOTUI_DATA_DIR"
"""Environment variable that replaces the platform's data folder (tests point it at a temp dir)."""


@dataclass(frozen=True)
class DataDir:
    """The layout of the data folder.

    Attributes:
        root: The folder itself.
    """

    root: Path

    @classmethod
    def default(cls) -> DataDir:
        """``$NONOTUI_DATA_DIR`` when set and not empty, else the platform's user data folder."""
        override = os.environ.get(DATA_DIR_ENV)
        if override:
            return cls(Path(override).expanduser())
        return cls(Path(platformdirs.user_data_dir("nonotui", appauthor=False)))

    @property
    def progress(self) -> Path:
        """One save file per puzzle, named by the puzzle's identity."""
        return self.root / "progress"

    @property
    def puzzles(self) -> Path:
        """The user's own puzzles, listed by the library next to the bundled ones."""
        return self.root / "puzzles"

    @property
    def grades(self) -> Path:
        """The puzzles' grades, computed once and kept (:mod:`nonotui.store.grades`)."""
        return self.root / "grades.json"

    @property
    def settings(self) -> Path:
        """The settings file."""
        return self.root / "settings.json"

    def remove_leftovers(self) -> list[Path]:
        """Remove the temporary files that writes killed midway left in the data folder, its
        progress folder and its puzzles folder (:func:`~nonotui.store.jsonfile.
        remove_stale_temporaries`); returns them."""
        removed = []
        for folder in (self.root, self.progress, self.puzzles):
            removed += remove_stale_temporaries(folder)
        return removed
