"""The player's new puzzles through the nonogram kind: the daily recipe, new puzzles, lessons."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from nonotui import kinds
from nonotui.errors import NonotuiError
from nonotui.kinds.nonogram.engine.techniques import BY_NAME, RULES
from nonotui.kinds.nonogram.generate import Recipe, generate, parse_id
from nonotui.kinds.nonogram.generating import DAILY_BY_WEEKDAY, daily_request, recipe_of
from nonotui.model.kind import Cancelled, PuzzleRequest
from tests.naive_count import line_solvable

NONOGRAM = kinds.get("nonogram")


def test_the_same_date_gives_the_same_daily_request_and_another_date_another() -> None:
    day = date(2026, 11, 23)
    assert daily_request(day) == daily_request(date(2026, 11, 23))
    assert daily_request(day).seed == 20261123
    assert daily_request(day).title == "Daily 2026-11-23"
    assert daily_request(day + timedelta(days=7)).seed != daily_request(day).seed
    assert NONOGRAM.daily_request(day) == daily_request(day)


def test_the_weekday_picks_size_and_grade_small_and_easy_early_in_the_week() -> None:
    monday = date(2026, 11, 23)
    assert monday.weekday() == 0
    sides, grades = [], []
    for k in range(7):
        request = daily_request(monday + timedelta(days=k))
        assert request.width == request.height == DAILY_BY_WEEKDAY[k][0]
        assert request.grade == DAILY_BY_WEEKDAY[k][1]
        sides.append(request.width)
        grades.append(request.grade)
    assert sides == sorted(sides) and grades == sorted(grades)
    assert (sides[0], grades[0]) == (10, 1) and (sides[6], grades[6]) == (25, 4)
    assert all(1 <= g <= 5 for g in grades)


def test_a_request_is_the_generators_recipe_and_its_puzzle_carries_the_id() -> None:
    request = PuzzleRequest(6, 5, 0, "horizontal", 77, "Mine")
    recipe = recipe_of(request)
    assert recipe == Recipe(6, 5, 77, "horizontal", grade=0)
    made = NONOGRAM.new_puzzle(request)
    puzzle = made.puzzle
    assert made.note is None
    assert puzzle.title == "Mine"
    assert puzzle.catalogue == recipe.id
    assert parse_id(puzzle.catalogue) == recipe
    # the same puzzle as the id names: the clues are the generator's
    assert puzzle.identity == generate(recipe).puzzle.identity
    # checked without the engine: a plain-Python line solver finishes it
    assert line_solvable(puzzle.rows, puzzle.columns)


def test_a_graded_request_gives_that_grade_or_says_which_it_reached() -> None:
    request = PuzzleRequest(10, 10, 1, "horizontal", 20261123, "Daily 2026-11-23")
    made = NONOGRAM.new_puzzle(request)
    recipe = parse_id(made.puzzle.catalogue)
    assert recipe.grade == 1 and recipe.seed == 20261123
    generated = generate(recipe)
    assert generated.puzzle.identity == made.puzzle.identity
    if generated.grade == 1:
        assert made.note is None
    else:
        assert made.note == (f"Grade 1 was asked for; the nearest the generator reached is "
                             f"grade {generated.grade}.")
    assert line_solvable(made.puzzle.rows, made.puzzle.columns)


def test_a_bad_request_is_refused_in_one_line_and_a_stop_cancels() -> None:
    with pytest.raises(NonotuiError, match="width must be from"):
        NONOGRAM.new_puzzle(PuzzleRequest(2, 5, 0, "none", 1))
    with pytest.raises(NonotuiError, match="unknown symmetry"):
        NONOGRAM.new_puzzle(PuzzleRequest(5, 5, 0, "diagonal", 1))
    with pytest.raises(Cancelled):
        NONOGRAM.new_puzzle(PuzzleRequest(5, 5, 0, "none", 1), lambda: True)


def test_every_line_technique_has_a_lesson_whose_line_it_alone_decides() -> None:
    from nonotui.kinds.nonogram.engine.techniques import line_techniques
    from nonotui.kinds.nonogram.notation import parse_line

    lessons = NONOGRAM.lessons()
    assert [lesson.technique for lesson in lessons] == list(RULES)
    for lesson in lessons:
        assert lesson.grade == BY_NAME[lesson.technique].grade
        assert lesson.after != lesson.before and len(lesson.after) == len(lesson.before)
        blocks = tuple(int(b) for b in lesson.clue.split())
        deduction = line_techniques(blocks, parse_line(lesson.before))
        # the whole ladder needs this technique and no other for the example
        assert list(deduction.cells_by_technique) == [lesson.technique]
        # every cell the lesson shows decided is one the clue forces (independent oracle)
        for i, (a, b) in enumerate(zip(lesson.before, lesson.after)):
            if a != b:
                assert _forced(blocks, lesson.before, i) == b


def _forced(blocks: tuple[int, ...], line: str, i: int) -> str | None:
    """What every arrangement of ``blocks`` that fits ``line`` puts in cell ``i`` (plain
    enumeration), ``None`` when they differ."""
    seen: set[str] = set()

    def place(j: int, start: int, cells: list[str]) -> None:
        if j == len(blocks):
            if all(c in ("?", x) for c, x in zip(line, cells)):
                seen.add(cells[i])
            return
        for s in range(start, len(line) - blocks[j] + 1):
            nxt = cells[:]
            nxt[s:s + blocks[j]] = ["#"] * blocks[j]
            place(j + 1, s + blocks[j] + 1, nxt)

    place(0, 0, ["-"] * len(line))
    return seen.pop() if len(seen) == 1 else None


def test_the_test_kind_declines_to_make_puzzles() -> None:
    from tests.lights_kind import LIGHTS

    with pytest.raises(NonotuiError, match="cannot be generated"):
        LIGHTS.new_puzzle(PuzzleRequest(5, 5))
    assert LIGHTS.daily_request(date(2026, 11, 23)) is None
    assert tuple(LIGHTS.lessons()) == ()


def test_a_request_takes_its_grades_density_as_the_command_line_does() -> None:
    from nonotui.kinds.nonogram.generate import DEFAULT_DENSITY, GRADE_DENSITY
    from nonotui.kinds.nonogram.generating import recipe_of

    for grade in range(6):
        recipe = recipe_of(PuzzleRequest(10, 10, grade, "none", 1))
        assert recipe.density == GRADE_DENSITY.get(grade, DEFAULT_DENSITY)
        assert recipe.grade == grade
