"""The Aquarium generator: reproducible ids, connected tanks of varied shapes, and puzzles that the
oracle's search (tests/unit/aquarium/oracle.py, not the generator's rules) proves unique, with
the grade asked for."""

from __future__ import annotations

from datetime import date

import pytest

from nonotui.kinds.aquarium import aq_format
from nonotui.kinds.aquarium.generate import (
    DAILY_BY_WEEKDAY,
    GeneratorError,
    Recipe,
    Stream,
    daily_request,
    generate,
    grade_of,
    grow_tanks,
    looks_like_id,
    new_puzzle,
    parse_id,
    read_id,
)
from nonotui.kinds.aquarium.puzzle import counts_problems, make_puzzle
from nonotui.kinds.aquarium.rating import rate
from nonotui.kinds.aquarium.rules import layout_of
from nonotui.model.vocab import Cancelled, PuzzleRequest
from tests.unit.aquarium import oracle

CASES = [(size, grade, seed) for size in (6, 8, 10, 12) for grade in (0, 1, 2, 3)
         for seed in (1, 2)] + [(15, grade, 3) for grade in (1, 2, 3)] + [(7, 2, 4)]


@pytest.mark.parametrize(("size", "grade", "seed"), CASES)
def test_generated_puzzles_are_unique_and_their_goal_is_the_solution(
        size: int, grade: int, seed: int) -> None:
    made = generate(Recipe(size, size - (seed % 2), seed, grade))
    p = made.puzzle
    assert p.width == size and p.height == size - (seed % 2)
    assert oracle.count(p, limit=2) == 1
    assert p.goal is not None and counts_problems(p, p.goal) == []
    assert all(n is not None for n in p.rows + p.columns)
    if grade:
        assert made.grade == grade
    else:
        assert 1 <= made.grade <= 3


@pytest.mark.parametrize(("size", "grade", "seed"), [(6, 4, 1), (8, 5, 2), (10, 4, 3),
                                                     (10, 5, 1)])
def test_contradiction_grades_are_unique_and_rated_so(size: int, grade: int, seed: int) -> None:
    made = generate(Recipe(size, size, seed, grade))
    p = made.puzzle
    assert oracle.count(p, limit=2) == 1
    assert p.goal is not None and counts_problems(p, p.goal) == []
    assert made.grade == grade
    assert rate(p).grade == grade
    # the rules alone leave tanks undecided: the same search with every rule finds no grade
    assert grade_of(layout_of(p)) == 0


def test_rule_grades_agree_with_the_rating() -> None:
    for size, grade, seed in CASES[::3]:
        made = generate(Recipe(size, size, seed, grade))
        assert rate(made.puzzle).grade == made.grade


def test_the_same_id_gives_the_same_puzzle() -> None:
    recipe = Recipe(10, 10, 42, 2)
    first, again = generate(recipe).puzzle, read_id(recipe.id)[0]
    assert recipe.id == "aq1:10x10:g2:42"
    assert aq_format.write([first]) == aq_format.write([again])
    assert first.title == "Aquarium aq1:10x10:g2:42"
    other = generate(Recipe(10, 10, 43, 2)).puzzle
    assert other.tanks != first.tanks


def test_ids_parse_and_bad_ones_are_refused() -> None:
    assert looks_like_id("aq1:12x9:g3:7") and not looks_like_id("gen1:10x10:g0:nosym:d55:1")
    assert parse_id("aq1:12x9:g3:7") == Recipe(12, 9, 7, 3)
    for spec, words in (("aq2:10x10:g1:1", "version 2"), ("aq1:3x10:g1:1", "width 3"),
                        ("aq1:10x41:g1:1", "height 41"), ("aq1:10x10:g6:1", "grade 6"),
                        ("aq:10x10", "not an Aquarium generator id")):
        with pytest.raises(GeneratorError, match=words):
            parse_id(spec)


def test_tanks_are_connected_and_come_in_varied_shapes() -> None:
    wide = tall = 0
    for seed in range(20):
        tanks = grow_tanks(12, 9, Stream(seed))
        make_puzzle([None] * 9, [None] * 12, tanks)  # raises on an unconnected tank
        for t in range(1 + max(max(row) for row in tanks)):
            cells = [(r, c) for r, row in enumerate(tanks) for c, x in enumerate(row) if x == t]
            rows = {r for r, _ in cells}
            cols = {c for _, c in cells}
            wide += len(cols) > len(rows) + 1
            tall += len(rows) > len(cols) + 1
    assert wide > 20 and tall > 20


def test_new_puzzle_titles_notes_and_cancels() -> None:
    made = new_puzzle(PuzzleRequest(8, 8, 2, "none", 5, "Mine"))
    assert made.puzzle.title == "Mine" and made.note is None
    with pytest.raises(GeneratorError, match="grade 6"):
        new_puzzle(PuzzleRequest(8, 8, 6, "none", 5))
    with pytest.raises(Cancelled):
        new_puzzle(PuzzleRequest(8, 8, 2, "none", 5), lambda: True)


def test_daily_request_follows_the_weekday_and_date() -> None:
    monday = date(2026, 11, 23)
    assert monday.weekday() == 0
    request = daily_request(monday)
    assert (request.width, request.grade) == DAILY_BY_WEEKDAY[0]
    assert request.seed == 20261123 and request.title == "Daily Aquarium 2026-11-23"
    assert daily_request(date(2026, 11, 29)).width == DAILY_BY_WEEKDAY[6][0]
