"""The engine on colour puzzles: solution counts, limits, stopping and determinism.

Every answer is checked by ``tests/naive_count.py`` (an independent solution counter that walks
colour fillings row by row) and its ``check_solutions`` (each grid read back into clues), never
by the engine itself.
"""

from __future__ import annotations

import random

import pytest

from nonotui.errors import NonotuiError
from nonotui.kinds.nonogram.engine.search import Progress, solve
from nonotui.kinds.nonogram.puzzle import Color, Puzzle, unknown_board
from nonotui.model.cells import unknown_for
from tests import naive_count as naive

PALETTE = (Color("white", "#ffffff", "."), Color("red", "#ff0000", "r"),
           Color("blue", "#0000ff", "b"), Color("green", "#00ff00", "g"))


def colour_puzzle(rows, columns, row_colors, column_colors, n_colors: int) -> Puzzle:
    return Puzzle(rows=rows, columns=columns, colors=PALETTE[:n_colors + 1],
                  row_colors=row_colors, column_colors=column_colors)


def engine_pictures(puzzle: Puzzle, result) -> set:
    """The engine's solutions as pictures, each checked against every clue by the oracle."""
    return naive.check_solutions(puzzle.rows, puzzle.columns,
                                 [b.cells.tolist() for b in result.solutions],
                                 row_colors=[puzzle.row_clue_colors(r)
                                             for r in range(puzzle.height)],
                                 column_colors=[puzzle.column_clue_colors(c)
                                                for c in range(puzzle.width)])


def oracle(puzzle: Puzzle, cap: int | None = None) -> set:
    """Every solution by the oracle (at most ``cap``): the engine's first solutions need not be
    the oracle's first ones, so a capped listing judges only a count."""
    return set(naive.solutions(
        puzzle.rows, puzzle.columns, cap=cap,
        row_colors=[puzzle.row_clue_colors(r) for r in range(puzzle.height)],
        column_colors=[puzzle.column_clue_colors(c) for c in range(puzzle.width)]))


def random_puzzles(seed: int, count: int):
    """Seeded small colour puzzles: clues of random pictures (1 or more solutions), and half of
    the time with two rows' clues swapped and one turned around (often none)."""
    rng = random.Random(seed)
    for _ in range(count):
        h, w, k = rng.randint(2, 4), rng.randint(2, 4), rng.randint(2, 3)
        density = rng.choice((0.4, 0.6, 0.8))

        def picture():
            return [[rng.randint(1, k) if rng.random() < density else 0 for _ in range(w)]
                    for _ in range(h)]

        rows, columns, row_colors, column_colors = (
            list(x) for x in naive.color_clues_of(picture()))
        if rng.random() < 0.5:
            # swap two rows' clues, or turn one row's clue around: every colour's total stays
            # (the puzzle must add up), and the clues often have no solution any more
            i, j = rng.randrange(h), rng.randrange(h)
            rows[i], rows[j] = rows[j], rows[i]
            row_colors[i], row_colors[j] = row_colors[j], row_colors[i]
            rows[i], row_colors[i] = rows[i][::-1], row_colors[i][::-1]
        yield colour_puzzle(rows, columns, row_colors, column_colors, k)


@pytest.mark.parametrize("seed", range(6))
def test_solution_counts_match_the_oracle(seed: int) -> None:
    seen = {"unique": 0, "multiple": 0, "contradiction": 0}
    for puzzle in random_puzzles(seed, 40):
        result = solve(puzzle, max_solutions=2)
        want = oracle(puzzle)
        got = engine_pictures(puzzle, result)
        expected = {0: "contradiction", 1: "unique"}.get(len(want), "multiple")
        assert result.status == expected, (puzzle, want)
        assert got <= want
        assert len(got) == min(2, len(want))
        seen[result.status] += 1
    assert all(seen.values()), seen  # each seed meets 0, 1 and 2+ solutions


