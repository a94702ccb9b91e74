"""The grid repaints only what changed; what the terminal shows must still be right.

The grid caches its lines and asks Textual to repaint only the regions a key touched (the old
and new cursor row and column, changed cells and clues). A region left out would leave stale
characters or a stale highlight on the terminal while every test that reads the model passes.
So these tests keep a mirror of the terminal: every update the app sends is applied to a grid
of (character, style) cells, exactly as Textual writes it, and after each step the mirror is
compared with a render of the whole screen from scratch (every cache dropped).
"""

from __future__ import annotations

import random

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual._compositor import ChopsUpdate, CompositorUpdate, LayoutUpdate
from textual._styles_cache import StylesCache
from textual.app import App
from textual.pilot import Pilot
from textual.strip import Strip

from nonotui.model import Puzzle
from nonotui.ui.grid import GridView
from tests.ui.conftest import app_for, cell_offset, play_screen

Cell = tuple[str, Style | None]


class TerminalMirror:
    """The screen as a terminal would hold it after the app's updates."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.cells: list[list[Cell]] = [[(" ", None)] * width for _ in range(height)]

    def _write(self, x: int, y: int, segments: Strip | list[Segment]) -> None:
        for text, style, control in segments:
            if control:
                continue
            for char in text:
                if 0 <= x < self.width:
                    self.cells[y][x] = (char, style)
                x += cell_len(char)

    def apply(self, update: CompositorUpdate) -> None:
        """Write an update as the driver would (mirrors Textual's ``render_segments``)."""
        if isinstance(update, LayoutUpdate):
            for y, line in enumerate(update.strips, update.region.y):
                x = update.region.x
                for strip in line:
                    self._write(x, y, strip)
                    x += strip.cell_length
        elif isinstance(update, ChopsUpdate):
            for y, x1, x2 in update.spans:
                for end, (x, strip) in zip(update.chop_ends[y], update.chops[y].items()):
                    if strip is None or x > x2 or end <= x1:
                        continue
                    if not (x2 > x >= x1 and end <= x2):
                        strip = strip.crop(0, min(end, x2) - x)
                    self._write(x, y, strip)

    def rows(self) -> list[list[Cell]]:
        return [list(row) for row in self.cells]


def mirror_app(app: App, size: tuple[int, int]) -> TerminalMirror:
    """Attach a mirror to everything ``app`` sends to the terminal."""
    mirror = TerminalMirror(*size)
    display = app._display

    def displayed(screen, renderable):  # type: ignore[no-untyped-def]
        if isinstance(renderable, CompositorUpdate):
            mirror.apply(renderable)
        display(screen, renderable)

    app._display = displayed  # type: ignore[method-assign]
    return mirror


def fresh_screen(app: App, size: tuple[int, int]) -> list[list[Cell]]:
    """The whole screen drawn from scratch, with no cached lines or Strips.

    The app's own caches are set aside and put back afterwards, untouched: the next steps
    must run on whatever the app had cached, or stale caches would go unnoticed.
    """
    screen = app.screen
    assert not repaint_pending(app)
    widgets = list(screen.walk_children(with_self=True))
    styles_caches = [widget._styles_cache for widget in widgets]
    grids = list(screen.query(GridView))
    painters = [grid._painter for grid in grids]
    try:
        for widget in widgets:
            widget._styles_cache = StylesCache()
        for grid in grids:
            grid._painter = None
        reference = TerminalMirror(*size)
        reference.apply(screen._compositor.render_update(full=True))
    finally:
        for widget, cache in zip(widgets, styles_caches):
            widget._styles_cache = cache
        for grid, painter in zip(grids, painters):
            grid._painter = painter
    return reference.rows()


def repaint_pending(app: App) -> bool:
    """Whether some widget has changed since the last frame (the clock ticks, too)."""
    screen = app.screen
    return bool(
        screen._compositor._dirty_regions
        or screen._dirty_widgets
        or any(widget._repaint_required for widget in screen.walk_children(with_self=True))
    )


async def settle(pilot: Pilot) -> None:
    """Let the app handle everything queued and paint until nothing is left to paint.

    The comparison that follows runs without yielding, so no timer can change the screen
    between this frame and the fresh render.
    """
    await pilot.pause()
    for _ in range(20):
        if not repaint_pending(pilot.app):
            return
        await pilot.pause()
    raise AssertionError("the app kept repainting")


def differences(mirror: TerminalMirror, fresh: list[list[Cell]]) -> list[str]:
    out = []
    for y, (shown, right) in enumerate(zip(mirror.rows(), fresh)):
        for x, (a, b) in enumerate(zip(shown, right)):
            if a != b:
                out.append(f"line {y} col {x}: terminal {a[0]!r} {a[1]}, fresh {b[0]!r} {b[1]}")
    return out


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


async def test_the_terminal_shows_what_a_full_repaint_would_after_every_key() -> None:
    size = (80, 24)
    app = app_for(random_puzzle(40, 3))
    mirror = mirror_app(app, size)
    async with app.run_test(size=size) as pilot:
        await play_screen(pilot)
        await settle(pilot)
        assert differences(mirror, fresh_screen(app, size)) == []
        for keys in STEPS:
            await pilot.press(*keys)
            await settle(pilot)
            diff = differences(mirror, fresh_screen(app, size))
            assert diff == [], f"after {keys}: " + "; ".join(diff[:5])
        # scrolled by the wheel to a column boundary that cuts cells in half, then moved
        grid = app.screen.query_one(GridView)
        await pilot.press("home", "1", "0", "l")  # room to scroll either way
        for keys in [("l",), ("h",), ("f",), ("h", "h")]:
            before = grid.scroll_x
            grid.scroll_to(x=before + 1, animate=False, immediate=True)
            await settle(pilot)
            assert grid.scroll_x == before + 1
            assert differences(mirror, fresh_screen(app, size)) == [], "scrolled"
            await pilot.press(*keys)
            await settle(pilot)
            diff = differences(mirror, fresh_screen(app, size))
            assert diff == [], f"after scrolling and {keys}: " + "; ".join(diff[:5])


async def test_mouse_strokes_highlights_and_glyph_changes_repaint_correctly() -> None:
    size = (100, 40)
    app = app_for(random_puzzle(20, 5))
    mirror = mirror_app(app, size)
    async with app.run_test(size=size) as pilot:
        screen = await play_screen(pilot)
        grid = screen.query_one(GridView)
        await pilot.mouse_down(grid, offset=cell_offset(grid, 3, 2))
        await pilot.hover(grid, offset=cell_offset(grid, 3, 9))
        await settle(pilot)
        assert differences(mirror, fresh_screen(app, size)) == []  # mid-drag
        await pilot.hover(grid, offset=cell_offset(grid, 3, 5))  # shorten it again
        await pilot.mouse_up(grid, offset=cell_offset(grid, 3, 5))
        await settle(pilot)
        assert differences(mirror, fresh_screen(app, size)) == []
        await pilot.click(grid, offset=cell_offset(grid, 12, 7), button=3)
        await settle(pilot)
        assert differences(mirror, fresh_screen(app, size)) == []
        grid.highlight = frozenset({(0, 0), (3, 4), (15, 7)})  # the cursor is in column 7
        screen._redraw()
        await settle(pilot)
        assert differences(mirror, fresh_screen(app, size)) == []
        grid.highlight = frozenset({(3, 4)})
        screen._redraw()
        await settle(pilot)
        assert differences(mirror, fresh_screen(app, size)) == []
        # a hint's line and a check's wrong marks come and go the same way
        grid.hint_line = frozenset((3, c) for c in range(20)) - {(3, 4)}
        grid.wrong = frozenset({(3, 3), (12, 7), (1, 1)})
        screen._redraw()
        await settle(pilot)
        assert differences(mirror, fresh_screen(app, size)) == []
        grid.hint_line, grid.wrong = frozenset(), frozenset({(12, 7)})
        screen._redraw()
        await settle(pilot)
        assert differences(mirror, fresh_screen(app, size)) == []
        app.change_setting("glyphs", "ascii")
        await settle(pilot)
        assert differences(mirror, fresh_screen(app, size)) == []
