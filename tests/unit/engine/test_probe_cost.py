"""Cheaper probes (issue 14, fifth session): what the depth-first search's propagation solves.

Once the line cache is on (after the first propagation), a black-and-white board's lines are
solved by the stack's first complete linesolver alone (``state.CACHED_FROM_COMPLETE``): fast's
solves are the first propagation's, counted independently by the auto-solve steps'
propagation (:func:`~nonotui.kinds.nonogram.engine.steps.propagation`), and every solution
listed is the oracle's (:mod:`tests.naive_count`). Propagation's choice of the next line from a
list of the lines with work left (``propagate._propagate``) is held to the full scan's by the
steps' own tests (``test_steps.py``: the same solves by each linesolver, counted apart).
"""

from __future__ import annotations

import numpy as np

from nonotui.kinds.nonogram.engine.search import solve
from nonotui.kinds.nonogram.engine.steps import propagation
from nonotui.kinds.nonogram.puzzle import Puzzle, unknown_board
from tests import naive_count as naive

CAP = 50
"""Solutions listed per puzzle; the oracle lists one more to tell "exactly" from "at least"."""


def _puzzle(seed: int, size: int) -> tuple[Puzzle, tuple, tuple]:
    picture = (np.random.default_rng(seed).random((size, size)) < 0.55).astype(int).tolist()
    rows, columns = naive.clues_of(picture)
    return Puzzle(rows=rows, columns=columns), rows, columns


def test_after_the_first_propagation_only_the_complete_linesolver_runs() -> None:
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
        first = propagation(puzzle, unknown_board(puzzle))
        if first.status != "done" or result.stats.probes == 0:
            continue  # line solving alone decided it, or found it broken: no cache
        probed += 1
        # fast ran in the first propagation only; the probes and branches solved with fcomp
        assert result.stats.lines["fast"] == first.solves["fast"], seed
        assert result.stats.lines["fcomp"] > first.solves["fcomp"], seed
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
