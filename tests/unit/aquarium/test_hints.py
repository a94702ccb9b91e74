"""The Aquarium hint ladder against the brute-force oracle (tests/unit/aquarium/oracle.py): every
hint's cells hold in every solution that keeps the board's marks, the rung is the easiest one
available (checked by brute force per row and column, not by the rules' code), mistakes name
marks whose clearing gives a board with a solution, and the sentences name the right units."""

from __future__ import annotations

import itertools
import random

import pytest

from nonotui.kinds.aquarium.hints import (
    COLUMN,
    CONTRADICTION,
    FULL,
    GRAVITY,
    ROW,
    AquariumHint,
    next_hint,
)
from nonotui.kinds.aquarium.puzzle import AIR, UNKNOWN, WATER, AquariumPuzzle, make_puzzle
from nonotui.model.board import Board
from nonotui.model.history import Change, History, Move
from tests.unit.aquarium import oracle
from tests.unit.aquarium.oracle import Grid, consistent
from tests.unit.aquarium.randgrid import random_hint_puzzle

ISSUE = make_puzzle([2, 2, 2, 4], [3, 2, 2, 3], ["AABB", "ACCB", "DDCB", "DDDD"])


def empty(p: AquariumPuzzle) -> Board:
    return Board.full(p.height, p.width, UNKNOWN)


def marks(board: Board) -> dict[tuple[int, int], bool]:
    out = {}
    for r in range(board.height):
        for c in range(board.width):
            v = int(board.cells[r, c])
            if v in (WATER, AIR):
                out[(r, c)] = v == WATER
    return out


def board_from(p: AquariumPuzzle, grid: Grid, rng: random.Random, share: float) -> Board:
    b = empty(p)
    for r in range(p.height):
        for c in range(p.width):
            if rng.random() < share:
                b.cells[r, c] = WATER if grid[r][c] else AIR
    return b


# -- independent detectors of each rung (brute force per unit, no rules code) -------------------


def gravity_exists(p: AquariumPuzzle, board: Board) -> bool:
    m = marks(board)
    for (r, c), v in m.items():
        t = p.tanks[r][c]
        for rr, cc in p.tank_cells[t]:
            if (rr, cc) not in m and ((v and rr >= r) or (not v and rr <= r)):
                return True
    return False


def _unit_forced(p: AquariumPuzzle, board: Board, cells: list[tuple[int, int]],
                 count: int | None) -> list[str]:
    """Which kinds of step one unit alone gives: 'full' when it needs none or all of its
    unknown cells, 'unit' when some unknown cell is the same in every filling of the unit
    that keeps each tank's water at the bottom of its unknown cells there."""
    if count is None:
        return []
    m = marks(board)
    water = sum(1 for rc in cells if m.get(rc) is True)
    unknown = [rc for rc in cells if rc not in m]
    if not unknown:
        return []
    need = count - water
    if need in (0, len(unknown)):
        return ["full"]
    by_tank: dict[int, list[tuple[int, int]]] = {}
    for rc in unknown:
        by_tank.setdefault(p.tanks[rc[0]][rc[1]], []).append(rc)
    groups = [sorted(g) for g in by_tank.values()]
    seen: dict[tuple[int, int], set[bool]] = {rc: set() for rc in unknown}
    for ks in itertools.product(*(range(len(g) + 1) for g in groups)):
        if sum(ks) != need:
            continue
        for g, k in zip(groups, ks, strict=True):
            # in a row a tank's cells share a row: all or nothing; in a column, the lowest k
            if len({r for r, _ in g}) == 1 and k not in (0, len(g)):
                break
        else:
            for g, k in zip(groups, ks, strict=True):
                for i, rc in enumerate(g):
                    seen[rc].add(i >= len(g) - k)
    return ["unit"] if any(len(s) == 1 for s in seen.values()) else []


def unit_steps(p: AquariumPuzzle, board: Board) -> tuple[set[str], set[str]]:
    rows: set[str] = set()
    cols: set[str] = set()
    for r in range(p.height):
        rows.update(_unit_forced(p, board, [(r, c) for c in range(p.width)], p.rows[r]))
    for c in range(p.width):
        cols.update(_unit_forced(p, board, [(r, c) for r in range(p.height)], p.columns[c]))
    return rows, cols


