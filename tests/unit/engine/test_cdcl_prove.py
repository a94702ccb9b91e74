"""The learning search's turn to a proof after its first solution (``kernels.cdcl_bp.PROVE_AFTER``):
every open cell tried with the value it does not have in the first solution, each failure a
unit, then phases that leave the solution. And, before the first solution, the beliefs worked
out again when level 0 has grown (``kernels.cdcl_bp.REBP_GROWTH``).

Every answer is checked against the clues and against tests/naive_count.py (a plain-Python line
logic and search that shares nothing with the engine). The proof starts ``PROVE_AFTER`` (50)
conflicts after the first solution, which small random puzzles seldom reach: the puzzles below
were picked because they do (seeded ``benchmarks/random_tail.py`` pictures); the trials counter
shows they did.
"""

from __future__ import annotations

import threading

import numpy as np
import pytest

from benchmarks.random_tail import random_puzzle
from nonotui.kinds.nonogram.engine import _kernels as kernels
from nonotui.kinds.nonogram.engine import packed, search
from nonotui.kinds.nonogram.engine._kernels.cdcl_lines import CD_PROVE_TRIALS, CD_REBELIEFS
from nonotui.kinds.nonogram.formats import load
from nonotui.kinds.nonogram.puzzle import Puzzle
from nonotui.model.cells import CELL_DTYPE
from tests import naive_count as naive
from tests.unit.engine.test_cdcl import enumerate_against_the_counter

PROVED = ((14, 0.35, 1291), (14, 0.4, 807), (16, 0.4, 24), (16, 0.45, 906), (18, 0.4, 404),
          (18, 0.45, 956))
"""``random_puzzle(seed, size, size, density)`` as ``(size, density, seed)``: puzzles whose
learning search turns to the proof (found among seeds 0-1,499 of sizes 12 to 18 and densities
0.35 to 0.45, where the oracle answers in about a second): one with two solutions, four unique,
one with three or more."""


def run(puzzle: Puzzle, mode: int, cap: int) -> tuple[int, list[naive.Picture], int]:
    """The learning search's kernel alone from the blank grid: its status, its solutions as
    pictures, and how many cells it tried against the first solution."""
    p = packed.prepare(puzzle)
    cells = np.full(p.h * p.w, p.unknown, dtype=CELL_DTYPE)
    solutions = np.zeros((cap, p.h * p.w), dtype=CELL_DTYPE)
    stats = np.zeros(kernels.N_CD_STATS, dtype=np.int64)
    status, found = kernels.cdcl_grid(p.h, p.w, p.blocks, p.colors, p.clue_off, cells, cap,
                                      solutions, np.zeros(1, dtype=np.int64), stats, mode)
    boards = [solutions[i].reshape(p.h, p.w).tolist() for i in range(found)]
    return int(status), boards, int(stats[CD_PROVE_TRIALS])


def oracle(puzzle: Puzzle, cap: int) -> set[naive.Picture]:
    """Up to ``cap`` solutions by tests/naive_count.py, as pictures (1 filled, 0 empty)."""
    return set(naive.solutions(puzzle.rows, puzzle.columns, cap=cap))


def test_puzzles_that_turn_to_the_proof_get_the_oracles_answer() -> None:
    proved = 0
    kinds = set()
    for size, density, seed in PROVED:
        puzzle = random_puzzle(seed, size, size, density)
        rows, columns = list(puzzle.rows), list(puzzle.columns)
        status, boards, trials = run(puzzle, search.CDCL_PLAIN, 3)
        assert trials > 0, (size, density, seed)
        proved += 1
        expected = oracle(puzzle, 3)
        found = naive.check_solutions(rows, columns, boards)  # each one checked on the clues
        kinds.add(len(expected))
        if len(expected) < 3:
            assert found == expected, (size, density, seed)
            assert status == kernels.CDCL_DONE
        else:
            assert len(found) == 3 and status == kernels.CDCL_LIMIT
    assert proved >= 5
    assert kinds == {1, 2, 3}


def test_enumerations_with_the_proof_match_the_counter() -> None:
    assert enumerate_against_the_counter(9, 12, 0.4, 300) > 50


@pytest.mark.nojit
def test_one_proof_step_by_step() -> None:
    """A unique 14x14 puzzle of :data:`PROVED` (13 cells tried, 56 conflicts): small enough to
    run without the JIT, so that the kernel's source is covered."""
    puzzle = random_puzzle(807, 14, 14, 0.4)
    status, boards, trials = run(puzzle, search.CDCL_PLAIN, 2)
    assert trials > 0
    assert naive.check_solutions(list(puzzle.rows), list(puzzle.columns), boards) == oracle(
        puzzle, 2)
    assert status == kernels.CDCL_DONE and len(boards) == 1


def run_capped(mode: int, cap: int) -> tuple[int, list[list[int]], np.ndarray]:
    """The learning search's kernel on random 30x30 #25 (tests/data/hard), stopped after
    ``cap`` conflicts: its status, its solutions and its stats."""
    from tests.conftest import HARD

    puzzle = load(HARD / "random30-25.non")
    p = packed.prepare(puzzle)
    cells = np.full(p.h * p.w, p.unknown, dtype=CELL_DTYPE)
    solutions = np.zeros((2, p.h * p.w), dtype=CELL_DTYPE)
    stats = np.zeros(kernels.N_CD_STATS, dtype=np.int64)
    control = np.zeros(1, dtype=np.int64)
    out: list[int] = []

    def work() -> None:
        out.extend(kernels.cdcl_grid(p.h, p.w, p.blocks, p.colors, p.clue_off, cells, 2,
                                     solutions, control, stats, mode))

    thread = threading.Thread(target=work)
    thread.start()
    while thread.is_alive():
        thread.join(0.001)
        if stats[kernels.CD_CONFLICTS] >= cap:
            control[0] = 1
    boards = [solutions[i].reshape(p.h, p.w).tolist() for i in range(out[1])]
    naive.check_solutions(puzzle.rows, puzzle.columns, boards)  # every one on the clues, all different
    return out[0], boards, stats


def test_the_beliefs_are_worked_out_again_as_level_0_grows() -> None:
    # #25 learns its tenth unit past the first beliefs after 10,593 conflicts
    assert run_capped(search.CDCL_PLAIN, 12_000)[2][CD_REBELIEFS] >= 1


@pytest.mark.slow
def test_beliefs_worked_out_again_find_the_first_solution_sooner() -> None:
    # 22,961 conflicts for both solutions with them, 60,254 without (benchmarks/cdcl_conflicts.py,
    # before the search without them was removed)
    status, boards, _ = run_capped(search.CDCL_PLAIN, 40_000)
    assert status == kernels.CDCL_LIMIT and len(boards) == 2
