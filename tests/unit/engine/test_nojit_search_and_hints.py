"""The search's branching and backtracking, probing, and the hint ladder, small enough to run
as plain Python: every test here is marked ``nojit``, so the second run of
``tools/run_tests.py`` (``NUMBA_DISABLE_JIT=1``) executes the kernels' source for them and
coverage counts it. They go through the public engine functions only (``solve``,
``next_hint``), never a kernel by name, and every answer is judged by the independent oracle
of :mod:`tests.naive_count`, never by the engine.

Small unique puzzles that need a guess are rare (none among 20,000 random ones up to 6x6), so
branching is exercised on puzzles with several solutions: to list them all, the search must
guess, follow each branch to a solution or a contradiction, and backtrack.
"""

from __future__ import annotations

import re

import pytest

from nonotui.kinds.nonogram.engine.hints import Hint, HintContext, next_hint
from nonotui.kinds.nonogram.engine.search import STRATEGIES, solve
from nonotui.kinds.nonogram.engine.steps import auto_solve
from nonotui.kinds.nonogram.puzzle import Puzzle, unknown_board
from nonotui.model import Board
from tests import hint_oracle as oracle
from tests import naive_count as naive

pytestmark = pytest.mark.nojit

UNKNOWN = 3


def picture(rows: str) -> Puzzle:
    return Puzzle.from_picture([[ch == "#" for ch in row] for row in rows.split()],
                               keep_goal=False)


PERMUTATIONS = Puzzle(rows=[[1]] * 4, columns=[[1]] * 4)
"""One filled cell in every row and column: the 24 permutation matrices. Probing decides
nothing (each probe's lines stay open), so every solution is reached by guessing."""

SEVERAL = {
    # found by a seeded search for puzzles where the search guesses and meets contradictions
    "5 solutions": picture("..##. .#... #...# #.##."),
    "4 solutions": picture("...#. ....# .#..# .##.. ##..."),
    "9 solutions": picture("..#.. .#... ..#.# ...## ##..."),
}

HINT_WALK = picture("#.#.. ..### .#..# ..### ##...")
"""Unique; from an empty board its hints take every logical rung: the fast linesolver's,
fcomp's, and a contradiction found by probing."""


def assert_every_solution(puzzle: Puzzle, strategy: str) -> None:
    expected = set(naive.solutions(puzzle.rows, puzzle.columns))
    assert len(expected) >= 2
    result = solve(puzzle, max_solutions=len(expected) + 1, strategy=strategy)
    found = naive.check_solutions(puzzle.rows, puzzle.columns,
                                  [b.cells.tolist() for b in result.solutions])
    assert len(result.solutions) == len(expected) and found == expected
    assert result.status == "multiple"
    # every solution past the first is reached by backtracking to a pushed alternative
    assert result.stats.guesses > 0 and result.stats.backtracks > 0
    assert result.stats.max_depth >= 1


@pytest.mark.parametrize("strategy", sorted(STRATEGIES))
def test_the_search_branches_and_backtracks_to_every_solution(strategy: str) -> None:
    assert_every_solution(PERMUTATIONS, strategy)
    for puzzle in SEVERAL.values():
        assert_every_solution(puzzle, strategy)


def test_a_search_stopped_at_its_limit_returns_that_many_true_solutions() -> None:
    expected = set(naive.solutions(PERMUTATIONS.rows, PERMUTATIONS.columns))
    result = solve(PERMUTATIONS, max_solutions=5)
    assert result.status == "multiple" and len(result.solutions) == 5
    found = naive.check_solutions(PERMUTATIONS.rows, PERMUTATIONS.columns,
                                  [b.cells.tolist() for b in result.solutions])
    assert len(found) == 5 and found <= expected


def test_the_dfs_search_races_two_strategies_after_its_guess_budget() -> None:
    # 5x5 permutations: 120 solutions take more guesses than the first run's budget, so the two
    # strategies race on two threads (as plain Python here) and one of them lists them all
    # (strategy "dfs": the default hands the search to the learning search instead, test_cdcl)
    puzzle = Puzzle(rows=[[1]] * 5, columns=[[1]] * 5)
    result = solve(puzzle, max_solutions=121, strategy="dfs")
    assert result.stats.guesses > 16
    assert result.stats.strategy in ("wu", "fail-first")
    assert len(result.solutions) == naive.count(puzzle.rows, puzzle.columns) == 120
    found = naive.check_solutions(puzzle.rows, puzzle.columns,
                                  [b.cells.tolist() for b in result.solutions])
    assert len(found) == 120


