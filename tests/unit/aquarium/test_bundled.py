"""The bundled Aquarium puzzles: at least 12 from 6x6 to 15x15, with metadata, each with exactly
one solution (its goal), proven by the oracle's search over tank levels
(tests/unit/aquarium/oracle.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nonotui.kinds.aquarium import aq_format
from nonotui.kinds.aquarium.generate import parse_id, read_id
from nonotui.kinds.aquarium.puzzle import counts_problems
from tests.unit.aquarium import oracle

FILES = sorted((Path(__file__).resolve().parents[3] / "puzzles").glob("*.aq"))


def test_there_are_at_least_12_from_6x6_to_15x15() -> None:
    assert len(FILES) >= 12
    sizes = sorted(aq_format.read(f.read_text(encoding="utf-8"), f.name)[0].width for f in FILES)
    assert sizes[0] == 6 and sizes[-1] == 15


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_bundled_aquarium_is_unique_with_its_goal(path: Path) -> None:
    [p] = aq_format.read(path.read_text(encoding="utf-8"), path.name)
    assert p.title and p.author == "nonotui contributors" and p.license == "CC0-1.0"
    assert 6 <= p.width == p.height <= 15
    assert p.goal is not None and counts_problems(p, p.goal) == []
    assert oracle.count(p, limit=2) == 1


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_bundled_aquarium_is_what_its_generator_id_gives(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    match = re.search(r"\((aq\d+:[^)]+)\)", text.split("\n", 1)[0])
    assert match, "the first line names the generator id"
    [p] = aq_format.read(text, path.name)
    [made] = read_id(match.group(1))
    assert (made.tanks, made.rows, made.columns) == (p.tanks, p.rows, p.columns)
    assert f"grade {parse_id(match.group(1)).grade}" in text.split("\n", 1)[0]
