"""``solve()`` against the oracle: statuses, solution counts and the solutions themselves.

Every solution the engine returns is checked against every clue by test code (the runs of each
row and column read off the grid), and every count is compared with brute force (all pictures up
to 4x4, grouped by clues) or with :mod:`tests.naive_count` (random puzzles from 5x5 to 8x8, with
many solutions, none, or a partly filled starting board). Randomness is seeded.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from nonotui.errors import NonotuiError
from nonotui.kinds import open_one
from nonotui.kinds.nonogram.engine.search import StoppedBy, solve
from nonotui.kinds.nonogram.puzzle import Puzzle
from nonotui.model import Board
from tests import naive_count as naive

STACKS = ("fast,fcomp", "fast,olsak", "fast,complete", "fcomp", "olsak", "complete", "fast")
"""The three stacks the issue names, each complete linesolver alone, and ``fast`` alone (which
misses cells, so that probing and branching have to make up for it)."""

UNKNOWN_CELL = 3
"""Both values allowed: DESIGN.md's unknown cell."""
EMPTY_CELL, FILLED_CELL = naive.EMPTY_CELL, naive.FILLED_CELL


def check_solutions(puzzle: Puzzle, boards: Sequence[Board]) -> set[naive.Picture]:
    """Every board satisfies every clue, checked by the oracle's code; returns the pictures."""
    return naive.check_solutions(puzzle.rows, puzzle.columns, [b.cells.tolist() for b in boards])


def expected_status(count: int, max_solutions: int) -> str:
    """The status a complete search must report for a puzzle with ``count`` solutions."""
    if count == 0:
        return "contradiction"
    if max_solutions == 1:
        return "solved"
    return "unique" if count == 1 else "multiple"


def random_picture(rng: np.random.Generator, height: int, width: int, p: float) -> naive.Picture:
    return tuple(tuple(int(v) for v in row) for row in rng.random((height, width)) < p)


def puzzle_of(rows, columns) -> Puzzle:
    return Puzzle(rows=rows, columns=columns)


# -- every picture up to 4x4 -------------------------------------------------------------------

SMALL_SIZES = [(h, w) for h in range(1, 5) for w in range(1, 5)]


@pytest.mark.parametrize(("height", "width"), SMALL_SIZES)
def test_every_small_picture_count_and_solutions_match_brute_force(
    height: int, width: int
) -> None:
    """All 2**(h*w) pictures, grouped by clues; each clue set is solved once.

    The group is the exact solution set, so with ``max_solutions = count + 1`` the search must
    exhaust its stack and return precisely the group.
    """
    groups: dict[tuple, set[naive.Picture]] = {}
    for picture in naive.all_pictures(height, width):
        groups.setdefault(naive.clues_of(picture), set()).add(picture)
    for (rows, columns), pictures in groups.items():
        puzzle = puzzle_of(rows, columns)
        result = solve(puzzle, max_solutions=len(pictures) + 1)
        assert result.status == expected_status(len(pictures), 2), (rows, columns)
        assert check_solutions(puzzle, result.solutions) == pictures, (rows, columns)


@pytest.mark.parametrize(("height", "width"), [(2, 2), (3, 3), (2, 4), (4, 3), (4, 4)])
def test_small_clue_sets_without_a_picture_are_contradictions(height: int, width: int) -> None:
    """Row clues of one picture with column clues of another (equal totals, so the model takes
    them): the engine must find a solution exactly when some picture has both."""
    counts = naive.brute_force_counts(height, width)
    row_sets = sorted({rows for rows, _ in counts})
    column_sets = sorted({columns for _, columns in counts})
    rng = random.Random(height * 10 + width)
    if len(row_sets) * len(column_sets) <= 20_000:
        pairs = [(r, c) for r in row_sets for c in column_sets]
    else:
        pairs = [(rng.choice(row_sets), rng.choice(column_sets)) for _ in range(20_000)]
    impossible = 0
    for rows, columns in pairs:
        if sum(map(sum, rows)) != sum(map(sum, columns)):
            continue
        count = counts.get((rows, columns), 0)
        result = solve(puzzle_of(rows, columns), max_solutions=count + 1)
        assert result.status == expected_status(count, 2), (rows, columns)
        assert len(result.solutions) == count
        impossible += count == 0
    # the pairs really include clue sets with no solution (2x2 has only 4, the others hundreds)
    assert impossible >= (4 if (height, width) == (2, 2) else 500)


# -- random puzzles from 5x5 to 8x8 ------------------------------------------------------------

CAP = 30
"""``max_solutions`` for the random puzzles: counts are compared exactly up to it."""


def random_cases(seed: int, n: int, sizes: Sequence[int] = (5, 6, 7, 8)):
    """``n`` seeded random pictures of sizes and densities that give unique, multiple and very
    many solutions (sparse pictures have the most)."""
    rng = np.random.default_rng(seed)
    for _ in range(n):
        height, width = int(rng.choice(sizes)), int(rng.choice(sizes))
        p = float(rng.choice([0.2, 0.3, 0.4, 0.5, 0.6, 0.7]))
        yield random_picture(rng, height, width, p)


