"""A size over the limit says the limit: ``width 1000000`` is a whole number, and was called
"not a whole number" (a ``.non`` file), "not like 'size 10x8'" (an ``.aq`` file) or "not
WIDTHxHEIGHT" (``generate --kind aquarium``); a side of 5,000 digits crashed ``generate`` and a
puzz.link URL (Python refuses to read a number that long)."""

from __future__ import annotations

from pathlib import Path

import pytest

from nonotui.cli import main
from nonotui.errors import EXIT_BAD_INPUT, EXIT_USAGE

HUGE = "9" * 5000
"""A number Python will not even convert (its limit is 4,300 digits)."""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse's usage errors
        code = int(exc.code or 0)
    return code, capsys.readouterr().err


@pytest.mark.parametrize(("text", "words"), [
    ("width 1000000\nheight 5\n", "line 1: width '1000000' is outside 1 to 1000"),
    (f"width 5\nheight {HUGE}\n", "line 2: height '9999999999'... (5,000 characters) is "
                                  "outside 1 to 1000"),
    ("width 5000\nheight 5\n", "line 1: width 5000 is outside 1 to 1000"),
    ("width five\nheight 5\n", "line 1: width 'five' is not a whole number"),
], ids=["million", "5000-digits", "in-digits", "not-a-number"])
def test_a_non_files_size_over_the_limit_says_the_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, words: str
) -> None:
    path = tmp_path / "big.non"
    path.write_text(text)
    code, err = run(capsys, "show", str(path))
    assert code == EXIT_BAD_INPUT and words in err, err


@pytest.mark.parametrize(("text", "words"), [
    ("size 1000000x5\n", "line 1: size '1000000x5' is outside 1x1 to 100x100"),
    (f"size 5x{HUGE}\n", "line 1: size '5x999999999999999999'... (5,002 characters) is outside "
                         "1x1 to 100x100"),
    ("size 5x5\ncolumns 1000000 1 1 1 1\n",
     "line 2: column 1 asks for '1000000' water cells but has 5 cells"),
], ids=["million", "5000-digits", "count"])
def test_an_aq_files_size_over_the_limit_says_the_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, words: str
) -> None:
    path = tmp_path / "big.aq"
    path.write_text(text)
    code, err = run(capsys, "show", str(path))
    assert code == EXIT_BAD_INPUT and words in err, err


def test_a_puzzlink_url_of_a_huge_size_says_the_limit(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, err = run(capsys, "show", f"https://puzz.link/p?aquarium/{HUGE}/5/")
    assert code == EXIT_BAD_INPUT
    assert "size '99999999999999999999'... (5,002 characters) is outside 1x1 to 100x100" in err


@pytest.mark.parametrize(("size", "kind", "words"), [
    ("1000000x5", "nonogram", "the width must be from 5 to 80, not 1000000"),
    (f"5x{HUGE}", "nonogram", "the height '9999999999'... (5,000 characters) is over the "
                              "largest Nonogram puzzle"),
    ("1000000x5", "aquarium", "the width 1000000 is outside 4 to 40"),
    (f"{HUGE}x5", "aquarium", "the width '9999999999'... (5,000 characters) is over the "
                              "largest Aquarium puzzle"),
    ("5xx", "aquarium", "the size must be WIDTHxHEIGHT, such as 10x10, not '5xx'"),
], ids=["nonogram-million", "nonogram-5000-digits", "aquarium-million", "aquarium-5000-digits",
        "aquarium-not-a-size"])
def test_generate_over_the_limit_says_the_limit(
    capsys: pytest.CaptureFixture[str], size: str, kind: str, words: str
) -> None:
    code, err = run(capsys, "generate", size, "--kind", kind)
    assert code in (EXIT_USAGE, EXIT_BAD_INPUT) and words in err, err
    assert "not a whole number" not in err and "Traceback" not in err
