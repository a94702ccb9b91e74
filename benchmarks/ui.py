"""UI performance: key handling on a 100x100 puzzle, and time to the first frame.

Run: ``python benchmarks/ui.py`` (targets: < 16 ms median per key; < 1 s to the first frame).

1. In process, through Pilot: the median time from pressing a key that moves the cursor or
   fills a cell until the key is handled and the grid's visible lines are rendered again.
2. In a subprocess: ``nonotui play FILE`` under a pseudo-terminal, timed until the first
   screen output (the first frame) arrives.
"""

from __future__ import annotations

import asyncio
import os
import pty
import random
import select
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from textual import events

from nonotui.formats import dump
from nonotui.model import Puzzle
from nonotui.store import DataDir
from nonotui.ui.app import make_app
from nonotui.ui.grid import GridView

KEYS = ["l", "j", "f", "h", "k", "x", "right", "down", "space"]


def big_puzzle() -> Puzzle:
    rng = random.Random(7)
    return Puzzle.from_picture(
        [[1 if rng.random() < 0.5 else 0 for _ in range(100)] for _ in range(100)], title="Big"
    )


async def key_latency(presses: int = 300) -> list[float]:
    """Seconds from a key event entering the app until the grid has been rendered again.

    The key goes in as the terminal driver would send it; the grid's ``render_lines`` (what
    the compositor calls to paint it) is wrapped to stamp when the repaint after it ends.
    Pilot's own settling waits are not part of the figure.
    """
    painted: list[float] = []
    original = GridView.render_lines

    def stamped(self: GridView, crop):  # type: ignore[no-untyped-def]
        lines = original(self, crop)
        painted.append(time.perf_counter())
        return lines

    GridView.render_lines = stamped  # type: ignore[method-assign]
    app = make_app(big_puzzle(), "big", DataDir(Path(tempfile.mkdtemp())))
    times = []
    try:
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.pause()
            driver = app._driver
            assert driver is not None
            for i in range(presses):
                key = KEYS[i % len(KEYS)]
                char = " " if key == "space" else (key if len(key) == 1 else None)
                painted.clear()
                event = events.Key(key, char)
                event.set_sender(app)
                start = time.perf_counter()
                driver.send_message(event)
                deadline = start + 2.0
                while not painted and time.perf_counter() < deadline:
                    await asyncio.sleep(0)
                if not painted:
                    raise RuntimeError(f"the grid was not repainted after {key!r}")
                times.append(painted[0] - start)
                await pilot.pause()
    finally:
        GridView.render_lines = original  # type: ignore[method-assign]
    return times


def first_frame(path: Path) -> float:
    """Seconds from starting ``nonotui play FILE`` until it writes its first screen."""
    env = {**os.environ, "NONOTUI_DATA_DIR": tempfile.mkdtemp(), "TERM": "xterm-256color",
           "COLUMNS": "120", "LINES": "40"}
    master, slave = pty.openpty()
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


def main() -> int:
    times = asyncio.run(key_latency())
    ms = sorted(t * 1000 for t in times)
    print(f"key press on 100x100 (key event to grid repainted), {len(ms)} presses: "
          f"median {statistics.median(ms):.2f} ms, p90 {ms[int(len(ms) * 0.9)]:.2f} ms, "
          f"max {ms[-1]:.2f} ms (target < 16 ms median)")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "big.non"
        path.write_text(dump(big_puzzle(), "non"))
        runs = sorted(first_frame(path) for _ in range(5))
    print(f"nonotui play FILE to first frame, 5 runs: median {statistics.median(runs):.3f} s, "
          f"best {runs[0]:.3f} s, worst {runs[-1]:.3f} s (target < 1 s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
