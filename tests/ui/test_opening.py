"""Opening puzzles and scanning the library off the event loop: a hostile file, a FIFO or a link
to /dev/zero never freezes the player, and what cannot be opened is said in one short line."""

from __future__ import annotations

import os
import re
import threading
from pathlib import Path

import pytest

from nonotui import kinds
from nonotui.kinds.nonogram import formats
from nonotui.store import DataDir, ProgressStore
from nonotui.store.catalog import Catalog
from nonotui.ui.app import make_app
from nonotui.ui.screens.dialogs import MessageScreen
from nonotui.ui.screens.library import LibraryScreen
from nonotui.ui.screens.opening import OpeningScreen
from tests import hostile
from tests.ui.conftest import PLUS, play_screen, toasts, until

PYTHON_WORDS = re.compile(r"Errno|codec|\b0x[0-9a-f]|Traceback", re.IGNORECASE)


class Gate:
    """Holds a worker inside a call until the test opens the gate."""

    def __init__(self) -> None:
        self.entered = threading.Event()
        self.open = threading.Event()

    def wrap(self, real):  # type: ignore[no-untyped-def]
        def held(*args, **kwargs):  # type: ignore[no-untyped-def]
            self.entered.set()
            assert self.open.wait(30), "the test never opened the gate"
            return real(*args, **kwargs)

        return held


async def test_a_hostile_file_opens_in_a_worker_while_a_timer_ticks(
    short_tmp: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = hostile.long_clue(short_tmp, "non")  # the five-million-ones file, cut to 2 MiB
    gate = Gate()
    monkeypatch.setattr(kinds, "load_all", gate.wrap(kinds.load_all))
    app = make_app()
    ticks: list[int] = []
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LibraryScreen))
        app.set_interval(0.01, lambda: ticks.append(1))
        await pilot.press("o", *str(path), "enter")
        await until(pilot, lambda: isinstance(app.screen, OpeningScreen))
        label = str(app.screen.query_one("#opening").render())
        assert label.startswith("opening ") and label.endswith("...")
        await until(pilot, gate.entered.is_set)
        before = len(ticks)
        # The worker is inside the parser; the event loop must keep running meanwhile.
        await until(pilot, lambda: len(ticks) >= before + 5)
        assert isinstance(app.screen, OpeningScreen)
        gate.open.set()
        await until(pilot, lambda: isinstance(app.screen, MessageScreen), timeout=30)
        message = app.screen.message
        assert "a clue of 1,04" in message and "numbers cannot fit a line of 5 cells" in message
        assert str(path) in message and len(message) < 300 and "\n" not in message
        assert not PYTHON_WORDS.search(message)
        await pilot.press("enter")  # closing it is as quick as any dialog
        await until(pilot, lambda: isinstance(app.screen, LibraryScreen))


@pytest.mark.parametrize("make", [hostile.dev_zero_link, hostile.fifo, hostile.five_million_ones])
async def test_unreadable_files_from_the_open_dialog_say_why_in_one_line(
    short_tmp: Path, make
) -> None:  # type: ignore[no-untyped-def]
    path = make(short_tmp)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LibraryScreen))
        await pilot.press("o", *str(path), "enter")
        await until(pilot, lambda: isinstance(app.screen, MessageScreen), timeout=30)
        message = app.screen.message
        assert message.startswith(f"{path}: ") and len(message) < 200
        assert not PYTHON_WORDS.search(message)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, LibraryScreen))


async def test_escape_stops_waiting_and_the_lock_is_given_back(
    short_tmp: Path, monkeypatch: pytest.MonkeyPatch, data_dir: DataDir
) -> None:
    path = short_tmp / "plus.non"
    path.write_text(formats.dump(PLUS, "non"))
    gate = Gate()
    monkeypatch.setattr(kinds, "load_all", gate.wrap(kinds.load_all))
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LibraryScreen))
        await pilot.press("o", *str(path), "enter")
        await until(pilot, gate.entered.is_set)
        opening = app.screen
        assert isinstance(opening, OpeningScreen)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, LibraryScreen))
        gate.open.set()
        await until(pilot, lambda: all(w.is_finished for w in app.workers if w.group == "open"))
        await pilot.pause()
        assert isinstance(app.screen, LibraryScreen)  # the answer was dropped
    lock = ProgressStore(data_dir.progress).lock_for(PLUS.identity)
    lock.acquire()  # the dropped open released its lock
    lock.release()


async def test_the_library_scan_runs_off_the_event_loop_and_notes_what_it_skips(
    data_dir: DataDir, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = data_dir.puzzles
    folder.mkdir(parents=True)
    hostile.dev_zero_link(folder)  # zero.non
    hostile.fifo(folder)  # pipe.non
    hostile.long_clue(folder, "nin")
    (folder / "plus.non").write_text(formats.dump(PLUS, "non"))
    (folder / "README.md").write_text("my puzzles")
    (folder / "old").mkdir()
    # A FIFO where the plus puzzle's progress belongs blocked the library's summaries.
    progress = ProgressStore(data_dir.progress).path_for(PLUS.identity)
    progress.parent.mkdir(parents=True)
    os.mkfifo(progress)
    gate = Gate()
    monkeypatch.setattr(Catalog, "scan_user", gate.wrap(Catalog.scan_user))
    app = make_app()
    ticks: list[int] = []
    async with app.run_test(size=(120, 30), notifications=True) as pilot:
        app.set_interval(0.01, lambda: ticks.append(1))
        await until(pilot, lambda: isinstance(app.screen, LibraryScreen) and gate.entered.is_set())
        library = app.screen
        assert library.scanning
        before = len(ticks)
        await until(pilot, lambda: len(ticks) >= before + 5)
        gate.open.set()
        await until(pilot, lambda: not library.scanning and bool(library.shown), timeout=30)
        rows = {r.entry.name: r for r in library.rows if r.entry.source == "user"}
        assert set(rows) == {"zero.non", "pipe.non", "long-clue-nin.nin", "plus.non"}
        for name, words in (("zero.non", "a device"), ("pipe.non", "named pipe"),
                            ("long-clue-nin.nin", "numbers cannot fit")):
            assert rows[name].progress_text() == "cannot read file"
            assert words in rows[name].entry.error and len(rows[name].entry.error) < 300
        assert rows["plus.non"].progress_text() == "save unreadable"
        await until(pilot, lambda: any("Skipped in" in n for n in toasts(app)))
        note = next(n for n in toasts(app) if "Skipped in" in n)
        assert "README.md" in note and "old/" in note


@pytest.mark.parametrize("make", ["binary", "fifo", "folder"])
async def test_unreadable_settings_and_saves_are_reported_in_words(
    data_dir: DataDir, make: str
) -> None:
    progress = ProgressStore(data_dir.progress).path_for(PLUS.identity)
    progress.parent.mkdir(parents=True)
    for path in (data_dir.settings, progress):
        if make == "binary":
            path.write_bytes(b"\xa0\x9c\x00\xff" * 10)
        elif make == "fifo":
            os.mkfifo(path)
        else:
            path.mkdir()
    app = make_app(PLUS, "plus")
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await play_screen(pilot)
        await until(pilot, lambda: sum("moved to" in n for n in toasts(app)) >= 2)
        for note in toasts(app):
            assert not PYTHON_WORDS.search(note), note
            assert len(note) < 600
        await pilot.press("q")
