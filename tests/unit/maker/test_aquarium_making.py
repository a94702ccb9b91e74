"""Drawing an aquarium (tanks and water) and the Aquarium maker's verdict, every answer checked
by the brute-force oracle (tests/unit/aquarium/oracle.py), which shares nothing with the engine.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nonotui import kinds
from nonotui.errors import NonotuiError
from nonotui.kinds.aquarium.making import PALETTE, AquariumMaker, drawing_of, puzzle_of, verdict
from nonotui.kinds.aquarium.puzzle import AquariumPuzzle, make_puzzle
from nonotui.kinds.aquarium.random_tanks import Stream, random_tanks
from nonotui.model.drawing_editor import DrawingEditor
from nonotui.model.kind import Drawing, Maker
from tests.unit.aquarium import oracle

Regions = tuple[tuple[int, ...], ...]


def tanks_of(regions: Regions) -> dict[int, list[tuple[int, int]]]:
    out: dict[int, list[tuple[int, int]]] = {}
    for r, row in enumerate(regions):
        for c, t in enumerate(row):
            out.setdefault(t, []).append((r, c))
    return out


def connected(cells: list[tuple[int, int]]) -> bool:
    todo, seen, inside = [cells[0]], {cells[0]}, set(cells)
    while todo:
        r, c = todo.pop()
        for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if n in inside and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(cells)


def assert_an_aquarium(d: Drawing) -> None:
    """Every tank connected, numbered in reading order, its water level across the tank."""
    assert d.regions is not None
    tanks = tanks_of(d.regions)
    order = list(dict.fromkeys(t for row in d.regions for t in row))
    assert order == list(range(len(tanks)))
    for cells in tanks.values():
        assert connected(cells)
        wet = [r for r, c in cells if d.picture[r][c]]
        top = min(wet) if wet else None
        for r, c in cells:
            assert d.picture[r][c] == int(top is not None and r >= top), (r, c)


def fresh(width: int, height: int, seed: int = 1) -> Drawing:
    return Drawing.blank(width, height, PALETTE, random_tanks(width, height, Stream(seed)))


def counted_puzzle(d: Drawing) -> AquariumPuzzle:
    """The drawing's puzzle with counts taken here, not by the maker."""
    assert d.regions is not None
    rows = [sum(1 for k in row if k) for row in d.picture]
    columns = [sum(1 for row in d.picture if row[c]) for c in range(d.width)]
    return make_puzzle(rows, columns, d.regions)


def test_pouring_lowering_and_emptying_keep_the_water_level() -> None:
    # one 2x3 tank on top, a 1x3 tank below
    d = Drawing.blank(3, 3, PALETTE, ((0, 0, 0), (0, 0, 0), (1, 1, 1)))
    e = DrawingEditor(d)
    e.go_to(1, 1)
    assert e.toggle()  # pours to row 2 across the top tank
    assert e.drawing.picture == ((0, 0, 0), (1, 1, 1), (0, 0, 0))
    e.go_to(0, 2)
    e.toggle()  # up to row 1: the tank is full
    assert e.drawing.picture == ((1, 1, 1), (1, 1, 1), (0, 0, 0))
    e.toggle()  # again on the water's top row: lowered a row
    assert e.drawing.picture == ((0, 0, 0), (1, 1, 1), (0, 0, 0))
    e.go_to(1, 0)
    e.toggle()  # on its top row, the last: the tank empties
    assert e.drawing.picture == ((0, 0, 0), (0, 0, 0), (0, 0, 0))
    e.go_to(2, 0)
    e.toggle()
    e.erase()
    assert e.drawing.picture == ((0, 0, 0), (0, 0, 0), (0, 0, 0))
    e.undo()
    assert e.drawing.picture == ((0, 0, 0), (0, 0, 0), (1, 1, 1))


def test_stretching_a_tank_and_walling_cells_off_reshape_the_tanks() -> None:
    d = Drawing.blank(3, 2, PALETTE, ((0, 0, 1), (2, 2, 1)))
    e = DrawingEditor(d)
    e.go_to(1, 1)
    e.toggle()  # the bottom-left tank holds water
    assert e.move_fill(0, 1)  # (1, 2) joins it, and takes its water
    assert e.drawing.regions == ((0, 0, 1), (2, 2, 2))
    assert e.drawing.picture == ((0, 0, 0), (1, 1, 1))
    e.go_to(0, 0)
    assert e.new_tank()  # (0, 0) on its own
    assert e.drawing.regions == ((0, 1, 2), (3, 3, 3))
    e.go_to(0, 1)
    e.set_anchor()
    e.go_to(1, 2)
    assert e.shape("box")  # the right 2x2 box is one new (empty) tank; (1, 0) is left alone
    assert e.drawing.regions == ((0, 1, 1), (2, 1, 1))
    assert e.drawing.picture == ((0, 0, 0), (1, 0, 0))
    e.undo()
    e.undo()
    assert e.drawing.regions == ((0, 0, 1), (2, 2, 2))


def test_a_tank_cut_in_two_becomes_two_tanks() -> None:
    e = DrawingEditor(Drawing.blank(3, 1, PALETTE, ((0, 0, 0),)))
    e.go_to(0, 1)
    e.toggle()
    assert e.new_tank()
    assert e.drawing.regions == ((0, 1, 2),)
    assert e.drawing.picture == ((1, 0, 1),)  # the two ends keep their water


