"""Playing a colour puzzle: the palette keys, filling, crossing and painting in colour, undo,
resume, drawing in colour or by letters, clue colours and finishing."""

from __future__ import annotations

import json

import pytest
from rich.segment import Segment

from nonotui.kinds.nonogram.puzzle import WHITE, Color, Puzzle
from nonotui.store import DataDir, ProgressStore
from nonotui.ui.grid import GridView
from nonotui.ui.palette import PaletteStrip, contrast
from nonotui.ui.screens.finish import FinishScreen
from nonotui.ui.screens.play import PlayScreen
from tests.ui.conftest import app_for, cell_offset, play_screen, until

RED = Color("red", "#ff0000", "r")
BLUE = Color("blue", "#0000ff", "b")
YELLOW = Color("yellow", "#ffff00", "y")

# 5x5, three colours: red corners, blue corners, a yellow bar and stem.
PICTURE = [
    [1, 1, 0, 2, 2],
    [1, 0, 0, 0, 2],
    [0, 3, 3, 3, 0],
    [1, 0, 3, 0, 2],
    [1, 1, 0, 2, 2],
]
COLOURS = Puzzle.from_picture(PICTURE, colors=(WHITE, RED, BLUE, YELLOW), title="Corners",
                              author="tests")

EMPTY, R, B, Y, UNKNOWN = 1, 2, 4, 8, 15


def app() -> object:
    return app_for(COLOURS)


def cells(screen: PlayScreen) -> list[list[int]]:
    return screen.session.board.cells.tolist()


def line_text(grid: GridView, row: int) -> str:
    """The screen line of a row of cells, as text."""
    y = grid.header_lines + grid.geometry.row_y(row)
    return "".join(s.text for s in grid.render_line(y))


def line_segments(grid: GridView, row: int) -> list[Segment]:
    y = grid.header_lines + grid.geometry.row_y(row)
    return list(grid.render_line(y))


def header_text(grid: GridView) -> str:
    return "\n".join("".join(s.text for s in grid.render_line(y))
                     for y in range(grid.header_lines))


def status(screen: PlayScreen) -> str:
    return screen.status.text


async def test_digits_choose_the_colour_that_space_fills_and_x_crosses() -> None:
    async with app().run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        strip = screen.query_one(PaletteStrip)
        assert strip.display and "[1" in strip.text and "red" in strip.text
        assert "colour 1 red" in status(screen)
        await pilot.press("space")  # the first colour until another is chosen
        await pilot.press("2", "l", "space", "l", "f", "l", "x")
        assert cells(screen)[0][:4] == [R, B, B, EMPTY]
        assert "colour 2 blue" in status(screen) and "[2" in strip.text
        # space again on a cell of the current colour clears it; on another colour, recolours
        await pilot.press("h", "space")
        assert cells(screen)[0][2] == UNKNOWN
        await pilot.press("h", "3", "f")
        assert cells(screen)[0][1] == Y and "colour 3 yellow" in status(screen)
        # digits choose colours, they are no count: 3l is colour 3, then one step right
        assert screen.session.cursor == (0, 1)
        await pilot.press("l")
        assert screen.session.cursor == (0, 2)


async def test_bracket_keys_cycle_and_a_digit_beyond_the_palette_is_refused() -> None:
    async with app().run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        await pilot.press("right_square_bracket")
        assert screen.session.color == 1
        await pilot.press("right_square_bracket", "right_square_bracket")
        assert screen.session.color == 0  # round the end
        await pilot.press("left_square_bracket")
        assert screen.session.color == 2 and "colour 3: yellow" in status(screen)
        await pilot.press("7")
        assert screen.session.color == 2 and "no colour 7" in status(screen)
        await pilot.press("l", "l", "0")  # 0 still goes to the row's first cell
        assert screen.session.cursor == (0, 0)


async def test_paint_mode_and_shift_arrows_paint_the_current_colour() -> None:
    async with app().run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        await pilot.press("2", "shift+right")
        assert cells(screen)[0][:3] == [B, B, UNKNOWN]
        await pilot.press("j", "m")
        assert "PAINT fill blue" in status(screen)
        await pilot.press("1")  # choosing a colour changes what the paint mode paints
        assert "PAINT fill red" in status(screen)
        await pilot.press("h")
        assert cells(screen)[1][0] == R


