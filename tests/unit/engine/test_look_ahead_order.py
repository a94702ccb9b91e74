"""The hint's look-ahead search starts after a hint on an empty board and before one on a board
with marks (issue 15 part 4: on the first start after installing, a search started first had
numba compile its kernels ahead of the hint's own, though an empty board's hint needs none)."""

from __future__ import annotations

from typing import Any

import pytest

from nonotui.kinds.nonogram.engine import hints
from nonotui.kinds.nonogram.engine.hints import HintContext, next_hint
from nonotui.kinds.nonogram.puzzle import Puzzle, unknown_board
from nonotui.model import FILLED

PUZZLE = Puzzle.from_picture([[1, 1, 0], [0, 1, 0], [0, 1, 1]], title="tiny")


def order(monkeypatch: pytest.MonkeyPatch, marked: bool) -> list[str]:
    seen: list[str] = []
    ladder = hints._ladder

    def recorded_ladder(*args: Any) -> Any:
        seen.append("hint")
        return ladder(*args)

    monkeypatch.setattr(hints, "_ladder", recorded_ladder)
    context = HintContext(PUZZLE)
    monkeypatch.setattr(context, "look_ahead", lambda: seen.append("look-ahead"))
    board = unknown_board(PUZZLE)
    if marked:
        board.cells[1, 1] = FILLED
    hint = next_hint(PUZZLE, board, context=context)
    assert hint.cells  # a real hint came back either way
    return seen


def test_on_an_empty_board_the_look_ahead_starts_after_the_hint(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert order(monkeypatch, marked=False) == ["hint", "look-ahead"]


def test_with_marks_the_look_ahead_starts_first(monkeypatch: pytest.MonkeyPatch) -> None:
    assert order(monkeypatch, marked=True) == ["look-ahead", "hint"]
