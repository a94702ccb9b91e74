"""``nonotui generate --from IMAGE WxH``: pictures built here with Pillow become puzzles whose
uniqueness and line-solvability the puzzle oracle (tests/naive_count.py) confirms; the count of
changed cells the command prints is checked against a threshold computed here without nonotui's
code; and every way a picture can fail to be read says so in one line."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

PIL = pytest.importorskip("PIL")
from PIL import Image, ImageDraw

from nonotui import kinds
from nonotui.cli import main
from nonotui.errors import EXIT_BAD_INPUT, EXIT_OK, EXIT_USAGE
from nonotui.kinds.nonogram import picture
from nonotui.kinds.nonogram.puzzle import Puzzle
from tests import naive_count as naive


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse's usage errors
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


# -- pictures ------------------------------------------------------------------------------------


def circle(path: Path) -> Path:
    image = Image.new("RGB", (120, 120), "white")
    ImageDraw.Draw(image).ellipse((15, 15, 105, 105), fill="black")
    image.save(path)
    return path


def letter(path: Path) -> Path:
    """An "L" with a serif and a slanted stroke: drawn with polygons so no font is needed."""
    image = Image.new("L", (90, 110), 255)
    draw = ImageDraw.Draw(image)
    draw.polygon([(15, 10), (40, 10), (35, 85), (80, 85), (80, 100), (10, 100)], fill=0)
    draw.line((45, 20, 70, 60), fill=90, width=9)
    image.save(path)
    return path


def noise(path: Path, seed: int = 4) -> Path:
    rng = random.Random(seed)
    image = Image.new("L", (10, 10))
    image.putdata([rng.randrange(256) for _ in range(100)])
    image.save(path)
    return path


def transparent(path: Path) -> Path:
    """A red triangle on a fully transparent background whose hidden colour is black: read
    without laying it onto white, the whole picture would be dark."""
    image = Image.new("RGBA", (100, 100), (0, 0, 0, 0))
    ImageDraw.Draw(image).polygon([(50, 10), (90, 90), (10, 90)], fill=(200, 0, 0, 255))
    image.save(path)
    return path


def plain_otsu_picture(path: Path, width: int, height: int) -> list[list[int]]:
    """The thresholded picture computed here: white under transparency, grey, box resize, then
    the threshold that minimises the within-class variance (Otsu's criterion, in its other
    form), tried at every grey, the lowest on a tie."""
    with Image.open(path) as image:
        rgba = image.convert("RGBA")
    flat = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
    flat.alpha_composite(rgba)
    small = flat.convert("L").resize((width, height), Image.Resampling.BOX)
    values = list(small.tobytes())

    def spread(group: list[int]) -> float:
        if not group:
            return 0.0
        mean = sum(group) / len(group)
        return sum((v - mean) ** 2 for v in group)

    best = min(range(256), key=lambda t: (round(spread([v for v in values if v <= t])
                                                + spread([v for v in values if v > t]), 6), t))
    return [[1 if values[r * width + c] <= best else 0 for c in range(width)]
            for r in range(height)]


def made(capsys: pytest.CaptureFixture[str], image: Path, size: str,
         *more: str) -> tuple[Puzzle, int]:
    code, out, err = run(capsys, "generate", "--from", str(image), size, *more)
    assert code == EXIT_OK, err
    width, height = map(int, size.split("x"))
    line = f" of {width * height} cells to make the puzzle unique"
    assert err.startswith("changed ") and err.endswith(line + "\n") and err.count("\n") == 1
    (puzzle,) = kinds.parse(out, "out.non")[1]
    return puzzle, int(err.split()[1])


# -- the puzzles -----------------------------------------------------------------------------------


@pytest.mark.parametrize("draw, size", [(circle, "10x10"), (letter, "9x10"), (noise, "10x10"),
                                        (transparent, "10x8")])
def test_a_picture_becomes_a_unique_puzzle_changed_where_it_says(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, draw: object, size: str) -> None:
    assert callable(draw)
    image = draw(tmp_path / "shape.png")
    puzzle, changed = made(capsys, image, size)
    width, height = map(int, size.split("x"))
    assert (puzzle.width, puzzle.height) == (width, height)
    # one solution, the goal, by the independent counter; line logic alone finds it
    assert naive.solutions(puzzle.rows, puzzle.columns, cap=2) == [puzzle.goal]
    assert naive.line_solvable(puzzle.rows, puzzle.columns)
    # what it says it changed is how far the solution is from the thresholded picture
    thresholded = plain_otsu_picture(image, width, height)
    assert puzzle.goal is not None
    assert changed == sum(a != b for ra, rb in zip(thresholded, puzzle.goal)
                          for a, b in zip(ra, rb))
    assert puzzle.title == "shape"
    assert puzzle.description is not None and "From the picture shape.png" in puzzle.description


def test_the_noisy_picture_needs_changes_and_the_circle_none(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """So that the Hamming check above is not only ever checked at zero."""
    assert made(capsys, noise(tmp_path / "n.png"), "10x10")[1] > 0
    puzzle, changed = made(capsys, circle(tmp_path / "c.png"), "10x10")
    assert changed == 0
    assert puzzle.goal == tuple(map(tuple, plain_otsu_picture(tmp_path / "c.png", 10, 10)))


def test_transparency_is_laid_on_white(capsys: pytest.CaptureFixture[str],
                                       tmp_path: Path) -> None:
    puzzle = made(capsys, transparent(tmp_path / "t.png"), "10x10")[0]
    assert puzzle.goal is not None
    assert puzzle.goal[0] == (0,) * 10 and puzzle.goal[9] == (0,) * 10
    assert any(puzzle.goal[5])


def test_same_picture_size_and_seed_give_the_same_puzzle(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    image = noise(tmp_path / "n.png", seed=11)
    first = run(capsys, "generate", "--from", str(image), "12x12", "--seed", "5")
    again = run(capsys, "generate", "--from", str(image), "12x12", "--seed", "5")
    assert first[0] == EXIT_OK and first == again


def test_output_file_takes_its_format_from_the_extension(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "circle.xml"
    code, out, err = run(capsys, "generate", "--from", str(circle(tmp_path / "circle.png")),
                         "10x10", "-o", str(target))
    assert (code, out) == (EXIT_OK, "")
    assert target.read_text(encoding="utf-8").lstrip().startswith("<?xml")
    (puzzle,) = kinds.load_all(target)
    assert naive.count(puzzle.rows, puzzle.columns, cap=2) == 1


def test_make_unique_reaches_line_logic_on_a_bigger_noisy_picture() -> None:
    """Beyond the counter's reach: the plain line solver decides every cell of the result."""
    rng = random.Random(3)
    grey = [[rng.randrange(256) for _ in range(20)] for _ in range(20)]
    thresholded, cut = picture.threshold(grey)
    fixed = picture.make_unique(thresholded, grey, cut, seed=1)
    rows, columns = naive.clues_of(fixed)
    assert naive.line_solvable(rows, columns)
    assert 0 < picture.hamming(thresholded, fixed) < 60
    assert fixed == picture.make_unique(thresholded, grey, cut, seed=1)