@pytest.mark.parametrize("seed", range(4))
def test_random_puzzles_solutions_equal_the_oracle(seed: int) -> None:
    """1,000 puzzles per seed: the first ``CAP`` solutions are exactly the oracle's count, and
    when there are fewer than ``CAP`` they are exactly the oracle's solutions."""
    seen = {"unique": 0, "multiple": 0, "capped": 0}
    for picture in random_cases(seed, 1000):
        rows, columns = naive.clues_of(picture)
        puzzle = puzzle_of(rows, columns)
        expected = set(naive.solutions(rows, columns, cap=CAP + 1))
        result = solve(puzzle, max_solutions=CAP)
        found = check_solutions(puzzle, result.solutions)
        assert result.status == expected_status(len(expected), CAP), picture
        if len(expected) <= CAP:
            assert found == expected, picture
        else:
            assert len(found) == CAP, picture
            seen["capped"] += 1
        seen["unique" if len(expected) == 1 else "multiple"] += 1
    # the sample covers what it claims to: unique, multiple and more-than-CAP puzzles
    assert seen["unique"] > 200 and seen["multiple"] > 200 and seen["capped"] > 10, seen


@pytest.mark.parametrize("max_solutions", [1, 2, 3])
def test_random_puzzles_status_for_small_limits(max_solutions: int) -> None:
    for picture in random_cases(100 + max_solutions, 500):
        rows, columns = naive.clues_of(picture)
        puzzle = puzzle_of(rows, columns)
        count = naive.count(rows, columns, cap=max_solutions + 1)
        result = solve(puzzle, max_solutions=max_solutions)
        assert result.status == expected_status(count, max_solutions), picture
        assert len(check_solutions(puzzle, result.solutions)) == min(count, max_solutions)


def mixed_clues(rng: np.random.Generator, height: int, width: int, p: float):
    """Row clues of one random picture and column clues of another with the same filled total
    (the model refuses different totals): mostly impossible clue sets, sometimes solvable."""
    while True:
        a = random_picture(rng, height, width, p)
        b = random_picture(rng, height, width, p)
        if sum(map(sum, a)) == sum(map(sum, b)):
            return naive.clues_of(a)[0], naive.clues_of(b)[1]


def test_mixed_clue_sets_match_the_oracle_including_impossible_ones() -> None:
    rng = np.random.default_rng(2024)
    impossible = 0
    for _ in range(1500):
        height, width = int(rng.integers(5, 9)), int(rng.integers(5, 9))
        rows, columns = mixed_clues(rng, height, width, float(rng.choice([0.3, 0.5, 0.7])))
        puzzle = puzzle_of(rows, columns)
        expected = set(naive.solutions(rows, columns, cap=CAP + 1))
        result = solve(puzzle, max_solutions=CAP)
        assert result.status == expected_status(len(expected), CAP), (rows, columns)
        found = check_solutions(puzzle, result.solutions)
        assert found == expected if len(expected) <= CAP else len(found) == CAP
        impossible += not expected
    assert impossible > 500


# -- a partly filled starting board ------------------------------------------------------------


def board_with(given: Sequence[Sequence[int | None]]) -> Board:
    cells = [
        [UNKNOWN_CELL if v is None else FILLED_CELL if v else EMPTY_CELL for v in row]
        for row in given
    ]
    return Board(np.array(cells, dtype=np.uint32))


def test_partly_filled_boards_restrict_the_solutions() -> None:
    """Givens from a solution keep it among the answers; givens from another picture often
    leave none. Either way the answers are exactly the oracle's solutions with those givens."""
    rng = np.random.default_rng(99)
    kinds = {"some": 0, "none": 0}
    for _ in range(800):
        height, width = int(rng.integers(4, 8)), int(rng.integers(4, 8))
        p = float(rng.choice([0.25, 0.4, 0.55]))
        picture = random_picture(rng, height, width, p)
        rows, columns = naive.clues_of(picture)
        source = picture if rng.random() < 0.7 else random_picture(rng, height, width, p)
        share = float(rng.choice([0.1, 0.3, 0.6]))
        given = [[v if rng.random() < share else None for v in row] for row in source]
        expected = set(naive.solutions(rows, columns, cap=CAP + 1, given=given))
        puzzle = puzzle_of(rows, columns)
        board = board_with(given)
        before = board.cells.copy()
        result = solve(puzzle, max_solutions=CAP, board=board)
        assert np.array_equal(board.cells, before), "solve() changed the caller's board"
        assert result.status == expected_status(len(expected), CAP)
        found = check_solutions(puzzle, result.solutions)
        assert found == expected if len(expected) <= CAP else len(found) == CAP
        if source is picture:
            assert picture in found or len(expected) > CAP
        kinds["some" if expected else "none"] += 1
    assert kinds["some"] > 300 and kinds["none"] > 50, kinds


