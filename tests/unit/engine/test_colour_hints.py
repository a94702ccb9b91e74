"""Hints, checks and the rating on colour puzzles: words in colours, wrong colours as mistakes.

Solutions and uniqueness come from ``tests/naive_count.py``; the words are checked by hand.
"""

from __future__ import annotations

import numpy as np

from nonotui.kinds.nonogram.engine import colour_hints, colour_lines
from nonotui.kinds.nonogram.engine.hints import next_hint
from nonotui.kinds.nonogram.puzzle import Color, Puzzle, unknown_board
from nonotui.kinds.nonogram.rating import rate
from nonotui.model.cells import EMPTY
from tests import naive_count as naive
from tests import oracle

PALETTE = (Color("white", "#ffffff", "."), Color("red", "#ff0000", "r"),
           Color("blue", "#0000ff", "b"))
RED, BLUE = 2, 4
ROW = Puzzle.from_picture([[0, 0, 0, 0, 1, 1, 2]], colors=PALETTE)
"""One row, clue 2 red, 1 blue, in 7 columns."""
HOUSE = Puzzle.from_picture([[0, 1, 0], [1, 1, 1], [2, 2, 2], [2, 0, 2]], colors=PALETTE)
"""A red roof over a blue house."""


def unique(puzzle: Puzzle) -> tuple[tuple[int, ...], ...]:
    found = naive.solutions(
        puzzle.rows, puzzle.columns, cap=2,
        row_colors=[puzzle.row_clue_colors(r) for r in range(puzzle.height)],
        column_colors=[puzzle.column_clue_colors(c) for c in range(puzzle.width)])
    assert len(found) == 1
    return found[0]


def test_a_colour_line_step_in_words() -> None:
    board = unknown_board(ROW)
    board.cells[0, :3] = EMPTY  # columns 1 to 3 crossed
    step = colour_hints.line_step(ROW, board, 0)
    assert step is not None
    assert step.cells() == ((0, 4, RED),)
    # the crosses keep both blocks right of column 3: the red 2 overlaps itself (forcing)
    assert step.text(ROW.palette) == (
        "Forcing. Row 1, clue 2 red, 1 blue: the red 2 starts somewhere in columns 4 to 5, so "
        "column 5 is red. The line also narrows column 4 to red or empty, and column 7 to blue "
        "or empty.")

    # clue 1 blue, 1 red with blue at column 3: the red block, after the blue one, cannot
    # reach columns 1 and 2 either; the named rules do not see that order, whole-line does
    puzzle = Puzzle.from_picture([[0, 0, 2, 0, 0, 1]], colors=PALETTE)
    board = unknown_board(puzzle)
    board.cells[0, 2:4] = [BLUE, EMPTY]
    step = colour_hints.line_step(puzzle, board, 0)
    assert step is not None and step.technique == "Whole-line reasoning"
    assert step.text(PALETTE) == (
        "Whole-line reasoning. Row 1, clue 1 blue, 1 red: no block can reach columns 1 and 2, "
        "so they are empty. (Glue, joining and splitting, punctuation and mercury are not named "
        "on colour lines: whole-line reasoning stands for them.) The line also narrows columns "
        "5 and 6 to red or empty.")


def test_the_hint_names_the_colour_and_its_json_the_value() -> None:
    hint = next_hint(ROW, unknown_board(ROW))
    assert hint.kind == "line" and hint.technique == "Simple boxes"
    assert hint.explanation == ("Simple boxes. Column 5, clue 1 red: the red 1 starts at row 1, "
                                "so row 1 is red.")
    assert hint.to_json()["cells"] == [[0, 4, "red"]]


def test_a_wrong_colour_is_a_mistake() -> None:
    solution = unique(HOUSE)
    board = unknown_board(HOUSE)
    assert solution[2][0] == 2  # blue in the solution
    board.cells[2, 0] = RED
    hint = next_hint(HOUSE, board)
    assert hint.kind == "mistake"
    assert hint.cells == ((2, 0, RED),)
    assert hint.explanation.startswith(
        "Row 3, column 1 is marked red, but no solution has it red.")
    assert hint.to_json()["cells"] == [[2, 0, "red"]]
    assert hint.changes() == [(2, 0, 7)]  # cleared: every value again


