"""What a new player tripped over (issue 18): the footer and status line at 80x24, the words,
the library's half-truths, auto-solve's length and the settings, through Pilot on the
production app. The footer and status tests read the text as Textual renders it."""

from __future__ import annotations

import re

import pytest
from textual.app import App

from nonotui.kinds.nonogram.formats import load
from nonotui.model import EMPTY, FILLED
from nonotui.store import DataDir, Progress, ProgressStore, SettingsStore
from nonotui.store.catalog import Catalog, bundled_entries, is_learn_file
from nonotui.ui.app import make_app
from nonotui.ui.frames import FRAME_BUDGET
from nonotui.ui.screens.finish import FinishScreen
from nonotui.ui.screens.library import LibraryScreen
from nonotui.ui.screens.play import PlayScreen
from nonotui.ui.screens.settings import ChoiceLine, SettingsScreen
from nonotui.ui.status import HintPanel
from tests.ui.conftest import app_for, board_text, play_screen, screen_lines, until
from tests.ui.test_frames import PUZZLES

ENGINE = 90.0
"""Seconds to allow an engine answer: the first one in a process may compile kernels."""

SIZES = [(80, 24), (100, 30)]
BUNDLED = sum(1 for e in bundled_entries() if not is_learn_file(e.name))
"""How many puzzles the library lists as bundled (black and white and colour)."""


def footer_line(app: App) -> str:
    return screen_lines(app)[-1]


def bundled(name: str):  # type: ignore[no-untyped-def]
    return load(PUZZLES / f"{name}.non")


# -- 80x24: the footer and the status line ----------------------------------------------------


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (120, 40)])
async def test_the_play_footer_keeps_help_pause_and_library(size: tuple[int, int]) -> None:
    async with app_for(bundled("house")).run_test(size=size) as pilot:
        screen = await play_screen(pilot)
        await pilot.pause()
        footer = footer_line(pilot.app)
        for word in ("? Help", "p Pause", "esc Library", "space Fill", "^p palette"):
            assert word in footer, (size, footer)
        if size[0] >= 100:  # lesser keys come back as the terminal widens
            assert "i Hint" in footer and "S Auto-solve" in footer, footer
        if size[0] >= 120:
            assert "c Check" in footer and ", Settings" in footer, footer
        assert footer.rstrip().endswith("^p palette")
        assert {"Help", "Pause", "Library"} <= set(screen.query_one("FittingFooter").shown)


async def test_the_footer_follows_the_terminal_as_it_widens_and_narrows() -> None:
    async with app_for(bundled("house")).run_test(size=(80, 24)) as pilot:
        await play_screen(pilot)
        await pilot.pause()
        assert "Check" not in footer_line(pilot.app)
        await pilot.resize_terminal(120, 40)
        await until(pilot, lambda: "c Check" in footer_line(pilot.app))
        await pilot.resize_terminal(80, 24)
        await until(pilot, lambda: "Check" not in footer_line(pilot.app))
        assert "? Help" in footer_line(pilot.app)


@pytest.mark.parametrize("size", SIZES)
async def test_the_status_line_never_loses_its_end(size: tuple[int, int]) -> None:
    async with app_for(bundled("house")).run_test(size=size) as pilot:
        screen = await play_screen(pilot)
        await until(pilot, lambda: pilot.app.engine_ready, ENGINE)
        await pilot.press("i")
        await until(pilot, lambda: screen.assistant.hint is not None, ENGINE)
        await pilot.pause()
        message = screen.status.message
        assert message.endswith("i applies it")
        shown = "\n".join(screen_lines(pilot.app))
        assert message in shown, shown  # whole, on one of the status line's lines
        facts = screen.status.facts
        assert facts in shown
        assert all(len(line) <= size[0] - 2 for line in screen.status.lines)


@pytest.mark.parametrize("size", SIZES)
async def test_the_library_footer_and_heading_at_small_sizes(size: tuple[int, int]) -> None:
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LibraryScreen) and app.screen.shown)
        await pilot.pause()
        footer = footer_line(app)
        for word in ("? Help", "/ Search", "l Learn", "s Sort", "t Stats", "^p palette"):
            assert word in footer, footer
        lines = screen_lines(app)
        heading = lines[0]
        assert f"{BUNDLED} puzzles · 0 solved" in heading and "sort " in heading
        # one line of heading, then the columns a player picks by, all in view (issue 33,
        # item 2): title, size, grade and progress
        columns = lines[1].split()
        assert columns[:4] == ["Title", "Size", "Grade", "Progress"], lines[1]


