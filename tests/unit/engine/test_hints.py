"""The hint ladder: a crafted board for every rung with its exact explanation, and many random
boards whose every hint is judged by :mod:`tests.hint_oracle` (never by the engine)."""

from __future__ import annotations

import random
import re

import numpy as np
import pytest

from nonotui.kinds.nonogram.engine.hints import _stuck_hint, next_hint
from nonotui.kinds.nonogram.engine.ladder import line_steps
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


def test_line_rung_names_the_technique_the_block_and_its_places():
    p = puzzle_of("..###.... .#####... ##.#.##.. #######.# ..#.#..##")
    hint = next_hint(p, unknown_board(p))
    assert (hint.kind, hint.method, hint.line) == ("line", "fast", ("column", 2))
    assert hint.technique == "Simple boxes" and hint.chain is None
    # the boxes finish the line, and an easier technique's cells on them are named after
    assert hint.explanation == (
        "Simple boxes. Column 3, clue 2 2: the first 2 can only start in row 1, so it always "
        "covers rows 1 and 2; the second 2 can only start in row 4, so it always covers rows 4 "
        "and 5. Then by finished line, row 3 is empty.")
    assert hint.cells == ((0, 2, FILLED), (1, 2, FILLED), (2, 2, EMPTY), (3, 2, FILLED),
                          (4, 2, FILLED))


CRAFTED = [
    # (technique, picture, board, explanation): row 1 is the crafted line; every other row pairs
    # some of its unknown cells so that neither those rows nor any column can decide a cell
    # (each holds exactly one filled cell among its unknowns, the other rows' cells there being
    # its row-1 cell's opposite), so row 1's step is the only one and its technique the easiest
    ("Simple boxes", "########.. ........#. .........#", "?????????? ----?????- ????-----?",
     "Simple boxes. Row 1, clue 8: the 8 starts somewhere in columns 1 to 3, so it always "
     "covers columns 3 to 8."),
    ("Simple spaces", ".###....#. ....#.#..# #....#.#..", "???#????#? -?--?-?--? ?-?--?-?--",
     "Simple spaces. Row 1, clue 3 1: the 3 starts in column 2 at the earliest (it must cover "
     "the filled column 4), so column 1 is empty; the 3 ends by column 6 at the latest (it must "
     "cover the filled column 4) and the 1 starts in column 9 at the earliest (it must cover the "
     "filled column 9), so columns 7 and 8 are empty; the 1 ends by column 9 at the latest (it "
     "must cover the filled column 9), so column 10 is empty."),
    ("Forcing", "...###... #......#. .#....... ........#",
     "??-???-?? ?--?---?- -?--?---- -----?--?",
     "Forcing. Row 1, clue 3: the 3 can only start in column 4 (between the cross at column 3 "
     "and the cross at column 7), so it always covers columns 4 to 6; the 3 starts in column 4 "
     "at the earliest (it does not fit before the cross at column 3), so columns 1 and 2 are "
     "empty; the 3 ends by column 6 at the latest (it does not fit after the cross at column 7), "
     "so columns 8 and 9 are empty."),
    ("Glue", "###.###..... ...#...#.... ........#... .........#.. ...........# ..........#.",
     "?#?????????? ?--?---?---- --?-----?--- ----?----?-- -----?-----? ------?---?-",
     "Glue. Row 1, clue 3 3: the filled column 2 belongs to the first 3, which starts no earlier "
     "than column 1 (the edge), so it reaches column 3: column 3 is filled."),
    ("Joining and splitting", "##.#.#.. ..#.#... .......#", "???#?#-? ?-?-?--- -?-----?",
     "Joining and splitting. Row 1, clue 2 1 1: filling column 5 would join column 4 and column "
     "6 into a run of 3, longer than any block that can reach it (at most 1), so column 5 is "
     "empty."),
    ("Punctuation", ".#.#.#. ....#.# #.#....", "???#??? -?--?-? ?-?--?-",
     "Punctuation. Row 1, clue 1 1 1: the run at column 4 is as long as the longest block that "
     "can cover it (1), so it is finished and columns 3 and 5 are empty."),
    ("Mercury", "..##.#.. ....#.#. .#.....#", "-??#???? --?-?-?- -?---?-?",
     "Mercury. Row 1, clue 2 1: the first block, the 2, has no room before the filled column 4, "
     "so it covers it and column 2 is empty."),
    ("Whole-line reasoning", "##.#.. ..#..# ....#.", "???#?? ?-?--? -?--?-",
     "Whole-line reasoning. Row 1, clue 2 1: the 1 can only lie in column 4 or column 6: no "
     "block can cover column 5, so column 5 is empty."),
]


@pytest.mark.parametrize(("technique", "picture", "marks", "text"), CRAFTED,
                         ids=[c[0] for c in CRAFTED])
