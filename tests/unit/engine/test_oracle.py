"""The line oracle (tests/oracle.py) held to its definition, so that the engine's tests rest on
something proven: :func:`arrangements` lists exactly the lines of a length that have the clue
(every line of the length, grouped by its runs, says which those are), and :func:`solve`,
:func:`count_arrangements` and :func:`exhaustive_table` give the OR and the count of the listed
arrangements that agree with a line."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.oracle import (
    CODE,
    TEXT,
    arrangements,
    color_runs,
    count_arrangements,
    exhaustive_table,
    reference,
    runs,
    solve,
)


def test_runs_read_blocks_and_colours() -> None:
    assert runs([]) == ()
    assert runs([True, True, False, True]) == (2, 1)
    assert runs([0, 1, 0, 0, 1, 1, 1, 0]) == (1, 3)
    assert color_runs([1, 1, 2, 0, 2, 2]) == ((2, 1, 2), (1, 2, 2))
    assert color_runs([0, 3, 0]) == ((1,), (3,))
    assert color_runs([0, 0]) == ((), ())


@pytest.mark.parametrize("length", range(1, 9))
def test_arrangements_are_exactly_the_lines_with_the_clue(length: int) -> None:
    by_clue: dict[tuple[int, ...], set[tuple[int, ...]]] = {}
    for line in itertools.product((0, 1), repeat=length):
        by_clue.setdefault(runs(line), set()).add(line)
    for clue, lines in by_clue.items():
        listed = arrangements(clue, length)
        assert len(listed) == len(set(listed)), clue
        assert set(listed) == lines, clue
    # a clue too long for the line has no arrangement at all
    assert arrangements((length, 1), length) == []


@pytest.mark.parametrize("length", range(1, 7))
def test_colour_arrangements_are_exactly_the_lines_with_the_clue(length: int) -> None:
    by_clue: dict[tuple, set[tuple[int, ...]]] = {}
    for line in itertools.product(range(4), repeat=length):
        by_clue.setdefault(color_runs(line), set()).add(line)
    for (blocks, colors), lines in by_clue.items():
        listed = arrangements(blocks, length, colors)
        assert len(listed) == len(set(listed)), (blocks, colors)
        assert set(listed) == lines, (blocks, colors)


def test_colour_arrangements_by_hand() -> None:
    # two blocks of one colour cannot touch: touching cells are one block
    assert arrangements((1, 1), 2, (1, 1)) == []
    assert arrangements((1, 1), 2, (1, 2)) == [(1, 2)]
    assert sorted(arrangements((1, 1), 3, (1, 1))) == [(1, 0, 1)]
    assert sorted(arrangements((1, 1), 3, (2, 1))) == [(0, 2, 1), (2, 0, 1), (2, 1, 0)]


def listed_answer(clue, line, colors=None) -> tuple[list[int] | None, int]:
    """The definition: the OR of the listed arrangements that agree with ``line`` (cell
    bitsets), and how many do."""
    fits = [a for a in arrangements(clue, len(line), colors)
            if all(cell >> v & 1 for cell, v in zip(line, a))]
    if not fits:
        return None, 0
    return [sum({1 << v for v in column}) for column in zip(*fits)], len(fits)


@given(
    st.lists(st.sampled_from("#-?"), min_size=1, max_size=12).map("".join),
    st.lists(st.integers(1, 5), max_size=4).map(tuple),
)
@settings(max_examples=400, deadline=None)
def test_reference_and_count_are_those_of_the_listed_arrangements(line, clue):
    want, fitting = listed_answer(clue, [CODE[ch] for ch in line])
    assert reference(clue, line) == (None if want is None else "".join(TEXT[v] for v in want))
    assert count_arrangements(clue, line) == fitting


def test_colour_lines_are_solved_as_the_listed_arrangements_say() -> None:
    rng = random.Random(12)
    for _ in range(1500):
        n_colors = rng.randint(1, 3)
        length = rng.randint(1, 6)
        source = tuple(rng.randint(0, n_colors) for _ in range(length))
        blocks, colors = color_runs(source)
        full = (1 << (n_colors + 1)) - 1
        line = [rng.choice((full, full, full, rng.randint(1, full))) for _ in range(length)]
        assert solve(blocks, line, colors) == listed_answer(blocks, line, colors)[0], (
            blocks, colors, line)


def test_exhaustive_table_of_length_5_is_the_listed_arrangements():
    states, rows = exhaustive_table(5)
    for clue, expected in rows:
        for state, want in zip(states, expected):
            answer, _ = listed_answer(clue, [int(v) for v in state])
            assert (answer or [0] * 5) == want.tolist(), (clue, state)
    assert np.array_equal(states[0], [1] * 5) and len(states) == 3**5
