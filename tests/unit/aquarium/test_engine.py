"""The Aquarium solver: the issue's example, statuses and contracts (max_solutions, board marks,
cancellation, timeout, progress), missing counts. Every answer is checked against the counts
or the brute-force oracle (:mod:`tests.unit.aquarium.oracle`)."""

from __future__ import annotations

import threading
import time

import numpy as np
import pytest

from nonotui.errors import NonotuiError
from nonotui.kinds.aquarium.engine import (
    EXAMPLE,
    Progress,
    level_domains,
    propagate,
    solve,
    warm_up,
)
from nonotui.kinds.aquarium.puzzle import (
    AIR,
    UNKNOWN,
    WATER,
    counts_problems,
    levels_of,
    make_puzzle,
)
from nonotui.kinds.aquarium.random_tanks import random_puzzle
from nonotui.model.board import Board

from . import oracle

SOLUTION = ["~~..", "~..~", "..~~", "~~~~"]


def text(board: Board) -> list[str]:
    chars = {AIR: ".", WATER: "~", UNKNOWN: "?"}
    return ["".join(chars[int(v)] for v in row) for row in board.cells]


def water(board: Board) -> tuple[tuple[bool, ...], ...]:
    assert board.is_complete()
    return tuple(tuple(bool(v == WATER) for v in row) for row in board.cells)


def marks_board(rows: list[str]) -> Board:
    values = {".": AIR, "~": WATER, "?": UNKNOWN}
    return Board(np.array([[values[ch] for ch in row] for row in rows], dtype=np.uint32))


def test_the_issue_example_has_its_one_solution() -> None:
    out = solve(EXAMPLE)
    assert out.status == "unique"
    assert [text(b) for b in out.solutions] == [SOLUTION]
    assert oracle.solutions(EXAMPLE) == [water(out.solutions[0])]
    assert out.seconds >= 0 and out.stats["nodes"] >= 1


def test_the_example_is_decided_by_propagation_alone() -> None:
    decided = propagate(EXAMPLE, Board.full(4, 4, UNKNOWN))
    assert decided is not None and text(decided) == SOLUTION
    assert level_domains(EXAMPLE) == [(0, 0), (1, 1), (2, 2), (3, 3)]


def test_max_solutions_one_says_solved() -> None:
    out = solve(EXAMPLE, max_solutions=1)
    assert out.status == "solved" and [text(b) for b in out.solutions] == [SOLUTION]


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(NonotuiError):
        solve(EXAMPLE, max_solutions=0)
    with pytest.raises(NonotuiError):
        solve(EXAMPLE, board=Board.full(3, 4, UNKNOWN))


def test_a_mark_against_the_solution_gives_no_solution() -> None:
    board = marks_board(["?.??", "????", "????", "????"])  # the solution has water there
    assert solve(EXAMPLE, board=board).status == "contradiction"
    assert propagate(EXAMPLE, board) is None
    assert level_domains(EXAMPLE, board) is None


def test_marks_that_break_gravity_or_hold_no_value_contradict() -> None:
    assert propagate(EXAMPLE, marks_board(["~???", ".???", "????", "????"])) is None
    board = Board.full(4, 4, UNKNOWN)
    board.cells[2, 2] = 0
    assert solve(EXAMPLE, board=board).status == "contradiction"


def test_missing_counts_constrain_nothing() -> None:
    free = make_puzzle([None, None], [None, None], ["AB", "AB"])
    out = solve(free, max_solutions=100)
    assert out.status == "unique" or len(out.solutions) == 9  # 3 levels x 3 levels
    assert out.status == "multiple" and len({water(b) for b in out.solutions}) == 9
    assert {water(b) for b in out.solutions} == set(oracle.solutions(free))
    one = make_puzzle([None, 1], [2, None], ["AB", "AB"])
    got = solve(one)
    assert got.status == "unique" and text(got.solutions[0]) == ["~.", "~."]


def test_marks_narrow_a_puzzle_with_several_solutions() -> None:
    puzzle = make_puzzle([1, 1], [1, 1], ["AB", "CD"])
    assert {water(b) for b in solve(puzzle, max_solutions=10).solutions} == set(
        oracle.solutions(puzzle))
    out = solve(puzzle, board=marks_board(["~?", "??"]))
    assert out.status == "unique" and text(out.solutions[0]) == ["~.", ".~"]
    assert oracle.solutions(puzzle, [[2, 3], [3, 3]]) == [water(out.solutions[0])]


def hard_puzzle() -> tuple[object, int]:
    """A puzzle whose search for two solutions takes far longer than a poll: random 50x50 #3
    with every count given, undecided after 3 s (356 nodes). It was a 40x40 puzzle with few
    counts asked for 20,000 solutions, until the search found them all within 0.05 s (the
    boards then took 0.3 s to build, so the timeout came too late to be seen)."""
    puzzle, _ = random_puzzle(50, 50, 3)
    return puzzle, 2


def test_cancellation_stops_the_search_soon() -> None:
    warm_up(lambda: False)
    puzzle, many = hard_puzzle()
    asked: list[float] = []

    def stop() -> bool:
        if not asked:
            asked.append(time.perf_counter())
            return False
        return True

    out = solve(puzzle, max_solutions=many, should_stop=stop)  # type: ignore[arg-type]
    assert out.status == "cancelled"
    assert len(out.solutions) < many
    for board in out.solutions:
        assert not counts_problems(puzzle, water(board))  # type: ignore[arg-type]