def test_following_hints_solves_a_colour_puzzle() -> None:
    solution = unique(HOUSE)
    board = unknown_board(HOUSE)
    for _ in range(HOUSE.width * HOUSE.height + 1):
        hint = next_hint(HOUSE, board)
        if hint.kind == "solved":
            break
        assert hint.kind in ("line", "contradiction"), hint
        for r, c, v in hint.changes():
            assert v == 1 << solution[r][c]  # every hint is right
            board.cells[r, c] = v
    assert hint.kind == "solved"
    rating = rate(HOUSE)
    assert rating.unique is True and rating.grade >= 1


def walk(puzzle: Puzzle) -> list:
    """Follow hints from an empty board to the end, checking each against the oracle's one
    solution; the hints given."""
    solution = unique(puzzle)
    board = unknown_board(puzzle)
    hints = []
    for _ in range(puzzle.width * puzzle.height + 1):
        hint = next_hint(puzzle, board)
        if hint.kind == "solved":
            return hints
        assert hint.kind in ("line", "contradiction"), hint
        for r, c, v in hint.changes():
            assert v == 1 << solution[r][c], hint  # every hint is right
            board.cells[r, c] = v
        hints.append(hint)
    raise AssertionError("the hints did not finish the puzzle")


def test_a_colour_contradiction_decides_a_cell() -> None:
    # found by rating seeded random 4x4 colour puzzles: it needs a contradiction
    puzzle = Puzzle.from_picture([[2, 0, 0, 0], [0, 0, 2, 1], [1, 0, 2, 0], [1, 0, 0, 2]],
                                 colors=PALETTE)
    told = [h for h in walk(puzzle) if h.kind == "contradiction"]
    assert told
    hint = told[0]
    assert hint.technique == "Contradiction" and hint.method == "probe"
    assert hint.explanation.startswith("Contradiction (chains of up to ")
    # each other value of the cell is assumed in turn, by name
    assert "if it were empty," in hint.explanation or "if it were blue," in hint.explanation
    assert rate(puzzle).grade in (4, 5)


def test_a_cell_its_row_and_column_decide_together() -> None:
    # row 1 "1 blue" leaves column 2 empty or blue, column 2 "1 red, 1 red" leaves it empty or
    # red: neither decides it alone
    puzzle = Puzzle.from_picture([[2, 0, 0, 0, 0], [2, 0, 1, 0, 2], [0, 1, 0, 1, 1],
                                  [0, 0, 1, 2, 1], [0, 1, 0, 1, 1]], colors=PALETTE)
    crossing = [h for h in walk(puzzle) if "leaves" in h.explanation]
    assert crossing
    assert all(h.kind == "line" and h.technique == "Whole-line reasoning" for h in crossing)
    assert any(h.explanation == (
        "Whole-line reasoning. Row 1, clue 1 blue, leaves column 2 only empty or blue; column "
        "2, clue 1 red, 1 red, leaves row 1 only empty or red; so row 1, column 2 is empty.")
        for h in crossing)


def _starts_of(filling: tuple[int, ...]) -> list[int]:
    """Where each block of a line of colour indices starts, read off directly."""
    starts = []
    for i, v in enumerate(filling):
        if v and (i == 0 or filling[i - 1] != v):
            starts.append(i)
    return starts


def test_feasible_starts_match_every_fitting_arrangement() -> None:
    import random

    rng = random.Random(12)
    checked = 0
    for _ in range(3000):
        n, k = rng.randint(1, 7), rng.randint(2, 3)
        picture = [rng.randint(0, k) if rng.random() < 0.6 else 0 for _ in range(n)]
        blocks, colors = oracle.color_runs(picture)
        if rng.random() < 0.3:  # sometimes another line's clue: often nothing fits
            blocks, colors = oracle.color_runs([rng.randint(0, k) for _ in range(n)])
        full = (1 << (k + 1)) - 1
        line = [rng.choice((full, full, 1 << rng.randint(0, k), rng.randint(1, full)))
                for _ in range(n)]
        fits = [f for f in oracle.arrangements(blocks, n, colors)
                if all(line[i] >> f[i] & 1 for i in range(n))]
        got = colour_lines.feasible_starts(blocks, colors, line)
        if not fits:
            assert got is None, (blocks, colors, line)
            continue
        want = [sorted({_starts_of(f)[j] for f in fits}) for j in range(len(blocks))]
        assert got == want, (blocks, colors, line)
        checked += 1
    assert checked > 1000