def test_otsu_agrees_with_the_within_class_form() -> None:
    rng = random.Random(8)
    for _ in range(30):
        spots = [rng.randrange(256) for _ in range(4)]
        grey = [[min(255, max(0, rng.choice(spots) + rng.randrange(-9, 10))) for _ in range(7)]
                for _ in range(5)]
        values = [v for row in grey for v in row]

        def within(t: int) -> float:
            total = 0.0
            for group in ([v for v in values if v <= t], [v for v in values if v > t]):
                if group:
                    mean = sum(group) / len(group)
                    total += sum((v - mean) ** 2 for v in group)
            return round(total, 6)

        if len(set(values)) == 1:
            continue
        # the lowest grey among those that split the cells best (a grey no cell has splits them
        # as the nearest lower one does, so the comparison is between greys that occur)
        best = min(sorted(set(values))[:-1], key=lambda t: (within(t), t))
        assert picture.otsu(grey) == best


def test_a_picture_of_one_grey_is_all_filled_or_all_empty() -> None:
    assert picture.threshold([[40] * 3] * 2) == ([[1] * 3] * 2, 127)
    assert picture.threshold([[200] * 3] * 2) == ([[0] * 3] * 2, 127)


# -- what goes wrong -------------------------------------------------------------------------------


def test_a_missing_picture(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "nowhere.png"
    assert run(capsys, "generate", "--from", str(path), "10x10") == (
        EXIT_BAD_INPUT, "", f"nonotui: {path}: no such file\n")


def test_a_text_file_named_png(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "notes.png"
    path.write_text("just words\n", encoding="utf-8")
    assert run(capsys, "generate", "--from", str(path), "10x10") == (
        EXIT_BAD_INPUT, "", f"nonotui: {path}: not a picture Pillow can read\n")


def test_a_truncated_picture(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    whole = circle(tmp_path / "whole.png").read_bytes()
    path = tmp_path / "cut.png"
    path.write_bytes(whole[: len(whole) // 2])
    code, out, err = run(capsys, "generate", "--from", str(path), "10x10")
    assert (code, out) == (EXIT_BAD_INPUT, "")
    assert err.startswith(f"nonotui: {path}: cannot read the picture: ") and err.count("\n") == 1


def test_without_pillow(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                        monkeypatch: pytest.MonkeyPatch) -> None:
    image = circle(tmp_path / "c.png")
    monkeypatch.setitem(sys.modules, "PIL", None)  # `from PIL import ...` raises ImportError
    assert run(capsys, "generate", "--from", str(image), "10x10") == (
        EXIT_BAD_INPUT, "", "nonotui: reading pictures needs Pillow: pip install "
                            "'nonotui[images]'\n")


@pytest.mark.parametrize("argv, words", [
    (("3x10",), "the width must be from 5 to 80, not 3"),
    (("10",), "the size must be WIDTHxHEIGHT"),
    (("10x10", "--count", "2"), "--count cannot be used with it"),
    (("10x10", "--symmetry", "both"), "--symmetry cannot be used with it"),
    (("10x10", "--density", "40"), "--density cannot be used with it"),
    (("10x10", "-o", "x.zzz"), "cannot tell a writable format"),
])
def test_usage_errors(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                      argv: tuple[str, ...], words: str) -> None:
    image = circle(tmp_path / "c.png")
    code, out, err = run(capsys, "generate", "--from", str(image), *argv)
    assert (code, out) == (EXIT_USAGE, "")
    assert err.startswith("nonotui generate: ") and words in err and err.count("\n") == 1


def test_importing_the_module_loads_no_pillow() -> None:
    code = ("import sys, nonotui.kinds.nonogram.picture, nonotui.kinds.nonogram.generate_options;"
            " import nonotui.cli; nonotui.cli.build_parser(); print('PIL' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "False"