def test_a_crafted_line_for_each_technique_gets_its_name(technique, picture, marks, text):
    p = puzzle_of(picture)
    board = board_of(p, marks)
    hint = next_hint(p, board, cursor=(p.height - 1, p.width - 1))
    assert (hint.kind, hint.line, hint.technique) == ("line", ("row", 0), technique)
    assert hint.explanation == text
    assert hint.to_json()["technique"] == technique and "chain" not in hint.to_json()
    # the fast linesolver finds all but the split and the whole-line step (only fcomp does)
    slow = ("Joining and splitting", "Whole-line reasoning")
    assert hint.method == ("fcomp" if technique in slow else "fast")
    judge(p, board, hint)
    # the whole line's deduction, by the oracle: every cell all of row 1's arrangements agree on
    line = [int(v) for v in board.cells[0]]
    fits = oracle.line_fillings(p.rows[0], line)
    forced = {(0, c, oracle.bit(fits[0][c])) for c in range(p.width)
              if line[c] == UNKNOWN and len({f[c] for f in fits}) == 1}
    assert set(hint.cells) == forced


def test_an_easier_technique_wins_over_a_harder_one_nearer_the_cursor():
    p = puzzle_of("###. .### .... .##.")
    board = board_of(p, "???- ??#? ---- -?#?")
    # row 1's whole deduction needs forcing (the 3 squeezed between the edge and the cross), and
    # its simple boxes come first as a step of their own; column 2 (simple boxes too) is farther
    hint = next_hint(p, board, cursor=(3, 3))
    assert (hint.technique, hint.line) == ("Simple boxes", ("column", 1))
    assert (0, 0) not in {(r, c) for r, c, _ in hint.cells}
    judge(p, board, hint)
    row1, = [s for s in line_steps(p, board) if (s.axis, s.index) == ("row", 0)]
    assert row1.technique == "Simple boxes" and (0, 0, FILLED) not in row1.cells()


def test_an_easier_step_inside_a_harder_one_is_its_own_hint_first():
    # built as CRAFTED: row 1 is the line, the other rows and the columns decide nothing. The
    # line's whole deduction needs forcing, but simple spaces alone decide columns 5 to 10:
    # they are the first hint, and forcing's cell the next (issue 35: one technique a hint)
    p = puzzle_of("###....... ...#.#.#.# ....#.#.#.")
    board = board_of(p, "?#???????? ?--?-?-?-? --?-?-?-?-")
    hint = next_hint(p, board)
    assert (hint.technique, hint.line) == ("Simple spaces", ("row", 0))
    assert hint.explanation == (
        "Simple spaces. Row 1, clue 3: the 3 ends by column 4 at the latest (it must cover the "
        "filled column 2), so columns 5 to 10 are empty.")
    assert hint.cells == tuple((0, c, EMPTY) for c in range(4, 10))
    judge(p, board, hint)
    for r, c, v in hint.changes():
        board.cells[r, c] = v
    hint = next_hint(p, board)
    assert (hint.technique, hint.line) == ("Forcing", ("row", 0))
    assert hint.explanation == (
        "Forcing. Row 1, clue 3: the 3 starts somewhere in columns 1 to 2 (between the edge and "
        "the cross at column 5), so it always covers columns 2 and 3 (new: column 3).")
    assert hint.cells == ((0, 2, FILLED),)
    judge(p, board, hint)


def test_contradiction_rung_tells_the_chain():
    p = puzzle_of("#..... #.#.#. ..#..# .....# ..#..# ...#.#")
    b = board_of(p, "?-???? #-#-?? ?-??-# -----# --???? --????")
    hint = next_hint(p, b)
    assert (hint.kind, hint.method, hint.line) == ("contradiction", "probe", ("row", 2))
    assert (hint.technique, hint.chain) == ("Contradiction", 4)
    assert hint.to_json()["technique"] == "Contradiction" and hint.to_json()["chain"] == 4
    assert hint.explanation == (
        "Contradiction (a chain of 4 lines). If row 1, column 5 were filled, row 1 (clue 1) would force columns 1 and 3 empty, "
        "column 1 (clue 2) would force row 3 filled, column 3 (clue 2 1) would force row 3 "
        "filled, and row 3 (clue 1 1) could then not be placed; so row 1, column 5 is empty.")
    assert hint.cells == ((0, 4, EMPTY),)


def test_a_chain_counts_each_line_once_however_often_it_is_solved():
    p = puzzle_of("..##.## ###...# ###..#. ....#.# #..#... #.#.#.. .#...#.")
    b = board_of(p, "??????? ?##?-?? ??#???? ??????? ??????? ??????? ???????")
    hint = next_hint(p, b)
    assert hint.kind == "contradiction"
    judge(p, b, hint)
    named = re.findall(r"\b(row|column) (\d+)(?: \(clue [^)]*\))? "
                       r"(?:would force|could then not be placed)", hint.explanation)
    # column 1 is solved twice: 7 solves on 6 distinct lines
    assert (len(named), len(set(named)), hint.chain) == (7, 6, 6)
    assert hint.explanation.startswith("Contradiction (a chain of 6 lines). If row 4, column 2 ")


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
        "from here: the puzzle needs a guess. Row 3, column 4 settles the most (filled, line "
        "logic then decides 44 more cells; empty, a line breaks). In the solution it is "
        "filled.")
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
