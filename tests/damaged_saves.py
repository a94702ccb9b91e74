"""Damaged saves, settings and grades files, made on demand, and the promises every loader keeps
whatever the file holds.

A damaged file is a valid one with any JSON value (of any type, and the numbers JSON allows but
nonotui never writes: ``NaN``, ``1e999``, 5,000 digits) put in any one place, or one place
removed, or its bytes cut, flipped or spliced, or any bytes at all. Each ``check_*`` function
writes one such file into a data folder and reads it through the loaders the player uses: the
library's scan (:meth:`ProgressStore.summary`, the grades), opening a puzzle
(:meth:`ProgressStore.load`, the settings at start) and the statistics screen
(:func:`nonotui.store.stats.played`). It raises ``AssertionError`` when a promise is broken and
lets any other exception out: the loaders may raise nothing but ``NewerSaveError`` for a save of
a newer schema.

Shared by ``tests/unit/store/test_damaged_saves.py`` (a few hundred examples) and
``benchmarks/damaged_saves.py`` (ten thousand and more).
"""

from __future__ import annotations

import copy
import json
import math
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from nonotui import kinds
from nonotui.kinds.nonogram.puzzle import Puzzle
from nonotui.model import EMPTY, FILLED
from nonotui.model.history import make_move
from nonotui.model.kind import unknown_of
from nonotui.store import DataDir, Progress, ProgressStore, Settings, SettingsStore
from nonotui.store.bounds import MAX_COUNT, MAX_SECONDS
from nonotui.store.grades import Grade, GradeCache
from nonotui.store.progress import SCHEMA, NewerSaveError
from nonotui.store.stats import by_grade, played

PUZZLE = Puzzle.from_picture([[1, 1, 0], [0, 1, 0], [0, 1, 1]], title="Hook")

NASTY = ("NaN", "Infinity", "-Infinity", "1e999", "-1e999", "9" * 5000, "-" + "9" * 5000,
         "1" + "0" * 4301, "1e300", "-1e300", "1" + "0" * 15, '"\\ud800"', '"[/x]"')
"""What JSON allows and nonotui never writes: the issue's numbers, a lone surrogate, and text
that Textual would read as broken markup."""

RAW_NUMBERS = (
    "1e308", "4.9e-324", "-0.0", "0", "-1", "1.5", "2", "3", "4", "9007199254740993",
    "0." + "0" * 400 + "1",
)
"""Numbers at the edges of nonotui's ranges, and the small ones its fields hold."""

_scalars = st.one_of(
    st.none().map(json.dumps),
    st.booleans().map(json.dumps),
    st.integers().map(json.dumps),
    st.floats().map(json.dumps),  # NaN and infinities included, written as JSON allows
    st.text(max_size=12).map(json.dumps),
    st.sampled_from(['"[bold"', '"\\udc00x"', '""', '"#"', '"?"', '"("', '"(4)"', '"nonogram"',
                     '"mark"']),
    st.sampled_from(RAW_NUMBERS),
    st.sampled_from(NASTY),
)


def _array(items: list[str]) -> str:
    return "[" + ",".join(items) + "]"


def _object(pairs: dict[str, str]) -> str:
    return "{" + ",".join(f"{json.dumps(k)}:{v}" for k, v in pairs.items()) + "}"


json_text = st.recursive(
    _scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5).map(_array),
        st.dictionaries(st.text(max_size=6), inner, max_size=5).map(_object),
    ),
    max_leaves=12,
)
"""The text of any JSON value, numbers beyond nonotui's ranges included."""

Path_ = tuple[Any, ...]


def paths_of(doc: object, prefix: Path_ = ()) -> Iterator[Path_]:
    """Every place in ``doc`` below the top: keys of objects, indexes of lists."""
    if isinstance(doc, dict):
        for key, value in doc.items():
            yield (*prefix, key)
            yield from paths_of(value, (*prefix, key))
    elif isinstance(doc, list):
        for i, value in enumerate(doc):
            yield (*prefix, i)
            yield from paths_of(value, (*prefix, i))


_MARK = "\u0000damage\u0000"


def replaced(doc: object, where: Path_, raw: str) -> str:
    """The text of ``doc`` with the value at ``where`` replaced by the JSON text ``raw``."""
    out = copy.deepcopy(doc)
    parent: Any = out
    for step in where[:-1]:
        parent = parent[step]
    parent[where[-1]] = _MARK
    return json.dumps(out).replace(json.dumps(_MARK), raw, 1)


