"""The play screen keeps one hint context across hints (the engine's reuse between hints), and
a wrong mark still gets the mistake hint first."""

from __future__ import annotations

from nonotui.ui.screens.play import PlayScreen
from tests.ui.conftest import app_for, play_screen, until

ENGINE = 90.0
"""Seconds to allow an engine answer: the first one in a process may compile kernels."""


async def hinted(pilot, screen: PlayScreen) -> None:
    await pilot.press("i")
    await until(pilot, lambda: screen.assistant.hint is not None, ENGINE)


async def test_hints_share_one_context_that_proves_what_they_apply(data_dir) -> None:
    async with app_for().run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        await hinted(pilot, screen)
        context = screen.assistant.game.hint_context()
        assert context.reference is screen.assistant.game.reference()  # shared with the checks
        first = screen.assistant.hint
        await pilot.press("i")  # applied
        assert all(context.proven[r, c] == v for r, c, v in first.cells)
        await hinted(pilot, screen)
        assert screen.assistant.game.hint_context() is context
        assert context.sound(screen.session.board)
        await pilot.press("i")
        # a wrong mark of the player's own: the board is no longer only the hints' deductions,
        # and the next hint is the mistake
        screen.session.go_to(0, 1)  # row 1, column 2 is empty in the plus
        await pilot.press("f")
        assert not context.sound(screen.session.board)
        await hinted(pilot, screen)
        assert screen.assistant.hint.kind == "mistake" and screen.assistant.hint.cells[0][:2] == (0, 1)
