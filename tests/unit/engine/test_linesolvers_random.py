"""A few hundred seeded random lines of length 10 to 40, checked against the oracle.

Marked ``nojit`` so that the kernels' Python source meets lines longer than the exhaustive test's
(the second test run sets ``NUMBA_DISABLE_JIT=1``); with the JIT on it takes well under a second.
"""

from __future__ import annotations

import pytest

from nonotui.kinds.nonogram.engine import NAMES
from tests.contract import check, random_lines
from tests.oracle import count_arrangements, reference

COUNT = 300
COMPLETE_LIMIT = 2_000
"""complete enumerates arrangements one by one; without the JIT, lines with more than this many
are left to the other linesolvers (the JIT-on hypothesis tests give it bigger ones)."""


LINES = random_lines(20240603, COUNT)


def test_the_sample_mixes_consistent_and_inconsistent_lines():
    verdicts = [reference(clue, line) is None for clue, line in LINES]
    assert 30 <= sum(verdicts) <= COUNT - 150


@pytest.mark.nojit
@pytest.mark.parametrize("method", NAMES)
def test_random_lines_against_the_oracle(method):
    checked = 0
    for clue, line in LINES:
        if method == "complete" and count_arrangements(clue, line) > COMPLETE_LIMIT:
            continue
        check(method, clue, line, reference(clue, line))
        checked += 1
    assert checked >= COUNT * 2 // 3
