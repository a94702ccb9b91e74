"""Each field of a save, read and written: what is accepted at the edges of its range, what is
refused and the words that say so, how old schemas are lifted, what the library's summary says,
and how the board's legend and escapes are read."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from nonotui.errors import SaveError
from nonotui.kinds.nonogram.puzzle import Puzzle
from nonotui.model import EMPTY, FILLED
from nonotui.model.cells import CELL_DTYPE
from nonotui.model.history import make_move
from nonotui.model.kind import CellValue
from nonotui.store import DataDir, Progress, ProgressStore
from nonotui.store.progress import (
    MIGRATIONS,
    decode_board,
    from_document,
    legend_for,
    migrate,
    tally_of,
)

WIDE = Puzzle.from_picture([[1, 1, 0, 1], [0, 1, 1, 0]], title="Wide")
"""Two rows of four: a cursor's row and column cannot be mixed up."""
SQUARE = Puzzle.from_picture([[1, 1, 0], [0, 1, 0], [0, 1, 1]], title="Hook")


@pytest.fixture
def store(tmp_path: Path) -> ProgressStore:
    return ProgressStore(DataDir(tmp_path).progress)


def doc_of(puzzle: Puzzle = WIDE, **fields: object) -> dict[str, object]:
    """A valid save document of ``puzzle`` with ``fields`` changed."""
    return {**Progress.new(puzzle).to_json(), **fields}


def refused(doc: object, puzzle: Puzzle = WIDE) -> str:
    with pytest.raises(SaveError) as info:
        Progress.from_json(doc, puzzle)
    return info.value.message


# -- the fields a save holds -------------------------------------------------------------------


def test_the_top_of_a_save_says_why_it_does_not_fit() -> None:
    assert refused([]) == "the save is not a JSON object"
    assert refused(doc_of(identity=SQUARE.identity)) == "the save belongs to a different puzzle"
    assert refused(doc_of(kind="aquarium")) == (
        "the save is of a 'aquarium' puzzle, this puzzle is a nonogram")
    assert refused(doc_of(kind=["x"])) == "the save's kind is a list, not the name of a kind"
    assert refused(doc_of(kind=None)) == "the save's kind is None, not the name of a kind"
    assert refused(doc_of(size=[4, 4])) == "the save is for a [4, 4] board, the puzzle is 4x2"
    assert refused(doc_of(size=[2, 4])) == "the save is for a [2, 4] board, the puzzle is 4x2"
    for size, shown in (("4x2", "'4x2'"), ([4, True], "a list"), ([4, 2, 1], "a list"),
                        ([4.0, 2], "a list"), (None, "None")):
        assert refused(doc_of(size=size)) == (
            f"the save's size is {shown}, not a width and a height"), size


@pytest.mark.parametrize("cursor", [[1, 3], [0, 0], [1, 0], [0, 3]])
def test_a_cursor_on_the_board_is_read(cursor: list[int]) -> None:
    assert Progress.from_json(doc_of(cursor=cursor), WIDE).cursor == tuple(cursor)


@pytest.mark.parametrize("cursor", [[2, 0], [0, 4], [5, 1], [1, 9], [-1, 0], [0, -1],
                                    [0, 1, 2], [0], [0.0, 1], [1, True], "0,1", None])
def test_a_cursor_off_the_board_is_refused(cursor: object) -> None:
    assert refused(doc_of(cursor=cursor)) == "the save's cursor is not a cell of the board"


def test_the_title_is_the_saves_own_or_else_the_puzzles() -> None:
    assert Progress.from_json(doc_of(title="Renamed"), WIDE).title == "Renamed"
    assert Progress.from_json(doc_of(title=None), WIDE).title == "Wide"
    assert Progress.from_json(doc_of(title=7), WIDE).title == "Wide"


