"""The grade cache: kept by identity and rating version, atomic, damaged files moved aside."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nonotui.errors import SaveError
from nonotui.store.grades import SCHEMA, Grade, GradeCache

THREE = Grade(3, 120, "Whole-line reasoning", True, True, None, 1)
GUESS = Grade(0, 900, "Contradiction", False, None, "needs guessing", 1)


def test_grades_are_kept_across_instances_and_merged_with_other_writers(tmp_path: Path) -> None:
    path = tmp_path / "grades.json"
    cache = GradeCache(path, 1)
    assert cache.get("a") is None
    cache.put("a", THREE)
    cache.save()
    other = GradeCache(path, 1)
    other.put("b", GUESS)  # a second window, which read the file before "a" was there
    other._loaded = True
    other.save()
    again = GradeCache(path, 1)
    assert again.get("a") == THREE and again.get("b") == GUESS
    assert json.loads(path.read_text())["schema"] == SCHEMA


def test_an_entry_of_another_rating_version_is_not_used(tmp_path: Path) -> None:
    path = tmp_path / "grades.json"
    cache = GradeCache(path, 1)
    cache.put("a", THREE)
    cache.save()
    assert GradeCache(path, 2).get("a") is None
    assert GradeCache(path, 1).get("a") == THREE


@pytest.mark.parametrize("text", ["{not json", '{"schema": 99, "grades": {}}', "[1, 2]",
                                  '{"schema": 1, "grades": []}'])
def test_a_damaged_file_is_moved_aside_reported_once_and_recomputed(
    tmp_path: Path, text: str
) -> None:
    path = tmp_path / "grades.json"
    path.write_text(text)
    cache = GradeCache(path, 1)
    assert cache.get("a") is None
    notice = cache.take_notice()
    assert notice is not None and "moved to" in notice
    assert cache.take_notice() is None
    moved = [p for p in tmp_path.iterdir() if p.name.startswith("grades.json.corrupt-")]
    assert len(moved) == 1 and moved[0].read_text() == text  # nothing is lost
    cache.put("a", THREE)
    cache.save()
    assert GradeCache(path, 1).get("a") == THREE


def test_bad_entries_are_skipped_and_the_good_ones_kept(tmp_path: Path) -> None:
    path = tmp_path / "grades.json"
    good = {"grade": 2, "score": 5, "hardest": "Glue", "line_solvable": True, "unique": True,
            "reason": None, "version": 1}
    path.write_text(json.dumps({"schema": 1, "grades": {
        "ok": good, "bad": {**good, "grade": 9}, "worse": {"grade": "x"}, "n": 3}}))
    cache = GradeCache(path, 1)
    assert cache.get("ok") == Grade(2, 5, "Glue", True, True, None, 1)
    assert cache.get("bad") is None and cache.get("worse") is None
    assert cache.take_notice() is None


def test_a_failed_write_raises_and_keeps_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import os

    from nonotui.store import jsonfile

    path = tmp_path / "grades.json"
    cache = GradeCache(path, 1)
    cache.put("a", THREE)
    cache.save()
    before = path.read_text()
    real_replace = os.replace

    def full_disk(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(jsonfile.os, "replace", full_disk)
    cache.put("b", GUESS)
    with pytest.raises(SaveError):
        cache.save()
    monkeypatch.setattr(jsonfile.os, "replace", real_replace)
    assert path.read_text() == before
    assert cache.get("b") == GUESS  # still known in memory, and written by the next save
    cache.save()
    assert GradeCache(path, 1).get("b") == GUESS


def test_labels_say_the_grade_and_why_zero() -> None:
    assert THREE.label() == "3"
    assert GUESS.label() == "0 needs guessing"
    assert THREE.describe() == "Grade 3 · hardest: Whole-line reasoning"
    assert GUESS.describe() == "Grade 0 · needs guessing"


@pytest.mark.parametrize("grade", [0, 1, 5])
def test_every_grade_from_0_to_5_is_kept(tmp_path: Path, grade: int) -> None:
    path = tmp_path / "grades.json"
    cache = GradeCache(path, 1)
    kept = Grade(grade, 3, None, grade <= 3, True, None if grade else "not unique", 1)
    cache.put("a", kept)
    cache.save()
    assert GradeCache(path, 1).get("a") == kept


def test_a_grade_over_5_is_not_used(tmp_path: Path) -> None:
    path = tmp_path / "grades.json"
    entry = {"grade": 6, "score": 5, "hardest": None, "line_solvable": True, "unique": True,
             "reason": None, "version": 1}
    path.write_text(json.dumps({"schema": 1, "grades": {"a": entry}}))
    assert GradeCache(path, 1).get("a") is None


def test_the_file_is_read_once(tmp_path: Path) -> None:
    path = tmp_path / "grades.json"
    first = GradeCache(path, 1)
    first.put("a", THREE)
    first.save()
    cache = GradeCache(path, 1)
    assert cache.get("a") == THREE
    other = GradeCache(path, 1)  # another window writes a grade afterwards
    other.put("b", GUESS)
    other.save()
    assert cache.get("b") is None, "read when first asked, not on every question"
    path.write_text("{damaged")
    assert cache.get("a") == THREE and cache.take_notice() is None


def test_a_damaged_file_that_cannot_be_moved_aside_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from nonotui.store import jsonfile

    path = tmp_path / "grades.json"
    path.write_text("{damaged")

    def refuse(src: str, dst: str) -> None:
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr(jsonfile.os, "replace", refuse)
    assert GradeCache(path, 1).get("a") is None
    cache = GradeCache(path, 1)
    cache.load()
    notice = cache.take_notice()
    assert notice is not None and notice.startswith("The saved grades could not be read (")
    assert notice.endswith(f"the file was moved to nowhere ({path} is damaged and cannot be "
                           "moved aside: Read-only file system) and the grades are computed "
                           "again.")
    assert path.read_text() == "{damaged"


def test_the_words_of_each_grade() -> None:
    assert Grade(0, 1, None, False, None, None, 1).describe() == "Grade 0 · not graded"
    assert Grade(0, 1, None, False, None, None, 1).label() == "0"
    assert Grade(3, 1, None, True, True, None, 1).describe() == "Grade 3"
    assert Grade(3, 1, "", True, True, None, 1).describe() == "Grade 3"
    assert Grade(3, 1, "Glue", True, True, "odd", 1).label() == "3", "a reason is grade 0's"


def test_a_grade_keeps_what_the_library_shows_of_a_rating() -> None:
    from nonotui.model.vocab import Rating

    rating = Rating(4, 250, False, True, "Contradiction", {"Glue": 3}, None, 7)
    assert Grade.of(rating) == Grade(4, 250, "Contradiction", False, True, None, 7)
    zero = Rating(0, 90, False, None, None, {}, "needs guessing")
    assert Grade.of(zero) == Grade(0, 90, None, False, None, "needs guessing", zero.version)



def test_a_rating_of_numpy_numbers_is_kept_as_json(tmp_path: Path) -> None:
    """The engine counts in numpy integers, which JSON cannot write."""
    import numpy as np

    from nonotui.model.vocab import Rating

    numbers: dict[str, object] = {"grade": np.int64(2), "score": np.int32(8),
                                   "line_solvable": np.bool_(True), "version": np.int64(1)}
    rating = Rating(unique=True, hardest="Glue", steps={}, **numbers)  # type: ignore[arg-type]
    kept = Grade.of(rating)
    assert (type(kept.grade), type(kept.score), type(kept.line_solvable), type(kept.version)) == (
        int, int, bool, int)
    cache = GradeCache(tmp_path / "grades.json", 1)
    cache.put("a", kept)
    cache.save()
    assert GradeCache(tmp_path / "grades.json", 1).get("a") == Grade(2, 8, "Glue", True, True,
                                                                      None, 1)
