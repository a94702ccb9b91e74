"""Cheaper probes (issue 14, fifth session): what the depth-first search's propagation solves.

A black-and-white board's lines are solved by the stack's first complete linesolver alone, in
the line pass (``state.LINE_PASS_FROM_COMPLETE``) and once the line cache is on
(``state.CACHED_FROM_COMPLETE``): the line pass reaches the fixpoint the auto-solve steps'
propagation (:func:`~nonotui.kinds.nonogram.engine.steps.propagation`) reaches with the whole
stack, rank by rank, and every solution listed is the oracle's (:mod:`tests.naive_count`). Propagation's choice of the next line from a
list of the lines with work left (``propagate._propagate``) is held to the full scan's by the
steps' own tests (``test_steps.py``: the same solves by each linesolver, counted apart).
"""

from __future__ import annotations

import numpy as np

import nonotui.kinds.nonogram.engine.calls as calls
from nonotui.kinds.nonogram.engine.lines import parse_stack
from nonotui.kinds.nonogram.engine.packed import prepare
from nonotui.kinds.nonogram.engine.search import solve
from nonotui.kinds.nonogram.engine.steps import propagation
from nonotui.kinds.nonogram.puzzle import Puzzle, unknown_board
from nonotui.model.cells import CELL_DTYPE
from tests import naive_count as naive

CAP = 50
"""Solutions listed per puzzle; the oracle lists one more to tell "exactly" from "at least"."""


def _puzzle(seed: int, size: int) -> tuple[Puzzle, tuple, tuple]:
    picture = (np.random.default_rng(seed).random((size, size)) < 0.55).astype(int).tolist()
    rows, columns = naive.clues_of(picture)
    return Puzzle(rows=rows, columns=columns), rows, columns


def _line_pass(puzzle: Puzzle, stack: str) -> tuple[int, np.ndarray, np.ndarray]:
    """The solver's line pass (``calls.propagate_grid``) from the empty board: its status,
    the cells it reaches and its line solves by rank."""
    parsed = parse_stack(stack)
    prep = prepare(puzzle)
    cells = unknown_board(puzzle).cells.reshape(-1).astype(CELL_DTYPE)
    stats = np.zeros(calls.ST_LINES + len(parsed.method_ids()), dtype=np.int64)
    status, _ = calls.propagate_grid(prep, parsed.method_ids(), parsed.complete_flags(), cells,
                                     control=np.zeros(1, dtype=np.int64), stats=stats)
    return status, cells, stats[calls.ST_LINES:]


def test_a_black_and_white_board_is_solved_by_the_complete_linesolver_alone() -> None:
    probed = 0
    for seed in range(40):
        puzzle, rows, columns = _puzzle(seed, 10)
        result = solve(puzzle, max_solutions=CAP, strategy="wu")
        expected = set(naive.solutions(rows, columns, cap=CAP + 1))
        found = naive.check_solutions(rows, columns, [b.cells.tolist() for b in result.solutions])
        if len(expected) <= CAP:
            assert found == expected, seed
        else:
            assert len(found) == CAP and found <= expected, seed
        # the line pass starts at fcomp's rank too (state.LINE_PASS_FROM_COMPLETE), and
        # reaches the fixpoint of the whole stack, rank by rank, as the auto-solve steps run it
        first = propagation(puzzle, unknown_board(puzzle))
        status, cells, solves = _line_pass(puzzle, "fast,fcomp")
        assert (status == calls.PROP_OK) == (first.status == "done"), seed
        if first.status == "done":
            assert cells.tolist() == first.cells.reshape(-1).tolist(), seed
        assert solves[0] == 0 and solves[1] > 0, seed
        assert result.stats.lines["fast"] == 0, seed
        probed += result.stats.probes > 0
    assert probed >= 10, probed


def test_a_stack_without_a_complete_linesolver_keeps_every_rank() -> None:
    # no complete rank: nothing to skip to, fast keeps solving in the probes
    for seed in range(40):
        puzzle, rows, columns = _puzzle(seed, 10)
        first = propagation(puzzle, unknown_board(puzzle), "fast")
        result = solve(puzzle, max_solutions=CAP, strategy="wu", linesolvers="fast")
        found = naive.check_solutions(rows, columns, [b.cells.tolist() for b in result.solutions])
        assert found <= set(naive.solutions(rows, columns, cap=CAP + 1)), seed
        if first.status == "done" and result.stats.probes > 0:
            assert result.stats.lines["fast"] > first.solves["fast"], seed
            return
    raise AssertionError("no seed needed a probe")
