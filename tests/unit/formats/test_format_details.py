"""What each format does with its optional parts, as docs/formats.md describes it."""

from __future__ import annotations

from pathlib import Path

import pytest

from nonotui.errors import PuzzleFormatError, UnsupportedPuzzleError
from nonotui.kinds.nonogram.formats import dump, load, parse
from nonotui.kinds.nonogram.formats._colors import auto_rgb, writable_chars
from nonotui.kinds.nonogram.puzzle import Color, Puzzle

# -- .non ------------------------------------------------------------------------------------


def non(body: str) -> Puzzle:
    (puzzle,) = parse(body, "<non>", "non")
    return puzzle


ONE = "width 1\nheight 1\nrows\n1\ncolumns\n1\n"


def test_non_decodes_html_entities_in_quoted_values() -> None:
    puzzle = non('title "Tom &amp; Jerry &quot;live&quot; &copy; 2024"\n' + ONE)
    assert puzzle.title == 'Tom & Jerry "live" © 2024'


def test_non_escapes_only_what_would_break_a_value() -> None:
    puzzle = non(ONE).replace(title='A "b" & c <d> é', description="two\nlines\r")
    text = dump(puzzle, "non")
    assert 'title "A &quot;b&quot; &amp; c <d> é"' in text
    assert 'description "two&#10;lines&#13;"' in text
    assert non(text) == puzzle


def test_non_ignores_unknown_lines_and_reads_notes_and_unquoted_values() -> None:
    puzzle = non(
        '% a comment\nauthorid 17\nnotes "Made by hand"\nlicense CC-BY-4.0\n'
        "title Unquoted title\n" + ONE + "somethingnew 1 2 3\n"
    )
    assert puzzle.description == "Made by hand"
    assert puzzle.license == "CC-BY-4.0" and puzzle.title == "Unquoted title"


def test_non_writes_a_spdx_licence_bare_and_other_licences_quoted() -> None:
    assert "license MIT\n" in dump(non(ONE).replace(license="MIT"), "non")
    assert 'license "MIT OR Apache-2.0"\n' in dump(
        non(ONE).replace(license="MIT OR Apache-2.0"), "non"
    )


def test_non_reads_blank_lines_and_zero_as_empty_clues() -> None:
    puzzle = non("width 2\nheight 3\nrows\n1\n\n0\ncolumns\n1\n0\n")
    assert puzzle.rows == ((1,), (), ())


def test_non_colour_characters_without_colour_lines_get_distinct_colours() -> None:
    puzzle = non("width 2\nheight 1\nrows\n1x,1y\ncolumns\n1x\n1y\n")
    assert puzzle.is_color
    assert [c.char for c in puzzle.colors[1:]] == ["x", "y"]
    assert [c.rgb for c in puzzle.colors[1:]] == [auto_rgb(0), auto_rgb(1)]
    assert len({c.name for c in puzzle.colors}) == 3


def test_non_blocks_without_a_character_are_colour_one() -> None:
    puzzle = non(
        'width 2\nheight 1\ncolor a #ff0000\nrows\n1,1a\ncolumns\n1\n1a\ngoal "1a"\nsaved "?a"\n'
    )
    assert [(c.char, c.rgb) for c in puzzle.colors] == [
        (".", "#ffffff"),
        ("a", "#ff0000"),
        ("1", "#000000"),
    ]
    assert puzzle.row_colors == ((2, 1),) and puzzle.goal == ((2, 1),)
    assert puzzle.saved == ((7, 2),)


def test_non_unused_colour_lines_do_not_make_a_colour_puzzle() -> None:
    puzzle = non("color a #ff0000\ncolor b #00ff00\n" + ONE)
    assert not puzzle.is_color and puzzle.colors == ()


def test_non_keeps_the_first_saved_state_and_widens_what_it_cannot_write() -> None:
    puzzle = non(ONE + 'saved "1"\nsaved "0"\n')
    assert puzzle.saved == ((2,),)
    colour = non("width 2\nheight 1\ncolor a #ff0000\nrows\n1,1a\ncolumns\n1\n1a\n")
    partial = colour.replace(saved=((1 | 2, 4),))  # "empty or a": .non has no notation for it
    assert non(dump(partial, "non")).saved == ((7, 4),)


def test_non_goal_may_be_unquoted_and_spaced() -> None:
    puzzle = non("width 2\nheight 2\nrows\n1\n1\ncolumns\n1\n1\ngoal 10 01\n")
    assert puzzle.goal == ((1, 0), (0, 1))


def test_non_writes_unusable_colour_characters_as_free_letters() -> None:
    palette = (
        Color("white", "#ffffff", "."),
        Color("odd", "#ff0000", ","),
        Color("odder", "#00ff00", "7"),
    )
    puzzle = Puzzle.from_picture([[1, 2, 0, 1]], colors=palette)
    text = dump(puzzle, "non")
    assert "color a #ff0000\ncolor b #00ff00\n" in text and "1a,1b,1a" in text
    back = non(text)
    assert (back.rows, back.row_colors, back.goal) == (puzzle.rows, puzzle.row_colors, puzzle.goal)


