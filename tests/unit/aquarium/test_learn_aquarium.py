"""The Learn collection's Aquarium puzzles (``puzzles/learn-aquarium-N.aq``, written by
tools/make_learn.py): one per rule technique in ladder order, each unique by the brute-force
oracle and rated with exactly its technique as the hardest; the id in each file gives the same
puzzle again; a player who only presses the hint key meets the technique, and gravity (no
puzzle's hardest) is met in the puzzle its lesson plays."""

from __future__ import annotations

import re

import pytest

from nonotui.kinds.aquarium.generate import generate, parse_id
from nonotui.kinds.aquarium.hints import COLUMN, FULL, GRAVITY, ROW, TECHNIQUES, next_hint
from nonotui.kinds.aquarium.lessons import PRACTICE, lessons
from nonotui.kinds.aquarium.puzzle import UNKNOWN, WATER, AquariumPuzzle
from nonotui.kinds.aquarium.rating import rate
from nonotui.model.board import Board
from nonotui.store.catalog import bundled_entries, is_learn_file, learn_entries
from tests.unit.aquarium import oracle

ENTRIES = [e for e in learn_entries() if isinstance(e.puzzle, AquariumPuzzle)]
PUZZLES = [e.puzzle for e in ENTRIES if isinstance(e.puzzle, AquariumPuzzle)]


def _technique(puzzle: AquariumPuzzle) -> str:
    assert puzzle.title is not None
    return puzzle.title.split(": ", 1)[1]


def _walk(puzzle: AquariumPuzzle) -> set[str]:
    """The techniques of the hints a player who only presses the hint key is given, checked to
    end on the oracle's one solution."""
    board = Board.full(puzzle.height, puzzle.width, UNKNOWN)
    seen: set[str] = set()
    for _ in range(puzzle.width * puzzle.height + 1):
        hint = next_hint(puzzle, board)
        if hint.kind == "solved":
            break
        assert hint.kind == "line", hint.explanation
        seen.add(str(hint.technique))
        for r, c, v in hint.cells:
            board.cells[r, c] = v
    assert hint.kind == "solved"
    water = tuple(tuple(bool(v == WATER) for v in row) for row in board.cells)
    assert oracle.solutions(puzzle, limit=2) == [water]
    return seen


def test_one_puzzle_per_rule_technique_in_ladder_order_kept_out_of_the_bundled_list() -> None:
    assert [_technique(p) for p in PUZZLES] == [FULL, ROW, COLUMN]
    assert [p.title for p in PUZZLES] == [
        f"Learn Aquarium {n}: {t}" for n, t in enumerate([FULL, ROW, COLUMN], 1)]
    assert [e.name for e in ENTRIES] == [f"learn-aquarium-{n}.aq" for n in (1, 2, 3)]
    assert all(is_learn_file(e.name) for e in ENTRIES)
    # listed in Learn only: the library's bundled list leaves them out
    bundled = [e.name for e in bundled_entries() if not is_learn_file(e.name)]
    assert not any(name.startswith("learn") for name in bundled)
    # gravity only carries on what another rule found: its lesson plays the full line puzzle
    assert set(PRACTICE) == {GRAVITY}
    assert [lesson.practice for lesson in lessons()] == [FULL, "", "", ""]


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda p: p.title)
def test_each_lesson_is_unique_and_needs_its_technique(puzzle: AquariumPuzzle) -> None:
    assert 6 <= min(puzzle.width, puzzle.height) and max(puzzle.width, puzzle.height) <= 10
    assert puzzle.license == "CC0-1.0"
    assert puzzle.goal is not None
    assert oracle.solutions(puzzle, limit=2) == [puzzle.goal]
    rating = rate(puzzle)
    assert rating.unique is True and rating.hardest == _technique(puzzle)


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.name)
def test_each_lessons_id_gives_it_again(entry: object) -> None:
    from importlib import resources

    name = getattr(entry, "name")
    text = resources.files("nonotui.puzzles").joinpath(name).read_text(encoding="utf-8")
    found = re.search(r"aq1:\d+x\d+:g\d:\d+", text)
    assert found is not None
    made = generate(parse_id(found.group())).puzzle
    puzzle = getattr(entry, "puzzle")
    assert (made.rows, made.columns, made.tanks) == (puzzle.rows, puzzle.columns, puzzle.tanks)


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda p: p.title)
def test_each_lessons_hint_walk_shows_its_technique_and_none_harder(
    puzzle: AquariumPuzzle,
) -> None:
    technique = _technique(puzzle)
    seen = _walk(puzzle)
    assert technique in seen
    assert max(TECHNIQUES.index(t) for t in seen) == TECHNIQUES.index(technique)


def test_gravity_is_met_in_the_puzzle_its_lesson_plays() -> None:
    [puzzle] = [p for p in PUZZLES if _technique(p) == PRACTICE[GRAVITY][0]]
    assert GRAVITY in _walk(puzzle)
