"""Guesses that help: where logic stops, the player is offered the cell whose solution value
settles the most by line logic, first as a cell to try, then (asked again) revealed.

The counts are checked by a naive line propagation (every line solved by enumerating its
arrangements, ``tests/oracle.py``, to the fixpoint), and the choice against every other open
cell, not against the engine's propagation.
"""

from __future__ import annotations

import numpy as np

from nonotui.kinds.nonogram.engine.context import HintContext
from nonotui.kinds.nonogram.engine.hints import _stuck_hint
from nonotui.kinds.nonogram.puzzle import Puzzle, unknown_board
from nonotui.model import Board
from tests import oracle

FILLED, EMPTY, UNKNOWN = 2, 1, 3
PICTURE = "..###.... .#####... ##.#.##.. #######.# ..#.#..##"
VARIED = "##..###. .#..###. ....#..# ##.#.... ...##.#. ......## .##.##.. ..####.."
"""Unique, not solved by line logic; from its empty board, one cell's value settles 63 more
cells by line logic and others 21 to 26 (a line-solvable puzzle settles everything from any
cell, which would not tell the choices apart)."""


def puzzle_of(picture: str) -> Puzzle:
    return Puzzle.from_picture([[ch == "#" for ch in row] for row in picture.split()])


def naive_settles(p: Puzzle, cells: np.ndarray) -> int:
    """Cells decided by naive line logic from ``cells`` (h, w), minus those decided before;
    -1 when a line has no arrangement."""
    grid = cells.copy()
    before = int(np.count_nonzero(grid != UNKNOWN))
    changed = True
    while changed:
        changed = False
        for r, clue in enumerate(p.rows):
            out = oracle.solve(clue, [int(v) for v in grid[r]])
            if out is None:
                return -1
            if list(grid[r]) != out:
                grid[r] = out
                changed = True
        for c, clue in enumerate(p.columns):
            out = oracle.solve(clue, [int(v) for v in grid[:, c]])
            if out is None:
                return -1
            if list(grid[:, c]) != out:
                grid[:, c] = out
                changed = True
    return int(np.count_nonzero(grid != UNKNOWN)) - before


def truth(picture: str) -> np.ndarray:
    return np.array([[FILLED if ch == "#" else EMPTY for ch in row] for row in picture.split()])


def stalled_board(p: Puzzle) -> Board:
    """A board with a few cells of the solution: line logic from it is not finished."""
    b = unknown_board(p)
    sol = truth(PICTURE)
    for r, c in ((0, 0), (4, 8), (2, 4)):
        b.cells[r, c] = sol[r, c]
    return b


def test_the_offered_cell_settles_the_most_and_its_counts_are_line_logics() -> None:
    p = puzzle_of(VARIED)
    board = unknown_board(p)
    sol = truth(VARIED)
    hint = _stuck_hint(p, board, (0, 0), None, HintContext(p), tries=True)
    assert hint.kind == "try"
    ((r, c, v),) = hint.cells
    assert v == sol[r, c]

    def settles(rr: int, cc: int, value: int) -> int:
        trial = board.cells.copy()
        trial[rr, cc] = value
        return naive_settles(p, trial)  # the tried cell is decided before it starts

    empty, filled = settles(r, c, EMPTY), settles(r, c, FILLED)

    def cells(n: int) -> str:
        return "no more cells" if n == 0 else f"{n} more cell" + ("s" if n != 1 else "")

    if filled < 0:
        said = f"filled, a line breaks; empty, line logic then decides {cells(empty)}"
    elif empty < 0:
        said = f"filled, line logic then decides {cells(filled)}; empty, a line breaks"
    else:
        said = f"filled, line logic then decides {cells(filled)}; empty, {cells(empty)}"
    assert said in hint.explanation
    # the solution value's count first, then the other value's, then the nearest the cursor
    def rank(cell: tuple[int, int]) -> tuple[int, int, int, int]:
        rr, cc = cell
        true = int(sol[rr, cc])
        return (-settles(rr, cc, true), -settles(rr, cc, EMPTY + FILLED - true), rr + cc,
                rr * p.width + cc)

    open_cells = [(int(rr), int(cc)) for rr, cc in zip(*np.nonzero(board.cells == UNKNOWN))]
    assert (r, c) == min(open_cells, key=rank)


def test_asked_again_on_the_same_board_the_cell_is_revealed_and_a_new_board_tries_again() -> None:
    p = puzzle_of(PICTURE)
    board = stalled_board(p)
    context = HintContext(p)
    first = _stuck_hint(p, board, (0, 0), None, context, tries=True)
    again = _stuck_hint(p, board, (0, 0), None, context, tries=True)
    assert (first.kind, again.kind) == ("try", "guess")
    assert again.cells == first.cells and again.changes() == list(first.cells)
    assert "Try " in first.explanation and "In the solution it is" not in first.explanation
    assert "In the solution it is" in again.explanation
    other = board.copy()
    other.cells[0, 1] = EMPTY
    assert _stuck_hint(p, other, (0, 0), None, context, tries=True).kind == "try"
    # without tries (the command line, scripts), the reveal comes at once, as it always did
    assert _stuck_hint(p, board, (0, 0), None, HintContext(p)).kind == "guess"