def test_clues_without_a_solution_are_a_contradiction() -> None:
    # row 3's block of 2 needs two columns, but only column 3 may hold a filled cell
    puzzle = Puzzle(rows=[[], [], [2]], columns=[[], [], [2]])
    assert naive.count(puzzle.rows, puzzle.columns) == 0
    assert solve(puzzle).status == "contradiction"


def judge(puzzle: Puzzle, board: Board, hint) -> None:  # type: ignore[no-untyped-def]
    """The hint is right on a board that still has a solution, by the oracle alone."""
    sols = oracle.solutions(puzzle.rows, puzzle.columns, board.cells)
    assert sols, "the walk left the solutions"
    for r, c, v in hint.cells:
        assert int(board.cells[r, c]) == UNKNOWN
        agree = [s for s in sols if oracle.bit(s[r][c]) == v]
        if hint.kind in ("line", "contradiction"):
            assert len(agree) == len(sols), hint.explanation
        else:
            assert agree, hint.explanation


def test_a_hint_walk_from_empty_to_solved_takes_every_logical_rung() -> None:
    board = unknown_board(HINT_WALK)
    rungs = []
    for _ in range(40):
        hint = next_hint(HINT_WALK, board)
        if hint.kind == "solved":
            break
        judge(HINT_WALK, board, hint)
        rungs.append((hint.kind, hint.method))
        for r, c, v in hint.changes():
            board.cells[r, c] = v
    else:
        pytest.fail("40 hints did not solve a 5x5 puzzle")
    assert {("line", "fast"), ("line", "fcomp"), ("contradiction", "probe")} <= set(rungs)
    # "solved" once the filled cells are the solution's (cells left open count as empty)
    solution, = naive.solutions(HINT_WALK.rows, HINT_WALK.columns)
    filled = {(r, c) for r, row in enumerate(board.cells.tolist()) for c, v in enumerate(row)
              if v == oracle.FILLED_CELL}
    assert filled == {(r, c) for r, row in enumerate(solution) for c, v in enumerate(row) if v}


CHAIN_LINE = re.compile(r"\b(row|column) (\d+)(?: \(clue [^)]*\))? "
                        r"(?:would force|could then not be placed)")


def replay_chain(puzzle: Puzzle, board: Board, hint: Hint) -> None:
    """Replay a contradiction hint's chain with the oracle: the probed cell takes the other
    value, each line the explanation names is solved in its order (every arrangement that fits
    it, their common cells set), and the last one named has no arrangement left."""
    (r, c, v), = hint.cells
    cells = [[int(x) for x in row] for row in board.cells.tolist()]
    cells[r][c] = oracle.EMPTY_CELL + oracle.FILLED_CELL - v
    named = [(axis, int(n) - 1) for axis, n in CHAIN_LINE.findall(hint.explanation)]
    assert named and hint.line == named[-1], hint.explanation
    for step, (axis, i) in enumerate(named):
        assert 0 <= i < (puzzle.height if axis == "row" else puzzle.width), hint.explanation
        where = ([(i, k) for k in range(puzzle.width)] if axis == "row"
                 else [(k, i) for k in range(puzzle.height)])
        clue = (puzzle.rows if axis == "row" else puzzle.columns)[i]
        fits = oracle.line_fillings(clue, [cells[a][b] for a, b in where])
        if step == len(named) - 1:
            assert not fits, f"{axis} {i + 1} can still be placed: {hint.explanation}"
        else:
            assert fits, f"{axis} {i + 1} broke before the chain's end: {hint.explanation}"
            for (a, b), values in zip(where, zip(*fits)):
                if len(set(values)) == 1:
                    cells[a][b] = oracle.bit(values[0])


def test_a_contradiction_hint_tells_the_chain_of_its_probe() -> None:
    # the first contradiction hint of the walk, explained from the probe's chain of lines
    board = unknown_board(HINT_WALK)
    for _ in range(40):
        hint = next_hint(HINT_WALK, board)
        if hint.kind == "contradiction":
            break
        for r, c, v in hint.changes():
            board.cells[r, c] = v
    else:
        pytest.fail("no contradiction hint on the walk")
    judge(HINT_WALK, board, hint)
    (r, c, v), = hint.cells
    assumed = "filled" if v == oracle.EMPTY_CELL else "empty"
    lines = "one line" if hint.chain == 1 else f"{hint.chain} lines"
    assert hint.explanation.startswith(f"Contradiction (a chain of {lines}). If row {r + 1}, "
                                       f"column {c + 1} were {assumed}, ")
    assert "could then not be placed" in hint.explanation and hint.technique == "Contradiction"
    # the chain rests on the distinct lines the explanation names
    assert hint.chain == len(set(CHAIN_LINE.findall(hint.explanation)))
    replay_chain(HINT_WALK, board, hint)
    # the other value of the cell leaves no solution at all
    other = board.copy()
    other.cells[r, c] = oracle.EMPTY_CELL + oracle.FILLED_CELL - v
    assert not oracle.solutions(HINT_WALK.rows, HINT_WALK.columns, other.cells)