def check_hint(p: AquariumPuzzle, board: Board, hint: AquariumHint, sols: list[Grid]) -> None:
    here = consistent(sols, marks(board))
    if hint.kind == "mistake":
        assert not here
        cleared = board.copy()
        for r, c, v in hint.changes():
            cleared.cells[r, c] = v
        for r, c, v in hint.cells:
            assert int(board.cells[r, c]) == v
        if len(sols) == 1:
            assert consistent(sols, marks(cleared))
        return
    assert here, "a board with a solution got no mistake hint"
    if hint.kind == "solved":
        return
    if hint.kind in ("line", "contradiction"):
        assert hint.cells
        for r, c, v in hint.cells:
            assert int(board.cells[r, c]) == UNKNOWN
            assert all(g[r][c] == (v == WATER) for g in here), (hint.explanation, r, c)
        if gravity_exists(p, board):
            assert hint.technique == GRAVITY
            return
        assert hint.technique != GRAVITY
        rows, cols = unit_steps(p, board)
        if "full" in rows | cols:
            assert hint.technique == FULL
        elif "unit" in rows:
            assert hint.technique == ROW
        elif "unit" in cols:
            assert hint.technique == COLUMN
        else:
            assert hint.technique == CONTRADICTION
        return
    (r, c, v), = hint.cells
    rows, cols = unit_steps(p, board)
    assert not gravity_exists(p, board) and not rows and not cols
    if hint.kind == "ambiguous":
        assert len(here) > 1
        assert any(g[r][c] == (v == WATER) for g in here)
        assert any(g[r][c] != (v == WATER) for g in here)
    else:
        assert hint.kind == "guess"
        assert len(here) == 1 and here[0][r][c] == (v == WATER)


@pytest.mark.parametrize("seed", range(8))
def test_hints_hold_in_every_solution_and_take_the_easiest_rung(seed: int) -> None:
    rng = random.Random(seed)
    kinds: set[str] = set()
    for _ in range(60):
        p = random_hint_puzzle(rng)
        sols = oracle.solutions(p)
        for _ in range(3):
            if sols:
                board = board_from(p, rng.choice(sols), rng, rng.choice((0.0, 0.2, 0.5)))
            else:
                board = empty(p)
            cursor = (rng.randrange(p.height), rng.randrange(p.width))
            hint = next_hint(p, board, cursor)
            kinds.add(hint.technique or hint.kind)
            check_hint(p, board, hint, sols)
    assert {GRAVITY, FULL} <= kinds


def test_hint_walks_reach_a_solution_taking_every_rung() -> None:
    """Following hints from an empty board (and from random marks, mistakes included) always
    ends solved, each hint checked on the way."""
    rng = random.Random(99)
    kinds: set[str] = set()
    for _ in range(150):
        p = random_hint_puzzle(rng, max_side=5, max_tanks=10, holes=0.15)
        sols = oracle.solutions(p)
        if not sols:
            assert next_hint(p, empty(p)).kind == "mistake"
            continue
        board = empty(p)
        if rng.random() < 0.4:  # random marks: often wrong
            for r in range(p.height):
                for c in range(p.width):
                    if rng.random() < 0.2:
                        board.cells[r, c] = rng.choice((WATER, AIR))
        for _ in range(4 * p.height * p.width + 4):
            hint = next_hint(p, board, (0, 0))
            kinds.add(hint.technique or hint.kind)
            check_hint(p, board, hint, sols)
            if hint.kind == "solved":
                break
            for r, c, v in hint.changes():
                board.cells[r, c] = v
        else:
            pytest.fail("the hints never finished")
    assert {GRAVITY, FULL, ROW, COLUMN, CONTRADICTION, "mistake", "ambiguous"} <= kinds


def test_mistake_with_history_names_the_moves_back() -> None:
    rng = random.Random(5)
    tested = 0
    for _ in range(400):
        p = random_hint_puzzle(rng, max_side=4, holes=0.0)
        sols = oracle.solutions(p)
        if len(sols) != 1:
            continue
        board = empty(p)
        history = History()
        cells = [(r, c) for r in range(p.height) for c in range(p.width)]
        rng.shuffle(cells)
        for r, c in cells[:rng.randint(1, len(cells))]:
            v = rng.choice((WATER, AIR))
            history.record(Move((Change(r, c, int(board.cells[r, c]), v),)), board)
            board.cells[r, c] = v
        if consistent(sols, marks(board)):
            continue
        hint = next_hint(p, board, (0, 0), history)
        assert hint.kind == "mistake"
        back = hint.undo_moves
        assert back is not None
        past = board.copy()
        for move in reversed(history.done[-back:]):
            move.revert(past)
        assert consistent(sols, marks(past))
        if back > 1:
            nearer = board.copy()
            for move in reversed(history.done[-(back - 1):]):
                move.revert(nearer)
            assert not consistent(sols, marks(nearer))
        tested += 1
    assert tested >= 20


