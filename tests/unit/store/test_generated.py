"""Made puzzles kept in the user's puzzles folder: names, the kind's format, reading back."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from nonotui import kinds
from nonotui.errors import NonotuiError
from nonotui.kinds.nonogram.puzzle import Puzzle
from nonotui.model.kind import PuzzleRequest
from nonotui.store import DataDir, generated

P = Puzzle.from_picture([[1, 0, 1], [0, 1, 0], [1, 1, 1]], title="Made",
                        catalogue="gen1:5x5:g2:nosym:d55:7")


def test_names_say_the_date_or_the_recipe_and_hold_no_odd_character() -> None:
    request = PuzzleRequest(15, 20, 3, "both", 1234)
    assert generated.stem_of(request) == "new-15x20-g3-both-1234"
    assert generated.stem_of(request, date(2026, 11, 23)) == "daily-2026-11-23"
    assert not any(ch in generated.stem_of(request) for ch in ':/\\*?"<>|')


def test_a_made_puzzle_is_written_in_its_kinds_format_and_read_back(tmp_path: Path) -> None:
    data_dir = DataDir(tmp_path / "data")
    path = generated.save(data_dir, P, "new-3x3-g2-none-7")
    assert path == data_dir.puzzles / "new-3x3-g2-none-7.non"
    assert path == generated.path_for(data_dir, kinds.get("nonogram"), "new-3x3-g2-none-7")
    again = generated.load(path)
    assert again.identity == P.identity and again.catalogue == P.catalogue
    assert generated.load(data_dir.puzzles / "missing.non") is None
    assert not [p for p in data_dir.puzzles.iterdir() if p.name.startswith(".")]  # no temp left


def test_a_folder_that_cannot_be_made_is_named_in_the_error(tmp_path: Path) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("a file where the data folder should be")
    with pytest.raises(NonotuiError, match="cannot write"):
        generated.save(DataDir(blocker), P, "x")


def test_the_maker_is_the_nonogram_kind() -> None:
    kind = generated.maker()
    assert kind is not None and kind.name == "nonogram"


def test_export_writes_the_format_the_extension_names_and_never_overwrites(
        tmp_path: Path) -> None:
    from nonotui.errors import NonotuiError
    from nonotui.kinds.nonogram.making import MAKER_PALETTE, blank, puzzle_of
    from nonotui.model.kind import Drawing
    from nonotui.store.generated import export

    bw = puzzle_of(blank(4, 3).changed([(0, 0, 1), (1, 1, 1), (2, 3, 1)]), title="Dots")
    for name in ("dots.non", "dots.xml", "dots.mk", "dots.nin", "dots.cwd", "dots.txt",
                 "dots.pic"):
        path = export(bw, tmp_path / name)
        (back,) = kinds.load_all(path)
        assert (back.rows, back.columns) == (bw.rows, bw.columns), name
    with pytest.raises(NonotuiError, match=r"dots\.non: a file is already there"):
        export(bw, tmp_path / "dots.non")
    with pytest.raises(NonotuiError, match=r"dots\.png: nonotui writes Nonogram puzzles as "
                       r"\.non, \.nonpack, \.xml"):
        export(bw, tmp_path / "dots.png")
    colour = puzzle_of(Drawing.blank(3, 2, MAKER_PALETTE[:3]).changed([(0, 0, 1), (1, 2, 2)]))
    with pytest.raises(NonotuiError, match=r"colour\.mk: "):
        export(colour, tmp_path / "colour.mk")
    assert not (tmp_path / "colour.mk").exists()
    (back,) = kinds.load_all(export(colour, tmp_path / "colour.non"))
    assert back.identity == colour.identity
