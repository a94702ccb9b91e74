"""The statistics screen's figures: per grade, the puzzles solved and the best and median solve
times, read from the save files (:mod:`nonotui.store.progress`) and the kept grades
(:mod:`nonotui.store.grades`).

Every save in the progress folder counts, whichever file or id the puzzle was opened from; a
save that cannot be read is skipped (the puzzle's own screen reports it when it is opened). A
puzzle counts as solved when the player solved it (an assisted solve, with an applied hint, a
reveal or an auto-solve, records no time and does not count; the assisted solves are counted
apart). The median is over every solve the saves record (``solve_times``); a save from before
those were recorded gives its best time.
"""

from __future__ import annotations

import os
import statistics
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from nonotui.errors import SaveError
from nonotui.store.jsonfile import read_json
from nonotui.store.progress import NewerSaveError, Tally, migrate, tally_of


@dataclass(frozen=True)
class Played:
    """What a save says of one puzzle, without reading the puzzle."""

    identity: str
    title: str | None
    solved: bool
    times: tuple[float, ...]
    """The player's solve times (empty when never solved by the player)."""
    assisted: int = 0
    """Solves with help (an applied hint, a reveal or an auto-solve): no time recorded."""


def played(folder: Path) -> list[Played]:
    """Every readable save in ``folder``, by file name (a save with a value out of range, which
    opening its puzzle would move aside, is skipped like one that cannot be read)."""
    try:
        names = sorted(n for n in os.listdir(folder) if n.endswith(".json"))
    except OSError:
        return []
    out = []
    for name in names:
        path = folder / name
        try:
            data = read_json(path)
            if not isinstance(data, dict):
                continue
            data = migrate(data, path)
            tally = tally_of(data)
        except (FileNotFoundError, NewerSaveError, SaveError):
            continue
        out.append(_played(data, tally, name.removesuffix(".json")))
    return out


def _played(data: dict[str, object], tally: Tally, fallback: str) -> Played:
    identity = data.get("identity")
    solved = tally.solved and tally.best_time is not None
    times = tally.solve_times or (() if tally.best_time is None else (tally.best_time,))
    return Played(identity if isinstance(identity, str) else fallback, tally.title, solved,
                  times if solved else (), tally.assisted_solves)


@dataclass(frozen=True)
class GradeStats:
    """One line of the statistics: a grade (``None``: not graded yet) and its figures."""

    grade: int | None
    played: int
    """Puzzles of this grade with a save (started, solved or not)."""
    solved: int
    best: float | None
    median: float | None
    assisted: int = 0
    """Solves with help among the saves of this grade (each puzzle's count, summed)."""


def by_grade(records: Iterable[Played],
             grade_of: Callable[[str], int | None]) -> list[GradeStats]:
    """The figures of every grade 1 to 5, then 0, then the puzzles not graded yet (a grade
    with no save is listed with zeros, the ungraded line only when there is one)."""
    groups: dict[int | None, list[Played]] = {g: [] for g in (1, 2, 3, 4, 5, 0)}
    for record in records:
        groups.setdefault(grade_of(record.identity), []).append(record)
    out = []
    for grade, members in groups.items():  # the ungraded line is made by its first member
        times = [t for m in members for t in m.times]
        solved = [m for m in members if m.solved]
        out.append(GradeStats(grade, len(members), len(solved),
                              min(times) if times else None,
                              statistics.median(times) if times else None,
                              sum(m.assisted for m in members)))
    return out


__all__ = ["GradeStats", "Played", "by_grade", "played"]
