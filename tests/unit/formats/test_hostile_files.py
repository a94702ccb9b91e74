"""The broken corpus's hostile cousins, made by the tests in ``tmp_path`` (never committed): a
clue of five million numbers, 2 MiB single tokens, a million lines, 2 MiB of XML, a link to
``/dev/zero``, a FIFO. Each is refused with one short line naming the file (and the line), and
the tests bound the work done -- how many lines, words and elements the reader looked at --
rather than the time (``benchmarks/hostile.py`` measures time and memory).
"""

from __future__ import annotations

import os
import re
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from nonotui.errors import PuzzleFormatError
from nonotui.kinds.nonogram import formats
from nonotui.kinds.nonogram.formats import _text, g, load, load_all, mk, nin, non, picture, xml
from tests import hostile

SHORT = 300
"""No message about a file is longer than this, whatever the file holds."""
PYTHON_WORDS = re.compile(r"Errno|codec|\b0x[0-9a-f]", re.IGNORECASE)


@pytest.fixture
def work(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """Counts the lines the readers were handed, the clue words they looked at and the XML
    elements built."""
    seen = {"lines": 0, "words": 0, "elements": 0}

    def counting(produce: Callable[..., Iterator[object]], key: str) -> Callable[..., Iterator]:
        def wrapper(*args: object, **kwargs: object) -> Iterator[object]:
            for item in produce(*args, **kwargs):
                seen[key] += 1
                yield item

        return wrapper

    lines = counting(_text.numbered_lines, "lines")
    for module in (_text, non, g, mk, nin, picture, formats.cwd):
        if hasattr(module, "numbered_lines"):
            monkeypatch.setattr(module, "numbered_lines", lines)
    words = counting(_text.clue_words, "words")
    for module in (_text, formats.tatham):  # _text.color_clue reads .non and .g clues
        monkeypatch.setattr(module, "clue_words", words)
    start = xml._TreeBuilder.startElement

    def element(self: xml._TreeBuilder, *args: object) -> None:
        seen["elements"] += 1
        start(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(xml._TreeBuilder, "startElement", element)
    return seen


def refused(path: Path) -> PuzzleFormatError:
    with pytest.raises(PuzzleFormatError) as caught:
        load(path)
    message = caught.value.message
    assert message.startswith(str(path))
    assert "\n" not in message and len(message) < SHORT, message
    assert not PYTHON_WORDS.search(message), message
    return caught.value


def test_five_million_ones_are_refused_by_size_before_any_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = hostile.five_million_ones(tmp_path)
    reads: list[int] = []
    monkeypatch.setattr(os, "read", lambda fd, n: reads.append(n) or b"")
    error = refused(path)
    assert "9.5 MiB" in error.problem and "at most 2.0 MiB" in error.problem
    assert reads == []


@pytest.mark.parametrize("fmt", ["non", "nin", "mk", "cwd", "g", "tatham"])
def test_a_2mib_clue_stops_after_a_line_s_worth_of_numbers(
    tmp_path: Path, fmt: str, work: dict[str, int]
) -> None:
    path = hostile.long_clue(tmp_path, fmt)
    error = refused(path)
    assert re.search(r"a clue of 1,04\d,\d{3} numbers cannot fit", error.problem), error.problem
    # 5x5: at most 3 numbers fit (1000 in .g files, whose line length is not known yet)
    assert work["words"] <= (1001 if fmt == "g" else 4) + 10
    assert error.line == {"non": 4, "nin": 2, "mk": 2, "cwd": 3, "g": 2, "tatham": 1}[fmt]


def test_five_million_ones_within_the_bound_name_the_count(tmp_path: Path) -> None:
    # The file, at the 2 MiB bound: the message gives the clue's size, not the clue.
    path = hostile.long_clue(tmp_path, "non")
    with pytest.raises(PuzzleFormatError) as caught:
        load(path)
    assert "1 1 1 1" not in caught.value.message


def test_a_clue_that_no_line_can_hold_reaches_the_puzzle_check_cut_short() -> None:
    # In a .non without sizes first nothing stops the words early; the puzzle's own check does,
    # and its message shows the clue's size, not the clue.
    text = "width 5\nheight 5\nrows\n" + "1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1\n" + "1\n" * 4
    text += "columns\n" + "1\n" * 5
    with pytest.raises(PuzzleFormatError) as caught:
        formats.parse(text, "x.non")
    assert "a clue of 20 numbers cannot fit a line of 5 cells" in caught.value.problem


@pytest.mark.parametrize("fmt", hostile.FORMATS)
def test_a_2mib_single_token_is_refused_short(tmp_path: Path, fmt: str) -> None:
    error = refused(hostile.single_token(tmp_path, fmt))
    assert "characters" in error.problem or len(error.problem) < 120


@pytest.mark.parametrize("fmt", ["non", "nin", "mk", "cwd", "g", "picture", "tatham"])
def test_a_million_lines_stop_at_the_first_line_no_puzzle_has(
    tmp_path: Path, fmt: str, work: dict[str, int]
) -> None:
    error = refused(hostile.million_lines(tmp_path, fmt))
    assert error.line is not None and error.line < 2200
    assert work["lines"] < 2200, work


def test_2mib_of_xml_stops_at_the_first_element_no_puzzle_needs(
    tmp_path: Path, work: dict[str, int]
) -> None:
    error = refused(hostile.big_xml(tmp_path))
    assert "<line> holds more than 1,024 elements" in error.problem
    assert work["elements"] < 1100


def test_deeply_nested_xml_stops_at_the_depth_bound(tmp_path: Path, work: dict[str, int]) -> None:
    error = refused(hostile.deep_xml(tmp_path))
    assert "nested more than 32 deep" in error.problem
    assert work["elements"] <= 33


def test_a_link_to_dev_zero_is_refused_as_a_device(tmp_path: Path) -> None:
    error = refused(hostile.dev_zero_link(tmp_path))
    assert error.line is None and "a device (it links to /dev/zero)" in error.problem


def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    path = hostile.fifo(tmp_path)
    outcome: list[PuzzleFormatError] = []
    thread = threading.Thread(target=lambda: outcome.append(refused(path)), daemon=True)
    thread.start()
    thread.join(timeout=30)  # a regression fails here instead of hanging the run
    assert not thread.is_alive(), "opening a FIFO blocked"
    assert "named pipe" in outcome[0].problem


def test_a_folder_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "folder.non"
    folder.mkdir()
    assert "is a folder" in refused(folder).problem


def test_a_utf16_file_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    assert load_all(hostile.utf16_bom(tmp_path))[0].title == "Café"


def test_a_bundle_of_too_many_puzzles_is_refused_before_any_is_built(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    built: list[int] = []
    real = non._read_one
    monkeypatch.setattr(non, "_read_one", lambda *a, **k: built.append(1) or real(*a, **k))
    error = refused(hostile.many_puzzles(tmp_path))
    assert "more than 2,000 puzzles in one file" in error.problem
    assert error.line == 2000 * 7 + 1  # the first line of puzzle 2,001
    assert built == []


def test_a_puzzle_set_of_too_many_puzzles_stops_at_the_bound(
    tmp_path: Path, work: dict[str, int]
) -> None:
    error = refused(hostile.many_xml_puzzles(tmp_path))
    assert "<puzzleset> holds more than 2,024 elements" in error.problem
    assert work["elements"] < 2025 * 7
