"""The learning search's turn to a proof after its first solution (``kernels.cdcl_bp.MODE_PROVE``,
on by default): every open cell tried with the value it does not have in the first solution,
each failure a unit, then phases that leave the solution. And, before the first solution, the
beliefs worked out again when level 0 has grown (``MODE_REBP``, on by default).

Every answer is checked against tests/naive_count.py (the counter that lists each row's fillings
and shares nothing with the engine) and the clues. ``MODE_PROVE_EARLY`` starts the proof at the
first conflict after the first solution, so that small puzzles, whose proofs are short, take
that path at all; the trials counter shows they did.
"""

from __future__ import annotations

import threading

import numpy as np
import pytest

from nonotui.kinds.nonogram.engine import kernels, search
from nonotui.kinds.nonogram.engine.kernels import cdcl_bp
from nonotui.kinds.nonogram.engine.kernels.cdcl_lines import CD_PROVE_TRIALS, CD_REBELIEFS
from nonotui.kinds.nonogram.formats import load
from nonotui.kinds.nonogram.puzzle import Puzzle
from nonotui.model.cells import CELL_DTYPE
from tests import naive_count as naive
from tests.unit.engine.test_cdcl import enumerate_against_the_counter

EARLY = 483 | cdcl_bp.MODE_BP | cdcl_bp.MODE_PROVE | cdcl_bp.MODE_PROVE_EARLY


def run(puzzle: Puzzle, mode: int, cap: int) -> tuple[int, list[naive.Picture], int]:
    """The learning search's kernel alone from the blank grid: its status, its solutions as
    pictures, and how many cells it tried against the first solution."""
    p = search.prepare(puzzle)
    cells = np.full(p.h * p.w, p.unknown, dtype=CELL_DTYPE)
    solutions = np.zeros((cap, p.h * p.w), dtype=CELL_DTYPE)
    stats = np.zeros(kernels.N_CD_STATS, dtype=np.int64)
    status, found = kernels.cdcl_grid(p.h, p.w, p.blocks, p.colors, p.clue_off, cells, cap,
                                      solutions, np.zeros(1, dtype=np.int64), stats, mode)
    boards = [solutions[i].reshape(p.h, p.w).tolist() for i in range(found)]
    return int(status), boards, int(stats[CD_PROVE_TRIALS])


def random_clues(rng: np.random.Generator, size: int, density: float) -> tuple[list, list]:
    picture = (rng.random((size, size)) < density).astype(int).tolist()
    rows, columns = naive.clues_of(picture)
    return list(rows), list(columns)


@pytest.mark.parametrize("size, seed", [(10, 5), (12, 5)])
def test_puzzles_that_turn_to_the_proof_get_the_counters_answer(size: int, seed: int) -> None:
    rng = np.random.default_rng(seed)
    proved = 0
    for _ in range(300):
        rows, columns = random_clues(rng, size, 0.5)
        puzzle = Puzzle(rows=rows, columns=columns)
        status, boards, trials = run(puzzle, EARLY, 3)
        # the same puzzle without the proof: no cell is ever tried
        assert run(puzzle, EARLY & ~cdcl_bp.MODE_PROVE, 3)[2] == 0
        if trials == 0:
            continue
        proved += 1
        expected = set(naive.solutions(rows, columns, cap=3))
        found = naive.check_solutions(rows, columns, boards)  # each one checked on the clues
        if len(expected) < 3:
            assert found == expected, (rows, columns)
            assert status == kernels.CDCL_DONE
        else:
            assert len(found) == 3 and status == kernels.CDCL_LIMIT
    assert proved >= 5


@pytest.mark.parametrize("mode", [EARLY, EARLY & ~cdcl_bp.MODE_PROVE_EARLY])
def test_enumerations_with_the_proof_match_the_counter(
        mode: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search, "CDCL_MODE", mode)
    assert enumerate_against_the_counter(9, 12, 0.4, 300) > 50


def test_the_default_turns_to_the_proof() -> None:
    assert search.CDCL_MODE & cdcl_bp.MODE_PROVE
    assert not search.CDCL_MODE & cdcl_bp.MODE_PROVE_EARLY


@pytest.mark.nojit
def test_one_proof_step_by_step() -> None:
    """The 55th puzzle of the 10x10 run above (unique; its proof tries cells): small enough to
    run without the JIT, so that the kernel's source is covered."""
    rng = np.random.default_rng(5)
    for _ in range(55):
        rows, columns = random_clues(rng, 10, 0.5)
    status, boards, trials = run(Puzzle(rows=rows, columns=columns), EARLY, 2)
    assert trials > 0
    assert naive.check_solutions(rows, columns, boards) == set(
        naive.solutions(rows, columns, cap=2))
    assert status == kernels.CDCL_DONE and len(boards) == 1


def run_capped(mode: int, cap: int) -> tuple[int, list[list[int]], np.ndarray]:
    """The learning search's kernel on random 30x30 #25 (tests/data/hard), stopped after
    ``cap`` conflicts: its status, its solutions and its stats."""
    from tests.conftest import HARD

    puzzle = load(HARD / "random30-25.non")
    p = search.prepare(puzzle)
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
    assert search.CDCL_MODE & cdcl_bp.MODE_REBP
    assert run_capped(search.CDCL_MODE, 12_000)[2][CD_REBELIEFS] >= 1
    without = search.CDCL_MODE & ~cdcl_bp.MODE_REBP
    assert run_capped(without, 12_000)[2][CD_REBELIEFS] == 0


@pytest.mark.slow
def test_beliefs_worked_out_again_find_the_first_solution_sooner() -> None:
    # 22,961 conflicts for both solutions with them, 60,254 without (benchmarks/cdcl_conflicts.py)
    status, boards, _ = run_capped(search.CDCL_MODE, 40_000)
    assert status == kernels.CDCL_LIMIT and len(boards) == 2
    status, boards, _ = run_capped(search.CDCL_MODE & ~cdcl_bp.MODE_REBP, 40_000)
    assert status == kernels.CDCL_STOPPED and len(boards) == 0