async def test_a_colour_chosen_during_a_shift_run_paints_only_the_cells_after_it() -> None:
    """Issue 33, item 7: the run's cells already painted keep their colour; the next step of
    the run starts from the cursor's cell without painting it again."""
    async with app().run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        await pilot.press("1", "shift+right")
        assert cells(screen)[0][:4] == [R, R, UNKNOWN, UNKNOWN]
        await pilot.press("2", "shift+right", "shift+right")
        assert cells(screen)[0][:4] == [R, R, B, B]
        # a run started anew (another line) paints its first cell as before
        await pilot.press("j", "3", "shift+left")
        assert cells(screen)[1][2:4] == [Y, Y]


async def test_mouse_paints_the_current_colour_drag_and_undo() -> None:
    async with app().run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        grid = screen.query_one(GridView)
        await pilot.press("3")
        await pilot.click(grid, offset=cell_offset(grid, 2, 1))
        await pilot.click(grid, offset=cell_offset(grid, 2, 4), button=3)
        await until(pilot, lambda: cells(screen)[2][4] == EMPTY)
        assert cells(screen)[2][1] == Y
        await pilot.press("2")
        await pilot.mouse_down(grid, offset=cell_offset(grid, 0, 2))
        await pilot.hover(grid, offset=cell_offset(grid, 0, 4))
        await pilot.mouse_up(grid, offset=cell_offset(grid, 0, 4))
        await until(pilot, lambda: screen.session.stroke is None)
        assert cells(screen)[0] == [UNKNOWN, UNKNOWN, B, B, B]
        assert screen.session.progress.moves == 3
        await pilot.press("u")
        assert cells(screen)[0] == [UNKNOWN] * 5
        await pilot.press("ctrl+y")
        assert cells(screen)[0] == [UNKNOWN, UNKNOWN, B, B, B]
        await pilot.press("u", "u")
        assert cells(screen)[2][4] == UNKNOWN and cells(screen)[2][1] == Y
        await pilot.press("u")
        assert cells(screen)[2][1] == UNKNOWN


async def test_resume_after_a_restart_of_nonotui_keeps_every_colour(data_dir: DataDir) -> None:
    async with app().run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        await pilot.press("space", "l", "2", "space", "l", "x", "l", "3", "space", "h", "u")
        await pilot.press("q")
    doc = json.loads(ProgressStore(data_dir.progress).path_for(COLOURS.identity).read_text())
    assert doc["board"][0] == "rb-??"
    assert doc["legend"] == {"-": EMPTY, "r": R, "b": B, "y": Y, "?": UNKNOWN}

    async with app().run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        assert cells(screen)[0] == [R, B, EMPTY, UNKNOWN, UNKNOWN]
        await pilot.press("ctrl+y")  # the undone yellow comes back after reopening
        assert cells(screen)[0][3] == Y
        await pilot.press("u", "u", "u", "u")
        assert cells(screen)[0] == [UNKNOWN] * 5


async def test_finishing_a_colour_puzzle_needs_the_right_colours() -> None:
    async with app().run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        session = screen.session
        keys = {1: "1", 2: "2", 3: "3"}
        # every cell right but a block in the wrong colour (the same lengths, so only colours
        # tell): not solved, its lines broken
        wrong = {(4, 3): 1, (4, 4): 1}
        for r, row in enumerate(PICTURE):
            for c, value in enumerate(row):
                value = wrong.get((r, c), value)
                session.go_to(r, c)
                await pilot.press(keys[value] if value else "1", "space" if value else "x")
        assert not screen.finished and not isinstance(pilot.app.screen, FinishScreen)
        states = session.unit_states()
        assert states[4] == "broken" and states[5 + 3] == "broken" and states[0] == "done"
        session.go_to(4, 3)
        await pilot.press("2", "space", "l", "space")
        await until(pilot, lambda: isinstance(pilot.app.screen, FinishScreen))
        assert screen.finished and session.progress.solved


