"""Checks and the clue guide, judged by :mod:`tests.hint_oracle`."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nonotui.kinds.nonogram.engine.checks import board_guide, check_marks, clue_guide
from nonotui.kinds.nonogram.engine.explain import arrangements
from nonotui.kinds.nonogram.notation import board_from_text
from nonotui.kinds.nonogram.puzzle import Puzzle, unknown_board
from tests import hint_oracle as oracle
from tests.conftest import HARD_PUZZLE

FILLED, EMPTY, UNKNOWN = 2, 1, 3

clues = st.lists(st.integers(1, 4), max_size=4).map(tuple)
cells = st.sampled_from([EMPTY, FILLED, UNKNOWN])


@settings(max_examples=400, deadline=None)
@given(clue=clues, line=st.lists(cells, min_size=1, max_size=11))
def test_clue_guide_never_dims_an_uncertain_number(clue, line):
    arr = np.array(line, dtype=np.uint32)
    guide = clue_guide(clue, arr)
    truth = oracle.certainly_closed(clue, line)
    if truth is None:
        assert guide.error and not any(guide.dimmed)
    else:
        assert not guide.error
        assert list(guide.dimmed) == truth


@settings(max_examples=300, deadline=None)
@given(clue=clues, line=st.lists(cells, min_size=1, max_size=11))
def test_arrangement_count_matches_listing(clue, line):
    assert arrangements(clue, line) == len(oracle.line_fillings(clue, line))


def test_guide_dims_a_closed_block_and_flags_a_broken_line():
    line = np.array([FILLED, FILLED, EMPTY, UNKNOWN, UNKNOWN], dtype=np.uint32)
    assert clue_guide((2, 1), line).dimmed == (True, False)
    assert clue_guide((3,), line).error


def test_check_accepts_both_solutions_of_a_two_solution_puzzle():
    p = Puzzle(rows=[(1,), (1,)], columns=[(1,), (1,)])
    for picture in (("#-", "-#"), ("-#", "#-")):
        board = board_from_text("\n".join(picture) + "\n", p)
        assert check_marks(p, board) == []
        rows, cols = board_guide(p, board)
        assert all(g.dimmed == (True,) for g in rows + cols)


@pytest.mark.parametrize("seed", range(15))
def test_check_flags_exactly_the_marks_no_solution_has(seed):
    rng = random.Random(seed)
    pic = [[int(rng.random() < 0.5) for _ in range(5)] for _ in range(5)]
    p = Puzzle.from_picture(pic)
    board = unknown_board(p)
    for r, c in itertools.product(range(5), range(5)):
        if rng.random() < 0.3:
            board.cells[r, c] = rng.choice([EMPTY, FILLED])
    everything = oracle.solutions(p.rows, p.columns)
    expected = [(r, c, int(board.cells[r, c])) for r, c in itertools.product(range(5), range(5))
                if board.cells[r, c] != UNKNOWN
                and all(oracle.bit(s[r][c]) != board.cells[r, c] for s in everything)]
    assert check_marks(p, board) == expected


def test_a_kept_reference_is_solved_once_and_gives_the_same_verdicts():
    from nonotui.kinds.nonogram.engine.checks import ReferenceSolutions

    p = Puzzle.from_picture([[1, 0, 0], [1, 1, 0], [0, 1, 1]], keep_goal=False)
    reference = ReferenceSolutions(p)
    b = unknown_board(p)
    b.cells[0, 1] = FILLED  # no solution fills row 1, column 2
    b.cells[0, 0] = FILLED  # right in one of the two solutions
    first = check_marks(p, b, reference=reference)
    kept = reference.get()
    assert first == check_marks(p, b) == [(0, 1, FILLED)]
    b.cells[1, 0] = EMPTY  # both solutions fill row 2, column 1
    assert check_marks(p, b, reference=reference) == [(0, 1, FILLED), (1, 0, EMPTY)]
    assert reference.get() is kept, "the clues were solved again"


def test_a_stopped_reference_search_is_not_kept(bench):
    from nonotui.kinds.nonogram.engine.checks import HintCancelled, ReferenceSolutions
    from nonotui.kinds.nonogram.formats import load

    knotty = load(HARD_PUZZLE)  # undecided for seconds: the stop must come
    reference = ReferenceSolutions(knotty)
    with pytest.raises(HintCancelled):
        reference.get(should_stop=lambda: True)
    with pytest.raises(HintCancelled):  # searched again, not answered from a kept failure
        reference.get(should_stop=lambda: True)
