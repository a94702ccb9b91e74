"""The Learn screen draws its list once the lessons are loaded (issue 33, item 1): it showed
only its loading dots until a key or a resize repainted it, at 80x24, 120x40 and in the
browser. Under Pilot the list was drawn; only the real player in a terminal showed the bug, so
this test runs the player in a pseudo-terminal and reads its screen with a terminal emulator
(pyte)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pyte
import pytest

from benchmarks.crash import Player
from nonotui.kinds.nonogram.engine.techniques import RULES


def _screen(player: Player, size: tuple[int, int]) -> str:
    screen = pyte.Screen(*size)
    pyte.ByteStream(screen).feed(bytes(player.output))
    return "\n".join(screen.display)


def _wait_shown(player: Player, size: tuple[int, int], *texts: str, timeout: float = 60) -> str:
    """Pump the player's output until every one of ``texts`` is on its screen; the screen."""
    deadline = time.monotonic() + timeout
    shown = ""
    while time.monotonic() < deadline:
        player.pump(0.2)
        shown = _screen(player, size)
        if all(text in shown for text in texts):
            break
    return shown


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_the_learn_list_is_drawn_once_loaded(tmp_path: Path, size: tuple[int, int]) -> None:
    first, second = list(RULES)[:2]
    player = Player(None, tmp_path / "data", size=size)
    try:
        library = _wait_shown(player, size, "Heart")
        assert "Heart" in library, f"the library was not drawn:\n{library}"
        player.send(b"l")
        shown = _wait_shown(player, size, first, second)
        assert first in shown and second in shown, f"the lessons were never drawn:\n{shown}"
        assert "● ● ●" not in shown, f"the loading dots stayed:\n{shown}"
    finally:
        player.kill()
