"""An engine answer computed for an older board is dropped when it arrives.

Hints and checks run in thread workers on a copy of the board; the player may change the board
before the answer comes back. Each test holds the worker at a :class:`~tests.ui.conftest.Gate`,
changes the board, lets the stale answer arrive, waits until the screen's handler has run, and
checks that nothing of the answer reached the screen. A fresh request afterwards still works, so
the gate itself is not what kept the answer out.
"""

from __future__ import annotations

import pytest

from nonotui.model import FILLED
from nonotui.ui import assist
from nonotui.ui.assistant import Assistant
from nonotui.ui.status import HintPanel
from tests.ui.conftest import Gate, app_for, board_text, handled, play_screen, until

ENGINE = 90.0
"""Seconds to allow an engine answer: the first one in a process may compile kernels."""


async def test_a_hint_for_an_older_board_version_is_ignored(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    gate = Gate()
    monkeypatch.setattr(assist, "hint", gate.hold(assist.hint))
    answers = handled(monkeypatch, Assistant, "on_hint_found")
    async with app_for().run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        try:
            await pilot.press("i")  # asked on the empty board
            await until(pilot, gate.entered.is_set)
            asked_at = screen.assistant.version
            await pilot.press("f")  # the board changes while the worker thinks
            assert screen.assistant.version != asked_at
        finally:
            gate.open()
        await until(pilot, lambda: len(answers) == 1, ENGINE)
        stale = answers[0]
        assert stale.version == asked_at and stale.hint.kind == "line"  # a real hint, too late
        assert screen.assistant.hint is None
        assert screen.grid.highlight == frozenset() and screen.grid.hint_line == frozenset()
        assert not screen.query_one(HintPanel).display
        assert "i applies it" not in screen.status.message
        assert board_text(screen) == "#????\n" + "?????\n" * 4
        # the same key on the current board is answered (the gate stays open)
        await pilot.press("i")
        await until(pilot, lambda: screen.assistant.hint is not None, ENGINE)
        assert answers[-1].version == screen.assistant.version


async def test_a_check_for_an_older_board_version_is_ignored(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    gate = Gate()
    monkeypatch.setattr(assist, "check", gate.hold(assist.check))
    answers = handled(monkeypatch, Assistant, "on_check_done")
    async with app_for().run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        pilot.app.settings.check = "request"
        try:
            await pilot.press("l", "f")  # row 1, column 2 is empty in the only solution
            await pilot.press("c")
            await until(pilot, gate.entered.is_set)
            asked_at = screen.assistant.version
            await pilot.press("f")  # the wrong mark is cleared before the answer comes
            assert screen.assistant.version != asked_at
        finally:
            gate.open()
        await until(pilot, lambda: len(answers) == 1, ENGINE)
        stale = answers[0]
        assert stale.version == asked_at and stale.wrong == {(0, 1)}  # right then, stale now
        assert screen.grid.wrong == frozenset()
        assert "fit no solution" not in screen.status.message
        # a check of the current board is answered (the gate stays open)
        await pilot.press("f", "c")
        await until(pilot, lambda: len(answers) == 2, ENGINE)
        assert screen.session.board.cells[0, 1] == FILLED
        assert screen.grid.wrong == {(0, 1)}
