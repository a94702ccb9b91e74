"""The grades of puzzles, computed once and kept: ``grades.json`` in the data folder.

Rating a puzzle (:meth:`~nonotui.model.kind.Kind.rate`) solves it the way a player following
hints would, which takes from milliseconds to seconds; the library rates each puzzle once in a
worker and keeps the answer here, keyed by the puzzle's identity (so a renamed or converted file
keeps its grade). Each entry carries the version of the rating that made it; an entry of another
version is not used, and is computed again.

The file is versioned JSON written atomically (:func:`~nonotui.store.jsonfile.write_atomic`).
A file that cannot be read is moved aside (``grades.json.corrupt-TIMESTAMP``) and reported once;
the grades are then computed again. Saving merges with what is on disk, so two nonotui windows
rating different puzzles keep both their grades. Safe to use from several threads.
"""

from __future__ import annotations

import threading
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from nonotui.errors import SaveError
from nonotui.store import bounds
from nonotui.store.jsonfile import move_aside, read_json, write_atomic

SCHEMA = 1
"""The layout of ``grades.json``: ``{"schema": 1, "grades": {identity: entry}}``."""


@dataclass(frozen=True)
class Grade:
    """What the library keeps of a puzzle's rating.

    Attributes:
        grade: 1 (easiest) to 5; 0 when it needs guessing, is not unique or has no solution.
        score: The rating's numeric score.
        hardest: The hardest technique the puzzle needs, or ``None``.
        line_solvable: Whether line logic alone solves it.
        unique: Whether it has exactly one solution (``None``: not proven).
        reason: Why the grade is 0 (``needs guessing``, ``not unique``, ``no solution``).
        version: The version of the rating that made it.
    """

    grade: int
    score: int
    hardest: str | None
    line_solvable: bool
    unique: bool | None
    reason: str | None
    version: int

    @classmethod
    def of(cls, rating: Any) -> Grade:
        """The entry of a kind's rating (:class:`~nonotui.model.vocab.Rating`)."""
        return cls(int(rating.grade), int(rating.score), rating.hardest,
                   bool(rating.line_solvable), rating.unique, rating.reason,
                   int(rating.version))

    def label(self) -> str:
        """What the library's Grade column says: ``3``, or ``0 needs guessing``."""
        if self.grade == 0 and self.reason:
            return f"0 {self.reason}"
        return str(self.grade)

    def describe(self) -> str:
        """``Grade 3 · hardest: Whole-line reasoning`` (the finish screen's line)."""
        if self.grade == 0:
            return f"Grade 0 · {self.reason or 'not graded'}"
        hardest = f" · hardest: {self.hardest}" if self.hardest else ""
        return f"Grade {self.grade}{hardest}"


def _entry(data: object) -> Grade | None:
    """An entry of the file, or ``None`` when it is not one (ignored, computed again): every
    value of the right type and in its range."""
    if not isinstance(data, dict):
        return None
    try:
        grade = Grade(**{k: data[k] for k in Grade.__dataclass_fields__})
    except (KeyError, TypeError):
        return None
    if not (bounds.is_count(grade.score) and bounds.is_count(grade.version)):
        return None
    if not all(text is None or bounds.is_name(text) for text in (grade.hardest, grade.reason)):
        return None
    if not bounds.is_whole(grade.grade) or not 0 <= grade.grade <= 5:
        return None
    if not isinstance(grade.line_solvable, bool):
        return None
    if grade.unique is not None and not isinstance(grade.unique, bool):
        return None
    return grade


class GradeCache:
    """The grades kept in one file, for one version of the rating."""

    def __init__(self, path: Path, version: int) -> None:
        self.path = path
        self.version = version
        self._grades: dict[str, Grade] = {}
        self._dirty: set[str] = set()
        self._lock = threading.Lock()
        self._loaded = False
        self.notice: str | None = None
        """Why the file could not be read (it was moved aside), until someone reports it."""

    def _read(self) -> dict[str, Grade]:
        """The entries on disk; a damaged file is moved aside and noted in :attr:`notice`."""
        try:
            data = read_json(self.path)
            if not isinstance(data, dict) or data.get("schema") != SCHEMA:
                raise SaveError(f"{self.path}: not a grades file of schema {SCHEMA}")
            raw = data.get("grades")
            if not isinstance(raw, dict):
                raise SaveError(f"{self.path}: its grades are not an object")
        except FileNotFoundError:
            return {}
        except SaveError as exc:
            try:
                moved: Path | str = move_aside(self.path)
            except SaveError as move_failed:
                moved = f"nowhere ({move_failed.message})"
            self.notice = (f"The saved grades could not be read ({exc.message}); the file was "
                           f"moved to {moved} and the grades are computed again.")
            return {}
        out = {}
        for identity, value in raw.items():
            entry = _entry(value)
            if isinstance(identity, str) and entry is not None:
                out[identity] = entry
        return out

    def load(self) -> None:
        """Read the file (once; later calls do nothing)."""
        with self._lock:
            if not self._loaded:
                self._grades = {**self._read(), **self._grades}
                self._loaded = True

    def get(self, identity: str) -> Grade | None:
        """The kept grade of a puzzle, ``None`` when there is none of this rating version."""
        self.load()
        with self._lock:
            grade = self._grades.get(identity)
        return grade if grade is not None and grade.version == self.version else None

    def put(self, identity: str, grade: Grade) -> None:
        """Keep a grade (written by the next :meth:`save`)."""
        with self._lock:
            self._grades[identity] = grade
            self._dirty.add(identity)

    def save(self) -> None:
        """Write the grades kept since the last save, merged into what is on disk now.

        Raises:
            SaveError: the file cannot be written (the grades stay in memory).
        """
        with self._lock:
            if not self._dirty:
                return
            on_disk = self._read() if self.path.exists() else {}
            merged = {**on_disk, **{k: self._grades[k] for k in self._dirty}}
            write_atomic(self.path, {"schema": SCHEMA,
                                     "grades": {k: asdict(v) for k, v in merged.items()}})
            self._grades = {**merged, **self._grades}
            self._dirty.clear()

    def take_notice(self) -> str | None:
        """The damaged-file notice, once."""
        with self._lock:
            notice, self.notice = self.notice, None
        return notice


__all__ = ["SCHEMA", "Grade", "GradeCache"]
