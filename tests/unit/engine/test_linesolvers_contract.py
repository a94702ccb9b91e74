"""The linesolver contract on long lines, by hypothesis, against the memoised oracle.

Lines up to 80 cells with random clues and random partial knowledge, fully known lines that may
break their clue, and lines cut from real puzzles' pictures in ../shared/bench. JIT only: the
kernels' Python source is exercised by the smaller ``nojit`` tests.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from nonotui.kinds.nonogram.engine import NAMES
from tests.benchdata import BENCH, BENCH_LINES
from tests.contract import check, run
from tests.oracle import count_arrangements, reference, runs

COMPLETE_LIMIT = 100_000
"""complete enumerates every arrangement: lines with more than this many (a few hundredths of a
second's work for it) are left out for complete, while the other linesolvers get every line."""

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def partial_lines(draw, max_len: int = 80):
    """``(clue, line)``: a line cut from a random picture with some cells known, sometimes
    disturbed (a known cell flipped) or given an unrelated clue, so that some are inconsistent."""
    rnd = draw(st.randoms(use_true_random=False))
    n = draw(st.integers(1, max_len))
    density = draw(st.sampled_from((0.2, 0.4, 0.5, 0.6, 0.8)))
    picture = [rnd.random() < density for _ in range(n)]
    known = draw(st.sampled_from((0.0, 0.1, 0.3, 0.5, 0.7, 0.9, 1.0)))
    cells = [("#" if p else "-") if rnd.random() < known else "?" for p in picture]
    clue = runs(picture)
    twist = draw(st.sampled_from(("none", "none", "flip", "clue")))
    if twist == "flip":
        i = rnd.randrange(n)
        cells[i] = "-" if picture[i] else "#"
    elif twist == "clue":
        clue = tuple(draw(st.lists(st.integers(1, max(1, n // 3)), max_size=max(1, n // 4))))
    return clue, "".join(cells)


def _check_all(clue, line):
    expected = reference(clue, line)
    for method in NAMES:
        if method == "complete" and count_arrangements(clue, line) > COMPLETE_LIMIT:
            continue
        check(method, clue, line, expected)


@settings(SETTINGS, max_examples=300)
@given(partial_lines())
def test_random_lines_up_to_80_cells(case):
    _check_all(*case)


@SETTINGS
@given(
    st.lists(st.booleans(), min_size=1, max_size=80),
    st.lists(st.integers(1, 8), max_size=10).map(tuple),
    st.booleans(),
)
def test_fully_known_lines(filled, other_clue, use_own_clue):
    """A fully known line is returned as it is when it has the clue, and is a contradiction when
    it breaks it: the whole-puzzle solver relies on this to check a finished grid."""
    line = "".join("#" if f else "-" for f in filled)
    clue = runs(filled) if use_own_clue else other_clue
    for method in NAMES:
        assert run(method, clue, line) == (line if clue == runs(filled) else None), method


@pytest.mark.skipif(not BENCH_LINES, reason="../shared/bench is not there")
@SETTINGS
@given(st.data())
def test_lines_from_real_puzzles(data):
    where, solved = data.draw(st.sampled_from(BENCH_LINES), label="line")
    rnd = data.draw(st.randoms(use_true_random=False))
    known = data.draw(st.sampled_from((0.0, 0.2, 0.4, 0.6, 0.8)), label="known")
    line = "".join(c if rnd.random() < known else "?" for c in solved)
    clue = runs([c == "#" for c in solved])
    assume(count_arrangements(clue, line) > 1 or known > 0.5)  # keep mostly lines with work in them
    _check_all(clue, line)


@pytest.mark.skipif(not BENCH_LINES, reason="../shared/bench is not there")
def test_every_real_line_from_scratch():
    """Every row and column of the bench pictures, all cells unknown, as a solver first sees it."""
    cases = {(runs([c == "#" for c in solved]), len(solved)) for _, solved in BENCH_LINES}
    for clue, n in sorted(cases):
        _check_all(clue, "?" * n)


def test_every_survey_clue_from_scratch():
    """Every row and column clue of the survey puzzles (Wolter's solver survey, including the
    hard Knotty and Faase), all cells unknown, read with the project's own .nin reader."""
    nin = pytest.importorskip(
        "nonotui.kinds.nonogram.formats.nin", reason="the .nin reader is not importable",
        exc_type=ImportError,
    )
    survey = BENCH / "survey"
    if not survey.is_dir():
        pytest.skip("../shared/bench is not there")
    cases = set()
    for path in sorted(survey.glob("*.nin")):
        for puzzle in nin.read(path.read_text(encoding="utf-8"), str(path)):
            width, height = len(puzzle.columns), len(puzzle.rows)
            cases |= {(tuple(clue), width) for clue in puzzle.rows}
            cases |= {(tuple(clue), height) for clue in puzzle.columns}
    assert len(cases) > 500
    for clue, n in sorted(cases):
        _check_all(clue, "?" * n)
