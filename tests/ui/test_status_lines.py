"""How the status text is laid out in one or two lines (no Textual needed)."""

from __future__ import annotations

from nonotui.ui.status import status_lines

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
