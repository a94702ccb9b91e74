"""benchmarks/colour_peers.py: the parts that decide, not the timings.

The random colour puzzles are seeded and in range, the XML pbnsolve reads holds the same puzzle,
pbnsolve's ``-b`` words are read as statuses, and the table and summary count agreements and
flag a disagreement.
"""

from __future__ import annotations

from benchmarks import colour_peers as cp
from benchmarks.peers import Run
from nonotui.kinds.nonogram.formats import dump, parse


def test_random_colour_puzzles_are_seeded_and_in_range() -> None:
    for k in range(8):
        puzzle = cp.random_puzzle(12, k)
        assert puzzle == cp.random_puzzle(12, k)
        assert 20 <= puzzle.width <= 40 and 20 <= puzzle.height <= 40
        assert puzzle.n_colors == 3 and puzzle.is_color
    assert cp.random_puzzle(12, 0) != cp.random_puzzle(13, 0)


def test_the_xml_pbnsolve_reads_is_the_same_puzzle() -> None:
    puzzle = cp.random_puzzle(12, 3)
    (back,) = parse(dump(puzzle, "xml"), "p.xml")
    assert (back.rows, back.columns) == (puzzle.rows, puzzle.columns)
    assert (back.row_colors, back.column_colors) == (puzzle.row_colors, puzzle.column_colors)
    assert [c.rgb for c in back.colors] == [c.rgb for c in puzzle.colors]


def test_bundled_colour_puzzles_are_all_there() -> None:
    names = [name for name, _ in cp.bundled()]
    assert len(names) >= 8 and "ladybird" in names and "heart" not in names


def test_pbnsolve_words_are_statuses() -> None:
    # what pbnsolve -b -u prints on a colour puzzle: the title line, then its words
    assert cp.parse_pbnsolve("Tiny\ntrivial unique logical\n", "", 0) == "unique"
    assert cp.parse_pbnsolve("multiple\n", "", 0) == "multiple"
    assert cp.parse_pbnsolve("contradiction\n", "", 0) == "contradiction"
    assert cp.parse_pbnsolve("", "Cannot open input file x.xml", 1).startswith("error")


def test_table_and_summary_count_agreements_and_flag_a_disagreement() -> None:
    a = cp.Row("ladybird", cp.random_puzzle(1, 1), [Run("unique", 0.01)], [Run("unique", 0.02)])
    b = cp.Row("random 1:2", cp.random_puzzle(1, 2), [Run("multiple", 0.03)],
               [Run("multiple", 0.02)])
    c = cp.Row("random 1:3", cp.random_puzzle(1, 3), [Run("unique", 0.01)],
               [Run("multiple", 0.02)])
    text, loud = cp.table([a, b], with_pbnsolve=True)
    assert loud == [] and "| ladybird |" in text and "| 0.50 |" in text and "| 1.50 |" in text
    summary = cp.summary([a, b], with_pbnsolve=True)
    assert "same decided status on 2 of 2" in summary
    assert "nonotui at or below pbnsolve on 1 of 2" in summary
    _, loud = cp.table([c], with_pbnsolve=True)
    assert loud == ["DISAGREEMENT on random 1:3: nonotui: unique; pbnsolve: multiple"]
    # without pbnsolve only nonotui's columns
    text, _ = cp.table([a], with_pbnsolve=False)
    assert "pbnsolve" not in text
