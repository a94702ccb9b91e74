"""Look at a puzzle in the browser at a given size, by script: ``nonotui serve`` in a temporary
data folder holding a copy of the puzzle file, headless Chromium sized to COLUMNS x ROWS cells,
then a walk over the board (open it, a counted move to the middle, a run of five with
shift+arrows, the row's end, the last row's last cell filled, the zoom key, a hint). Each step's
screen is printed as text (the page's terminal output played into pyte) and kept as a PNG in
test-artifacts/browser/look/.

    python tools/browser_look.py ../shared/bench/survey/webpbn-01611.nin 80 24

Needs Debian's chromium and chromium-driver, as the browser tests do (docs/playing.md).
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.served import ARTIFACTS, Served, chromium_missing, open_puzzle

SHOTS = ARTIFACTS / "look"
DRAWN = 1.5
"""Seconds for the page to draw what the app sent before a screenshot (a picture, no check)."""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("puzzle", type=Path, help="a puzzle file the library reads")
    parser.add_argument("columns", type=int, nargs="?", default=80)
    parser.add_argument("rows", type=int, nargs="?", default=24)
    args = parser.parse_args()
    missing = chromium_missing()
    if missing:
        print(missing, file=sys.stderr)
        return 1
    from selenium.webdriver.common.keys import Keys

    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "data"
        (data / "puzzles").mkdir(parents=True)
        shutil.copy(args.puzzle, data / "puzzles")
        with Served(data) as page:
            page.wait_text("user puzzles:")
            page.size_to(args.columns, args.rows)
            open_puzzle(page, args.puzzle.name, "")
            width = int(page.text().split(f"{args.puzzle.name} · ")[1].split("x")[0])

            def step(name: str, wanted: str, *keys: str) -> None:
                if keys:
                    page.keys(*keys)
                page.wait_screen(wanted, lambda s: wanted in " ".join(s[-4:]))
                time.sleep(DRAWN)
                print(f"===== {name} ({args.columns}x{args.rows} cells)")
                print("\n".join(page.screen()))
                page.screenshot(SHOTS / f"{args.puzzle.stem}-{args.columns}x{args.rows}-{name}.png")

            step("1-opened", "row 1 col 1")
            step("2-middle", "col 21", "3", "0", "j", "2", "0", "l")
            page.keys_with(Keys.SHIFT, *[Keys.ARROW_RIGHT] * 4)
            step("3-run-of-5", "col 25")
            step("4-row-end", f"col {width}", Keys.END)
            page.keys("9", "9", "9", "j")  # a count past the last row stops there
            step("5-far-corner", "5 moves", " ")  # the run's 4, then this fill
            step("6-zoom", "zoom:", "z")
            step("7-hint", "hint", "i")
    return 0


if __name__ == "__main__":
    sys.exit(main())
