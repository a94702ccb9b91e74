"""How the status text is laid out in one or two lines, and what it says (no Textual needed)."""

from __future__ import annotations

from nonotui.kinds import open_game
from nonotui.kinds.nonogram.puzzle import Puzzle
from nonotui.model import FILLED
from nonotui.store import Progress
from nonotui.ui.clock import Stopwatch, clock_text
from nonotui.ui.geometry import Geometry
from nonotui.ui.session import PlaySession
from nonotui.ui.status import cursor_clues, play_facts, status_lines
from tests.ui.conftest import PLUS

FACTS = "House · 15x15 · 0:05 · 0 moves · row 6 col 3"


def test_one_line_when_everything_fits() -> None:
    assert status_lines(FACTS, "hint applied", "", 120) == [f"{FACTS}  hint applied"]


def test_a_message_that_does_not_fit_goes_whole_to_a_second_line() -> None:
    message = "hint: 11 cells marked *; i applies it"
    assert status_lines(FACTS, message, "", 78) == [FACTS, message]


def test_clues_go_after_the_message_and_are_cut_with_an_ellipsis() -> None:
    clues = ("clues " + "1 " * 60).strip()
    message = "hint: 11 cells marked *; i applies it"
    lines = status_lines(FACTS, message, clues, 78)
    assert lines[0] == FACTS and lines[1].startswith(f"{message} · clues 1 1")
    assert len(lines[1]) == 78 and lines[1].endswith("…")
    # a short message stays beside the facts, and the clues get the second line
    assert status_lines(FACTS, "nothing to undo", clues, 78) == [
        f"{FACTS}  nothing to undo", clues[:77] + "…"]


def test_a_message_on_its_own_line_is_never_cut() -> None:
    facts = "PAINT cross · count 12 · A puzzle with a rather long title · 100x100 · 1:02:03 · 5 moves"
    message = "auto-solve stopped after 12 of 40 steps; what it did is one move (u undoes it)"
    assert len(message) <= 78 < len(facts)
    lines = status_lines(facts, message, "", 78)
    assert len(lines) == 2 and all(len(line) <= 78 for line in lines)
    assert lines[1].endswith("(u undoes it)")
    assert status_lines(facts[:70], message, "", 78) == [facts[:70], message]


def test_the_facts_put_modes_first_then_name_size_clock_moves_and_cursor() -> None:
    session = PlaySession(open_game(PLUS), Progress.new(PLUS))
    assert play_facts(session, "Plus", "", "0:05") == "Plus · 5x5 · 0:05 · 0 moves · row 1 col 1"
    session.go_to(2, 3)
    session.toggle(FILLED)
    session.cycle_paint()
    assert play_facts(session, "Plus", "12", "0:05 (paused)") == (
        "PAINT fill · count 12 · Plus · 5x5 · 0:05 (paused) · 1 move · row 3 col 4")


def test_the_clock_says_paused_solved_or_auto_solved() -> None:
    now = [100.0]
    watch = Stopwatch(46.0, clock=lambda: now[0])
    assert clock_text(watch, finished=False, auto_solved=False) == "0:46 (paused)"
    watch.start()
    now[0] += 14
    assert clock_text(watch, finished=False, auto_solved=False) == "1:00"
    assert clock_text(watch, finished=True, auto_solved=False) == "solved in 1:00"
    assert clock_text(watch, finished=True, auto_solved=True) == "auto-solved after 1:00"


def test_the_cursor_clues_are_named_only_past_30_cells_a_side() -> None:
    assert cursor_clues(Geometry.of(open_game(PLUS)), (2, 2)) == ""
    wide = Puzzle.from_picture([[1] * 31, [0] * 30 + [1]], title="Wide")
    assert cursor_clues(Geometry.of(open_game(wide)), (1, 30)) == "clues 1 | 2"
    assert cursor_clues(Geometry.of(open_game(wide)), (0, 0)) == "clues 31 | 1"
