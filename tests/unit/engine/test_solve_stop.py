"""Stopping a long search: cancellation, timeout and progress reports on a puzzle that needs search.

Webpbn #6574 "Forever" (../shared/bench/survey) cannot be finished by line logic and probing, so
the engine is still searching when it is told to stop. The tests assert what the search returns,
never how long it took: wall times belong to ``benchmarks/solve.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from nonotui.kinds.nonogram.engine.search import Progress, solve
from nonotui.kinds.nonogram.formats import load
from nonotui.kinds.nonogram.puzzle import Puzzle
from tests.conftest import HARD_PUZZLE
from tests.naive_count import check_solutions


def solution_cells(result) -> list:
    """The solutions' cell bitsets as plain lists, for the oracle's check."""
    return [b.cells.tolist() for b in result.solutions]


@pytest.fixture
def forever(bench: Path) -> Puzzle:
    """A puzzle the search does not decide in seconds (tests/conftest.py's ``HARD_PUZZLE``; the
    fixture kept its name from Forever, then Knotty, which the search now decides), with the
    kernels loaded first so that a short timeout is spent searching."""
    solve(Puzzle(rows=((1,),), columns=((1,),)))
    solve(Puzzle(rows=((1,),), columns=((1,),)), strategy="cdcl")
    return load(HARD_PUZZLE)


def test_should_stop_cancels_and_returns_what_was_found(forever: Puzzle) -> None:
    calls = 0

    def should_stop() -> bool:
        nonlocal calls
        calls += 1
        return calls >= 3

    result = solve(forever, should_stop=should_stop)
    assert result.status == "cancelled"
    assert calls >= 3
    # partial results are still real solutions (at most one: the puzzle is unique)
    assert len(check_solutions(forever.rows, forever.columns, solution_cells(result))) <= 1


def test_timeout_stops_the_search(forever: Puzzle) -> None:
    result = solve(forever, timeout=0.2)
    assert result.status == "timeout"
    assert len(check_solutions(forever.rows, forever.columns, solution_cells(result))) <= 1
    assert result.stats.probes + result.stats.guesses > 0


def test_cancel_wins_over_a_later_timeout(forever: Puzzle) -> None:
    result = solve(forever, timeout=3600, should_stop=lambda: True)
    assert result.status == "cancelled"


def test_progress_is_reported_while_searching(forever: Puzzle) -> None:
    events: list[Progress] = []
    result = solve(forever, timeout=0.3, on_progress=events.append)
    assert result.status == "timeout"
    assert events, "no progress event in 0.3 s of search"
    cells = forever.width * forever.height
    for event in events:
        assert event.cells == cells
        assert 0 <= event.decided <= cells
        assert event.depth >= 0 and event.solutions >= 0
    # counters only grow while one search runs
    assert [e.guesses for e in events] == sorted(e.guesses for e in events)
    assert [e.seconds for e in events] == sorted(e.seconds for e in events)
