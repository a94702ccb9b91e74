"""The four linesolvers on colour lines, against a brute-force colour oracle.

The oracle (``tests/oracle.py``) lists every arrangement of a coloured clue and shares no logic
with the kernels. complete, fcomp and olsak must give exactly its answer (and a
contradiction exactly when nothing fits); fast must keep every value it allows and find a
contradiction exactly when nothing fits.

Scope (DECISIONS.md, "Colour"), with colours up to 3. Clues have their colours numbered in order
of first use (1, then 2, then 3): renaming colours maps lines to lines and answers to answers, so
the other clues add nothing, and a test below checks that renaming (to colours up to 31) changes
nothing. Each clue's lines are over its own values (empty and its colours); single-colour clues
are also run in colour 2 (the colour kernels) and in colour 1 with colour bits 2 and 3 in the
cells (the black-and-white kernels, to which such bits are impossible values).

- default run: every line of length 1 to 4 whose cells are any non-empty subset of the values,
  against every fitting clue (760,116 pairs a linesolver), and seeded samples of length 5 to 8;
- ``-m slow``: every such line of length 5 (36.3 million pairs a linesolver) and every line of
  length 6 and 7 whose cells are unknown or one value (3.1 and 52.3 million); length 8 (about
  900 million) is only sampled;
- hypothesis: lines of length 9 to 40 cut from random coloured pictures.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from nonotui.kinds.nonogram.engine import _kernels as kernels
from tests import oracle
from tests.conftest import KERNEL_INTERNALS

# kernels only tests call are compiled here: once, on one worker (tests/conftest.py)
pytestmark = pytest.mark.xdist_group(KERNEL_INTERNALS)

METHODS = {"fast": kernels.FAST, "complete": kernels.COMPLETE, "fcomp": kernels.FCOMP,
           "olsak": kernels.OLSAK}
COMPLETE = {"complete", "fcomp", "olsak"}


Clue = tuple[tuple[int, int], ...]
"""A clue here: (length, colour) per block, in order."""


def canonical_clues(n: int, colours: int = 3) -> list[Clue]:
    """The non-empty clues fitting ``n`` cells whose colours appear in order 1, 2, 3."""
    found = []
    for blocks, colors in oracle.clues(n, colours):
        order: list[int] = []
        for c in colors:
            if c not in order:
                order.append(c)
        if blocks and order == list(range(1, len(order) + 1)):
            found.append(tuple(zip(blocks, colors)))
    return found


def solve_many(clue: Clue, lines: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The oracle's answers for every row of ``lines`` (:func:`tests.oracle.solve_many`)."""
    return oracle.solve_many([b for b, _ in clue], lines, [c for _, c in clue])


def cases(n: int) -> list[tuple[Clue, int]]:
    """(clue, values mask) for length ``n``: the canonical clues over their own values, the
    single-colour clues again in colour 2, and colour 1 with stray colour bits 2 and 3."""
    out = []
    for clue in canonical_clues(n):
        used = {c for _, c in clue}
        mask = 1
        for c in used:
            mask |= 1 << c
        out.append((clue, mask))
        if used == {1}:
            out.append((tuple((b, 2) for b, _ in clue), 0b101))
            out.append((clue, 0b1111))
    return out


def subset_lines(n: int, mask: int) -> np.ndarray:
    """Every line of ``n`` cells whose cells are non-empty subsets of ``mask``."""
    values = [v for v in range(1, mask + 1) if v & ~mask == 0]
    return np.array(list(itertools.product(values, repeat=n)), dtype=np.uint32).reshape(-1, n)


def unknown_or_one_lines(n: int, mask: int) -> np.ndarray:
    """Every line of ``n`` cells whose cells are all of ``mask`` or one of its values."""
    values = [mask] + [1 << b for b in range(32) if mask >> b & 1]
    return np.array(list(itertools.product(values, repeat=n)), dtype=np.uint32).reshape(-1, n)


