"""The Aquarium kind object: the protocol's members, the tracker (checked against every water grid
the tank rule allows, by the oracle's walk over every tank level), the notation, the walls, and
the marks that fill a tank."""

from __future__ import annotations

import random

import pytest

from nonotui import kinds
from nonotui.errors import NonotuiError
from nonotui.kinds.aquarium.kind import KIND
from nonotui.kinds.aquarium.puzzle import (
    AIR,
    UNKNOWN,
    WATER,
    AquariumPuzzle,
    counts_problems,
    make_puzzle,
)
from nonotui.model.board import Board
from nonotui.model.kind import Kind
from tests.unit.aquarium import oracle

EXAMPLE = make_puzzle([2, 2, 2, 4], [3, 2, 2, 3], ["AABB", "ACCB", "DDCB", "DDDD"],
                      title="Issue 13")
"""The issue's 4x4 example; its one solution is :data:`SOLUTION`."""
SOLUTION = ["~~..", "~..~", "..~~", "~~~~"]


def board_of(puzzle: AquariumPuzzle, rows: list[str]) -> Board:
    return KIND.open(puzzle).read_board("\n".join(rows))


def every_level_water(puzzle: AquariumPuzzle) -> list[list[list[bool]]]:
    """Every water grid the tank rule allows, whatever the counts: the oracle's solutions of the
    same tanks with every count left out (each tank at each of its levels)."""
    free = make_puzzle([None] * puzzle.height, [None] * puzzle.width, puzzle.tanks)
    return [[list(row) for row in grid] for grid in oracle.solutions(free)]