def test_writable_chars_keeps_own_characters_before_handing_out_new_ones() -> None:
    palette = [Color("w", "#ffffff", "."), Color("bad", "#000001", "?"), Color("a", "#000002", "a")]
    assert writable_chars(palette, lambda c: c != "?") == [".", "b", "a"]


# -- webpbn XML ------------------------------------------------------------------------------

X = '<?xml version="1.0"?>\n'
CLUES = (
    '<clues type="columns"><line><count>1</count></line></clues>'
    '<clues type="rows"><line><count>1</count></line></clues>'
)


def xml(body: str, puzzleset: str = "") -> list[Puzzle]:
    return parse(f"{X}<puzzleset>{puzzleset}{body}</puzzleset>\n", "<xml>", "xml")


def test_xml_with_webpbn_doctype_decodes_html_entities_without_reading_the_dtd() -> None:
    text = (
        X + '<!DOCTYPE pbn SYSTEM "http://webpbn.invalid/pbn-0.3.dtd">\n'
        f"<puzzleset><puzzle><copyright>&copy; Jan</copyright>{CLUES}</puzzle></puzzleset>"
    )
    (puzzle,) = parse(text, "<xml>", "xml")
    assert puzzle.copyright == "© Jan"


def test_xml_undefined_entity_behind_a_doctype_is_an_error() -> None:
    text = (
        X + '<!DOCTYPE pbn SYSTEM "http://webpbn.invalid/pbn-0.3.dtd">\n'
        f"<puzzleset><puzzle><title>&nonsense;</title>{CLUES}</puzzle></puzzleset>"
    )
    with pytest.raises(PuzzleFormatError, match=r"line 3: the entity &nonsense; is not defined"):
        parse(text, "<xml>", "xml")


