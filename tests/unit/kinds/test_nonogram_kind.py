"""Nonograms through the Kind protocol: what the shared layers see of a nonogram matches what the
nonogram modules say directly (identity, values, units, tracker, margins, guides, solve, hint,
check, auto-solve, options)."""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np
import pytest

from nonotui.errors import NonotuiError
from nonotui.kinds import open_game
from nonotui.kinds.nonogram.formats import load_all
from nonotui.kinds.nonogram.kind import KIND
from nonotui.kinds.nonogram.notation import board_from_text, format_board
from nonotui.kinds.nonogram.puzzle import BLACK, WHITE, Color, Puzzle, unknown_board
from nonotui.kinds.nonogram.tracker import ClueTracker
from nonotui.model import Board
from nonotui.model.kind import Cancelled, identity_of, unknown_of

REPO = Path(__file__).resolve().parents[3]
FILLED, EMPTY, UNKNOWN = 2, 1, 3
HEART = load_all(REPO / "puzzles" / "heart.non")[0]
# rows "1 1", "5", "5", "3", "1"; one solution
HEART_SOLUTION = "-#-#-\n#####\n#####\n-###-\n--#--\n"
# two solutions: a diagonal either way
TWO = Puzzle(rows=((1,), (1,)), columns=((1,), (1,)))


def board(puzzle: Puzzle, text: str) -> Board:
    return board_from_text(text, puzzle)


@pytest.mark.parametrize("path", sorted((REPO / "puzzles").glob("*.non")), ids=lambda p: p.stem)
def test_identity_is_the_hash_of_the_identity_document(path: Path) -> None:
    for puzzle in load_all(path):
        assert identity_of(puzzle.identity_document()) == puzzle.identity


def test_a_colour_puzzles_identity_and_values() -> None:
    red = Color("red", "#ff0000", "r")
    puzzle = Puzzle.from_picture([[1, 2], [2, 1]], colors=(WHITE, BLACK, red))
    assert identity_of(puzzle.identity_document()) == puzzle.identity
    assert "row_colors" in puzzle.identity_document()
    values = KIND.open(puzzle).values
    assert [(v.name, v.bit, v.role, v.char) for v in values] == [
        ("empty", 0, "empty", "-"), ("black", 1, "color", "#"), ("red", 2, "color", "r")]
    assert values[2].rgb == "#ff0000" and unknown_of(values) == 7


def test_black_and_white_values() -> None:
    values = KIND.open(HEART).values
    assert [(v.name, v.mask, v.role) for v in values] == [("empty", EMPTY, "empty"),
                                                          ("filled", FILLED, "filled")]
    assert unknown_of(values) == UNKNOWN


def test_new_board_is_unknown_or_the_files_saved_state() -> None:
    assert np.all(KIND.open(HEART).new_board().cells == UNKNOWN)
    saved = HEART.replace(saved=((2, 3, 3, 3, 1),) + ((3,) * 5,) * 4)
    assert KIND.open(saved).new_board().cells[0].tolist() == [2, 3, 3, 3, 1]


def test_units_are_rows_then_columns() -> None:
    units = KIND.open(HEART).units
    assert len(units) == HEART.height + HEART.width
    assert (units[2].axis, units[2].index, units[2].label) == ("row", 2, "Row 3")
    assert list(units[2].cells) == [(2, c) for c in range(5)]
    column = units[HEART.height + 4]
    assert (column.axis, column.label, list(column.cells)) == (
        "column", "Column 5", [(r, 4) for r in range(5)])
    assert column.cells[-1] == (4, 4) and list(column.cells[1:3]) == [(1, 4), (2, 4)]
    with pytest.raises(IndexError):
        column.cells[5]


def test_tracker_speaks_in_unit_numbers() -> None:
    b = board(HEART, "#####\n?????\n?????\n?????\n?????\n")
    tracker = KIND.open(HEART).tracker(b)
    assert tracker.state(0) == "broken" and tracker.state(1) == "open"
    assert tracker.broken() == [0] and not tracker.solved
    b.cells[:] = board(HEART, HEART_SOLUTION).cells
    tracker.refresh_all()
    assert tracker.solved and tracker.state(HEART.height) == "done" and tracker.broken() == []
    b.cells[4, 2] = EMPTY
    tracker.update([(4, 2)])
    assert not tracker.solved and tracker.broken() == [4, HEART.height + 2]
    assert KIND.open(HEART).is_solved(board(HEART, HEART_SOLUTION.replace("-", "?")))
    assert not KIND.open(HEART).is_solved(unknown_board(HEART))
    assert ClueTracker(HEART, b).broken() == [("row", 4), ("column", 2)]


def test_margins_split_every_clue_number() -> None:
    labels = KIND.open(Puzzle(rows=((1, 2), ()), columns=((1,), (1,), (1,), ()))).margins.labels
    left = [(m.index, m.parts, m.unit) for m in labels if m.side == "left"]
    top = [(m.index, m.parts, m.unit) for m in labels if m.side == "top"]
    assert left == [(0, ("1", "2"), 0), (1, ("0",), 1)]
    assert top == [(0, ("1",), 2), (1, ("1",), 3), (2, ("1",), 4), (3, ("0",), 5)]
    assert KIND.open(HEART).borders.guide_every == 5 and not KIND.open(HEART).borders.walls


