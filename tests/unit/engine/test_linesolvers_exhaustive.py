"""Every state of every line of length 1 to 9 against every clue that fits it.

About 2.2 million (clue, line) pairs per linesolver. The oracle's answers come from the ``2**n``
fillings of each length (``tests.oracle.exhaustive_table``), and the kernels run through the
compiled batch driver, so the whole file takes a few seconds with the JIT on. Lengths up to 6
are also run with ``NUMBA_DISABLE_JIT=1``, which exercises the kernels' Python source.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import pytest

from nonotui.kinds.nonogram.engine import NAMES, REGISTRY
from nonotui.kinds.nonogram.engine import _kernels as kernels
from nonotui.kinds.nonogram.notation import format_line
from tests.oracle import exhaustive_table

table = lru_cache(maxsize=None)(exhaustive_table)

CLUES_PER_LENGTH = {n: f for n, f in enumerate([1, 2, 3, 5, 8, 13, 21, 34, 55, 89])}
"""How many clues fit n cells: the Fibonacci number F(n + 2), which the table is checked against
by ``test_the_table_has_every_clue_once``."""


def _solve_all(method_id: int, clue: tuple[int, ...], lines: np.ndarray):
    blocks = np.array(clue, dtype=np.int32)
    colors = np.ones(len(clue), dtype=np.int32)
    out = np.empty_like(lines)
    status = np.empty(len(lines), dtype=np.int64)
    kernels.solve_batch(method_id, blocks, colors, lines, out, status)
    return out, status


def check_length(method: str, n: int) -> int:
    """Check one linesolver on every state of length ``n``; returns the pairs checked."""
    solver = REGISTRY[method]
    states, rows = table(n)
    for clue, expected in rows:
        out, status = _solve_all(solver.method_id, clue, states)
        inconsistent = (expected == 0).all(axis=1)
        wrong = (status == kernels.CONTRADICTION) != inconsistent
        if wrong.any():
            s = np.flatnonzero(wrong)[0]
            pytest.fail(
                f"{method}, clue {clue}, line {format_line(states[s])}: status {status[s]}, "
                f"oracle {'inconsistent' if inconsistent[s] else format_line(expected[s])}"
            )
        ok = ~inconsistent
        assert np.isin(status[ok], (kernels.UNCHANGED, kernels.CHANGED)).all()
        got, want, before = out[ok], expected[ok], states[ok]
        if solver.complete:
            bad = (got != want).any(axis=1)
        else:  # sound: keeps every value the oracle allows
            bad = ((want & ~got) != 0).any(axis=1)
        if bad.any():
            s = np.flatnonzero(bad)[0]
            pytest.fail(
                f"{method}, clue {clue}, line {format_line(before[s])}: "
                f"gave {format_line(got[s])}, oracle {format_line(want[s])}"
            )
        changed = (got != before).any(axis=1)
        assert np.array_equal(status[ok] == kernels.CHANGED, changed), f"{method}: wrong status"
        again, status2 = _solve_all(solver.method_id, clue, got)
        assert (status2 == kernels.UNCHANGED).all() and np.array_equal(again, got), (
            f"{method}, clue {clue}: not idempotent"
        )
    return len(states) * len(rows)


@pytest.mark.nojit
@pytest.mark.parametrize("method", NAMES)
def test_every_line_up_to_length_6(method):
    pairs = sum(check_length(method, n) for n in range(1, 7))
    assert pairs == sum(3**n * CLUES_PER_LENGTH[n] for n in range(1, 7)) == 19_284


@pytest.mark.parametrize("method", NAMES)
def test_every_line_of_length_7_to_9(method):
    pairs = sum(check_length(method, n) for n in range(7, 10))
    assert pairs == sum(3**n * CLUES_PER_LENGTH[n] for n in range(7, 10)) == 2_187_000
    # with the 19_284 pairs of lengths 1 to 6: the "about 2.2 million"


@pytest.mark.parametrize("n", range(1, 10))
def test_the_table_has_every_clue_once(n):
    clues = [clue for clue, _ in table(n)[1]]
    assert len(set(clues)) == len(clues) == CLUES_PER_LENGTH[n]


def test_the_table_of_length_4():
    states, rows = table(4)
    assert len(states) == 81
    assert [clue for clue, _ in rows] == [(), (1,), (1, 1), (1, 2), (2,), (2, 1), (3,), (4,)]
