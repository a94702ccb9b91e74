"""Aquarium in the player: the issue's 4x4 example played to the finish with keys (space fills
a tank up to the cursor's row, x empties it from there up, f and X mark one cell), each tank
fill one undo step, walls and counts drawn, a game saved and resumed exactly, and the library's
Kind column and filter."""

from __future__ import annotations

import json

import pytest

from nonotui.kinds.aquarium.game import AquariumGame
from nonotui.kinds.aquarium.kind import KIND
from nonotui.kinds.aquarium.puzzle import AquariumPuzzle, make_puzzle
from nonotui.store import DataDir, ProgressStore
from nonotui.ui.app import make_app
from nonotui.ui.footer import FittingFooter
from nonotui.ui.grid import GridView
from nonotui.ui.keys import help_for
from nonotui.ui.screens.finish import FinishScreen
from nonotui.ui.screens.library import LibraryScreen
from nonotui.ui.screens.play import PlayScreen
from tests.ui.conftest import play_screen, until

EXAMPLE_AQ = """title "Four tanks"
size 4x4
columns 3 2 2 3
rows 2 2 2 4
tanks
AABB
ACCB
DDCB
DDDD
"""
SOLUTION = ["~~..", "~..~", "..~~", "~~~~"]


def example() -> AquariumPuzzle:
    return make_puzzle([2, 2, 2, 4], [3, 2, 2, 3], ["AABB", "ACCB", "DDCB", "DDDD"],
                       title="Four tanks")


def rows(screen: PlayScreen) -> list[str]:
    return KIND.open(screen.puzzle).board_rows(screen.session.board)


def grid_text(grid: GridView) -> list[str]:
    return [grid.render_line(y).text.rstrip() for y in range(grid.geometry.total_height)]


async def test_the_example_is_played_to_the_finish_with_tank_fills(data_dir: DataDir) -> None:
    async with make_app(example(), "four.aq").run_test(size=(100, 30)) as pilot:
        screen = await play_screen(pilot)
        assert isinstance(screen.session.game, AquariumGame)
        await pilot.press("space")  # tank A (rows 1-2) filled from row 1 down
        assert rows(screen) == ["~~??", "~???", "????", "????"]
        await pilot.press("u")  # the whole fill is one undo step
        assert rows(screen) == ["????"] * 4
        await pilot.press("ctrl+y")
        assert rows(screen)[:2] == ["~~??", "~???"]
        # tank B (column 4, rows 1-3): water from row 2 down, air from row 1 up (both cells)
        await pilot.press("j", "l", "l", "l", "space", "k", "x")
        assert rows(screen) == ["~~..", "~??~", "???~", "????"]
        # tank C: water in its row 3 cell; its row 2 cells by single-cell air marks
        await pilot.press("j", "h", "X", "h", "X", "j", "l", "space")
        assert rows(screen) == ["~~..", "~..~", "??~~", "????"]
        assert not isinstance(pilot.app.screen, FinishScreen)
        # tank D: water in row 4 fills row 4 only; air need not be marked to finish
        await pilot.press("j", "space")
        await until(pilot, lambda: isinstance(pilot.app.screen, FinishScreen))
        assert rows(screen) == ["~~..", "~..~", "??~~", "~~~~"]
        assert KIND.open(screen.puzzle).is_solved(screen.session.board)
        assert screen.session.progress.solved and not screen.stopwatch.running
        assert screen.session.progress.moves == 7  # undo and redo are not moves
        assert screen.save_now()
    # the statistics count it as for any puzzle: solved, with its time
    from nonotui.store.stats import played

    (record,) = played(data_dir.progress)
    assert record.identity == example().identity and record.solved and len(record.times) == 1


