"""Colour across the formats: webpbn XML and ``.non`` read and write colours, Olšák ``.g`` reads
them, ``convert`` keeps them, formats without colour refuse, and bad colour input is one line
naming the file, the line and the problem."""

from __future__ import annotations

from pathlib import Path

import pytest

from nonotui.cli import main
from nonotui.errors import PuzzleFormatError
from nonotui.kinds.nonogram.formats import dump, load, parse
from nonotui.kinds.nonogram.puzzle import Color, Puzzle

XML = """<?xml version="1.0"?>
<puzzleset>
<puzzle type="grid" defaultcolor="black" backgroundcolor="paper">
<title>Flag</title>
<author>nonotui tests</author>
<color name="paper" char=".">fffff0</color>
<color name="black" char="X">000000</color>
<color name="crimson" char="c">dc143c</color>
<color name="red" char="r">f00</color>
<clues type="columns">
<line><count>1</count><count color="crimson">1</count><count color="red">1</count></line>
<line><count color="crimson">2</count><count color="red">1</count></line>
</clues>
<clues type="rows">
<line><count>1</count><count color="crimson">1</count></line>
<line><count color="crimson">2</count></line>
<line><count color="red">2</count></line>
</clues>
<solution type="goal"><image>|Xc||cc||rr|</image></solution>
</puzzle>
</puzzleset>
"""

G = """A colour task in Olsak's format
#d
  0:   white   background
  1:*  black
  r:%  #ff0000 red blocks
  b:%  blue
: rows
1 1r
2b
: columns
1 1b
1r 1b
:
"""


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _same_colours(a: Puzzle, b: Puzzle) -> None:
    assert (a.rows, a.columns) == (b.rows, b.columns)
    assert (a.row_colors, a.column_colors) == (b.row_colors, b.column_colors)
    assert [c.rgb for c in a.colors] == [c.rgb for c in b.colors]
    assert [c.char for c in a.colors[1:]] == [c.char for c in b.colors[1:]]
    assert a.goal == b.goal


def test_xml_to_non_to_xml_keeps_colours_rgb_and_renames_by_value(tmp_path: Path) -> None:
    source = _write(tmp_path, "flag.xml", XML)
    puzzle = load(source)
    assert puzzle.is_color and puzzle.n_colors == 3
    assert [c.name for c in puzzle.colors] == ["paper", "black", "crimson", "red"]
    assert puzzle.colors[0].rgb == "#fffff0"  # a background that is not white
    assert main(["convert", str(source), str(tmp_path / "flag.non")]) == 0
    text = (tmp_path / "flag.non").read_text(encoding="utf-8")
    assert "color 0 #fffff0\ncolor X #000000\ncolor c #dc143c\ncolor r #ff0000\n" in text
    assert "\n1X,1c\n2c\n2r\n" in text and 'goal "Xcccrr"' in text
    via_non = load(tmp_path / "flag.non")
    _same_colours(puzzle, via_non)
    # .non has no colour names: each colour is named after its value (docs/formats.md)
    assert [c.name for c in via_non.colors] == ["#fffff0", "black", "#dc143c", "red"]
    assert main(["convert", str(tmp_path / "flag.non"), str(tmp_path / "back.xml")]) == 0
    back = load(tmp_path / "back.xml")
    _same_colours(puzzle, back)
    assert [c.name for c in back.colors] == [c.name for c in via_non.colors]
    assert back.title == puzzle.title == "Flag" and back.author == "nonotui tests"


def test_xml_to_xml_keeps_the_names(tmp_path: Path) -> None:
    puzzle = load(_write(tmp_path, "flag.xml", XML))
    back = parse(dump(puzzle, "xml"), "again.xml")[0]
    assert back == puzzle
    assert [c.name for c in back.colors] == ["paper", "black", "crimson", "red"]


def test_non_to_xml_to_non_is_the_same_text(tmp_path: Path) -> None:
    puzzle = load(_write(tmp_path, "flag.xml", XML))
    text = dump(puzzle, "non")
    assert dump(parse(dump(parse(text, "a.non")[0], "xml"), "b.xml")[0], "non") == text


