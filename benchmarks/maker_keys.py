"""The Make screen stays live: how long a keypress takes while the verdict and the rating run.

Run: ``python benchmarks/maker_keys.py`` from the checkout (``--keys N`` presses per round).

The app runs headless (Textual's ``run_test``, 120x40) on the Make screen with a 50x50 drawing
(``--size``; ``benchmarks/maker.py``'s seeded drawing 1, made unique: each change starts a
verdict and then a rating, pure Python that holds the GIL but for Python's switch interval).
Keys alternate between a move and the fill key, so every other key changes the drawing, cancels
the running check and starts a new one: a check or a rating is running at nearly every press.
Each press is timed from the key being sent to the frame after its action being on the screen
(``call_after_refresh`` from the action's last step), wall clock; ``Pilot.press``'s own wait
after a key (tens of ms of idling) is not counted.

A third round runs the same keys with the checks on and, besides, a thread that rates the
drawing's puzzle again and again the whole time (pure Python that never waits), polling the
screen's own stop callback (:func:`~nonotui.ui.screens.make.yielding`, which hands the GIL over
every 2 ms): the worst a running check can do to the keys. ``--no-yield`` polls a plain one, to
see what the yielding buys.

The baseline, in the same run: the same keys with the checks switched off (the screen's
``_check`` made a no-op), so the ratio is what the running checks cost a keypress.
The issue's target: a keypress handled within 50 ms while any check or rating runs.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

from maker import drawing  # noqa: E402

from nonotui.kinds.nonogram.making import make_unique, verdict  # noqa: E402
from nonotui.ui.app import make_app  # noqa: E402
from nonotui.ui.screens.make import MakeScreen  # noqa: E402


async def presses(keys: int, checks: bool, size: int) -> tuple[list[float], int]:
    start = drawing(1, size)
    if verdict(start).status != "unique":
        start = start.changed(make_unique(start).changes)
    screen = MakeScreen(start)
    if not checks:
        screen._check = lambda: None  # type: ignore[method-assign]
    app = make_app(make=screen)
    times: list[float] = []
    busy = 0
    sent = 0.0
    shown = screen._show_status

    def show_and_time() -> None:
        # every key's action ends by showing the status line: the key counts as handled
        # once the frame after it is on the screen
        shown()
        screen.call_after_refresh(lambda: times.append(time.perf_counter() - sent))

    screen._show_status = show_and_time  # type: ignore[method-assign]
    async with app.run_test(size=(120, 40)) as pilot:
        while not isinstance(app.screen, MakeScreen):
            await pilot.pause(0.01)
        await pilot.pause(0.5)
        times.clear()
        for i in range(keys):
            key = "l" if i % 2 == 0 else "space"
            if i % 30 == 29:
                key = "j"
            busy += any(w.is_running for w in app.workers)
            sent = time.perf_counter()
            await pilot.press(key)
            await pilot.pause(0.02)
    return times, busy


def rating_all_along(size: int, stop: threading.Event, plain: bool = False) -> None:
    """Rate the drawing's puzzle again and again until ``stop``: pure Python holding the GIL
    the whole time, the worst a check can do to the keys."""
    from nonotui import kinds
    from nonotui.kinds.nonogram.making import puzzle_of

    start = drawing(1, size)
    start = start.changed(make_unique(start).changes)
    game = kinds.get("nonogram").open(puzzle_of(start))
    while not stop.is_set():
        _rate_once(game, stop, plain)


def _rate_once(game: object, stop: threading.Event, plain: bool) -> None:
    from nonotui.model.kind import Cancelled
    from nonotui.ui.screens.make import yielding

    try:
        game.rate(stop.is_set if plain else yielding(stop.is_set))  # type: ignore[attr-defined]
    except Cancelled:
        pass


def report(name: str, times: list[float]) -> float:
    times = sorted(times)
    median = statistics.median(times)
    print(f"{name:22} n={len(times):3}  median {median * 1000:6.1f} ms  "
          f"p90 {times[int(0.9 * (len(times) - 1))] * 1000:6.1f} ms  max {times[-1] * 1000:6.1f} ms")
    return median


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--keys", type=int, default=60)
    parser.add_argument("--no-yield", action="store_true",
                        help="the all-along rating polls a stop that never yields")
    parser.add_argument("--size", type=int, default=50, help="the drawing's size (default 50)")
    args = parser.parse_args()
    verdict(drawing(0, 10))  # load the kernels first
    base, _ = asyncio.run(presses(args.keys, checks=False, size=args.size))
    live, busy = asyncio.run(presses(args.keys, checks=True, size=args.size))
    stop = threading.Event()
    thread = threading.Thread(target=rating_all_along, args=(args.size, stop, args.no_yield), daemon=True)
    thread.start()
    stressed, _ = asyncio.run(presses(args.keys, checks=True, size=args.size))
    stop.set()
    thread.join()
    b = report("no checks (baseline)", base)
    m = report("checks running", live)
    w = report("and a rating all along", stressed)
    print(f"with a rating running all along: median ratio {w / b:.2f}, worst "
          f"{max(stressed) * 1000:.1f} ms (target: within 50 ms: {max(stressed) < 0.05})")
    print(f"a check or rating was running at {busy} of {len(live)} presses; "
          f"median ratio {m / b:.2f}; worst {max(live) * 1000:.1f} ms "
          f"(target: every press within 50 ms: {max(live) < 0.05})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