async def test_single_cell_keys_and_clearing_again() -> None:
    async with make_app(example(), "four.aq").run_test(size=(100, 30)) as pilot:
        screen = await play_screen(pilot)
        await pilot.press("j", "j", "j", "f")  # water in one cell of tank D only
        assert rows(screen)[2:] == ["????", "~???"]
        await pilot.press("f")  # again: cleared
        assert rows(screen)[3] == "????"
        await pilot.press("space", "space")  # filled, then the cell under the cursor cleared
        assert rows(screen)[2:] == ["????", "?~~~"]
        await pilot.press("k", "x")  # air in row 3 of tank D: its row 3 cells and none below
        assert rows(screen)[2:] == ["..??", "?~~~"]


async def test_walls_counts_and_keys_are_drawn() -> None:
    async with make_app(example(), "four.aq").run_test(size=(100, 30)) as pilot:
        screen = await play_screen(pilot)
        await pilot.press("space", "j", "j", "j", "l", "l", "l", "k", "x")
        assert screen.grid.geometry.cell_width == 3  # the widest that fits (zoom)
        assert grid_text(screen.grid) == [
            "      3   2   2   3",
            "                  !",  # column 4 wants 3 water cells: at most 1 is left
            "   ┏━━━━━━━┳━━━━━━━┓",  # a frame: the tanks' outer walls at the board's edges
            " 2 ┃███████┃  ×   ×┃",  # one tank's water joins across the gap between its cells
            "   ┃   ┏━━━┻━━━┓   ┃",
            " 2 ┃███┃  ·   ·┃  ×┃",
            "   ┣━━━┻━━━┓   ┃   ┃",
            " 2 ┃  ·   ·┃  ·┃  ×┃",
            "   ┃       ┗━━━┻━━━┫",
            " 4 ┃  ·   ·   ·   ·┃",
            "   ┗━━━━━━━━━━━━━━━┛",
        ]
        assert screen.query_one(FittingFooter).shown[:4] == ("Fill", "Air", "Water", "Air cell")
    marking = dict(help_for(KIND.open(example()).key_rules))["Marking"]
    keys = dict(marking)
    assert "up to this row" in keys["space"] and "from this row up" in keys["x"]
    assert "this cell only" in keys["f"] and "this cell only" in keys["X (shift+x)"]
    # no colours in Aquarium: its help lists no colour key (issue 33, item 11)
    every = " ".join(f"{k} {v}" for _, rows in help_for(KIND.open(example()).key_rules)
                     for k, v in rows)
    assert "colour" not in every


async def test_saved_and_resumed_exactly(data_dir: DataDir) -> None:
    puzzle = example()
    async with make_app(puzzle, "four.aq").run_test(size=(100, 30)) as pilot:
        screen = await play_screen(pilot)
        await pilot.press("space", "l", "l", "x", "j", "X", "u")  # the last move undone
        await pilot.press("q")
    saved = json.loads(ProgressStore(data_dir.progress).path_for(puzzle.identity).read_text())
    assert saved["kind"] == "aquarium" and saved["moves"] == 3

    async with make_app(example(), "four.aq").run_test(size=(100, 30)) as pilot:
        screen = await play_screen(pilot)
        assert rows(screen) == ["~~..", "~???", "????", "????"]
        assert screen.session.cursor == (1, 2)
        await pilot.press("ctrl+y")  # the undone move redone after reopening
        assert rows(screen)[1] == "~?.?"


