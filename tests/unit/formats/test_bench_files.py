"""Every real puzzle under ../shared/bench loads by every detection path and survives conversion.

The tests skip cleanly when the bench folder is not beside the checkout (a user's copy of nonotui).
"""

from __future__ import annotations

import re
from pathlib import Path

from nonotui.kinds.nonogram.formats import WRITABLE, dump, load_all, parse
from nonotui.kinds.nonogram.puzzle import Puzzle

FORMAT_OF_SUFFIX = {".nin": "nin", ".non": "non", ".xml": "xml", ".g": "g"}
METADATA = ("title", "author", "copyright", "license", "catalogue", "description")


def bench_files(bench: Path) -> list[Path]:
    return sorted(p for p in bench.rglob("*") if p.suffix in FORMAT_OF_SUFFIX)


def test_bench_holds_the_expected_files(bench: Path) -> None:
    suffixes = [p.suffix for p in bench_files(bench)]
    assert suffixes.count(".nin") >= 14 and suffixes.count(".non") >= 39
    assert suffixes.count(".xml") >= 3 and suffixes.count(".g") >= 3


def test_every_bench_puzzle_loads_by_extension_content_and_name(
    bench: Path, tmp_path: Path
) -> None:
    for path in bench_files(bench):
        by_extension = load_all(path)
        by_name = load_all(path, fmt=FORMAT_OF_SUFFIX[path.suffix])
        by_content = parse(path.read_text(encoding="utf-8"), "no-extension")
        unknown = tmp_path / f"{path.stem}.puzzle"
        unknown.write_bytes(path.read_bytes())
        assert by_extension == by_name == by_content == load_all(unknown), path
        assert all(1 <= p.width and 1 <= p.height for p in by_extension)


def test_nonogram_db_files_keep_their_metadata_and_goal(bench: Path) -> None:
    for path in sorted((bench / "nonogram-db").rglob("*.non")):
        (puzzle,) = load_all(path)
        text = path.read_text(encoding="utf-8")
        assert puzzle.title and puzzle.author and puzzle.copyright and puzzle.license, path
        assert puzzle.catalogue and puzzle.catalogue in text, path
        assert puzzle.copyright.startswith("©"), path
        assert puzzle.goal is not None or "goal" not in text, path


def round_trip(puzzle: Puzzle, fmt: str) -> Puzzle:
    (back,) = parse(dump(puzzle, fmt), f"<{fmt}>", fmt)
    return back


def test_every_bench_puzzle_survives_every_writable_format(bench: Path) -> None:
    for path in bench_files(bench):
        for puzzle in load_all(path):
            for fmt in WRITABLE:
                if fmt == "picture" and puzzle.goal is None:
                    continue  # the picture format is the goal itself; without one it refuses
                back = round_trip(puzzle, fmt)
                assert (back.rows, back.columns) == (puzzle.rows, puzzle.columns), (path, fmt)
                if fmt in ("non", "xml"):
                    assert back == puzzle, (path, fmt)
                if fmt == "picture":
                    assert back.goal == puzzle.goal, path


def test_xml_and_g_files_give_the_clues_of_the_same_puzzle_elsewhere(bench: Path) -> None:
    compared = 0
    for path in sorted((bench / "formats").iterdir()):
        match = re.match(r"webpbn-(\d+)-", path.name)
        if path.suffix not in (".xml", ".g") or not match:
            continue
        number = match.group(1)
        partners = [
            bench / "survey" / f"webpbn-{number}.nin",
            bench / "nonogram-db" / "webpbn" / f"{int(number)}.non",
        ]
        (puzzle,) = load_all(path)
        found = [p for p in partners if p.exists()]
        assert found, path
        for partner in found:
            (other,) = load_all(partner)
            assert (puzzle.rows, puzzle.columns) == (other.rows, other.columns), (path, partner)
            compared += 1
    assert compared >= 8
