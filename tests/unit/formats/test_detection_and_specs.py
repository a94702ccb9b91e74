"""Format detection, the sample files of docs/formats.md, bundles, FILE#N and Tatham ids."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nonotui.errors import NonotuiError, PuzzleFormatError, UnsupportedPuzzleError
from nonotui.kinds import open_one, open_spec
from nonotui.kinds.nonogram.formats import FORMATS, detect, dump, load, load_all, parse
from nonotui.kinds.nonogram.formats.tatham import looks_like_id

SAMPLES = Path(__file__).resolve().parents[2] / "data" / "formats"
HEART = [
    "heart.non",
    "heart.xml",
    "heart.nin",
    "heart.cwd",
    "heart.mk",
    "heart.g",
    "heart.txt",
    "heart.pic",
]
FLOWER = ["flower.non", "flower.xml", "flower.g"]
FORMAT_OF = {
    ".non": "non",
    ".xml": "xml",
    ".nin": "nin",
    ".cwd": "cwd",
    ".mk": "mk",
    ".g": "g",
    ".txt": "tatham",
    ".pic": "picture",
}


@pytest.mark.parametrize("name", HEART)
def test_every_heart_sample_is_the_same_puzzle(name: str) -> None:
    puzzle = load(SAMPLES / name)
    assert puzzle.rows == ((1, 1), (5,), (5,), (3,), (1,))
    assert puzzle.columns == ((2,), (4,), (4,), (4,), (2,))
    assert not puzzle.is_color and puzzle.colors == ()


def test_heart_non_and_xml_carry_the_same_metadata_and_goal() -> None:
    non, xml = load(SAMPLES / "heart.non"), load(SAMPLES / "heart.xml")
    assert non == xml
    assert non.title == "Heart" and non.author == "The nonotui developers"
    assert non.copyright == "© 2026 The nonotui developers"  # &copy; decoded in both formats
    assert non.license == "CC0-1.0" and non.catalogue == "nonotui samples #1"
    assert non.goal == tuple(
        tuple(1 if c == "#" else 0 for c in row)
        for row in (SAMPLES / "heart.pic").read_text().split()
    )


@pytest.mark.parametrize("name", FLOWER)
def test_every_flower_sample_is_the_same_colour_puzzle(name: str) -> None:
    puzzle = load(SAMPLES / name)
    assert puzzle.is_color
    assert puzzle.rows == ((2,), (4,), (2,), (1,))
    assert puzzle.columns == ((1,), (2, 2), (2, 1), (1,))
    assert puzzle.row_colors == ((1,), (1,), (2,), (2,))
    assert puzzle.column_colors == ((1,), (1, 2), (1, 2), (1,))
    assert [c.rgb for c in puzzle.colors] == ["#ffffff", "#ff0000", "#00aa00"]


def test_flower_saved_states_read_as_cell_sets() -> None:
    non, xml = load(SAMPLES / "flower.non"), load(SAMPLES / "flower.xml")
    unknown, red, empty_or_red = 7, 2, 3
    assert non.saved is not None and xml.saved is not None
    assert non.saved[0] == xml.saved[0] == (unknown, red, red, unknown)
    assert xml.saved[1][0] == empty_or_red and non.saved[1][0] == unknown


@pytest.mark.parametrize("name", HEART + FLOWER + ["bundle.non"])
def test_detection_by_content_without_a_known_extension(name: str, tmp_path: Path) -> None:
    original = SAMPLES / name
    text = original.read_text(encoding="utf-8")
    assert detect(text, "puzzle").NAME == FORMAT_OF[original.suffix]
    copy = tmp_path / "puzzle.dat"
    copy.write_bytes(original.read_bytes())
    assert load_all(copy) == load_all(original)


def test_the_extension_wins_over_the_content(tmp_path: Path) -> None:
    path = tmp_path / "odd.non"
    path.write_text((SAMPLES / "heart.nin").read_text())
    with pytest.raises(PuzzleFormatError, match="no width line"):
        load(path)


def test_load_all_returns_a_bundle_and_load_its_first_puzzle() -> None:
    puzzles = load_all(SAMPLES / "bundle.non")
    assert [p.title for p in puzzles] == ["Dot", "Bar"]
    assert load(SAMPLES / "bundle.non") == puzzles[0]


def test_a_puzzleset_with_several_puzzles(tmp_path: Path) -> None:
    path = tmp_path / "set.xml"
    path.write_text(dump(load_all(SAMPLES / "bundle.non"), "xml"))
    assert [p.title for p in load_all(path)] == ["Dot", "Bar"]
    (second,), label = open_spec(f"{path}#2")
    assert second.title == "Bar" and label == f"{path}#2"


def test_file_number_picks_one_puzzle_of_a_bundle() -> None:
    path = SAMPLES / "bundle.non"
    puzzles, label = open_spec(f"{path}#2")
    assert [p.title for p in puzzles] == ["Bar"] and label == f"{path}#2"
    assert open_one(f"{path}#1").title == "Dot"
    assert [p.title for p in open_spec(str(path))[0]] == ["Dot", "Bar"]


@pytest.mark.parametrize("n", [0, 3, 99])
def test_file_number_out_of_range_is_an_error(n: int) -> None:
    with pytest.raises(NonotuiError, match=f"puzzle #{n} asked for, but the file holds 2 puzzles"):
        open_spec(f"{SAMPLES / 'bundle.non'}#{n}")


def test_a_file_whose_name_holds_a_hash_is_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "odd#2"
    path.write_text((SAMPLES / "bundle.non").read_text())
    assert len(open_spec(str(path))[0]) == 2


def test_a_tatham_id_stands_for_a_file() -> None:
    puzzles, label = open_spec("4x4:2/1/2/1/1.1/2/1/1")
    assert label == "4x4:2/1/2/1/1.1/2/1/1"
    (puzzle,) = puzzles
    assert puzzle.columns == ((2,), (1,), (2,), (1,))
    assert puzzle.rows == ((1, 1), (2,), (1,), (1,))
    assert open_one((SAMPLES / "heart.txt").read_text().strip()) == load(SAMPLES / "heart.txt")


def test_a_malformed_tatham_id_names_the_problem() -> None:
    with pytest.raises(PuzzleFormatError, match="3 clues where 2 columns and 2 rows need 4"):
        open_spec("2x2:1/1/1")


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        ("4x4:2/1/2/1/1.1/2/1/1", True),
        (" 10x5:", True),
        ("puzzle.non", False),
        ("4x4.txt", False),
        ("4:1/1", False),
        ("x4:1", False),
    ],
)
def test_looks_like_id(spec: str, expected: bool) -> None:
    assert looks_like_id(spec) is expected


def test_writers_reproduce_the_plain_samples_exactly() -> None:
    heart = load(SAMPLES / "heart.non")
    for name in ("heart.nin", "heart.cwd", "heart.txt", "heart.pic"):
        fmt = FORMAT_OF[Path(name).suffix]
        assert dump(heart, fmt) == (SAMPLES / name).read_text(), name


def test_dump_refuses_what_a_format_cannot_do() -> None:
    bundle = load_all(SAMPLES / "bundle.non")
    with pytest.raises(UnsupportedPuzzleError, match="FILE#N"):
        dump(bundle, "nin")
    with pytest.raises(UnsupportedPuzzleError, match="reads the g format but cannot write it"):
        dump(bundle[0], "g")
    with pytest.raises(UnsupportedPuzzleError, match="needs the puzzle's goal"):
        dump(load(SAMPLES / "heart.nin"), "picture")


def test_every_format_is_registered_once_with_its_protocol() -> None:
    assert set(FORMATS) == {"non", "xml", "nin", "cwd", "mk", "g", "tatham", "picture"}
    for name, module in FORMATS.items():
        assert module.NAME == name
        assert all(ext.startswith(".") and ext == ext.lower() for ext in module.EXTENSIONS)
        assert callable(module.sniff) and callable(module.read)
        assert module.WRITABLE == hasattr(module, "write")
    assert parse("5x5:2/4/4/4/2/1.1/5/5/3/1", "<id>") == [load(SAMPLES / "heart.txt")]


def test_the_examples_of_docs_formats_are_the_sample_files() -> None:
    docs = (SAMPLES.parents[2] / "docs" / "formats.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```[a-z]*\n(.*?)```", docs, re.S)
    samples = {p.read_text(encoding="utf-8") for p in SAMPLES.iterdir()}
    assert len(blocks) >= 9
    for block in blocks:
        assert block in samples, block[:40]


def test_the_aquarium_example_of_docs_formats_is_read_with_its_one_solution() -> None:
    from nonotui import kinds

    puzzle = kinds.open_one(str(SAMPLES / "four.aq"))
    assert (puzzle.kind_name, puzzle.title, puzzle.width, puzzle.height) == (
        "aquarium", "Four by four", 4, 4)
    water = [[ch == "~" for ch in row] for row in ("~~..", "~..~", "..~~", "~~~~")]
    # the solution meets the counts (checked by hand here, not by the engine)
    assert [sum(r) for r in water] == list(puzzle.rows)
    assert [sum(col) for col in zip(*water)] == list(puzzle.columns)
