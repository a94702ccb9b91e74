"""Draw nonotui's bundled colour puzzles and write them to ``puzzles/*.non``.

Every picture here was drawn for this project (by hand as text, or by the small geometric
functions below) and is released under CC0-1.0, like ``tools/draw_puzzles.py``'s black-and-white
ones. In the text art ``.`` is the background and every other character a colour of the puzzle's
palette (its ``.non`` colour character). The values are ones with a common name (``red``,
``darkgreen``, ``lightblue``, ...), because ``.non`` has no colour names and a colour read from
it is named after its value: so the player and the hints say "red", not "#d7261e". Run ``python tools/draw_colour_puzzles.py`` after
changing a picture; ``tests/unit/test_bundled_colour_puzzles.py`` then checks that each file loads,
matches its picture and has exactly one solution (proved by the test-side solver, not the engine).
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
AUTHOR = "nonotui contributors"
LICENSE = "CC0-1.0"

Palette = list[tuple[str, str]]
"""The background's ``#rrggbb`` first (character ``.``), then ``(character, #rrggbb)`` per colour."""

Drawing = tuple[str, str, Palette, list[str]]
"""Title, background value, the block colours, and the picture as rows of characters."""


def text_rows(art: str) -> list[str]:
    return [line.strip() for line in art.strip().splitlines()]


def ladybird() -> Drawing:
    art = """
    .kk....kk.
    ...k..k...
    ...kkkk...
    ..kkkkkk..
    .rrrkkrrr.
    rrkrkkrkrr
    rrrrkkrrrr
    rkrrkkrrkr
    .rrrkkrrr.
    ..rrkkrr..
    """
    return "Ladybird", "#ffffff", [("r", "#ff0000"), ("k", "#000000")], text_rows(art)


def strawberry() -> Drawing:
    art = """
    .....gg.....
    ..gggggggg..
    .gg.gggg.gg.
    ..rrrggrrr..
    .rryrrrryrr.
    .rrrrryrrrr.
    .ryrrrrrryr.
    ..rrryrrrr..
    ..rrrrrryr..
    ...ryrrrr...
    ....rrrr....
    .....rr.....
    """
    palette = [("r", "#ff0000"), ("g", "#006400"), ("y", "#ffff00")]
    return "Strawberry", "#ffffff", palette, text_rows(art)


def toadstool() -> Drawing:
    art = """
    ................
    .....rrrrrr.....
    ...rrwwrrrrrr...
    ..rrwwwrrrwwrr..
    .rrrrwrrrrwwrrr.
    .rrrrrrrrrrrrrr.
    rrwwrrrrwwrrrrrr
    rwwwwrrrwwwrrwwr
    rrwwrrrrrwrrrwwr
    .rrrrrrrrrrrrrr.
    ......ssss......
    ......ssss......
    .....sssss......
    .....ssssss.....
    ..g..ssssss..g..
    gggggggggggggggg
    """
    palette = [("r", "#ff0000"), ("w", "#ffffff"), ("s", "#f5f5dc"), ("g", "#006400")]
    # on a pale sky: the white spots are a colour of their own, not the background
    return "Toadstool", "#add8e6", palette, text_rows(art)


def flag() -> Drawing:
    art = """
    nnggggggggggggg
    nnnnggggggggggg
    nnnnnnggggggggg
    nnynnnnoooooooo
    nyyynnnnooooooo
    nnynnnnnooooooo
    nnnnnnnoooooooo
    nnnnnnrrrrrrrrr
    nnnnrrrrrrrrrrr
    nnrrrrrrrrrrrrr
    """
    palette = [
        ("n", "#000080"), ("y", "#ffd700"), ("g", "#006400"), ("o", "#ffa500"), ("r", "#ff0000")
    ]
    return "Flag of Nowhere", "#ffffff", palette, text_rows(art)


def _grid(width: int, height: int) -> list[list[str]]:
    return [["."] * width for _ in range(height)]


def _rows(grid: list[list[str]]) -> list[str]:
    return ["".join(row) for row in grid]


