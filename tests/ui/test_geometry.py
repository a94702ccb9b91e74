"""The grid's layout from a kind's margins and borders: guide lines, walls, or nothing between
cells, and labels in the left and top margins."""

from __future__ import annotations

import pytest

from nonotui.model.kind import Borders, MarginLabel, Margins
from nonotui.ui.geometry import Geometry

LEFT = Margins((MarginLabel("left", 0, ("1", "12"), 0), MarginLabel("top", 2, ("3",), 3)))


def test_a_separator_between_every_two_cells_when_the_kind_has_walls() -> None:
    g = Geometry.build(3, 3, LEFT, Borders(None, frozenset({(0, 0, "right")})))
    # and a frame around the cells: one character on each side, one line above and below
    assert (g.every, g.cell_width, g.grid_width, g.grid_height, g.frame) == (1, 2, 10, 7, 1)
    assert [g.column_at(x) for x in range(10)] == [None, 0, 0, None, 1, 1, None, 2, 2, None]
    assert [g.row_at(y) for y in range(7)] == [None, 0, None, 1, None, 2, None]
    assert [g.cell_x(c) for c in range(3)] == [1, 4, 7] and g.row_y(2) == 5
    assert g.nearest_row(4) == 1 and g.nearest_column(6) == 1
    assert g.nearest_row(0) == 0 and g.nearest_column(0) == 0 and g.nearest_column(9) == 2


def test_no_separator_without_guides_or_walls() -> None:
    g = Geometry.build(3, 2, LEFT, Borders())
    assert (g.every, g.grid_width, g.grid_height, g.frame) == (None, 6, 2, 0)
    assert [g.column_at(x) for x in range(7)] == [0, 0, 1, 1, 2, 2, None]
    assert [g.row_at(y) for y in range(3)] == [0, 1, None]
    assert not any(g.separated(i) for i in range(3))


def test_guide_lines_every_fifth_row_and_column() -> None:
    g = Geometry.build(12, 11, Margins(()), Borders(guide_every=5))
    assert (g.grid_width, g.grid_height) == (12 * 2 + 2, 11 + 2)
    assert [c for c in range(12) if g.separated(c)] == [5, 10]
    assert g.column_at(10) is None and g.column_at(11) == 5 and g.row_at(5) is None


def test_margin_labels_land_by_side_and_index_and_share_a_slot() -> None:
    both = Margins((*LEFT.labels, MarginLabel("top", 2, ("4",), 4)))
    g = Geometry.build(3, 2, both, Borders())
    assert g.row_texts == ("1 12", "") and g.row_text_width == 4 and g.clue_width == 6
    assert g.column_numbers == ((), (), ("3", "4")) and g.clue_lines == 2
    assert [(p.unit, p.index) for p in g.column_parts[2]] == [(3, 0), (4, 0)]
    assert [(p.text, p.unit, p.index) for p in g.row_parts[0]] == [("1", 0, 0), ("12", 0, 1)]


def test_right_and_bottom_margins_are_refused_until_drawn() -> None:
    with pytest.raises(ValueError, match="left and top"):
        Geometry.build(2, 2, Margins((MarginLabel("right", 0, ("1",), 0),)), Borders())