@pytest.mark.parametrize("size", SIZES)
async def test_the_finish_screen_shows_time_and_buttons_at_small_sizes(
    size: tuple[int, int],
) -> None:
    puzzle = bundled("tortoise")  # 40x40: the picture is taller than 24 lines
    async with app_for(puzzle).run_test(size=size) as pilot:
        screen = await play_screen(pilot)
        # the goal picture marked as one move of the player's (not an auto-solve)
        solution = puzzle.goal
        assert solution is not None
        cells = [(r, c, FILLED if solution[r][c] else EMPTY) for r in range(puzzle.height)
                 for c in range(puzzle.width)]
        screen._changed(screen.session.apply(cells, "mark"))
        await until(pilot, lambda: isinstance(pilot.app.screen, FinishScreen))
        await pilot.pause()
        shown = "\n".join(screen_lines(pilot.app))
        assert "Solved: Tortoise" in shown and "Library (enter)" in shown
        assert "Time 0:0" in shown and "a new best time!" in shown
        await pilot.press("escape")
        await until(pilot, lambda: pilot.app.screen is screen)
        await pilot.pause()
        assert "solved in 0:0" in "\n".join(screen_lines(pilot.app))
        assert "? Help" in footer_line(pilot.app)


# -- words ------------------------------------------------------------------------------------


async def test_one_wrong_mark_fits_two_fit() -> None:
    async with app_for().run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        await pilot.press("l", "f", "c")  # row 1 column 2 is empty in the only solution
        await until(pilot, lambda: bool(screen.grid.wrong), ENGINE)
        assert "check: 1 mark fits no solution" in screen.status.message
        await pilot.press("l", "x", "c")
        await until(pilot, lambda: len(screen.grid.wrong) == 2, ENGINE)
        assert "check: 2 marks fit no solution" in screen.status.message


async def test_a_solved_puzzle_says_solved_in_not_paused() -> None:
    async with app_for().run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        plus = ["#-#--", "--#--", "#####", "--#--", "--#--"]
        for r, row in enumerate(plus):
            for c, ch in enumerate(row):
                if ch == "#":
                    screen.session.go_to(r, c)
                    await pilot.press("f")
        await until(pilot, lambda: isinstance(pilot.app.screen, FinishScreen))
        await pilot.press("escape")
        await until(pilot, lambda: pilot.app.screen is screen)
        assert "solved in 0:0" in screen.status.facts
        assert "paused" not in screen.status.text


async def test_an_auto_solved_puzzle_says_so_in_the_status_line() -> None:
    async with app_for().run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        pilot.app.settings.solve_speed = "instant"
        await pilot.press("S")
        await until(pilot, lambda: screen.session.solved, ENGINE)
        assert "auto-solved after 0:0" in screen.status.facts
        assert "paused" not in screen.status.text


async def test_the_paint_mode_message_goes_when_the_mode_ends() -> None:
    async with app_for().run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        await pilot.press("m", "m")
        assert screen.status.message == "paint mode: cross (escape ends it)"
        await pilot.press("l", "escape")
        assert screen.session.paint is None and screen.status.message == ""
        assert "escape ends it" not in screen.status.text
        await pilot.press("m", "m", "m", "m")  # cycling round to off ends it too
        assert screen.session.paint is None and "escape ends it" not in screen.status.text
        assert isinstance(pilot.app.screen, PlayScreen)


# -- the library ------------------------------------------------------------------------------


async def test_an_auto_solved_puzzle_is_not_counted_as_solved(data_dir: DataDir) -> None:
    store = ProgressStore(data_dir.progress)
    catalog = Catalog(data_dir)
    for name, best in (("heart", 46.0), ("arrow", None)):
        puzzle = catalog.resolve_noted(name)[0]
        progress = Progress.new(puzzle)
        progress.solved, progress.best_time, progress.moves = True, best, 1
        store.save(progress)
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LibraryScreen) and app.screen.shown)
        library = app.screen
        texts = {r.entry.title: r.progress_text() for r in library.rows}
        assert texts["Heart"] == "solved 0:46" and texts["Arrow"] == "auto-solved"
        heading = screen_lines(app)[0]
        assert f"{BUNDLED} puzzles · 1 solved, 1 auto-solved" in heading
        await pilot.press("a", "a", "a")  # showing: solved
        assert app.settings.filter == "solved"
        assert [r.entry.title for r in library.shown] == ["Heart"]


