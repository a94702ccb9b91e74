"""Board and the text notation."""

from __future__ import annotations

import numpy as np
import pytest

from nonotui.errors import NotationError
from nonotui.kinds.nonogram.notation import (
    board_from_text,
    format_board,
    format_clue,
    format_line,
    parse_board,
    parse_clue,
    parse_line,
)
from nonotui.kinds.nonogram.puzzle import Puzzle, board_solves, unknown_board
from nonotui.model import EMPTY, FILLED, UNKNOWN


def test_line_notation_accepts_the_seed_aliases() -> None:
    assert list(parse_line("#-.?+ ")) == [FILLED, EMPTY, EMPTY, UNKNOWN, UNKNOWN, UNKNOWN]
    assert format_line(parse_line("#-.?+ ")) == "#--???"


def test_bad_character_names_column_and_line() -> None:
    with pytest.raises(NotationError, match="column 3: unexpected character 'x'"):
        parse_line("##x")
    with pytest.raises(NotationError, match="line 2, column 1: unexpected character '@'"):
        parse_board("##\n@#\n")


def test_ragged_board_names_the_line() -> None:
    with pytest.raises(NotationError, match="line 2: 1 cells where 2 were expected"):
        parse_board("##\n#\n")


def test_board_size_is_checked_against_the_puzzle() -> None:
    p = Puzzle(rows=[[1], [1]], columns=[[2], []])
    with pytest.raises(NotationError, match="3 rows, the puzzle 2"):
        board_from_text("#-\n#-\n--\n", p)
    with pytest.raises(NotationError, match="line 1: 3 cells where 2"):
        board_from_text("#--\n#-\n", p)


def test_contradiction_has_no_notation() -> None:
    with pytest.raises(ValueError, match="no text notation"):
        format_line(np.array([0], dtype=np.uint32))


@pytest.mark.parametrize(
    "text,clue", [("9 1 1 1", (9, 1, 1, 1)), ("9,1,1,1", (9, 1, 1, 1)), ("0", ()), ("", ()),
                  (" 3 , 2 ", (3, 2))]
)
def test_parse_clue(text: str, clue: tuple[int, ...]) -> None:
    assert parse_clue(text) == clue


@pytest.mark.parametrize("text", ["a", "1 -2", "1.5", "1 0 2"])
def test_parse_clue_rejects(text: str) -> None:
    with pytest.raises(NotationError):
        parse_clue(text)


def test_format_clue() -> None:
    assert format_clue(()) == "0" and format_clue((3, 1)) == "3 1"


def test_board_solves_any_solution_not_a_stored_picture() -> None:
    # two solutions: the diagonal and the anti-diagonal
    p = Puzzle(rows=[[1], [1]], columns=[[1], [1]], goal=[[1, 0], [0, 1]])
    assert board_solves(board_from_text("#-\n-#\n", p), p)
    assert board_solves(board_from_text("-#\n#-\n", p), p)
    assert not board_solves(board_from_text("##\n--\n", p), p)
    assert not board_solves(board_from_text("#?\n-#\n", p), p)


def test_board_round_trip_and_progress() -> None:
    p = Puzzle(rows=[[1], [1]], columns=[[1], [1]])
    b = unknown_board(p)
    assert format_board(b.cells) == "??\n??\n" and b.decided_share() == 0.0
    b.cells[0, 0] = FILLED
    c = b.copy()
    assert c == b and c.cells is not b.cells
    assert b.decided_share() == 0.25 and not b.is_complete()
    assert board_from_text(format_board(b.cells)) == b
