"""The progress keeper alone, without Textual: a failed save is announced once and its recovery
too, a save never holds an auto-solve's previewed cells, and nothing is saved once closed."""

from __future__ import annotations

from pathlib import Path

from nonotui.errors import SaveError
from nonotui.kinds import open_game
from nonotui.kinds.nonogram.notation import format_board
from nonotui.model import FILLED, UNKNOWN
from nonotui.store import Progress, ProgressStore, PuzzleLock
from nonotui.ui.keeper import ProgressKeeper
from nonotui.ui.session import PlaySession
from tests.ui.conftest import PLUS


class FlakyStore(ProgressStore):
    """A store whose saves fail while ``broken``, and that keeps what each save wrote."""

    def __init__(self, folder: Path) -> None:
        super().__init__(folder)
        self.broken = False
        self.written: list[str] = []

    def save(self, progress: Progress) -> None:
        if self.broken:
            raise SaveError("the disk is full")
        self.written.append(format_board(progress.board.cells))


def keeper_for(tmp_path: Path) -> tuple[ProgressKeeper, FlakyStore, PuzzleLock]:
    session = PlaySession(open_game(PLUS), Progress.new(PLUS))
    store = FlakyStore(tmp_path / "progress")
    lock = PuzzleLock(tmp_path / "plus.lock")
    return ProgressKeeper(session, store, lock), store, lock


def test_a_failure_is_announced_once_and_the_recovery_too(tmp_path: Path) -> None:
    keeper, store, lock = keeper_for(tmp_path)
    keeper.schedule.changed()
    store.broken = True
    first, again = keeper.save(1.0), keeper.save(2.0)
    assert (first.ok, first.failure) == (False, "the disk is full")
    assert (again.ok, again.failure) == (False, None) and keeper.unsaved
    store.broken = False
    back = keeper.save(3.0)
    assert back.ok and back.recovered and not keeper.unsaved
    assert keeper.session.progress.elapsed == 3.0 and lock.held


def test_a_save_holds_no_previewed_cell_and_none_is_made_once_closed(tmp_path: Path) -> None:
    keeper, store, lock = keeper_for(tmp_path)
    session = keeper.session
    session.preview([(0, 0, FILLED)])
    assert keeper.save(0.0).ok
    assert store.written[-1].startswith("?????")  # the preview is not a move: not saved
    assert session.board.cells[0, 0] == FILLED and session.previewing  # shown again after
    keeper.close()
    assert not lock.held
    session.restore()
    session.go_to(4, 4)
    session.toggle(FILLED)
    assert not keeper.save(0.0).ok and len(store.written) == 1
    assert session.board.cells[0, 0] == UNKNOWN
