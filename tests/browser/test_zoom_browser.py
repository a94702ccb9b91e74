"""A board that fits, in the browser (issue 15: the zoom key and the painted run's length "both
work in the browser too"): a 55x60 puzzle served by ``nonotui serve`` to headless Chromium in a
page of 120x40 cells, then 80x24. What the page shows is read from a terminal emulator fed with
the page's websocket frames (:meth:`~tests.browser.served.Served.screen`), so the checks are on
the screen's lines: how many columns of cells show, the status line, the "7" beside the cursor
(a run painted with shift+arrows, and one dragged with the mouse). Skipped, with the reason, where no Chromium is installed; screenshots in
``test-artifacts/browser/``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from nonotui.kinds.nonogram.formats import dump
from nonotui.kinds.nonogram.puzzle import Puzzle
from tests.browser.served import (
    ARTIFACTS,
    BROWSER_TESTS,
    Served,
    open_puzzle,
    save_of,
    wait_for,
)

pytestmark = BROWSER_TESTS

WIDTH, HEIGHT = 55, 60
"""webpbn-01611's size: two-digit column clues, too wide for two characters a cell at 120x40."""

ROW = re.compile(r"^ *(\d+) +[·│█▓×]")
"""A line of the board: a row's clue, then its cells (the unknown ones drawn ``·``)."""


def staircase(data: Path) -> None:
    """A 55x60 staircase (column ``c`` filled from the top for ``60 - c`` cells, so row ``r``'s
    clue is ``min(55, 60 - r)``) in the served data folder's puzzles."""
    puzzle = Puzzle.from_picture([[1 if r < HEIGHT - c else 0 for c in range(WIDTH)]
                                  for r in range(HEIGHT)], title="Staircase")
    (data / "puzzles").mkdir(parents=True)
    (data / "puzzles" / "staircase.non").write_text(dump(puzzle, "non"), encoding="utf-8")


@contextmanager
def staircase_open(tmp_path: Path, columns: int, rows: int) -> Iterator[tuple[Served, Path]]:
    """The staircase in a served data folder, opened in a tab of ``columns`` x ``rows`` cells;
    yields the page and the data folder."""
    data = tmp_path / "data"
    staircase(data)
    with Served(data) as page:
        page.wait_text(" solved · ")  # the library's heading
        page.size_to(columns, rows)
        open_puzzle(page, "Staircase", f"{WIDTH}x{HEIGHT}")
        yield page, data


def columns_shown(screen: list[str]) -> int:
    """How many columns of cells the board shows: the most unknown cells on a row's line (a
    row with nothing marked shows one ``·`` a column at any cell width)."""
    return max((line.count("·") for line in screen if ROW.match(line)), default=0)


def status(screen: list[str]) -> str:
    """The two lines above the footer's keys: the status line and a message's line (or the
    board's last line, when there is no message)."""
    return " ".join(screen[-3:-1])


def test_a_wide_board_fits_zooms_and_shows_the_run_length_in_the_browser(tmp_path: Path) -> None:
    with staircase_open(tmp_path, 120, 40) as (page, data):
        # the default width: every one of the 55 columns in view
        page.wait_screen("all 55 columns in view, and the footer's keys", lambda s: (
            columns_shown(s) == WIDTH and "space Fill" in s[-1]))
        page.screenshot(ARTIFACTS / "zoom-1-every-column.png")
        # the zoom key: two characters a cell, which no longer fit, and the status line says so
        page.keys("z")
        screen = page.wait_screen("the zoom's message", lambda s: (
            "zoom: 2 characters per cell, the board scrolls sideways" in status(s)))
        assert 0 < columns_shown(screen) < WIDTH
        page.screenshot(ARTIFACTS / "zoom-2-two-characters.png")
        # a run painted with shift+arrows along row 2: its length stands above its last cell
        from selenium.webdriver.common.keys import Keys

        page.keys("j")
        page.keys_with(Keys.SHIFT, *[Keys.ARROW_RIGHT] * 6)
        screen = page.wait_screen("the run's length", lambda s: (
            "row 2 col 7" in status(s) and "7" in "".join(run_rows(s)[0])))
        above, on = run_rows(screen)
        end = max(on.rfind("█"), on.rfind("▓"))  # the run's last cell, under the cursor
        assert on.count("█") + on.count("▓") == 7 * 2  # seven cells of two characters
        assert above[end] == "7", (above, on)
        wait_for("the run in the save file", lambda: (
            (save := save_of(data, "Staircase")) is not None
            and save["board"][1].startswith("#######?")))
        page.screenshot(ARTIFACTS / "zoom-3-run-length.png")
        # the next key that paints nothing ends the run: its length goes
        page.keys("l")
        screen = page.wait_screen("the run's length gone", lambda s: (
            "row 2 col 8" in status(s) and "7" not in run_rows(s)[0]))
        assert run_rows(screen)[1].count("█") == 7 * 2  # the run itself stays


