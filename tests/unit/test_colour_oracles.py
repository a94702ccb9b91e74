"""The test-side oracles on colour puzzles, checked against brute force and by hand.

``tests/naive_count.py`` (the solution counter) and ``tests/simple_solver.py`` (line logic and
search) each spell out the colour rule on their own: blocks of one colour need an empty cell
between them, blocks of different colours may touch. Here both are held to listing every picture
of a tiny grid and grouping pictures by their clues, and to puzzles small enough to check by eye.
"""

from __future__ import annotations

import itertools
import random

import pytest

from tests import naive_count as naive
from tests import simple_solver as simple


def _all_lines(length: int, colors: int) -> list[tuple[int, ...]]:
    return list(itertools.product(range(colors + 1), repeat=length))


COLOR_SIZES = [(2, 2, 2), (2, 3, 2), (3, 3, 2), (2, 2, 3), (2, 3, 3)]


@pytest.mark.parametrize(("height", "width", "colors"), COLOR_SIZES)
def test_both_oracles_equal_brute_force_on_every_colour_picture(
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
        limit = min(2, len(pictures))
        grids = simple.solutions(
            rows, columns, limit=3, row_colors=row_colors, column_colors=column_colors
        )
        assert len(grids) == min(3, len(pictures)), key
        assert {tuple(map(tuple, g)) for g in grids} <= pictures
        assert len(simple.pictures(rows, columns, limit, row_colors=row_colors,
                                   column_colors=column_colors)) == limit


@pytest.mark.parametrize("seed", range(6))
def test_random_colour_clue_sets_match_brute_force_counts(seed: int) -> None:
    """Clue sets glued from different pictures are mostly impossible: both oracles must agree."""
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
        assert len(simple.solutions(rows, columns, limit=2, **kw)) == min(2, expected)
    assert zeros > 50


def _line_brute(
    clue: tuple[int, ...], colors: tuple[int, ...], line: list[int], n: int
) -> list[int] | None:
    fits = [
        a for a in _all_lines(len(line), n)
        if naive.color_runs(a) == (clue, colors) and all(cell >> v & 1 for cell, v in zip(line, a))
    ]
    if not fits:
        return None
    return [sum({1 << v for v in column}) for column in zip(*fits)]


def test_colour_line_logic_matches_brute_force() -> None:
    rng = random.Random(12)
    for _ in range(1500):
        n_colors = rng.randint(1, 3)
        length = rng.randint(1, 6)
        source = tuple(rng.randint(0, n_colors) for _ in range(length))
        clue, colors = naive.color_runs(source)
        full = (1 << (n_colors + 1)) - 1
        line = [rng.choice((full, full, full, rng.randint(1, full))) for _ in range(length)]
        assert simple.solve_color_line(clue, colors, line) == _line_brute(
            clue, colors, line, n_colors
        ), (clue, colors, line)


def test_one_colour_agrees_with_the_black_and_white_line_logic() -> None:
    rng = random.Random(3)
    code = {0: 3, 1: 2, -1: 1}
    for _ in range(800):
        n = rng.randint(1, 9)
        clue = naive.runs([rng.randint(0, 1) for _ in range(n)])
        line = [rng.choice((0, 0, 0, 1, -1)) for _ in range(n)]
        bw = simple.solve_line(clue, line)
        colour = simple.solve_color_line(clue, (1,) * len(clue), [code[v] for v in line])
        assert colour == (None if bw is None else [code[v] for v in bw])


def test_hand_checked_colour_puzzles() -> None:
    # 2x2, red (1) over blue (2): rows [2 red], [2 blue]; columns [1 red, 1 blue] each; unique
    rows, columns = [(2,), (2,)], [(1, 1), (1, 1)]
    kw = dict(row_colors=[(1,), (2,)], column_colors=[(1, 2), (1, 2)])
    assert simple.solutions(rows, columns, **kw) == [[[1, 1], [2, 2]]]
    assert naive.solutions(rows, columns, **kw) == [((1, 1), (2, 2))]
    assert simple.line_solvable(rows, columns, **kw)
    # the same numbers in one colour have no solution: two 1-blocks of one colour cannot touch
    one = dict(row_colors=[(1,), (1,)], column_colors=[(1, 1), (1, 1)])
    assert naive.count(rows, columns, **one) == 0
    assert simple.solutions(rows, columns, **one) == []
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
    assert len(simple.solutions([(1, 1)], [(), (), ()], row_colors=[(1, 2)],
                                column_colors=[(), (), ()])) == 0
    # a puzzle line logic cannot finish: the 2x2 diagonal in one colour with a second colour
    rows4, columns4 = [(1,), (1,)], [(1,), (1,)]
    kw4 = dict(row_colors=[(1,), (1,)], column_colors=[(1,), (1,)])
    assert naive.count(rows4, columns4, **kw4) == 2
    assert len(simple.solutions(rows4, columns4, **kw4)) == 2
    assert not simple.line_solvable(rows4, columns4, **kw4)


def test_check_solutions_reads_colour_bitsets() -> None:
    rows, columns = [(2,), (2,)], [(1, 1), (1, 1)]
    kw = dict(row_colors=[(1,), (2,)], column_colors=[(1, 2), (1, 2)])
    # bit 1 is colour 1 (red), bit 2 colour 2 (blue)
    assert naive.check_solutions(rows, columns, [[[2, 2], [4, 4]]], **kw) == {((1, 1), (2, 2))}
    with pytest.raises(AssertionError):
        naive.check_solutions(rows, columns, [[[4, 4], [2, 2]]], **kw)
    with pytest.raises(AssertionError):
        naive.check_solutions(rows, columns, [[[6, 2], [4, 4]]], **kw)


def test_black_and_white_behaviour_is_unchanged() -> None:
    grids = simple.solutions([[1], [1]], [[1], [1]])
    assert sorted(grids) == [[[-1, 1], [1, -1]], [[1, -1], [-1, 1]]]
    assert sorted(simple.pictures([[1], [1]], [[1], [1]])) == [[[0, 1], [1, 0]], [[1, 0], [0, 1]]]
    assert naive.count([(1,), (1,)], [(1,), (1,)]) == 2
