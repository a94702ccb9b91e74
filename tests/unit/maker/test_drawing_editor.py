"""The drawing editor: strokes, shapes, mirror drawing, undo and redo, resizing, palettes."""

from __future__ import annotations

import pytest

from nonotui.model.drawing_editor import DrawingEditor, line_cells, mirrored, rectangle_cells
from nonotui.model.vocab import Drawing, PaletteColor

BW = (PaletteColor("white", "#ffffff", "."), PaletteColor("black", "#000000", "#"))
THREE = (*BW, PaletteColor("red", "#e00000", "r"))


def filled(editor: DrawingEditor) -> set[tuple[int, int]]:
    return {(r, c) for r, row in enumerate(editor.drawing.picture) for c, k in enumerate(row) if k}


def test_fill_toggles_and_erase_empties_and_moves_stay_on_the_board() -> None:
    e = DrawingEditor(Drawing.blank(4, 3, BW))
    assert e.move(0, -1) == (0, 0)
    e.toggle()
    assert filled(e) == {(0, 0)}
    e.toggle()
    assert filled(e) == set()
    e.move(5, 9)
    assert e.cursor == (2, 3)
    e.fill()
    e.fill()  # a second fill changes nothing: no empty move in the history
    assert len(e.done) == 3
    e.erase()
    assert filled(e) == set() and len(e.done) == 4


def test_lines_and_rectangles_run_from_the_anchor_to_the_cursor() -> None:
    for end in [(2, 4), (4, 2), (-3, 5), (0, -6), (5, 5)]:
        cells = line_cells((0, 0), end)
        assert cells[0] == (0, 0) and cells[-1] == end
        assert len(cells) == max(abs(end[0]), abs(end[1])) + 1  # one cell a step on its axis
        for (r0, c0), (r1, c1) in zip(cells, cells[1:]):
            assert max(abs(r1 - r0), abs(c1 - c0)) == 1
        for r, c in cells:  # each cell within half a cell of the exact line
            assert abs(r * end[1] - c * end[0]) <= 0.5 * max(abs(end[0]), abs(end[1]))
    assert line_cells((3, 1), (3, 1)) == [(3, 1)]
    assert set(rectangle_cells((2, 2), (0, 0), filled=False)) == {
        (r, c) for r in range(3) for c in range(3)} - {(1, 1)}
    assert len(rectangle_cells((0, 0), (2, 3), filled=True)) == 12
    e = DrawingEditor(Drawing.blank(5, 5, BW))
    e.go_to(1, 1)
    e.set_anchor()
    e.go_to(3, 3)
    e.shape("rectangle")
    assert filled(e) == set(rectangle_cells((1, 1), (3, 3), filled=False))
    assert e.anchor is None
    e.undo()
    e.shape("box")  # no anchor: the cursor's cell alone
    assert filled(e) == {(3, 3)}


@pytest.mark.parametrize(("mirror", "images"), [
    ("none", {(0, 1)}),
    ("left-right", {(0, 1), (0, 3)}),
    ("top-bottom", {(0, 1), (2, 1)}),
    ("both", {(0, 1), (0, 3), (2, 1), (2, 3)}),
    ("rotate", {(0, 1), (2, 3)}),
])
def test_mirror_drawing_sets_every_image(mirror: str, images: set[tuple[int, int]]) -> None:
    assert set(mirrored((0, 1), 5, 3, mirror)) == images  # type: ignore[arg-type]
    e = DrawingEditor(Drawing.blank(5, 3, BW))
    while e.mirror != mirror:
        e.cycle_mirror()
    e.go_to(0, 1)
    e.toggle()
    assert filled(e) == images


def test_undo_and_redo_walk_whole_moves_and_saved_state_follows() -> None:
    e = DrawingEditor(Drawing.blank(3, 3, BW))
    assert not e.unsaved
    e.begin_stroke((0, 0), 1)
    e.extend_stroke((0, 2))
    e.extend_stroke((2, 2))
    e.end_stroke()
    assert filled(e) == {(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)}
    assert len(e.done) == 1 and e.unsaved
    e.mark_saved()
    assert not e.unsaved
    e.undo()
    assert filled(e) == set() and e.unsaved
    e.redo()
    assert len(filled(e)) == 5
    assert e.undo() is not None and e.undo() is None
    e.clear()  # nothing to clear: no move
    assert e.done == []


def test_apply_is_one_move_without_mirroring() -> None:
    e = DrawingEditor(Drawing.blank(4, 4, BW))
    e.cycle_mirror()
    e.apply([(0, 0, 1), (3, 3, 1)])
    assert filled(e) == {(0, 0), (3, 3)} and len(e.done) == 1
    e.undo()
    assert filled(e) == set()


def test_resize_keeps_the_top_left_and_palettes_fold_colours() -> None:
    e = DrawingEditor(Drawing.blank(3, 3, THREE))
    assert e.choose_color(2) and not e.choose_color(3) and not e.choose_color(0)
    e.go_to(2, 2)
    e.toggle()
    e.go_to(0, 0)
    e.toggle()
    e.resize(2, 4)
    assert e.drawing.picture == ((2, 0), (0, 0), (0, 0), (0, 0))
    assert e.cursor == (0, 0)
    with pytest.raises(ValueError, match="2 to 99"):
        e.resize(1, 5)
    e.set_palette(BW)
    assert e.drawing.picture[0][0] == 1 and e.color == 1
    # both are moves: undone, the colours and then the cut-off corner come back
    e.undo()
    assert e.drawing.picture == ((2, 0), (0, 0), (0, 0), (0, 0)) and len(e.palette) == 3
    e.go_to(3, 1)
    e.undo()
    assert e.drawing.picture == ((2, 0, 0), (0, 0, 0), (0, 0, 2)) and e.cursor == (2, 1)


def test_sizes_are_read_as_width_by_height_within_range() -> None:
    from nonotui.model.drawing_editor import size_of

    assert size_of(" 20 x 15 ") == (20, 15) and size_of("7X9") == (7, 9)
    assert size_of("big") is None and size_of("20x") is None
    with pytest.raises(ValueError, match="100x3: a drawing is 2 to 99"):
        size_of("100x3")
