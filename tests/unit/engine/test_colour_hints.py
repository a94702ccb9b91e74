"""Hints, checks and the rating on colour puzzles: words in colours, wrong colours as mistakes.

Solutions and uniqueness come from ``tests/naive_count.py``; the words are checked by hand.
"""

from __future__ import annotations

import numpy as np

from nonotui.kinds.nonogram.engine import colour_hints
from nonotui.kinds.nonogram.engine.hints import next_hint
from nonotui.kinds.nonogram.puzzle import Color, Puzzle, unknown_board
from nonotui.kinds.nonogram.rating import rate
from nonotui.model.cells import EMPTY
from tests import naive_count as naive

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
    assert step.text(ROW.palette) == (
        "Whole-line reasoning. Row 1, clue 2 red, 1 blue: the red 2 starts somewhere in "
        "columns 4 to 5, so column 5 is red. (Forcing, glue, joining and splitting, punctuation "
        "and mercury are not named on colour lines: whole-line reasoning stands for them.)")


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


def test_a_colour_contradiction_decides_a_cell() -> None:
    # two red cells in a 2x2: the diagonals (2 solutions); add a blue row below
    # to force one: row 3 "1 blue" under column 1 only
    picture = [[1, 0], [0, 1], [2, 0]]
    puzzle = Puzzle.from_picture(picture, colors=PALETTE)
    unique(puzzle)
    flat = unknown_board(puzzle).cells.reshape(-1).copy()
    from nonotui.kinds.nonogram.engine.search import prepare

    prep = prepare(puzzle)
    found = colour_hints.shortest_colour_probe(prep, flat, (0, 0))
    if found is not None:  # a probe decides a cell: it is the solution's value
        idx, value, broken = found
        r, c = divmod(idx, puzzle.width)
        assert value == 1 << picture[r][c]
        assert len(broken) == 2  # the two other values each broke a line
    assert np.all(flat == 7)


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
        blocks, colors = naive.color_runs(picture)
        if rng.random() < 0.3:  # sometimes another line's clue: often nothing fits
            blocks, colors = naive.color_runs([rng.randint(0, k) for _ in range(n)])
        full = (1 << (k + 1)) - 1
        line = [rng.choice((full, full, 1 << rng.randint(0, k), rng.randint(1, full)))
                for _ in range(n)]
        fits = [f for f in naive.color_fillings(blocks, colors, n)
                if all(line[i] >> f[i] & 1 for i in range(n))]
        got = colour_hints.feasible_starts(blocks, colors, line)
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
