"""The oracle checked against brute force, so that the engine's tests rest on something proven.

Every count here comes from listing all pictures of a size and grouping them by their clues: the
size of a group is, by definition, the number of solutions of that clue set.
"""

from __future__ import annotations

import random

import pytest

from tests import naive_count as naive

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
