"""Aquarium rating, explain, auto-solve, checks and lessons against the brute-force oracle
(tests/unit/aquarium/oracle.py)."""

from __future__ import annotations

import random

from nonotui.kinds.aquarium import hints
from nonotui.kinds.aquarium.assist import check_board
from nonotui.kinds.aquarium.game import AquariumGame
from nonotui.kinds.aquarium.hints import COLUMN, FULL, GRAVITY, ROW, TECHNIQUES
from nonotui.kinds.aquarium.lessons import EXAMPLES, after, example_puzzle, lessons
from nonotui.kinds.aquarium.puzzle import AIR, UNKNOWN, WATER, AquariumPuzzle, make_puzzle
from nonotui.kinds.aquarium.rating import GRADES, SHORT_CHAIN, auto_solve, explain, rate
from nonotui.model.board import Board
from nonotui.model.vocab import GRADE_WORDS
from tests.unit.aquarium import oracle
from tests.unit.aquarium.oracle import consistent
from tests.unit.aquarium.randgrid import random_hint_puzzle

ISSUE = make_puzzle([2, 2, 2, 4], [3, 2, 2, 3], ["AABB", "ACCB", "DDCB", "DDDD"])


def never() -> bool:
    return False


def empty(p: AquariumPuzzle) -> Board:
    return Board.full(p.height, p.width, UNKNOWN)


def grid_of(board: Board) -> tuple[tuple[bool, ...], ...]:
    return tuple(tuple(int(v) == WATER for v in row) for row in board.cells)


def test_issue_example_rates_and_explains() -> None:
    rating, steps = explain(ISSUE)
    assert rating.grade == 3 and rating.unique is True and rating.reason is None
    assert rating.hardest == COLUMN
    assert set(rating.steps) <= {GRAVITY, FULL, ROW, COLUMN}
    assert sum(rating.steps.values()) == len(steps)
    assert steps[0].description.startswith("Full or empty line. Row 4 needs 4 more")
    assert steps[0].unit == 3 and steps[0].method == FULL
    assert rating.grade in GRADE_WORDS


def test_ratings_match_the_oracle_and_are_reproducible() -> None:
    rng = random.Random(11)
    grades: set[int] = set()
    for _ in range(250):
        p = random_hint_puzzle(rng, max_side=5, max_tanks=10, holes=0.1)
        sols = oracle.solutions(p)
        rating, steps = explain(p)
        assert rate(p) == rating
        grades.add(rating.grade)
        if not sols:
            assert (rating.grade, rating.reason, rating.unique) == (0, "no solution", False)
            continue
        if len(sols) > 1:
            assert (rating.grade, rating.reason, rating.unique) == (0, "not unique", False)
            continue
        assert rating.unique is not False
        if rating.grade == 0:
            assert rating.reason == "needs guessing"
            continue
        # the path's cells, applied in order, are the oracle's one solution
        board = empty(p)
        for step in steps:
            for r, c, v in step.cells:
                assert sols[0][r][c] == (v == WATER)
                board.cells[r, c] = v
        assert grid_of(board) == sols[0]
        used = [name for name in rating.steps if name in GRADES]
        expected = max((GRADES[n] for n in used), default=1)
        if "Contradiction" in rating.steps:
            assert rating.grade in (4, 5)
        else:
            assert rating.grade == expected
        assert rating.line_solvable == (rating.grade <= 3)
    assert {0, 1, 2, 3} <= grades


def test_contradiction_grades_on_6x6() -> None:
    """Puzzles that need a contradiction: grade 4 or 5 by the longest chain, and the path
    still spells the oracle's one solution."""
    rng = random.Random(21)
    found = 0
    for _ in range(2000):
        p = random_hint_puzzle(rng, side=6, max_tanks=12, holes=0.0)
        rating, steps = explain(p)
        if "Contradiction" not in rating.steps or rating.grade == 0:
            continue
        sols = oracle.solutions(p)
        assert len(sols) == 1
        board = empty(p)
        for step in steps:
            for r, c, v in step.cells:
                assert sols[0][r][c] == (v == WATER)
                board.cells[r, c] = v
        assert grid_of(board) == sols[0]
        chains = [int(s.description.split("a chain of ")[1].split()[0])
                  for s in steps if s.method == "Contradiction"]
        assert rating.grade == (4 if max(chains) <= SHORT_CHAIN else 5)
        found += 1
        if found == 3:
            return
    raise AssertionError(f"only {found} puzzles needed a contradiction")