def removed(doc: object, where: Path_) -> str:
    """The text of ``doc`` without the value at ``where``."""
    out = copy.deepcopy(doc)
    parent: Any = out
    for step in where[:-1]:
        parent = parent[step]
    del parent[where[-1]]
    return json.dumps(out)


def played_save() -> dict[str, object]:
    """A save of the current schema with something in every field: a board, an undo history
    with a move undone, a solve time, hints."""
    progress = Progress.new(PUZZLE)
    for cells, value in (([(0, 0), (0, 1)], FILLED), ([(0, 2)], EMPTY), ([(1, 1)], FILLED)):
        move = make_move(progress.board, cells, value)
        assert move is not None
        progress.history.record(move, progress.board)
        progress.moves += 1
    progress.history.undo(progress.board)
    progress.elapsed, progress.cursor, progress.hints = 42.5, (2, 1), 1
    progress.solved, progress.best_time, progress.solve_times = True, 40.0, [55.5, 40.0]
    progress.helped, progress.assisted_solves = True, 2
    return progress.to_json()


OLD_SAVE = {
    "schema": 1, "identity": PUZZLE.identity, "title": "Hook", "size": [3, 3],
    "board": ["##-", "?#?", "???"], "elapsed": 74.1, "moves": 4, "solved": False,
    "best_time": None, "saved_at": "2026-11-23T08:31:10+0000",
}
"""A save of the first schema (no history, no cursor, the ``#-?`` notation), migrated on load."""


def valid_settings() -> dict[str, object]:
    """A settings file with every setting away from its default."""
    settings = Settings("ascii", "nord", "name", "solved", "3", "immediate", "fast", "nonogram")
    return {"schema": 1, **settings.__dict__}


GRADE = Grade(3, 120, "Whole-line reasoning", True, True, None, 1)


def valid_grades() -> dict[str, object]:
    """A grades file of two entries, one of them grade 0 with its reason."""
    zero = {**GRADE.__dict__, "grade": 0, "reason": "needs guessing", "unique": None}
    return {"schema": 1, "grades": {PUZZLE.identity: dict(GRADE.__dict__), "other": zero}}


DOCUMENTS = {"save": played_save(), "old save": OLD_SAVE, "settings": valid_settings(),
             "grades": valid_grades()}
"""The valid files the damage is done to."""


@st.composite
def damaged_json(draw: st.DrawFn, document: object) -> str:
    """``document`` as text with one value replaced by any JSON value, or one removed."""
    where = draw(st.sampled_from(sorted(paths_of(document), key=repr)))
    if draw(st.integers(0, 5)) == 0:
        return removed(document, where)
    return replaced(document, where, draw(st.one_of(st.sampled_from(NASTY), json_text)))


@st.composite
def damaged_bytes(draw: st.DrawFn, document: object) -> bytes:
    """Any bytes, or ``document``'s bytes cut, with bytes flipped, or with any bytes spliced in."""
    if draw(st.booleans()):
        return draw(st.binary(max_size=300))
    data = bytearray(json.dumps(document).encode())
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(data)))
        how = draw(st.sampled_from(["cut", "flip", "splice"]))
        if how == "cut":
            del data[at:at + draw(st.integers(1, 40))]
        elif how == "flip" and at < len(data):
            data[at] ^= draw(st.integers(1, 255))
        else:
            data[at:at] = draw(st.binary(min_size=1, max_size=8))
    return bytes(data)


def any_damage(document: object) -> st.SearchStrategy[bytes]:
    """Every kind of damage to ``document``, as the file's bytes."""
    return st.one_of(damaged_json(document).map(str.encode), damaged_bytes(document))