def test_guides_dim_placed_numbers_and_flag_broken_units() -> None:
    b = board(HEART, "-#-#-\n#####\n##-??\n?????\n?????\n")
    guides = KIND.open(HEART).guides(b)
    assert set(guides) == set(range(10))
    assert guides[0].dimmed == (True, True) and not guides[0].error
    assert guides[2].error  # row 3 needs 5 in a row
    assert guides[4].dimmed == (False,)
    assert set(KIND.open(HEART).guides(b, [1, 7])) == {1, 7}


def test_key_rules() -> None:
    rules = KIND.open(HEART).key_rules
    assert rules.digits == "count" and (rules.primary, rules.secondary) == ("filled", "empty")
    assert [m.keys for m in rules.marks] == [("space", "f"), ("x",)]


def test_solve_through_the_protocol() -> None:
    outcome = KIND.open(HEART).solve()
    assert outcome.status == "unique" and len(outcome.solutions) == 1
    assert format_board(outcome.solutions[0].cells) == HEART_SOLUTION
    assert outcome.settings == {"linesolvers": "fast,fcomp"}
    assert outcome.stats["guesses"] == 0
    two = KIND.open(TWO).solve(max_solutions=2, options={"linesolvers": "olsak"})
    assert two.status == "multiple" and two.settings == {"linesolvers": "olsak"}
    start = board(HEART, "#????\n?????\n?????\n?????\n?????\n")
    assert KIND.open(HEART).solve(board=start).status == "contradiction"


def test_hint_check_and_auto_solve_through_the_protocol() -> None:
    wrong = board(HEART, "#????\n?????\n?????\n?????\n?????\n")
    hint = KIND.open(HEART).hint(wrong, (0, 0), None)
    assert hint.kind == "mistake" and hint.changes() == [(0, 0, UNKNOWN)]
    assert hint.to_json()["kind"] == "mistake"
    check = KIND.open(HEART).check
    assert check(wrong, lambda: False) == frozenset({(0, 0)})
    assert check(unknown_board(HEART), lambda: False) == frozenset()
    plan = KIND.open(HEART).auto_solve(unknown_board(HEART), lambda: False)
    assert plan.status == "solved" and not plan.several
    work = unknown_board(HEART)
    for step in plan.steps:
        for r, c, v in step.cells:
            work.cells[r, c] = v
    assert format_board(work.cells) == HEART_SOLUTION
    assert plan.steps[0].description.startswith(("Row", "Column"))
    assert plan.steps[0].unit is not None
    assert KIND.open(HEART).auto_solve(wrong, lambda: False).status == "inconsistent"
    with pytest.raises(Cancelled):
        KIND.open(HEART).auto_solve(unknown_board(HEART), lambda: True)


def test_options_the_kind_adds() -> None:
    parser = argparse.ArgumentParser()
    KIND.add_options("solve", parser)
    args = parser.parse_args(["--linesolvers", "fast, olsak"])
    assert KIND.solve_options(args) == {"linesolvers": "fast,olsak"}
    with pytest.raises(NonotuiError):
        KIND.solve_options(parser.parse_args(["--linesolvers", "quick"]))
    other = argparse.ArgumentParser()
    KIND.add_options("hint", other)
    assert KIND.solve_options(other.parse_args([])) == {}
    assert [c.name for c in KIND.subcommands()] == ["line"]


def test_the_kinds_auto_solve_and_the_players_show_the_same_steps_in_the_same_words() -> None:
    from nonotui.ui import assist

    plan = KIND.open(HEART).auto_solve(unknown_board(HEART), lambda: False)
    shown = assist.solve_plan(open_game(HEART), unknown_board(HEART), lambda: False)
    assert [s.cells for s in plan.steps] == [s.cells for s in shown.steps]
    assert [s.description for s in plan.steps] == [s.description for s in shown.steps]
    # row 2's clue 5 fills the whole row first
    assert plan.steps[0].description == (
        "Row 2: the fast linesolver decided 5 cells (5 filled, 0 empty)")
    for step in plan.steps:  # the counts in words are the step's own cells
        filled = sum(1 for _, _, v in step.cells if v == FILLED)
        n = len(step.cells)
        assert f"({filled} filled, {n - filled} empty)" in step.description


def test_a_colour_puzzle_is_played_with_a_palette() -> None:
    red, blue = Color("red", "#ff0000", "r"), Color("blue", "#0000ff", "b")
    grey = Color("grey", "#808080", ".")
    puzzle = Puzzle.from_picture([[1, 2, 0], [0, 2, 2]], colors=(grey, red, blue))
    assert KIND.open(puzzle).unsupported("play") is None
    assert KIND.open(HEART).unsupported("solve") is None and KIND.open(HEART).unsupported("play") is None
    rules = KIND.open(puzzle).key_rules
    assert rules.digits == "palette" and (rules.primary, rules.secondary) == ("red", "empty")
    assert [m.keys for m in rules.marks] == [("space", "f"), ("x",)]
    # the background's colour is the empty value's: the paper the player's crosses are on
    assert KIND.open(puzzle).values[0].rgb == "#808080" and KIND.open(HEART).values[0].rgb is None
    labels = KIND.open(puzzle).margins.labels
    left = [(m.parts, m.values) for m in labels if m.side == "left"]
    top = [(m.parts, m.values) for m in labels if m.side == "top"]
    assert left == [(("1", "1"), (1, 2)), (("2",), (2,))]
    assert top == [(("1",), (1,)), (("2",), (2,)), (("1",), (2,))]
    assert all(not m.values for m in KIND.open(HEART).margins.labels)
