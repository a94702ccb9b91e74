"""Quitting never waits for a compile (DECISIONS.md, "Ready at once"): ``q``, ctrl+c, SIGTERM,
SIGHUP, SIGINT and a closed browser tab save and end the player at once while a thread of the
engine is stuck in a step that cannot be interrupted (numba's compiler), as on a first start.

The stuck step blocks for a minute and never looks at its stop flag; the bound on each exit is
far below that (machines are noisy: no tight timing is asserted), so a test fails whenever the
exit waits for the thread. In a child process the step is put first in the warm-up by
``tests/ui/compiling_child.py``.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from benchmarks.crash import KEYS, LEAVE_ALT_SCREEN, Player
from nonotui.model.kind import Stop
from nonotui.store import DataDir, ProgressStore
from nonotui.store.autosave import SaveSchedule
from nonotui.store.catalog import Catalog
from nonotui.ui import assist, ending
from tests.ui.compiling_child import BLOCK
from tests.ui.conftest import PLUS, app_for, play_screen, until, until_true

BOUND = 10.0
"""Seconds an exit may take here (about 1 s on a loaded 2-core machine): far below ``BLOCK``."""

CHILD = Path(__file__).with_name("compiling_child.py")
PUZZLE = "heart"


def saved_moves(data_dir: DataDir, puzzle: Any) -> int | None:
    path = ProgressStore(data_dir.progress).path_for(puzzle.identity)
    return json.loads(path.read_text())["moves"] if path.exists() else None


# -- in the app: q while a worker compiles ---------------------------------------------------------

ASKED = {"warm-up": None, "hint": "i", "check": "c", "auto-solve": "S"}
"""Where the stuck step is: the warm-up, or the engine call behind the key that asks for it."""


@pytest.mark.parametrize("where", list(ASKED))
def test_q_returns_at_once_saved_while_an_engine_worker_compiles(
    data_dir: DataDir, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    entered, release = threading.Event(), threading.Event()

    def compiling(*_args: Any) -> None:  # ignores its stop flag, as numba's compiler does
        entered.set()
        release.wait(BLOCK)

    def stuck(_should_stop: Stop) -> None:
        compiling()

    key = ASKED[where]
    if key is None:
        monkeypatch.setattr(assist, "_steps", lambda first: [("compiling", stuck)])
    else:
        monkeypatch.setattr(assist, "_steps", lambda first: [])
        monkeypatch.setattr(assist, {"i": "hint", "c": "check", "S": "solve_plan"}[key], compiling)
    quit_at: list[float] = []

    async def play(pilot: Pilot[int]) -> None:
        screen = await play_screen(pilot)
        screen.keeper.schedule = SaveSchedule(clock=lambda: 0.0)  # saved by q alone
        await pilot.press("f")  # one move
        if key is not None:
            await until(pilot, lambda: pilot.app.engine_ready, 60)
            await pilot.press(key)
        await until(pilot, entered.is_set, 60)
        assert screen.unsaved
        quit_at.append(time.monotonic())
        await pilot.press("q")

    app = app_for()
    try:
        code = ending.run(app, headless=True, size=(100, 40), auto_pilot=play)
        took = time.monotonic() - quit_at[0]
        assert not release.is_set()  # the step is still stuck: nothing waited for it
        assert code == 0 and took < BOUND, f"q took {took:.1f} s"
        assert saved_moves(data_dir, PLUS) == 1
    finally:
        release.set()


# -- the real process in a terminal: q, ctrl+c and signals while the warm-up compiles -------------

ENDINGS = {"q": 0, "ctrl+c": 0, "SIGTERM": 143, "SIGHUP": 129, "SIGINT": 130}
"""How the player is ended, and the exit status it must end with."""


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
@pytest.mark.parametrize("how", list(ENDINGS))
def test_the_player_ends_at_once_saved_while_its_warm_up_compiles(
    tmp_path: Path, how: str
) -> None:
    folder = tmp_path / "player"
    marker = tmp_path / "compiling"
    puzzle, _ = Catalog(DataDir(folder)).resolve(PUZZLE)
    player = Player(PUZZLE, folder, command=(str(CHILD), str(marker)))
    try:
        assert player.wait_for(b"0 moves", 60), "the play screen did not show"
        deadline = time.monotonic() + 60
        while not marker.exists():
            assert time.monotonic() < deadline, "the warm-up never reached its stuck step"
            player.pump(0.05)
        player.send(KEYS["fill"])
        assert player.wait_for(b"1 move", 30), "the move was not shown"
        shown = len(player.output)
        start = time.monotonic()
        if how == "q":
            player.send(b"q")
        elif how == "ctrl+c":
            player.send(b"\x03")
        elif how == "SIGHUP":
            player.hang_up()  # the terminal window closes
        else:
            os.kill(player.pid, getattr(signal, how))
        status = player.wait(BOUND)
        took = time.monotonic() - start
        assert status is not None, f"{how}: still running after {BOUND:g} s"
        assert status == ENDINGS[how], f"{how}: exit status {status} after {took:.1f} s"
        if how != "SIGHUP":
            assert LEAVE_ALT_SCREEN in player.output[shown:], "the terminal was not restored"
    finally:
        player.kill()
    assert saved_moves(DataDir(folder), puzzle) == 1


# -- a closed browser tab -----------------------------------------------------------------------


@pytest.mark.skipif(sys.platform == "win32", reason="a closed tab's player is sent SIGHUP")
async def test_a_closed_browser_tab_ends_its_player_at_once_while_it_compiles(
    data_dir: DataDir, tmp_path: Path
) -> None:
    """What ``nonotui serve`` does when a tab closes, without a browser: the server's own
    per-tab player (the one it makes for each tab's connection) runs the player, then is ended
    as the server ends it when the tab's connection ends: SIGHUP, the player's save-and-quit
    path (exit code 128 + 1, not killed)."""
    from textual_serve.download_manager import DownloadManager

    from nonotui.cli.webserve import Player

    marker = tmp_path / "compiling"
    puzzle, _ = Catalog(data_dir).resolve(PUZZLE)
    screen = bytearray()

    async def write_bytes(data: bytes) -> None:
        screen.extend(data)

    async def write_str(_text: str) -> None:
        return None

    async def close() -> None:
        return None

    async def shown(what: bytes, timeout: float) -> None:
        await until_true(lambda: what in screen, timeout, f"{what!r} shown")

    tab = Player([sys.executable, str(CHILD), str(marker), "play", PUZZLE],
                 write_bytes=write_bytes, write_str=write_str, close=close,
                 download_manager=DownloadManager())
    await tab.start(100, 40)
    process = tab.process
    assert process is not None
    try:
        await shown(b"0 moves", 60)
        await until_true(marker.exists, 60, "the warm-up's stuck step")
        await tab.send_bytes(KEYS["fill"])
        await shown(b"1 move", 30)
        ending_ = asyncio.ensure_future(tab.end())
        await until_true(lambda: ending_.done() and process.returncode is not None, BOUND,
                         "the tab's player ended")
        assert process.returncode == 128 + signal.SIGHUP
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
    assert saved_moves(data_dir, puzzle) == 1
