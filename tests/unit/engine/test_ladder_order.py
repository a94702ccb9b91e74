"""The easiest line step works out only the lines that may beat the best found so far: it must
be the very step that ordering every line's whole deduction gives, with a memo or without."""

from __future__ import annotations

import random

import pytest

from nonotui.kinds.nonogram.engine.ladder import Memo, easiest_line_step, line_steps
from nonotui.kinds.nonogram.puzzle import Puzzle, unknown_board
from nonotui.model import EMPTY, FILLED


def by_every_line(puzzle, board, cursor):
    """The lowest of all line steps by (rank, nearest decided cell, line order)."""
    best = None
    for order, step in enumerate(line_steps(puzzle, board)):
        cr, cc = cursor
        near = min((abs(r - cr) + abs(c - cc), r, c) for r, c, _ in step.cells())
        key = (step.rank, near, order)
        if best is None or key < best[0]:
            best = (key, step)
    return None if best is None else best[1]


@pytest.mark.parametrize("seed", range(6))
def test_the_easiest_step_is_the_lowest_of_all_line_steps(seed):
    rng = random.Random(seed)
    h, w = rng.randint(5, 12), rng.randint(5, 12)
    picture = [[rng.random() < 0.55 for _ in range(w)] for _ in range(h)]
    puzzle = Puzzle.from_picture(picture)
    board = unknown_board(puzzle)
    share = rng.random() * 0.6
    for r in range(h):
        for c in range(w):
            if rng.random() < share:
                board.cells[r, c] = FILLED if picture[r][c] else EMPTY
    memo: Memo = {}
    while True:
        cursor = (rng.randrange(h), rng.randrange(w))
        expected = by_every_line(puzzle, board, cursor)
        fresh = easiest_line_step(puzzle, board, cursor=cursor)
        kept = easiest_line_step(puzzle, board, cursor=cursor, memo=memo)
        if expected is None:
            assert fresh is None and kept is None
            break
        for step in (fresh, kept):
            assert step is not None
            assert (step.axis, step.index, step.cells()) == (
                expected.axis, expected.index, expected.cells())
            assert step.technique == expected.technique
        for r, c, v in expected.cells():
            board.cells[r, c] = v
