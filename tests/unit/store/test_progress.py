"""Progress files: round trip, atomic writes, damaged and old and newer saves, summaries."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nonotui.errors import SaveError
from nonotui.kinds.nonogram.notation import format_board
from nonotui.kinds.nonogram.puzzle import Puzzle
from nonotui.model import EMPTY, FILLED
from nonotui.model.history import make_move
from nonotui.store import DataDir, Progress, ProgressStore
from nonotui.store.jsonfile import write_atomic
from nonotui.store.progress import SCHEMA, NewerSaveError

PUZZLE = Puzzle.from_picture([[1, 1, 0], [0, 1, 0], [0, 1, 1]], title="Hook")
OTHER = Puzzle.from_picture([[1, 0, 0], [1, 1, 0], [1, 1, 1]], title="Stairs")


@pytest.fixture
def store(tmp_path: Path) -> ProgressStore:
    return ProgressStore(DataDir(tmp_path).progress)


def played(puzzle: Puzzle = PUZZLE) -> Progress:
    progress = Progress.new(puzzle)
    for cells, value in (([(0, 0), (0, 1)], FILLED), ([(0, 2)], EMPTY), ([(1, 1)], FILLED)):
        progress.history.record(make_move(progress.board, cells, value), progress.board)
        progress.moves += 1
    progress.history.undo(progress.board)
    progress.elapsed = 42.5
    progress.cursor = (2, 1)
    return progress


def test_round_trip_keeps_board_history_time_and_cursor(store: ProgressStore) -> None:
    progress = played()
    store.save(progress)
    result = store.load(PUZZLE)
    assert result.resumed and result.notice is None
    loaded = result.progress
    assert loaded.board == progress.board
    assert loaded.history == progress.history
    assert (loaded.elapsed, loaded.moves, loaded.cursor) == (42.5, 3, (2, 1))
    loaded.history.redo(loaded.board)
    assert format_board(loaded.board.cells) == "##-\n?#?\n???\n"


def test_no_save_means_a_new_board(store: ProgressStore) -> None:
    result = store.load(PUZZLE)
    assert not result.resumed and result.notice is None
    assert format_board(result.progress.board.cells) == "???\n???\n???\n"
    assert store.summary(PUZZLE).state == "new"


@pytest.mark.parametrize(
    "content",
    [b"{not json", b"\xff\xfe", b"[]", b'{"schema": 2}', b'{"schema": "two"}'],
)
def test_damaged_save_is_moved_aside_with_a_notice(store: ProgressStore, content: bytes) -> None:
    store.save(played(OTHER))
    path = store.path_for(PUZZLE.identity)
    path.write_bytes(content)
    assert store.summary(PUZZLE).state == "unreadable"
    assert path.read_bytes() == content, "the library's summary must not move anything"
    result = store.load(PUZZLE)
    assert result.notice is not None and "moved to" in result.notice
    assert not path.exists()
    (aside,) = path.parent.glob(f"{path.name}.corrupt-*")
    assert aside.read_bytes() == content
    assert format_board(result.progress.board.cells) == "???\n???\n???\n"
    # the other puzzle's progress is untouched
    assert store.load(OTHER).progress.moves == 3


def test_save_for_a_different_board_size_is_damaged(store: ProgressStore) -> None:
    doc = played().to_json()
    doc["size"] = [4, 4]
    write_atomic(store.path_for(PUZZLE.identity), doc)
    notice = store.load(PUZZLE).notice
    assert notice is not None and "[4, 4] board" in notice
    # the first load moved it aside, so the second finds nothing
    assert store.load(PUZZLE).notice is None


def test_schema_1_is_migrated(store: ProgressStore) -> None:
    doc = played().to_json()
    del doc["history"], doc["cursor"]
    doc["schema"] = 1
    write_atomic(store.path_for(PUZZLE.identity), doc)
    result = store.load(PUZZLE)
    assert result.resumed and result.notice is None
    assert format_board(result.progress.board.cells) == "##-\n???\n???\n"
    assert not result.progress.history.can_undo and result.progress.cursor == (0, 0)


def test_newer_schema_is_refused_and_left_untouched(store: ProgressStore) -> None:
    doc = played().to_json()
    doc["schema"] = SCHEMA + 1
    path = store.path_for(PUZZLE.identity)
    write_atomic(path, doc)
    before = path.read_bytes()
    with pytest.raises(NewerSaveError, match="newer nonotui"):
        store.load(PUZZLE)
    assert path.read_bytes() == before
    assert list(path.parent.glob("*.corrupt-*")) == []


def test_atomic_write_leaves_the_old_file_when_writing_fails(
    store: ProgressStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    store.save(played())
    path = store.path_for(PUZZLE.identity)
    before = path.read_bytes()

    def broken_replace(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("nonotui.store.jsonfile.os.replace", broken_replace)
    with pytest.raises(SaveError, match="No space left"):
        store.save(Progress.new(PUZZLE))
    assert path.read_bytes() == before
    assert [p.name for p in path.parent.iterdir()] == [path.name], "no temporary file left"


def test_summary_states(store: ProgressStore) -> None:
    progress = played()
    store.save(progress)
    summary = store.summary(PUZZLE)
    assert summary.state == "playing" and summary.percent == 33
    progress.solved, progress.best_time = True, 61.0
    store.save(progress)
    assert store.summary(PUZZLE).state == "solved"
    assert store.summary(PUZZLE).best_time == 61.0


def test_save_file_is_keyed_by_identity_and_readable(store: ProgressStore) -> None:
    store.save(played())
    data = json.loads(store.path_for(PUZZLE.identity).read_text())
    assert data["schema"] == SCHEMA and data["identity"] == PUZZLE.identity
    assert data["board"] == ["##-", "???", "???"]


def test_hint_and_auto_solve_counts_round_trip_and_default_to_zero(store: ProgressStore) -> None:
    progress = played()
    progress.hints, progress.auto_solves = 4, 1
    store.save(progress)
    loaded = store.load(PUZZLE).progress
    assert (loaded.hints, loaded.auto_solves) == (4, 1)
    # a save written before the counts existed reads as none
    data = progress.to_json()
    del data["hints"], data["auto_solves"]
    old = Progress.from_json(data, PUZZLE)
    assert (old.hints, old.auto_solves) == (0, 0)
    data["hints"] = -1
    with pytest.raises(SaveError, match="hints"):
        Progress.from_json(data, PUZZLE)


def test_an_assisted_solve_counts_but_records_no_time(store: ProgressStore) -> None:
    """DECISIONS.md, "First hour, second pass": a solve that used an applied hint, a reveal or
    an auto-solve counts as solved, is counted as assisted and never records a best time."""
    progress = played()
    assert progress.record_solve(50.0) is True  # the player's own: the first best time
    assert (progress.best_time, progress.solve_times, progress.assisted_solves) == (
        50.0, [50.0], 0)
    progress.helped = True
    assert progress.record_solve(10.0) is False  # far faster, but helped
    assert (progress.best_time, progress.solve_times, progress.assisted_solves) == (
        50.0, [50.0], 1)
    assert progress.solved
    store.save(progress)
    loaded = store.load(PUZZLE).progress
    assert (loaded.helped, loaded.assisted_solves) == (True, 1)
    data = progress.to_json()
    del data["helped"], data["assisted_solves"]  # a save from before: unhelped, none
    old = Progress.from_json(data, PUZZLE)
    assert (old.helped, old.assisted_solves) == (False, 0)
    for field, bad in (("helped", 1), ("assisted_solves", -1), ("assisted_solves", 1.5)):
        with pytest.raises(SaveError, match=field.split("_")[0]):
            Progress.from_json({**progress.to_json(), field: bad}, PUZZLE)
    helped_only = Progress.new(PUZZLE)
    helped_only.helped = True
    assert helped_only.record_solve(5.0) is False
    assert helped_only.best_time is None and helped_only.solve_times == []


def test_lock_file_sits_beside_the_save(store: ProgressStore) -> None:
    lock = store.lock_for(PUZZLE.identity)
    assert lock.path == store.folder / f"{PUZZLE.identity}.lock"
    assert not lock.held
