"""The generator: unique puzzles (checked by the puzzle oracle, tests/naive_count.py, never by the
engine), reproducible ids, symmetry, density and no empty or full lines."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nonotui.kinds.nonogram import generate as gen
from nonotui.kinds.nonogram.generate import Recipe, generate, parse_id
from nonotui.kinds.nonogram.puzzle import Puzzle
from nonotui.kinds.nonogram.rng import SplitMix64
from tests import naive_count as naive


def _recipes(sizes: range, per_size: int, first_seed: int) -> list[Recipe]:
    out = []
    for side in sizes:
        for k in range(per_size):
            width = side
            height = max(gen.MIN_SIZE, side - k % 3)  # some puzzles are not square
            symmetry = gen.SYMMETRIES[k % len(gen.SYMMETRIES)]
            density = 30 + (k * 7) % 45
            out.append(Recipe(width, height, first_seed + 1000 * side + k, symmetry, density))
    return out


FAST = _recipes(range(5, 13), 40, 1)
"""320 small puzzles for the default run."""
SLOW = _recipes(range(13, 26), 8, 7)
"""104 larger ones, up to 25x25, for the slow sweep."""


def _picture(puzzle: Puzzle) -> list[list[int]]:
    assert puzzle.goal is not None
    return [list(row) for row in puzzle.goal]


def _check_puzzle(recipe: Recipe) -> None:
    made = generate(recipe)
    puzzle, picture = made.puzzle, _picture(made.puzzle)
    w, h = recipe.width, recipe.height
    assert (puzzle.width, puzzle.height) == (w, h)
    # the clues are the picture's, read off by the oracle's own code
    assert naive.clues_of(picture) == (puzzle.rows, puzzle.columns)
    # exactly one solution, the picture, found by the oracle's line logic alone
    assert naive.line_solvable(puzzle.rows, puzzle.columns), recipe.id
    assert naive.solutions(puzzle.rows, puzzle.columns, cap=2) == [
        tuple(map(tuple, picture))], recipe.id
    # no empty or full row or column
    assert all(0 < sum(row) < w for row in picture), recipe.id
    assert all(0 < sum(col) < h for col in zip(*picture)), recipe.id
    # symmetry
    if recipe.symmetry in ("horizontal", "both"):
        assert all(row == row[::-1] for row in picture), recipe.id
    if recipe.symmetry in ("vertical", "both"):
        assert picture == picture[::-1], recipe.id
    # density: the threshold's, moved only by the few cells the mending and fix-ups flipped
    filled = sum(map(sum, picture))
    allowed = 4 * (made.fixups + 2) + w + h  # each flip moves at most 4 cells
    assert abs(filled - recipe.density * w * h / 100) <= allowed, recipe.id
    assert puzzle.catalogue == recipe.id
    assert puzzle.description is not None and f"seed {recipe.seed}" in puzzle.description


@pytest.mark.parametrize("recipe", FAST, ids=lambda r: r.id)
def test_small_generated_puzzles_are_unique_pictures(recipe: Recipe) -> None:
    _check_puzzle(recipe)


@pytest.mark.slow
@pytest.mark.parametrize("recipe", SLOW, ids=lambda r: r.id)
def test_larger_generated_puzzles_are_unique_pictures(recipe: Recipe) -> None:
    _check_puzzle(recipe)


def test_splitmix64_gives_the_reference_outputs() -> None:
    # the published SplitMix64 outputs for seed 1234567
    rng = SplitMix64(1234567)
    assert [rng.next() for _ in range(3)] == [
        6457827717110365317, 3203168211198807973, 9817491932198370423]
    rng = SplitMix64(5)
    draws = [rng.below(7) for _ in range(200)]
    assert set(draws) == set(range(7))


PINNED = {
    "gen1:8x6:g0:nosym:d50:2026": [
        "##.#####",
        "...####.",
        "..###...",
        "...####.",
        "....####",
        ".....###",
    ],
    # two cells flipped by the fix-up: pins the random choice among undecided cells too
    "gen1:10x8:g0:nosym:d50:3": [
        "##......##",
        "####....##",
        "######...#",
        "######....",
        "#######...",
        ".###...##.",
        ".......###",
        ".......###",
    ],
    "gen1:9x7:g0:hvsym:d45:11": [
        "....#....",
        "#...#...#",
        "####.####",
        "##.....##",
        "####.####",
        "#...#...#",
        "....#....",
    ],
}


@pytest.mark.parametrize("spec", sorted(PINNED))
def test_pinned_ids_give_the_same_pictures_on_every_machine_and_version(spec: str) -> None:
    made = generate(parse_id(spec))
    assert ["".join("#" if v else "." for v in row) for row in _picture(made.puzzle)] == (
        PINNED[spec])
    assert made.recipe.id == spec


@pytest.mark.parametrize("spec", sorted(PINNED))
def test_an_ungraded_recipe_gives_the_same_picture_at_either_version(spec: str) -> None:
    # g0 is never rated, so the ladder and rating that gen2 changed are not part of it: gen1 and
    # gen2 differ in the id and the words only
    old, new = (generate(parse_id(s)) for s in (spec, spec.replace("gen1:", "gen2:", 1)))
    assert _picture(new.puzzle) == _picture(old.puzzle)
    assert (new.fixups, new.restarts, new.flips_total) == (
        old.fixups, old.restarts, old.flips_total)
    assert (old.recipe.version, new.recipe.version) == (1, 2)
    assert old.puzzle.author == "nonotui generator 1"
    assert new.puzzle.catalogue == new.recipe.id == spec.replace("gen1:", "gen2:", 1)


def test_the_fixup_path_is_pinned() -> None:
    assert generate(parse_id("gen1:10x8:g0:nosym:d50:3")).fixups == 2
    # a long way: 35 flips over two fields, 27 of them in the one kept
    made = generate(parse_id("gen1:30x30:g0:nosym:d20:2"))
    assert (made.fixups, made.restarts, made.flips_total) == (27, 1, 35)
    assert made.puzzle.identity == (
        "7064922781efe7ce4df407c1b454dcf93a44278ec364781e61d66f0bf2bbc37a")


def test_the_same_recipe_gives_the_same_puzzle() -> None:
    for recipe in FAST[::37]:
        first, again = generate(recipe), generate(recipe)
        assert first.puzzle == again.puzzle
        assert (first.fixups, first.restarts) == (again.fixups, again.restarts)
    assert generate(Recipe(10, 10, 1)).puzzle != generate(Recipe(10, 10, 2)).puzzle


@pytest.mark.parametrize("recipe", FAST[::53], ids=lambda r: r.id)
def test_ids_round_trip(recipe: Recipe) -> None:
    assert recipe.id.startswith(f"gen{gen.VERSION}:")
    assert parse_id(recipe.id) == recipe
    old = replace(recipe, version=1)
    assert old.id == "gen1:" + recipe.id.split(":", 1)[1]
    assert parse_id(old.id) == old


@pytest.mark.parametrize(("spec", "words"), [
    ("gen1:4x9:g0:nosym:d50:1", "width must be from 5"),
    ("gen1:9x81:g0:nosym:d50:1", "height must be from 5"),
    ("gen1:9x9:g0:nosym:d95:1", "density must be from 20 to 80"),
    ("gen1:9x9:g6:nosym:d50:1", "grade must be from 1 to 5"),
    ("gen1:9x9:g0:sideways:d50:1", "unknown symmetry"),
    ("gen3:9x9:g0:nosym:d50:1", "generator version 3, newer than this nonotui's 2"),
    ("gen0:9x9:g0:nosym:d50:1", "no generator version 0; this nonotui opens gen1 and gen2 ids"),
    ("gen1:9x9:nosym:d50:1", "not a generator id"),
    ("gen1:9x9:g0:nosym:d50:18446744073709551616", "seed must be from 0"),
])
def test_bad_ids_say_what_is_wrong(spec: str, words: str) -> None:
    with pytest.raises(gen.GeneratorError, match=words):
        parse_id(spec)


def test_the_fixup_makes_an_ambiguous_picture_line_solvable() -> None:
    # random noise with 32 solutions (by the counter), of which line logic decides no cell
    picture = [[0, 0, 0, 0, 1, 0], [0, 0, 0, 1, 0, 1], [0, 1, 0, 0, 0, 1], [0, 1, 0, 0, 0, 1],
               [0, 0, 1, 0, 0, 0], [1, 1, 0, 0, 1, 0]]
    assert naive.count(*naive.clues_of(picture), cap=40) == 32
    assert len(gen.undecided(picture)) == 36
    solved, flips = gen.make_line_solvable(picture, SplitMix64(0), "none", 40)
    assert solved and flips > 0
    rows, columns = naive.clues_of(picture)
    assert naive.count(rows, columns, cap=2) == 1


def test_an_id_asked_again_is_not_generated_again(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[Recipe] = []
    real = gen.generate

    def counting(recipe: Recipe, fixup_budget: int | None = None) -> gen.Generated:
        calls.append(recipe)
        return real(recipe, fixup_budget)

    monkeypatch.setattr(gen, "generate", counting)
    spec = "gen1:7x7:g0:vsym:d60:123456"
    first = gen.read_id(spec)
    assert gen.read_id(spec) == first and len(calls) == 1
