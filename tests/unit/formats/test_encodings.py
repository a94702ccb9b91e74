"""Puzzle files in other encodings than UTF-8: a byte-order mark picks UTF-8, UTF-16 or UTF-32;
without one, UTF-8 and then Latin-1 (DECISIONS.md). Both files here were in the broken corpus
before Latin-1 and byte-order marks were read."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest

from nonotui.errors import PuzzleFormatError
from nonotui.kinds.nonogram.formats import load

ENCODINGS = Path(__file__).resolve().parents[2] / "data" / "encodings"
HEART = Path(__file__).resolve().parents[2] / "data" / "formats" / "heart.non"


def test_a_latin1_file_is_read() -> None:
    assert load(ENCODINGS / "latin1.non").title == "Café"


def test_a_utf16_game_id_with_a_byte_order_mark_is_read() -> None:
    puzzle = load(ENCODINGS / "utf16-tatham-id.dat")
    assert (puzzle.width, puzzle.height) == (4, 4)
    assert puzzle.rows == ((1, 1), (2,), (1,), (1,))


@pytest.mark.parametrize("codec", ["utf-8-sig", "utf-16", "utf-16-be", "utf-32", "utf-32-be"])
def test_every_byte_order_mark_reads_the_same_puzzle(tmp_path: Path, codec: str) -> None:
    text = HEART.read_text(encoding="utf-8")
    path = tmp_path / "heart.non"
    data = text.encode(codec)
    if codec in ("utf-16-be", "utf-32-be"):  # Python writes no mark for these: add it
        data = (codecs.BOM_UTF16_BE if codec == "utf-16-be" else codecs.BOM_UTF32_BE) + data
    path.write_bytes(data)
    assert load(path) == load(HEART)


def test_utf16_without_its_mark_is_still_binary(tmp_path: Path) -> None:
    path = tmp_path / "heart.non"
    path.write_bytes(HEART.read_text(encoding="utf-8").encode("utf-16-le"))
    with pytest.raises(PuzzleFormatError, match="binary data"):
        load(path)
