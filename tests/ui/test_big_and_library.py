"""A 100x100 puzzle at 80x24, the library, the command palette, glyphs and the CLI."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from nonotui.cli import main
from nonotui.kinds.nonogram.puzzle import Puzzle
from nonotui.store import DataDir
from nonotui.ui.app import make_app
from nonotui.ui.glyphs import ASCII, UNICODE
from nonotui.ui.grid import GridView
from nonotui.ui.screens.dialogs import ConfirmScreen
from nonotui.ui.screens.library import LibraryScreen
from tests.ui.conftest import app_for, board_text, play_screen, toasts, until


def big_puzzle(size: int = 100) -> Puzzle:
    rng = random.Random(100)
    picture = [[1 if rng.random() < 0.55 else 0 for _ in range(size)] for _ in range(size)]
    return Puzzle.from_picture(picture, title="Big")


async def test_a_100x100_puzzle_scrolls_with_clues_pinned_at_80x24() -> None:
    async with app_for(big_puzzle()).run_test(size=(80, 24)) as pilot:
        screen = await play_screen(pilot)
        grid = screen.query_one(GridView)
        g = grid.geometry
        header_before = grid.render_line(0).text
        await pilot.press("9", "9", "j", "9", "9", "l", "f")
        assert screen.session.cursor == (99, 99)
        assert board_text(screen).splitlines()[99][99] == "#"
        assert grid.scroll_y > 0 and grid.scroll_x > 0
        # the bottom-right cell is on screen: its row is the last visible grid line
        view_h = grid.scrollable_content_region.height
        row_line = g.row_y(99) - int(grid.scroll_y) + grid.header_lines
        assert grid.header_lines <= view_h // 2 < g.header_height
        assert 0 <= row_line < view_h
        # row clues still drawn at the left (their end, nearest the cells), column clues on top
        panel = grid.clue_columns
        assert g.row_texts[99].endswith(grid.render_line(row_line).text[:panel].strip())
        header_after = grid.render_line(0).text
        assert header_after.startswith("^ more")
        assert g.row_texts[99] in screen.status.clues  # the whole clue is in the status line
        assert header_after != header_before  # the column clues scrolled sideways with the cells
        await pilot.press("u")
        assert board_text(screen).splitlines()[99][99] == "?"


async def test_arrows_and_page_keys_move_the_cursor_when_the_grid_can_scroll() -> None:
    # Regression: the grid inherited ScrollView's bindings, so on a puzzle larger than the
    # view the arrows, home/end and page keys scrolled it and the cursor never moved.
    async with app_for(big_puzzle()).run_test(size=(80, 24)) as pilot:
        screen = await play_screen(pilot)
        grid = screen.query_one(GridView)
        # (1 character per cell, the narrowest: still wider than 80 columns)
        await pilot.press(*["right"] * 70, *["down"] * 25)
        assert screen.session.cursor == (25, 70)
        assert grid.scroll_x > 0 and grid.scroll_y > 0  # the view followed the cursor
        await pilot.press("left", "up")
        assert screen.session.cursor == (24, 69)
        await pilot.press("end", *["pagedown"] * 20)  # pages: test_page_keys_scroll_...
        assert screen.session.cursor == (99, 99)
        await pilot.press("home", *["pageup"] * 20)
        assert screen.session.cursor == (0, 0)
        assert (grid.scroll_x, grid.scroll_y) == (0, 0)


async def test_page_keys_scroll_a_screenful_and_the_cursor_moves_with_it() -> None:
    # Page Up and Page Down jumped to the first or last row; they scroll a page now.
    async with app_for(big_puzzle()).run_test(size=(80, 24)) as pilot:
        screen = await play_screen(pilot)
        grid = screen.query_one(GridView)
        g = grid.geometry
        await pilot.press(*["down"] * 3, *["right"] * 4)
        on_screen = g.row_y(3) - int(grid.scroll_y)
        rows = []
        for key in ("pagedown", "pagedown", "pageup"):
            page = grid.page_rows()  # the rows on screen now (guide lines make it vary)
            assert 5 <= page < 20  # below the pinned clues at 80x24
            row = screen.session.cursor[0]
            await pilot.press(key)
            rows.append(screen.session.cursor[0])
            assert rows[-1] == row + (page if key == "pagedown" else -page)
            # the board moved under the cursor: it stays on the same screen line
            assert g.row_y(rows[-1]) - int(grid.scroll_y) == on_screen
        assert rows[0] > 3 + 5 and rows[1] > rows[0] + 5 and screen.session.cursor[1] == 4
        await pilot.press(*["pageup"] * 3)  # stops at the top row, the view at the top
        assert screen.session.cursor == (0, 4) and grid.scroll_y == 0


async def test_page_keys_on_a_board_that_fits_go_to_the_first_and_last_row() -> None:
    async with app_for().run_test(size=(80, 24)) as pilot:
        screen = await play_screen(pilot)
        await pilot.press("l", "pagedown")
        assert screen.session.cursor == (4, 1)
        await pilot.press("pageup")
        assert screen.session.cursor == (0, 1)


async def test_library_lists_sorts_filters_and_opens(data_dir: DataDir) -> None:
    data_dir.puzzles.mkdir(parents=True)
    (data_dir.puzzles / "mine.nin").write_text("2 2\n1\n1\n1\n1\n")
    (data_dir.puzzles / "broken.non").write_text("width 3\nheight x\n")
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LibraryScreen) and app.screen.shown)
        library = app.screen
        names = [r.entry.name for r in library.shown]
        assert "mine.nin" in names and "broken.non" in names and "heart.non" in names
        sizes = [r.size[0] * r.size[1] for r in library.shown]
        assert sizes == sorted(sizes)
        await pilot.press("s")
        assert app.settings.sort == "state"
        assert library.shown[-1].entry.name == "broken.non"  # unreadable files sort last
        assert library.shown[-1].progress_text() == "cannot read file"
        await pilot.press("s")
        assert app.settings.sort == "grade"  # tests/ui/test_library_grades.py
        await pilot.press("s")
        titles = [r.entry.title.lower() for r in library.shown]
        assert titles == sorted(titles) and app.settings.sort == "name"
        await pilot.press("slash", *"mug", "enter")
        assert [r.entry.title for r in library.shown] == ["Mug"]
        await pilot.press("enter")
        screen = await play_screen(pilot)
        assert screen.puzzle.title == "Mug"
        await pilot.press("f", "escape")
        await until(pilot, lambda: app.screen is library and not library.scanning)
        await pilot.press("escape", "a", "a")  # filter: in progress
        assert app.settings.filter == "playing"
        assert [(r.entry.title, r.progress_text()) for r in library.shown] == [
            ("Mug", "1% decided")
        ]


async def test_playing_a_file_reads_the_library_only_once_it_is_shown() -> None:
    # Reading every puzzle for a library hidden under the play screen delayed the first frame.
    app = app_for()
    async with app.run_test(size=(100, 40)) as pilot:
        await play_screen(pilot)
        library = app.screen_stack[-2]
        assert isinstance(library, LibraryScreen) and library.rows == []
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is library and bool(library.shown))
        assert any(row.entry.title == "Heart" for row in library.shown)


async def test_open_file_by_path_plays_colour_puzzles_and_refuses_broken_files(
        short_tmp: Path) -> None:
    from nonotui.ui.screens.dialogs import MessageScreen

    colour = short_tmp / "colour.non"
    colour.write_text(
        "width 2\nheight 1\ncolor a #ff0000\ncolor b #0000ff\nrows\n1a,1b\ncolumns\n1a\n1b\n"
    )
    broken = short_tmp / "broken.non"
    broken.write_text("width 2\nheight 1\nrows\n3\ncolumns\n1\n1\n")
    plain = short_tmp / "plain.nin"
    plain.write_text("1 1\n1\n1\n")
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LibraryScreen))
        await pilot.press("o", *str(colour), "enter")
        screen = await play_screen(pilot)
        assert [c.rgb for c in screen.session.colors] == ["#ff0000", "#0000ff"]
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, LibraryScreen))
        await pilot.press("o", *str(broken), "enter")
        await until(pilot, lambda: isinstance(app.screen, MessageScreen))
        assert "row 1" in app.screen.message
        # a short message makes a short dialog (it used to fill the screen's height)
        await pilot.pause()
        box = app.screen.query_one("Vertical").region
        assert box.height <= 10 and app.screen.query_one("#ok").region.bottom <= box.bottom
        await pilot.press("enter", "o", *str(plain), "enter")
        screen = await play_screen(pilot)
        assert (screen.puzzle.width, screen.puzzle.height) == (1, 1)


def test_cli_play_refuses_unknown_names(capsys) -> None:
    assert main(["play", "no-such-puzzle"]) == 1
    assert "no such file" in capsys.readouterr().err


async def test_command_palette_offers_the_main_actions() -> None:
    app = app_for()
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        titles = {c.title for c in app.get_system_commands(screen)}
        for wanted in ("Undo", "Redo", "Restart puzzle", "Pause", "Help", "Open a puzzle file",
                       "Glyphs: ascii", "Settings", "Theme"):
            assert any(wanted in t for t in titles), wanted
        await pilot.press("f")
        restart = next(c for c in app.get_system_commands(screen) if c.title == "Restart puzzle")
        # Restarting cannot be undone, so it asks first; enter keeps the focused "Cancel".
        def asking() -> bool:
            return isinstance(app.screen, ConfirmScreen) and app.screen.focused is not None

        restart.callback()
        await until(pilot, asking)
        assert "1 move)" in app.screen.message
        await pilot.press("enter")
        await until(pilot, lambda: app.screen is screen)
        assert board_text(screen) == "#????\n" + "?????\n" * 4 and len(screen.session.history.done)
        restart.callback()
        await until(pilot, asking)
        await pilot.click("#confirm")
        await until(pilot, lambda: app.screen is screen)
        assert board_text(screen) == "?????\n" * 5 and screen.session.progress.moves == 0
        assert not screen.session.history.done


async def test_ascii_glyphs_setting_and_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = app_for()
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        assert app.no_color
        grid = screen.query_one(GridView)
        await pilot.press("f", "l", "x")
        g = grid.geometry
        before = grid.render_line(g.header_height).text[g.clue_width:]
        assert UNICODE.filled in before and UNICODE.crossed in before
        app.change_setting("glyphs", "ascii")
        after = grid.render_line(g.header_height).text[g.clue_width:]
        assert grid.glyphs is ASCII and after.startswith("##") and ASCII.crossed in after
        assert app.settings_store.load()[0].glyphs == "ascii"


async def test_modes_and_messages_stay_visible_on_a_big_puzzle_at_80_columns() -> None:
    # Regression: the paint mode, the count and messages came after the whole clues of the
    # cursor's row and column, so on a big puzzle at 80 columns they were cut off unseen.
    async with app_for(big_puzzle()).run_test(size=(80, 24)) as pilot:
        screen = await play_screen(pilot)
        status = screen.status
        shown = status.region.width - 2  # its padding

        def visible() -> str:
            return "\n".join(line[:shown] for line in status.lines)

        await pilot.press("m")
        assert "PAINT fill" in visible() and "paint mode: fill" in visible()
        await pilot.press("1", "2")
        assert "count 12" in visible()
        await pilot.press("escape", "escape", "u")
        assert "PAINT" not in visible() and "nothing to undo" in visible()
        # the clues are still there, last: on a line of their own, cut with "..." at 80 columns
        assert status.lines[-1].startswith("clues ") and status.lines[-1].endswith("…")
        assert status.clues.startswith(status.lines[-1][:-1])


TWO_PUZZLES = (
    "title \"First\"\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n====\n"
    "title \"Second\"\nwidth 2\nheight 1\nrows\n2\ncolumns\n1\n1\n"
)
"""A .non bundle of two puzzles."""


async def test_opening_a_file_of_several_puzzles_says_how_to_reach_the_others(
    short_tmp: Path,
) -> None:
    # Found playing: opening a bundle by path silently gave its first puzzle only.
    bundle = short_tmp / "two.non"
    bundle.write_text(TWO_PUZZLES)
    app = make_app()
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LibraryScreen))
        await pilot.press("o", *str(bundle), "enter")
        screen = await play_screen(pilot)
        assert screen.puzzle.title == "First"
        await until(pilot, lambda: any("holds 2 puzzles" in n and f"{bundle}#2" in n
                                       for n in toasts(app)))
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, LibraryScreen))
        await pilot.press("o", *f"{bundle}#2", "enter")
        await until(pilot, lambda: getattr(app.screen, "puzzle", None) is not None
                    and app.screen.puzzle.title == "Second")


def test_cli_play_of_a_bundle_passes_the_note_to_the_app(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bundle = tmp_path / "two.non"
    bundle.write_text(TWO_PUZZLES)
    seen = {}

    def run(self, **_options):  # type: ignore[no-untyped-def]
        seen["start"], seen["notices"] = self.start, self.start_notices
        return 0

    monkeypatch.setattr("nonotui.ui.app.NonotuiApp.run", run)
    assert main(["play", str(bundle)]) == 0
    assert seen["start"][0].title == "First"
    assert any("holds 2 puzzles" in n for n in seen["notices"])