async def test_the_library_shows_the_kind_and_filters_by_it(data_dir: DataDir) -> None:
    data_dir.puzzles.mkdir(parents=True)
    (data_dir.puzzles / "four.aq").write_text(EXAMPLE_AQ)
    app = make_app()
    async with app.run_test(size=(140, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LibraryScreen)
                    and any(r.entry.name == "four.aq" for r in app.screen.shown))
        library = app.screen
        assert isinstance(library, LibraryScreen)
        kinds_shown = {r.kind_title() for r in library.shown}
        assert kinds_shown == {"Nonogram", "Aquarium"}
        table = library.table
        titles = [str(table.get_row_at(i)[0]) for i in range(table.row_count)]
        four = titles.index("Four tanks")
        row = [str(c) for c in table.get_row_at(four)]
        assert row[:2] == ["Four tanks", "4x4"] and "Aquarium" in row
        await pilot.press("k")  # nonograms only
        assert app.settings.kind == "nonogram" and "kind: nonogram (k)" in library.heading("")
        assert {r.kind_title() for r in library.shown} == {"Nonogram"}
        await pilot.press("k")  # Aquarium only: the bundled ones and the user's
        assert {r.kind_title() for r in library.shown} == {"Aquarium"}
        assert "Four tanks" in [r.entry.title for r in library.shown]
        await pilot.press("slash", *"four", "enter")
        assert [r.entry.title for r in library.shown] == ["Four tanks"]
        await pilot.press("enter")
        screen = await play_screen(pilot)
        assert isinstance(screen, PlayScreen) and isinstance(screen.session.game, AquariumGame)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, LibraryScreen))
        await pilot.press("escape", "k")  # the search cleared; every kind again
        assert app.settings.kind == "all" and len(library.shown) > 1


async def test_new_puzzle_asks_which_kind(data_dir: DataDir, monkeypatch) -> None:
    """With two kinds that make puzzles, the dialog offers both; an Aquarium is made through
    its kind, saved as .aq under a name that says its kind, and played. (The Aquarium
    generator's part is replaced by a stand-in that returns the example.)"""
    from textual.widgets import Input, Select

    from nonotui.model.kind import MadePuzzle, PuzzleRequest
    from nonotui.ui.screens.generating import NewPuzzleScreen

    asked: list[PuzzleRequest] = []

    def new_puzzle(request: PuzzleRequest, should_stop=None) -> MadePuzzle:
        asked.append(request)
        return MadePuzzle(example(), "made by a stand-in")

    monkeypatch.setattr(KIND, "daily_request", lambda day: PuzzleRequest(6, 6))
    monkeypatch.setattr(KIND, "new_puzzle", new_puzzle)
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LibraryScreen)
                    and bool(app.screen.shown))
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, NewPuzzleScreen))
        assert app.screen.query_one("#kind", Select).value == "nonogram"
        await pilot.press("escape", "k", "k")  # the library shows Aquarium puzzles only
        assert app.settings.kind == "aquarium"
        await pilot.press("n")  # ... so the dialog offers Aquarium first
        await until(pilot, lambda: isinstance(app.screen, NewPuzzleScreen))
        dialog = app.screen
        kind_field = dialog.query_one("#kind", Select)
        assert kind_field.value == "aquarium"
        dialog.query_one("#size", Input).value = "6x7"
        dialog.query_one("#size", Input).focus()
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, PlayScreen), 60)
        screen = await play_screen(pilot)
        assert isinstance(screen.session.game, AquariumGame) and screen.puzzle.identity == example().identity
        assert [(r.width, r.height) for r in asked] == [(6, 7)]
        (saved,) = data_dir.puzzles.iterdir()
        assert saved.name.startswith("aquarium-new-6x7-") and saved.suffix == ".aq"


def test_ascii_walls_turn_corners_with_plus() -> None:
    from nonotui.ui.glyphs import ASCII, UNICODE

    assert [ASCII.wall_join(*arms) for arms in (
        (True, True, False, False), (False, False, True, True), (False, True, False, True),
        (True, True, True, True))] == ["|", "=", "+", "+"]
    assert [UNICODE.wall_join(*arms) for arms in (
        (False, True, False, True), (True, False, True, False), (True, True, False, True),
        (False, True, True, True), (True, True, True, True))] == ["┏", "┛", "┣", "┳", "╋"]


async def test_without_colour_water_keeps_its_glyph_and_the_gap(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    async with make_app(example(), "four.aq").run_test(size=(100, 30)) as pilot:
        screen = await play_screen(pilot)
        await pilot.press("space", "j", "j", "j", "l", "l", "l", "k", "x")
        lines = grid_text(screen.grid)
        assert lines[3] == " 2 ┃~~~ ~~~┃  ×   ×┃"  # water as ~, the gap between cells kept
        assert lines[5].startswith(" 2 ┃~~~┃")