def test_xml_external_entity_cannot_read_a_local_file(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET-MARKER")
    path = tmp_path / "xxe.xml"
    path.write_text(
        X + f'<!DOCTYPE p [<!ENTITY s SYSTEM "{secret.as_uri()}">]>\n'
        f"<puzzleset><puzzle><title>&s;</title>{CLUES}</puzzle></puzzleset>\n"
    )
    with pytest.raises(PuzzleFormatError) as caught:
        load(path)
    assert "does not expand XML entities" in caught.value.message
    assert "TOP-SECRET-MARKER" not in caught.value.message


def test_xml_reads_text_whatever_encoding_it_declares() -> None:
    text = '<?xml version="1.0" encoding="ISO-8859-1"?>\n' + (
        f"<puzzleset><puzzle><title>Café</title>{CLUES}</puzzle></puzzleset>"
    )
    assert parse(text, "<xml>", "xml")[0].title == "Café"


def test_xml_source_and_id_form_the_catalogue_and_split_again() -> None:
    (puzzle,) = xml(f"<puzzle><source>webpbn.com</source><id>#12</id>{CLUES}</puzzle>")
    assert puzzle.catalogue == "webpbn.com #12"
    text = dump(puzzle, "xml")
    assert "<source>webpbn.com</source>\n<id>#12</id>" in text
    assert "<source>qnonograms 100.jap</source>" in dump(
        puzzle.replace(catalogue="qnonograms 100.jap"), "xml"
    )


def test_xml_puzzleset_metadata_applies_to_puzzles_without_their_own() -> None:
    first, second = xml(
        f"<puzzle>{CLUES}</puzzle><puzzle><author>B</author>{CLUES}</puzzle>",
        puzzleset="<author>A</author><copyright>C</copyright>",
    )
    assert (first.author, first.copyright) == ("A", "C")
    assert (second.author, second.copyright) == ("B", "C")


def test_xml_clues_come_from_the_goal_when_missing() -> None:
    (puzzle,) = xml(
        '<puzzle><solution type="goal"><image>\n|X.X|\n|XX.|\n</image></solution></puzzle>'
    )
    assert puzzle.rows == ((1, 1), (2,)) and puzzle.columns == ((2,), (1,), (1,))
    assert puzzle.goal == ((1, 0, 1), (1, 1, 0))


def test_xml_ignores_solution_images_and_unused_colours() -> None:
    (puzzle,) = xml(
        '<puzzle><color name="red" char="r">f00</color>'
        + CLUES
        + '<solution type="solution"><image>|X|</image></solution></puzzle>'
    )
    assert puzzle.goal is None and not puzzle.is_color and puzzle.colors == ()


def test_xml_saved_images_hold_unknown_and_sets_of_colours() -> None:
    colours = (
        '<color name="white" char=".">fff</color><color name="red" char="r">f00</color>'
        '<color name="blue" char="b">00f</color>'
    )
    clues = (
        '<clues type="columns"><line><count color="red">1</count></line>'
        '<line><count color="blue">1</count></line><line></line></clues>'
        '<clues type="rows"><line><count color="red">1</count>'
        '<count color="blue">1</count></line></clues>'
    )
    saved = '<solution type="saved"><image>|r[r.]?|</image></solution>'
    (puzzle,) = xml(f'<puzzle defaultcolor="red">{colours}{clues}{saved}</puzzle>')
    assert puzzle.row_colors == ((1, 2),)
    assert puzzle.saved == ((2, 1 | 2, 7),)
    assert "|r[.r]?|" in dump(puzzle, "xml")


def test_xml_refuses_text_it_cannot_hold() -> None:
    (puzzle,) = xml(f"<puzzle>{CLUES}</puzzle>")
    with pytest.raises(UnsupportedPuzzleError, match="control character"):
        dump(puzzle.replace(title="bell\x07"), "xml")


def test_xml_gives_repeated_colour_names_unique_ones() -> None:
    palette = (
        Color("white", "#ffffff", "."),
        Color("ink", "#000000", "a"),
        Color("ink", "#ff0000", "b"),
    )
    puzzle = Puzzle.from_picture([[1, 2]], colors=palette)
    (back,) = parse(dump(puzzle, "xml"), "<xml>", "xml")
    assert [c.name for c in back.colors] == ["white", "ink", "ink-2"]
    assert (back.rows, back.row_colors) == (puzzle.rows, puzzle.row_colors)


@pytest.mark.parametrize("fmt", ["non", "xml"])
def test_writers_refuse_a_colour_value_that_is_not_hex(fmt: str) -> None:
    palette = (Color("white", "#ffffff", "."), Color("red", "red", "r"), Color("b", "#00f", "b"))
    puzzle = Puzzle.from_picture([[1, 2]], colors=palette)
    with pytest.raises(UnsupportedPuzzleError, match="colour 'red' has the value 'red'"):
        dump(puzzle, fmt)


# -- Olšák .g --------------------------------------------------------------------------------


def g(text: str) -> Puzzle:
    (puzzle,) = parse(text, "<g>", "g")
    return puzzle


def test_g_reads_colour_declarations_words_and_hex() -> None:
    puzzle = g(
        "A comment line: with a colon not in column 1\n#d\n  0:   white\n"
        "  1:*  black  the default\n  m:%  Blue   blue\n  q:q  #123456 mine\n"
        ": rows\n1 1m\n1q\n: columns\n1 1q\n1m\n: end\n1 2 3 ignored\n"
    )
    assert [(c.name, c.rgb, c.char) for c in puzzle.colors] == [
        ("white", "#ffffff", "."),
        ("black", "#000000", "1"),
        ("blue", "#0000ff", "m"),
        ("#123456", "#123456", "q"),
    ]
    assert puzzle.rows == ((1, 1), (1,)) and puzzle.row_colors == ((1, 2), (3,))


def test_g_blank_lines_are_empty_clues_but_not_at_the_end_of_the_file() -> None:
    puzzle = g(": rows\n1\n\n: columns\n1\n\n\n")
    assert puzzle.rows == ((1,), ()) and puzzle.columns == ((1,),)


def test_g_without_declarations_is_black_and_white() -> None:
    puzzle = g(": rows\n2\n: columns\n1\n1\n")
    assert puzzle.colors == () and puzzle.rows == ((2,),)


def test_g_blocks_need_the_default_colour_declared() -> None:
    with pytest.raises(PuzzleFormatError, match="line 4: a block has the default colour 1"):
        g("#d\n  a:a  red\n: rows\n1\n: columns\n1\n")


# -- Tatham ids and pictures ------------------------------------------------------------------


def test_tatham_given_cells_become_the_saved_state_and_come_back() -> None:
    (puzzle,) = parse("4x4:2/1/2/1/1.1/2/1/1,Abn", "<id>")
    unknown, filled, empty = 3, 2, 1
    assert puzzle.saved is not None
    assert puzzle.saved[0] == (filled, unknown, empty, unknown)
    assert all(v == unknown for row in puzzle.saved[1:] for v in row)
    assert dump(puzzle, "tatham") == "4x4:2/1/2/1/1.1/2/1/1,Abn\n"


def test_tatham_long_unknown_runs_use_z() -> None:
    (puzzle,) = parse("30x1:1/////////////////////////////1/1.1,AzD", "<id>")
    assert puzzle.saved is not None
    assert puzzle.saved[0][0] == 2 and puzzle.saved[0][29] == 2
    assert set(puzzle.saved[0][1:29]) == {3}
    assert dump(puzzle, "tatham").endswith(",AzD\n")


def test_tatham_empty_clues_are_empty_or_zero() -> None:
    (puzzle,) = parse("3x2:1/0/1/1.1/", "<id>")
    assert puzzle.columns == ((1,), (), (1,)) and puzzle.rows == ((1, 1), ())
    assert dump(puzzle, "tatham") == "3x2:1//1/1.1/\n"


def test_picture_accepts_dots_dashes_and_surrounding_blank_lines() -> None:
    (puzzle,) = parse("\n#-#  \n.#.\n\n", "<pic>", "picture")
    assert puzzle.goal == ((1, 0, 1), (0, 1, 0))
    assert puzzle.rows == ((1, 1), (1,))
    assert dump(puzzle, "picture") == "#.#\n.#.\n"