def clownfish() -> Drawing:
    """A 20x14 clownfish: an orange oval with white bands edged in black, and a tail."""
    width, height = 20, 14
    grid = _grid(width, height)
    cx, cy, rx, ry = 12.0, 6.5, 7.9, 5.4
    inside = [
        [((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1.0 for x in range(width)]
        for y in range(height)
    ]
    for y in range(height):
        for x in range(width):
            if inside[y][x]:
                edge = any(
                    not (0 <= y + dy < height and 0 <= x + dx < width and inside[y + dy][x + dx])
                    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                )
                grid[y][x] = "k" if edge else "o"
                if not edge and x in (8, 9, 13, 14):
                    grid[y][x] = "w"
    for x in range(0, 5):  # the tail, widening to the left
        half = 1 + (5 - x) * 0.8
        for y in range(round(cy - half), round(cy + half)):
            grid[y][x] = "k" if x == 0 else "o"
    grid[5][17] = "k"  # the eye
    palette = [("o", "#ffa500"), ("w", "#ffffff"), ("k", "#000000")]
    return "Clownfish", "#add8e6", palette, _rows(grid)


def rainbow() -> Drawing:
    """A 24x13 rainbow: six concentric half-rings, red outside."""
    width, height = 24, 13
    grid = _grid(width, height)
    chars = "roygbv"
    cx, cy = 11.5, 12.5
    for y in range(height):
        for x in range(width):
            d = math.hypot(x - cx, y - cy)
            band = int(12.2 - d)
            if 0 <= band < 6:
                grid[y][x] = chars[band]
    palette = [
        ("r", "#ff0000"), ("o", "#ffa500"), ("y", "#ffff00"),
        ("g", "#00ff00"), ("b", "#0000ff"), ("v", "#a020f0"),
    ]
    return "Rainbow", "#ffffff", palette, _rows(grid)


def cactus() -> Drawing:
    art = """
    ......pp......
    .....pyyp.....
    ......pp......
    .....gggg.....
    .....gggg.....
    .gg..gdgg.....
    .gg..gggg..gg.
    .gg..ggdg..gg.
    .gdg.gggg..gg.
    .gggggggg.gdg.
    ..ggggdgg.ggg.
    .....gggggggg.
    .....gdgggg...
    .....gggg.....
    .....gggg.....
    ..tttttttttt..
    ...tttttttt...
    ...tttttttt...
    ....tttttt....
    ....tttttt....
    """
    palette = [("g", "#00ff00"), ("d", "#006400"), ("p", "#ffc0cb"), ("y", "#ffff00"),
               ("t", "#a52a2a")]
    return "Cactus", "#ffffff", palette, text_rows(art)


def parrot() -> Drawing:
    """A 20x25 red parrot with yellow and blue wings on a brown branch."""
    width, height = 20, 25
    grid = _grid(width, height)

    def disc(cx: float, cy: float, rx: float, ry: float, char: str) -> None:
        for y in range(height):
            for x in range(width):
                if ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1.0:
                    grid[y][x] = char

    disc(9.0, 4.5, 3.6, 3.6, "r")  # head
    disc(9.5, 11.0, 4.6, 6.0, "r")  # body
    disc(11.0, 11.5, 2.6, 4.8, "y")  # wing
    disc(11.5, 14.0, 2.2, 3.0, "b")  # wing tip
    for y in range(17, 25):  # tail, narrowing downwards
        half = max(0, (24 - y) // 3)
        for x in range(10 - half, 11 + half):
            grid[y][x] = "b" if y >= 21 else "r"
    for x, y in ((5, 4), (4, 5), (5, 5), (5, 6)):
        grid[y][x] = "k"  # beak
    grid[3][8] = "w"  # eye ring
    grid[3][7] = "k"  # eye
    for x in range(2, 18):  # the branch it sits on
        grid[18][x] = "t" if grid[18][x] == "." else grid[18][x]
    grid[17][17] = grid[19][3] = "t"
    palette = [("r", "#ff0000"), ("y", "#ffff00"), ("b", "#0000ff"), ("k", "#000000"),
               ("w", "#ffffff"), ("t", "#a52a2a")]
    return "Parrot", "#90ee90", palette, _rows(grid)


def sunset() -> Drawing:
    """A 30x30 sailing boat at sunset: a sun on the horizon, the sea, a hull and two sails."""
    size = 30
    grid = _grid(size, size)
    for y in range(size):
        for x in range(size):
            if math.hypot(x - 20.5, y - 17.5) <= 7.3 and y <= 17:
                grid[y][x] = "s"
    for y in range(18, size):
        for x in range(size):
            # the sea, with lighter streaks that move with depth
            grid[y][x] = "l" if (x + 2 * y) % 9 in (0, 1) and y % 3 == 0 else "b"
    # the boat: a hull on the water, a mast and two sails
    for y, (a, b) in zip(range(16, 19), ((4, 17), (5, 16), (6, 15))):
        for x in range(a, b + 1):
            grid[y][x] = "h"
    for y in range(3, 16):
        grid[y][10] = "h"
    for y in range(4, 15):
        for x in range(11, 11 + (y - 3) * 2 // 3):
            grid[y][x] = "w"
        for x in range(10 - (y - 3) // 2, 10):
            grid[y][x] = "w"
    # birds
    for x, y in ((3, 4), (5, 4), (4, 5), (24, 2), (26, 2), (25, 3)):
        grid[y][x] = "k"
    palette = [("s", "#ffd700"), ("b", "#000080"), ("l", "#add8e6"), ("h", "#a52a2a"),
               ("w", "#ffffff"), ("k", "#000000")]
    return "Sunset sail", "#fa8072", palette, _rows(grid)


DRAWINGS = {
    "ladybird": ladybird,
    "strawberry": strawberry,
    "toadstool": toadstool,
    "flag": flag,
    "clownfish": clownfish,
    "rainbow": rainbow,
    "cactus": cactus,
    "parrot": parrot,
    "sunset": sunset,
}


def colour_clue(line: str, chars: str) -> str:
    """A ``.non`` clue line: each block's length followed by its colour character."""
    out, run, prev = [], 0, "."
    for ch in line + ".":
        if ch == prev and ch != ".":
            run += 1
            continue
        if prev != ".":
            out.append(f"{run}{prev}")
        prev, run = ch, 1
    assert all(part[-1] in chars for part in out)
    return ",".join(out) or "0"


def to_non(title: str, background: str, palette: Palette, rows: list[str]) -> str:
    """The ``.non`` text of a colour picture."""
    height, width = len(rows), len(rows[0])
    assert all(len(r) == width for r in rows), title
    chars = "".join(c for c, _ in palette)
    assert set("".join(rows)) <= set(chars) | {"."}, title
    lines = [
        f'title "{title}"',
        f'by "{AUTHOR}"',
        f"license {LICENSE}",
        f"width {width}",
        f"height {height}",
    ]
    if background != "#ffffff":
        lines.append(f"color 0 {background}")
    lines += [f"color {c} {rgb}" for c, rgb in palette]
    lines += ["", "rows"]
    lines += [colour_clue(row, chars) for row in rows]
    lines += ["", "columns"]
    lines += [colour_clue("".join(r[c] for r in rows), chars) for c in range(width)]
    goal = "".join("0" if ch == "." else ch for row in rows for ch in row)
    lines += ["", f'goal "{goal}"', ""]
    return "\n".join(lines)


def drawings() -> dict[str, Drawing]:
    """Every bundled colour puzzle's file stem and drawing."""
    return {name: draw() for name, draw in DRAWINGS.items()}


def main() -> int:
    """Write every puzzle; print each one's size, colours and picture."""
    target = REPO / "puzzles"
    for name, (title, background, palette, rows) in drawings().items():
        (target / f"{name}.non").write_text(to_non(title, background, palette, rows), "utf-8")
        print(f"{name}: {len(rows[0])}x{len(rows)}, {len(palette)} colours")
        if "-v" in sys.argv:
            print("\n".join(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
