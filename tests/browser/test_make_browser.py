"""The Make screen under ``nonotui serve`` in headless Chromium: a person draws in the page,
reads the verdict, makes it unique, reads its grade, saves it and sees its share code; a second
tab plays it from that code through the library's Open. Each answer is checked with the naive
oracle, which shares nothing with the engine."""

from __future__ import annotations

import re
from pathlib import Path

from nonotui import kinds
from nonotui.kinds.nonogram.puzzle import Puzzle
from tests.browser.served import ARTIFACTS, BROWSER_TESTS, Served, wait_for
from tests.naive_count import count

TAB = "\ue004"
"""selenium's ``Keys.TAB`` (selenium is imported only where it is installed)."""

pytestmark = BROWSER_TESTS

CODE_PART = re.compile(r"[A-Za-z0-9_:-]{8,}")


def shown_code(lines: list[str]) -> str:
    """The share code a dialog shows, wrapped over lines: from the line where ``nonotui:1:``
    starts, the first long run of the code's characters on each line, joined."""
    for i, line in enumerate(lines):
        start = line.find("nonotui:1:")
        if start < 0:
            continue
        parts = [CODE_PART.match(line, start)]
        for below in lines[i + 1:]:
            part = CODE_PART.search(below)
            if part is None or " " in below.strip(" │┃║|").split(part.group())[0].strip(" │┃║|"):
                break
            parts.append(part)
        return "".join(p.group() for p in parts if p is not None)
    return ""


def on_screen(page: Served, needle: str) -> None:
    """Wait until a line of the terminal as the page shows it holds ``needle``."""
    page.wait_screen(repr(needle), lambda lines: any(needle in line for line in lines))


def test_a_drawing_made_unique_saved_and_played_from_its_code(tmp_path: Path) -> None:
    data = tmp_path / "data"
    saved = data / "puzzles" / "two-dots.non"
    with Served(data, size=(1400, 900)) as page:
        page.wait_text(" solved · ")  # the library's heading (the page has said its size)
        page.focus()
        page.keys("m")
        on_screen(page, "15x15 · row 1, column 1")
        # two dots on a diagonal: their mirror image has the same clues
        page.keys(" ", "j", "l", " ")
        on_screen(page, "Several solutions: another differs in 4 cells")
        page.keys("U")
        on_screen(page, "Make unique: ")
        page.forget_text()
        page.keys("\n")  # enter accepts the changes
        on_screen(page, "Unique: one solution")
        on_screen(page, "Grade ")
        page.screenshot(ARTIFACTS / "make-unique.png")
        page.keys("w")
        on_screen(page, "Save to your puzzles")
        page.keys("Two dots")
        on_screen(page, "Two dots")
        # tab moves to the next field (at once, before the next key), enter saves from any
        page.keys(TAB, "Browser", TAB, "CC0-1.0", "\n")
        on_screen(page, "saved to")
        wait_for("the saved puzzle", saved.exists)
        (puzzle,) = kinds.load_all(saved)
        assert isinstance(puzzle, Puzzle) and puzzle.title == "Two dots"
        assert (puzzle.author, puzzle.license) == ("Browser", "CC0-1.0")
        assert count(puzzle.rows, puzzle.columns, cap=2) == 1  # unique, by the oracle
        code = kinds.share_code(puzzle)
        page.keys("S")
        page.wait_screen("the share code in its dialog", lambda lines: shown_code(lines) == code)
        page.keys("\x1b")
        page.forget_text()
        # a second person, in a tab of their own, plays it from the code
        page.driver.switch_to.new_window("tab")
        page.driver.get(page.url)
        page.wait_text(" solved · ")
        page.focus()
        page.keys("o")
        on_screen(page, "~/puzzles/cat.non")  # the Open dialog's field
        page.keys(code, "\n")
        on_screen(page, "Two dots · 15x15")
        page.screenshot(ARTIFACTS / "make-played-from-code.png")
