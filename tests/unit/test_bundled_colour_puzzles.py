"""The bundled colour puzzles: drawn for nonotui (tools/draw_colour_puzzles.py), CC0, 10x10 to
30x30 with 2 to 6 colours, and each proven to have exactly one solution by the test-side puzzle
oracle (tests/naive_count.py), which shares nothing with the engine."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from nonotui.kinds.nonogram import formats
from tests.naive_count import line_solvable, solutions

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tools"))
try:
    import draw_colour_puzzles as draw
finally:
    sys.path.pop(0)

DRAWINGS = draw.drawings()


def test_there_are_at_least_eight_with_two_to_six_colours() -> None:
    assert len(DRAWINGS) >= 8
    counts = {len(palette) for _, _, palette, _ in DRAWINGS.values()}
    assert min(counts) == 2 and max(counts) == 6
    # at least one is drawn on a background that is not white
    assert any(background != "#ffffff" for _, background, _, _ in DRAWINGS.values())


@pytest.mark.parametrize("name", sorted(DRAWINGS))
def test_colour_puzzle_file_is_the_drawing_and_has_one_solution(name: str) -> None:
    title, background, palette, rows = DRAWINGS[name]
    path = REPO / "puzzles" / f"{name}.non"
    text = path.read_text(encoding="utf-8")
    assert text == draw.to_non(title, background, palette, rows), "run tools/draw_colour_puzzles.py"
    puzzle = formats.load(path)
    assert puzzle.title == title and puzzle.author == "nonotui contributors"
    assert puzzle.license == "CC0-1.0"
    assert puzzle.is_color and puzzle.n_colors == len(palette)
    assert 10 <= puzzle.width <= 30 and 10 <= puzzle.height <= 30
    assert puzzle.colors[0].rgb == background
    assert [(c.char, c.rgb) for c in puzzle.colors[1:]] == palette
    # every colour has a readable name (the player and the hints say it), not a bare #rrggbb
    assert not any(c.name.startswith("#") for c in puzzle.colors), puzzle.colors
    chars = "." + "".join(c for c, _ in palette)
    assert puzzle.goal == tuple(tuple(chars.index(ch) for ch in row) for row in rows)
    kw = dict(row_colors=puzzle.row_colors, column_colors=puzzle.column_colors)
    found = solutions(puzzle.rows, puzzle.columns, cap=2, **kw)
    assert found == [tuple(map(tuple, puzzle.goal))], f"{name} is not unique"
    # none needs guessing: a player can finish each one by line logic
    assert line_solvable(puzzle.rows, puzzle.columns, **kw)


def test_the_solver_would_see_a_second_colour_solution() -> None:
    # the ladybird's antennae drawn as two diagonals can be swapped: the check must notice
    title, background, palette, rows = DRAWINGS["ladybird"]
    ambiguous = [".k......k.", "..k....k.."] + rows[2:]
    puzzle = formats.parse(draw.to_non(title, background, palette, ambiguous), "x.non")[0]
    kw = dict(row_colors=puzzle.row_colors, column_colors=puzzle.column_colors)
    assert len(solutions(puzzle.rows, puzzle.columns, cap=2, **kw)) == 2
