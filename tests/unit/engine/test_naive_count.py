"""The puzzle oracle (tests/naive_count.py) checked against brute force, so that the engine's
tests rest on something proven.

Every count here comes from listing all pictures of a size and grouping them by their clues: the
size of a group is, by definition, the number of solutions of that clue set. Colour puzzles too
(blocks of one colour need an empty cell between them, blocks of different colours may touch),
and puzzles small enough to check by eye.
"""

from __future__ import annotations

import itertools
import random

import pytest

from tests import naive_count as naive
from tests.oracle import arrangements

SIZES = [(h, w) for h in range(1, 5) for w in range(1, 5) if h * w <= 12]


@pytest.mark.parametrize(("height", "width"), SIZES)
def test_solutions_equal_brute_force_for_every_picture(height: int, width: int) -> None:
    groups: dict[tuple, set] = {}
    for picture in naive.all_pictures(height, width):
        groups.setdefault(naive.clues_of(picture), set()).add(picture)
    for (rows, columns), pictures in groups.items():
        found = naive.solutions(rows, columns)
        assert len(found) == len(set(found)) == len(pictures), (rows, columns)
        assert set(found) == pictures


@pytest.mark.parametrize(("height", "width"), [(2, 3), (3, 3), (3, 4)])
def test_clue_sets_no_picture_has_count_zero(height: int, width: int) -> None:
    counts = naive.brute_force_counts(height, width)
    row_sets = sorted({rows for rows, _ in counts})
    column_sets = sorted({columns for _, columns in counts})
    rng = random.Random(height * 100 + width)
    pairs = [(rng.choice(row_sets), rng.choice(column_sets)) for _ in range(3000)]
    zeros = 0
    for rows, columns in pairs:
        expected = counts.get((rows, columns), 0)
        zeros += expected == 0
        assert naive.count(rows, columns) == expected, (rows, columns)
    assert zeros > 100  # the sample really holds impossible clue sets


def test_given_cells_restrict_the_solutions() -> None:
    everything = list(naive.all_pictures(3, 3))
    counts: dict[tuple, list] = {}
    for picture in everything:
        counts.setdefault(naive.clues_of(picture), []).append(picture)
    rng = random.Random(7)
    for (rows, columns), pictures in counts.items():
        # mostly givens taken from a solution, sometimes from any picture (often impossible)
        source = rng.choice(everything if rng.random() < 0.3 else pictures)
        given = [[v if rng.random() < 0.3 else None for v in row] for row in source]
        expected = {
            p for p in pictures
            if all(g is None or g == v for grow, prow in zip(given, p) for g, v in zip(grow, prow))
        }
        assert set(naive.solutions(rows, columns, given=given)) == expected


def test_cap_stops_counting() -> None:
    # one block of 1 in every row and column of a 5x5: the 120 permutation matrices
    rows = columns = ((1,),) * 5
    assert naive.count(rows, columns) == 120
    assert naive.count(rows, columns, cap=7) == 7


def test_check_solutions_reads_cell_bitsets_and_rejects_wrong_grids() -> None:
    rows, columns = ((2,), (1,)), ((2,), (1,))
    right = [[2, 2], [2, 1]]
    assert naive.check_solutions(rows, columns, [right]) == {((1, 1), (1, 0))}
    for wrong in ([[2, 2], [1, 2]], [[2, 2], [2, 3]], [[2, 2], [2, 0]]):
        with pytest.raises(AssertionError):
            naive.check_solutions(rows, columns, [wrong])
    with pytest.raises(AssertionError):
        naive.check_solutions(rows, columns, [right, right])


COLOR_SIZES = [(2, 2, 2), (2, 3, 2), (3, 3, 2), (2, 2, 3), (2, 3, 3)]


@pytest.mark.parametrize(("height", "width", "colors"), COLOR_SIZES)
def test_colour_solutions_equal_brute_force_for_every_picture(
    height: int, width: int, colors: int
) -> None:
    groups: dict[tuple, set] = {}
    for picture in naive.all_pictures(height, width, colors):
        groups.setdefault(naive.color_clues_of(picture), set()).add(picture)
    assert len(groups) > 20
    for key, pictures in groups.items():
        rows, columns, row_colors, column_colors = key
        found = naive.solutions(rows, columns, row_colors=row_colors, column_colors=column_colors)
        assert len(found) == len(set(found)) == len(pictures), key
        assert set(found) == pictures


