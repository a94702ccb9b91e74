"""Regenerate the pictures of the docs: Textual's own SVG screenshots of the app in fixed states
(tools/screen_states.py: the library, a puzzle in play with a hint shown, the finish screen), in
the dark and the light theme, into docs/images/.

    python tools/screenshots.py            # all ten (five screens, two themes)
    python tools/screenshots.py library    # one screen, both themes

Each picture starts from an empty data folder in a temporary folder, with the play clock frozen
at 0:00, so the same code draws the same pictures. The first run compiles the solver's kernels
(a minute or so).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tools.screen_states import SCREENS, THEMES, app_for, frozen_clock, setup

IMAGES = ROOT / "docs" / "images"
SIZE = (100, 30)
"""The terminal the pictures show: wide enough for the library's columns and the footer's keys."""


def picture_name(screen: str, theme: str) -> str:
    return f"{screen}-{theme.removeprefix('textual-')}.svg"


async def shoot(screen: str, theme: str) -> Path:
    """One picture, written to docs/images/."""
    here = Path.cwd()
    with tempfile.TemporaryDirectory() as folder, frozen_clock():
        os.chdir(folder)
        try:
            app = app_for(screen)
            async with app.run_test(size=SIZE) as pilot:
                await setup(screen, theme)(pilot)
                svg = app.export_screenshot(title=f"nonotui: {screen}")
        finally:
            os.chdir(here)
    IMAGES.mkdir(parents=True, exist_ok=True)
    out = IMAGES / picture_name(screen, theme)
    out.write_text(svg, encoding="utf-8")
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("screens", nargs="*", metavar="SCREEN",
                        help=f"which screens ({', '.join(SCREENS)}; default all)")
    args = parser.parse_args()
    unknown = sorted(set(args.screens) - set(SCREENS))
    if unknown:
        parser.error(f"no screen {', '.join(unknown)}; the screens are {', '.join(SCREENS)}")
    for screen in args.screens or SCREENS:
        for theme in THEMES:
            print(asyncio.run(shoot(screen, theme)).relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
