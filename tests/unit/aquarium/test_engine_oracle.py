"""The Aquarium solver against the brute-force oracle on seeded random puzzles up to 6x6.

Each puzzle has random connected tanks (of a random largest size) and random levels, and then
one of four variants: the counts those levels make (one solution or more); a row and a column
count moved by the same step (often no solution); some counts left out (often several); marks
on the board, from the levels' water or at random. The solver's status and solutions (all of
them, up to a limit) must be the oracle's, and propagation must keep every oracle solution.
The default run checks 250 puzzles; ``-m slow`` runs 2,500 more.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from nonotui.kinds.aquarium.engine import level_domains, propagate, solve
from nonotui.kinds.aquarium.puzzle import AIR, UNKNOWN, WATER, AquariumPuzzle, make_puzzle
from nonotui.kinds.aquarium.random_tanks import Stream, counts_of, random_levels, random_tanks
from nonotui.model.board import Board

from . import oracle
from .oracle import Grid


def case(seed: int) -> tuple[AquariumPuzzle, Board | None, str]:
    """Puzzle ``seed``: a random size up to 6x6 and one of the four variants."""
    s = Stream(seed * 7919 + 17)
    while True:
        small = s.below(4) == 0  # a quarter from 1x1 up, the rest from 3x3 up
        w = 1 + s.below(6) if small else 3 + s.below(4)
        h = 1 + s.below(6) if small else 3 + s.below(4)
        tanks = random_tanks(w, h, s, 2 + s.below(7))
        levels = random_levels(tanks, s)
        rows: list[int | None]
        columns: list[int | None]
        row_counts, column_counts = counts_of(tanks, levels)
        rows, columns = list(row_counts), list(column_counts)
        variant = ("derived", "perturbed", "missing", "marks")[seed % 4]
        board = None
        if variant == "perturbed":
            r, c = s.below(h), s.below(w)
            step = 1 if s.below(2) else -1
            if 0 <= row_counts[r] + step <= w and 0 <= column_counts[c] + step <= h:
                rows[r] = row_counts[r] + step
                columns[c] = column_counts[c] + step
        elif variant == "missing":
            for r in range(h):
                if s.below(3) == 0:
                    rows[r] = None
            for c in range(w):
                if s.below(3) == 0:
                    columns[c] = None
        elif variant == "marks":
            cells = np.full((h, w), UNKNOWN, dtype=np.uint32)
            from_levels = s.below(3) != 0
            for r in range(h):
                for c in range(w):
                    if s.below(4) == 0:
                        if from_levels:
                            cells[r, c] = WATER if r >= levels[tanks[r][c]] else AIR
                        else:
                            cells[r, c] = AIR if s.below(2) else WATER
            board = Board(cells)
        puzzle = make_puzzle(rows, columns, tanks)
        if oracle.combinations(puzzle) <= oracle.LIMIT:
            return puzzle, board, variant
        s = Stream(s.next())  # too many combinations for the oracle: draw another


def grids(boards: tuple[Board, ...]) -> list[Grid]:
    out = []
    for b in boards:
        assert b.is_complete()
        out.append(tuple(tuple(bool(v == WATER) for v in row) for row in b.cells))
    return out


def check(seed: int) -> int:
    """Check puzzle ``seed`` against the oracle; returns its number of solutions."""
    puzzle, board, variant = case(seed)
    marks = None if board is None else board.cells.tolist()
    expected = set(oracle.solutions(puzzle, marks))
    where = f"seed {seed} ({variant}): {puzzle}"
    # the usual call: prove uniqueness
    out = solve(puzzle, board=board)
    found = grids(out.solutions)
    assert len(set(found)) == len(found), where
    assert set(found) <= expected, where
    if not expected:
        assert out.status == "contradiction" and not found, where
    elif len(expected) == 1:
        assert out.status == "unique" and len(found) == 1, where
    else:
        assert out.status == "multiple" and len(found) == 2, where
    # every solution, when there are few
    if 2 <= len(expected) <= 40:
        every = solve(puzzle, board=board, max_solutions=len(expected) + 1)
        assert every.status == "multiple", where
        assert set(grids(every.solutions)) == expected, where
    # propagation never removes a solution, and keeps the marks
    start = board if board is not None else Board.full(puzzle.height, puzzle.width, UNKNOWN)
    fixpoint = propagate(puzzle, start)
    domains = level_domains(puzzle, board)
    assert (fixpoint is None) == (domains is None), where
    if fixpoint is None:
        assert not expected, where
    else:
        assert np.all(fixpoint.cells & ~start.cells == 0), where
        for grid in expected:
            bits = np.where(np.array(grid), WATER, AIR)
            assert np.all(fixpoint.cells & bits), where
    return len(expected)


def sweep(seeds: range) -> Counter[str]:
    seen: Counter[str] = Counter()
    for seed in seeds:
        n = check(seed)
        seen["0" if n == 0 else "1" if n == 1 else "2+"] += 1
    return seen


def test_two_hundred_fifty_puzzles_match_the_oracle() -> None:
    seen = sweep(range(250))
    assert min(seen[k] for k in ("0", "1", "2+")) >= 25, seen


@pytest.mark.slow
def test_two_thousand_five_hundred_puzzles_match_the_oracle() -> None:
    seen = sweep(range(250, 2750))
    assert min(seen[k] for k in ("0", "1", "2+")) >= 240, seen