async def test_the_heading_stays_one_line_at_80_columns_with_an_auto_solve(
    data_dir: DataDir,
) -> None:
    """An auto-solved puzzle lengthens the heading's count ("0 solved, 1 auto-solved"): at 80
    columns it wrapped onto a second line (found in the second play-through)."""
    progress = Progress.new(Catalog(data_dir).resolve_noted("arrow")[0])
    progress.solved, progress.moves = True, 1
    ProgressStore(data_dir.progress).save(progress)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LibraryScreen) and app.screen.shown)
        await pilot.pause()
        lines = screen_lines(app)
        assert f"{BUNDLED} puzzles · 0 solved" in lines[0] and "grade " in lines[0], lines[0]
        assert lines[1].split()[:4] == ["Title", "Size", "Grade", "Progress"], lines[:2]


async def test_auto_solving_in_the_player_shows_as_auto_solved_in_the_library() -> None:
    async with app_for().run_test(size=(120, 40)) as pilot:
        screen = await play_screen(pilot)
        pilot.app.settings.solve_speed = "instant"
        await pilot.press("S")
        await until(pilot, lambda: screen.session.solved, ENGINE)
        await pilot.press("escape")
        library = pilot.app.screen
        await until(pilot, lambda: isinstance(library, LibraryScreen) and bool(library.rows))
        assert "Plus" not in [r.entry.title for r in library.rows]  # not in the catalogue
        summary = library.store.summary(screen.puzzle)
        assert summary.state == "auto-solved" and summary.best_time is None


async def test_the_search_filter_shows_in_the_heading_and_escape_clears_it() -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LibraryScreen) and app.screen.shown)
        library = app.screen
        await pilot.press("slash", *"hou")
        assert [r.entry.title for r in library.shown] == ["House", "Lighthouse"]
        assert f"2 of {BUNDLED} puzzles, filter: hou" in screen_lines(app)[0]
        await pilot.press("enter")  # plays the first match at once; the filter stays
        assert (await play_screen(pilot)).puzzle.title == "House"
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is library)
        await pilot.pause()
        # back in the library, the filter is still on, and the heading says so
        assert len(library.shown) == 2
        assert f"2 of {BUNDLED} puzzles, filter: hou" in screen_lines(app)[0]
        assert "hou" in "\n".join(screen_lines(app))  # the search field is in view
        await pilot.press("escape")
        await pilot.pause()
        assert len(library.shown) == BUNDLED
        heading = screen_lines(app)[0]
        assert f"nonotui · {BUNDLED} puzzles ·" in heading and "filter" not in heading


# -- auto-solve -------------------------------------------------------------------------------


async def test_auto_solve_of_a_big_puzzle_groups_its_steps_and_enter_finishes_it() -> None:
    async with app_for(bundled("tortoise")).run_test(size=(120, 50)) as pilot:
        screen = await play_screen(pilot)
        assert pilot.app.settings.solve_speed == "normal"  # the default
        await pilot.press("S")
        await until(pilot, lambda: screen.assistant.solving is not None, ENGINE)
        solving = screen.assistant.solving
        assert len(solving.frames) == FRAME_BUDGET < len(solving.plan.steps)
        panel = screen.query_one(HintPanel)
        # the plan's own length, whatever the solver's propagation order makes it (204 today)
        steps = len(solving.plan.steps)
        assert re.match(rf"Auto-solve steps \d+-\d+ of {steps}: \d+ lines \(", panel.text)
        assert "enter finishes it" in screen.status.message
        await pilot.press("enter")
        assert screen.assistant.solving is None and screen.session.solved
        assert [m.kind for m in screen.session.history.done] == ["solve"]
        await pilot.press("u")
        assert board_text(screen) == ("?" * 40 + "\n") * 40


