"""``generate --colors N``: colour puzzles made unique by the engine's search, checked here by the
test-side puzzle oracle (tests/naive_count.py), which shares nothing with the engine; the same
recipe gives the same puzzle, ids carry the colours, and the command line."""

from __future__ import annotations

import pytest

from nonotui import kinds
from nonotui.cli import main
from nonotui.errors import EXIT_USAGE
from nonotui.kinds.nonogram.generate import GeneratorError, Recipe, generate, parse_id
from nonotui.model.vocab import Cancelled
from tests import naive_count as naive

RECIPES = [
    Recipe(6, 6, 1, "none", 55, 0, 2),
    Recipe(7, 5, 2, "horizontal", 60, 0, 3),
    Recipe(8, 8, 3, "both", 50, 0, 2),
    Recipe(6, 7, 4, "vertical", 55, 0, 4),
    Recipe(12, 12, 5, "none", 55, 0, 3),
    Recipe(15, 15, 6, "none", 60, 0, 6),
    Recipe(20, 16, 7, "horizontal", 55, 0, 5),
    # sparse ones whose first picture has a second solution: the repair has to work
    Recipe(6, 6, 2, "none", 40, 0, 2),
    Recipe(7, 6, 4, "horizontal", 40, 0, 2),
    Recipe(6, 6, 10, "none", 40, 0, 2),
]
REPAIRED = RECIPES[-3:]


def _mirrored(picture, symmetry: str) -> bool:  # type: ignore[no-untyped-def]
    rows = [list(r) for r in picture]
    ok = True
    if symmetry in ("horizontal", "both"):
        ok &= all(r == r[::-1] for r in rows)
    if symmetry in ("vertical", "both"):
        ok &= rows == rows[::-1]
    return ok


@pytest.mark.parametrize("recipe", RECIPES, ids=lambda r: r.id)
def test_colour_puzzles_are_unique_by_the_oracle(recipe: Recipe) -> None:
    made = generate(recipe)
    puzzle = made.puzzle
    assert puzzle.catalogue == recipe.id and ":c" in recipe.id
    assert puzzle.is_color and puzzle.n_colors == recipe.colors
    assert (puzzle.width, puzzle.height) == (recipe.width, recipe.height)
    goal = puzzle.goal
    assert goal is not None
    assert {v for row in goal for v in row} == set(range(recipe.colors + 1))
    assert _mirrored(goal, recipe.symmetry)
    kw = dict(row_colors=puzzle.row_colors, column_colors=puzzle.column_colors)
    assert naive.solutions(puzzle.rows, puzzle.columns, cap=2, **kw) == [tuple(map(tuple, goal))]


def test_the_repair_path_is_taken() -> None:
    # their first pictures were not unique: cells were changed where two solutions differ
    assert all(generate(recipe).fixups >= 1 for recipe in REPAIRED)


def test_the_same_recipe_gives_the_same_puzzle_and_its_id_reads_back() -> None:
    recipe = RECIPES[1]
    assert generate(recipe).puzzle == generate(recipe).puzzle
    assert parse_id(recipe.id) == recipe
    assert recipe.id == "gen2:7x5:g0:hsym:d60:c3:2"
    # black-and-white ids are unchanged
    assert parse_id("gen2:15x15:g0:nosym:d55:42").colors == 1
    assert Recipe(15, 15, 42).id == "gen2:15x15:g0:nosym:d55:42"
    # a colour puzzle is never rated: its gen1 id gives the same picture as its gen2 id
    old, new = generate(parse_id("gen1:7x5:g0:hsym:d60:c3:2")).puzzle, generate(recipe).puzzle
    assert old.catalogue == "gen1:7x5:g0:hsym:d60:c3:2" and old.author == "nonotui generator 1"
    assert (old.rows, old.columns, old.goal) == (new.rows, new.columns, new.goal)
    # another colour count is another puzzle
    assert generate(Recipe(7, 5, 2, "horizontal", 60, 0, 2)).puzzle != generate(recipe).puzzle


def test_bad_colour_recipes_are_refused() -> None:
    with pytest.raises(GeneratorError, match="colours must be from 1 to 6"):
        generate(Recipe(10, 10, 1, colors=7))
    with pytest.raises(GeneratorError, match="black-and-white puzzles only"):
        generate(Recipe(10, 10, 1, grade=2, colors=3))
    with pytest.raises(GeneratorError, match="colours must be from 1 to 6"):
        parse_id("gen1:10x10:g0:nosym:d55:c9:1")


def test_a_colour_generation_can_be_cancelled() -> None:
    with pytest.raises(Cancelled):
        generate(Recipe(12, 12, 9, colors=3), should_stop=lambda: True)


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_generate_colors_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, "generate", "9x7", "--colors", "3", "--seed", "11")
    assert code == 0 and err.split() == ["gen2:9x7:g0:nosym:d55:c3:11"]
    assert "color r #ff0000" in out and "color b #0000ff" in out and "color g #00ff00" in out
    (puzzle,) = kinds.parse(out, "out.non")[1]
    assert puzzle.n_colors == 3 and [c.name for c in puzzle.colors[1:]] == ["red", "blue", "green"]
    kw = dict(row_colors=puzzle.row_colors, column_colors=puzzle.column_colors)
    assert naive.count(puzzle.rows, puzzle.columns, cap=2, **kw) == 1
    code, shown, _ = _run(capsys, "show", "gen2:9x7:g0:nosym:d55:c3:11")
    assert code == 0 and "3 colours (red, blue, green)" in shown
    for argv in (["--colors", "7"], ["--colors", "0"], ["--colors", "2", "--grade", "3"]):
        code, _, err = _run(capsys, "generate", "9x7", *argv)
        assert code == EXIT_USAGE and err.count("\n") == 1, argv
