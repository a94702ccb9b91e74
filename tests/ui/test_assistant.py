"""The assistant alone, in a bare app with no play screen and no engine: answers are posted to
it by hand (as its workers would), so the version guards, what it shows, and the auto-solve's
preview are checked without threads or timing. And PlaySession's preview, without Textual."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from textual import on
from textual.app import App, ComposeResult

from nonotui.kinds import open_game
from nonotui.model import EMPTY, FILLED, UNKNOWN
from nonotui.model.kind import CellValueChange, HintStep, Plan, Step
from nonotui.store import Progress
from nonotui.store.settings import Settings
from nonotui.ui.assistant import DROPPED, Assistant
from nonotui.ui.glyphs import ASCII
from nonotui.ui.messages import CheckDone, HelpChanged, HintFound, Reply, SolvePlanned
from nonotui.ui.session import PlaySession
from tests.ui.conftest import PLUS

COLUMN_3 = frozenset((r, 2) for r in range(5))


@dataclass(frozen=True)
class FakeHint:
    """A hint as a kind gives one (the engine's own is not needed to test the assistant)."""

    kind: str
    cells: tuple[CellValueChange, ...]
    explanation: str
    line: tuple[str, int] | None = None
    undo_moves: int | None = None
    steps: tuple[HintStep, ...] = ()
    narrowed: tuple[CellValueChange, ...] = ()

    def changes(self) -> list[CellValueChange]:
        return [(r, c, UNKNOWN) for r, c, _ in self.cells] if self.kind == "mistake" \
            else list(self.cells)

    def to_json(self) -> dict[str, object]:
        return {}


COLUMN_HINT = FakeHint("line", ((1, 2, FILLED), (2, 2, FILLED), (3, 2, FILLED)),
                       "Column 3: three cells", ("column", 2))


class Host(App[None]):
    """A bare app holding an assistant and recording what it posts up."""

    def __init__(self, session: PlaySession, settings: Settings) -> None:
        super().__init__()
        self.assistant = Assistant(session, settings, lambda: ASCII)
        self.replies: list[Reply] = []

    def compose(self) -> ComposeResult:
        yield self.assistant

    @on(HelpChanged)
    def heard(self, message: HelpChanged) -> None:
        self.replies.append(message.reply)


@pytest.fixture
def session() -> PlaySession:
    return PlaySession(open_game(PLUS), Progress.new(PLUS))


def settings(check: str = "request", solve_speed: str = "slow") -> Settings:
    return Settings(check=check, solve_speed=solve_speed)


async def test_a_hint_for_an_older_board_is_dropped_and_a_current_one_shown(
        session: PlaySession) -> None:
    host = Host(session, settings())
    async with host.run_test() as pilot:
        a = host.assistant
        asked_at = a.version
        session.go_to(4, 4)
        a.board_changed(session.toggle(EMPTY))
        a.post_message(HintFound(COLUMN_HINT, asked_at))
        await pilot.pause()
        assert a.hint is None and not a.hint_shown and host.replies == []
        assert a.highlight == frozenset() and a.panel == ""
        assert session.cursor == (4, 4)
        a.post_message(HintFound(COLUMN_HINT, a.version))
        await pilot.pause()
        assert a.hint is COLUMN_HINT and a.hint_shown
        assert a.highlight == {(1, 2), (2, 2), (3, 2)}
        assert a.hint_line == COLUMN_3 - a.highlight  # the rest of the hint's column
        assert a.panel == "Column 3: three cells"
        assert host.replies[-1].say == f"hint: 3 cells marked {ASCII.hint}; i applies it"
        assert session.cursor == (3, 2)  # the hint's cell nearest the cursor
        # applied: one move of kind hint; the next change forgets the hint
        reply = a.apply_hint()
        assert reply.move is not None and reply.move.kind == "hint"
        assert reply.say == "hint applied: 3 cells set (u undoes it)"
        said = len(host.replies)
        a.board_changed(reply.move)
        assert a.hint is None and a.highlight == frozenset() and a.panel == ""
        await pilot.pause()
        assert len(host.replies) == said, "an applied hint is not said to be dropped"


async def test_a_move_that_drops_the_hint_on_show_says_so(session: PlaySession) -> None:
    """The status line offered the hint to the hint key ("i applies it"); a move drops the
    hint, and the status line must stop offering it (issue 33, item 6)."""
    host = Host(session, settings())
    async with host.run_test() as pilot:
        a = host.assistant
        a.post_message(HintFound(COLUMN_HINT, a.version))
        await pilot.pause()
        assert host.replies[-1].say.endswith("i applies it")
        session.go_to(0, 0)
        a.board_changed(session.toggle(EMPTY))
        await pilot.pause()
        assert not a.hint_shown
        assert host.replies[-1].say == DROPPED
        said = len(host.replies)
        a.board_changed(session.toggle(EMPTY))  # no hint on show: nothing to say
        await pilot.pause()
        assert len(host.replies) == said


async def test_a_hint_with_no_cells_is_said_and_neither_highlighted_nor_applied(
        session: PlaySession) -> None:
    """A kind whose logic is stuck may give a hint with no cell to reveal (the Lights kind's
    "guess"): its explanation is the whole answer, and the cursor stays where it is."""
    host = Host(session, settings())
    async with host.run_test() as pilot:
        a = host.assistant
        session.go_to(1, 3)
        a.post_message(HintFound(FakeHint("guess", (), "Logic is stuck: guess a cell."),
                                 a.version))
        await pilot.pause()
        assert host.replies[-1].say == "Logic is stuck: guess a cell."
        assert a.hint is None and not a.hint_shown  # the hint key asks again, applies nothing
        assert a.highlight == frozenset() and a.hint_line == frozenset() and a.panel == ""
        assert session.cursor == (1, 3)


async def test_a_check_for_an_older_board_is_dropped_and_flags_go_with_their_cells(
        session: PlaySession) -> None:
    host = Host(session, settings())
    async with host.run_test() as pilot:
        a = host.assistant
        a.post_message(CheckDone(frozenset({(0, 1), (0, 3)}), a.version - 1, True))
        await pilot.pause()
        assert a.wrong == frozenset() and host.replies == []
        a.post_message(CheckDone(frozenset({(0, 1), (0, 3)}), a.version, True))
        await pilot.pause()
        assert a.wrong == {(0, 1), (0, 3)}
        assert host.replies[-1].say == f"check: 2 marks fit no solution (marked {ASCII.error})"
        session.go_to(0, 1)
        a.board_changed(session.toggle(FILLED))
        assert a.wrong == {(0, 3)}  # only the changed cell loses its flag
        a.board_changed(None, everything=True)
        assert a.wrong == frozenset()


def two_step_plan() -> Plan:
    return Plan("solved", (
        Step(tuple((2, c, FILLED) for c in range(5)), "Row 3: all five", 2, "fast"),
        Step(tuple((r, 2, FILLED) for r in (0, 1, 3, 4)), "Column 3: the rest", 7, "fast"),
    ))


async def test_an_auto_solve_previews_its_frames_and_escape_keeps_them_as_one_move(
        session: PlaySession) -> None:
    host = Host(session, settings(solve_speed="slow"))
    async with host.run_test() as pilot:
        a = host.assistant
        a.solve_pending = True  # as auto_solve() leaves it while its worker plans
        a.post_message(SolvePlanned(two_step_plan(), a.version))
        await pilot.pause()
        assert a.solving is not None and a.solving.shown == 1 and a.busy
        assert session.previewing and session.history.done == []  # shown, not a move yet
        assert (session.board.cells[2] == FILLED).all()
        assert a.panel == "Auto-solve step 1 of 2: Row 3: all five."
        assert host.replies[-1].say == "auto-solve: escape stops it, enter finishes it"
        with session.preview_hidden():  # what a save writes meanwhile
            assert (session.board.cells == UNKNOWN).all()
        assert (session.board.cells[2] == FILLED).all()
        reply = a.stop_solving()
        assert reply is not None and reply.move is not None
        assert reply.say == ("auto-solve stopped after 1 of 2 steps; what it did is one move "
                             "(u undoes it)")
        assert [m.kind for m in session.history.done] == ["solve"]
        assert reply.move.cells() == [(2, c) for c in range(5)]
        assert not session.previewing and a.solving is None and not a.busy
        assert a.stop_solving() is None  # nothing left to stop


async def test_enter_finishes_the_auto_solve_and_a_stale_plan_is_refused(
        session: PlaySession) -> None:
    host = Host(session, settings(solve_speed="slow"))
    async with host.run_test() as pilot:
        a = host.assistant
        a.solve_pending = True
        a.post_message(SolvePlanned(two_step_plan(), a.version))
        await pilot.pause()
        reply = a.finish_solving()
        assert reply is not None and reply.say == "auto-solved in 2 steps; u undoes it all"
        assert reply.move is not None and len(reply.move.changes) == 9
        assert session.solved is False  # the plus's corner dot is not in this plan
        a.board_changed(reply.move)
        a.solve_pending = True
        a.post_message(SolvePlanned(two_step_plan(), a.version - 1))
        await pilot.pause()
        assert a.solving is None and not a.solve_pending
        assert host.replies[-1].say == "auto-solve: the board changed meanwhile; press S again"


@pytest.fixture
def previewed(session: PlaySession) -> Iterator[PlaySession]:
    session.go_to(0, 0)
    session.toggle(FILLED)
    session.preview([(0, 0, EMPTY), (1, 1, FILLED)])
    session.preview([(1, 1, EMPTY), (4, 4, FILLED)])
    yield session


def test_a_preview_shows_cells_and_restore_puts_back_what_was_there(
        previewed: PlaySession) -> None:
    cells = previewed.board.cells
    assert (cells[0, 0], cells[1, 1], cells[4, 4]) == (EMPTY, EMPTY, FILLED)
    assert previewed.previewing and len(previewed.history.done) == 1
    shown = previewed.restore()
    assert shown == [(0, 0, EMPTY), (1, 1, EMPTY), (4, 4, FILLED)]
    assert (cells[0, 0], cells[1, 1], cells[4, 4]) == (FILLED, UNKNOWN, UNKNOWN)
    assert not previewed.previewing and len(previewed.history.done) == 1


def test_an_accepted_preview_is_one_move_that_undo_takes_back(previewed: PlaySession) -> None:
    move = previewed.accept_preview()
    assert move is not None and move.kind == "solve" and previewed.progress.auto_solves == 1
    assert not previewed.previewing
    previewed.undo()
    cells = previewed.board.cells
    assert (cells[0, 0], cells[1, 1], cells[4, 4]) == (FILLED, UNKNOWN, UNKNOWN)
