"""Cutting and splicing the grid's segment lines, edges included (partly visible cells)."""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style

from nonotui.ui.painter import cut, splice

A, B, C = Style(color="red"), Style(color="green"), Style(bold=True)
LINE = [Segment("aaa", A), Segment("bb", B), Segment("cccc", A)]  # 9 cells


def text(line: list[Segment]) -> str:
    return "".join(s.text for s in line)


def test_cut_keeps_styles_and_splits_segments_at_any_cell() -> None:
    assert cut(LINE, 0, 9) == LINE
    assert cut(LINE, 2, 6) == [Segment("a", A), Segment("bb", B), Segment("c", A)]
    assert cut(LINE, 3, 5) == [Segment("bb", B)]
    assert text(cut(LINE, 7, 50)) == "cc"


def test_cut_of_nothing_is_empty_and_never_holds_an_empty_segment() -> None:
    assert cut(LINE, 4, 4) == []
    assert cut(LINE, 6, 2) == []
    assert cut(LINE, 9, 12) == []
    for start in range(10):
        for end in range(start, 11):
            assert all(s.text for s in cut(LINE, start, end)), (start, end)
            assert text(cut(LINE, start, end)) == "aaabbcccc"[start:end]


def test_splice_replaces_cells_and_clips_what_falls_outside() -> None:
    piece = [Segment("XY", C)]
    assert text(splice(LINE, 9, 4, piece, 2)) == "aaabXYccc"
    assert splice(LINE, 9, 4, piece, 2)[2] == Segment("XY", C)
    # a cell partly scrolled out of view on either side shows its visible part only
    assert text(splice(LINE, 9, -1, piece, 2)) == "Yaabbcccc"
    assert text(splice(LINE, 9, 8, piece, 2)) == "aaabbcccX"
    # wholly outside: the line is unchanged
    assert splice(LINE, 9, 9, piece, 2) == LINE
    assert splice(LINE, 9, -2, piece, 2) == LINE
