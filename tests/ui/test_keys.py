"""Every key of the play screen, driven through Pilot on the production app."""

from __future__ import annotations

import pytest

from tests.ui.conftest import app_for, board_text, play_screen, until


async def test_arrows_and_hjkl_move_with_a_count_prefix() -> None:
    async with app_for().run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        await pilot.press("right", "down", "l", "j")
        assert screen.session.cursor == (2, 2)
        await pilot.press("left", "up", "h", "k")
        assert screen.session.cursor == (0, 0)
        await pilot.press("3", "l", "2", "j")
        assert screen.session.cursor == (2, 3)
        await pilot.press("9", "l")  # clamped at the edge
        assert screen.session.cursor == (2, 4)
        await pilot.press("end", "home")
        assert screen.session.cursor == (2, 0)
        await pilot.press("pagedown")
        assert screen.session.cursor == (4, 0)
        await pilot.press("pageup", "end")
        assert screen.session.cursor == (0, 4)
        await pilot.press("0")  # a leading 0 goes to the row's start, as in vi
        assert screen.session.cursor == (0, 0)


async def test_fill_cross_and_clear_keys() -> None:
    async with app_for().run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        await pilot.press("space", "l", "f", "l", "x", "l", "f", "backspace", "l", "x", "delete")
        assert board_text(screen).splitlines()[0] == "##-??"
        await pilot.press("home", "f")  # fill on a filled cell clears it
        await pilot.press("l", "l", "x")  # cross on a crossed cell clears it
        assert board_text(screen).splitlines()[0] == "?#???"


async def test_shift_arrows_move_and_fill() -> None:
    async with app_for().run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        await pilot.press("shift+right", "shift+right", "shift+down")
        assert board_text(screen).splitlines()[:2] == ["###??", "??#??"]
        await pilot.press("2", "shift+down")
        assert board_text(screen).splitlines()[3] == "??#??"
        assert screen.session.cursor == (3, 2)
        # the counted shift move is one undoable step
        await pilot.press("u")
        assert board_text(screen).splitlines()[2:4] == ["?????", "?????"]


@pytest.mark.parametrize("presses, expected", [(1, "###??"), (2, "---??"), (3, "?????")])
async def test_paint_mode_paints_every_cell_entered(presses: int, expected: str) -> None:
    async with app_for().run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        if presses == 3:
            await pilot.press("f", "l", "f", "l", "f", "home")
        await pilot.press("f", *["m"] * presses)
        await pilot.press("right", "right")
        row = board_text(screen).splitlines()[0]
        assert row[1:3] == expected[1:3]
        await pilot.press("escape")
        assert screen.session.paint is None
        await pilot.press("right")
        assert board_text(screen).splitlines()[0][3] == "?"


async def test_undo_and_redo_keys() -> None:
    async with app_for().run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        await pilot.press("f", "l", "x", "l", "f")
        assert board_text(screen).splitlines()[0] == "#-#??"
        await pilot.press("u", "ctrl+z")
        assert board_text(screen).splitlines()[0] == "#????"
        await pilot.press("ctrl+r")
        assert board_text(screen).splitlines()[0] == "#-???"
        await pilot.press("ctrl+y")
        assert board_text(screen).splitlines()[0] == "#-#??"
        assert screen.session.progress.moves == 3


async def test_escape_drops_count_then_paint_then_leaves_to_the_library() -> None:
    from nonotui.ui.screens.library import LibraryScreen

    async with app_for().run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        await pilot.press("m", "4", "escape")
        assert screen.session.paint is not None
        await pilot.press("escape")
        assert screen.session.paint is None
        await pilot.press("l")
        assert screen.session.cursor == (0, 1), "the dropped count must not apply"
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(pilot.app.screen, LibraryScreen))


async def test_help_lists_every_bound_key() -> None:
    from textual.widgets import Static

    from nonotui.ui.screens.dialogs import HelpScreen
    from nonotui.ui.screens.play import PlayScreen

    async with app_for().run_test(size=(100, 60)) as pilot:
        await play_screen(pilot)
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(pilot.app.screen, HelpScreen))
        text = str(pilot.app.screen.query_one("#help-text", Static).render())
        names = {"question_mark": "?", "backspace": "backspace", "pageup": "page up",
                 "pagedown": "page down"}
        for binding in PlayScreen.BINDINGS:
            for key in binding.key.split(","):
                if key.isdigit():
                    continue  # digits are described as "digits"
                shown = names.get(key, key.replace("shift+up", "shift+arrows"))
                if key.startswith("shift+"):
                    shown = "shift+arrows"
                if key in ("up", "down", "left", "right"):
                    shown = "arrows"
                assert shown in text, f"{key} is bound but not in the help"
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(pilot.app.screen, PlayScreen))


def test_docs_list_every_key_of_the_help() -> None:
    from pathlib import Path

    from nonotui.ui.keys import HELP

    doc = (Path(__file__).resolve().parents[2] / "docs" / "playing.md").read_text()
    for _, rows in HELP:
        for keys, what in rows:
            assert keys in doc and what in doc, keys


async def test_the_key_that_ends_the_pause_does_nothing_else() -> None:
    # Regression: the key pressed to end the pause also reached the board (f filled a cell).
    from nonotui.ui.screens.dialogs import PauseScreen

    async with app_for().run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        for key in ("f", "space", "x", "l"):
            await pilot.press("p")
            await until(pilot, lambda: isinstance(pilot.app.screen, PauseScreen))
            assert not screen.stopwatch.running
            await pilot.press(key)
            await until(pilot, lambda: pilot.app.screen is screen)
            assert board_text(screen) == "?????\n" * 5, key
            assert screen.session.cursor == (0, 0) and screen.session.progress.moves == 0
            assert screen.stopwatch.running


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_help_text_is_shown_and_fits_the_terminal(size: tuple[int, int]) -> None:
    # Regression: the help screen showed its title only; the text had no size at all.
    from textual.containers import VerticalScroll
    from textual.widgets import Static

    from nonotui.ui.screens.dialogs import HelpScreen

    async with app_for().run_test(size=size) as pilot:
        await play_screen(pilot)
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(pilot.app.screen, HelpScreen))
        await pilot.pause()
        help_screen = pilot.app.screen
        text = help_screen.query_one("#help-text", Static)
        scroll = help_screen.query_one(VerticalScroll)
        lines = str(text.render()).splitlines()
        assert text.region.width > 0 and text.region.height == len(lines)
        assert max(len(line) for line in lines) <= text.region.width
        assert scroll.region.right <= size[0] and scroll.region.bottom <= size[1]
        # what does not fit scrolls, down to the last line
        scroll.scroll_end(animate=False, immediate=True)
        await pilot.pause()
        last = text.region.y + len(lines) - 1  # the text's region moves as it scrolls
        assert scroll.region.y <= last < scroll.region.bottom
        assert "Library" in str(text.render()) and "search titles and authors" in lines[-1]
