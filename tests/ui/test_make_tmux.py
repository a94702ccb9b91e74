"""``nonotui make`` in a real terminal (tmux): a person draws a 15x15 picture with the keys,
sees it made unique, reads its grade, saves it, and ``nonotui play CODE`` opens its share code
in a second terminal. Skipped where tmux is missing. The verdict is checked with the naive
oracle on the saved file."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from nonotui import kinds
from nonotui.kinds.nonogram.puzzle import Puzzle
from tests.naive_count import count
from tests.ui.conftest import until_held

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")

WAIT = 30.0


class Terminal:
    """One tmux session of 110x40 running a command, with its own socket."""

    def __init__(self, socket: Path, name: str) -> None:
        self.socket, self.name = str(socket), name

    def tmux(self, *args: str) -> str:
        return subprocess.run(["tmux", "-S", self.socket, *args], check=True,
                              capture_output=True, text=True).stdout

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-J", "-t", self.name)

    def wait(self, needle: str) -> str:
        shown = [""]

        def showing() -> bool:
            shown[0] = self.screen()
            return needle in shown[0]

        try:
            until_held(showing, WAIT, f"{needle!r} shown")
        except AssertionError as error:
            raise AssertionError(f"{error}; the screen:\n{shown[0]}") from None
        return shown[0]

    def keys(self, *keys: str) -> None:
        # all to the same widget, so they are taken in order; a key that opens or closes a
        # screen is followed by a wait for it
        self.tmux("send-keys", "-t", self.name, *keys)

    def text(self, text: str) -> None:
        self.tmux("send-keys", "-t", self.name, "-l", text)


@pytest.fixture
def socket(tmp_path: Path) -> Iterator[Path]:
    """A tmux server of the test's own, killed with its sessions afterwards."""
    path = tmp_path / "tmux.sock"
    yield path
    subprocess.run(["tmux", "-S", str(path), "kill-server"], capture_output=True)


def start(socket: Path, name: str, data: Path, *args: str) -> Terminal:
    env = {"NONOTUI_DATA_DIR": str(data), "TERM": "xterm-256color",
           "XDG_CACHE_HOME": os.environ.get("XDG_CACHE_HOME", "")}
    exports = " ".join(f"{k}='{v}'" for k, v in env.items() if v)
    command = f"env {exports} {sys.executable} -m nonotui {' '.join(args)}"
    subprocess.run(["tmux", "-S", str(socket), "new-session", "-d", "-s", name, "-x", "110", "-y", "40", command], check=True)
    return Terminal(socket, name)


def test_a_picture_drawn_in_the_terminal_made_unique_saved_and_played_from_its_code(
        socket: Path, tmp_path: Path) -> None:
    data = tmp_path / "data"
    maker = start(socket, "make", data, "make", "15x15")
    maker.wait("15x15 · row 1, column 1")
    # a 3x3 box (v marks a corner, b fills to the cursor) and two dots on a diagonal, which
    # their mirror image matches
    maker.keys("v", "j", "j", "l", "l", "b", "j", "j", "j", "l", "l", "l", "space", "j", "l",
               "space")
    maker.wait("Several solutions")
    maker.keys("U")
    maker.wait("Make unique: ")
    maker.keys("Enter")
    maker.wait("Unique: one solution")
    shown = maker.wait("Grade ")
    assert "hardest:" in shown or "Grade 0" in shown
    maker.keys("w")
    maker.wait("Save to your puzzles")
    # typed at once, as a fast typist or a paste would: tab must move on before "Terminal"
    maker.text("Box and dot")
    maker.keys("Tab")
    maker.text("Terminal")
    maker.keys("Enter")
    maker.wait("saved to")
    saved = data / "puzzles" / "box-and-dot.non"
    (puzzle,) = kinds.load_all(saved)
    assert isinstance(puzzle, Puzzle) and count(puzzle.rows, puzzle.columns, cap=2) == 1
    assert (puzzle.title, puzzle.author) == ("Box and dot", "Terminal")
    maker.keys("S")
    maker.wait("nonotui:1:")
    code = kinds.share_code(puzzle)
    # a second person, in another terminal, plays it from the code
    player = start(socket, "play", tmp_path / "data2", "play", f"'{code}'")
    player.wait("Box and dot")
    player.wait("15x15")