def test_the_counts_and_times_say_which_is_wrong() -> None:
    good = doc_of(solved=True, best_time=12.5, solve_times=[20, 12.5], hints=2, auto_solves=1,
                  elapsed=30, moves=4, title="T")
    tally = tally_of(good)
    assert (tally.elapsed, tally.moves, tally.solved, tally.best_time) == (30.0, 4, True, 12.5)
    assert (tally.hints, tally.auto_solves, tally.solve_times, tally.title) == (
        2, 1, (20.0, 12.5), "T")
    assert type(tally.elapsed) is float and all(type(t) is float for t in tally.solve_times)
    for change, message in (
        ({"solved": 1}, "the save's solved flag is not true or false"),
        ({"best_time": -1}, "the save's best time is -1, not a number of seconds from 0 to "
                            "1,000,000,000"),
        ({"hints": "2"}, "the save's hints count is '2', not a whole number from 0 to "
                         "1,000,000,000"),
        ({"auto_solves": 1.0}, "the save's auto_solves count is 1.0, not a whole number from "
                               "0 to 1,000,000,000"),
        ({"solve_times": [1, True]}, "a time in the save's solve_times is True, not a number "
                                     "of seconds from 0 to 1,000,000,000"),
        ({"solve_times": "1"}, "the save's solve_times is '1', not a list of times"),
        ({"elapsed": None}, "the save's elapsed time is None, not a number of seconds from 0 to "
                            "1,000,000,000"),
        ({"moves": 10**9 + 1}, "the save's move count is 1000000001, not a whole number from 0 "
                               "to 1,000,000,000"),
    ):
        with pytest.raises(SaveError) as info:
            tally_of({**good, **change})
        assert info.value.message == message, change


def test_counts_missing_from_older_saves_are_none() -> None:
    doc = doc_of()
    for key in ("hints", "auto_solves", "solve_times"):
        del doc[key]
    tally = tally_of(doc)
    assert (tally.hints, tally.auto_solves, tally.solve_times) == (0, 0, ())
    assert tally_of({**doc_of(), "best_time": None}).best_time is None


def test_times_are_written_to_the_millisecond(store: ProgressStore) -> None:
    progress = Progress.new(WIDE)
    progress.elapsed, progress.best_time = 1.23456, 2.0006
    progress.solve_times = [3.45678, 2.0006]
    doc = progress.to_json()
    assert (doc["elapsed"], doc["best_time"], doc["solve_times"]) == (
        1.235, 2.001, [3.457, 2.001])
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d{4}", str(doc["saved_at"]))
    progress.best_time = None
    assert progress.to_json()["best_time"] is None


# -- the board -----------------------------------------------------------------------------


def test_a_legend_leaves_out_what_cannot_stand_for_one_cell() -> None:
    values = (
        CellValue("dark", 0, "empty", "."),
        CellValue("lit", 1, "filled", "ab"),  # two characters
        CellValue("dim", 2, "color", "\n", "#808080"),  # not printable
        CellValue("odd", 3, "color", "?", "#808080"),  # reserved for unknown
        CellValue("twin", 4, "color", ".", "#808080"),  # taken already
        CellValue("ok", 5, "color", "o", "#808080"),
    )
    assert legend_for(values) == {".": 1, "o": 32, "?": 63}


def test_a_legend_must_map_single_characters_to_cells_of_the_puzzle() -> None:
    for legend in ([], {}, "#-?"):
        with pytest.raises(SaveError) as info:
            decode_board(["?"], legend, 1, 1, 3)
        assert info.value.message == (
            "the save's legend is not an object of characters and cell values")
    for legend, words in (
        ({"(": 3}, "maps '(' to 3"), ({")": 3}, "maps ')' to 3"), ({"ab": 3}, "maps 'ab' to 3"),
        ({"": 3}, "maps '' to 3"), ({"?": 0}, "maps '?' to 0"), ({"?": 4}, "maps '?' to 4"),
        ({"?": True}, "maps '?' to True"), ({"?": "3"}, "maps '?' to '3'"),
        ({1: 3}, "maps 1 to 3"),
    ):
        with pytest.raises(SaveError) as info:
            decode_board(["?"], legend, 1, 1, 3)
        assert info.value.message == f"the save's legend {words}, not a cell value", legend
    # any other single character may stand for a cell
    assert decode_board(["X(3)"], {"X": 1, "?": 3}, 2, 1, 3).cells.tolist() == [[1, 3]]
    # a puzzle whose values are 1 and 4 (no 2): 5 is every value, 2 is none of them
    assert decode_board(["u"], {"u": 5}, 1, 1, 5).cells.tolist() == [[5]]
    with pytest.raises(SaveError, match="maps 'x' to 2"):
        decode_board(["x"], {"x": 2}, 1, 1, 5)


def test_the_rows_must_be_text_of_the_puzzles_size() -> None:
    legend = {"#": 2, "-": 1, "?": 3}
    for rows in ("#-", [1, 2], ["#-", None], None):
        with pytest.raises(SaveError) as info:
            decode_board(rows, legend, 2, 2, 3)
        assert info.value.message == "the save's board is not a list of rows"
    with pytest.raises(SaveError) as info:
        decode_board(["#-", "#"], legend, 2, 2, 3)
    assert info.value.message == "the save's board, row 2: 1 cells where 2 were expected"
    with pytest.raises(SaveError) as info:
        decode_board(["#-", "?x"], legend, 2, 2, 3)
    assert info.value.message == "the save's board, row 2, column 2: 'x' is not in its legend"
    board = decode_board(["#-", "??"], legend, 2, 2, 3)
    assert board.cells.dtype == CELL_DTYPE
    assert board.cells.tolist() == [[2, 1], [3, 3]]