# -- sentences ---------------------------------------------------------------------------------


def test_issue_example_first_hints_in_words() -> None:
    board = empty(ISSUE)
    hint = next_hint(ISSUE, board)
    assert hint.technique == FULL and hint.unit == ("row", 3)
    assert hint.explanation == ("Row 4 needs 4 more water cells and has exactly 4 unknown "
                                "cells, so they are all water: the tank at row 3, column 1 holds "
                                "water in row 4.")
    for r, c, v in hint.changes():
        board.cells[r, c] = v
    hint = next_hint(ISSUE, board)
    assert hint.technique == COLUMN and hint.cells == ((1, 0, WATER),)
    assert hint.explanation == (
        "Column 1 needs 2 more water cells; the other tanks have only 1 unknown cell in it, so "
        "the tank at row 1, column 1 holds at least 1 of its 2 there, and water fills a tank from the "
        "bottom: row 2 of column 1 is water.")
    for r, c, v in hint.changes():
        board.cells[r, c] = v
    hint = next_hint(ISSUE, board)
    assert hint.technique == ROW and hint.cells == ((1, 1, AIR), (1, 2, AIR))
    assert hint.explanation == (
        "Row 2 needs 1 more water cell; the tank at row 2, column 2 has 2 unknown cells in row 2, "
        "which hold water together or not at all, more than it needs, so they are air.")


def test_issue_row_rule_sentence() -> None:
    """The issue's own sentence, on a row whose last tank the count cannot do without."""
    p = make_puzzle([None, None, None, 3], [None] * 7,
                    ["AAAAAAA", "AAAAAAA", "AAAAAAA", "BBBCDDD"])
    board = empty(p)
    for c in range(3):
        board.cells[3, c] = AIR
    hint = next_hint(p, board, (3, 0))
    assert hint.to_json() == {
        "kind": "line",
        "cells": [[3, 4, "~"], [3, 5, "~"], [3, 6, "~"]],
        "line": {"axis": "row", "index": 3},
        "method": "row",
        "technique": ROW,
        "explanation": ("Row 4 needs 3 more water cells; without the tank at row 4, column 5 only "
                        "1 unknown cell would be left, so that tank's cells in row 4 are "
                        "water."),
    }


def test_gravity_sentences() -> None:
    p = make_puzzle([None] * 4, [None, 1], ["AB", "AB", "AB", "AB"])
    board = empty(p)
    board.cells[1, 0] = WATER
    hint = next_hint(p, board)
    assert hint.kind == "line" and hint.technique == GRAVITY and hint.unit == ("region", 0)
    assert hint.cells == ((2, 0, WATER), (3, 0, WATER))
    assert hint.explanation == ("Water in row 2 of the tank at row 1, column 1 means "
                                "everything below it in that tank is water.")
    board = empty(p)
    board.cells[2, 1] = AIR
    hint = next_hint(p, board, (0, 1))
    assert hint.cells == ((0, 1, AIR), (1, 1, AIR))
    assert hint.explanation == ("Air in row 3 of the tank at row 1, column 2 means "
                                "everything above it in that tank is air.")


def test_contradiction_names_the_rule_that_breaks() -> None:
    rng = random.Random(3)
    for _ in range(3000):
        p = random_hint_puzzle(rng, max_side=5, max_tanks=10, holes=0.0)
        sols = oracle.solutions(p)
        if len(sols) != 1:
            continue
        board = empty(p)
        for _ in range(60):
            hint = next_hint(p, board)
            if hint.kind != "line":
                break
            for r, c, v in hint.changes():
                board.cells[r, c] = v
        if hint.kind == "contradiction":
            assert hint.explanation.startswith("Contradiction (a chain of ")
            assert "If the tank at " in hint.explanation
            assert any(w in hint.explanation for w in ("more than its", "but have only",
                                                       "water cannot stand above air"))
            assert hint.chain is not None and hint.chain >= 1
            assert hint.to_json()["chain"] == hint.chain
            return
    pytest.fail("no contradiction hint met")


