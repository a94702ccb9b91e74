"""The settings file in detail: every choice of every setting kept, the defaults, what is
refused and the words that say so, unknown keys, and what is written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nonotui.errors import SaveError
from nonotui.store import DataDir, Settings, SettingsStore
from nonotui.store.settings import (
    CHECK_CHOICES,
    FILTER_CHOICES,
    GLYPH_CHOICES,
    GRADE_CHOICES,
    SOLVE_SPEEDS,
    SORT_CHOICES,
)

CHOICES = {"glyphs": GLYPH_CHOICES, "sort": SORT_CHOICES, "filter": FILTER_CHOICES,
           "grade": GRADE_CHOICES, "check": CHECK_CHOICES, "solve_speed": tuple(SOLVE_SPEEDS)}


@pytest.fixture
def store(tmp_path: Path) -> SettingsStore:
    return SettingsStore(DataDir(tmp_path))


def test_the_defaults_are_the_documented_ones_and_valid() -> None:
    settings = Settings()
    settings.validate()
    assert settings.__dict__ == {"glyphs": "auto", "theme": "textual-dark", "sort": "size",
                                 "filter": "all", "grade": "any", "check": "request",
                                 "solve_speed": "normal", "kind": "all"}


def test_no_file_means_the_defaults_and_nothing_to_say(store: SettingsStore) -> None:
    assert store.load() == (Settings(), None)
    assert not store.path.exists()


@pytest.mark.parametrize("name", list(CHOICES))
def test_every_choice_of_every_setting_is_kept(store: SettingsStore, name: str) -> None:
    for choice in CHOICES[name]:
        store.save(Settings(**{name: choice}))
        assert getattr(store.load()[0], name) == choice


def test_any_theme_or_kind_name_is_kept(store: SettingsStore) -> None:
    store.save(Settings(theme="x" * 200, kind="aquarium"))
    assert store.load() == (Settings(theme="x" * 200, kind="aquarium"), None)


def test_what_is_written(store: SettingsStore) -> None:
    store.save(Settings(glyphs="ascii", solve_speed="slow"))
    assert json.loads(store.path.read_text()) == {
        "schema": 1, "glyphs": "ascii", "theme": "textual-dark", "sort": "size",
        "filter": "all", "grade": "any", "check": "request", "solve_speed": "slow",
        "kind": "all"}


@pytest.mark.parametrize(("name", "value", "words"), [
    ("glyphs", "sparkly", "setting glyphs = 'sparkly' is not one of ('auto', 'unicode', 'ascii')"),
    ("sort", 3, "setting sort = 3 is not one of ('name', 'size', 'state', 'grade')"),
    ("filter", None, "setting filter = None is not one of ('all', 'new', 'playing', 'solved')"),
    ("grade", 1, "setting grade = 1 is not one of ('any', '1', '2', '3', '4', '5', '0')"),
    ("check", "", "setting check = '' is not one of ('off', 'request', 'immediate')"),
    ("solve_speed", ["fast"], "setting solve_speed = a list is not one of ('instant', 'fast', "
                              "'normal', 'slow')"),
    ("theme", "", "setting theme is '', not a name"),
    ("theme", 7, "setting theme is 7, not a name"),
    ("kind", "a\tb", "setting kind is 'a\\tb', not a name"),
    ("kind", "k" * 201, "setting kind is "),
])
def test_a_bad_value_is_refused_naming_the_setting(
    store: SettingsStore, name: str, value: object, words: str
) -> None:
    settings = Settings(**{name: value})  # type: ignore[arg-type]
    with pytest.raises(SaveError) as info:
        settings.validate()
    assert info.value.message.startswith(words)
    with pytest.raises(SaveError):
        store.save(settings)
    assert not store.path.exists(), "nothing invalid is written"
    store.path.write_text(json.dumps({"schema": 1, name: value}))
    loaded, notice = store.load()
    assert loaded == Settings()
    assert notice is not None and notice.startswith(f"The settings could not be read ({words}")
    (moved,) = store.path.parent.glob("settings.json.corrupt-*")
    assert notice.endswith(f"they were moved to {moved} and the defaults are used.")


@pytest.mark.parametrize(("doc", "words"), [
    ([], "the settings file does not hold a JSON object"),
    ({}, "unknown settings schema None"),
    ({"schema": 2}, "unknown settings schema 2"),
    ({"schema": "1"}, "unknown settings schema '1'"),
])
def test_a_file_that_is_not_settings_says_why(
    store: SettingsStore, doc: object, words: str
) -> None:
    store.path.write_text(json.dumps(doc))
    settings, notice = store.load()
    assert settings == Settings()
    assert notice is not None and f"could not be read ({words})" in notice


def test_unknown_settings_are_ignored_and_missing_ones_default(store: SettingsStore) -> None:
    """A newer nonotui may have more settings; an older file fewer."""
    store.path.write_text(json.dumps({"schema": 1, "sort": "name", "volume": 11,
                                      "validate": "no"}))
    assert store.load() == (Settings(sort="name"), None)
