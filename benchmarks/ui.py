"""UI performance: key handling on a 100x100 puzzle, and time to the first frame.

Run: ``python benchmarks/ui.py`` (targets: < 16 ms median per key; < 1 s to the first frame).

1. In process, through Pilot's headless app: the time from a key event entering the app (as
   the terminal driver hands it over) until the frame showing its effect is composed and
   turned into the escape sequences a terminal would be sent. The headless driver skips that
   last step, so the benchmark does it itself: it is work a user waits for.

   Textual draws at most ``TEXTUAL_FPS`` (60) frames a second: after a frame, the next waits
   for the following 1/60 s tick. A key that arrives sooner than that after the last frame
   therefore waits for the tick whatever the app does. The target is measured with keys
   arriving 40 ms apart, the rate a held-down key repeats at (the X server's default, 25 a
   second) and faster than anyone types; the figure is also given split into handling, waiting
   for the tick and drawing, and, for comparison, with each key sent the moment the previous
   frame is out (there the tick dominates).
2. In a subprocess: ``nonotui play FILE`` under a pseudo-terminal, timed until the first
   screen output (the first frame) arrives.
"""

from __future__ import annotations

import asyncio
import fcntl
import os
import pty
import random
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from dataclasses import dataclass
from pathlib import Path

from textual import events
from textual._compositor import CompositorUpdate
from textual.app import App
from textual.screen import Screen

from nonotui.kinds.nonogram.formats import dump
from nonotui.kinds.nonogram.puzzle import Puzzle
from nonotui.store import DataDir
from nonotui.ui.app import make_app
from nonotui.ui.grid import GridView

KEYS = ["l", "j", "f", "h", "k", "x", "right", "down", "space"]
"""Moves and fills; the cycle drifts down and right, so the view scrolls now and then too."""

KEY_REPEAT = 0.040
"""Seconds between presses of a held-down key (X server default: 25 a second)."""


def big_puzzle() -> Puzzle:
    rng = random.Random(7)
    return Puzzle.from_picture(
        [[1 if rng.random() < 0.5 else 0 for _ in range(100)] for _ in range(100)], title="Big"
    )


@dataclass
class Press:
    """One key press, in seconds from the key event being sent."""

    handled: float
    """The play screen has acted on the key and handed the grid its new state."""
    tick: float
    """The screen update that draws the change began (after waiting for the frame tick)."""
    frame: float
    """The frame is composed and rendered to terminal output."""


