"""Shared test configuration: a deterministic hypothesis profile and the bench folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import settings

# Seeded, reproducible property tests; no deadline because a first call may compile a kernel.
settings.register_profile("nonotui", deadline=None, derandomize=True, print_blob=True)
settings.load_profile("nonotui")

REPO = Path(__file__).resolve().parents[1]
BENCH = (REPO / ".." / "shared" / "bench").resolve()
"""Real puzzles next to the checkout; absent in a user's checkout, so tests skip without it."""


@pytest.fixture
def bench() -> Path:
    """The shared bench folder, or a skip when it is not beside the checkout."""
    if not BENCH.is_dir():
        pytest.skip("../shared/bench is not beside this checkout")
    return BENCH


KERNEL_INTERNALS = "kernel internals"
"""The ``xdist_group`` of the test modules that call kernels production calls only from other
kernels (or with other argument types): numba compiles those specializations during the test
run (``python -m nonotui.warm`` compiles only what the program calls), and on one worker each is
compiled once instead of on both workers side by side."""


HARD = REPO / "tests" / "data" / "hard"
"""Puzzles the solver does not decide in seconds, for the tests of stopping, timeouts and
cancelling: random 50x50 puzzles #16 and #31 (``benchmarks/random_tail.py``'s
``random_puzzle``), each undecided after 20 s with the race of two learning searches (and #31
without a first solution after 15 s). Knotty and Faase served until belief propagation gave the
learning search its first phases (now decided in about 0.1 s and 1 s), then random 30x30 #876
and #25 until the beliefs were worked out again as level 0 grows (now about 3 s and 2 s; #25
stays for that test), then 50x50 #6 until the shaken second search decided it in about 5 s."""
HARD_PUZZLE = HARD / "random50-16.non"
HARD_PUZZLE_2 = HARD / "random50-31.non"

