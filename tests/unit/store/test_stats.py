"""Statistics per grade from the saves: solved counts, best and median times."""

from __future__ import annotations

import json
from pathlib import Path

from nonotui.kinds.nonogram.puzzle import Puzzle
from nonotui.store.progress import Progress, ProgressStore
from nonotui.store.stats import GradeStats, Played, by_grade, played

A = Puzzle.from_picture([[1, 0], [0, 1]], title="A")
B = Puzzle.from_picture([[1, 1], [0, 1]], title="B")
C = Puzzle.from_picture([[1, 1], [1, 1]], title="C")


def test_solve_times_are_saved_and_read_back(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    progress = Progress.new(A)
    progress.solved, progress.best_time, progress.solve_times = True, 30.0, [45.5, 30.0]
    store.save(progress)
    assert store.load(A).progress.solve_times == [45.5, 30.0]


def test_a_save_without_solve_times_reads_as_none_and_its_best_time_stands_in(
    tmp_path: Path,
) -> None:
    store = ProgressStore(tmp_path)
    progress = Progress.new(A)
    progress.solved, progress.best_time = True, 61.0
    document = progress.to_json()
    del document["solve_times"]  # written before they were recorded
    (tmp_path / f"{A.identity}.json").write_text(json.dumps(document))
    assert store.load(A).progress.solve_times == []
    assert played(tmp_path) == [Played(A.identity, "A", True, (61.0,))]


def test_per_grade_counts_best_and_median(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    for puzzle, times in ((A, [10.0, 30.0, 20.0]), (B, [50.0]), (C, [])):
        progress = Progress.new(puzzle)
        progress.moves = 3
        if times:
            progress.solved, progress.best_time, progress.solve_times = True, min(times), times
        store.save(progress)
    (tmp_path / "junk.json").write_text("{not json")  # skipped, not fatal
    grades = {A.identity: 2, B.identity: 2, C.identity: 4}
    figures = by_grade(played(tmp_path), grades.get)
    assert [f.grade for f in figures] == [1, 2, 3, 4, 5, 0]
    two = figures[1]
    assert two == GradeStats(2, 2, 2, 10.0, 25.0)  # median of 10, 20, 30, 50
    assert figures[3] == GradeStats(4, 1, 0, None, None)
    assert figures[0] == GradeStats(1, 0, 0, None, None)
    ungraded = by_grade(played(tmp_path), lambda identity: None)
    assert ungraded[-1] == GradeStats(None, 3, 2, 10.0, 25.0)


def test_an_auto_solved_puzzle_is_not_counted_solved(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    progress = Progress.new(A)
    progress.solved = True  # auto-solve: no time
    store.save(progress)
    assert played(tmp_path) == [Played(A.identity, "A", False, ())]


def test_a_save_is_known_by_its_identity_or_else_its_file_name(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    store.save(Progress.new(A))
    doc = json.loads((tmp_path / f"{A.identity}.json").read_text())
    (tmp_path / "renamed.json").write_text(json.dumps(doc))
    (tmp_path / "nameless.json").write_text(json.dumps({**doc, "identity": None}))
    assert [p.identity for p in played(tmp_path)] == [A.identity, "nameless", A.identity]


def test_saves_that_cannot_be_read_are_skipped_not_the_ones_after(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    store.save(Progress.new(A))
    (tmp_path / "!damaged.json").write_text("{not json")
    (tmp_path / "!list.json").write_text("[1, 2]")
    (tmp_path / "!newer.json").write_text('{"schema": 99}')
    (tmp_path / "!range.json").write_text(json.dumps({
        **json.loads((tmp_path / f"{A.identity}.json").read_text()), "moves": -1}))
    (tmp_path / "notes.txt").write_text("not a save")
    assert [p.identity for p in played(tmp_path)] == [A.identity]
    assert played(tmp_path / "missing") == []


def test_solve_times_count_only_for_a_puzzle_solved_by_the_player(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    progress = Progress.new(A)
    progress.solve_times = [30.0]  # times, but no best time: not a solve the player made
    progress.solved = True
    store.save(progress)
    assert played(tmp_path) == [Played(A.identity, "A", False, ())]
    progress.solved, progress.best_time = False, 30.0
    store.save(progress)
    assert played(tmp_path) == [Played(A.identity, "A", False, ())]
