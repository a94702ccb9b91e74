"""The nonogram maker's engine, every answer checked by the naive oracle (tests/naive_count.py),
which shares nothing with the engine."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nonotui.errors import NonotuiError
from nonotui.kinds.nonogram.making import (
    BLACK_AND_WHITE,
    MAKER_PALETTE,
    NonogramMaker,
    drawing_of,
    make_easier,
    make_harder,
    make_unique,
    puzzle_of,
    verdict,
)
from nonotui.kinds.nonogram.puzzle import Puzzle
from nonotui.model.kind import Cancelled, Drawing, Maker
from tests.naive_count import clues_of, color_clues_of, count, line_solvable, solutions

DIAGONAL = ((1, 0, 0), (0, 1, 0), (0, 0, 0))
"""Two solutions: the diagonal and its mirror in the top-left 2x2."""


def bw(picture: tuple[tuple[int, ...], ...]) -> Drawing:
    return Drawing(picture, BLACK_AND_WHITE)


def oracle_count(d: Drawing, cap: int = 2) -> int:
    if len(d.palette) > 2:
        rows, columns, rc, cc = color_clues_of(d.picture)
        return count(rows, columns, cap=cap, row_colors=rc, column_colors=cc)
    return count(*clues_of(d.picture), cap=cap)


def speckle(seed: int, width: int, height: int, colours: int = 1) -> Drawing:
    rng = np.random.default_rng(seed)
    picture = rng.integers(0, colours + 1, size=(height, width))
    palette = BLACK_AND_WHITE if colours == 1 else MAKER_PALETTE[:colours + 1]
    return Drawing(tuple(tuple(int(v) for v in row) for row in picture), palette)


def test_the_nonogram_kind_has_a_maker() -> None:
    from nonotui import kinds

    assert isinstance(kinds.get("nonogram").maker(), Maker)


def test_a_unique_drawing_is_unique_and_a_diagonal_marks_where_the_other_differs() -> None:
    plus = bw(((0, 1, 0), (1, 1, 1), (0, 1, 0)))
    assert verdict(plus).status == "unique" and oracle_count(plus) == 1
    several = verdict(bw(DIAGONAL))
    assert several.status == "several"
    others = [s for s in solutions(*clues_of(DIAGONAL)) if s != DIAGONAL]
    assert len(others) == 1
    assert several.differing == {(r, c) for r in range(3) for c in range(3)
                                 if others[0][r][c] != DIAGONAL[r][c]}


def test_a_check_asked_to_stop_raises_cancelled() -> None:
    with pytest.raises(Cancelled):
        verdict(bw(DIAGONAL), should_stop=lambda: True)
    with pytest.raises(Cancelled):
        make_unique(bw(DIAGONAL), should_stop=lambda: True)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), width=st.integers(3, 7), height=st.integers(3, 7),
       colours=st.sampled_from([1, 1, 2]))
def test_make_unique_reaches_a_picture_the_oracle_proves_unique(
        seed: int, width: int, height: int, colours: int) -> None:
    d = speckle(seed, width, height, colours)
    proposal = make_unique(d)
    assert proposal.found, proposal.note
    after = d.changed(proposal.changes)
    assert oracle_count(after) == 1
    if oracle_count(d) == 1:
        assert proposal.changes == ()
    else:
        assert proposal.changes
    # each change is a real change to a colour of the palette
    for r, c, k in proposal.changes:
        assert d.picture[r][c] != k and 0 <= k < len(d.palette)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), size=st.integers(4, 8))
def test_make_easier_reaches_a_picture_line_logic_alone_solves(seed: int, size: int) -> None:
    d = speckle(seed, size, size)
    proposal = make_easier(d)
    assert proposal.found, proposal.note
    assert line_solvable(*clues_of(d.changed(proposal.changes).picture))


@pytest.mark.parametrize("seed", range(40))
def test_make_harder_keeps_it_unique_and_beyond_line_logic_by_the_oracle(seed: int) -> None:
    """Seeded 8x8 speckle made line-solvable first (make easier), then harder: every result
    found is unique and not solved by line logic alone, both by the oracle; found for most."""
    start = speckle(seed, 8, 8)
    easy = start.changed(make_easier(start).changes)
    assert line_solvable(*clues_of(easy.picture))
    proposal = make_harder(easy)
    if not proposal.found:
        assert not proposal.changes and "no changes found" in proposal.note
        return
    assert proposal.changes and "contradiction" in proposal.note
    harder = easy.changed(proposal.changes)
    assert count(*clues_of(harder.picture), cap=2) == 1
    assert not line_solvable(*clues_of(harder.picture))


def test_make_harder_found_for_most_small_pictures() -> None:
    found = 0
    for seed in range(40):
        start = speckle(seed, 8, 8)
        found += make_harder(start.changed(make_easier(start).changes)).found
    assert found >= 15  # 18 of 40 when written (2026-12-05)


def test_make_harder_asks_for_a_unique_line_solvable_black_and_white_picture() -> None:
    assert make_harder(bw(DIAGONAL)).note == "make it unique first (U)"
    assert "black-and-white" in make_harder(speckle(1, 5, 5, colours=2)).note
    # a unique picture that needs a contradiction already: nothing to change
    needs = next(d for d in (speckle(s, 8, 8) for s in range(200))
                 if count(*clues_of(d.picture), cap=2) == 1
                 and not line_solvable(*clues_of(d.picture)))
    proposal = make_harder(needs)
    assert proposal.found and proposal.changes == () and "already" in proposal.note


def test_make_easier_says_plainly_it_does_not_do_colour() -> None:
    proposal = make_easier(speckle(1, 5, 5, colours=2))
    assert not proposal.found and proposal.changes == ()
    assert "black-and-white" in proposal.note


def test_a_budget_too_small_says_none_was_found() -> None:
    proposal = make_unique(bw(DIAGONAL), seconds=0.0)
    assert not proposal.found and proposal.changes == ()
    assert "within 0 s" in proposal.note


def test_the_puzzle_of_a_drawing_has_its_clues_and_metadata_and_gives_it_back() -> None:
    d = speckle(3, 6, 4, colours=2)
    puzzle = puzzle_of(d, title="Mine", author="Me", license="CC0-1.0", ignored="x")
    rows, columns, rc, _cc = color_clues_of(d.picture)
    assert puzzle.rows == rows and puzzle.columns == columns and puzzle.row_colors == rc
    assert (puzzle.title, puzzle.author, puzzle.license) == ("Mine", "Me", "CC0-1.0")
    assert drawing_of(puzzle) == d
    assert NonogramMaker().drawing_of(puzzle) == d
    # black and white: the canonical puzzle, no palette of its own
    assert puzzle_of(bw(DIAGONAL)).colors == ()


def test_a_puzzle_without_a_picture_is_drawn_from_its_one_solution_or_refused() -> None:
    plus = ((0, 1, 0), (1, 1, 1), (0, 1, 0))
    rows, columns = clues_of(plus)
    assert drawing_of(Puzzle(rows=rows, columns=columns)).picture == plus
    rows, columns = clues_of(DIAGONAL)
    with pytest.raises(NonotuiError, match="several solutions"):
        drawing_of(Puzzle(rows=rows, columns=columns))