def test_escaped_cells_are_read_and_checked_against_the_puzzle() -> None:
    legend = {"#": 2, "?": 7}
    board = decode_board(["#(1)(7)?", "(4)(5)(6)(3)"], legend, 4, 2, 7)
    assert board.cells.dtype == CELL_DTYPE
    assert board.cells.tolist() == [[2, 1, 7, 7], [4, 5, 6, 3]]
    for row, words in (
        ("##(0)", "row 2, column 3: (0) is not a cell value of this puzzle"),
        ("#(8)", "row 2, column 2: (8) is not a cell value of this puzzle"),
        ("(2)x", "row 2, column 2: 'x' is not in its legend"),
        ("((1)", "row 2, column 1: '(' is not in its legend"),
    ):
        with pytest.raises(SaveError) as info:
            decode_board(["????", row], legend, 4, 2, 7)
        assert info.value.message == f"the save's board, {words}", row
    # values 1 and 4 (no 2): (5) is a cell, (2) and (6) are not, nor (1) beyond (4) alone
    assert decode_board(["(5)(4)(1)"], {"?": 5}, 3, 1, 5).cells.tolist() == [[5, 4, 1]]
    for bad in ("(2)", "(6)", "(7)"):
        with pytest.raises(SaveError, match=re.escape(f"{bad} is not a cell value")):
            decode_board([bad], {"?": 5}, 1, 1, 5)


# -- schemas -------------------------------------------------------------------------------


OLD = {"schema": 1, "identity": SQUARE.identity, "title": "Hook", "size": [3, 3],
       "board": ["#.-", "+? ", "???"], "elapsed": 3.5, "moves": 2, "solved": False,
       "best_time": None}


def test_each_migration_lifts_a_save_by_one_schema() -> None:
    two = MIGRATIONS[1](dict(OLD))
    assert two == {**OLD, "schema": 2, "history": {"done": [], "undone": []},
                   "cursor": [0, 0]}
    three = MIGRATIONS[2](two)
    assert three == {**two, "schema": 3, "kind": "nonogram",
                     "legend": {"#": 2, "-": 1, ".": 1, "?": 3, "+": 3, " ": 3}}
    assert migrate(dict(OLD), Path("x.json")) == three


def test_an_old_save_reads_in_the_old_notation() -> None:
    progress = from_document(dict(OLD), SQUARE, Path("x.json"))
    assert progress.board.cells.tolist() == [[FILLED, EMPTY, EMPTY], [3, 3, 3], [3, 3, 3]]
    assert progress.cursor == (0, 0) and not progress.history.can_undo


@pytest.mark.parametrize("schema", [0, -1, None, "1", True, 1.0])
def test_a_save_without_a_valid_schema_names_its_file(schema: object) -> None:
    with pytest.raises(SaveError) as info:
        from_document({**OLD, "schema": schema}, SQUARE, Path("p/x.json"))
    assert info.value.message == "p/x.json has no valid schema number"


def test_opening_names_the_file_whose_schema_is_wrong(store: ProgressStore) -> None:
    path = store.path_for(SQUARE.identity)
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({**OLD, "schema": "one"}))
    notice = store.load(SQUARE).notice
    assert notice is not None and f"({path} has no valid schema number)" in notice


# -- what the library shows --------------------------------------------------------------------


def test_the_library_summary_of_each_state(store: ProgressStore) -> None:
    progress = Progress.new(SQUARE)
    store.save(progress)
    assert store.summary(SQUARE).state == "new", "a save of nothing done yet"
    progress.elapsed = 0.9
    store.save(progress)
    assert store.summary(SQUARE).state == "new"
    cells = [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1)]
    move = make_move(progress.board, cells, FILLED)
    assert move is not None
    progress.history.record(move, progress.board)
    progress.moves = 1
    store.save(progress)
    summary = store.summary(SQUARE)
    assert (summary.state, summary.percent, summary.best_time) == ("playing", 55, None)
    progress.solved = True  # finished by auto-solve: no time
    store.save(progress)
    summary = store.summary(SQUARE)
    assert (summary.state, summary.percent, summary.best_time) == ("auto-solved", 100, None)
    progress.best_time = 42.0
    store.save(progress)
    summary = store.summary(SQUARE)
    assert (summary.state, summary.percent, summary.best_time) == ("solved", 100, 42.0)