def test_resizing_an_aquarium_adds_one_new_tank() -> None:
    e = DrawingEditor(Drawing.blank(2, 2, PALETTE, ((0, 0), (1, 1))))
    e.go_to(1, 0)
    e.toggle()
    e.resize(3, 3)
    assert e.drawing.regions == ((0, 0, 1), (2, 2, 1), (1, 1, 1))
    assert e.drawing.picture == ((0, 0, 0), (1, 1, 0), (0, 0, 0))
    e.resize(2, 2)  # the new tank is cut away again
    assert e.drawing.regions == ((0, 0), (1, 1)) and e.drawing.picture == ((0, 0), (1, 1))


ops = st.lists(st.tuples(st.sampled_from(["toggle", "erase", "stretch", "new", "box", "line",
                                          "stroke", "resize"]),
                         st.integers(0, 4), st.integers(0, 4), st.integers(0, 3)),
               max_size=25)


@settings(max_examples=150, deadline=None)
@given(ops, st.integers(0, 50))
def test_any_editing_leaves_connected_tanks_with_level_water(
        steps: list[tuple[str, int, int, int]], seed: int) -> None:
    e = DrawingEditor(fresh(5, 5, seed))
    for op, r, c, k in steps:
        e.go_to(r, c)
        if op == "toggle":
            e.toggle()
        elif op == "erase":
            e.erase()
        elif op == "stretch":
            e.move_fill(*((-1, 0), (1, 0), (0, -1), (0, 1))[k])
        elif op == "new":
            e.new_tank()
        elif op in ("box", "line"):
            e.set_anchor()
            e.go_to(k, 4 - k)
            e.shape("box" if op == "box" else "line")
        elif op == "stroke":
            e.begin_stroke(e.cursor, 1)
            e.extend_stroke((min(k, e.height - 1), e.cursor[1]))
            e.end_stroke()
        else:
            e.resize(2 + k, 2 + (r % 4))
        assert_an_aquarium(e.drawing)
    while e.undo() is not None:
        assert_an_aquarium(e.drawing)


def random_drawing(seed: int) -> Drawing:
    """A seeded random aquarium up to 6x6: random tanks, each at a random level."""
    s = Stream(seed * 31 + 7)
    w, h = 2 + s.below(5), 2 + s.below(5)
    e = DrawingEditor(Drawing.blank(w, h, PALETTE, random_tanks(w, h, s, 2 + s.below(6))))
    for r in range(h):
        for c in range(w):
            if s.below(3) == 0:
                e.go_to(r, c)
                e.toggle()
    return e.drawing


@pytest.mark.parametrize("seed", range(60))
def test_the_verdict_is_the_oracles(seed: int) -> None:
    d = random_drawing(seed)
    assert_an_aquarium(d)
    grids = oracle.solutions(counted_puzzle(d), limit=50)
    goal = tuple(tuple(bool(k) for k in row) for row in d.picture)
    assert goal in grids  # a drawing always solves its own counts
    v = verdict(d)
    assert v.status == ("unique" if len(grids) == 1 else "several")
    if v.status == "several":
        other = tuple(tuple(goal[r][c] != ((r, c) in v.differing) for c in range(d.width))
                      for r in range(d.height))
        assert v.differing and other in grids
    else:
        assert not v.differing


def test_a_drawing_and_its_puzzle_go_both_ways() -> None:
    from nonotui.store import DataDir
    from nonotui.store.catalog import Catalog

    puzzle, _, _ = Catalog(DataDir.default()).resolve_noted("goldfish")
    assert isinstance(puzzle, AquariumPuzzle)
    d = drawing_of(puzzle)
    assert d.regions == puzzle.tanks and len(d.palette) == 2
    again = puzzle_of(d, title="Goldfish")
    assert again.tanks == puzzle.tanks and again.title == "Goldfish"
    assert (again.rows, again.columns) == (counted_puzzle(d).rows, counted_puzzle(d).columns)
    if all(n is not None for n in (*puzzle.rows, *puzzle.columns)):
        assert (again.rows, again.columns) == (puzzle.rows, puzzle.columns)
    # without its goal, the one solution is drawn
    bare = make_puzzle(puzzle.rows, puzzle.columns, puzzle.tanks)
    assert drawing_of(bare) == d


def test_the_maker_is_the_aquarium_kinds_and_says_what_it_cannot_do(tmp_path: object) -> None:
    maker = kinds.get("aquarium").maker()
    assert isinstance(maker, Maker) and isinstance(maker, AquariumMaker)
    d = maker.blank(6, 4)
    assert d.regions is not None and (d.width, d.height) == (6, 4) and d == maker.blank(6, 4)
    assert_an_aquarium(d)
    assert maker.goals == ()
    p = maker.improve(d, "unique")
    assert not p.found and not p.changes and "no make unique" in p.note
    with pytest.raises(NonotuiError, match="pic.png: an aquarium is drawn as tanks"):
        maker.drawing_of_image("pic.png", 5, 5)
    broken = Drawing(((1, 0),), PALETTE, ((0, 0),))  # water not level in its tank
    with pytest.raises(NonotuiError, match="not an aquarium: the goal breaks gravity"):
        maker.puzzle_of(broken)
