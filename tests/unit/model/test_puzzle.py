"""The Puzzle model: validation with precise errors, identity, derived clues."""

from __future__ import annotations

import hashlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nonotui.errors import PuzzleError
from nonotui.kinds.nonogram.puzzle import (
    BLACK,
    WHITE,
    Color,
    LineError,
    Puzzle,
    clue_of,
    min_length,
)


def test_identity_is_sha256_of_canonical_clue_json() -> None:
    p = Puzzle(rows=[[1], []], columns=[[1], []], title="ignored by identity")
    canonical = b'{"rows":[[1],[]],"columns":[[1],[]]}'
    assert p.identity == hashlib.sha256(canonical).hexdigest()


def test_identity_ignores_metadata_and_goal() -> None:
    a = Puzzle.from_picture([[1, 0], [1, 1]], title="a")
    b = Puzzle(rows=a.rows, columns=a.columns, author="someone else")
    assert a.identity == b.identity


def test_zero_clue_is_the_empty_clue() -> None:
    p = Puzzle(rows=[[0], [2]], columns=[[1], [1]])
    assert p.rows == ((), (2,))


def test_clue_that_cannot_fit_names_the_line() -> None:
    with pytest.raises(LineError) as err:
        Puzzle(rows=[[1], [2, 2]], columns=[[1], [1], [1], [1]])
    assert err.value.axis == "row" and err.value.index == 1
    assert "row 2 (clue 2 2) needs at least 5 cells but the line has 4" in err.value.message


def test_negative_block_is_rejected() -> None:
    with pytest.raises(LineError, match="column 1: block length -1"):
        Puzzle(rows=[[1]], columns=[[-1]])


def test_totals_must_agree() -> None:
    with pytest.raises(PuzzleError, match="row clues add up to 2 filled cells but the column clues to 1"):
        Puzzle(rows=[[1], [1]], columns=[[1], []])


@pytest.mark.parametrize("w,h", [(0, 1), (1, 0), (1001, 1)])
def test_sizes_are_bounded(w: int, h: int) -> None:
    with pytest.raises(PuzzleError, match="outside the supported"):
        Puzzle(rows=[[]] * h, columns=[[]] * w)


def test_goal_contradicting_clues_is_rejected() -> None:
    with pytest.raises(LineError, match="contradicts the clue of row 1"):
        Puzzle(rows=[[1], [1]], columns=[[1], [1]], goal=[[1, 1], [0, 0]])


def test_goal_of_wrong_size_is_rejected() -> None:
    with pytest.raises(PuzzleError, match="not 2x2"):
        Puzzle(rows=[[1], [1]], columns=[[1], [1]], goal=[[1, 0]])


def test_saved_state_shape_and_values_are_checked() -> None:
    ok = Puzzle(rows=[[1]], columns=[[1]], saved=[[3]])
    assert ok.saved == ((3,),)
    with pytest.raises(LineError, match="cell value 4 is invalid"):
        Puzzle(rows=[[1]], columns=[[1]], saved=[[4]])


def test_clue_of_colours() -> None:
    assert clue_of([0, 1, 1, 2, 0, 2, 2]) == ((2, 1, 2), (1, 2, 2))
    assert clue_of([0, 0]) == ((), ())


def test_min_length_with_colours_needs_gaps_only_between_equal_colours() -> None:
    assert min_length((2, 1, 2)) == 7
    assert min_length((2, 1, 2), (1, 2, 2)) == 6


def test_colour_puzzle_identity_includes_block_colours() -> None:
    palette = (WHITE, BLACK, Color("red", "#ff0000", "r"))
    a = Puzzle.from_picture([[1, 2]], colors=palette)
    b = Puzzle.from_picture([[2, 1]], colors=palette)
    assert a.is_color and a.rows == b.rows == ((1, 1),)
    assert a.identity != b.identity


def test_colour_blocks_of_different_colours_may_touch() -> None:
    palette = (WHITE, BLACK, Color("red", "#ff0000", "r"))
    p = Puzzle(
        rows=[[1, 1]], columns=[[1], [1]], colors=palette,
        row_colors=[[1, 2]], column_colors=[[1], [2]],
    )
    assert p.n_colors == 2


pictures = st.integers(1, 6).flatmap(
    lambda w: st.lists(st.lists(st.integers(0, 1), min_size=w, max_size=w), min_size=1, max_size=6)
)


@given(pictures)
def test_from_picture_round_trips_through_goal(picture: list[list[int]]) -> None:
    p = Puzzle.from_picture(picture)
    assert p.goal == tuple(tuple(r) for r in picture)
    assert p.height == len(picture) and p.width == len(picture[0])
    # the clues read straight off the picture, independently of clue_of
    for r, row in enumerate(picture):
        runs = "".join(map(str, row)).split("0")
        assert p.rows[r] == tuple(len(x) for x in runs if x)
