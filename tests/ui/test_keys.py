"""Every key of the play screen, driven through Pilot on the production app."""

from __future__ import annotations

import re

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


HELP_NAMES = {"question_mark": "?", "slash": "/", "pageup": "page up", "pagedown": "page down",
              "up": "arrows", "down": "arrows", "left": "arrows", "right": "arrows",
              "shift+up": "shift+arrows", "shift+down": "shift+arrows",
              "shift+left": "shift+arrows", "shift+right": "shift+arrows",
              "right_square_bracket": "]", "left_square_bracket": "["}
"""How the help writes a Textual key name, where it writes it differently."""


def help_name(key: str) -> str:
    return "digits" if key.isdigit() else HELP_NAMES.get(key, key)


def help_rows(text: str) -> dict[str, list[tuple[list[str], str]]]:
    """The help text as sections of rows ``(the keys the row names, what they do)``.

    A row is ``"  KEYS  what they do"``; the keys are split at ``, `` and `` / ``, a group of
    single letters (``h j k l``) into its letters, and a note in brackets (``S (shift+s)``) is
    dropped. Wrapped continuation lines are joined to their row."""
    sections: dict[str, list[tuple[list[str], str]]] = {}
    rows: list[tuple[list[str], str]] = []
    for line in text.splitlines():
        if line and not line.startswith(" "):
            rows = sections.setdefault(line.strip(), [])
            continue
        found = re.match(r"^  (\S.*?)  +(\S.*)$", line)
        if found is None:
            if line.strip() and rows:  # a wrapped description
                keys, what = rows[-1]
                rows[-1] = (keys, f"{what} {line.strip()}")
            continue
        keys = []
        for part in re.split(r", | / ", re.sub(r" \(.*?\)", "", found[1])):
            words = part.split()
            keys += words if all(len(w) == 1 for w in words) else [part]
        rows.append((keys, found[2]))
    return sections


def _action(binding) -> str:  # type: ignore[no-untyped-def]
    """The action's name without its namespace and arguments: move(0,1) and move(1,0) are one
    action in the help (``arrows``)."""
    return binding.action.split("(")[0].removeprefix("app.").removeprefix("screen.")


async def test_help_lists_every_bound_key() -> None:
    """Every key bound on the play screen (its own, the app's and Textual's that nonotui keeps)
    has exactly one row of the help, keys of one row do one thing, and every row of the
    keyboard sections names a bound key."""
    from textual.app import App
    from textual.screen import Screen
    from textual.widgets import Static

    from nonotui.ui.screens.dialogs import HelpScreen
    from nonotui.ui.screens.library import LibraryScreen
    from nonotui.ui.screens.play import PlayScreen

    # Textual's own screen keys (focus next and previous, copy) are not nonotui's to explain
    textual_actions = {_action(b) for b in Screen.BINDINGS}
    async with app_for().run_test(size=(100, 60)) as pilot:
        await play_screen(pilot)
        bound = {key: active.binding for key, active in pilot.app.active_bindings.items()
                 if _action(active.binding) not in textual_actions}
        assert {"i", "c", "S", "f", "u"} <= set(bound), "the play screen's bindings were not read"
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(pilot.app.screen, HelpScreen))
        sections = help_rows(str(pilot.app.screen.query_one("#help-text", Static).render()))
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(pilot.app.screen, PlayScreen))
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(pilot.app.screen, LibraryScreen))
        # the screen's and the app's keys, and enter from the table (its arrows move as in
        # any table and are not listed)
        library = {key for key, active in pilot.app.active_bindings.items()
                   if _action(active.binding) not in textual_actions
                   and (isinstance(active.node, (App, Screen)) or key == "enter")}

    playing = [row for name, rows in sections.items() if name not in ("Mouse", "Library")
               for row in rows]
    assert len(playing) >= 15, f"the help was not read: {sections}"
    for key, binding in bound.items():
        rows = [what for keys, what in playing if help_name(key) in keys]
        assert len(rows) == 1, f"{key} ({binding.action}) is in {len(rows)} rows of the help"
    names = {help_name(k) for k in bound}
    for keys, what in playing:
        unbound = set(keys) - names - {"then a move"}  # "digits, then a move"
        assert not unbound, f"the help row {keys} names keys that are not bound: {unbound}"
        actions = {_action(bound[k]) for k in bound if help_name(k) in keys}
        assert actions, f"the help row {keys} names no bound key"
        assert len(actions) == 1, f"the help row {keys} ({what}) mixes actions {actions}"
    # the library's own keys: in its section, or in the general one when shared (q, ?, f1)
    library_rows = sections["Library"]
    for keys, _ in library_rows:
        assert any(help_name(k) in keys for k in library), f"{keys} is not bound in the library"
    everywhere = [row for name, rows in sections.items() if name != "Mouse" for row in rows]
    for key in library - {"escape"}:  # escape leaves the search, as the search box says
        assert any(help_name(key) in keys for keys, _ in everywhere), (
            f"{key} is bound in the library but not in the help")


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
        assert "Library" in str(text.render()) and "statistics per grade" in lines[-1]
