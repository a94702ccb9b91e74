"""The conformance test of the player: a puzzle of every kind the registry knows (nonotui's own
and the test-only Lights kind) is opened, marked with the kind's own first key, undone, hinted,
left and resumed, through the keys a person presses (the command line's is
``tests/unit/kinds/test_every_kind_commands.py``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from nonotui import kinds
from nonotui.store import DataDir
from nonotui.ui.app import make_app
from tests.kind_samples import every_kind, sample_file
from tests.lights_kind import LIGHTS
from tests.ui.conftest import play_screen, until

NAMES = [*kinds.names(), LIGHTS.name]


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    with every_kind():
        yield


@pytest.mark.parametrize("name", NAMES)
async def test_every_kind_is_marked_hinted_left_and_resumed(name: str, tmp_path: Path,
                                                            data_dir: DataDir) -> None:
    puzzle = kinds.open_one(str(sample_file(name, tmp_path)))
    game = kinds.open_game(puzzle)
    first = game.key_rules.marks[0]
    mask = next(v.mask for v in game.values if v.name == first.value)
    unknown = game.new_board()
    async with make_app(puzzle, "sample").run_test(size=(100, 36)) as pilot:
        screen = await play_screen(pilot)
        assert screen.session.board == unknown
        await pilot.press(first.keys[0])
        assert int(screen.session.board.cells[0, 0]) == mask  # the cursor starts top left
        await pilot.press("u")
        assert screen.session.board == unknown
        await pilot.press(first.keys[0])
        await until(pilot, lambda: pilot.app.engine_ready, 60)
        await pilot.press("i")
        await until(pilot, lambda: screen.session.progress.hints == 1 or bool(
            screen.grid.highlight) or bool(screen.status.message), 30)
        await pilot.press("q")
    async with make_app(puzzle, "sample").run_test(size=(100, 36)) as pilot:
        screen = await play_screen(pilot)
        assert int(screen.session.board.cells[0, 0]) == mask
        assert screen.session.progress.kind == name