class _Stamps:
    """Instrumentation hooks: when the grid was given a key's result, and the next frame."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.sent = self.handled = self.tick = self.frame = None
        self.done = asyncio.Event()

    def start(self) -> None:
        self.handled = self.tick = self.frame = None
        self.done.clear()
        self.sent = time.perf_counter()

    def on_show(self) -> None:
        if self.sent is not None and self.handled is None:
            self.handled = time.perf_counter()

    def on_tick(self) -> None:
        if self.handled is not None and self.tick is None:
            self.tick = time.perf_counter()

    def on_display(self, update: object) -> None:
        if self.tick is None or self.frame is not None:
            return
        if isinstance(update, CompositorUpdate):
            # what a real driver would write; the headless driver leaves it out
            update.render_segments(self.app.console)
        self.frame = time.perf_counter()
        self.done.set()

    def press(self) -> Press:
        assert self.sent is not None and self.handled and self.tick and self.frame
        return Press(self.handled - self.sent, self.tick - self.sent, self.frame - self.sent)


async def key_latency(presses: int = 300, interval: float = KEY_REPEAT) -> list[Press]:
    """Time ``presses`` key presses sent ``interval`` seconds apart (0: each as soon as the
    previous one's frame is out) on a 100x100 puzzle in a 160x50 terminal."""
    app = make_app(big_puzzle(), "big", DataDir(Path(tempfile.mkdtemp())))
    stamps = _Stamps(app)
    show, tick, display = GridView.show, Screen._on_timer_update, App._display

    def stamped_show(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        show(self, *args, **kwargs)
        stamps.on_show()

    def stamped_tick(self):  # type: ignore[no-untyped-def]
        stamps.on_tick()
        tick(self)

    def stamped_display(self, screen, renderable):  # type: ignore[no-untyped-def]
        display(self, screen, renderable)
        stamps.on_display(renderable)

    GridView.show = stamped_show  # type: ignore[method-assign]
    Screen._on_timer_update = stamped_tick  # type: ignore[method-assign]
    App._display = stamped_display  # type: ignore[method-assign]
    results = []
    try:
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.pause()
            driver = app._driver
            assert driver is not None
            next_at = time.perf_counter()
            for i in range(presses):
                key = KEYS[i % len(KEYS)]
                char = " " if key == "space" else (key if len(key) == 1 else None)
                await asyncio.sleep(max(0.0, next_at - time.perf_counter()))
                event = events.Key(key, char)
                event.set_sender(app)
                stamps.start()
                next_at = stamps.sent + interval
                driver.send_message(event)
                try:
                    await asyncio.wait_for(stamps.done.wait(), 2.0)
                except TimeoutError:
                    raise RuntimeError(f"no frame within 2 s after {key!r}") from None
                results.append(stamps.press())
    finally:
        GridView.show = show  # type: ignore[method-assign]
        Screen._on_timer_update = tick  # type: ignore[method-assign]
        App._display = display  # type: ignore[method-assign]
    return results


def first_frame(path: Path, pycache: Path | None) -> float:
    """Seconds from starting ``nonotui play FILE`` until it writes its first screen.

    ``pycache`` holds Python's bytecode cache for the run (``PYTHONPYCACHEPREFIX``), as an
    installed nonotui has it (pip compiles it at install time); ``None`` runs without one
    (``PYTHONDONTWRITEBYTECODE``, which some environments set), compiling every module.
    """
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env.update(NONOTUI_DATA_DIR=tempfile.mkdtemp(), TERM="xterm-256color")
    if pycache is None:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    else:
        env["PYTHONPYCACHEPREFIX"] = str(pycache)
    master, slave = pty.openpty()
    # a 120x40 terminal: without a window size the app would fall back to its own default
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "nonotui", "play", str(path)],
        stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True,
    )
    os.close(slave)
    seen = b""
    try:
        while time.perf_counter() - start < 20:
            ready, _, _ = select.select([master], [], [], 0.05)
            if ready:
                seen += os.read(master, 65536)
                # the grid's guide lines appear only when the play screen is drawn
                if "┼".encode() in seen or b"+--" in seen:
                    return time.perf_counter() - start
        raise RuntimeError("no first frame within 20 s")
    finally:
        proc.kill()
        proc.wait()
        os.close(master)


def _ms(values: list[float]) -> list[float]:
    return sorted(v * 1000 for v in values)


def main() -> int:
    presses = asyncio.run(key_latency())
    frame = _ms([p.frame for p in presses])
    handled = _ms([p.handled for p in presses])
    waited = _ms([p.tick - p.handled for p in presses])
    drawn = _ms([p.frame - p.tick for p in presses])
    print(f"key press on 100x100 at 160x50, key event to frame rendered, {len(frame)} presses "
          f"{KEY_REPEAT * 1000:.0f} ms apart: median {statistics.median(frame):.2f} ms, "
          f"p90 {frame[int(len(frame) * 0.9)]:.2f} ms, max {frame[-1]:.2f} ms "
          f"(target < 16 ms median)")
    print(f"  medians: handled {statistics.median(handled):.2f} ms, waited for the frame tick "
          f"{statistics.median(waited):.2f} ms, drawn {statistics.median(drawn):.2f} ms")
    kinds = {"moves across (every visible line redrawn)": ("l", "h", "right"),
             "moves up and down": ("j", "k", "down"), "fills and crosses": ("f", "x", "space")}
    for name, keys in kinds.items():
        some = _ms([p.frame for i, p in enumerate(presses) if KEYS[i % len(KEYS)] in keys])
        print(f"  {name}: median {statistics.median(some):.2f} ms, "
              f"p90 {some[int(len(some) * 0.9)]:.2f} ms")
    flat_out = _ms([p.frame for p in asyncio.run(key_latency(150, interval=0.0))])
    print(f"  keys sent as soon as the previous frame is out (60 fps cap applies): median "
          f"{statistics.median(flat_out):.2f} ms, p90 {flat_out[int(len(flat_out) * 0.9)]:.2f} ms")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "big.non"
        path.write_text(dump(big_puzzle(), "non"))
        pycache = Path(folder) / "pycache"
        first_frame(path, pycache)  # writes the bytecode cache, as installing does
        runs = sorted(first_frame(path, pycache) for _ in range(7))
        cold = sorted(first_frame(path, None) for _ in range(3))
    print(f"nonotui play FILE (100x100) to first frame at 120x40, 7 runs: median "
          f"{statistics.median(runs):.3f} s, best {runs[0]:.3f} s, worst {runs[-1]:.3f} s "
          f"(target < 1 s)")
    print(f"  without a bytecode cache, 3 runs: median {statistics.median(cold):.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
