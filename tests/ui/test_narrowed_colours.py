"""A colour hint's narrowing shows on the board: a cell the hint's line narrows without deciding
is drawn with the letters of the colours it may still take (then the unknown glyph when it may
still be empty), while the hint is on show; applying the hint sets only its decided cells."""

from __future__ import annotations

from nonotui.kinds.nonogram.puzzle import Color, Puzzle
from tests.ui.conftest import app_for, play_screen, screen_lines, until

PALETTE = (Color("white", "#ffffff", "."), Color("red", "#ff0000", "r"),
           Color("blue", "#0000ff", "b"))
PICTURE = [[1, 0, 0, 0, 2], [2, 0, 1, 2, 0], [1, 2, 0, 2, 0], [1, 1, 2, 0, 1], [0, 2, 0, 1, 1]]
"""Its first hint, in column 1 (clue 1 red, 1 blue, 2 red), decides row 4 red and narrows rows
1 and 5 to red or empty: the red 2 starts in row 3 or 4, and only the first red 1 (rows 1 to
2) or the red 2 can reach them."""


async def test_a_narrowed_cell_shows_its_colours_until_the_hint_is_applied() -> None:
    puzzle = Puzzle.from_picture(PICTURE, colors=PALETTE, title="Narrow")
    async with app_for(puzzle).run_test(size=(100, 30)) as pilot:
        screen = await play_screen(pilot)
        assistant, grid = screen.assistant, screen.grid
        await pilot.press("i")
        await until(pilot, lambda: assistant.hint is not None, timeout=30)
        assert assistant.narrowed == {(0, 0): 0b011, (4, 0): 0b011}
        assert "narrows rows 1 and 5 to red or empty" in assistant.panel
        await pilot.pause()

        def cell_text(row: int, column: int) -> str:
            g = grid.geometry
            y = grid.region.y + grid.header_lines + g.row_y(row)
            x = grid.region.x + grid.clue_columns + g.cell_x(column)
            return screen_lines(pilot.app)[y][x:x + g.cell_width]

        unknown = screen.glyphs.unknown
        assert cell_text(4, 0).strip() == "r" + unknown
        assert cell_text(4, 1).strip() == unknown  # not narrowed: the plain unknown glyph
        # the status line says it in words when the cursor is on a narrowed cell, and not on
        # another
        assert screen.session.cursor == (3, 0)  # on the hint's decided cell
        assert "row 4 col 1 " in screen.facts + " " and "red or" not in screen.facts
        await pilot.press("j")
        await pilot.pause()
        assert screen.facts.endswith("row 5 col 1: red or empty")
        await pilot.press("i")  # apply: row 4 is set red; the narrowed cells stay unknown
        await pilot.pause()
        assert assistant.narrowed == {} and assistant.hint is None
        assert int(screen.session.board.cells[0, 0]) == 0b111
        assert cell_text(4, 0).strip() == unknown
        assert "red or" not in screen.facts
