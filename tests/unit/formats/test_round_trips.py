"""Random puzzles written to every writable format and read back keep what the format carries.

Pictures include empty lines, 1x1, single rows and columns, and wide and tall grids. Each written
text must also be recognised by content alone, as a file without a known extension would be.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nonotui.errors import UnsupportedPuzzleError
from nonotui.kinds.nonogram.formats import WRITABLE, detect, dump, parse
from nonotui.kinds.nonogram.puzzle import Color, Puzzle
from nonotui.model.cells import EMPTY, color_bit, unknown_for

METADATA = ("title", "author", "copyright", "license", "catalogue", "description")
CARRIES = {
    "non": (*METADATA, "goal", "saved"),
    "xml": (*METADATA, "goal", "saved"),
    "nin": (),
    "cwd": (),
    "mk": (),
    "tatham": ("saved",),
    "picture": ("goal",),
}
"""What each writable format keeps besides the clues (colours are checked separately)."""

SETTINGS = settings(max_examples=80, deadline=None)

_TEXT_CHARS = st.characters(blacklist_categories=("Cc", "Cs", "Cn")) | st.sampled_from('&"<>\n#')
texts = st.none() | st.text(_TEXT_CHARS, min_size=1, max_size=16).map(str.strip).filter(bool)
single_line = st.none() | st.text(
    st.characters(blacklist_categories=("Cc", "Cs", "Cn", "Zl", "Zp")), min_size=1, max_size=16
).map(str.strip).filter(bool)


@st.composite
def shapes(draw: st.DrawFn) -> tuple[int, int]:
    """``(height, width)``, favouring the edge cases."""
    kind = draw(st.sampled_from(["small", "1x1", "row", "column", "wide", "tall"]))
    if kind == "1x1":
        return 1, 1
    if kind == "row":
        return 1, draw(st.integers(1, 30))
    if kind == "column":
        return draw(st.integers(1, 30)), 1
    if kind == "wide":
        return draw(st.integers(1, 3)), draw(st.integers(20, 60))
    if kind == "tall":
        return draw(st.integers(20, 60)), draw(st.integers(1, 3))
    return draw(st.integers(1, 8)), draw(st.integers(1, 8))


@st.composite
def pictures(draw: st.DrawFn, colors: int) -> list[list[int]]:
    """A picture of colour indices 0..``colors``, sometimes with a forced empty row or column."""
    height, width = draw(shapes())
    cell = st.integers(0, colors)
    picture = draw(
        st.lists(st.lists(cell, min_size=width, max_size=width), min_size=height, max_size=height)
    )
    if draw(st.booleans()):
        picture[draw(st.integers(0, height - 1))] = [0] * width
    if draw(st.booleans()):
        column = draw(st.integers(0, width - 1))
        for row in picture:
            row[column] = 0
    return picture


@st.composite
def metadata(draw: st.DrawFn) -> dict[str, str | None]:
    fields = {name: draw(single_line) for name in METADATA if name != "description"}
    fields["description"] = draw(texts)
    return fields


@st.composite
def saved_states(draw: st.DrawFn, puzzle: Puzzle, any_set: bool) -> tuple[tuple[int, ...], ...]:
    """A saved state; with ``any_set`` a cell may be any non-empty set of values."""
    full = unknown_for(puzzle.n_colors)
    if any_set:
        value = st.integers(1, full)
    else:
        value = st.sampled_from(
            [EMPTY, full] + [color_bit(k) for k in range(1, puzzle.n_colors + 1)]
        )
    # Sometimes mostly unknown, as a game just begun, so long unknown runs (Tatham's 'z') appear.
    sparse = draw(st.booleans())

    def cell() -> int:
        return full if sparse and draw(st.integers(0, 9)) else draw(value)

    return tuple(tuple(cell() for _ in range(puzzle.width)) for _ in range(puzzle.height))


@st.composite
def palettes(draw: st.DrawFn, size: int) -> tuple[Color, ...]:
    """A background and ``size`` block colours with distinct names, values and letters."""
    names = draw(
        st.lists(
            st.sampled_from(["red", "deep sea", "olive", "A&B", "x<y", "sky"]),
            min_size=size,
            max_size=size,
            unique=True,
        )
    )
    rgbs = draw(
        st.lists(
            st.integers(0, 0xFFFFFF).map("#{:06x}".format),
            min_size=size + 1,
            max_size=size + 1,
            unique=True,
        )
    )
    chars = draw(
        st.lists(st.sampled_from("abcdefgxyzRGB"), min_size=size, max_size=size, unique=True)
    )
    background = Color("paper", rgbs[0], ".")
    return (background, *(Color(n, r, c) for n, r, c in zip(names, rgbs[1:], chars)))


@st.composite
def puzzles(draw: st.DrawFn, colour: bool, any_saved: bool = False) -> Puzzle:
    """A puzzle from a random picture, with or without its goal, metadata and a saved state."""
    if colour:
        palette = draw(palettes(draw(st.integers(2, 4))))
        picture = draw(pictures(len(palette) - 1))
        # Formats keep only the colours the clues use: renumber the used ones, in palette order.
        used = sorted({v for row in picture for v in row if v})
        order = {v: k + 1 for k, v in enumerate(used)}
        picture = [[order.get(v, 0) for v in row] for row in picture]
        palette = (palette[0], *(palette[v] for v in used)) if used else palette[:2]
    else:
        palette = draw(
            st.sampled_from([(), (Color("paper", "#fefefe", "."), Color("ink", "#123456", "i"))])
        )
        picture = draw(pictures(1))
    puzzle = Puzzle.from_picture(
        picture, colors=palette, keep_goal=draw(st.booleans()), **draw(metadata())
    )
    if draw(st.booleans()):
        puzzle = puzzle.replace(saved=draw(saved_states(puzzle, any_saved)))
    return puzzle


def read_back(puzzle: Puzzle, fmt: str) -> Puzzle:
    text = dump(puzzle, fmt)
    assert detect(text, "no-known-extension").NAME == fmt
    (back,) = parse(text, f"<{fmt}>", fmt)
    return back


@SETTINGS
@given(puzzles(colour=False))
def test_black_and_white_puzzles_survive_every_writable_format(puzzle: Puzzle) -> None:
    for fmt in WRITABLE:
        if fmt == "picture" and puzzle.goal is None:
            with pytest.raises(UnsupportedPuzzleError, match="needs the puzzle's goal"):
                dump(puzzle, fmt)
            continue
        back = read_back(puzzle, fmt)
        assert (back.rows, back.columns) == (puzzle.rows, puzzle.columns), fmt
        assert not back.is_color
        for name in CARRIES[fmt]:
            assert getattr(back, name) == getattr(puzzle, name), (fmt, name)
    assert read_back(puzzle, "xml") == puzzle
    assert [c.rgb for c in read_back(puzzle, "non").colors] == [c.rgb for c in puzzle.colors]


@SETTINGS
@given(puzzles(colour=True))
def test_colour_puzzles_keep_their_colours_in_non(puzzle: Puzzle) -> None:
    back = read_back(puzzle, "non")
    assert (back.rows, back.columns) == (puzzle.rows, puzzle.columns)
    assert (back.row_colors, back.column_colors) == (puzzle.row_colors, puzzle.column_colors)
    assert [c.rgb for c in back.colors] == [c.rgb for c in puzzle.colors]
    assert [c.char for c in back.colors[1:]] == [c.char for c in puzzle.colors[1:]]
    for name in CARRIES["non"]:
        assert getattr(back, name) == getattr(puzzle, name), name


@SETTINGS
@given(puzzles(colour=True, any_saved=True))
def test_colour_puzzles_survive_xml_exactly(puzzle: Puzzle) -> None:
    assert read_back(puzzle, "xml") == puzzle


@SETTINGS
@given(puzzles(colour=True).filter(lambda p: p.is_color))
def test_formats_without_colour_refuse_colour_puzzles(puzzle: Puzzle) -> None:
    for fmt in ("nin", "cwd", "mk", "tatham", "picture"):
        with pytest.raises(UnsupportedPuzzleError, match=f"the {fmt} format cannot hold a colour"):
            dump(puzzle, fmt)


@SETTINGS
@given(st.lists(puzzles(colour=False) | puzzles(colour=True), min_size=2, max_size=3))
def test_bundles_come_back_whole_and_in_order(items: list[Puzzle]) -> None:
    assert parse(dump(items, "xml"), "<xml>", "xml") == items
    back = parse(dump(items, "non"), "<non>", "non")
    assert [(p.rows, p.columns, p.row_colors, p.title) for p in back] == [
        (p.rows, p.columns, p.row_colors, p.title) for p in items
    ]


@st.composite
def puzzles_with_given_cells(draw: st.DrawFn) -> Puzzle:
    """Black-and-white puzzles of 25 cells or more whose saved state is mostly unknown."""
    height, width = draw(st.sampled_from([(1, 60), (60, 1), (7, 9), (3, 40), (26, 26)]))
    picture = draw(
        st.lists(
            st.lists(st.integers(0, 1), min_size=width, max_size=width),
            min_size=height,
            max_size=height,
        )
    )
    puzzle = Puzzle.from_picture(picture, keep_goal=False)
    given = st.sampled_from([EMPTY, unknown_for(1), color_bit(1)])
    unknown_share = draw(st.integers(5, 40))
    saved = [
        [unknown_for(1) if draw(st.integers(0, unknown_share)) else draw(given) for _ in row]
        for row in picture
    ]
    return puzzle.replace(saved=saved)


@SETTINGS
@given(puzzles_with_given_cells())
def test_tatham_given_cells_survive_long_unknown_runs(puzzle: Puzzle) -> None:
    assert read_back(puzzle, "tatham") == puzzle
