"""The ``.aq`` format: the issue's example, metadata, round trips, and one clear line per error."""

from __future__ import annotations

import random

import pytest

from nonotui.errors import PuzzleFormatError, UnsupportedPuzzleError
from nonotui.kinds.aquarium import aq_format
from nonotui.kinds.aquarium.puzzle import make_puzzle
from tests.unit.aquarium import oracle
from tests.unit.aquarium.randgrid import random_puzzle

EXAMPLE = """size 4x4
columns 3 2 2 3
rows 2 2 2 4
tanks
AABB
ACCB
DDCB
DDDD
"""


def test_issue_example_reads_and_its_one_solution_is_the_issues() -> None:
    [p] = aq_format.read(EXAMPLE, "ex.aq")
    assert p.width == p.height == 4
    assert p.rows == (2, 2, 2, 4) and p.columns == (3, 2, 2, 3)
    assert p.tanks == ((0, 0, 1, 1), (0, 2, 2, 1), (3, 3, 2, 1), (3, 3, 3, 3))
    solutions = oracle.solutions(p)
    assert ["".join("~" if v else "." for v in row) for row in solutions[0]] == [
        "~~..", "~..~", "..~~", "~~~~"]
    assert len(solutions) == 1
    assert aq_format.write([p]) == EXAMPLE
    assert aq_format.sniff(EXAMPLE)
    assert not aq_format.sniff("width 4\nheight 4\nrows\n")
    assert aq_format.FORMAT.name == "aq" and aq_format.FORMAT.extensions == (".aq",)


def test_metadata_comments_missing_counts_goal_and_case() -> None:
    text = """# a comment
title "Fish &amp; &quot;chips&quot;"
BY someone
copyright "(c) 2026&#10;two lines"
license CC-BY-4.0
Size 4X4

columns 3 ? 2 3
  # another comment
rows 2 2 ? 4
tanks
#.BB
#CCB
--CB
----
goal
~~..
~..~
..~~
~~~~
"""
    [p] = aq_format.read(text, "m.aq")
    assert p.title == 'Fish & "chips"' and p.author == "someone"
    assert p.copyright == "(c) 2026\ntwo lines" and p.license == "CC-BY-4.0"
    assert p.columns == (3, None, 2, 3) and p.rows == (2, 2, None, 4)
    assert p.tanks == ((0, 1, 2, 2), (0, 3, 3, 2), (4, 4, 3, 2), (4, 4, 4, 4))
    assert p.goal is not None and p.goal[0] == (True, True, False, False)
    again = aq_format.read(aq_format.write([p]), "again.aq")[0]
    assert again == p and again.goal == p.goal
    assert "columns 3 ? 2 3" in aq_format.write([p])


@pytest.mark.parametrize("seed", range(60))
def test_random_puzzles_round_trip(seed: int) -> None:
    rng = random.Random(seed)
    w, h = rng.randint(1, 12), rng.randint(1, 12)
    p = random_puzzle(rng, w, h, rng.randint(1, w * h), hide=0.2 if seed % 3 == 0 else 0.0)
    text = aq_format.write([p])
    [q] = aq_format.read(text, "r.aq")
    assert q == p and q.identity == p.identity
    assert aq_format.write([q]) == text


def test_many_tanks_use_the_wider_alphabet_and_too_many_are_refused() -> None:
    n = 40
    p = make_puzzle([0] * n, [0] * n, [[r * n + c for c in range(n)] for r in range(n)])
    assert p.tank_count == 1600 <= len(aq_format.tank_alphabet())
    text = aq_format.write([p])
    assert aq_format.read(text, "big.aq")[0] == p
    assert "#" not in text.split("tanks\n", 1)[1]
    n = 50
    q = make_puzzle([0] * n, [0] * n, [[r * n + c for c in range(n)] for r in range(n)])
    with pytest.raises(UnsupportedPuzzleError, match="2,500 tanks.*puzz.link"):
        aq_format.write([q])


def _broken(text: str) -> PuzzleFormatError:
    with pytest.raises(PuzzleFormatError) as info:
        aq_format.read(text, "bad.aq")
    return info.value


@pytest.mark.parametrize(("text", "line", "words"), [
    (EXAMPLE.replace("ACCB\nDDCB", "ACCB\nCDDB"), 7, "tank 'C' is not connected"),
    (EXAMPLE.replace("DDDD", "AAAA"), 8, "tank 'A' is not connected"),
    (EXAMPLE.replace("columns 3 2 2 3", "columns 3 2 2"), 2, "3 counts but the size asks for 4"),
    (EXAMPLE.replace("rows 2 2 2 4", "rows 2 2 2 4 1"), 3, "5 counts but the size asks for 4"),
    (EXAMPLE.replace("ACCB", "ACCBB"), 6, "5 characters"),
    (EXAMPLE.replace("ACCB", "AC B"), 6, "not 4 without spaces"),
    (EXAMPLE.replace("rows 2 2 2 4", "rows 2 2 2 3"), 3, "add up to 9 but the column"),
    (EXAMPLE.replace("size 4x4", "size 101x4"), 1, "outside 1x1 to 100x100"),
    (EXAMPLE.replace("size 4x4", "size 4 by 4"), 1, "not like 'size 10x8'"),
    (EXAMPLE.replace("tanks", "pools"), 4, "unknown keyword 'pools'"),
    (EXAMPLE.replace("rows 2 2 2 4", "rows 2 2 2 5"), 3, "row 4 asks for 5 water cells"),
    (EXAMPLE.replace("rows 2 2 2 4", "rows 2 x 2 4"), 3, "row 2's count 'x'"),
    (EXAMPLE + "goal\n~~..\n~..~\n..~~\n~~~\n", 13, "3 characters"),
    (EXAMPLE + "goal\n~~..\n~..~\n..~~\n~~o~\n", 13, "bad goal: 'o'"),
    (EXAMPLE + "goal\n~~..\n...~\n..~~\n~~~~\n", 9, "bad goal: the goal breaks gravity"),
    (EXAMPLE + "goal\n~~..\n", 10, "goal section ends after 1 of its 4 lines"),
    (EXAMPLE + "size 4x4\n", 9, "size is given twice (first on line 1)"),
    ("columns 1\nsize 1x1\n", 1, "columns comes before size"),
    ("size 1x1\ncolumns 1\nrows 1\n", None, "no tanks line"),
    ('title "open\nsize 1x1\n', 1, "no closing quote"),
])
def test_broken_files_name_file_line_and_problem(text: str, line: int | None,
                                                 words: str) -> None:
    error = _broken(text)
    assert error.path == "bad.aq"
    assert error.line == line, error.message
    assert words in error.problem
    assert "\n" not in error.message and error.message.startswith("bad.aq")


def test_a_file_that_runs_on_is_stopped() -> None:
    error = _broken(EXAMPLE + "# filler\n" * 1000)
    assert error.line == aq_format.MAX_LINES + 1
