"""The "Learn" collection's Aquarium lessons: each rule technique shown on one row or column.

An example is a one-row (or one-column) puzzle: its tanks as letters, its count, and the line
before. The line after is never written down here but computed by the hint ladder, taking only
steps of the technique and the easier ones until none is left
(``tests/unit/aquarium/test_hints.py`` checks every lesson against a brute-force oracle).
A contradiction needs two dimensions, so it has no one-line lesson (as for nonograms).
"""

from __future__ import annotations

import functools

from nonotui.model.vocab import Lesson

EXAMPLES: tuple[tuple[str, str, int | None, str, str, str], ...] = (
    ("Gravity", "column", None, "AAAAA", "??~??",
     "Water in a tank stands at one level: water in the middle of this one-column tank means "
     "everything below it is water."),
    ("Full or empty line", "row", 2, "AABCC", "~~???",
     "The row has its 2 water cells already, so every other cell in it is air."),
    ("Row rule", "row", 4, "AABCCC", "??????",
     "A tank's cells in a row hold water together or not at all. Without the three-cell tank "
     "only 3 cells would be left for 4 water cells, so it is water; then the two-cell tank "
     "would overflow the 1 still needed, so it is air."),
    ("Column rule", "column", 2, "AAAB", "????",
     "Water fills a tank from the bottom. The lower tank has one cell, so the upper one holds "
     "at least 1 of the 2 water cells (its lowest cell) and at most 2 (its top cell is air)."),
)
"""``(technique, row or column, count, tanks, line before, the sentence shown)``, easiest
first; a column is written top to bottom."""

LEGEND = "~ water, . air, ? not decided yet; a column is read top to bottom"

PRACTICE: dict[str, tuple[str, str]] = {
    "Gravity": (
        "Full or empty line",
        "it only carries water down and air up from cells another rule decided, and some "
        "other rule must decide the first"),
}
"""The techniques that can be no puzzle's hardest step: ``technique -> (the lesson whose puzzle
shows it on the way, why)`` (``tests/unit/aquarium/test_learn_aquarium.py`` walks it)."""


def example_puzzle(axis: str, count: int | None, tanks: str) -> object:
    """The one-line puzzle of an example: a row (or column) with ``count``, the other
    direction's counts left out."""
    from nonotui.kinds.aquarium.puzzle import make_puzzle

    n = len(tanks)
    if axis == "row":
        return make_puzzle([count], [None] * n, [list(tanks)])
    return make_puzzle([None] * n, [count], [[ch] for ch in tanks])


def after(technique: str, axis: str, count: int | None, tanks: str, before: str) -> str:
    """The line after taking every step of ``technique`` and the easier techniques."""
    from nonotui.kinds.aquarium.hints import TECHNIQUES, gravity_hint, rule_hint
    from nonotui.kinds.aquarium.puzzle import AIR, UNKNOWN, WATER, AquariumPuzzle
    from nonotui.kinds.aquarium.rules import layout_of, levels_from_board
    from nonotui.model.board import Board

    puzzle = example_puzzle(axis, count, tanks)
    assert isinstance(puzzle, AquariumPuzzle)
    code = {"~": WATER, ".": AIR, "?": UNKNOWN}
    values = [code[ch] for ch in before]
    board = Board.full(puzzle.height, puzzle.width, UNKNOWN)
    for i, v in enumerate(values):
        board.cells[(0, i) if axis == "row" else (i, 0)] = v
    allowed = TECHNIQUES[:TECHNIQUES.index(technique) + 1]
    lay = layout_of(puzzle)
    while True:
        lv = levels_from_board(lay, board.cells)
        hint = gravity_hint(lay, board, lv, (0, 0)) or rule_hint(lay, lv, (0, 0))
        if hint is None or hint.technique not in allowed:
            break
        for r, c, v in hint.cells:
            board.cells[r, c] = v
    flat = board.cells.reshape(-1)
    return "".join("~" if v == WATER else "." if v == AIR else "?" for v in flat)


@functools.cache
def lessons() -> tuple[Lesson, ...]:
    """Every lesson, easiest technique first, its line after computed by the ladder."""
    from nonotui.kinds.aquarium.rating import GRADES

    out = []
    for name, axis, count, tanks, before, sentence in EXAMPLES:
        clue = f"{'none' if count is None else count} ({axis}), tanks {tanks}"
        practice, why = PRACTICE.get(name, ("", ""))
        out.append(Lesson(name, sentence, clue, before,
                          after(name, axis, count, tanks, before), GRADES[name], LEGEND,
                          practice, why))
    return tuple(out)


__all__ = ["EXAMPLES", "LEGEND", "PRACTICE", "after", "example_puzzle", "lessons"]
