"""The app in fixed states, for pictures: tools/screenshots.py saves them as SVG for the docs and
tests/snapshots compares them with the kept snapshots.

Five screens: the library, a puzzle in play with a hint shown, the finish screen, an Aquarium
puzzle with a hint shown (``aquarium``), and a 55-column puzzle at one character per cell with
its stacked two-digit column clues (``wide``). Each is
reached the same way every time: the data folder is ``data`` relative to the working folder
(the caller changes to an empty temporary folder, so the path the library prints is always
``data/puzzles``), the play clock is frozen at 0:00, and each state waits until the app's
background work (the library's grades, the solver's warm-up, the hint, the finish screen's
grade) is done, so no "..." or "preparing the solver" is caught half-way.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from nonotui import kinds
from nonotui.kinds.nonogram.formats import load
from nonotui.kinds.nonogram.puzzle import Puzzle
from nonotui.store import DataDir
from nonotui.ui.app import NonotuiApp, make_app
from nonotui.ui.clock import Stopwatch
from nonotui.ui.screens.finish import FinishScreen
from nonotui.ui.screens.library import LibraryScreen
from nonotui.ui.screens.play import PlayScreen

SCREENS = ("library", "hint", "finish", "aquarium", "wide", "make", "make-unique",
           "make-aquarium")
THEMES = ("textual-dark", "textual-light")
PUZZLES = Path(__file__).resolve().parents[1] / "puzzles"
DATA = Path("data")
"""The data folder, relative to the working folder the caller chose."""
WAIT = 600.0
"""Seconds to wait for background work (the first run compiles the solver's kernels)."""

HINTS_APPLIED = 2
"""The hint screen: this many hints applied before the one shown."""
HEART = ["01010", "11111", "11111", "01110", "00100"]
"""The bundled Heart's solution (its goal line), played to reach the finish screen."""


@contextmanager
def frozen_clock() -> Iterator[None]:
    """The play clock stands still at 0:00 (every stopwatch made meanwhile reads a fixed time)."""
    before = Stopwatch.__init__.__defaults__
    Stopwatch.__init__.__defaults__ = (0.0, lambda: 0.0)
    try:
        yield
    finally:
        Stopwatch.__init__.__defaults__ = before


def wide_puzzle(width: int = 55, height: int = 60) -> Puzzle:
    """A ``width`` x ``height`` staircase (column ``c`` filled from the top for ``height - c``
    cells): two-digit column clues, as webpbn-01611 (55x60) has."""
    return Puzzle.from_picture([[1 if r < height - c else 0 for c in range(width)]
                                for r in range(height)], title="Staircase")


BOAT = [
    "...............",
    ".......#.......",
    ".......##......",
    ".......###.....",
    ".....#.####....",
    "....##.#####...",
    "...###.######..",
    "..####.#######.",
    ".......#.......",
    "###############",
    ".#############.",
    "..###########..",
    "...............",
    ".##..##..##..##",
    "##..##..##..##.",
]
"""The Make screen's drawing: a sailboat on waves (the waves have a second solution)."""


def boat_screen() -> Any:
    from nonotui.model.kind import Drawing
    from nonotui.ui.screens.make import MakeScreen

    maker = kinds.get("nonogram").maker()
    drawing = Drawing.blank(15, 15, maker.palette(False)).changed(
        [(r, c, 1) for r, row in enumerate(BOAT) for c, ch in enumerate(row) if ch == "#"])
    return MakeScreen(drawing, title="Sailboat")


def guppy_screen() -> Any:
    """The Make screen on the bundled Guppy Aquarium: its tanks and water, drawn to edit."""
    from nonotui.ui.screens.make import MakeScreen

    guppy = kinds.open_one(str(PUZZLES / "guppy.aq"))
    kind = kinds.get("aquarium")
    return MakeScreen(kind.maker().drawing_of(guppy), kind, title=guppy.title)


def app_for(screen: str) -> NonotuiApp:
    """A fresh app for ``screen``: the library, House (the hint), Heart (the finish), Guppy (the
    Aquarium hint) or a 55x60 staircase (the wide board)."""
    data = DataDir(DATA)
    if screen == "make-aquarium":
        return make_app(None, data_dir=data, make=guppy_screen())
    if screen.startswith("make"):
        return make_app(None, data_dir=data, make=boat_screen())
    if screen == "library":
        return make_app(None, data_dir=data)
    if screen == "wide":
        return make_app(wide_puzzle(), "Staircase", data_dir=data)
    if screen == "aquarium":
        guppy = kinds.open_one(str(PUZZLES / "guppy.aq"))
        return make_app(guppy, guppy.title, data_dir=data)
    name = {"hint": "house", "finish": "heart"}[screen]
    loaded = load(PUZZLES / f"{name}.non")
    return make_app(loaded, loaded.title, data_dir=data)


async def until(pilot: Pilot[Any], condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError(f"not reached in {WAIT:.0f} s: {what}")
        await pilot.pause(0.05)


def setup(screen: str, theme: str = THEMES[0]) -> Callable[[Pilot[Any]], Awaitable[None]]:
    """What to do with a fresh ``app_for(screen)`` to reach the state (a ``run_before`` for
    pytest-textual-snapshot)."""

    async def reach(pilot: Pilot[Any]) -> None:
        app = pilot.app
        assert isinstance(app, NonotuiApp)
        app.theme = theme
        if screen.startswith("make"):
            await _make(pilot, unique=screen == "make-unique")
        elif screen == "library":
            await until(pilot, lambda: isinstance(app.screen, LibraryScreen)
                        and bool(app.screen.shown), "the library")
            library = app.screen
            assert isinstance(library, LibraryScreen)
            await until(pilot, lambda: not library.grading and bool(library.graded), "grades")
        else:
            await until(pilot, lambda: isinstance(app.screen, PlayScreen), "the play screen")
            play = app.screen
            assert isinstance(play, PlayScreen)
            await until(pilot, lambda: app.engine_ready, "the solver's warm-up")
            # the clue guide (counts dimmed when met) starts when the play screen hears the
            # solver is ready, a moment after the app does
            await until(pilot, lambda: play.assistant.guiding, "the clue guide")
            if screen in ("hint", "aquarium"):
                await _hints(pilot, play)
            elif screen == "finish":
                await _finish(pilot)
            if isinstance(app.screen, PlayScreen):
                # draw the whole board once more: which margins the partial repaints had
                # redrawn by now depends on when the clue guide started (a dimmed count could
                # show undimmed in one run of the Aquarium screen and dimmed in the next)
                play.grid.repaint_all()
        await pilot.pause()
        await pilot.wait_for_scheduled_animations()

    return reach


async def _make(pilot: Pilot[Any], unique: bool) -> None:
    """The sailboat drawn: its verdict (several solutions, the differing cells highlighted), or
    after "make unique" and enter, unique with its grade."""
    from nonotui.ui.screens.make import MakeScreen

    app = pilot.app
    await until(pilot, lambda: isinstance(app.screen, MakeScreen), "the Make screen")
    make = app.screen
    assert isinstance(make, MakeScreen)

    def settled() -> bool:
        v = make.verdict
        return v is not None and (v.status != "unique" or make.rating is not None)

    await until(pilot, settled, "the verdict")
    if unique:
        await pilot.press("U")
        await until(pilot, lambda: make.proposal is not None, "make unique")
        await pilot.press("enter")
        await until(pilot, settled, "the verdict and the grade")
    make.grid.repaint_all()


async def _hints(pilot: Pilot[Any], play: PlayScreen) -> None:
    for applied in range(HINTS_APPLIED + 1):
        await pilot.press("i")
        await until(pilot, lambda: play.assistant.hint is not None, "a hint")
        if applied < HINTS_APPLIED:
            await _apply(pilot, play)


async def _apply(pilot: Pilot[Any], play: PlayScreen) -> None:
    before = play.session.progress.moves
    await pilot.press("i")
    await until(pilot, lambda: play.session.progress.moves > before, "the hint applied")


async def _finish(pilot: Pilot[Any]) -> None:
    keys: list[str] = []
    for r, row in enumerate(HEART):
        for c, cell in enumerate(row):
            if cell == "1":
                keys.append("space")
            if c < len(row) - 1:
                keys.append("l")
        if r < len(HEART) - 1:
            keys += ["j", "home"]
    await pilot.press(*keys)
    app = pilot.app
    await until(pilot, lambda: isinstance(app.screen, FinishScreen), "the finish screen")
    finish = app.screen
    assert isinstance(finish, FinishScreen)
    await until(pilot, lambda: bool(finish.grade_text), "the finish screen's grade")