def test_the_clue_guide_on_colour_lines() -> None:
    from nonotui.kinds.nonogram.engine.checks import colour_guide

    row = np.array([7, 7, 7, 7, 7, 7, 7], dtype=np.uint32)
    assert colour_guide((2, 1), (1, 2), row).dimmed == (False, False)
    row[:] = [1, 1, 1, 1, RED, RED, BLUE]
    guide = colour_guide((2, 1), (1, 2), row)
    assert guide.dimmed == (True, True) and not guide.error
    row[4] = BLUE  # a wrong colour: the clue cannot fit
    assert colour_guide((2, 1), (1, 2), row).error


def test_auto_solve_steps_lead_to_the_solution() -> None:
    from nonotui.kinds.nonogram.engine.steps import auto_solve

    solution = unique(HOUSE)
    board = unknown_board(HOUSE)
    board.cells[0, 1] = RED  # a right mark to start from
    found = auto_solve(HOUSE, board, lambda: False)
    assert found.status == "solved" and not found.several
    for step in found.steps:
        for r, c, v in step.cells:
            assert v == 1 << solution[r][c]  # every cell a step sets is decided, and right
            board.cells[r, c] = v
    assert board.cells.tolist() == [[1 << v for v in row] for row in solution]
    wrong = unknown_board(HOUSE)
    wrong.cells[3, 1] = BLUE  # the solution has it empty
    assert auto_solve(HOUSE, wrong, lambda: False).status == "inconsistent"


def test_the_named_rules_placements_bound_every_fitting_arrangement() -> None:
    """Simple boxes, simple spaces and forcing reason from placements that every arrangement
    fitting the line lies between: checked against every fitting arrangement."""
    import random

    rng = random.Random(7)
    checked = 0
    for _ in range(3000):
        n, k = rng.randint(1, 7), rng.randint(2, 3)
        picture = [rng.randint(0, k) if rng.random() < 0.6 else 0 for _ in range(n)]
        blocks, colors = oracle.color_runs(picture)
        full = (1 << (k + 1)) - 1
        line = [full if rng.random() < 0.6 else 1 << picture[i] for i in range(n)]
        fits = [f for f in oracle.arrangements(blocks, n, colors)
                if all(line[i] >> f[i] & 1 for i in range(n))]
        free = colour_lines.free_extremes(blocks, colors, n)
        forced = colour_hints.forced_extremes(blocks, colors, line)
        assert forced is not None  # the picture itself fits
        for f in fits:
            for j, s in enumerate(_starts_of(f)):
                assert free[0][j] <= forced[0][j] <= s <= forced[1][j] <= free[1][j]
            checked += 1
    assert checked > 3000


def test_colour_probing_can_be_cancelled() -> None:
    import pytest

    from nonotui.kinds.nonogram.engine.checks import HintCancelled
    from nonotui.kinds.nonogram.engine.packed import prepare
    from nonotui.model.kind import Cancelled

    flat = unknown_board(HOUSE).cells.reshape(-1).copy()
    with pytest.raises(HintCancelled):
        colour_hints.shortest_colour_probe(prepare(HOUSE), flat, (0, 0), lambda: True)
    with pytest.raises(Cancelled):
        rate(HOUSE, should_stop=lambda: True)


def test_a_colour_step_says_each_narrowing_the_line_makes_as_the_oracle_finds_it() -> None:
    board = unknown_board(ROW)
    board.cells[0, :3] = EMPTY
    step = colour_hints.line_step(ROW, board, 0)
    assert step is not None
    line = [int(v) for v in board.cells[0]]
    every = oracle.solve(ROW.rows[0], line, ROW.row_clue_colors(0))
    assert every is not None
    # every cell the line narrows without deciding, and nothing else, with what it still allows
    expected = tuple((p, v) for p, v in enumerate(every)
                     if v != line[p] and bin(v).count("1") > 1)
    assert step.narrowed == expected and len(expected) == 2
