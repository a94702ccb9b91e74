"""``nonotui generate`` and generator ids as a user types them: output, bundles, formats, the id in
place of a file for show, solve and convert (and the player's opening), exit codes and words."""

from __future__ import annotations

from pathlib import Path

import pytest

from nonotui import kinds
from nonotui.cli import main
from nonotui.errors import EXIT_BAD_INPUT, EXIT_USAGE
from tests import naive_count as naive

ID = "gen2:10x8:g0:nosym:d50:3"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse's usage errors
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_generate_prints_a_non_puzzle_with_its_id(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "generate", "10x8", "--seed", "3", "--density", "50")
    assert code == 0
    assert err.split() == [ID]
    (puzzle,) = kinds.parse(out, "out.non")[1]
    assert puzzle.catalogue == ID and (puzzle.width, puzzle.height) == (10, 8)
    assert naive.count(puzzle.rows, puzzle.columns, cap=2) == 1
    assert puzzle.goal is not None
    assert naive.solutions(puzzle.rows, puzzle.columns, cap=1) == [puzzle.goal]


def test_the_id_opens_the_same_puzzle_everywhere(capsys: pytest.CaptureFixture[str],
                                                 tmp_path: Path) -> None:
    from nonotui.store.catalog import open_puzzles

    out = run(capsys, "generate", "10x8", "--seed", "3", "--density", "50")[1]
    (made,) = kinds.parse(out, "out.non")[1]
    # show, solve and convert take the id in place of a file; play opens it the same way
    code, shown, _ = run(capsys, "show", ID)
    assert code == 0 and f"catalogue: {ID}" in shown and f"id: {made.identity}" in shown
    code, solved, _ = run(capsys, "solve", ID)
    assert code == 0 and solved.startswith("unique")
    target = tmp_path / "copy.xml"
    assert run(capsys, "convert", ID, str(target))[0] == 0
    assert kinds.load_all(target)[0].identity == made.identity
    (opened,), _ = open_puzzles(ID)
    assert opened == made


def test_a_random_seed_is_printed_and_its_id_gives_the_puzzle_again(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "generate", "7x6", "--symmetry", "horizontal")
    assert code == 0
    (spec,) = err.split()
    assert spec.startswith("gen2:7x6:g0:hsym:d55:")
    (made,) = kinds.parse(out, "out.non")[1]
    code, again, _ = run(capsys, "convert", spec, "-", "--to", "non")
    assert code == 0 and kinds.parse(again, "again.non")[1][0] == made


def test_count_writes_one_bundle_with_consecutive_seeds(capsys: pytest.CaptureFixture[str],
                                                        tmp_path: Path) -> None:
    target = tmp_path / "pack.non"
    code, _, err = run(capsys, "generate", "6x6", "--seed", "40", "--count", "3", "-o",
                       str(target))
    assert code == 0
    ids = [f"gen2:6x6:g0:nosym:d55:{seed}" for seed in (40, 41, 42)]
    assert err.split() == ids
    puzzles = kinds.load_all(target)
    assert [p.catalogue for p in puzzles] == ids
    for puzzle in puzzles:
        assert naive.count(puzzle.rows, puzzle.columns, cap=2) == 1


def test_the_extension_picks_the_format(capsys: pytest.CaptureFixture[str],
                                        tmp_path: Path) -> None:
    target = tmp_path / "one.txt"
    assert run(capsys, "generate", "10x8", "--seed", "3", "--density", "50", "-o",
               str(target))[0] == 0
    text = target.read_text(encoding="utf-8")
    assert text.startswith("10x8:")  # a Tatham id
    shown = run(capsys, "show", ID)[1]
    (from_id,) = kinds.parse(text, "one.txt")[1]
    assert f"id: {from_id.identity}" in shown


@pytest.mark.parametrize(("argv", "code", "words"), [
    (["3x3"], EXIT_USAGE, "the width must be from 5 to 80, not 3"),
    (["9x99"], EXIT_USAGE, "the height must be from 5 to 80, not 99"),
    (["15"], EXIT_USAGE, "the size must be WIDTHxHEIGHT"),
    (["9x9", "--density", "5"], EXIT_USAGE, "the density must be from 20 to 80"),
    (["9x9", "--count", "0"], EXIT_USAGE, "--count must be at least 1"),
    (["9x9", "--seed", "-1"], EXIT_USAGE, "--seed must be from 0"),
    (["9x9", "--count", "2", "-o", "x.txt"], EXIT_USAGE, "the tatham format holds one puzzle"),
    (["9x9", "-o", "x.zzz"], EXIT_USAGE, "cannot tell a writable format"),
    (["9x9", "--symmetry", "diagonal"], EXIT_USAGE, "invalid choice"),
    (["9x9", "--grade", "6"], EXIT_USAGE, "the grade must be from 1 to 5"),
])
def test_bad_command_lines_say_why(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                   monkeypatch: pytest.MonkeyPatch, argv: list[str], code: int,
                                   words: str) -> None:
    monkeypatch.chdir(tmp_path)
    got, out, err = run(capsys, "generate", *argv)
    assert (got, out) == (code, "")
    assert words in err and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("spec", "words"), [
    ("gen1:9x9:g9:nosym:d50:1", "the grade must be from 1 to 5"),
    ("gen7:9x9:g0:nosym:d50:1", "made by generator version 7, newer than this nonotui's 2"),
    ("gen0:9x9:g0:nosym:d50:1", "there is no generator version 0; this nonotui opens gen1 and gen2"),
    ("gen1:9x9:nosym", "not a generator id"),
])
def test_bad_ids_are_bad_input(capsys: pytest.CaptureFixture[str], spec: str,
                               words: str) -> None:
    code, _, err = run(capsys, "show", spec)
    assert code == EXIT_BAD_INPUT
    assert err.startswith(f"nonotui: {spec}: {words}") and err.count("\n") == 1


def test_a_graded_puzzle_and_its_id(capsys: pytest.CaptureFixture[str]) -> None:
    spec = "gen2:10x10:g2:nosym:d60:4"  # the grade's own density when --density is not given
    code, out, err = run(capsys, "generate", "10x10", "--grade", "2", "--seed", "4")
    assert code == 0 and err.split() == [spec]  # grade 2 reached: no second line
    (made,) = kinds.parse(out, "out.non")[1]
    assert made.catalogue == spec
    assert naive.line_solvable(made.rows, made.columns)
    code, shown, _ = run(capsys, "show", spec)
    assert code == 0 and f"id: {made.identity}" in shown


def test_the_nearest_grade_is_said_on_standard_error(capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    from nonotui.kinds.nonogram import generate as gen

    monkeypatch.setattr(gen, "_rate", lambda picture, stop, rules: 2)  # a rating that always says 2
    code, out, err = run(capsys, "generate", "9x9", "--grade", "3", "--seed", "1")
    assert code == 0
    assert err.splitlines() == ["gen2:9x9:g3:nosym:d35:1",
                                "Grade 3 was asked for; the nearest the generator reached is "
                                "grade 2."]
    (made,) = kinds.parse(out, "out.non")[1]
    assert made.description is not None and "nearest reached is grade 2" in made.description


def test_a_kinds_own_option_is_refused_with_another_kind(capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    """``generate`` is every kind's: a nonogram's --colors with --kind aquarium is a usage
    error naming whose option it is, not silently dropped."""
    code, out, err = run(capsys, "generate", "6x6", "--kind", "aquarium", "--colors", "3")
    assert (code, out) == (EXIT_USAGE, "")
    assert err == "nonotui generate: Nonogram options given (colors) with --kind aquarium\n"
