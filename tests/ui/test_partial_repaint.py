"""The grid repaints only what changed; what the terminal shows must still be right.

The grid caches its lines and asks Textual to repaint only the regions a key touched (the old
and new cursor row and column, changed cells and clues). A region left out would leave stale
characters or a stale highlight on the terminal while every test that reads the model passes.
So these tests run the app with a driver that feeds everything the app writes to a terminal
emulator (pyte), and after each step compare that terminal with a render of the whole screen
from scratch (every cache dropped), written to a second, blank emulator.

Public API does the capturing: a :class:`~textual.driver.Driver` (the app's ``driver_class``,
run with ``run_test(headless=False)``) receives the app's output, and the screen has settled
when :meth:`~textual.pilot.Pilot.pause`, which ends by painting whatever is pending, twice in a
row writes nothing. Only the render from scratch needs Textual's internals (the compositor and the
widgets' style caches, set aside and put back in :func:`fresh_screen`): no public call renders
a screen without its caches. Those internals are why ``pyproject.toml`` pins Textual to one
minor version; :func:`test_textual_is_the_pinned_minor_version` says so when they drift apart.
"""

from __future__ import annotations

import random
import re
import tomllib
from pathlib import Path
from typing import Any

import pyte
import pytest
import textual
from textual.app import App
from textual.driver import Driver
from textual.drivers.headless_driver import HeadlessDriver
from textual.pilot import Pilot

from nonotui.kinds.nonogram.puzzle import Puzzle
from nonotui.ui.clock import Stopwatch
from nonotui.ui.grid import GridView
from nonotui.ui.screens import play
from tests.ui.conftest import app_for, cell_offset, play_screen

REPO = Path(__file__).resolve().parents[2]