async def test_a_click_finishes_an_auto_solve_and_escape_still_stops_one() -> None:
    async with app_for(bundled("tortoise")).run_test(size=(120, 50)) as pilot:
        screen = await play_screen(pilot)
        pilot.app.settings.solve_speed = "slow"
        await pilot.press("S")
        await until(pilot, lambda: screen.assistant.solving is not None, ENGINE)
        await pilot.press("escape")  # stops where it is: one move, not solved
        assert screen.assistant.solving is None and not screen.session.solved
        assert [m.kind for m in screen.session.history.done] == ["solve"]
        assert isinstance(pilot.app.screen, PlayScreen)
        await pilot.press("S")
        await until(pilot, lambda: screen.assistant.solving is not None, ENGINE)
        cursor = screen.session.cursor
        await pilot.click("#grid", offset=(30, 20))  # on a cell: it finishes, marks nothing
        assert screen.assistant.solving is None and screen.session.solved
        assert [m.kind for m in screen.session.history.done] == ["solve", "solve"]
        assert screen.session.cursor == cursor
        await pilot.press("u", "u", "S")
        await until(pilot, lambda: screen.assistant.solving is not None, ENGINE)
        await pilot.click("#status")  # anywhere on the screen
        assert screen.assistant.solving is None and screen.session.solved


# -- settings ---------------------------------------------------------------------------------


async def test_the_settings_screen_lists_every_setting_and_changes_it() -> None:
    from dataclasses import fields

    from nonotui.store.settings import Settings

    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await play_screen(pilot)
        await pilot.press("comma")
        await until(pilot, lambda: isinstance(app.screen, SettingsScreen))
        await pilot.pause()
        lines = {line.info.name: line for line in app.screen.query(ChoiceLine)}
        assert set(lines) == {f.name for f in fields(Settings)}  # every setting is there
        shown = "\n".join(screen_lines(app))
        for name in ("Auto-solve speed", "Check mode", "Glyphs", "Library sort",
                     "Library shows", "Theme"):
            assert name in shown, name
        assert "[normal]" in shown and " slow " in shown and "[request]" in shown
        assert ">Auto-solve speed" in shown and ">Check mode" not in shown  # the focused one
        assert app.screen.query_one("#settings-about").region.bottom <= 24
        await pilot.press("right")  # auto-solve speed: normal -> slow
        assert app.settings.solve_speed == "slow"
        await pilot.press("down", "left")  # check mode: request -> off
        assert app.settings.check == "off"
        await pilot.pause()
        assert ">Check mode" in "\n".join(screen_lines(app))
        await pilot.press("down", "right")  # glyphs: auto -> unicode... -> ascii below
        await pilot.press("right")
        assert app.settings.glyphs == "ascii" and screen.grid.glyphs.name == "ascii"
        saved = SettingsStore(app.data_dir).load()[0]
        assert (saved.solve_speed, saved.check, saved.glyphs) == ("slow", "off", "ascii")
        theme = lines["theme"]
        theme.focus()
        await pilot.pause()
        spot = next(s for s in theme._spots if s[3] == "nord")
        await pilot.click(theme, offset=(spot[1] + 2 + 1, spot[0]))  # + its padding
        assert app.theme == "nord" and app.settings.theme == "nord"
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen)


async def test_the_palette_offers_each_choice_directly() -> None:
    app = app_for()
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        commands = {c.title: c for c in app.get_system_commands(screen)}
        for title in ("Auto-solve speed: instant", "Auto-solve speed: fast",
                      "Auto-solve speed: normal", "Auto-solve speed: slow",
                      "Check mode: off", "Check mode: request", "Check mode: immediate",
                      "Glyphs: auto", "Glyphs: unicode", "Glyphs: ascii",
                      "Library sort: name", "Library shows: solved", "Settings"):
            assert title in commands, title
        assert app.settings.solve_speed == "normal"
        commands["Auto-solve speed: fast"].callback()  # straight there, not one step on
        assert app.settings.solve_speed == "fast"
        commands["Auto-solve speed: fast"].callback()
        assert app.settings.solve_speed == "fast"
        commands["Check mode: off"].callback()
        assert app.settings.check == "off" and "check mode: off" in screen.status.message
        commands["Settings"].callback()
        await until(pilot, lambda: isinstance(app.screen, SettingsScreen))


