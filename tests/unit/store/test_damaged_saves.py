"""Saves, settings and grades that cannot crash anything: the numbers JSON allows but nonotui
never writes (``NaN``, ``1e999``, 5,000 digits), values of any type in any field and any bytes
as the file are moved aside with the notice other damage gets, through every loader the player
uses (``tests/damaged_saves.py``; ``benchmarks/damaged_saves.py`` runs ten thousand and more)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from nonotui.cli import main
from nonotui.errors import SaveError
from nonotui.store import DataDir, ProgressStore, SettingsStore
from nonotui.store.grades import GradeCache
from nonotui.store.jsonfile import MAX_DIGITS, loads, read_json
from nonotui.store.stats import played
from tests import damaged_saves as damaged
from tests.damaged_saves import PUZZLE, replaced

EXAMPLES = settings(max_examples=120, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                             HealthCheck.too_slow])
"""A few hundred examples in all in the default run (the benchmark runs ten thousand)."""


def _fresh(tmp_path: Path) -> Path:
    """A new empty data folder for each example (hypothesis reuses ``tmp_path``)."""
    n = len(list(tmp_path.iterdir()))
    return tmp_path / f"data{n}"


WORST = {
    "moves-5000-digits": ("moves", "9" * 5000),
    "elapsed-5000-digits": ("elapsed", "9" * 5000),
    "elapsed-1e999": ("elapsed", "1e999"),
    "elapsed-NaN": ("elapsed", "NaN"),
    "elapsed-minus-infinity": ("elapsed", "-Infinity"),
    "best-time-1e999": ("best_time", "1e999"),
    "elapsed-1e300": ("elapsed", "1e300"),
    "hints-1e3": ("hints", "1e3"),
    "moves-1e12": ("moves", str(10**12)),
    "solve-times-1e999": ("solve_times", "[40, 1e999]"),
    "title-lone-surrogate": ("title", '"\\ud800"'),
}
"""The issue's damage and its neighbours: each crashed the player or the library, or let a
value through that breaks the clock or the next save."""


@pytest.mark.parametrize(("field", "raw"), list(WORST.values()), ids=list(WORST))
def test_the_worst_numbers_are_moved_aside_with_a_notice(
    tmp_path: Path, field: str, raw: str
) -> None:
    content = replaced(damaged.played_save(), (field,), raw).encode()
    store = ProgressStore(DataDir(tmp_path).progress)
    path = store.path_for(PUZZLE.identity)
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    assert store.summary(PUZZLE).state == "unreadable"  # the library lists it as such
    assert played(store.folder) == []  # the statistics skip it
    result = store.load(PUZZLE)
    assert result.notice is not None and "moved to" in result.notice
    assert not result.resumed and not path.exists()
    (aside,) = path.parent.glob(f"{path.name}.corrupt-*")
    assert aside.read_bytes() == content


def test_the_notice_says_what_is_wrong(tmp_path: Path) -> None:
    store = ProgressStore(DataDir(tmp_path).progress)
    path = store.path_for(PUZZLE.identity)
    path.parent.mkdir(parents=True)
    for field, raw, words in (
        ("moves", "9" * 5000, "it holds a whole number of 5,000 digits"),
        ("elapsed", "NaN", "it holds NaN, which is not a number"),
        ("best_time", "1e999", "it holds the number '1e999', too large for nonotui"),
        ("elapsed", "1e300", "the save's elapsed time is 1e+300, not a number of seconds from "
                             "0 to 1,000,000,000"),
        ("moves", "-1", "the save's move count is -1, not a whole number from 0 to "
                        "1,000,000,000"),
        ("solve_times", '{"a": 1}', "the save's solve_times is an object, not a list of times"),
    ):
        path.write_text(replaced(damaged.played_save(), (field,), raw))
        notice = store.load(PUZZLE).notice
        assert notice is not None and words in notice, notice


def test_a_save_at_the_edges_of_its_ranges_is_read(tmp_path: Path) -> None:
    doc = damaged.played_save()
    doc.update(elapsed=1e9, moves=10**9, best_time=0, solve_times=[0, 1e9])
    store = ProgressStore(DataDir(tmp_path).progress)
    path = store.path_for(PUZZLE.identity)
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(doc))
    result = store.load(PUZZLE)
    assert result.resumed and result.notice is None
    assert (result.progress.elapsed, result.progress.moves) == (1e9, 10**9)
    assert result.progress.solve_times == [0.0, 1e9]


def test_an_undo_history_of_values_the_puzzle_has_not_is_damage(tmp_path: Path) -> None:
    """A nonogram's cells are 1 (empty), 2 (filled) or 3 (unknown): an undo to 4, or to a number
    a board cannot hold at all, would break the board the moment it is undone."""
    store = ProgressStore(DataDir(tmp_path).progress)
    path = store.path_for(PUZZLE.identity)
    path.parent.mkdir(parents=True)
    for value in (4, 7, 2**40):
        path.write_text(replaced(damaged.played_save(), ("history", "done", 0, "changes", 0, 2),
                                 str(value)))
        notice = store.load(PUZZLE).notice
        assert notice is not None and "invalid cell value" in notice, notice


def test_strict_json_refuses_only_what_nonotui_never_writes() -> None:
    assert loads('{"a": [1, -2.5, "é", "\\ud83d\\ude00", null, true]}') == {
        "a": [1, -2.5, "é", "\U0001F600", None, True]}
    assert loads("9" * MAX_DIGITS) == int("9" * MAX_DIGITS)
    assert loads("-" + "9" * MAX_DIGITS) == -int("9" * MAX_DIGITS)
    assert loads("1e308") == 1e308
    for text in ("NaN", "Infinity", "-Infinity", "1e999", "-1e400", "9" * (MAX_DIGITS + 1),
                 "-" + "9" * (MAX_DIGITS + 1), '"\\ud800"', '{"\\udfff": 1}', '["\\ud83dx"]'):
        with pytest.raises(ValueError):
            loads(text)


def test_read_json_turns_refused_numbers_into_a_save_error(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    path.write_text('{"elapsed": NaN}')
    with pytest.raises(SaveError, match=r"a\.json: not the JSON nonotui writes \(it holds NaN"):
        read_json(path)


@pytest.mark.parametrize("raw", ["9" * 5000, "NaN", "1e999"], ids=["5000-digits", "NaN", "1e999"])
def test_settings_with_such_numbers_are_moved_aside(tmp_path: Path, raw: str) -> None:
    store = SettingsStore(DataDir(tmp_path))
    store.path.write_text(replaced(damaged.valid_settings(), ("glyphs",), raw))
    settings, notice = store.load()
    assert notice is not None and "moved to" in notice and not store.path.exists()


@pytest.mark.parametrize(("field", "value"), [
    ("theme", ""), ("theme", "x" * 201), ("theme", "a\nb"), ("kind", 3), ("glyphs", ["ascii"]),
    ("check", None),
], ids=["empty-theme", "long-theme", "two-line-theme", "kind-3", "glyphs-list", "check-null"])
def test_settings_of_the_wrong_type_or_size_are_moved_aside(
    tmp_path: Path, field: str, value: object
) -> None:
    store = SettingsStore(DataDir(tmp_path))
    store.path.write_text(json.dumps({**damaged.valid_settings(), field: value}))
    settings, notice = store.load()
    assert notice is not None and f"setting {field}" in notice, notice


@pytest.mark.parametrize(("field", "value"), [
    ("score", 10**12), ("score", -1), ("version", 1.5), ("grade", True), ("unique", 1),
    ("hardest", "x" * 201), ("reason", ""), ("hardest", 3), ("line_solvable", None),
], ids=["score-1e12", "score-neg", "version-float", "grade-true", "unique-1", "long-hardest",
        "empty-reason", "hardest-3", "line-solvable-null"])
def test_a_grade_out_of_range_is_not_used(tmp_path: Path, field: str, value: object) -> None:
    path = tmp_path / "grades.json"
    doc = damaged.valid_grades()
    doc["grades"][PUZZLE.identity][field] = value  # type: ignore[index]
    path.write_text(json.dumps(doc))
    cache = GradeCache(path, 1)
    assert cache.get(PUZZLE.identity) is None, "computed again"
    assert cache.get("other") is not None, "the other entries are kept"


def test_a_grades_file_with_such_a_number_is_moved_aside(tmp_path: Path) -> None:
    path = tmp_path / "grades.json"
    doc = damaged.valid_grades()
    path.write_text(replaced(doc, ("grades", PUZZLE.identity, "score"), "9" * 5000))
    cache = GradeCache(path, 1)
    assert cache.get("other") is None
    notice = cache.take_notice()
    assert notice is not None and "5,000 digits" in notice and "moved to" in notice


def test_hint_refuses_a_state_file_with_such_numbers(tmp_path: Path, capsys) -> None:
    path = tmp_path / "save.json"
    path.write_text(replaced(damaged.played_save(), ("moves",), "9" * 5000))
    assert main(["hint", "4x4:2/1/2/1/1.1/2/1/1", "--state", str(path)]) == 1
    err = capsys.readouterr().err
    assert "not a save file: it holds a whole number of 5,000 digits" in err


# -- properties -----------------------------------------------------------------------------


@EXAMPLES
@given(content=damaged.any_damage(damaged.DOCUMENTS["save"]))
def test_any_damage_to_a_save_is_survived(tmp_path: Path, content: bytes) -> None:
    damaged.check_save(_fresh(tmp_path), content)


@EXAMPLES
@given(content=damaged.damaged_json(damaged.DOCUMENTS["old save"]).map(str.encode))
def test_any_damage_to_an_old_save_is_survived(tmp_path: Path, content: bytes) -> None:
    damaged.check_save(_fresh(tmp_path), content)


@EXAMPLES
@given(content=damaged.any_damage(damaged.DOCUMENTS["settings"]))
def test_any_damage_to_the_settings_is_survived(tmp_path: Path, content: bytes) -> None:
    damaged.check_settings(_fresh(tmp_path), content)


@EXAMPLES
@given(content=damaged.any_damage(damaged.DOCUMENTS["grades"]))
def test_any_damage_to_the_grades_is_survived(tmp_path: Path, content: bytes) -> None:
    damaged.check_grades(_fresh(tmp_path), content)


@pytest.mark.slow
@pytest.mark.parametrize("name", list(damaged.DOCUMENTS))
def test_ten_thousand_damaged_files_are_survived(tmp_path: Path, name: str) -> None:
    """2,500 damaged files of each of the four kinds (``benchmarks/damaged_saves.py`` counts
    the outcomes of as many)."""
    document = damaged.DOCUMENTS[name]
    damage = (damaged.damaged_json(document).map(str.encode) if name == "old save"
              else damaged.any_damage(document))

    @settings(max_examples=2500, database=None, suppress_health_check=list(HealthCheck))
    @given(content=damage)
    def survived(content: bytes) -> None:
        root = _fresh(tmp_path)
        damaged.CHECKS[name](root, content)
        shutil.rmtree(root)

    survived()