def run(method: int, clue: Clue, lines: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Solve every row of ``lines`` with ``method`` through the compiled batch driver."""
    blocks = np.array([b for b, _ in clue], dtype=np.int32)
    colors = np.array([c for _, c in clue], dtype=np.int32)
    out = np.empty_like(lines)
    status = np.empty(len(lines), dtype=np.int64)
    kernels.solve_batch(method, blocks, colors, lines, out, status)
    return out, status


def check(clue: Clue, lines: np.ndarray, idempotent: bool = False) -> tuple[int, int]:
    """Check the four linesolvers on ``clue`` and every row of ``lines``; returns the pairs
    checked per linesolver and how many of them were contradictions."""
    fits, want = solve_many(clue, lines)
    for name, method in METHODS.items():
        if name == "complete" and len(lines[0]) > 12:
            continue
        out, status = run(method, clue, lines)
        wrong = (status == kernels.CONTRADICTION) != ~fits
        if wrong.any():
            s = np.flatnonzero(wrong)[0]
            pytest.fail(f"{name}, clue {clue}, line {lines[s].tolist()}: status {status[s]}, "
                        f"oracle {'none fits' if not fits[s] else want[s].tolist()}")
        assert np.isin(status[fits], (kernels.UNCHANGED, kernels.CHANGED)).all()
        got, exp, before = out[fits], want[fits], lines[fits]
        if name in COMPLETE:
            bad = (got != exp).any(axis=1)
        else:  # sound: keeps every value the oracle allows, and never adds one
            bad = ((exp & ~got) != 0).any(axis=1) | ((got & ~before) != 0).any(axis=1)
        if bad.any():
            s = np.flatnonzero(bad)[0]
            pytest.fail(f"{name}, clue {clue}, line {before[s].tolist()}: got {got[s].tolist()}, "
                        f"oracle {exp[s].tolist()}")
        changed = (got != before).any(axis=1)
        assert ((status[fits] == kernels.CHANGED) == changed).all(), f"{name}: status vs change"
        if idempotent:
            again, status2 = run(method, clue, got)
            assert (status2 == kernels.UNCHANGED).all() and np.array_equal(again, got), name
    return len(lines), int((~fits).sum())


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_every_subset_line_up_to_length_4(n):
    pairs = contradictions = 0
    for clue, mask in cases(n):
        p, c = check(clue, subset_lines(n, mask), idempotent=n <= 3)
        pairs += p
        contradictions += c
    assert pairs == {1: 21, 2: 535, 3: 18_463, 4: 741_097}[n]
    assert contradictions > 0


@pytest.mark.parametrize("n", [5, 6, 7, 8])
def test_sampled_lines_of_length_5_to_8(n):
    rng = np.random.default_rng(n)
    pairs = 0
    every = cases(n)
    for clue, mask in every:
        if rng.random() > 300 / len(every):
            continue  # about 300 clues a length
        values = np.array([v for v in range(1, mask + 1) if v & ~mask == 0], dtype=np.uint32)
        lines = values[rng.integers(0, len(values), size=(100, n))]
        lines[rng.random((100, n)) < 0.5] = mask
        pairs += check(clue, lines, idempotent=True)[0]
    assert pairs >= 10_000


@pytest.mark.slow
def test_every_subset_line_of_length_5():
    pairs = sum(check(clue, subset_lines(5, mask))[0] for clue, mask in cases(5))
    assert pairs == 36_318_316


@pytest.mark.slow
@pytest.mark.parametrize("n", [6, 7])
def test_every_unknown_or_one_value_line_of_length_6_and_7(n):
    pairs = sum(check(clue, unknown_or_one_lines(n, mask))[0] for clue, mask in cases(n))
    assert pairs == {6: 3_075_289, 7: 52_291_012}[n]


@pytest.mark.nojit
def test_the_colour_kernels_source_runs_as_python():
    """Run with NUMBA_DISABLE_JIT=1 too (tools/run_tests.py): the kernels' Python source."""
    pairs = 0
    for n in (1, 2, 3):
        for clue, mask in cases(n):
            if len({c for _, c in clue}) > 1 or clue[0][1] == 2:
                lines = subset_lines(n, mask) if n < 3 else unknown_or_one_lines(n, mask)
                pairs += check(clue, lines, idempotent=True)[0]
    assert pairs > 500


def test_renaming_colours_changes_nothing():
    """Colours up to 31 (bit 31 of a uint32 cell) behave like 1 to 3."""
    rng = np.random.default_rng(31)
    for n in (3, 4, 5, 6):
        for clue, mask in cases(n)[::3]:
            names = rng.permutation(np.arange(2, 31))[:3]
            names[rng.integers(0, 3)] = 31
            rename = {1: int(names[0]), 2: int(names[1]), 3: int(names[2])}
            values = np.array([v for v in range(1, mask + 1) if v & ~mask == 0], dtype=np.uint32)
            lines = values[rng.integers(0, len(values), size=(30, n))]

            def renamed(a: np.ndarray) -> np.ndarray:
                r = a & 1
                for old, new in rename.items():
                    r |= ((a >> old) & 1) << new
                return r.astype(np.uint32)

            other = tuple((b, rename[c]) for b, c in clue)
            for method in METHODS.values():
                out, status = run(method, clue, lines)
                out2, status2 = run(method, other, renamed(lines))
                assert np.array_equal(status, status2)
                ok = status >= 0
                assert np.array_equal(renamed(out[ok]), out2[ok]), (clue, other)


def test_seed_001_worked_example_in_colour():
    """Seed 001's worked line, its blocks in colour 2 (the colour kernels), and with its blocks
    alternating colours 2 and 3 on an open line (where they may touch)."""
    text = "-----???????????-#----#????????--??#"
    code = {"-": 1, "#": 2, "?": 3}
    bw = np.array([[code[ch] for ch in text]], dtype=np.uint32)
    clue = ((1, 1), (5, 1), (1, 1), (1, 1), (1, 1))
    want, _ = run(kernels.FCOMP, clue, bw)
    expected = "-----???????????-#----#????-???--?-#"
    assert "".join("?-#"[{3: 0, 1: 1, 2: 2}[v]] for v in want[0]) == expected
    to2 = ((bw >> 1) & 1) << 2 | (bw & 1)
    for name, method in METHODS.items():
        out, status = run(method, tuple((b, 2) for b, _ in clue), to2)
        back = ((out >> 2) & 1) << 1 | (out & 1)
        if name in COMPLETE:
            assert np.array_equal(back, want), name
    alternating = ((1, 2), (5, 3), (1, 2), (1, 3), (1, 2))
    check(alternating, np.full((1, 36), 0b1101, dtype=np.uint32), idempotent=True)
    check(alternating, np.full((1, 9), 0b1101, dtype=np.uint32), idempotent=True)
    out, status = run(kernels.FAST, alternating, np.full((1, 9), 0b1101, dtype=np.uint32))
    # 9 cells, 9 block cells, no gap needed between colours: every cell is forced
    assert status[0] == kernels.CHANGED and out[0].tolist() == [4, 8, 8, 8, 8, 8, 4, 8, 4]


def test_touching_and_gaps():
    """Hand-made cases of the colour rule."""
    red, blue = 1 << 2, 1 << 3
    any3 = 1 | red | blue
    # two reds need a gap: "r r" on 3 cells is fixed; "r b" on 2 cells is fixed
    assert run(kernels.FCOMP, ((1, 2), (1, 2)), np.full((1, 3), any3, np.uint32))[0][0].tolist() \
        == [red, 1, red]
    assert run(kernels.FCOMP, ((1, 2), (1, 3)), np.full((1, 2), any3, np.uint32))[0][0].tolist() \
        == [red, blue]
    # two reds on 2 cells: no room
    for method in METHODS.values():
        assert run(method, ((1, 2), (1, 2)), np.full((1, 2), any3, np.uint32))[1][0] == -1
    # a cell that is red or blue but not empty must be covered
    line = np.array([[any3, red | blue, any3, any3]], dtype=np.uint32)
    for method in METHODS.values():
        out, status = run(method, ((1, 3),), line)
        assert out[0].tolist() == [1, blue, 1, 1], method


def test_the_dispatcher_checks_colours():
    blocks = np.array([1], np.int32)
    line = np.full(3, 0b111, np.uint32)
    out = np.empty_like(line)
    iwork = np.zeros(kernels.work_size(3, 1), np.int32)
    for bad in (0, -1, 32, 99):
        assert kernels.solve_line(np.int32(kernels.FCOMP), blocks, np.array([bad], np.int32), line, out,
                                  iwork) == kernels.REFUSED
    # colour 2 is solved; colour 1 is impossible in this line, so it is removed
    assert kernels.solve_line(np.int32(kernels.FCOMP), blocks, np.array([2], np.int32), line, out,
                              iwork) == kernels.CHANGED
    assert out.tolist() == [0b101] * 3
    short = np.zeros(kernels.work_size(3, 1) - 1, np.int32)
    assert kernels.solve_line(np.int32(kernels.FCOMP), blocks, np.array([2], np.int32), line, out,
                              short) == kernels.REFUSED


@st.composite
def coloured_line(draw):
    """A line of length 9 to 40 cut from a random picture in 3 colours, some cells revealed,
    some narrowed to a random subset that keeps the picture's value."""
    n = draw(st.integers(9, 40))
    picture = draw(st.lists(st.integers(0, 3), min_size=n, max_size=n))
    clue = []
    i = 0
    while i < n:
        if picture[i]:
            j = i
            while j < n and picture[j] == picture[i]:
                j += 1
            clue.append((j - i, picture[i]))
            i = j
        else:
            i += 1
    cells = []
    for v in picture:
        kind = draw(st.integers(0, 3))
        value = 1 << v
        if kind == 0:
            cells.append(value)
        elif kind == 1:
            cells.append(value | draw(st.integers(0, 15)))
        else:
            cells.append(15)
    return tuple(clue), np.array([cells], dtype=np.uint32), picture


@given(coloured_line())
def test_long_lines_agree_and_keep_the_picture(case):
    clue, line, picture = case
    if not clue:
        return
    answers = {}
    for name, method in METHODS.items():
        if name == "complete" and len(clue) > 8:
            continue
        out, status = run(method, clue, line)
        assert status[0] >= 0, name  # the picture fits
        assert all(out[0][i] >> picture[i] & 1 for i in range(len(picture))), name
        again, status2 = run(method, clue, out)
        assert status2[0] == kernels.UNCHANGED and np.array_equal(again, out), name
        answers[name] = out[0]
    assert np.array_equal(answers["fcomp"], answers["olsak"])
    if "complete" in answers:
        assert np.array_equal(answers["fcomp"], answers["complete"])
    assert ((answers["fcomp"] & ~answers["fast"]) == 0).all()
    if len(picture) <= 14:
        fits, want = solve_many(clue, line)
        assert fits[0] and np.array_equal(want[0], answers["fcomp"])
