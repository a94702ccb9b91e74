"""Auto-solve's steps come from the solver's own propagation
(``nonotui.kinds.nonogram.engine.steps``).

Judged without the engine's step code: each step's cells must follow from its line alone
(:mod:`tests.oracle`, a plain-Python reading of "a value is possible when some filling of the
line has it"), and exactly so for a complete linesolver; the solves each linesolver makes must
be the ones :func:`nonotui.kinds.nonogram.engine.solve` counts when its propagation alone solves the
puzzle (the same order of lines, or the counts would differ); and the steps must end on the
solution.
"""

from __future__ import annotations

import numpy as np
import pytest

from nonotui.kinds import open_game, open_one
from nonotui.kinds.nonogram.engine import solve
from nonotui.kinds.nonogram.engine.lines import DEFAULT_STACK, parse_stack
from nonotui.kinds.nonogram.engine.steps import propagation, solve_steps
from nonotui.kinds.nonogram.puzzle import Puzzle, unknown_board
from nonotui.model import EMPTY, FILLED, UNKNOWN, Board
from nonotui.ui import assist
from tests import oracle

SYMBOL = {EMPTY: oracle.DOT, FILLED: oracle.SOLID, UNKNOWN: oracle.UNKNOWN}
VALUE = {v: k for k, v in SYMBOL.items()}


def random_puzzle(seed: int, size: int = 12) -> Puzzle:
    picture = (np.random.default_rng(seed).random((size, size)) < 0.55).astype(int)
    return Puzzle.from_picture(picture.tolist(), keep_goal=False)


def check_steps(puzzle: Puzzle, board: Board, steps) -> Board:
    """Apply ``steps`` (line steps only) to a copy of ``board``, checking each against the
    oracle; returns the board after them."""
    work = board.copy()
    for step in steps:
        axis, index = step.line
        cells = work.cells[index, :] if axis == "row" else work.cells[:, index]
        clue = puzzle.rows[index] if axis == "row" else puzzle.columns[index]
        before = "".join(SYMBOL[int(v)] for v in cells)
        truth = oracle.reference(tuple(clue), before)
        assert truth is not None, f"{step.line}: the line had no arrangement"
        after = list(before)
        for r, c, v in step.cells:
            assert (r if axis == "row" else c) == index, "a step's cell is off its line"
            p = c if axis == "row" else r
            assert before[p] == oracle.UNKNOWN, "a step changed a decided cell"
            assert truth[p] == SYMBOL[v], f"{step.line}: cell {p} does not follow from the line"
            after[p] = SYMBOL[v]
        assert "".join(after) != before, "a step that changed nothing"
        if step.method in ("fcomp", "complete", "olsak"):
            assert "".join(after) == truth, f"{step.line}: a complete linesolver left cells"
        for r, c, v in step.cells:
            work.cells[r, c] = v
    return work


def solver_solves(puzzle: Puzzle, stack: str = DEFAULT_STACK) -> dict[str, int]:
    """The line solves of each linesolver the solver's line pass makes with ``stack`` from the
    empty board: on a black-and-white board it starts at the stack's first complete rank when
    that is fcomp (``state.LINE_PASS_FROM_COMPLETE``), so these are the steps' own counts with the stack
    from that rank on (their full scan picks the lines, the solver's list does), the ranks
    before it at 0."""
    names = stack.split(",")
    flags = parse_stack(stack).complete_flags()
    first = next((r for r, f in enumerate(flags) if f), 0)
    if names[first] != "fcomp":
        first = 0  # only fcomp's rank is started at (state.LINE_PASS_FROM_COMPLETE)
    rest = propagation(puzzle, unknown_board(puzzle), ",".join(names[first:]))
    return {**{name: 0 for name in names[:first]}, **rest.solves}


