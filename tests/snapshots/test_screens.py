"""Snapshot tests: the library, a puzzle in play with a hint shown and the finish screen, at
80x24 and 120x40, compared with the SVGs kept in tests/snapshots/__snapshots__/, so a change to
how the app looks shows in review. The states are tools/screen_states.py's (the same as the
docs' pictures): an empty data folder at ``data`` in a temporary folder, the clock frozen at
0:00, background work waited for.

After a change that is meant to change the look, regenerate and look at the new SVGs before
committing them:

    pytest tests/snapshots --snapshot-update
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tools.screen_states import DATA, SCREENS, app_for, frozen_clock, setup

SIZES = [(80, 24), (120, 40)]

GRADES = "grades.json"
"""The library's kept grades (:mod:`nonotui.store.grades`), in the data folder."""


@pytest.fixture(scope="module")
def kept_grades(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the first library snapshot leaves the grades it computed, for the next to be fed
    (the grading of 41 bundled puzzles is the same each time; one snapshot computing it is
    enough to show it, the other shows the library as it opens on a data folder that kept
    them)."""
    return tmp_path_factory.mktemp("kept") / GRADES


@pytest.fixture(autouse=True)
def fixed_state(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("NO_COLOR", raising=False)
    with frozen_clock():
        yield


@pytest.mark.xdist_group("snapshots")  # one worker: the library's snapshots share kept grades
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("screen", SCREENS)
def test_screen(snap_compare: Callable[..., bool], screen: str, size: tuple[int, int],
                kept_grades: Path) -> Any:
    if screen == "library" and kept_grades.is_file():
        DATA.mkdir(parents=True, exist_ok=True)
        shutil.copy2(kept_grades, DATA / GRADES)
    assert snap_compare(app_for(screen), terminal_size=size, run_before=setup(screen))
    if screen == "library" and not kept_grades.is_file():
        shutil.copy2(DATA / GRADES, kept_grades)
