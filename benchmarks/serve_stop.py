"""How long ``nonotui serve`` takes to stop (SIGINT, as ctrl+c sends) with a browser tab still
playing a puzzle, and with none open: the time from the signal to the server's exit.

A tab's player is told to quit when the server stops (nonotui/cli/serve.py); before that, the
server waited for each open tab's connection to time out. Needs Debian's chromium and
chromium-driver, as the browser tests do.

Run: ``python benchmarks/serve_stop.py [ROUNDS]``
"""

from __future__ import annotations

import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.served import Served, chromium_missing
from tests.browser.test_serve_browser import open_puzzle


def stop_time(tab_open: bool) -> float:
    with tempfile.TemporaryDirectory() as folder, Served(Path(folder) / "data") as page:
        page.wait_text(" solved · ")  # the library's heading
        open_puzzle(page, "Heart")
        page.wait_text("solver ready")
        if not tab_open:
            page.driver.quit()
            page.driver = None
            time.sleep(1.0)  # the page's connection is gone and its player has quit
        assert page.server is not None
        start = time.monotonic()
        page.server.send_signal(signal.SIGINT)
        page.server.wait(timeout=300)
        return time.monotonic() - start


def main() -> int:
    missing = chromium_missing()
    if missing:
        print(f"serve_stop: {missing}", file=sys.stderr)
        return 1
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    for tab_open in (True, False):
        times = [stop_time(tab_open) for _ in range(rounds)]
        label = "one tab playing" if tab_open else "no tab open    "
        print(f"{label}: median {statistics.median(times):.2f} s "
              f"(runs: {', '.join(f'{t:.2f}' for t in times)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
