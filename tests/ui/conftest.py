"""Hermetic UI tests: the production app factory, with the data folder in a temp dir."""

from __future__ import annotations

import asyncio
import html
import re
import shutil
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot

from nonotui.kinds.nonogram.notation import format_board
from nonotui.kinds.nonogram.puzzle import Puzzle
from nonotui.store import DataDir
from nonotui.store.settings import SOLVE_SPEEDS
from nonotui.ui.app import NonotuiApp, make_app
from nonotui.ui.grid import GridView
from nonotui.ui.screens.play import PlayScreen

# A 5x5 with one solution: a plus sign with a dot in the corner.
PLUS = Puzzle.from_picture(
    [
        [1, 0, 1, 0, 0],
        [0, 0, 1, 0, 0],
        [1, 1, 1, 1, 1],
        [0, 0, 1, 0, 0],
        [0, 0, 1, 0, 0],
    ],
    title="Plus",
    author="tests",
)


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> DataDir:
    """Every UI test gets its own empty data folder, never the developer's."""
    folder = tmp_path / "data"
    monkeypatch.setenv("NONOTUI_DATA_DIR", str(folder))
    monkeypatch.delenv("NO_COLOR", raising=False)
    return DataDir(folder)


@pytest.fixture
def short_tmp() -> Iterator[Path]:
    """A fresh folder with a short absolute path (``/tmp/nXXXXXXXX``), removed afterwards, for
    the files a test types into the open dialog: the pilot presses one key per character and
    waits for the app to be idle after each (at least 40 ms), so pytest's ``tmp_path`` of about
    80 characters cost several seconds per path typed."""
    folder = Path(tempfile.mkdtemp(prefix="n"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


HELD = 3600.0
"""Seconds between the frames of a "slow" auto-solve in the UI tests."""


@pytest.fixture(autouse=True)
def slow_auto_solve_holds_its_frame(monkeypatch: pytest.MonkeyPatch) -> None:
    """A "slow" auto-solve keeps its frame on show until the test acts: a test that looks at the
    frame on show (then stops, saves or finishes the auto-solve) must not race the real 0.8 s
    timer, which a loaded machine lets run out between two lines of a test (a step more shown,
    or the whole plan played, before escape)."""
    monkeypatch.setitem(SOLVE_SPEEDS, "slow", HELD)


def app_for(puzzle: Puzzle | None = PLUS) -> NonotuiApp:
    """The app as the CLI builds it, opening ``puzzle`` directly."""
    return make_app(puzzle, puzzle.title if puzzle else None)


async def until(pilot: Pilot, condition: Callable[[], bool], timeout: float = 5.0) -> None:
    """Let the app run until ``condition`` holds; fail after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("condition not reached in time")
        await pilot.pause(0.01)


async def until_true(condition: Callable[[], bool], timeout: float, what: str) -> None:
    """:func:`until` outside an app (a child process, a served tab): let the event loop run
    until ``condition`` holds; fail after ``timeout`` seconds, saying ``what`` was awaited."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"not reached in {timeout:g} s: {what}"
        await asyncio.sleep(0.01)


def until_held(condition: Callable[[], bool], timeout: float, what: str) -> None:
    """:func:`until_true` without an event loop (a tmux terminal): poll ``condition`` until it
    holds; fail after ``timeout`` seconds, saying ``what`` was awaited."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"not reached in {timeout:g} s: {what}"
        time.sleep(0.01)


async def play_screen(pilot: Pilot) -> PlayScreen:
    """The play screen, once it is up."""
    await until(pilot, lambda: isinstance(pilot.app.screen, PlayScreen))
    screen = pilot.app.screen
    assert isinstance(screen, PlayScreen)
    await until(pilot, lambda: bool(screen.query(GridView)))
    return screen


def toasts(app: App[Any]) -> list[str]:
    """The notifications on show, as the player reads them: the text of each toast on the
    current screen, its title (when it has one) on the first line, then its message.

    ``Toast`` is the type Textual documents for styling notifications; a toast is drawn a
    moment after ``notify`` (the notification is a message), and goes when it times out.
    """
    return [str(toast.render()) for toast in app.screen.query("Toast")]


def titled(app: App[Any], title: str) -> list[str]:
    """The messages of the toasts on show with this title."""
    return [text.removeprefix(f"{title}\n") for text in toasts(app)
            if text.startswith(f"{title}\n")]


SCREENSHOT_TEXT = re.compile(r'<text [^>]*?x="([\d.]+)" y="[\d.]+" textLength="([\d.]+)" '
                             r'clip-path="url\(#[\w-]+-line-(\d+)\)">(.*?)</text>')
"""A run of text in the SVG screenshot Textual exports: its x, its length (both in pixels),
its line and its characters (escaped; the spaces between runs are not written)."""


def screen_lines(app: App) -> list[str]:
    """The text of every line of the terminal, read back from the screenshot Textual exports
    of the current screen (what the player sees, as the snapshot tests see it)."""
    width, height = app.size
    lines = [[" "] * width for _ in range(height)]
    for x, length, y, escaped in SCREENSHOT_TEXT.findall(app.export_screenshot()):
        text = html.unescape(escaped).replace("\xa0", " ")
        column = round(float(x) / (float(length) / len(text)))
        lines[int(y)][column:column + len(text)] = text
    return ["".join(line) for line in lines]


def cell_offset(grid: GridView, row: int, column: int) -> tuple[int, int]:
    """Where a cell is drawn inside the grid widget (with no scrolling)."""
    g = grid.geometry
    return (
        grid.clue_columns + g.cell_x(column) + g.cell_width - 1 - int(grid.scroll_x),
        grid.header_lines + g.row_y(row) - int(grid.scroll_y),
    )


def board_text(screen: PlayScreen) -> str:
    """The play screen's board in the text notation."""
    return format_board(screen.session.board.cells)


class Gate:
    """Holds an engine call in its worker thread until the test opens the gate, so that a test
    can act while the worker is busy (change the board, press keys) and then let its answer
    arrive: no sleeps, no races with a fast engine.

    ``hold(call)`` wraps ``call``; the wrapper sets :attr:`entered`, waits for :meth:`open`, then
    runs ``call``. Once open, the gate lets every later call straight through.
    """

    def __init__(self, timeout: float = 90.0) -> None:
        self.entered = threading.Event()
        self.opened = threading.Event()
        self.timeout = timeout

    def hold(self, call: Callable[..., Any]) -> Callable[..., Any]:
        def held(*args: Any) -> Any:
            self.entered.set()
            if not self.opened.wait(self.timeout):
                raise AssertionError("the test never opened the gate")
            return call(*args)

        return held

    def open(self) -> None:
        self.opened.set()


def handled(monkeypatch: pytest.MonkeyPatch, screen_class: type, handler: str) -> list[Any]:
    """The messages a screen's or widget's ``handler`` (``Assistant.on_hint_found``) got, in
    order, appended after the handler returns: waiting on this list is waiting for the handler
    to have run, not for a guess at how long it takes. Patched on the class that defines the
    handler, so Textual dispatches it once."""
    owner = next(c for c in screen_class.__mro__ if handler in c.__dict__)
    original = owner.__dict__[handler]
    calls: list[Any] = []

    def spy(self: Any, message: Any) -> Any:
        result = original(self, message)
        calls.append(message)
        return result

    monkeypatch.setattr(owner, handler, spy)
    return calls
