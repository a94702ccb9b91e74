"""The bit-mask linesolver (kernels/lines_bits.py, lines_bits2.py past 64 cells) against fcomp
and two oracles.

Both solvers are exact, so their answers must be identical cell for cell, status included: the
dispatcher gives fcomp's work to the bit-mask solver on black-and-white lines of up to 64 cells,
and every hint, step count and search after it relies on that. The answers are also checked
against :func:`tests.oracle.reference` (memoised recursion over cells and blocks) and, on short
lines, against the OR of every arrangement :func:`tests.oracle.arrangements` lists; neither
shares anything with the kernels.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nonotui.kinds.nonogram.engine._kernels.common import PENDING, prologue, work_size
from nonotui.kinds.nonogram.engine._kernels.lines_bits import (
    bits_feasible,
    bits_masks,
    bits_open,
    bits_solve,
    bits_witness,
)
from nonotui.kinds.nonogram.engine._kernels.lines_bits2 import bits2_masks, bits2_open
from nonotui.kinds.nonogram.engine._kernels.lines_fast import leftmost
from nonotui.kinds.nonogram.engine._kernels.lines_fcomp import fcomp_open
from tests import oracle
from tests.conftest import KERNEL_INTERNALS
from tests.oracle import CELL_EMPTY, CELL_FILLED, DOT, SOLID, UNKNOWN, reference, runs

# kernels only tests call are compiled here: once, on one worker (tests/conftest.py)
pytestmark = pytest.mark.xdist_group(KERNEL_INTERNALS)

CODE = {DOT: CELL_EMPTY, SOLID: CELL_FILLED, UNKNOWN: CELL_EMPTY | CELL_FILLED}
TEXT = {v: k for k, v in CODE.items()}


def listed(clue: tuple[int, ...], line: str) -> str | None:
    """The possible values of every cell, merged over the arrangements the oracle lists that
    agree with the known cells (``None``: none does)."""
    fits, want = oracle.solve_many(clue, np.array([[CODE[ch] for ch in line]], dtype=np.uint32))
    return "".join(TEXT[int(v)] for v in want[0]) if fits[0] else None


def solve_both(clue: tuple[int, ...], line: str) -> tuple[int, str | None]:
    """fcomp's and the bit-mask solver's answers on ``line`` (after the shared prologue), which
    must agree (the one-word solver up to 64 cells, the two-word one past them); returns the
    status and the answer as text (``None``: contradiction)."""
    blocks = np.array(clue, dtype=np.int32)
    cells = np.array([CODE[ch] for ch in line], dtype=np.uint32)
    n = len(line)
    iwork = np.zeros(work_size(n, len(clue)), dtype=np.int32)
    probe = np.zeros(n, dtype=np.uint32)
    pending = prologue(blocks, cells, probe)
    if pending != PENDING:
        return pending, None if pending < 0 else "".join(TEXT[int(v)] for v in probe)
    out_f = np.zeros(n, dtype=np.uint32)
    out_b = np.full(n, 99, dtype=np.uint32)
    status_f = fcomp_open(blocks, cells.copy(), out_f, iwork)
    iwork[:] = -7  # nothing carried over in the scratch
    solver = bits_open if n <= 64 else bits2_open
    status_b = solver(blocks, cells.copy(), out_b, iwork)
    assert status_b == status_f, (clue, line)
    if status_f < 0:
        return status_f, None
    assert out_b.tolist() == out_f.tolist(), (clue, line)
    return status_f, "".join(TEXT[int(v)] for v in out_b)


def masks(line: str) -> tuple[np.uint64, np.uint64]:
    f = sum(1 << i for i, ch in enumerate(line) if ch == SOLID)
    e = sum(1 << i for i, ch in enumerate(line) if ch == DOT)
    return np.uint64(f), np.uint64(e)


def check_masks(clue: tuple[int, ...], line: str, expected: str | None) -> None:
    """The mask entries (:func:`bits_masks`; :func:`bits_feasible` and :func:`bits_solve` when
    the clue fits the line's length) agree with ``expected``."""
    n = len(line)
    blocks = np.array(clue, dtype=np.int32)
    f, e = masks(line)
    status, filled, empty = bits_masks(blocks, n, f, e, np.zeros(2 * n + 2, dtype=np.int32))
    if expected is None:
        assert status == -1 and filled == 0 and empty == 0
    else:
        assert status == (0 if expected == line else 1), (clue, line)
        assert masks(expected) == (filled, empty), (clue, line)
    ok, cells = bits_witness(blocks, n, f, e, np.zeros(2 * n + 2, dtype=np.int32))
    assert ok == (expected is not None), (clue, line)
    if ok:  # an arrangement of the clue that agrees with the known cells: the leftmost one
        filling = [bool((int(cells) >> i) & 1) for i in range(n)]
        assert runs(filling) == clue, (clue, line)
        assert all(ch == UNKNOWN or (ch == SOLID) == c for ch, c in zip(line, filling))
        starts = np.zeros(max(1, len(clue)), dtype=np.int32)
        if clue:
            assert leftmost(blocks, np.array([CODE[ch] for ch in line], dtype=np.uint32), False,
                            starts)
        assert filling == [any(p <= i < p + b for p, b in zip(starts, clue)) for i in range(n)]
    else:
        assert cells == 0
    if sum(clue) + len(clue) - 1 > n and clue:
        return
    assert bits_feasible(blocks, n, f, e) == (expected is not None), (clue, line)
    ok, can_fill, can_empty = bits_solve(blocks, n, f, e, np.zeros(2 * n + 2, dtype=np.int32))
    assert ok == (expected is not None)
    if expected is not None:
        fill = [bool((int(can_fill) >> i) & 1) for i in range(n)]
        empty = [bool((int(can_empty) >> i) & 1) for i in range(n)]
        assert [ch in (SOLID, UNKNOWN) for ch in expected] == fill, (clue, line)
        assert [ch in (DOT, UNKNOWN) for ch in expected] == empty, (clue, line)
        assert int(can_fill | can_empty) == (1 << n) - 1


def check_masks2(clue: tuple[int, ...], line: str, expected: str | None) -> None:
    """:func:`bits2_masks` (lines of 65 to 128 cells, two words a mask) agrees with
    ``expected``."""
    n = len(line)
    f, e = (sum(1 << i for i, ch in enumerate(line) if ch == c) for c in (SOLID, DOT))
    words = [np.uint64(x & (2**64 - 1)) for x in (f, f >> 64, e, e >> 64)]
    status, f0, f1, e0, e1 = bits2_masks(np.array(clue, dtype=np.int32), n, *words,
                                         np.zeros(4 * n, dtype=np.int32))
    if expected is None:
        assert status == -1 and f0 == f1 == e0 == e1 == 0
        return
    assert status == (0 if expected == line else 1), (clue, line)
    want_f, want_e = (sum(1 << i for i, ch in enumerate(expected) if ch == c)
                      for c in (SOLID, DOT))
    assert (int(f0) | (int(f1) << 64), int(e0) | (int(e1) << 64)) == (want_f, want_e)


def random_case(rnd: random.Random, n: int) -> tuple[tuple[int, ...], str]:
    """A line of ``n`` cells from a random filling, 0 to 90 % of its cells known, sometimes a
    known cell flipped or a block changed (so that some lines have no arrangement)."""
    density = rnd.choice((0.2, 0.4, 0.5, 0.6, 0.8, 0.95))
    filled = [rnd.random() < density for _ in range(n)]
    clue = runs(filled)
    twist = rnd.random()
    if twist < 0.15 and clue:
        j = rnd.randrange(len(clue))
        clue = tuple(max(1, b + rnd.choice((-1, 1))) if i == j else b for i, b in enumerate(clue))
    elif twist < 0.2:
        clue = tuple(rnd.choice((1, 1, 2, 3)) for _ in range(rnd.randint(0, n // 2 + 1)))
    known = rnd.choice((0.0, 0.1, 0.3, 0.5, 0.7, 0.9))
    line = [(SOLID if c else DOT) if rnd.random() < known else UNKNOWN for c in filled]
    if rnd.random() < 0.1:
        i = rnd.randrange(n)
        line[i] = {SOLID: DOT, DOT: SOLID, UNKNOWN: UNKNOWN}[line[i]]
    return clue, "".join(line)


@pytest.mark.parametrize("seed", range(4))
def test_random_lines_of_every_length_match_fcomp_and_the_oracle(seed):
    rnd = random.Random(9000 + seed)
    verdicts = {True: 0, False: 0}
    for n in list(range(1, 65)) * 12 + [63, 64] * 40:
        clue, line = random_case(rnd, n)
        expected = reference(clue, line)
        _, got = solve_both(clue, line)
        assert got == expected, (clue, line)
        check_masks(clue, line, expected)
        verdicts[expected is None] += 1
    assert verdicts[True] >= 50 and verdicts[False] >= 500


@pytest.mark.parametrize("seed", range(2))
def test_two_word_lines_match_fcomp_and_the_oracle(seed):
    rnd = random.Random(9100 + seed)
    verdicts = {True: 0, False: 0}
    for n in list(range(65, 129)) * 6 + [127, 128] * 30:
        clue, line = random_case(rnd, n)
        expected = reference(clue, line)
        _, got = solve_both(clue, line)
        assert got == expected, (clue, line)
        check_masks2(clue, line, expected)
        verdicts[expected is None] += 1
    assert verdicts[True] >= 25 and verdicts[False] >= 250


@pytest.mark.parametrize(
    ("clue", "line", "expected"),
    [
        ((128,), "?" * 128, "#" * 128),
        ((65,), "?" * 65, "#" * 65),
        ((64,), "?" * 65, "?" + "#" * 63 + "?"),
        ((100,), "?" * 60 + "-" + "?" * 67, None),
        ((1,) * 64, "?" * 128, "?" * 128),
        ((1,) * 64, "?" * 127, "#-" * 63 + "#"),
        ((2, 2), "?" * 62 + "#?#" + "?" * 63, "-" * 61 + "##-##" + "-" * 62),
        ((3, 1), "?" * 63 + "##" + "?" * 63, "-" * 62 + "?##" + "?" * 63),
        ((), "?" * 70 + "-" + "?" * 9, "-" * 80),
        ((), "?" * 70 + "#" + "?" * 9, None),
        ((40, 40), "?" * 80, None),  # settled by the prologue
    ],
)
def test_two_word_edge_lines(clue, line, expected):
    assert reference(clue, line) == expected
    assert solve_both(clue, line)[1] == expected
    check_masks2(clue, line, expected)


def test_short_lines_match_every_arrangement():
    rnd = random.Random(77)
    for _ in range(1500):
        n = rnd.randint(1, 16)
        clue, line = random_case(rnd, n)
        expected = listed(clue, line)
        _, got = solve_both(clue, line)
        assert got == expected, (clue, line)
        check_masks(clue, line, expected)


@pytest.mark.parametrize(
    ("clue", "line", "expected"),
    [
        ((1,), "?", "#"),
        ((1,), "-", None),
        ((64,), "?" * 64, "#" * 64),
        ((63,), "?" * 64, "?" + "#" * 62 + "?"),
        ((63,), "?" * 63 + "-", "#" * 63 + "-"),
        ((1,) * 32, "?" * 63, "#-" * 31 + "#"),
        ((1,) * 32, "?" * 64, "?" * 64),
        ((1,) * 32, "?" * 63 + "#", "?" * 62 + "-#"),
        ((1,) * 31, "#" + "?" * 62 + "#", "#-" + "?" * 60 + "-#"),
        ((1,) * 33, "?" * 64, None),  # settled by the prologue
        ((70,), "?" * 10, None),  # a block longer than the line: no shift by 69
        ((), "?-?", "---"),
        ((), "?#?", None),
        ((2, 2), "?#??#?", "?#??#?"),
        ((1, 1), "?##?", None),  # two filled cells side by side, no block of 2
        ((3,), "#?-?#", None),
        ((2,), "?" * 40 + "##" + "?" * 22, "-" * 40 + "##" + "-" * 22),
        ((1, 62), "?" * 64, "#-" + "#" * 62),
        ((5, 5), "?" * 20 + "#" + "?" * 43, "?" * 20 + "#" + "?" * 43),
    ],
)
def test_edge_lines(clue, line, expected):
    assert reference(clue, line) == expected
    _, got = solve_both(clue, line)
    assert got == expected
    check_masks(clue, line, expected)


def test_a_line_with_no_clue_on_masks():
    f, e = masks("??-?")
    blocks = np.zeros(0, dtype=np.int32)
    assert bits_feasible(blocks, 4, f, e)
    ok, can_fill, can_empty = bits_solve(blocks, 4, f, e, np.zeros(2, dtype=np.int32))
    assert ok and can_fill == 0 and can_empty == 0b1111
    f, e = masks("?#")
    assert not bits_feasible(blocks, 2, f, e)


def test_colour_bits_in_a_cell_are_dropped_as_fcomp_drops_them():
    blocks = np.array([2], dtype=np.int32)
    cells = np.array([3, 3 | 4, 1, 1], dtype=np.uint32)
    outs = []
    for solver in (fcomp_open, bits_open):
        out = np.zeros(4, dtype=np.uint32)
        status = solver(blocks, cells.copy(), out, np.zeros(work_size(4, 1), dtype=np.int32))
        outs.append((status, out.tolist()))
    assert outs[0] == outs[1] == (1, [2, 2, 1, 1])


def test_in_place_solving():
    blocks = np.array([3, 1], dtype=np.int32)
    cells = np.array([CODE[ch] for ch in "??#???"], dtype=np.uint32)
    status = bits_open(blocks, cells, cells, np.zeros(work_size(6, 2), dtype=np.int32))
    assert status == 1
    assert "".join(TEXT[int(v)] for v in cells) == reference((3, 1), "??#???")


@st.composite
def partial_lines(draw):
    rnd = draw(st.randoms(use_true_random=False))
    n = draw(st.integers(1, 64))
    return random_case(rnd, n)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(partial_lines())
def test_hypothesis_lines_match_fcomp_and_the_oracle(case):
    clue, line = case
    expected = reference(clue, line)
    _, got = solve_both(clue, line)
    assert got == expected
    check_masks(clue, line, expected)


@pytest.mark.nojit
def test_the_python_source_on_a_few_lines():
    """With ``NUMBA_DISABLE_JIT=1`` the kernel runs as Python: numpy's ``uint64`` scalars."""
    rnd = random.Random(5)
    for n in (1, 2, 7, 30, 63, 64, 64, 65, 100, 128):
        clue, line = random_case(rnd, n)
        expected = reference(clue, line)
        assert solve_both(clue, line)[1] == expected
        if n <= 64:
            check_masks(clue, line, expected)