def test_g_colour_blocks_convert_to_non(tmp_path: Path) -> None:
    source = _write(tmp_path, "task.g", G)
    puzzle = load(source)
    assert [(c.name, c.rgb, c.char) for c in puzzle.colors] == [
        ("white", "#ffffff", "."),
        ("black", "#000000", "1"),
        ("red", "#ff0000", "r"),
        ("blue", "#0000ff", "b"),
    ]
    assert puzzle.row_colors == ((1, 2), (3,)) and puzzle.column_colors == ((1, 3), (2, 3))
    assert main(["convert", str(source), str(tmp_path / "task.non")]) == 0
    _same_colours(puzzle, load(tmp_path / "task.non"))
    assert main(["convert", str(source), str(tmp_path / "task.xml")]) == 0
    _same_colours(puzzle, load(tmp_path / "task.xml"))


@pytest.mark.parametrize(
    ("fmt", "ext"), [("nin", ".nin"), ("cwd", ".cwd"), ("mk", ".mk"), ("tatham", ".txt")]
)
def test_formats_without_colour_refuse_and_write_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str, ext: str
) -> None:
    source = _write(tmp_path, "flag.xml", XML)
    target = tmp_path / f"out{ext}"
    assert main(["convert", str(source), str(target), "--to", fmt]) == 1
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0
    assert f"the {fmt} format cannot hold a colour puzzle" in err and "non or xml" in err
    assert "flag.xml: " in err  # the file it came from
    assert not target.exists()


def test_picture_format_refuses_colour() -> None:
    puzzle = Puzzle.from_picture(
        [[1, 2]], colors=(Color("white", "#ffffff", "."), Color("a", "#ff0000", "a"),
                          Color("b", "#00ff00", "b"))
    )
    with pytest.raises(Exception, match="the picture format cannot hold a colour puzzle"):
        dump(puzzle, "picture")


BAD = [
    (
        "undefined.non",
        "width 2\nheight 1\ncolor a #ff0000\nrows\n1a,1z\ncolumns\n1a\n1z\n",
        5,
        "row 1: colour 'z' has no 'color z #rrggbb' line",
    ),
    (
        "undefined_column.non",
        "width 2\nheight 1\ncolor a #ff0000\nrows\n1a,1a\ncolumns\n1a\n1q\n",
        8,
        "column 2: colour 'q'",
    ),
    ("rgb.non", "width 1\nheight 1\ncolor a #ff00\nrows\n1a\ncolumns\n1a\n", 3, "is not a colour line"),
    (
        "goal.non",
        'width 2\nheight 1\ncolor a #ff0000\ncolor b #00ff00\nrows\n1a,1b\ncolumns\n1a\n1b\n'
        'goal "ac"\n',
        10,
        "the goal uses 'c'",
    ),
    (
        "unknown.xml",
        XML.replace('<count color="red">2</count>', '<count color="purple">2</count>'),
        17,
        "colour 'purple' is not defined",
    ),
    ("rgb.xml", XML.replace("dc143c", "dc14zz"), 8, "'dc14zz' is not an RGB hex value"),
    ("letter.g", G.replace("2b", "2q"), 9, "'q'"),
    ("rgb.g", G.replace("#ff0000", "#ff00"), 5, "'#ff00' is not a #RRGGBB colour"),
    ("word.g", G.replace("blue", "bluish"), 6, "the colour word 'bluish'"),
]


@pytest.mark.parametrize(("name", "text", "line", "problem"), BAD, ids=[b[0] for b in BAD])
def test_bad_colour_input_names_file_line_and_problem(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, text: str, line: int,
    problem: str,
) -> None:
    path = _write(tmp_path, name, text)
    with pytest.raises(PuzzleFormatError) as caught:
        load(path)
    assert caught.value.line == line, str(caught.value)
    assert problem in str(caught.value)
    assert main(["show", str(path)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and name in err and f"line {line}" in err and problem in err


def test_non_without_colour_lines_still_invents_colours() -> None:
    (puzzle,) = parse("width 2\nheight 1\nrows\n1x,1y\ncolumns\n1x\n1y\n", "free.non")
    assert puzzle.n_colors == 2 and [c.char for c in puzzle.colors[1:]] == ["x", "y"]


def test_default_colour_one_needs_no_colour_line() -> None:
    (puzzle,) = parse(
        "width 2\nheight 1\ncolor a #ff0000\nrows\n1,1a\ncolumns\n1\n1a\n", "mixed.non"
    )
    assert puzzle.row_colors == ((2, 1),) and puzzle.colors[2].rgb == "#000000"