async def test_cells_and_clues_in_colour_on_a_true_colour_terminal(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import textual.constants

    monkeypatch.setattr(textual.constants, "COLOR_SYSTEM", "truecolor")
    async with app().run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        grid = screen.query_one(GridView)
        assert grid.app.console.color_system == "truecolor" and not grid.letters
        await pilot.press("2", "space", "j")  # a blue cell, the cursor off its row after
        await pilot.pause()
        text = line_text(grid, 0)
        assert "██" in text and "b" not in text
        styles = [s.style for s in line_segments(grid, 0) if "█" in s.text]
        assert styles and styles[0] is not None and styles[0].color is not None
        assert styles[0].color.triplet is not None
        assert styles[0].color.triplet.hex == "#0000ff"
        # no letters beside the clue numbers: their colours tell them apart
        assert "r" not in header_text(grid) and "2 2" in text


@pytest.mark.parametrize(("system", "letters"), [("truecolor", False), ("256", False),
                                                  ("standard", True)])
async def test_colours_a_terminal_shows_as_one_are_told_apart_by_letters(
        monkeypatch: pytest.MonkeyPatch, system: str, letters: bool) -> None:
    import textual.constants

    monkeypatch.setattr(textual.constants, "COLOR_SYSTEM", system)
    two_reds = Puzzle.from_picture(
        [[1, 0, 2], [1, 0, 2]],
        colors=(WHITE, RED, Color("crimson", "#c81e1e", "c")), title="Reds")
    async with app_for(two_reds).run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        grid = screen.query_one(GridView)
        assert grid.app.console.color_system == system
        assert grid.letters is letters
        assert ("1r" in line_text(grid, 0)) is letters


async def test_no_color_draws_letters_in_cells_and_beside_clue_numbers(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    async with app().run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        grid = screen.query_one(GridView)
        assert grid.letters
        await pilot.press("space", "l", "2", "space", "l", "3", "space", "j")
        await pilot.pause()
        text = line_text(grid, 0)
        assert "2r 2b" in text  # the row's clue, each number with its colour's letter
        assert "rrr" in text and "bbb" in text and "yyy" in text  # cells of width 3 now
        assert "2y" in header_text(grid)
        strip = screen.query_one(PaletteStrip)
        assert " r " in strip.text and " b " in strip.text
        assert "colour 3: yellow (y)" in status(screen)


async def test_the_ascii_setting_draws_letters_too() -> None:
    from nonotui.ui.glyphs import ASCII

    async with app().run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        grid = screen.query_one(GridView)
        screen.glyphs = ASCII
        await pilot.press("space", "j")
        await pilot.pause()
        assert grid.letters and "rrr" in line_text(grid, 0) and "2r 2b" in line_text(grid, 0)


async def test_hints_and_checks_say_the_solver_cannot_help_when_the_kind_says_so(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # until the engine solves colour puzzles, and for any puzzle a kind plays but cannot solve
    from nonotui.kinds.nonogram.game import NonogramGame

    monkeypatch.setattr(NonogramGame, "unsupported",
                        lambda self, use: None if use == "play" else "not solved yet")
    async with app().run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        for key in ("i", "c", "S"):
            await pilot.press(key)
            assert "no solver help here: not solved yet" in status(screen), key
        await pilot.press("space")
        assert cells(screen)[0][0] == R and not screen.assistant.busy


def test_clue_colours_read_at_4_5_to_1_on_light_and_dark_surfaces() -> None:
    import random

    from nonotui.ui.palette import MIN_CONTRAST, clue_colors

    rng = random.Random(12)
    surfaces = ["#1e1e1e", "#ffffff", "#f2f2f2", "#000000", "#24292f"]
    for _ in range(500):
        rgb = "#" + "".join(f"{rng.randrange(256):02x}" for _ in range(3))
        for surface in surfaces:
            text, background = clue_colors(rgb, surface)
            assert contrast(text, background or surface) >= MIN_CONTRAST
            # the block's own colour is always there, as the text or behind it
            assert rgb in (text, background)


def test_contrast_is_the_wcag_ratio() -> None:
    from nonotui.ui.palette import clue_colors, text_on

    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#ffffff", "#ffffff") == pytest.approx(1.0)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
    assert contrast("#0000ff", "#ffffff") == pytest.approx(8.59, abs=0.01)
    # yellow is text on a dark surface, a background (under black) on a light one
    assert clue_colors("#ffff00", "#1e1e1e") == ("#ffff00", None)
    assert clue_colors("#ffff00", "#ffffff") == ("#000000", "#ffff00")
    assert clue_colors("#0000ff", "#1e1e1e") == ("#ffffff", "#0000ff")
    assert text_on("#0000ff") == "#ffffff" and text_on("#ffff00") == "#000000"


def test_colours_that_a_terminal_shows_as_one_need_letters() -> None:
    from nonotui.ui.palette import colors_collapse

    two_reds = ["#ff0000", "#ee1111"]
    assert not colors_collapse(two_reds, "truecolor")
    assert colors_collapse(two_reds, "standard")
    assert not colors_collapse(["#ff0000", "#0000ff", "#00aa00"], "standard")
    assert colors_collapse(["#ff0000", "#0000ff"], None)


async def test_the_help_of_a_colour_puzzle_names_the_palette_keys() -> None:
    from textual.widgets import Static

    from nonotui.ui.screens.dialogs import HelpScreen

    async with app().run_test(size=(120, 60)) as pilot:
        await play_screen(pilot)
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(pilot.app.screen, HelpScreen))
        text = str(pilot.app.screen.query_one("#help-text", Static).render())
        assert "1 to 9" in text and "choose the current colour" in text
        assert "the count prefix is for black-and-white puzzles" in text
        assert "digits, then a move" not in text
        assert "fill a cell with the current colour" in text


def _style_of(grid: GridView, row: int, text: str):  # type: ignore[no-untyped-def]
    return next(s.style for s in line_segments(grid, row) if text in s.text)


async def test_clue_colours_follow_the_theme_for_contrast() -> None:
    from nonotui.ui.palette import MIN_CONTRAST

    yellow_row = Puzzle.from_picture([[3, 3, 0, 2]], colors=(WHITE, RED, BLUE, YELLOW))
    async with app_for(yellow_row).run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        grid = screen.query_one(GridView)
        for theme, yellow_is_text in (("textual-dark", True), ("textual-light", False)):
            pilot.app.theme = theme
            await pilot.pause()
            surface = grid.background_colors[1].hex
            grid.repaint_all()  # a fresh painter, as a theme change makes one
            clue = _style_of(grid, 0, "2")
            assert (clue.bgcolor is None or clue.bgcolor.triplet.hex != "#ffff00") is (
                yellow_is_text), theme
            text = clue.color.triplet.hex
            back = clue.bgcolor.triplet.hex if clue.bgcolor else surface
            assert contrast(text, back) >= MIN_CONTRAST, theme


async def test_a_puzzle_on_grey_paper_draws_its_crossed_cells_on_grey() -> None:
    grey = Color("grey", "#808080", ".")
    paper = Puzzle.from_picture([[1, 0, 2], [1, 2, 0]], colors=(grey, RED, BLUE))
    async with app_for(paper).run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        grid = screen.query_one(GridView)
        await pilot.press("l", "x", "j")
        await pilot.pause()
        crossed = _style_of(grid, 0, "×")
        assert crossed.bgcolor is not None and crossed.bgcolor.triplet.hex == "#808080"
        assert contrast(crossed.color.triplet.hex, "#808080") >= 4.5
    # on white paper, crossed cells stay on the theme's background
    async with app().run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        grid = screen.query_one(GridView)
        await pilot.press("l", "x", "j")
        await pilot.pause()
        crossed = _style_of(grid, 0, "×")
        assert crossed.bgcolor is None or crossed.bgcolor.triplet.hex != "#ffffff"


@pytest.mark.parametrize("no_color", [False, True])
async def test_a_wrong_colour_a_check_flags_is_drawn_like_a_wrong_fill(
        monkeypatch: pytest.MonkeyPatch, no_color: bool) -> None:
    # the check is the engine's; the grid draws its flag in front of a coloured cell's glyph
    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    async with app().run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        grid = screen.query_one(GridView)
        await pilot.press("2", "space", "j")  # blue where the picture has red
        # the cells only: the clue guide (with the engine's colour support) may flag the row
        before = line_text(grid, 0)[grid.clue_columns:]
        screen.assistant.wrong = frozenset({(0, 0)})
        await pilot.pause()
        after = line_text(grid, 0)[grid.clue_columns:]
        glyph = "b" if no_color else "█"
        w = grid.geometry.cell_width
        assert before.startswith(glyph * w) and "!" not in before
        assert after.startswith(glyph * (w - 2) + "!" + glyph)


async def test_a_puzzle_on_black_paper_with_white_blocks_shows_on_either_theme() -> None:
    black = Color("black", "#000000", ".")
    snow = Color("snow", "#ffffff", "w")
    night = Puzzle.from_picture([[1, 0, 2], [1, 2, 0]], colors=(black, snow, RED))
    async with app_for(night).run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        grid = screen.query_one(GridView)
        await pilot.press("space", "l", "x", "j")
        for theme, white_cell in (("textual-dark", "██"), ("textual-light", "ww")):
            pilot.app.theme = theme
            await pilot.pause()
            grid.repaint_all()
            cells_text = line_text(grid, 0)[grid.clue_columns:]
            assert cells_text.startswith(white_cell), theme
            snow_style = _style_of(grid, 0, white_cell)
            crossed = _style_of(grid, 0, "×")
            assert crossed.bgcolor.triplet.hex == "#000000", theme  # the puzzle's paper
            if white_cell == "ww":  # black on white: the letter shows where white would not
                assert snow_style.bgcolor.triplet.hex == "#ffffff"
                assert snow_style.color.triplet.hex == "#000000"


async def test_a_palette_too_wide_for_the_terminal_names_the_current_colour_only() -> None:
    names = ["crimson", "tangerine", "sunflower", "chartreuse", "emerald", "turquoise",
             "cerulean", "ultramarine", "heliotrope"]
    colours = tuple(Color(name, f"#{(37 * i) % 256:02x}{(91 * i) % 256:02x}{(53 * i) % 256:02x}",
                          "abcdefghi"[i]) for i, name in enumerate(names))
    nine = Puzzle.from_picture([list(range(1, 10))], colors=(WHITE, *colours), title="Nine")
    async with app_for(nine).run_test(size=(80, 24)) as pilot:
        screen = await play_screen(pilot)
        strip = screen.query_one(PaletteStrip)
        assert len(strip.text) <= 78 and "crimson" in strip.text and "emerald" not in strip.text
        assert "9 " in strip.text
        await pilot.press("5")
        assert "emerald" in strip.text and "crimson" not in strip.text
    async with app_for(nine).run_test(size=(200, 24)) as pilot:
        screen = await play_screen(pilot)
        await pilot.pause()
        strip = screen.query_one(PaletteStrip)
        assert all(name in strip.text for name in names)


def test_the_finish_picture_of_a_colour_puzzle_is_drawn_in_coloured_blocks() -> None:
    """Issue 33, item 5: blocks in the puzzle's colours on its paper (white), two rows per line,
    as the black-and-white picture is drawn, not letters (a black "k" on a dark theme was
    nearly invisible)."""
    from nonotui.kinds.nonogram.kind import KIND
    from nonotui.model import Board
    from nonotui.ui.glyphs import choose
    from nonotui.ui.screens.finish import picture_text

    board = Board(__import__("numpy").array(
        [[R if v == 1 else B if v == 2 else Y if v == 3 else EMPTY for v in row]
         for row in PICTURE], dtype="uint8"))
    values = KIND.open(COLOURS).values
    text = picture_text(board, choose("unicode"), values)
    lines = text.plain.split("\n")
    assert lines == ["▀" * 5] * 3  # 5 rows: two per line, the last half on paper
    rgb = {v.mask: v.rgb for v in values}
    spans = {(span.start, span.end): span.style for span in text.spans}
    first = spans[(0, 1)]  # row 0 col 0 red over row 1 col 0 red
    assert str(first.color.triplet.hex) == rgb[R] and str(first.bgcolor.triplet.hex) == rgb[R]
    third = spans[(2, 3)]  # row 0 col 2 empty (paper) over row 1 col 2 empty
    assert str(third.color.triplet.hex) == "#ffffff" == str(third.bgcolor.triplet.hex)
    last = spans[(len(text.plain) - 1, len(text.plain))]  # row 4 col 4 blue, nothing below
    assert str(last.color.triplet.hex) == rgb[B] and str(last.bgcolor.triplet.hex) == "#ffffff"
    ascii_text = picture_text(board, choose("ascii"), values)
    assert ascii_text.plain.split("\n")[0] == "rr bb"  # no blocks without Unicode