def test_a_timeout_stops_the_search() -> None:
    puzzle, many = hard_puzzle()
    out = solve(puzzle, max_solutions=many, timeout=0.05)  # type: ignore[arg-type]
    assert out.status == "timeout"
    assert len(out.solutions) < many


def test_progress_is_reported_in_the_callers_thread() -> None:
    warm_up(lambda: False)  # loading the kernels alone can outlast the 0.05 s (run first alone)
    puzzle, many = hard_puzzle()
    seen: list[Progress] = []
    caller = threading.get_ident()
    threads: set[int] = set()

    def listen(p: Progress) -> None:
        seen.append(p)
        threads.add(threading.get_ident())

    out = solve(puzzle, max_solutions=many, timeout=0.05, progress=listen)  # type: ignore[arg-type]
    assert out.status == "timeout"
    assert seen and threads == {caller}
    assert seen[-1].tanks == puzzle.tank_count  # type: ignore[attr-defined]
    assert seen[-1].guesses >= 1 and seen[-1].depth >= 1


def test_the_same_answer_on_every_run() -> None:
    puzzle, _ = random_puzzle(8, 8, 5)
    loose = make_puzzle([None] * 8, list(puzzle.columns), puzzle.tanks)
    first = solve(loose, max_solutions=5)
    for _ in range(3):
        again = solve(loose, max_solutions=5, should_stop=lambda: False)
        assert again.status == first.status
        assert [text(b) for b in again.solutions] == [text(b) for b in first.solutions]
        assert again.stats == first.stats


def test_solutions_meet_counts_and_gravity() -> None:
    puzzle, levels = random_puzzle(12, 12, 3)
    out = solve(puzzle)
    assert out.status in ("unique", "multiple")
    for board in out.solutions:
        grid = water(board)
        assert not counts_problems(puzzle, grid)
        found = levels_of(puzzle, grid)
        assert puzzle.water_at(found) == grid


def test_seed_004s_row_rules_decide_its_row() -> None:
    # seed 004's row: count 4, a two-cell spot, a one-cell spot, a three-cell spot. Without
    # the three cells only 3 are left (so they are water); with the two cells there would be 5
    # (so they are air); the one cell left makes 4.
    row = make_puzzle([4], [None] * 6, ["AABCCC"])
    decided = propagate(row, Board.full(1, 6, UNKNOWN))
    assert decided is not None and text(decided) == ["..~~~~"]


def test_the_column_rule_counts_a_tank_with_its_level() -> None:
    # column 1 needs 2 of tank A's three cells in it: A's level is row 2, which also fills
    # A's cell in column 2 (gravity across the tank); B is left open (no count speaks of it)
    puzzle = make_puzzle([None] * 3, [2, None], ["AB", "AB", "AA"])
    decided = propagate(puzzle, Board.full(3, 2, UNKNOWN))
    assert decided is not None and text(decided) == [".?", "~?", "~~"]


def test_the_column_rule_weighs_each_tank_against_the_others_bounds() -> None:
    # column 1 (count 3): tank A (rows 1-2) and tank B (rows 3-4); B holds at most 2 there, so
    # A holds at least 1 (row 2 is water); A holds at most 2, so B holds at least 1
    puzzle = make_puzzle([None] * 4, [3, None], ["AC", "AC", "BC", "BC"])
    decided = propagate(puzzle, Board.full(4, 2, UNKNOWN))
    assert decided is not None and text(decided) == ["??", "~?", "??", "~?"]
    assert level_domains(puzzle) == [(0, 1), (0, 4), (2, 3)]  # ids: A 0, C 1, B 2


def test_the_exact_row_test_sees_what_bounds_cannot() -> None:
    # three tanks of two cells cannot make 3 in a row: no bounds rule fires, the exact test does
    odd = make_puzzle([3], [None] * 6, ["AABBCC"])
    assert propagate(odd, Board.full(1, 6, UNKNOWN)) is None
    assert solve(odd).status == "contradiction"
    assert solve(odd, exact=False).status == "contradiction"  # the search finds it as well


@pytest.mark.parametrize("branching", [0, 1, 2])
def test_every_branching_order_finds_the_oracles_solutions(branching: int) -> None:
    # the branching order (2, less water first, is the default) changes the search's path, never
    # its answer: every solution of seeded random puzzles, as the brute-force oracle has them
    seen = 0
    for seed in range(60):
        puzzle, _ = random_puzzle(5, 5, seed)
        rows = [n if r % 2 == 0 else None for r, n in enumerate(puzzle.rows)]  # more solutions
        loose = make_puzzle(rows, list(puzzle.columns), puzzle.tanks)
        if oracle.combinations(loose) > 200_000:
            continue
        expected = set(oracle.solutions(loose))
        out = solve(loose, max_solutions=500, branching=branching)
        assert {water(b) for b in out.solutions} == expected
        assert out.status == ("unique" if len(expected) == 1 else "multiple")
        seen += len(expected) > 1
    assert seen >= 10