def test_every_solution_is_found_up_to_the_limit() -> None:
    for puzzle in random_puzzles(99, 40):
        want = oracle(puzzle, cap=None)
        result = solve(puzzle, max_solutions=len(want) + 1)
        assert engine_pictures(puzzle, result) == want


def permutations(n: int) -> Puzzle:
    """Every row and column one red cell: n! solutions (and a second colour in the palette)."""
    one = ((1,),) * n
    return colour_puzzle(one, one, ((1,),) * n, ((1,),) * n, 2)


def test_max_solutions() -> None:
    puzzle = permutations(5)
    one = solve(puzzle, max_solutions=1)
    assert one.status == "solved"
    assert len(engine_pictures(puzzle, one)) == 1
    three = solve(puzzle, max_solutions=3)
    assert three.status == "multiple"
    assert len(engine_pictures(puzzle, three)) == 3
    every = solve(puzzle, max_solutions=200)
    assert every.status == "multiple"
    assert len(engine_pictures(puzzle, every)) == 120  # 5!, all of them


def test_the_same_answer_on_every_run() -> None:
    puzzle = permutations(6)
    first = solve(puzzle, max_solutions=2)
    for _ in range(3):
        again = solve(puzzle, max_solutions=2)
        assert again.status == first.status == "multiple"
        assert [b.cells.tolist() for b in again.solutions] == \
            [b.cells.tolist() for b in first.solutions]


def test_cancel_timeout_and_progress() -> None:
    puzzle = permutations(8)  # 40,320 solutions: enumerating them takes the search a while
    solve(permutations(2))  # load the kernels
    cancelled = solve(puzzle, max_solutions=50_000, should_stop=lambda: True)
    assert cancelled.status == "cancelled"
    engine_pictures(puzzle, cancelled)  # what was found is real
    timed = solve(puzzle, max_solutions=50_000, timeout=0.02)
    assert timed.status == "timeout"
    reports: list[Progress] = []
    calls = 0

    def stop() -> bool:
        nonlocal calls
        calls += 1
        return calls > 3

    solve(puzzle, max_solutions=50_000, should_stop=stop, on_progress=reports.append)
    assert reports and reports[-1].cells == 64


def test_a_colour_puzzle_runs_the_depth_first_search() -> None:
    puzzle = permutations(3)
    for strategy in ("auto", "dfs"):
        result = solve(puzzle, strategy=strategy)
        assert result.stats.engine == "dfs"
    with pytest.raises(NonotuiError, match="black-and-white"):
        solve(puzzle, strategy="cdcl")


def test_solving_from_a_board_with_colour_marks() -> None:
    # the red 2 and the blue 1 side by side: "2r 1b" in a row of 3 is rrb
    puzzle = colour_puzzle(((2, 1),), ((1,), (1,), (1,)), ((1, 2),), ((1,), (1,), (2,)), 2)
    result = solve(puzzle)
    assert result.status == "unique"
    assert result.solutions[0].cells.tolist() == [[2, 2, 4]]
    assert unknown_for(puzzle.n_colors) == 7
    board = unknown_board(puzzle)
    board.cells[0, 2] = 2  # red where the blue 1 must be
    assert solve(puzzle, board=board).status == "contradiction"
    # a permutation puzzle with one red mark: the rest is (n-1)! ways
    puzzle = permutations(4)
    board = unknown_board(puzzle)
    board.cells[0, 0] = 2
    board.cells[1, 1] = 3  # empty or red: an undecided cell narrowed
    result = solve(puzzle, board=board, max_solutions=10)
    got = engine_pictures(puzzle, result)
    given = [[None] * 4 for _ in range(4)]
    given[0][0] = 1
    want = set(naive.solutions(puzzle.rows, puzzle.columns, given=given,
                               row_colors=puzzle.row_colors, column_colors=puzzle.column_colors))
    assert result.status == "multiple" and got == want and len(want) == 6  # 3!
