"""puzz.link Aquarium URLs: decoded against URLs other programs publish with their walls and
answers (checked here by brute force over all tank levels), refused without the ``r`` flag,
written back unchanged."""

from __future__ import annotations

import random

import pytest

from nonotui.errors import NonotuiError, PuzzleFormatError
from nonotui.kinds.aquarium import puzzlink
from nonotui.kinds.aquarium.puzzle import counts_problems, make_puzzle
from tests.unit.aquarium import oracle
from tests.unit.aquarium.randgrid import random_puzzle


def _bools(rows: list[list[int]]) -> tuple[tuple[bool, ...], ...]:
    return tuple(tuple(bool(v) for v in row) for row in rows)


def _grid(text: str) -> list[list[bool]]:
    return [[ch == "#" for ch in row.split()] for row in text.strip().split("/")]


# pzprjs's own test (test/script/aquarium.js): the URL, its walls as its file form lists them,
# and its answer ('#' water), by the older rule.
PZPRJS_URL = "https://puzz.link/p?aquarium/4/4/bu8i90/i3213g"
PZPRJS_VERTICAL = [[0, 1, 0], [1, 1, 1], [1, 1, 1], [0, 0, 1]]
PZPRJS_HORIZONTAL = [[1, 0, 0, 1], [0, 0, 1, 0], [0, 1, 0, 0]]
PZPRJS_ANSWER = ". . # #/. . # ./# . # #/# # # #"

# semiexp's cspuz puzzles (aquarium.rs tests): two URLs with walls, counts and answers.
CSPUZ_URL = "https://puzz.link/p?aquarium/5/4/9lqgfk4/3h12h13"
CSPUZ_VERTICAL = [[0, 1, 0, 0], [1, 1, 0, 1], [0, 1, 1, 1], [0, 1, 0, 1]]
CSPUZ_HORIZONTAL = [[0, 1, 1, 1, 1], [1, 0, 1, 0, 0], [0, 0, 1, 0, 0]]
CSPUZ_ANSWER = [[1, 1, 1, 1, 1], [1, 0, 0, 0, 0], [0, 0, 1, 0, 0], [1, 1, 0, 0, 1]]
CSPUZ_R_URL = "https://puzz.link/p?aquarium/r/5/4/17qgela/l24g"
CSPUZ_R_VERTICAL = [[0, 0, 0, 0], [1, 0, 0, 1], [1, 1, 1, 1], [0, 1, 0, 1]]
CSPUZ_R_HORIZONTAL = [[0, 1, 1, 1, 0], [1, 0, 1, 0, 1], [0, 1, 0, 1, 0]]
# What every solution shares (-1: differs between solutions): the URL's puzzle is not unique.
CSPUZ_R_FACTS = [[-1] * 5, [1, 0, 0, 0, 1], [-1, 1, -1, 1, -1], [-1] * 5]


def test_pzprjs_test_url_walls_counts_and_answer() -> None:
    parts = puzzlink.decode(PZPRJS_URL)
    assert parts.flags == ""
    assert parts.vertical == _bools(PZPRJS_VERTICAL)
    assert parts.horizontal == _bools(PZPRJS_HORIZONTAL)
    assert parts.columns == (None, None, None, 3) and parts.rows == (2, 1, 3, None)
    shape = make_puzzle(parts.rows, parts.columns, parts.tanks())
    assert counts_problems(shape, _grid(PZPRJS_ANSWER)) == []


def test_cspuz_url_walls_counts_and_answer() -> None:
    parts = puzzlink.decode(CSPUZ_URL)
    assert parts.vertical == _bools(CSPUZ_VERTICAL)
    assert parts.horizontal == _bools(CSPUZ_HORIZONTAL)
    assert parts.columns == (3, None, None, 1, 2) and parts.rows == (None, None, 1, 3)
    shape = make_puzzle(parts.rows, parts.columns, parts.tanks())
    assert counts_problems(shape, [[bool(v) for v in row] for row in CSPUZ_ANSWER]) == []


def test_cspuz_tank_rule_url_matches_its_published_answer_by_brute_force() -> None:
    parts = puzzlink.decode(CSPUZ_R_URL)
    assert parts.flags == "r"
    assert parts.vertical == _bools(CSPUZ_R_VERTICAL)
    assert parts.horizontal == _bools(CSPUZ_R_HORIZONTAL)
    puzzle = puzzlink.read_url(CSPUZ_R_URL)
    assert puzzle is not None
    assert puzzle.columns == (None,) * 5 and puzzle.rows == (None, 2, 4, None)
    solutions = oracle.solutions(puzzle)
    assert len(solutions) > 1
    for r in range(4):
        for c in range(5):
            values = {s[r][c] for s in solutions}
            expected = CSPUZ_R_FACTS[r][c]
            assert values == ({True, False} if expected < 0 else {bool(expected)}), (r, c)
    assert puzzlink.write_url(puzzle) == CSPUZ_R_URL