async def test_typing_fast_after_the_search_key_loses_no_letter() -> None:
    # Found in tmux: "/hou" typed in one go (or pasted) reached the table before the "/"
    # action showed the search field, and "hou" was lost.
    from textual import events
    from textual.widgets import Input

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LibraryScreen) and app.screen.shown)
        library = app.screen
        for key, character in (("slash", "/"), ("h", "h"), ("o", "o"), ("u", "u")):
            app.post_message(events.Key(key, character))  # as the terminal driver does
        search = library.query_one("#search", Input)
        await until(pilot, lambda: search.value == "hou")
        await pilot.press("s")  # the search keeps what was typed (no select-all on focus)
        assert search.value == "hous" and app.focused is search
        assert [r.entry.title for r in library.shown] == ["House", "Lighthouse"]
        assert not any(type(s).__name__ == "OpenFileScreen" for s in app.screen_stack)
        await pilot.press("down", "s")  # down into the table, with the search kept: s sorts
        assert search.value == "hous" and app.settings.sort == "state"
        await pilot.press("slash", "e")  # / goes back into the search, at its end
        assert search.value == "house" and app.focused is search


async def test_letters_typed_while_the_search_key_is_handled_keep_their_order() -> None:
    # Found by the browser tests: "/staircase" arrived as "staircaes". The letters sent before
    # the "/" had focused the search field went to the table and bubbled up to the library,
    # which inserted them; a later letter went straight to the field and could land first.
    # Here the letters follow "/" with 0 to 5 turns of the event loop between them, the
    # timings at which one of them used to overtake another.
    import asyncio

    from textual import events
    from textual.widgets import Input

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LibraryScreen) and app.screen.shown)
        library = app.screen
        search = library.query_one("#search", Input)
        for turns in range(6):
            app.post_message(events.Key("slash", "/"))
            for letter in "toadstool":
                for _ in range(turns):
                    await asyncio.sleep(0)
                app.post_message(events.Key(letter, letter))
            await until(pilot, lambda: len(search.value) == len("toadstool"))
            assert search.value == "toadstool", f"{turns} turns between the letters"
            await until(pilot, lambda: [r.entry.title for r in library.shown] == ["Toadstool"])
            await pilot.press("slash")  # "/" typed in the field is part of the search
            assert search.value == "toadstool/" and app.focused is search
            await pilot.press("escape")  # leaves and clears the search
            assert search.value == "" and app.focused is library.table


async def test_a_best_time_is_never_had_for_free() -> None:
    """Issue 33, item 8: auto-solve, undo it, re-enter the answer by hand: solved with help,
    no best time; the undo leaves the cursor where it was. A restart is a new attempt: then a
    solve by hand records its time."""
    from nonotui.model import FILLED as F

    async with app_for().run_test(size=(120, 40)) as pilot:
        screen = await play_screen(pilot)
        session, progress = screen.session, screen.session.progress
        pilot.app.settings.solve_speed = "instant"
        session.go_to(2, 3)
        await pilot.press("S")
        await until(pilot, lambda: session.solved, ENGINE)
        answer = session.board.cells.copy()
        assert progress.assisted_solves == 1 and progress.best_time is None
        await pilot.press("u")
        assert session.cursor == (2, 3), "undoing the auto-solve moved the cursor"
        for r, c in zip(*(answer == F).nonzero()):  # the answer again, by hand
            session.go_to(int(r), int(c))
            await pilot.press("f")
        await until(pilot, lambda: isinstance(pilot.app.screen, FinishScreen))
        finish = pilot.app.screen
        assert finish.assisted and not finish.new_best
        assert "with help: no best time" in str(finish.query_one("#facts").render())
        assert progress.best_time is None and progress.solve_times == []
        assert progress.assisted_solves == 2
        await pilot.press("escape")
        await until(pilot, lambda: pilot.app.screen is screen)
        screen._restart_confirmed(True)  # what the restart's question does on yes
        assert not progress.helped
        for r, c in zip(*(answer == F).nonzero()):
            session.go_to(int(r), int(c))
            await pilot.press("f")
        await until(pilot, lambda: isinstance(pilot.app.screen, FinishScreen))
        assert pilot.app.screen.new_best and not pilot.app.screen.assisted
        assert progress.best_time is not None and len(progress.solve_times) == 1