def run_rows(screen: list[str]) -> tuple[str, str]:
    """The lines of rows 1 and 2 of the board (its first two lines with a row's clue)."""
    rows = [line for line in screen if ROW.match(line)]
    return (rows[0], rows[1]) if len(rows) > 1 else ("", "")


def test_a_55x60_board_follows_the_window_down_to_80x24_and_is_playable(tmp_path: Path) -> None:
    """Opened in a wide window (200x50 cells, three characters a cell), the board takes a
    narrower cell width when the window shrinks to 80x24 cells: every column is still in view
    (one character a cell, the rows scroll), and the far corner is reached with counted moves
    and filled there."""
    with staircase_open(tmp_path, 200, 50) as (page, data):
        wide = page.wait_screen("all 55 columns in view", lambda s: columns_shown(s) == WIDTH)
        page.size_to(80, 24)
        page.wait_screen("all 55 columns in view at 80x24", lambda s: (
            len(s) == 24 and columns_shown(s) == WIDTH))
        assert max(map(len, map(str.rstrip, wide))) > 80  # it was wider than the window now
        page.keys("5", "9", "j", "5", "4", "l", " ")  # the last row's last cell: filled
        screen = page.wait_screen("the last row in view, its last cell filled", lambda s: (
            "row 60 col 55" in status(s) and "▓" in last_row(s)))
        assert last_row(screen).count("·") == WIDTH - 1  # the rest of the row: all in view
        page.screenshot(ARTIFACTS / "zoom-80x24-far-corner.png")
        wait_for("the far corner in the save file", lambda: (
            (save := save_of(data, "Staircase")) is not None and save["board"][-1][-1] == "#"))


def last_row(screen: list[str]) -> str:
    """The line of the board's last row (its clue is 1), or ``""`` while it is not in view."""
    return next((line for line in screen if (match := ROW.match(line)) and match[1] == "1"), "")


def test_a_mouse_drag_shows_its_length_until_the_button_is_released(tmp_path: Path) -> None:
    """The mouse in the page reaches the player: a drag down column 2 from row 6 to row 12
    paints as it goes, its "7" stands right of the cell under the pointer, and goes (the run
    becoming one move) when the button is released."""
    from selenium.webdriver.common.actions.action_builder import ActionBuilder

    with staircase_open(tmp_path, 120, 40) as (page, data):
        screen = page.wait_screen("all 55 columns in view", lambda s: columns_shown(s) == WIDTH)
        left, top, width, height = page.driver.execute_script(
            "const r = document.querySelector('.xterm-screen').getBoundingClientRect();"
            "return [r.left, r.top, r.width, r.height];")
        columns, rows = page.cells or (0, 0)
        board = [y for y, line in enumerate(screen) if ROW.match(line)]

        def cell(row: int, column: int) -> tuple[int, int]:
            """Where a cell is on the screen (x, y): its row's line, its column's ``·``."""
            y = board[row]
            return [x for x, char in enumerate(screen[y]) if char == "·"][column], y

        def pixel(row: int, column: int) -> tuple[int, int]:
            x, y = cell(row, column)
            return (int(left + (x + 0.5) * width / columns),
                    int(top + (y + 0.5) * height / rows))

        drag = ActionBuilder(page.driver)
        pointer: Any = drag.pointer_action  # selenium's pointer actions are untyped
        pointer.move_to_location(*pixel(5, 1)).pointer_down()
        for row in range(6, 12):
            pointer.move_to_location(*pixel(row, 1))
        drag.perform()
        x, y = cell(11, 1)
        screen = page.wait_screen("the drag's length", lambda s: (
            "row 12 col 2" in status(s) and s[y][x + 1] == "7"))
        assert [screen[board[row]][x] for row in range(5, 12)] == ["█"] * 6 + ["▓"]
        assert "0 moves" in status(screen)  # the button is still down
        page.screenshot(ARTIFACTS / "zoom-4-drag-length.png")
        release = ActionBuilder(page.driver)
        pointer = release.pointer_action
        pointer.pointer_up()
        release.perform()
        screen = page.wait_screen("the drag's length gone", lambda s: (
            "1 move " in status(s) and s[y][x + 1] == "·"))
        assert screen[y][x] == "▓"  # the run stays
        wait_for("the drag in the save file", lambda: (
            (save := save_of(data, "Staircase")) is not None
            and [line[1] for line in save["board"][4:13]] == list("?#######?")))
