"""The hint ladder: a crafted board for every rung with its exact explanation, and many random
boards whose every hint is judged by :mod:`tests.hint_oracle` (never by the engine)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from nonotui.kinds.nonogram.engine.explain import fast_reasons
from nonotui.kinds.nonogram.engine.hints import _stuck_hint, next_hint
from nonotui.kinds.nonogram.notation import board_from_text
from nonotui.kinds.nonogram.puzzle import Puzzle, unknown_board
from nonotui.model import Board
from nonotui.model.history import History, make_move
from tests import hint_oracle as oracle

FILLED, EMPTY, UNKNOWN = 2, 1, 3


def puzzle_of(picture: str) -> Puzzle:
    return Puzzle.from_picture([[ch == "#" for ch in row] for row in picture.split()])


def board_of(puzzle: Puzzle, text: str) -> Board:
    return board_from_text("\n".join(text.split()) + "\n", puzzle)


def test_fast_rung_names_the_block_and_its_places():
    p = puzzle_of("..###.... .#####... ##.#.##.. #######.# ..#.#..##")
    hint = next_hint(p, unknown_board(p))
    assert (hint.kind, hint.method, hint.line) == ("line", "fast", ("column", 2))
    assert hint.explanation == ("Column 3, clue 2 2: the first 2 can only start in row 1, so it "
                                "always covers rows 1 and 2.")
    assert hint.cells == ((0, 2, FILLED), (1, 2, FILLED))


def test_fast_reasons_overlap_and_gap_wording():
    # the issue's own example: 3 1 2 in 10 cells with column 1 empty
    line = np.array([EMPTY] + [UNKNOWN] * 9, dtype=np.uint32)
    texts = [r.text for r in fast_reasons("row", (3, 1, 2), line)]
    assert texts == [
        "the 3 starts somewhere in columns 2 to 3, so it always covers columns 3 and 4",
        "the 2 starts somewhere in columns 8 to 9, so it always covers column 9",
    ]
    line = np.array([UNKNOWN] * 3 + [FILLED, FILLED, FILLED] + [UNKNOWN] * 4, dtype=np.uint32)
    reasons = fast_reasons("column", (3, 1), line)
    assert [(r.value, r.positions, r.text) for r in reasons] == [
        (EMPTY, (0, 1, 2), "the 3 starts in row 4 at the earliest, so rows 1 to 3 are empty"),
        (EMPTY, (6,), "the 3 ends by row 6 at the latest and the 1 starts in row 8 at the "
                      "earliest, so row 7 is empty"),
    ]
    assert fast_reasons("row", (), np.full(3, UNKNOWN, dtype=np.uint32))[0].text == (
        "the row has no blocks, so columns 1 to 3 are empty")


def test_complete_rung_counts_the_arrangements():
    p = puzzle_of("#..#.. .##.## ...### ##..## #.#.## .#..#.")
    b = board_of(p, "?-???- ?#??#? ---### ##--## #-#-## -#-???")
    hint = next_hint(p, b)
    assert (hint.kind, hint.method, hint.line) == ("line", "fcomp", ("column", 3))
    assert hint.explanation == ("Column 4, clue 1 1: in all 2 ways the blocks can still be "
                                "placed, row 2 is empty.")
    assert hint.cells == ((1, 3, EMPTY),)


def test_contradiction_rung_tells_the_chain():
    p = puzzle_of("#..... #.#.#. ..#..# .....# ..#..# ...#.#")
    b = board_of(p, "?-???? #-#-?? ?-??-# -----# --???? --????")
    hint = next_hint(p, b)
    assert (hint.kind, hint.method, hint.line) == ("contradiction", "probe", ("row", 2))
    assert hint.explanation == (
        "If row 1, column 5 were filled, row 1 (clue 1) would force columns 1 and 3 empty, "
        "column 1 (clue 2) would force row 3 filled, column 3 (clue 2 1) would force row 3 "
        "filled, and row 3 (clue 1 1) could then not be placed; so row 1, column 5 is empty.")
    assert hint.cells == ((0, 4, EMPTY),)


def test_ambiguous_rung_offers_a_cell_that_picks_a_solution():
    p = Puzzle(rows=[(1,), (1,)], columns=[(1,), (1,)])
    hint = next_hint(p, unknown_board(p))
    assert hint.kind == "ambiguous" and hint.line is None and hint.method is None
    assert hint.explanation.startswith("The clues and your marks allow more than one solution")
    (r, c, v), = hint.cells
    assert (r, c) == (0, 0)


def test_guess_rung_words_and_cell_on_a_unique_puzzle():
    # small unique puzzles that line logic and probing cannot open are rare (none turned up in
    # a few thousand random ones up to 10x10), so the last rung is called directly here
    p = puzzle_of("..###.... .#####... ##.#.##.. #######.# ..#.#..##")
    hint = _stuck_hint(p, unknown_board(p), (2, 3), None)
    assert hint.kind == "guess" and hint.line is None and hint.method is None
    assert hint.explanation == (
        "No line, alone or by assuming a cell and following its lines, decides another cell "
        "from here: the puzzle needs a guess. In the solution, row 3, column 4 is filled.")
    assert hint.cells == ((2, 3, FILLED),)


def test_single_wrong_mark():
    p = puzzle_of("#..#.. .##.## ...### ##..## #.#.## .#..#.")
    b = unknown_board(p)
    b.cells[0, 1] = FILLED
    hint = next_hint(p, b)
    assert hint.kind == "mistake"
    assert hint.explanation == "Row 1, column 2 is marked filled, but no solution has it filled."
    assert hint.cells == ((0, 1, FILLED),)
    assert hint.changes() == [(0, 1, UNKNOWN)]


def test_marks_possible_alone_but_not_together_name_the_marks_since():
    p = Puzzle(rows=[(1,), (1,)], columns=[(1,), (1,)])
    b = unknown_board(p)
    history = History()
    history.record(make_move(b, [(0, 0)], FILLED), b)
    history.record(make_move(b, [(1, 1)], EMPTY), b)
    hint = next_hint(p, b, history=history)
    assert hint.kind == "mistake" and hint.undo_moves == 1
    assert hint.explanation == (
        "Each mark fits some solution, but together they fit none. Marks made since the board "
        "last had a solution: row 2, column 2 (empty). The board last had a solution 1 move "
        "ago; clearing these marks gets back to one.")
    assert hint.cells == ((1, 1, EMPTY),)


def test_solved_board():
    p = puzzle_of("#. .#")
    b = board_of(p, "#? ?#")
    assert next_hint(p, b).kind == "solved"


def test_ties_go_to_the_cursor_and_the_answer_is_deterministic():
    p = puzzle_of("..###.... .#####... ##.#.##.. #######.# ..#.#..##")
    near_end = next_hint(p, unknown_board(p), cursor=(4, 8))
    assert near_end == next_hint(p, unknown_board(p), cursor=(4, 8))
    assert near_end.line != next_hint(p, unknown_board(p), cursor=(0, 0)).line


def judge(p: Puzzle, board: Board, hint) -> None:
    """Assert one hint is right, by the oracle alone."""
    sols = oracle.solutions(p.rows, p.columns, board.cells, cap=None)
    if hint.kind == "mistake":
        assert not sols
        everything = oracle.solutions(p.rows, p.columns, cap=None)
        for r, c, v in hint.cells:
            assert int(board.cells[r, c]) == v
        if "no solution has" in hint.explanation or "fit no solution" in hint.explanation:
            for r, c, v in hint.cells:
                assert all(oracle.bit(s[r][c]) != v for s in everything)
        else:
            # marks possible alone but not together: clearing those named gets a solution back
            cleared = board.copy()
            for r, c, v in hint.changes():
                cleared.cells[r, c] = v
            assert oracle.solutions(p.rows, p.columns, cleared.cells, cap=1)
        return
    assert sols, "a consistent board got a hint of kind " + hint.kind
    if hint.kind == "solved":
        return
    for r, c, v in hint.cells:
        assert int(board.cells[r, c]) == UNKNOWN
        agree = [s for s in sols if oracle.bit(s[r][c]) == v]
        if hint.kind in ("line", "contradiction"):
            assert len(agree) == len(sols), hint.explanation
        else:
            assert agree
    if hint.kind == "ambiguous":
        assert len(sols) >= 2
    if hint.kind == "guess":
        assert len(sols) == 1


@pytest.mark.parametrize("seed", range(40))
def test_every_hint_on_random_boards_is_right(seed):
    rng = random.Random(seed)
    size = rng.choice([(5, 5), (6, 6), (5, 7)])
    pic = [[int(rng.random() < 0.5) for _ in range(size[1])] for _ in range(size[0])]
    p = Puzzle.from_picture(pic)
    board = unknown_board(p)
    share = rng.random() * 0.4
    for r, row in enumerate(pic):
        for c, v in enumerate(row):
            if rng.random() < share:
                board.cells[r, c] = oracle.bit(v)
            elif rng.random() < 0.03:
                board.cells[r, c] = oracle.bit(1 - v)  # now and then a mark that may be wrong
    for _ in range(60):
        hint = next_hint(p, board, cursor=(rng.randrange(size[0]), rng.randrange(size[1])))
        judge(p, board, hint)
        if hint.kind == "solved":
            break
        for r, c, v in hint.changes():
            board.cells[r, c] = v
    else:
        pytest.fail("60 hints did not finish a small puzzle")



@pytest.mark.slow
@pytest.mark.parametrize("name", ["webpbn-00065.nin", "webpbn-00436.nin", "webpbn-00006.nin"])
def test_hints_on_bench_puzzles_agree_with_their_checked_solution(name):
    """Bench puzzles are too big for the listing oracle; their solution is checked against every
    clue by test code, and each hint on random partial boards must agree with it."""
    from pathlib import Path

    from nonotui.kinds import open_one
    from nonotui.kinds.nonogram.engine.search import solve
    from tests import naive_count as naive

    path = Path(__file__).resolve().parents[3] / ".." / "shared" / "bench" / "survey" / name
    if not path.exists():
        pytest.skip("the shared bench puzzles are not here")
    p = open_one(str(path))
    result = solve(p, max_solutions=2)
    assert result.status == "unique"
    sol = result.solutions[0].cells
    assert naive.clues_of(naive.picture_of_cells(sol)) == (p.rows, p.columns)
    rng = np.random.default_rng(6)
    for _ in range(25):
        board = unknown_board(p)
        keep = rng.random(sol.shape) < rng.random() * 0.9
        board.cells[keep] = sol[keep]
        hint = next_hint(p, board, (int(rng.integers(p.height)), int(rng.integers(p.width))))
        assert hint.kind in ("line", "contradiction", "solved")
        for r, c, v in hint.cells:
            assert board.cells[r, c] == UNKNOWN and sol[r, c] == v
