"""One Aquarium hint is one rule applied to one row or column, with every tank it settles
there; a tank has one name everywhere (its top-left cell). Cells are checked against the
oracle's solutions, names against the puzzle's own cells, not against the hint code."""

from __future__ import annotations

from pathlib import Path

from nonotui.kinds import open_game
from nonotui.kinds.aquarium import aq_format
from nonotui.kinds.aquarium.hints import FULL, next_hint
from nonotui.kinds.aquarium.puzzle import AIR, UNKNOWN, WATER, AquariumPuzzle, make_puzzle
from nonotui.kinds.aquarium.rating import walk
from nonotui.model.board import Board
from tests.unit.aquarium import oracle

PUZZLES = Path(__file__).resolve().parents[3] / "puzzles"

# three tanks, one per column; row 1 needs no water, so one rule settles all three there
COLUMNS = make_puzzle([0, None, 3], [None, None, None],
                      [["A", "B", "C"], ["A", "B", "C"], ["A", "B", "C"]])


def test_a_row_rule_settles_every_tank_of_its_row_in_one_hint() -> None:
    hint = next_hint(COLUMNS, Board.full(3, 3, UNKNOWN))
    assert hint.technique == FULL and hint.unit == ("row", 0)
    assert sorted(hint.cells) == [(0, 0, AIR), (0, 1, AIR), (0, 2, AIR)]
    for grid in oracle.solutions(COLUMNS):
        assert not any(grid[0])
    assert hint.explanation == (
        "Row 1 needs no more water, so its unknown cells are all air: the tank at row 1, "
        "column 1, the tank at row 1, column 2 and the tank at row 1, column 3 hold no water "
        "in row 1.")


def _aquariums() -> list[AquariumPuzzle]:
    return [aq_format.read(p.read_text(encoding="utf-8"), str(p))[0]
            for p in sorted(PUZZLES.glob("*.aq"))]


def test_no_full_or_empty_line_hint_repeats_the_one_before_on_the_bundled_puzzles() -> None:
    """"Row 6 needs no more water" once for the whole row, not once per tank: a full or empty
    line settles every unknown cell of its row or column, so the next hint is never the same
    rule in the same line. (The row and column rules may follow themselves in one line: the
    first can leave the line needing what only then settles another tank.)"""
    repeats = []
    steps = 0
    for puzzle in _aquariums():
        board = Board.full(puzzle.height, puzzle.width, UNKNOWN)
        path = walk(puzzle, board)
        steps += len(path)
        solutions = oracle.solutions(puzzle, limit=2)
        for step in path:
            for r, c, v in step.hint.cells:
                assert solutions[0][r][c] == (v == WATER), (puzzle.title, step.hint.explanation)
        repeats += [(puzzle.title, b.hint.explanation) for a, b in zip(path, path[1:])
                    if a.hint.technique == b.hint.technique == FULL
                    and a.hint.unit == b.hint.unit]
    assert steps > 0 and repeats == []


def test_a_tank_has_one_name_in_hints_and_in_the_units_list() -> None:
    for puzzle in _aquariums():
        units = open_game(puzzle).units
        for unit in units:
            if unit.axis != "region":
                continue
            r, c = min(cell for cell in puzzle.tank_cells[unit.index] if
                       cell[0] == min(row for row, _ in puzzle.tank_cells[unit.index]))
            assert unit.label == f"Tank at row {r + 1}, column {c + 1}"
        for tank_hint in _tank_hints(puzzle):
            assert "the tank at rows" not in tank_hint and "the tank at columns" not in tank_hint


def _tank_hints(puzzle: AquariumPuzzle) -> list[str]:
    board = Board.full(puzzle.height, puzzle.width, UNKNOWN)
    return [s.hint.explanation for s in walk(puzzle, board)]