def test_a_wrong_mark_and_a_puzzle_with_two_solutions() -> None:
    board = unknown_board(HINT_WALK)
    board.cells[0, 1] = oracle.FILLED_CELL  # empty in the only solution
    hint = next_hint(HINT_WALK, board)
    assert hint.kind == "mistake" and hint.cells == ((0, 1, oracle.FILLED_CELL),)
    two = Puzzle(rows=[[1], [1]], columns=[[1], [1]])
    hint = next_hint(two, unknown_board(two))
    assert hint.kind == "ambiguous"
    judge(two, unknown_board(two), hint)
    judge(two, unknown_board(two), hint)


def test_a_walk_with_a_kept_context_reuses_probes_and_stays_right() -> None:
    # the player keeps one context across hints: its probing is the kept-probe kernel
    # (probe_memo), not probe_all afresh; the walk still takes the contradiction rung
    context = HintContext(HINT_WALK)
    board = unknown_board(HINT_WALK)
    kinds = []
    for _ in range(40):
        hint = next_hint(HINT_WALK, board, context=context)
        if hint.kind == "solved":
            break
        judge(HINT_WALK, board, hint)
        kinds.append(hint.kind)
        for r, c, v in hint.changes():
            board.cells[r, c] = v
    else:
        pytest.fail("40 hints did not solve a 5x5 puzzle")
    assert "contradiction" in kinds
    solution, = naive.solutions(HINT_WALK.rows, HINT_WALK.columns)
    # every decided cell agrees with the only solution, and all its filled cells are marked
    for r, row in enumerate(solution):
        for c, v in enumerate(row):
            assert int(board.cells[r, c]) in (oracle.bit(v), UNKNOWN)
            assert not v or int(board.cells[r, c]) == oracle.FILLED_CELL

def test_auto_solve_steps_lead_to_a_solution_of_the_marks() -> None:
    # the step kernel (line_steps) gives the propagation's steps, then the search's rest
    board = unknown_board(HINT_WALK)
    board.cells[0, 0] = oracle.FILLED_CELL
    plan = auto_solve(HINT_WALK, board, lambda: False)
    assert plan.status == "solved" and not plan.several
    assert len(plan.steps) >= 3 and {s.method for s in plan.steps[:-1]} <= {"fast", "fcomp"}
    cells = board.cells.copy()
    for step in plan.steps:
        for r, c, v in step.cells:
            assert int(cells[r, c]) == UNKNOWN, f"{step.describe()} decides a decided cell"
            cells[r, c] = v
    solution, = naive.solutions(HINT_WALK.rows, HINT_WALK.columns)
    assert [[int(v) for v in row] for row in cells.tolist()] == [
        [oracle.bit(v) for v in row] for row in solution]
    # marks that fit no solution are told apart from clues that have none
    board.cells[0, 1] = oracle.FILLED_CELL
    assert auto_solve(HINT_WALK, board, lambda: False).status == "inconsistent"


KEPT_CHAINS = picture(".#.##. ##.... #.#..# .#..## ##.#.. #.....")
"""6x6: three contradiction hints, the later ones with probes that broke on the board before."""


def test_kept_chains_are_replayed_instead_of_probed_again_and_the_hints_stay_right() -> None:
    # a probe that broke a line on an earlier board still breaks on this one, which only adds
    # marks: its chain is replayed (counted in ``replays``) rather than the probe run again
    # (``runs``), and every hint is still right by the oracle
    context = HintContext(KEPT_CHAINS)
    board = unknown_board(KEPT_CHAINS)
    replays = contradictions = 0
    for _ in range(60):
        hint = next_hint(KEPT_CHAINS, board, context=context)
        if hint.kind == "solved":
            break
        judge(KEPT_CHAINS, board, hint)
        if hint.kind == "contradiction":
            contradictions += 1
            probes = context._probes
            assert probes is not None
            replays += probes.replays
            # the probes run from the start are fewer than the open ones by the replays
            assert probes.runs + probes.replays <= 2 * int((board.cells == UNKNOWN).sum())
        for r, c, v in hint.changes():
            board.cells[r, c] = v
    else:
        pytest.fail("60 hints did not solve a 6x6 puzzle")
    assert contradictions >= 2 and replays >= 10