class Terminal:
    """A terminal emulator of a fixed size, counting the writes it gets."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.screen = pyte.Screen(width, height)
        self.stream = pyte.Stream(self.screen)
        self.writes = 0

    def feed(self, data: str) -> None:
        self.writes += 1
        self.stream.feed(data)

    def cells(self) -> list[list[Any]]:
        """Every cell as pyte holds it: the character, its colours and attributes."""
        buffer = self.screen.buffer
        return [[buffer[y][x] for x in range(self.width)] for y in range(self.height)]


def terminal_driver(terminal: Terminal) -> type[Driver]:
    """A driver that, unlike the headless one, says it has a terminal, so the app writes its
    frames to it; what it writes goes to ``terminal``. Input comes from Pilot as usual."""

    class TerminalDriver(HeadlessDriver):
        @property
        def is_headless(self) -> bool:
            return False

        def write(self, data: str) -> None:
            terminal.feed(data)

        def flush(self) -> None:
            pass

    return TerminalDriver


def on_terminal(puzzle: Puzzle, size: tuple[int, int],
                monkeypatch: pytest.MonkeyPatch) -> tuple[App, Terminal]:
    """The app playing ``puzzle``, drawing to a terminal emulator in full colour (the app
    reads the colour depth from the environment when it is made), its play clock stopped."""
    terminal = Terminal(*size)
    monkeypatch.setenv("COLORTERM", "truecolor")
    # time stands still: the status line's clock would otherwise change between the last frame
    # and the render from scratch whenever its second ticks over (its repaint is no grid's)
    monkeypatch.setattr(play, "Stopwatch",
                        lambda elapsed=0.0: Stopwatch(elapsed, clock=lambda: 100.0))
    app = app_for(puzzle)
    app.driver_class = terminal_driver(terminal)
    return app, terminal


def fresh_screen(app: App, size: tuple[int, int]) -> list[list[Any]]:
    """The whole screen drawn from scratch, with no cached lines or Strips, as a blank terminal
    shows it.

    The app's own caches are set aside and put back afterwards, untouched: the next steps
    must run on whatever the app had cached, or stale caches would go unnoticed.

    The one place the UI tests use Textual's internals: ``Widget._styles_cache`` (each
    widget's cache of its rendered lines, swapped for a fresh
    ``textual._styles_cache.StylesCache``) and ``Screen._compositor.render_update(full=True)``
    (the whole screen as one update, rendered to segments). No public call renders a screen
    without its caches: ``Widget.refresh()`` drops a widget's cache for good, and the next
    steps would then run on fresh caches; ``App.export_screenshot()`` renders from the caches.
    ``test_textual_is_the_pinned_minor_version`` ties these to the pinned Textual.
    """
    from textual._styles_cache import StylesCache

    screen = app.screen
    widgets = list(screen.walk_children(with_self=True))
    styles_caches = [widget._styles_cache for widget in widgets]
    grids = list(screen.query(GridView))
    painters = [grid._painter for grid in grids]
    try:
        for widget in widgets:
            widget._styles_cache = StylesCache()
        for grid in grids:
            grid._painter = None
        update = screen._compositor.render_update(full=True)
        reference = Terminal(*size)
        reference.feed(update.render_segments(app.console))
    finally:
        for widget, cache in zip(widgets, styles_caches):
            widget._styles_cache = cache
        for grid, painter in zip(grids, painters):
            grid._painter = painter
    return reference.cells()


async def settle(pilot: Pilot, terminal: Terminal) -> None:
    """Let the app handle everything queued and paint until a pause paints nothing.

    Each pause ends by painting what is pending, so a pause that writes nothing leaves the
    terminal up to date; the comparison that follows runs without yielding, so no timer can
    change the screen between this frame and the fresh render.
    """
    quiet = 0
    for _ in range(40):
        before = terminal.writes
        await pilot.pause()
        quiet = quiet + 1 if terminal.writes == before else 0
        if quiet == 2:  # twice: a refresh posted late in one pause is painted in the next
            return
    raise AssertionError("the app kept repainting")


def differences(terminal: Terminal, fresh: list[list[Any]]) -> list[str]:
    out = []
    for y, (shown, right) in enumerate(zip(terminal.cells(), fresh)):
        for x, (a, b) in enumerate(zip(shown, right)):
            if a != b:
                out.append(f"line {y} col {x}: terminal {a}, fresh {b}")
    return out


async def check(pilot: Pilot, terminal: Terminal, size: tuple[int, int]) -> list[str]:
    """Settle, then what the terminal shows that a render from scratch does not."""
    await settle(pilot, terminal)
    return differences(terminal, fresh_screen(pilot.app, size))


def test_textual_is_the_pinned_minor_version() -> None:
    """fresh_screen reaches into Textual's internals, checked against the pinned minor
    version only: moving the pin means checking them again."""
    config = tomllib.loads((REPO / "pyproject.toml").read_text())
    pin, = [d for d in config["project"]["dependencies"] if re.match(r"textual[<>=]", d)]
    bounds = re.fullmatch(r"textual>=(\d+\.\d+)(?:\.\d+)?,<(\d+\.\d+)", pin)
    assert bounds is not None, f"Textual is not pinned to a minor version range: {pin}"
    low, high = bounds.groups()
    version = tuple(int(n) for n in textual.__version__.split(".")[:2])
    assert tuple(map(int, low.split("."))) <= version < tuple(map(int, high.split("."))), (
        f"Textual {textual.__version__} is outside the pin {pin}")


def random_puzzle(size: int, seed: int) -> Puzzle:
    rng = random.Random(seed)
    picture = [[1 if rng.random() < 0.5 else 0 for _ in range(size)] for _ in range(size)]
    return Puzzle.from_picture(picture, title="Random")


STEPS: list[tuple[str, ...]] = [
    ("l",), ("j",), ("f",), ("l", "l", "x"), ("k",), ("h",), ("space",),
    ("shift+right", "shift+right"), ("shift+down",), ("u",), ("u",), ("ctrl+r",),
    ("1", "2", "l"), ("1", "5", "j"), ("f",), ("end",), ("x",), ("home",), ("pagedown",),
    ("m", "l", "l", "l"), ("escape",), ("pageup",), ("backspace",), ("right", "down", "left"),
    ("pageup", "home"), ("4", "0", "shift+down"), ("k",), ("j",), ("4", "0", "shift+right"),
    ("k",), ("u",), ("k",), ("u",),
]
"""Moves in every direction, marks, strokes by key, undo and redo, jumps that scroll, and a
whole column and row filled (their clues change state: the error marks come and go)."""


async def test_the_terminal_shows_what_a_full_repaint_would_after_every_key(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    size = (80, 24)
    app, terminal = on_terminal(random_puzzle(40, 3), size, monkeypatch)
    async with app.run_test(size=size, headless=False) as pilot:
        await play_screen(pilot)
        assert app.console.color_system == "truecolor"
        assert await check(pilot, terminal, size) == []
        assert terminal.writes and "Random" in "".join(terminal.screen.display)
        for keys in STEPS:
            await pilot.press(*keys)
            diff = await check(pilot, terminal, size)
            assert diff == [], f"after {keys}: " + "; ".join(diff[:5])
        # scrolled by the wheel to a column boundary that cuts cells in half, then moved
        grid = app.screen.query_one(GridView)
        while grid.geometry.cell_width != 2:  # zoomed in: wider than the view, it scrolls
            await pilot.press("z")
            assert await check(pilot, terminal, size) == []
        await pilot.press("home", "1", "0", "l")  # room to scroll either way
        for keys in [("l",), ("h",), ("f",), ("h", "h")]:
            before = grid.scroll_x
            grid.scroll_to(x=before + 1, animate=False, immediate=True)
            diff = await check(pilot, terminal, size)
            assert grid.scroll_x == before + 1
            assert diff == [], "scrolled"
            await pilot.press(*keys)
            diff = await check(pilot, terminal, size)
            assert diff == [], f"after scrolling and {keys}: " + "; ".join(diff[:5])


async def test_mouse_strokes_highlights_and_glyph_changes_repaint_correctly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    size = (100, 40)
    app, terminal = on_terminal(random_puzzle(20, 5), size, monkeypatch)
    async with app.run_test(size=size, headless=False) as pilot:
        screen = await play_screen(pilot)
        assert app.console.color_system == "truecolor"
        grid = screen.query_one(GridView)
        await pilot.mouse_down(grid, offset=cell_offset(grid, 3, 2))
        await pilot.hover(grid, offset=cell_offset(grid, 3, 9))
        assert await check(pilot, terminal, size) == []  # mid-drag
        await pilot.hover(grid, offset=cell_offset(grid, 3, 5))  # shorten it again
        await pilot.mouse_up(grid, offset=cell_offset(grid, 3, 5))
        assert await check(pilot, terminal, size) == []
        await pilot.click(grid, offset=cell_offset(grid, 12, 7), button=3)
        assert await check(pilot, terminal, size) == []
        grid.highlight = frozenset({(0, 0), (3, 4), (15, 7)})  # the cursor is in column 7
        assert await check(pilot, terminal, size) == []
        grid.highlight = frozenset({(3, 4)})
        assert await check(pilot, terminal, size) == []
        # a hint's line and a check's wrong marks come and go the same way
        grid.hint_line = frozenset((3, c) for c in range(20)) - {(3, 4)}
        grid.wrong = frozenset({(3, 3), (12, 7), (1, 1)})
        assert await check(pilot, terminal, size) == []
        grid.hint_line, grid.wrong = frozenset(), frozenset({(12, 7)})
        assert await check(pilot, terminal, size) == []
        app.change_setting("glyphs", "ascii")
        assert await check(pilot, terminal, size) == []