def test_auto_solve_reaches_an_oracle_solution() -> None:
    rng = random.Random(12)
    statuses: set[str] = set()
    for _ in range(250):
        p = random_hint_puzzle(rng, max_side=5, max_tanks=10, holes=0.15)
        sols = oracle.solutions(p)
        board = empty(p)
        for r in range(p.height):
            for c in range(p.width):
                if rng.random() < 0.1:
                    board.cells[r, c] = rng.choice((WATER, AIR))
        plan = auto_solve(p, board, never)
        statuses.add(plan.status)
        marks = {(r, c): int(board.cells[r, c]) == WATER for r in range(p.height)
                 for c in range(p.width) if int(board.cells[r, c]) != UNKNOWN}
        here = consistent(sols, marks)
        if not sols:
            assert plan.status == "no-solution"
            continue
        if not here:
            assert plan.status == "inconsistent"
            continue
        assert plan.status == "solved" and plan.several == (len(here) > 1)
        for step in plan.steps:
            for r, c, v in step.cells:
                board.cells[r, c] = v
        assert not (board.cells == UNKNOWN).any()
        assert grid_of(board) in here
    assert statuses == {"solved", "inconsistent", "no-solution"}


def test_check_board_and_checker_against_the_oracle() -> None:
    rng = random.Random(13)
    seen: set[str] = set()
    for _ in range(300):
        p = random_hint_puzzle(rng, max_side=4, max_tanks=8, holes=0.1)
        sols = oracle.solutions(p)
        board = empty(p)
        if sols and rng.random() < 0.3:
            g = rng.choice(sols)
            for r in range(p.height):
                for c in range(p.width):
                    board.cells[r, c] = WATER if g[r][c] else AIR
        else:
            for r in range(p.height):
                for c in range(p.width):
                    if rng.random() < 0.3:
                        board.cells[r, c] = rng.choice((WATER, AIR))
        report = check_board(p, board, never)
        seen.add(report.status)
        helper = AquariumGame(p)
        wrong = helper.check(board, never)
        marks = {(r, c): int(board.cells[r, c]) == WATER for r in range(p.height)
                 for c in range(p.width) if int(board.cells[r, c]) != UNKNOWN}
        oracle_wrong = {rc for rc, v in marks.items() if not consistent(sols, {rc: v})}
        if report.status == "solved":
            assert consistent(sols, {rc: marks.get(rc, False) for rc in
                                     ((r, c) for r in range(p.height) for c in range(p.width))})
            continue
        if not sols:
            assert report.status == "no-solution" and wrong == frozenset()
            continue
        assert wrong == oracle_wrong
        assert {(r, c) for r, c, _ in report.wrong} == oracle_wrong
        if oracle_wrong:
            assert report.status == "wrong"
        elif not consistent(sols, marks):
            assert report.status == "inconsistent"
        else:
            assert report.status == "not-finished"
            assert "of" in report.explanation and str(p.width * p.height) in report.explanation
    assert seen >= {"solved", "no-solution", "wrong", "not-finished"}
    # two solutions (the diagonals): each water mark fits one, together none
    p = make_puzzle([1, 1], [1, 1], ["AB", "CD"])
    board = empty(p)
    board.cells[0, 0] = board.cells[0, 1] = WATER
    report = check_board(p, board, never)
    assert report.status == "inconsistent" and report.wrong == ()
    assert AquariumGame(p).check(board, never) == frozenset()
    hint = hints.next_hint(p, board)
    assert hint.kind == "mistake" and "together they fit none" in hint.explanation


def test_helper_hint_unit_numbers_rows_columns_then_tanks() -> None:
    helper = AquariumGame(ISSUE)
    hint = helper.hint(empty(ISSUE), (0, 0), None, never)
    assert hint.unit == ("row", 3) and helper.hint_unit(hint) == 3
    board = empty(ISSUE)
    board.cells[1, 3] = WATER  # tank 1 (B: row 1's right half and column 4 down to row 3)
    hint = helper.hint(board, (0, 0), None, never)
    assert hint.technique == GRAVITY and hint.unit == ("region", 1)
    assert hint.cells == ((2, 3, WATER),)
    assert helper.hint_unit(hint) == 4 + 4 + 1


def test_lessons_hold_in_every_solution_and_need_their_technique() -> None:
    found = lessons()
    assert [lesson.technique for lesson in found] == [e[0] for e in EXAMPLES]
    assert [lesson.technique for lesson in found] == list(TECHNIQUES[:4])
    for lesson, (name, axis, count, tanks, before, _) in zip(found, EXAMPLES, strict=True):
        p = example_puzzle(axis, count, tanks)
        assert isinstance(p, AquariumPuzzle)
        sols = oracle.solutions(p)
        cells = [(0, i) if axis == "row" else (i, 0) for i in range(len(tanks))]
        marks = {rc: ch == "~" for rc, ch in zip(cells, before, strict=True) if ch != "?"}
        here = consistent(sols, marks)
        assert here
        assert lesson.after != lesson.before
        for rc, ch in zip(cells, lesson.after, strict=True):
            if ch != "?":
                assert all(g[rc[0]][rc[1]] == (ch == "~") for g in here)
        assert lesson.grade == GRADES[name]
        index = TECHNIQUES.index(name)
        if index:
            easier = after(TECHNIQUES[index - 1], axis, count, tanks, before)
            assert easier != lesson.after, f"{name} decides nothing the easier rules do not"
