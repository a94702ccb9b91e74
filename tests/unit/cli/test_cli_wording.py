"""The command line's small promises (issue 33, item 10): `hint` and `explain` say "no solution"
with the exit code `solve` gives it (3), counts are spelt right, `convert` writes no text into a
file named like an image nor a format its name would not read back as, and the help texts say
what the grades are."""

from __future__ import annotations

from pathlib import Path

import pytest

from nonotui.cli import main
from nonotui.errors import EXIT_CONTRADICTION, EXIT_USAGE

NO_SOLUTION = "width 2\nheight 2\n\nrows\n2\n0\n\ncolumns\n2\n0\n"
"""Sums agree, yet the first row's 2 fills the second column, whose clue is 0."""


@pytest.fixture
def unsolvable(tmp_path: Path) -> str:
    path = tmp_path / "none.non"
    path.write_text(NO_SOLUTION)
    return str(path)


def test_hint_on_clues_without_a_solution_exits_as_solve_does(
    unsolvable: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["solve", unsolvable]) == EXIT_CONTRADICTION
    capsys.readouterr()
    assert main(["hint", unsolvable]) == EXIT_CONTRADICTION
    out, err = capsys.readouterr()
    assert out == "" and "no solution" in err
    assert main(["hint", "heart"]) == 0  # a puzzle with a solution still gets its hint


def test_explain_counts_in_words_and_exits_3_without_a_solution(
    unsolvable: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["explain", unsolvable]) == EXIT_CONTRADICTION
    out = capsys.readouterr().out
    assert out.startswith("2x2: 1 step from an empty board.")
    assert "no solution" in out
    assert main(["explain", "heart"]) == 0
    assert " steps from an empty board." in capsys.readouterr().out.splitlines()[0]


@pytest.mark.parametrize("name", ["x.png", "x.JPG", "x.svg"])
def test_convert_writes_no_text_into_a_file_named_like_an_image(
    tmp_path: Path, name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / name
    assert main(["convert", "heart", str(target), "--to", "picture"]) == EXIT_USAGE
    assert not target.exists()
    assert "named like an image" in capsys.readouterr().err


def test_convert_writes_only_what_reads_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A picture written as .txt (the Tatham ids' extension) could not be read back, since a
    file is read by its extension: --to a format other than OUT's extension claims is refused,
    with the name to use, and a picture written where it belongs reads back as the puzzle."""
    target = tmp_path / "heart.txt"
    assert main(["convert", "heart", str(target), "--to", "picture"]) == EXIT_USAGE
    assert not target.exists()
    err = capsys.readouterr().err
    assert "ends like a tatham file" in err and "'heart.pic'" in err
    picture = tmp_path / "heart.pic"
    assert main(["convert", "heart", str(picture)]) == 0
    assert main(["show", str(picture)]) == 0
    shown = capsys.readouterr().out
    assert main(["show", "heart"]) == 0
    identity = [line for line in capsys.readouterr().out.splitlines() if line.startswith("id:")]
    assert identity and identity[0] in shown.splitlines()
    # --to the extension's own format, and to standard output, still write
    assert main(["convert", "heart", str(tmp_path / "same.txt"), "--to", "tatham"]) == 0
    assert main(["convert", "heart", "-", "--to", "picture"]) == 0


def test_the_help_texts_say_what_the_grades_are(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["rate", "--help"])
    rate = " ".join(capsys.readouterr().out.split())
    assert "at most four lines" in rate and "two lines" not in rate
    with pytest.raises(SystemExit):
        main(["generate", "--help"])
    generate = " ".join(capsys.readouterr().out.split())
    assert "each proven to have exactly one solution and solvable by line logic" not in generate
    assert "4 and 5 need contradictions" in generate
