"""``auto``'s hand-over from the depth-first search to the learning search, against the oracles.

The depth-first search hands a puzzle over before its first guess (``search.AUTO_HANDOVER``),
or when its first probes set no cell (``search.AUTO_FIRST_PROBES``), and the learning search
starts from the state it reached (``search.HANDOVER_KEEPS_STATE``). Every answer is checked by
tests/naive_count.py, which shares nothing with the engine; every cell handed over is checked
against every solution the counter lists.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from nonotui.kinds.nonogram.engine import _kernels as kernels
from nonotui.kinds.nonogram.engine import search
from nonotui.kinds.nonogram.engine.search import solve
from nonotui.kinds.nonogram.formats import load
from nonotui.kinds.nonogram.puzzle import Puzzle
from tests import naive_count as naive
from tests.unit.engine.test_cdcl import board_of, check_case, random_case

REPO = Path(__file__).resolve().parents[3]
LIGHT_FIRST = Puzzle(rows=[[], [1], [2], [6], [1, 1], [1]],
                     columns=[[1, 1, 1], [1], [2], [2], [2], [2]])
"""Line solving stops short of this puzzle; probing finishes it with no guess."""


def handed_starts(monkeypatch: pytest.MonkeyPatch) -> list[np.ndarray]:
    """Record the cells every learning-search call starts from."""
    starts: list[np.ndarray] = []
    real = kernels.cdcl_grid

    def spy(*args: Any) -> Any:
        starts.append(args[5].copy())
        return real(*args)

    monkeypatch.setattr(kernels, "cdcl_grid", spy)
    return starts


def test_the_learning_search_starts_where_probing_left_off(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # random 12x12 puzzles that need a guess: the cells handed over hold in every solution, and
    # line solving and probing had set some of them (the puzzle starts blank)
    starts = handed_starts(monkeypatch)
    rng = np.random.default_rng(2024)
    beyond = 0
    handed = 0
    for _ in range(120):
        picture = (rng.random((12, 12)) < 0.5).astype(int).tolist()
        rows, columns = naive.clues_of(picture)
        puzzle = Puzzle(rows=rows, columns=columns)
        del starts[:]
        result = solve(puzzle, max_solutions=2)
        every = naive.solutions(rows, columns, cap=10_000)
        found = naive.check_solutions(rows, columns, [b.cells.tolist() for b in result.solutions])
        assert found <= set(every) and len(found) == min(2, len(every))
        assert result.status == ("unique" if len(every) == 1 else "multiple")
        if result.stats.engine != "cdcl":
            continue
        handed += 1
        (start,) = starts
        assert result.stats.probes > 0
        known = (start == 1) | (start == 2)
        beyond += int(known.sum() > 0)
        for solution in every:
            cells = np.array(solution).reshape(-1) + 1  # 0 empty, 1 filled -> cell bits 1, 2
            assert np.all(~known | (start == cells))
    assert handed >= 10 and beyond >= 5


def test_the_learning_search_starts_afresh_when_told_to(monkeypatch: pytest.MonkeyPatch) -> None:
    starts = handed_starts(monkeypatch)
    monkeypatch.setattr(search, "HANDOVER_KEEPS_STATE", False)
    puzzle = Puzzle(rows=[[1]] * 5, columns=[[1]] * 5)
    result = solve(puzzle, max_solutions=121)
    assert result.stats.engine == "cdcl" and len(result.solutions) == 120
    (start,) = starts
    assert np.all(start == 3)


@pytest.mark.parametrize("first", [0, 1, 4, 16])
def test_auto_agrees_with_the_oracle_whatever_the_hand_over(
        monkeypatch: pytest.MonkeyPatch, first: int) -> None:
    # given boards (some wrong), swapped clues and caps 1-3: the hand-over, wherever it falls,
    # changes no answer
    monkeypatch.setattr(search, "AUTO_FIRST_PROBES", first)
    rng = np.random.default_rng(140 + first)
    seen: dict[str, int] = {}
    for _ in range(80):
        puzzle, given = random_case(rng, (3, 4, 5, 6, 7))
        for cap in (1, 2, 3):
            verdict = check_case(puzzle, given, cap, strategy="auto")
            seen[verdict] = seen.get(verdict, 0) + 1
    assert set(seen) == {"unique", "multiple", "solved", "contradiction"}


def test_first_probes_that_set_nothing_hand_over(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # 5x5 permutations: no probe sets anything, so probing ends after exactly the probes allowed
    puzzle = Puzzle(rows=[[1]] * 5, columns=[[1]] * 5)
    for first in (3, 4, 7):
        monkeypatch.setattr(search, "AUTO_FIRST_PROBES", first)
        result = solve(puzzle, max_solutions=121)
        # checked before each cell, whose two values make two probes
        assert result.stats.engine == "cdcl"
        assert result.stats.probes == first + first % 2
        found = naive.check_solutions(puzzle.rows, puzzle.columns,
                                      [b.cells.tolist() for b in result.solutions])
        assert len(found) == len(result.solutions) == 120
    monkeypatch.setattr(search, "AUTO_FIRST_PROBES", 0)
    assert solve(puzzle, max_solutions=121).stats.probes > 7


def test_probing_that_pays_keeps_the_puzzle(monkeypatch: pytest.MonkeyPatch) -> None:
    # probing sets cells in LIGHT_FIRST from its first probes on and finishes it: the
    # depth-first search keeps it, whatever the limit
    assert naive.count(LIGHT_FIRST.rows, LIGHT_FIRST.columns) == 1
    for first in (0, 2, 16):
        monkeypatch.setattr(search, "AUTO_FIRST_PROBES", first)
        result = solve(LIGHT_FIRST)
        assert result.stats.engine == "dfs" and result.stats.guesses == 0
        assert result.status == "unique"
        assert naive.check_solutions(LIGHT_FIRST.rows, LIGHT_FIRST.columns,
                                     [b.cells.tolist() for b in result.solutions])


def test_a_board_from_the_player_is_handed_over_with_its_marks(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # the player's marks are kept in the state handed over (they are the search's start)
    starts = handed_starts(monkeypatch)
    puzzle = Puzzle(rows=[[1]] * 5, columns=[[1]] * 5)
    given: list[list[int | None]] = [[None] * 5 for _ in range(5)]
    given[0][0] = 1
    result = solve(puzzle, max_solutions=30, board=board_of(puzzle, given))
    expected = naive.solutions(puzzle.rows, puzzle.columns, cap=200, given=given)
    assert len(expected) == 24 and len(result.solutions) == 24 and result.status == "multiple"
    assert naive.check_solutions(puzzle.rows, puzzle.columns,
                                 [b.cells.tolist() for b in result.solutions]) == set(expected)
    (start,) = starts
    assert start[0] == 2 and np.all(start[1:5] == 1) and np.all(start[5::5] == 1)


def test_no_bundled_puzzle_waits_for_the_learning_search() -> None:
    # the player's first hint solves its puzzle; on a clean numba cache the learning search's
    # compile would keep it waiting, so every bundled black-and-white puzzle must be decided by
    # line solving and probing (the colour ones never reach the learning search)
    bundled = sorted((REPO / "puzzles").glob("*.non"))
    assert len(bundled) >= 15
    probed = 0
    for path in bundled:
        puzzle = load(path)
        result = solve(puzzle)
        assert result.stats.engine == "dfs", path.name
        assert result.status == "unique"
        if puzzle.is_color:
            continue
        assert naive.check_solutions(puzzle.rows, puzzle.columns,
                                     [b.cells.tolist() for b in result.solutions])
        probed += int(result.stats.probes > 0)
    assert probed >= 4  # anchor, lighthouse, owl and snail need probing


@pytest.mark.nojit
def test_the_hand_over_in_the_kernels_source(monkeypatch: pytest.MonkeyPatch) -> None:
    # the same rule run as Python (NUMBA_DISABLE_JIT=1 in the second CI run): 4x4 permutations,
    # whose probes set nothing, go over after the first 4 probes, with the state kept
    starts = handed_starts(monkeypatch)
    puzzle = Puzzle(rows=[[1]] * 4, columns=[[1]] * 4)
    monkeypatch.setattr(search, "AUTO_FIRST_PROBES", 4)
    result = solve(puzzle, max_solutions=3)
    assert result.stats.engine == "cdcl" and result.stats.probes == 4
    assert result.status == "multiple" and len(result.solutions) == 3
    assert len(naive.check_solutions(puzzle.rows, puzzle.columns,
                                     [b.cells.tolist() for b in result.solutions])) == 3
    (start,) = starts
    assert np.all(start == 3)  # line solving and probing set nothing here
