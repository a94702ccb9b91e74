"""A contradiction whose chain rests on more than four lines is shown a line at a time: the
panel says the line, the board marks the cells it forces under the assumption and its line,
``i`` steps to the next line and, on the last, applies the hint's cell (issue 35, item 2).

The chain is checked against the puzzle, not the hint code: each line's forced cells follow
from the assumption and the earlier lines by that line's clue alone (``tests/oracle.py``).
"""

from __future__ import annotations

from nonotui.kinds.nonogram.engine.hints import HintContext, next_hint
from nonotui.kinds.nonogram.formats import load
from nonotui.kinds.nonogram.puzzle import Puzzle, unknown_board
from nonotui.model import Board
from nonotui.ui.assistant import CHAIN_AT_ONCE
from tests import oracle
from tests.ui.conftest import app_for, play_screen, until

ANCHOR = "puzzles/anchor.non"


def before_a_long_chain(puzzle: Puzzle) -> Board:
    """The board a player following hints has when the next hint is a chain of more than
    :data:`CHAIN_AT_ONCE` lines."""
    board = unknown_board(puzzle)
    context = HintContext(puzzle)
    while True:
        hint = next_hint(puzzle, board, context=context)
        assert hint.kind != "solved", "no long chain on the way"
        if hint.kind == "contradiction" and len({s.unit for s in hint.steps}) > CHAIN_AT_ONCE:
            return board
        for r, c, v in hint.changes():
            board.cells[r, c] = v


def test_each_line_of_the_chain_forces_its_cells_by_its_clue_alone() -> None:
    puzzle = load(ANCHOR)
    board = before_a_long_chain(puzzle)
    hint = next_hint(puzzle, board)
    (r, c, truth), = hint.cells
    supposed = board.cells.copy()
    supposed[r, c] = 3 - truth  # the assumption: the other value
    h = puzzle.height
    for step in hint.steps[:-1]:
        assert step.unit is not None and step.cells
        is_row = step.unit < h
        index = step.unit if is_row else step.unit - h
        clue = puzzle.rows[index] if is_row else puzzle.columns[index]
        line = supposed[index, :] if is_row else supposed[:, index]
        solved = oracle.solve(clue, [int(v) for v in line])
        assert solved is not None
        for rr, cc, v in step.cells:
            assert solved[cc if is_row else rr] == v
            supposed[rr, cc] = v
    last = hint.steps[-1]
    assert last.unit is not None and not last.cells
    is_row = last.unit < h
    index = last.unit if is_row else last.unit - h
    clue = puzzle.rows[index] if is_row else puzzle.columns[index]
    line = supposed[index, :] if is_row else supposed[:, index]
    assert oracle.solve(clue, [int(v) for v in line]) is None  # the line that breaks


async def test_i_steps_through_the_lines_and_applies_on_the_last() -> None:
    puzzle = load(ANCHOR)
    board = before_a_long_chain(puzzle)
    async with app_for(puzzle).run_test(size=(120, 40)) as pilot:
        screen = await play_screen(pilot)
        changes = [(r, c, int(board.cells[r, c])) for r in range(puzzle.height)
                   for c in range(puzzle.width) if board.cells[r, c] != 3]
        screen.session.apply(changes, "hint")
        await pilot.pause()
        assistant = screen.assistant
        await pilot.press("i")
        await until(pilot, lambda: assistant.step_at == 0, timeout=30)
        hint = assistant.hint
        assert hint is not None
        n = len(hint.steps)
        assert f"line 1 of {n}: If row " in assistant.panel
        assert assistant.highlight == frozenset((r, c) for r, c, _ in hint.steps[0].cells)
        moves = screen.session.progress.moves
        for k in range(1, n):
            await pilot.press("i")
            await pilot.pause()
            assert assistant.step_at == k and f"line {k + 1} of {n}: Then " in assistant.panel
            assert screen.session.progress.moves == moves  # stepping changes nothing
        assert "so row" in assistant.panel or "so column" in assistant.panel
        await pilot.press("i")
        await pilot.pause()
        (r, c, v), = hint.cells
        assert int(screen.session.board.cells[r, c]) == v
        assert screen.session.progress.moves == moves + 1 and assistant.hint is None