def test_a_complete_board_is_checked_not_trusted() -> None:
    picture = ((1, 0, 1), (1, 1, 0), (0, 1, 1))
    rows, columns = naive.clues_of(picture)
    puzzle = puzzle_of(rows, columns)
    right = solve(puzzle, board=board_with(picture))
    assert right.status == "unique" and check_solutions(puzzle, right.solutions) == {picture}
    wrong = tuple(tuple(1 - v for v in row) for row in picture)
    assert solve(puzzle, board=board_with(wrong)).status == "contradiction"


# -- linesolver stacks -------------------------------------------------------------------------


@pytest.mark.parametrize("stack", STACKS)
def test_every_stack_gives_the_same_answers(stack: str) -> None:
    """The stack changes how the engine gets there, never what it finds."""
    rng = np.random.default_rng(5)
    for i in range(300):
        height, width = int(rng.integers(4, 9)), int(rng.integers(4, 9))
        p = float(rng.choice([0.3, 0.5, 0.7]))
        if i % 3 == 0:
            rows, columns = mixed_clues(rng, height, width, p)
        else:
            rows, columns = naive.clues_of(random_picture(rng, height, width, p))
        puzzle = puzzle_of(rows, columns)
        expected = set(naive.solutions(rows, columns, cap=11))
        result = solve(puzzle, max_solutions=10, linesolvers=stack)
        assert result.status == expected_status(len(expected), 10), (stack, rows, columns)
        found = check_solutions(puzzle, result.solutions)
        assert found == expected if len(expected) <= 10 else len(found) == 10
        assert result.stack == stack
        used = set(stack.split(","))
        if result.stats.engine == "cdcl":
            used.add("fcomp")  # the learning search solves its lines with fcomp, whatever the stack
        assert set(result.stats.lines) == used


# -- known puzzles and the API's edges ---------------------------------------------------------

TATHAM = "4x4:2/1/2/1/1.1/2/1/1"


def test_tatham_example_is_unique_and_needs_more_than_line_logic() -> None:
    puzzle = open_one(TATHAM)
    result = solve(puzzle)
    assert result.status == "unique"
    assert check_solutions(puzzle, result.solutions) == set(
        naive.solutions(puzzle.rows, puzzle.columns)
    )
    stats = result.stats
    # line logic alone stalls on this one, so the engine must have probed or guessed
    assert stats.probes + stats.guesses > 0
    assert stats.as_dict()["lines"] == sum(stats.lines.values()) > 0
    assert result.seconds >= 0


def test_stats_are_plain_json_values() -> None:
    stats = solve(open_one(TATHAM)).stats.as_dict()
    assert json.loads(json.dumps(stats)) == stats
    for key in ("lines", "probes", "guesses", "max_depth", "backtracks", "contradictions"):
        assert isinstance(stats[key], int) and stats[key] >= 0


def test_a_puzzle_with_many_solutions_needs_deep_search() -> None:
    """Permutation matrices: 8! = 40,320 solutions, nothing to deduce; every one is a guess."""
    rows = columns = ((1,),) * 8
    puzzle = puzzle_of(rows, columns)
    result = solve(puzzle, max_solutions=200)
    assert result.status == "multiple"
    assert len(check_solutions(puzzle, result.solutions)) == 200
    assert result.stats.guesses > 0 and result.stats.max_depth > 0


def test_bad_arguments_are_user_errors() -> None:
    puzzle = open_one(TATHAM)
    with pytest.raises(NonotuiError):
        solve(puzzle, max_solutions=0)
    with pytest.raises(NonotuiError):
        solve(puzzle, linesolvers="fast,nosuch")
    with pytest.raises(NonotuiError):
        solve(puzzle, board=Board(np.full((3, 4), UNKNOWN_CELL, dtype=np.uint32)))


def test_colour_puzzles_are_solved_not_misread() -> None:
    flower = Path(__file__).resolve().parents[2] / "data" / "formats" / "flower.non"
    puzzle = open_one(str(flower))
    result = solve(puzzle)
    assert result.status == "unique"
    # the file's own goal picture, "0rr0rrrr0gg00g00", as bitsets: red is bit 1, green bit 2
    assert result.solutions[0].cells.tolist() == [[1, 2, 2, 1], [2, 2, 2, 2], [1, 4, 4, 1],
                                                  [1, 4, 1, 1]]


@pytest.mark.parametrize("stopped_by", ["timeout", "cancelled"])
def test_a_stop_as_the_first_run_spends_its_guesses_is_that_stop(stopped_by: StoppedBy) -> None:
    """The deadline or a cancel landing just as the depth-first search's first run returns for its
    guess budget skips the hand-off: the answer is that stop, never "solved" (seen under load on
    a 2-core machine with Forever and a short timeout)."""
    from nonotui.kinds.nonogram.engine import _kernels as kernels
    from nonotui.kinds.nonogram.engine.search import _status

    assert _status(kernels.SEARCH_BUDGET, 0, 2, stopped_by) == stopped_by
    assert _status(kernels.SEARCH_BUDGET, 1, 2, stopped_by) == stopped_by