def test_solved_and_no_solution() -> None:
    board = empty(ISSUE)
    solution = ["~~..", "~..~", "..~~", "~~~~"]
    for r, row in enumerate(solution):
        for c, ch in enumerate(row):
            board.cells[r, c] = WATER if ch == "~" else AIR
    assert next_hint(ISSUE, board).kind == "solved"
    broken = make_puzzle([2, 0], [1, 1], ["AB", "AB"])
    assert oracle.solutions(broken) == []
    hint = next_hint(broken, empty(broken))
    assert hint.kind == "mistake" and hint.cells == ()


def test_column_rule_at_most_sentence() -> None:
    p = make_puzzle([None] * 5, [None, None, 1], ["AAC", "AAD", "AAD", "AAD", "AAD"])
    hint = next_hint(p, empty(p))
    assert hint.technique == COLUMN and hint.unit == ("column", 2)
    assert hint.cells == ((1, 2, AIR), (2, 2, AIR), (3, 2, AIR))
    assert hint.explanation == (
        "Column 3 needs 1 more water cell; the tank at row 2, column 3 has 4 unknown cells in it, and "
        "water fills a tank from the bottom, so at most its lowest 1 can be water: rows 2-4 of "
        "column 3 are air.")


def test_equally_easy_hints_go_to_the_cursor() -> None:
    p = make_puzzle([2, 2], [None, None], ["AB", "CD"])
    assert next_hint(p, empty(p), (0, 1)).unit == ("row", 0)
    assert next_hint(p, empty(p), (1, 1)).unit == ("row", 1)


def test_pruned_contradiction_search_equals_trying_every_assumption() -> None:
    from nonotui.kinds.aquarium.hints import (
        candidates,
        closeness,
        contradiction_hint,
        probe,
        probe_hint,
    )
    from nonotui.kinds.aquarium.rules import layout_of, levels_from_board

    rng = random.Random(8)
    compared = 0
    for _ in range(1500):
        p = random_hint_puzzle(rng, side=6, max_tanks=12, holes=0.0)
        board = empty(p)
        for _ in range(80):
            hint = next_hint(p, board)
            if hint.kind != "line":
                break
            for r, c, v in hint.changes():
                board.cells[r, c] = v
        if hint.kind != "contradiction":
            continue
        lay = layout_of(p)
        lv = levels_from_board(lay, board.cells)
        for cursor in ((0, 0), (5, 5), (rng.randrange(6), rng.randrange(6))):
            every = [found for k in candidates(lay, lv)
                     if (found := probe(lay, lv, *k)) is not None]
            best = min(every, key=lambda f: (f.length, closeness(
                [(f.row, c) for c in lay.tank_rows[f.tank][f.row]], cursor)))
            assert contradiction_hint(lay, lv, cursor) == probe_hint(lay, best)
        compared += 1
        if compared == 4:
            return
    pytest.fail(f"only {compared} boards needed a contradiction")


def test_counts_of_one_and_none_read_as_a_person_says_them() -> None:
    """Issue 33, item 11: "exactly 1 unknown cell, so it is water" (not "so they are all"), and
    a line with no unknown cell left says so (not "only 0 unknown cells")."""
    from nonotui.kinds.aquarium import rules

    with pytest.raises(rules.Broken) as broken:
        rules._need("row", 3, 2, 1, 0)
    assert broken.value.text == ("row 4 would need 1 more water cell but have no unknown cell "
                                 "left")
    with pytest.raises(rules.Broken) as broken:
        rules._need("row", 3, 3, 0, 1)
    assert "but have only 1 unknown cell" in broken.value.text
    board = empty(ISSUE)
    hint = next_hint(ISSUE, board)
    for r, c, v in hint.changes():
        board.cells[r, c] = v
    texts = []
    for _ in range(40):  # the hints of a whole solve: every "exactly 1" says "it is"
        hint = next_hint(ISSUE, board)
        if not hint.cells:
            break
        texts.append(hint.explanation)
        for r, c, v in hint.changes():
            board.cells[r, c] = v
    assert not [t for t in texts if "exactly 1 unknown cell, so they" in t]
