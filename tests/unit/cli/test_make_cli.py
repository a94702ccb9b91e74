"""``nonotui make``'s argument: what the Make screen starts from, and clear errors."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from nonotui import kinds
from nonotui.cli import main
from nonotui.cli.make import start_of
from nonotui.errors import EXIT_BAD_INPUT, EXIT_USAGE, NonotuiError, RequestError
from nonotui.kinds.nonogram.puzzle import Puzzle
from tests.naive_count import clues_of


def args(source: str | None = None, size: str | None = None,
         colours: bool = False, kind: str | None = None) -> argparse.Namespace:
    return argparse.Namespace(source=source, size=size, colours=colours, kind=kind)


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("NONOTUI_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def test_no_argument_and_a_size_start_blank_drawings() -> None:
    kind, drawing, meta = start_of(args())
    assert kind.name == "nonogram" and drawing.regions is None
    assert (drawing.width, drawing.height) == (15, 15) and len(drawing.palette) == 2
    assert all(k == 0 for row in drawing.picture for k in row)
    _, drawing, _ = start_of(args("20x8", colours=True))
    assert (drawing.width, drawing.height) == (20, 8) and len(drawing.palette) == 10
    assert meta == {"title": "", "author": "", "license": ""}


def test_a_bundled_puzzle_or_its_share_code_opens_its_picture() -> None:
    _, drawing, meta = start_of(args("heart"))
    assert meta["title"].lower() == "heart"
    rows, columns = clues_of(drawing.picture)
    from nonotui.store import DataDir
    from nonotui.store.catalog import Catalog

    heart, _, _ = Catalog(DataDir.default()).resolve_noted("heart")
    assert isinstance(heart, Puzzle) and (heart.rows, heart.columns) == (rows, columns)
    _, coded, _ = start_of(args(kinds.share_code(heart)))
    assert coded == drawing


def test_an_image_is_read_at_the_size_given(tmp_path: Path) -> None:
    image = pytest.importorskip("PIL.Image")
    path = tmp_path / "square.png"
    picture = image.new("L", (40, 40), 255)
    for x in range(10, 30):
        for y in range(10, 30):
            picture.putpixel((x, y), 0)
    picture.save(path)
    _, drawing, meta = start_of(args(str(path), "4x4"))
    assert drawing.picture == ((0, 0, 0, 0), (0, 1, 1, 0), (0, 1, 1, 0), (0, 0, 0, 0))
    assert meta["title"] == "square"


def test_bad_arguments_say_what_is_wrong(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(RequestError, match="2 to 99"):
        start_of(args("1x5"))
    with pytest.raises(RequestError, match="not a size"):
        start_of(args("x.png", "big"))
    assert main(["make", "300x3"]) == EXIT_USAGE
    assert "nonotui make: 300x3: a drawing is 2 to 99" in capsys.readouterr().err
    missing = tmp_path / "nope.non"
    assert main(["make", str(missing)]) == EXIT_BAD_INPUT
    assert "nope.non" in capsys.readouterr().err
    several = tmp_path / "two.non"
    several.write_text("width 2\nheight 2\nrows\n1\n1\ncolumns\n1\n1\n")
    with pytest.raises(NonotuiError, match="two.non: .*several solutions"):
        start_of(args(str(several)))


def test_an_aquarium_starts_from_a_size_with_kind_or_from_its_file(
        capsys: pytest.CaptureFixture[str]) -> None:
    from nonotui.kinds.aquarium.puzzle import AquariumPuzzle

    kind, drawing, _ = start_of(args("8x6", kind="aquarium"))
    assert kind.name == "aquarium" and drawing.regions is not None
    assert (drawing.width, drawing.height) == (8, 6) and not any(map(any, drawing.picture))
    kind, drawing, meta = start_of(args("goldfish"))  # a bundled Aquarium: its own kind
    assert kind.name == "aquarium" and meta["title"].lower() == "goldfish"
    from nonotui.store import DataDir
    from nonotui.store.catalog import Catalog

    goldfish, _, _ = Catalog(DataDir.default()).resolve_noted("goldfish")
    assert isinstance(goldfish, AquariumPuzzle) and drawing.regions == goldfish.tanks
    with pytest.raises(SystemExit) as usage:  # argparse's usage error
        main(["make", "--kind", "quilt", "5x5"])
    assert usage.value.code == EXIT_USAGE
    assert "invalid choice: 'quilt'" in capsys.readouterr().err
