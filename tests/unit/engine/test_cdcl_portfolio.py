"""The second learning search (``search.PORTFOLIO_AFTER``): once the plain learning search has
analysed that many conflicts, a shaken copy (``kernels.MODE_SHAKE``: its first activities
multiplied by fixed pseudo-random factors) races it on a second thread from the puzzle's start.
The answer is the one of the search that ends at the fewer conflicts, the shaken one's counted
from ``PORTFOLIO_AFTER`` (the plain one on a tie).

The rule is worked out here apart from the race: each search is run alone, its conflicts
counted, and the expected winner's solutions compared with the race's. Every answer is checked
against the clues (tests/naive_count.py) or, on small puzzles, against the naive counter.
"""

from __future__ import annotations

import numpy as np
import pytest

from benchmarks.random_tail import random_puzzle
from nonotui.kinds.nonogram.engine import _kernels as kernels
from nonotui.kinds.nonogram.engine import packed, search
from nonotui.kinds.nonogram.puzzle import Puzzle
from nonotui.model.cells import CELL_DTYPE
from tests import naive_count as naive

OFFSET = 10
"""``PORTFOLIO_AFTER`` in these tests: small, so that 25x25 puzzles reach the race."""


def pictures(puzzle: Puzzle, boards: list[np.ndarray]) -> set[naive.Picture]:
    """The boards as pictures, each checked against the clues."""
    return naive.check_solutions(list(puzzle.rows), list(puzzle.columns), boards)


def kernel_alone(puzzle: Puzzle, mode: int) -> tuple[int, list[np.ndarray]]:
    """The learning search's kernel alone, in ``mode``, from the blank grid: its conflicts and
    solutions."""
    p = packed.prepare(puzzle)
    cells = np.full(p.h * p.w, p.unknown, dtype=CELL_DTYPE)
    solutions = np.zeros((2, p.h * p.w), dtype=CELL_DTYPE)
    stats = np.zeros(kernels.N_CD_STATS, dtype=np.int64)
    _, found = kernels.cdcl_grid(p.h, p.w, p.blocks, p.colors, p.clue_off, cells, 2, solutions,
                                 np.zeros(1, dtype=np.int64), stats, mode)
    boards = [solutions[i].reshape(p.h, p.w) for i in range(found)]
    return int(stats[kernels.CD_CONFLICTS]), boards


def test_the_shaken_search_gets_the_counters_answers_in_another_order() -> None:
    rng = np.random.default_rng(11)
    differ = 0
    for _ in range(60):
        picture = (rng.random((12, 12)) < 0.5).astype(int).tolist()
        rows, columns = naive.clues_of(picture)
        puzzle = Puzzle(rows=list(rows), columns=list(columns))
        expected = set(naive.solutions(rows, columns, cap=2))
        plain = kernel_alone(puzzle, search.CDCL_PLAIN)
        shaken = kernel_alone(puzzle, search.CDCL_SHAKEN)
        for _, boards in (plain, shaken):
            found = naive.check_solutions(rows, columns, boards)
            assert len(found) == min(len(expected), 2)
            if len(expected) < 2:
                assert found == expected
        # another seed in the mode's high bits: the same answers
        other = kernel_alone(puzzle, search.CDCL_SHAKEN
                             | (5 << kernels.SHAKE_SEED_SHIFT))
        assert len(naive.check_solutions(rows, columns, other[1])) == min(len(expected), 2)
        differ += (plain[0], [b.tolist() for b in plain[1]]) != (
            shaken[0], [b.tolist() for b in shaken[1]])
    # the shaking changes the search's order: other conflicts, or other solutions first
    assert differ >= 5, differ


def test_the_race_answers_as_the_search_with_fewer_conflicts(
        monkeypatch: pytest.MonkeyPatch) -> None:
    winners = set()
    for seed in (0, 4, 27, 30, 94, 118):
        puzzle = random_puzzle(seed, 25, 25)
        monkeypatch.setattr(search, "PORTFOLIO_AFTER", 0)
        plain = search.solve(puzzle, max_solutions=2)
        assert plain.stats.engine == "cdcl" and plain.stats.racers == 1
        shaken_conflicts, shaken_boards = kernel_alone(
            puzzle, search.CDCL_SHAKEN)
        monkeypatch.setattr(search, "PORTFOLIO_AFTER", OFFSET)
        raced = search.solve(puzzle, max_solutions=2)
        if plain.stats.conflicts <= OFFSET:
            continue
        shaken_wins = OFFSET + shaken_conflicts < plain.stats.conflicts
        winners.add(shaken_wins)
        assert raced.stats.racers == 2 and raced.stats.shaken == shaken_wins, seed
        if shaken_wins:
            assert raced.stats.conflicts == shaken_conflicts
            boards = shaken_boards
        else:
            assert raced.stats.conflicts == plain.stats.conflicts
            boards = [b.cells for b in plain.solutions]
        assert [b.cells.tolist() for b in raced.solutions] == [b.tolist() for b in boards]
        assert len(pictures(puzzle, [b.cells for b in raced.solutions])) == 2
        assert raced.status == plain.status == "multiple"
        # and again: the same answer on every run, whichever thread ran faster
        again = search.solve(puzzle, max_solutions=2)
        assert [b.cells.tolist() for b in again.solutions] == [
            b.cells.tolist() for b in raced.solutions]
        assert again.stats.as_dict() == raced.stats.as_dict()
    assert winners == {True, False}  # both ways of winning were met


def test_a_puzzle_decided_before_the_race_runs_one_search(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search, "PORTFOLIO_AFTER", 1000)
    result = search.solve(random_puzzle(0, 25, 25), max_solutions=2)
    assert result.stats.engine == "cdcl" and result.stats.racers == 1
    assert not result.stats.shaken
    assert result.stats.as_dict()["racers"] == 1


@pytest.mark.nojit
def test_shaken_steps_without_the_jit() -> None:
    """A few 8x8 puzzles, shaken with two seeds, small enough to run without the JIT, so that
    the kernel's source is covered; answers against the counter."""
    rng = np.random.default_rng(3)
    for _ in range(4):
        picture = (rng.random((8, 8)) < 0.5).astype(int).tolist()
        rows, columns = naive.clues_of(picture)
        puzzle = Puzzle(rows=list(rows), columns=list(columns))
        expected = set(naive.solutions(rows, columns, cap=2))
        for seed in (0, 7):
            _, boards = kernel_alone(puzzle, search.CDCL_SHAKEN
                                     | (seed << kernels.SHAKE_SEED_SHIFT))
            found = naive.check_solutions(rows, columns, boards)
            assert found == expected if len(expected) < 2 else len(found) == 2
