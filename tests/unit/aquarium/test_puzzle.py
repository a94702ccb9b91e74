"""The Aquarium puzzle model: renumbering, identity, shape checks, levels."""

from __future__ import annotations

import hashlib
import json

import pytest

from nonotui.kinds.aquarium.puzzle import (
    AquariumShapeError,
    counts_problems,
    levels_of,
    make_puzzle,
)

TANKS = ["AABB", "ACCB", "DDCB", "DDDD"]
SOLUTION = ["~~..", "~..~", "..~~", "~~~~"]


def water(rows: list[str]) -> list[list[bool]]:
    return [[ch == "~" for ch in row] for row in rows]


def test_issue_example_solution_meets_counts_and_gravity() -> None:
    p = make_puzzle([2, 2, 2, 4], [3, 2, 2, 3], TANKS)
    assert p.tanks == ((0, 0, 1, 1), (0, 2, 2, 1), (3, 3, 2, 1), (3, 3, 3, 3))
    w = water(SOLUTION)
    levels = levels_of(p, w)
    assert levels == [0, 1, 2, 3]
    assert [list(r) for r in p.water_at(levels)] == w
    assert counts_problems(p, w) == []
    assert counts_problems(p, water(["~~~.", "~..~", "..~~", "~~~~"])) == [
        "row 1 has 3 water cells, not 2", "column 3 has 3 water cells, not 2"]


def test_identity_is_hash_of_canonical_json_with_tanks_in_reading_order() -> None:
    p = make_puzzle([2, 2, 2, 4], [3, 2, 2, 3], TANKS)
    relabelled = make_puzzle([2, 2, 2, 4], [3, 2, 2, 3],
                             ["xxyy", "xzzy", "wwzy", "wwww"], title="other")
    doc = ('{"kind":"aquarium","rows":[2,2,2,4],"columns":[3,2,2,3],'
           '"tanks":[[0,0,1,1],[0,2,2,1],[3,3,2,1],[3,3,3,3]]}')
    assert p.identity == hashlib.sha256(doc.encode()).hexdigest()
    assert relabelled.identity == p.identity
    assert json.loads(doc) == p.identity_document()


def test_missing_counts_are_null_in_identity_and_skip_the_sum_check() -> None:
    p = make_puzzle([None, 1], [1, 5 - 5], ["AB", "AB"])
    assert p.identity_document()["rows"] == [None, 1]


@pytest.mark.parametrize("rows, columns, tanks, problem", [
    ([1, 1], [1, 1], ["AB", "BA"], "tank 'B' is not connected (a second part starts at row 2, "
                                   "column 1)"),
    ([1, 1], [1, 2], ["AB", "AB"], "the row counts add up to 2 but the column counts to 3"),
    ([3, 0], [1, 1], ["AB", "AB"], "row 1 asks for 3 water cells but has 2 cells"),
    ([1], [1, 0], ["ABC"], "the tanks must be 1 rows of 2 cells"),
    ([0] * 101, [0], ["A"] * 101, "size 1x101 is outside 1x1 to 100x100"),
])
def test_bad_shapes_say_what(rows: list[int], columns: list[int], tanks: list[str],
                             problem: str) -> None:
    with pytest.raises(AquariumShapeError) as err:
        make_puzzle(rows, columns, tanks)
    assert str(err.value) == problem


def test_goal_that_breaks_gravity_is_refused() -> None:
    with pytest.raises(AquariumShapeError, match="breaks gravity at row 2, column 1"):
        make_puzzle([1, 0], [1, 0], ["AB", "AB"], goal=[[True, False], [False, False]])