def random_puzzle(rng: random.Random, h: int, w: int, blanks: bool) -> AquariumPuzzle:
    """Random tanks grown from seeds, counts from random levels (some counts left out)."""
    labels = [[-1] * w for _ in range(h)]
    seeds = rng.sample([(r, c) for r in range(h) for c in range(w)], rng.randint(1, max(1, h * w // 2)))
    frontier = []
    for i, (r, c) in enumerate(seeds):
        labels[r][c] = i
        frontier.append((r, c))
    while frontier:
        r, c = frontier.pop(rng.randrange(len(frontier)))
        for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if 0 <= nr < h and 0 <= nc < w and labels[nr][nc] < 0:
                labels[nr][nc] = labels[r][c]
                frontier.append((nr, nc))
    water = [[rng.random() < 0.5 for _ in range(w)] for _ in range(h)]
    rows: list[int | None] = [sum(row) for row in water]
    columns: list[int | None] = [sum(water[r][c] for r in range(h)) for c in range(w)]
    if blanks:
        rows[rng.randrange(h)] = None
    return make_puzzle(rows, columns, labels)


def test_it_implements_every_member_of_the_protocol() -> None:
    assert isinstance(KIND, Kind) and kinds.get("aquarium") is KIND
    members = [name for name in dir(Kind) if not name.startswith("_")]
    assert all(hasattr(KIND, name) for name in members)
    assert EXAMPLE.identity_document() == {
        "kind": "aquarium", "rows": [2, 2, 2, 4], "columns": [3, 2, 2, 3],
        "tanks": [[0, 0, 1, 1], [0, 2, 2, 1], [3, 3, 2, 1], [3, 3, 3, 3]]}


def test_values_air_and_water_differ_from_each_other_and_from_undecided() -> None:
    air, water = KIND.open(EXAMPLE).values
    assert (air.name, air.bit, air.mask, water.name, water.bit, water.mask) == (
        "air", 0, AIR, "water", 1, WATER)
    # water draws the filled glyph in blue, its "~" where colour cannot show; air the cross
    assert water.role == "color" and water.rgb and water.char == "~"
    assert air.role == "empty" and air.char != water.char and "?" not in (air.char, water.char)
    assert (KIND.open(EXAMPLE).new_board().cells == UNKNOWN).all()


def test_the_notation_reads_back_what_it_writes_and_names_bad_lines() -> None:
    rows = ["~~..", "~..~", "??~~", "~~~~"]
    assert KIND.open(EXAMPLE).board_rows(board_of(EXAMPLE, rows)) == rows
    with pytest.raises(NonotuiError, match=r"line 2, column 3: '#' is not one of ~"):
        board_of(EXAMPLE, ["~~..", "~.#~", "..~~", "~~~~"])
    with pytest.raises(NonotuiError, match="line 1: 3 cells, the puzzle is 4 wide"):
        board_of(EXAMPLE, ["~~.", "~..~", "..~~", "~~~~"])
    with pytest.raises(NonotuiError, match="3 rows but the puzzle has 4"):
        board_of(EXAMPLE, ["~~..", "~..~", "..~~"])


def test_the_one_solution_is_solved_and_nothing_else_is() -> None:
    solved = [water for water in every_level_water(EXAMPLE)
              if KIND.open(EXAMPLE).is_solved(board_of(EXAMPLE, [
                  "".join("~" if v else "." for v in row) for row in water]))]
    assert len(solved) == 1
    assert ["".join("~" if v else "." for v in row) for row in solved[0]] == SOLUTION
    # air need not be marked: undecided cells count as air
    assert KIND.open(EXAMPLE).is_solved(board_of(EXAMPLE, [r.replace(".", "?") for r in SOLUTION]))
    # the counts met but gravity broken (tank D's water above its air) is not solved
    broken = make_puzzle([1, 0], [1], ["A", "A"])
    assert not KIND.open(broken).is_solved(board_of(broken, ["~", "."]))


@pytest.mark.parametrize("seed", range(60))
def test_solved_agrees_with_the_counts_and_gravity_on_random_boards(seed: int) -> None:
    """On random puzzles (some counts left out), every board the tank rule allows is solved
    exactly when puzzle.counts_problems finds nothing; boards breaking gravity never are."""
    rng = random.Random(seed)
    puzzle = random_puzzle(rng, rng.randint(1, 4), rng.randint(1, 4), blanks=seed % 2 == 1)
    for water in every_level_water(puzzle):
        board = board_of(puzzle, ["".join("~" if v else "." for v in row) for row in water])
        assert KIND.open(puzzle).is_solved(board) == (not counts_problems(puzzle, water))
        assert KIND.open(puzzle).tracker(board).solved == KIND.open(puzzle).is_solved(board)
    for _ in range(20):
        water = [[rng.random() < 0.5 for _ in range(puzzle.width)] for _ in range(puzzle.height)]
        board = board_of(puzzle, ["".join("~" if v else "." for v in row) for row in water])
        gravity = water in every_level_water(puzzle)
        assert KIND.open(puzzle).is_solved(board) == (gravity and not counts_problems(puzzle, water))


def test_the_tracker_follows_counts_tanks_and_missing_counts() -> None:
    board = KIND.open(EXAMPLE).new_board()
    tracker = KIND.open(EXAMPLE).tracker(board)
    assert [tracker.state(u) for u in range(4 + 4 + 4)] == ["open"] * 12
    board.cells[0] = [WATER, WATER, WATER, UNKNOWN]  # row 1 wants 2: already 3
    tracker.update([(0, 0), (0, 1), (0, 2)])
    assert tracker.state(0) == "broken" and tracker.broken() == [0]
    board.cells[0] = [WATER, WATER, AIR, AIR]
    tracker.update([(0, 2), (0, 3)])
    assert tracker.state(0) == "done" and tracker.broken() == []
    board.cells[1, 0] = AIR  # tank A: air below its water
    tracker.update([(1, 0)])
    assert tracker.state(8) == "broken"  # units: rows, columns, then tanks (A is tank 0)
    assert KIND.open(EXAMPLE).units[8].label == "Tank at row 1, column 1"
    board.cells[3] = [AIR, AIR, AIR, UNKNOWN]  # row 4 wants 4: cannot reach it
    tracker.update([(3, c) for c in range(4)])
    assert tracker.state(3) == "broken" and not tracker.solved
    # water beside air in one row of a tank breaks its one level too
    side = KIND.open(EXAMPLE).new_board()
    side.cells[0, 0], side.cells[0, 1] = WATER, AIR
    side_tracker = KIND.open(EXAMPLE).tracker(side)
    assert side_tracker.state(8) == "broken" and 8 in side_tracker.broken()
    side.cells[0, 1] = WATER
    side_tracker.update([(0, 1)])
    assert side_tracker.state(8) == "open"
    # a row without a count is never broken
    free = make_puzzle([None, 1], [2, 0], ["AB", "AB"])
    full = board_of(free, ["~.", "~."])
    assert KIND.open(free).tracker(full).broken() == [] and KIND.open(free).is_solved(full)


def test_guides_dim_a_met_count_and_flag_one_that_cannot_be_met() -> None:
    board = board_of(EXAMPLE, ["~~??", "~???", "????", "...?"])
    guides = KIND.open(EXAMPLE).guides(board)
    assert set(guides) == set(range(8))  # every row and column, each with a margin label
    assert guides[0].dimmed == (True,) and not guides[0].error  # row 1: 2 of 2
    assert guides[1].dimmed == (False,) and not guides[1].error
    assert guides[3].error  # row 4 wants 4, at most 1 left
    assert guides[4].dimmed == (False,) and not guides[4].error  # column 1: 2 of 3
    labels = KIND.open(EXAMPLE).margins.labels
    assert [(m.side, m.index, m.parts, m.unit) for m in labels][:5] == [
        ("left", 0, ("2",), 0), ("left", 1, ("2",), 1), ("left", 2, ("2",), 2),
        ("left", 3, ("4",), 3), ("top", 0, ("3",), 4)]
    free = make_puzzle([None, 1], [1, 0], ["AB", "AB"])
    assert KIND.open(free).margins.labels[0].parts == ("-",)


def test_walls_stand_between_cells_of_different_tanks() -> None:
    walls = KIND.open(EXAMPLE).borders.walls
    assert (0, 1, "right") in walls and (0, 0, "right") not in walls  # A|B, A A
    assert (0, 1, "bottom") in walls and (0, 0, "bottom") not in walls  # A over C, A over A
    assert (2, 3, "bottom") in walls and (3, 0, "right") not in walls
    every = {(r, c, side) for r in range(4) for c in range(4) for side in ("right", "bottom")
             if (side == "right" and c < 3 and EXAMPLE.tanks[r][c] != EXAMPLE.tanks[r][c + 1])
             or (side == "bottom" and r < 3 and EXAMPLE.tanks[r][c] != EXAMPLE.tanks[r + 1][c])}
    assert walls == every


def test_space_fills_a_tank_up_to_the_row_and_x_empties_it_from_the_row_up() -> None:
    board = KIND.open(EXAMPLE).new_board()
    # tank D (rows 3 and 4): water at row 3, column 2 floods the whole tank
    assert sorted(KIND.open(EXAMPLE).expand_mark(board, (2, 1), WATER)) == [
        (2, 0, WATER), (2, 1, WATER), (3, 0, WATER), (3, 1, WATER), (3, 2, WATER),
        (3, 3, WATER)]
    # tank B (column 4, rows 1-3): water at row 2 fills rows 2 and 3, not row 1
    assert sorted(KIND.open(EXAMPLE).expand_mark(board, (1, 3), WATER)) == [
        (1, 3, WATER), (2, 3, WATER)]
    # air at row 2 of tank B empties rows 1 and 2; tank A's top row (two cells) goes together
    assert sorted(KIND.open(EXAMPLE).expand_mark(board, (1, 3), AIR)) == [(0, 2, AIR), (0, 3, AIR),
                                                                     (1, 3, AIR)]
    assert sorted(KIND.open(EXAMPLE).expand_mark(board, (0, 0), AIR)) == [(0, 0, AIR), (0, 1, AIR)]
    assert KIND.open(EXAMPLE).expand_mark(board, (0, 0), UNKNOWN) == [(0, 0, UNKNOWN)]


def test_show_describes_the_puzzle() -> None:
    text = KIND.open(EXAMPLE).describe()
    assert "size: 4x4" in text and f"id: {EXAMPLE.identity}" in text
    assert "columns: 3 2 2 3" in text and "rows: 2 2 2 4" in text
    assert "  AABB\n  ACCB\n  DDCB\n  DDDD" in text and "title: Issue 13" in text
