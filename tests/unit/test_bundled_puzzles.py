"""Every bundled puzzle loads from the installed package, carries its metadata, and has exactly
one solution, proven by the test-side puzzle oracle (tests/naive_count.py, itself held to brute
force in tests/unit/engine/test_naive_count.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from nonotui.kinds.nonogram import formats
from nonotui.store import DataDir
from nonotui.store.catalog import Catalog
from tests.naive_count import solutions

REPO = Path(__file__).resolve().parents[2]
ENTRIES = [e for e in Catalog(DataDir(REPO / "unused")).bundled()
           if e.puzzle is None or e.puzzle.kind_name == "nonogram"]
"""The bundled nonograms (the bundled Aquarium puzzles: tests/unit/aquarium/test_bundled.py)."""


def test_there_are_at_least_15_from_5x5_to_40x40() -> None:
    assert len(ENTRIES) >= 15
    sizes = [(e.puzzle.width, e.puzzle.height) for e in ENTRIES if e.puzzle]
    assert min(sizes) == (5, 5) and max(sizes) == (40, 40)


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.name)
def test_bundled_puzzle_loads_with_metadata_and_a_unique_solution(entry) -> None:
    assert entry.error is None
    puzzle = entry.puzzle
    assert puzzle.title and puzzle.author == "nonotui contributors"
    assert puzzle.license == "CC0-1.0"
    assert puzzle.goal is not None  # Puzzle validated the goal against the clues on load
    # colour puzzles (tools/draw_colour_puzzles.py) go through the same solver, with colours
    found = solutions(
        puzzle.rows,
        puzzle.columns,
        cap=2,
        row_colors=puzzle.row_colors,
        column_colors=puzzle.column_colors,
    )
    assert len(found) == 1, f"{entry.name} has more than one solution"
    assert found[0] == tuple(map(tuple, puzzle.goal))


def test_files_are_what_the_drawing_script_writes() -> None:
    sys.path.insert(0, str(REPO / "tools"))
    try:
        import draw_puzzles
    finally:
        sys.path.pop(0)
    for name, (title, picture) in draw_puzzles.pictures().items():
        text = (REPO / "puzzles" / f"{name}.non").read_text(encoding="utf-8")
        assert text == draw_puzzles.to_non(title, picture), f"run tools/draw_puzzles.py ({name})"
        assert formats.parse(text, f"{name}.non")[0].title == title


def test_the_checker_sees_a_second_solution() -> None:
    assert len(solutions([[1], [1]], [[1], [1]])) == 2
    # Tatham's example id: unique, but not by line logic alone
    assert len(solutions([[1, 1], [2], [1], [1]], [[2], [1], [2], [1]])) == 1