@pytest.mark.parametrize("url", [PZPRJS_URL, CSPUZ_URL,
                                 "http://pzv.jp/p.html?aquarium/4/4/bu8i90/i3213g"])
def test_older_rule_is_refused_in_one_line(url: str) -> None:
    with pytest.raises(NonotuiError, match="no 'r' flag.*older rule") as info:
        puzzlink.read_url(url)
    assert "\n" not in info.value.message


@pytest.mark.parametrize("form", [
    "https://puzz.link/p?aquarium/r/4/4/bu8i90/i3213g",
    "http://pzv.jp/p.html?aquarium/r/4/4/bu8i90/i3213g",
    "https://puzz.link/p?aquarium_edit/r/4/4/bu8i90/i3213g",
    "https://puzz.link/p?type=player&aquarium/r/4/4/bu8i90/i3213g/",
    "  p?aquarium/r/4/4/bu8i90/i3213g ",
])
def test_url_forms(form: str) -> None:
    puzzle = puzzlink.read_url(form)
    assert puzzle is not None
    assert puzzle.columns == (None, None, None, 3) and puzzle.rows == (2, 1, 3, None)
    assert puzzlink.write_url(puzzle) == "https://puzz.link/p?aquarium/r/4/4/bu8i90/i3213g"


@pytest.mark.parametrize("spec", ["puzzle.aq", "https://puzz.link/p?nurikabe/4/4/abc",
                                  "gen1:10x10:3", "https://example.com/aquarium/r/4/4/x/y"])
def test_other_specs_are_not_aquarium_urls(spec: str) -> None:
    assert puzzlink.read_url(spec) is None


@pytest.mark.parametrize(("url", "words"), [
    ("https://puzz.link/p?aquarium/r/4/4/bu8i9/i3213g", "needs 6"),
    ("https://puzz.link/p?aquarium/r/4/4/bu8i9w/i3213g", "'w' in the walls"),
    ("https://puzz.link/p?aquarium/r/4/4/bu8i90/i3213gg", "more than the 8 counts"),
    ("https://puzz.link/p?aquarium/r/4/4/bu8i90/i32#3", "'#' in the counts"),
    ("https://puzz.link/p?aquarium/r/4/4/bu8i90/i3219", "asks for 9 water cells"),
    ("https://puzz.link/p?aquarium/r/4/bu8i90/i3213g", "lacks its width and height"),
    ("https://puzz.link/p?aquarium/r/0/4/bu8i90/i3213g", "outside 1x1 to 100x100"),
    ("https://puzz.link/p?aquarium/r/4/4/bu8i90/i-1", "two hex digits"),
    ("https://puzz.link/p?aquarium/r/4/4/bu8i90/3213/x", "too many"),
])
def test_malformed_urls_say_what_is_wrong(url: str, words: str) -> None:
    with pytest.raises(PuzzleFormatError) as info:
        puzzlink.read_url(url)
    assert words in info.value.problem
    assert info.value.message.startswith(url[:20])


def test_missing_counts_and_long_skips() -> None:
    puzzle = make_puzzle([None] * 25, [3] + [None] * 24,
                         [[0] * 25 for _ in range(25)])
    url = puzzlink.write_url(puzzle)
    assert url.endswith("/3zzo")  # 3, then 49 counts skipped in runs of at most 20
    assert puzzlink.read_url(url) == puzzle
    big = make_puzzle([20] * 20, [20] * 20, [[0] * 20 for _ in range(20)])
    assert puzzlink.write_url(big).endswith("/" + "-14" * 40)
    assert puzzlink.read_url(puzzlink.write_url(big)) == big


@pytest.mark.parametrize("seed", range(80))
def test_random_puzzles_round_trip_through_urls(seed: int) -> None:
    rng = random.Random(1000 + seed)
    w, h = rng.randint(1, 14), rng.randint(1, 14)
    p = random_puzzle(rng, w, h, rng.randint(1, w * h), hide=0.3 if seed % 2 else 0.0)
    url = puzzlink.write_url(p)
    assert puzzlink.read_url(url) == p