# -- the promises ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    """What the player did with a damaged file: ``resumed``/``read`` (the file was fine after
    all), ``moved aside``, ``left`` (a save of a newer schema, refused and kept)."""

    what: str


def _sane_seconds(value: float | None) -> bool:
    return value is None or (math.isfinite(value) and 0 <= value <= MAX_SECONDS)


def _sane_count(value: object) -> bool:
    return type(value) is int and 0 <= value <= MAX_COUNT


def _moved_aside(path: Path, content: bytes) -> bool:
    aside = list(path.parent.glob(f"{path.name}.corrupt-*"))
    return not path.exists() and len(aside) == 1 and aside[0].read_bytes() == content


def check_save(root: Path, content: bytes) -> Outcome:
    """``content`` as the save of :data:`PUZZLE` in the data folder ``root`` (empty), through
    the library's summary, the statistics and opening the puzzle."""
    store = ProgressStore(DataDir(root).progress)
    path = store.path_for(PUZZLE.identity)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)

    summary = store.summary(PUZZLE)
    assert summary.state in ("new", "playing", "solved", "auto-solved", "unreadable"), summary
    assert _sane_seconds(summary.best_time) and 0 <= summary.percent <= 100, summary
    assert path.read_bytes() == content, "the library's summary never changes a file"

    records = played(store.folder)
    for record in records:
        assert all(_sane_seconds(t) for t in record.times), record
        assert isinstance(record.identity, str) and isinstance(record.solved, bool), record
        assert record.title is None or isinstance(record.title, str), record
    figures = by_grade(records, lambda identity: 3)
    assert all(_sane_seconds(f.best) and _sane_seconds(f.median) for f in figures), figures

    try:
        result = store.load(PUZZLE)
    except NewerSaveError:
        schema = json.loads(content)["schema"]
        assert type(schema) is int and schema > SCHEMA, schema
        assert path.read_bytes() == content, "a newer save is left as it is"
        assert summary.state == "unreadable"
        return Outcome("left")
    if not result.resumed:
        assert result.notice is not None and "moved to" in result.notice, result.notice
        assert _moved_aside(path, content), "the damaged file is kept beside, not lost"
        assert summary.state == "unreadable", "the library said so before it was opened"
        assert result.progress.moves == 0 and not result.progress.history.can_undo
        return Outcome("moved aside")
    assert result.notice is None and summary.state != "unreadable", summary
    _check_progress(result.progress)
    assert [r.identity for r in records] == [PUZZLE.identity], records
    store.save(result.progress)  # what was read can be written back...
    again = store.load(PUZZLE)  # ...and read again, the same
    assert again.resumed and again.notice is None
    assert again.progress.to_json() | {"saved_at": ""} == result.progress.to_json() | {
        "saved_at": ""}
    return Outcome("resumed")


def _check_progress(progress: Progress) -> None:
    """Every value of a resumed save is one the player can use."""
    full = unknown_of(kinds.open_game(PUZZLE).values)
    assert _sane_seconds(progress.elapsed) and _sane_seconds(progress.best_time), progress
    assert all(_sane_seconds(t) for t in progress.solve_times), progress.solve_times
    for count in (progress.moves, progress.hints, progress.auto_solves,
                  progress.assisted_solves):
        assert _sane_count(count), progress
    assert isinstance(progress.helped, bool), progress
    row, column = progress.cursor
    assert 0 <= row < PUZZLE.height and 0 <= column < PUZZLE.width, progress.cursor
    assert _cells_of(progress.board.cells.tolist(), full), progress.board
    board = progress.board.copy()
    history = copy.deepcopy(progress.history)
    while history.undo(board) is not None:  # every move undoes and redoes on the board
        assert _cells_of(board.cells.tolist(), full), board
    while history.redo(board) is not None:
        assert _cells_of(board.cells.tolist(), full), board


def _cells_of(rows: list[list[int]], full: int) -> bool:
    """Whether every cell is a non-empty subset of ``full``."""
    return all(0 < v and not v & ~full for row in rows for v in row)


def check_settings(root: Path, content: bytes) -> Outcome:
    """``content`` as the settings file in the data folder ``root`` (empty), read as the app
    does at start."""
    store = SettingsStore(DataDir(root))
    root.mkdir(parents=True, exist_ok=True)
    store.path.write_bytes(content)
    settings, notice = store.load()
    settings.validate()
    if notice is not None:
        assert settings == Settings() and "moved to" in notice, notice
        assert _moved_aside(store.path, content)
        return Outcome("moved aside")
    store.save(settings)  # what was read can be written back, the same
    assert store.load() == (settings, None)
    return Outcome("read")


def check_grades(root: Path, content: bytes) -> Outcome:
    """``content`` as the grades file in the data folder ``root`` (empty), read as the library
    and the statistics screen do."""
    path = DataDir(root).grades
    root.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    cache = GradeCache(path, 1)
    for identity in (PUZZLE.identity, "other"):
        grade = cache.get(identity)
        if grade is not None:
            assert 0 <= grade.grade <= 5 and _sane_count(grade.score), grade
            assert grade.label() and grade.describe(), grade
    notice = cache.take_notice()
    outcome = Outcome("read")
    if notice is not None:
        assert "moved to" in notice and _moved_aside(path, content), notice
        outcome = Outcome("moved aside")
    cache.put("new", GRADE)
    cache.save()  # what was read can be written back, with a new grade
    assert GradeCache(path, 1).get("new") == GRADE
    return outcome


CHECKS = {"save": check_save, "old save": check_save, "settings": check_settings,
          "grades": check_grades}
"""The check each document's damage goes through."""