def test_steps_follow_from_their_lines_and_count_the_solver_s_solves():
    compared = 0
    for seed in range(30):
        puzzle = random_puzzle(seed)
        result = solve(puzzle, max_solutions=1)
        board = unknown_board(puzzle)
        prop = propagation(puzzle, board)
        end = check_steps(puzzle, board, prop.steps)
        assert np.array_equal(end.cells, prop.cells)
        if result.status != "contradiction" and result.stats.probes == 0 \
                and result.stats.guesses == 0:
            # the solver's propagation alone solved it: the same lines, solved by the same
            # linesolvers in the same order, make the same counts
            assert solver_solves(puzzle) == result.stats.lines, seed
            assert np.array_equal(end.cells, result.solutions[0].cells), seed
            compared += 1
    assert compared >= 10  # the seeds give 17 puzzles that line logic finishes


def test_counts_match_the_solver_on_bench_puzzles_line_logic_finishes(bench):
    for name in ("webpbn-00006.nin", "webpbn-00016.nin", "webpbn-00021.nin", "webpbn-00529.nin"):
        puzzle = open_one(str(bench / "survey" / name))
        result = solve(puzzle, max_solutions=1)
        assert result.stats.probes == 0 and result.stats.guesses == 0, name
        prop = propagation(puzzle, unknown_board(puzzle))
        assert prop.status == "done"
        assert solver_solves(puzzle) == result.stats.lines, name
        end = check_steps(puzzle, unknown_board(puzzle), prop.steps)
        assert np.array_equal(end.cells, result.solutions[0].cells), name


@pytest.mark.parametrize("stack", ["fcomp", "fast,fcomp,complete", "complete,fast",
                                   "fast,complete"])
def test_other_stacks_are_followed_too(stack):
    compared = 0
    for seed in range(12):
        puzzle = random_puzzle(seed, 10)
        prop = propagation(puzzle, unknown_board(puzzle), stack)
        assert {s.method for s in prop.steps} <= set(stack.split(","))
        check_steps(puzzle, unknown_board(puzzle), prop.steps)
        result = solve(puzzle, max_solutions=1, linesolvers=stack)
        if result.stats.probes == 0 and result.stats.guesses == 0:
            assert solver_solves(puzzle, stack) == result.stats.lines, seed
            compared += 1
    assert compared >= 5


@pytest.mark.parametrize("seed", range(8))
def test_solve_steps_end_on_the_solution_from_marks(seed):
    puzzle = random_puzzle(100 + seed, 14)
    result = solve(puzzle, max_solutions=1)
    if result.status == "contradiction":
        pytest.skip("no solution")
    solution = result.solutions[0].cells
    rng = np.random.default_rng(seed)
    board = unknown_board(puzzle)
    keep = rng.random(solution.shape) < 0.15
    board.cells[keep] = solution[keep]
    steps = list(solve_steps(puzzle, board, solution))
    line_steps = [s for s in steps if s.line is not None]
    work = check_steps(puzzle, board, line_steps)
    assert all(s.line is None for s in steps[len(line_steps):])
    for step in steps[len(line_steps):]:
        assert step.method == "search"
        for r, c, v in step.cells:
            assert work.cells[r, c] == UNKNOWN
            work.cells[r, c] = v
    assert np.array_equal(work.cells, solution)


def test_a_broken_board_stops_where_it_broke():
    puzzle = Puzzle.from_picture([[1, 1, 0], [0, 1, 0], [0, 1, 1]])
    board = unknown_board(puzzle)
    board.cells[1, 1] = EMPTY  # column 2 is 3: the whole column is filled
    prop = propagation(puzzle, board)
    assert prop.status == "broken"


def test_auto_solve_shows_the_engine_s_steps(bench):
    puzzle = open_one(str(bench / "survey" / "webpbn-00065.nin"))
    board = unknown_board(puzzle)
    plan = assist.solve_plan(open_game(puzzle), board.copy(), lambda: False)
    prop = propagation(puzzle, board)
    lines = len(prop.steps)
    h = puzzle.height  # the player's steps name units: rows, then columns
    assert [(s.unit, s.method, s.cells) for s in plan.steps[:lines]] == [
        (s.line[1] if s.line[0] == "row" else h + s.line[1], s.method, s.cells)
        for s in prop.steps]
    assert {s.method for s in plan.steps[:lines]} == {"fast", "fcomp"}
    # line logic stalls on Mum: probing and the search decide the rest, in one last step
    assert [s.method for s in plan.steps[lines:]] == ["search"]
