"""Grade 1 on pictures bigger than ``GRADE1_SMALL_SIDE``: the overlap count the generator aims at
(every filled cell filled by simple boxes from its row's or column's clue alone), checked against
every arrangement of a clue (tests/oracle.py), and the grade-1 puzzles it makes, checked as the
graded sweep checks every puzzle (the puzzle oracle's search and line logic,
tests/naive_count.py)."""

from __future__ import annotations

import random

import pytest

from nonotui.kinds.nonogram import generate as gen
from nonotui.kinds.nonogram.generate import Recipe, generate
from nonotui.kinds.nonogram.pictures import cover_filled, uncovered
from nonotui.kinds.nonogram.rating import rate
from nonotui.kinds.nonogram.rng import SplitMix64
from tests import oracle
from tests.unit.kinds.test_generate_grades import _check, _picture


def _always_filled(line: tuple[int, ...]) -> set[int]:
    """The cells every arrangement of ``line``'s clue fills (tests/oracle.py lists them), which
    is what simple boxes finds on a line with nothing decided."""
    same = oracle.arrangements(oracle.runs(line), len(line))
    return {i for i in range(len(line)) if all(other[i] for other in same)}


def _uncovered_by_brute_force(picture: list[list[int]]) -> list[tuple[int, int]]:
    rows = [_always_filled(tuple(row)) for row in picture]
    columns = [_always_filled(column) for column in zip(*picture)]
    return [(r, c) for r, row in enumerate(picture) for c, v in enumerate(row)
            if v and c not in rows[r] and r not in columns[c]]


def test_uncovered_agrees_with_every_arrangement_of_the_clues() -> None:
    rnd = random.Random(11)
    for _ in range(300):
        height, width = rnd.randint(1, 7), rnd.randint(1, 7)
        density = rnd.random()
        picture = [[int(rnd.random() < density) for _ in range(width)] for _ in range(height)]
        assert uncovered(picture) == _uncovered_by_brute_force(picture), picture


@pytest.mark.parametrize("symmetry", gen.SYMMETRIES)
def test_cover_filled_leaves_no_uncovered_cell_and_keeps_the_symmetry(symmetry: str) -> None:
    rng = SplitMix64(3)
    for size in (9, 12):
        values = gen.field(rng, size, size, symmetry)  # type: ignore[arg-type]
        picture = gen.threshold(values, 70, symmetry)  # type: ignore[arg-type]
        assert gen.mend_lines(picture, values, symmetry)  # type: ignore[arg-type]
        before = len(uncovered(picture))
        assert before
        done, flips = cover_filled(picture, rng, symmetry, size * size)  # type: ignore[arg-type]
        left = _uncovered_by_brute_force(picture)
        assert 0 < flips <= size * size and done == (not left) and len(left) < before
        assert all(0 < sum(row) < size for row in picture)
        assert all(0 < sum(column) < size for column in zip(*picture))
        if symmetry in ("horizontal", "both"):
            assert all(row == row[::-1] for row in picture)
        if symmetry in ("vertical", "both"):
            assert picture == picture[::-1]


BIG_GRADE1 = [Recipe(side, side - k % 2, 40 + k, gen.SYMMETRIES[k % 4], gen.GRADE_DENSITY[1], 1)
              for k, side in enumerate((21, 22, 24, 25))]


@pytest.mark.parametrize("recipe", BIG_GRADE1, ids=lambda r: r.id)
def test_grade1_over_twenty_cells_a_side_is_reached_and_checked(recipe: Recipe) -> None:
    made = generate(recipe)
    assert made.grade == 1, recipe.id
    _check(made)
    # grade 1 needs every filled cell in an overlap
    assert uncovered(_picture(made.puzzle)) == []
    assert rate(made.puzzle).grade == 1