@pytest.mark.parametrize("seed", range(6))
def test_random_colour_clue_sets_match_brute_force_counts(seed: int) -> None:
    """Clue sets glued from different pictures are mostly impossible."""
    rng = random.Random(seed)
    height, width, colors = rng.choice([(2, 3, 2), (3, 3, 2), (2, 3, 3)])
    counts = naive.brute_force_counts(height, width, colors)
    row_sets = sorted({(k[0], k[2]) for k in counts})
    column_sets = sorted({(k[1], k[3]) for k in counts})
    zeros = 0
    for _ in range(400):
        (rows, row_colors), (columns, column_colors) = rng.choice(row_sets), rng.choice(column_sets)
        expected = counts.get((rows, columns, row_colors, column_colors), 0)
        zeros += expected == 0
        kw = dict(row_colors=row_colors, column_colors=column_colors)
        assert naive.count(rows, columns, **kw) == expected
    assert zeros > 50


@pytest.mark.parametrize("seed", range(4))
def test_colour_solutions_equal_every_filling_of_the_rows_that_fits_the_columns(seed: int) -> None:
    """Colour puzzles bigger than listing every picture allows (so the search goes deeper): their
    solutions are the pictures made of each row's listed arrangements whose columns have their
    clues."""
    rng = random.Random(seed)
    several = 0
    for _ in range(25):
        height, width, colors = rng.choice([(4, 4, 2), (4, 5, 2), (4, 4, 3), (5, 4, 3)])
        picture = [[rng.randint(1, colors) if rng.random() < 0.6 else 0 for _ in range(width)]
                   for _ in range(height)]
        key = naive.color_clues_of(picture)
        rows, columns, row_colors, column_colors = key
        each_row = [arrangements(clue, width, colors) for clue, colors in zip(rows, row_colors)]
        want = {p for p in itertools.product(*each_row) if naive.color_clues_of(p) == key}
        found = naive.solutions(rows, columns, row_colors=row_colors, column_colors=column_colors)
        assert len(found) == len(want) and set(found) == want, key
        several += len(want) > 1
    assert several >= 2


def test_hand_checked_puzzles_and_line_solvability() -> None:
    # 2x2, red (1) over blue (2): rows [2 red], [2 blue]; columns [1 red, 1 blue] each; unique
    rows, columns = [(2,), (2,)], [(1, 1), (1, 1)]
    kw = dict(row_colors=[(1,), (2,)], column_colors=[(1, 2), (1, 2)])
    assert naive.solutions(rows, columns, **kw) == [((1, 1), (2, 2))]
    assert naive.line_solvable(rows, columns, **kw)
    # the same numbers in one colour have no solution: two 1-blocks of one colour cannot touch
    one = dict(row_colors=[(1,), (1,)], column_colors=[(1, 1), (1, 1)])
    assert naive.count(rows, columns, **one) == 0
    # a colour swap ambiguity: each row and column holds one red and one blue cell
    rows2, columns2 = [(1, 1), (1, 1)], [(1, 1), (1, 1)]
    kw2 = dict(row_colors=[(1, 2), (2, 1)], column_colors=[(1, 2), (2, 1)])
    assert naive.solutions(rows2, columns2, **kw2) == [((1, 2), (2, 1))]
    swap = dict(row_colors=[(1, 2), (1, 2)], column_colors=[(1, 1), (2, 2)])
    assert naive.count(rows2, columns2, **swap) == 0
    # 1x3 row "1 red 1 blue" against columns that allow two placements -> two solutions
    rows3, columns3 = [(1, 1)], [(1,), (), (1,)]
    kw3 = dict(row_colors=[(1, 2)], column_colors=[(1,), (), (2,)])
    assert naive.solutions(rows3, columns3, **kw3) == [((1, 0, 2),)]
    # the 2x2 diagonal: two solutions, so line logic cannot finish it, in colour or not
    rows4 = columns4 = [(1,), (1,)]
    kw4 = dict(row_colors=[(1,), (1,)], column_colors=[(1,), (1,)])
    assert naive.count(rows4, columns4, **kw4) == naive.count(rows4, columns4) == 2
    assert not naive.line_solvable(rows4, columns4, **kw4)
    assert not naive.line_solvable(rows4, columns4)
    # Tatham's example id: unique, but not by line logic alone
    tatham = [(1, 1), (2,), (1,), (1,)], [(2,), (1,), (2,), (1,)]
    assert naive.count(*tatham) == 1 and not naive.line_solvable(*tatham)
    assert naive.line_solvable([(2,), (1,)], [(2,), (1,)])


def test_check_solutions_reads_colour_bitsets() -> None:
    rows, columns = [(2,), (2,)], [(1, 1), (1, 1)]
    kw = dict(row_colors=[(1,), (2,)], column_colors=[(1, 2), (1, 2)])
    # bit 1 is colour 1 (red), bit 2 colour 2 (blue)
    assert naive.check_solutions(rows, columns, [[[2, 2], [4, 4]]], **kw) == {((1, 1), (2, 2))}
    with pytest.raises(AssertionError):
        naive.check_solutions(rows, columns, [[[4, 4], [2, 2]]], **kw)
    with pytest.raises(AssertionError):
        naive.check_solutions(rows, columns, [[[6, 2], [4, 4]]], **kw)
