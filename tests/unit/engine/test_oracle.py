"""The oracles agree with each other, so that the long-line one can be trusted."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.oracle import brute_force, clue_of, count_arrangements, exhaustive_table, reference


def test_clue_of():
    assert clue_of([]) == ()
    assert clue_of([True, True, False, True]) == (2, 1)
    assert clue_of([False, True, False, False, True, True, True, False]) == (1, 3)


@given(
    st.lists(st.sampled_from("#-?"), min_size=1, max_size=12).map("".join),
    st.lists(st.integers(1, 5), max_size=4).map(tuple),
)
@settings(max_examples=400, deadline=None)
def test_reference_matches_brute_force(line, clue):
    assert reference(clue, line) == brute_force(clue, line)


@given(st.lists(st.sampled_from("#-?"), min_size=1, max_size=10).map("".join))
@settings(max_examples=200, deadline=None)
def test_count_matches_the_fillings(line):
    unknown = line.count("?")
    for clue in {(), (1,), (2, 1), (1, 1, 1), (3,)}:
        fillings = 0
        for values in itertools.product("#-", repeat=unknown):
            it = iter(values)
            filled = [(next(it) if ch == "?" else ch) == "#" for ch in line]
            fillings += clue_of(filled) == clue
        assert count_arrangements(clue, line) == fillings


def test_exhaustive_table_matches_brute_force_on_length_5():
    states, rows = exhaustive_table(5)
    text = ["".join("-#?"[int(c) - 1] for c in state) for state in states]
    for clue, expected in rows:
        for line, want in zip(text, expected):
            oracle = brute_force(clue, line)
            got = None if not want.any() else "".join("-#?"[int(c) - 1] for c in want)
            assert got == oracle, (clue, line)
