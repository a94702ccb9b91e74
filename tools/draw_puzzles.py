"""Draw nonotui's bundled puzzles and write them to ``puzzles/*.non``.

Every picture here was drawn for this project (by hand as text, or by the small geometric
functions below) and is released under CC0-1.0. Run ``python tools/draw_puzzles.py`` after
changing a picture; ``tests/unit/test_bundled_puzzles.py`` then checks each file loads, matches
its picture and has exactly one solution.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
AUTHOR = "nonotui contributors"
LICENSE = "CC0-1.0"

HAND_DRAWN: dict[str, tuple[str, str]] = {
    "heart": (
        "Heart",
        """
        .#.#.
        #####
        #####
        .###.
        ..#..
        """,
    ),
    "arrow": (
        "Arrow",
        """
        ..#..
        .###.
        #.#.#
        ..#..
        ..#..
        """,
    ),
    "mug": (
        "Mug",
        """
        .#..#...
        .#...#..
        ..#..#..
        ######..
        #....###
        #....#.#
        #....###
        .####...
        """,
    ),
    "sailboat": (
        "Sailboat",
        """
        ....#.....
        ....##....
        ....###...
        ....####..
        ....#####.
        ....#.....
        ##########
        .########.
        ..######..
        ~~~~~~~~~~
        """,
    ),
    "cat": (
        "Cat",
        """
        #........#
        ##......##
        ###....###
        ##########
        #.##..##.#
        ##########
        ####..####
        .##.##.##.
        ..######..
        ....##....
        """,
    ),
    "mushroom": (
        "Mushroom",
        """
        ...####...
        .##.##.##.
        ###....###
        #.##..##.#
        ##########
        ..#....#..
        ..#.##.#..
        ..#....#..
        ...####...
        ..........
        """,
    ),
    "anchor": (
        "Anchor",
        """
        .....##.....
        ....#..#....
        ....#..#....
        .....##.....
        ..########..
        .....##.....
        .....##.....
        .#...##...#.
        ###..##..###
        .#...##...#.
        ..#..##..#..
        ...######...
        """,
    ),
    "house": (
        "House",
        """
        .......#.......
        ......###...##.
        .....#####..##.
        ....#######.##.
        ...###########.
        ..#############
        .###.......###.
        ..#.........#..
        ..#.###.###.#..
        ..#.#.#.#.#.#..
        ..#.###.###.#..
        ..#.........#..
        ..#..###....#..
        ..#..#.#....#..
        ###############
        """,
    ),
    "umbrella": (
        "Umbrella",
        """
        .......#.......
        .....#####.....
        ...#########...
        ..###########..
        .#############.
        .#############.
        ###############
        #..#...#...#..#
        .......#.......
        .......#.......
        .......#.......
        .......#.......
        .......#..#....
        .......#..#....
        ........##.....
        """,
    ),
    "snail": (
        "Snail",
        """
        ...............
        ......#####....
        ....##.....##..
        ...#..#####..#.
        ..#..#.....#.#.
        ..#.#..###.#..#
        ..#.#.#..#.#..#
        ..#.#.#.##.#..#
        #.#..#....#..#.
        #..#..####...#.
        .#..##....##...
        ..#...####.....
        ..#############
        .##############
        ...............
        """,
    ),
    "fish": (
        "Fish",
        """
        ......#######.......
        ....###########.....
        ..###############..#
        .##..#############.#
        ###..###.#########.#
        ##############.#####
        ##############.#####
        .###..........######
        ..##############...#
        ....###########....#
        ......#######.......
        ....................
        ....................
        ####################
        #.##.###.##.#.##.###
        """,
    ),
}


def cells(art: str) -> list[list[int]]:
    """Text art as 0/1 rows: ``#`` filled, anything else empty."""
    rows = [line.strip() for line in art.strip().splitlines()]
    return [[1 if ch == "#" else 0 for ch in row] for row in rows]


def tree() -> list[list[int]]:
    """A 20x20 fir tree: tiers of triangles on a trunk, with a star."""
    grid = [[0] * 20 for _ in range(20)]
    grid[0][9] = grid[0][10] = 1
    for tier, (top, height) in enumerate(((1, 5), (5, 5), (9, 6))):
        for dy in range(height):
            half = 1 + dy + tier
            for x in range(10 - half, 10 + half):
                if 0 <= x < 20:
                    grid[top + dy][x] = 1
    for y in range(15, 18):
        for x in (8, 9, 10, 11):
            grid[y][x] = 1
    for x in range(3, 17):
        grid[19][x] = 1
    return grid


def rocket() -> list[list[int]]:
    """A 20x20 rocket with a window, fins and a flame."""
    art = """
        .........##.........
        ........####........
        .......######.......
        ......########......
        ......##....##......
        ......#..##..#......
        ......#.####.#......
        ......#..##..#......
        ......##....##......
        ......########......
        ......########......
        .....##########.....
        ....###.####.###....
        ...####.####.####...
        ..#####.####.#####..
        ..####..####..####..
        ..##....#..#....##..
        ........#..#........
        .........##.........
        ........#..#........
    """
    return cells(art)


def owl() -> list[list[int]]:
    """A 25x25 owl on a branch, drawn from circles for the eyes and an ellipse for the body."""
    size = 25
    grid = [[0] * size for _ in range(size)]
    cx = 12
    for y in range(size):
        for x in range(size):
            body = ((x - cx) / 9.5) ** 2 + ((y - 12.5) / 10.5) ** 2 <= 1.0
            if body and y <= 21:
                grid[y][x] = 1
            for ex in (8, 16):
                if math.hypot(x - ex, y - 8) <= 3.6:
                    # the pupils look to the right, which also makes the picture unique
                    grid[y][x] = 1 if math.hypot(x - ex - 1, y - 8.5) <= 1.3 else 0
    # ear tufts
    for x, y in ((4, 1), (5, 2), (20, 1), (19, 2), (4, 2), (20, 2), (5, 5), (19, 5)):
        grid[y][x] = 1
    # beak: a notch below the eyes
    for y, half in ((12, 1), (13, 0)):
        for x in range(cx - half, cx + half + 1):
            grid[y][x] = 0
    # branch and feet
    for x in range(size):
        grid[23][x] = 1
    for x in (9, 10, 14, 15):
        grid[22][x] = 1
    return grid


def lighthouse() -> list[list[int]]:
    """A 30x30 lighthouse with light beams, on a rock, above waves."""
    size = 30
    grid = [[0] * size for _ in range(size)]
    # lamp room and roof
    for y, (a, b) in enumerate(((14, 15), (13, 16), (12, 17)), start=1):
        for x in range(a, b + 1):
            grid[y][x] = 1
    for y in (4, 5, 6):
        for x in (12, 13, 16, 17):
            grid[y][x] = 1
    for x in range(11, 19):
        grid[7][x] = 1
    # beams: rays from the lamp
    for y in (4, 6):
        for x in list(range(1, 10, 2)) + list(range(20, 29, 2)):
            grid[y][x] = 1
    # tower, widening downwards, with red-white bands left as stripes
    for y in range(8, 24):
        half = 3 + (y - 8) // 5
        for x in range(15 - half, 15 + half):
            grid[y][x] = 1 if (y // 3) % 2 == 0 or x in (15 - half, 15 + half - 1) else 0
    # door
    for y in (21, 22, 23):
        for x in (14, 15):
            grid[y][x] = 0
    # rock
    for y in range(24, 26):
        for x in range(6 - (y - 24) * 2, 24 + (y - 24) * 2):
            grid[y][x] = 1
    # waves
    for y, phase in ((27, 0), (29, 2)):
        for x in range(size):
            if (x + phase) % 4 in (0, 1):
                grid[y][x] = 1
    return grid


def tortoise() -> list[list[int]]:
    """A 40x40 tortoise under the sun: a domed shell with plates, head, legs, tail and grass."""
    size = 40
    grid = [[0] * size for _ in range(size)]
    cx, cy = 18.5, 26.0
    for y in range(size):
        for x in range(size):
            if ((x - cx) / 15.5) ** 2 + ((y - cy) / 14.0) ** 2 <= 1.0 and y <= 27:
                grid[y][x] = 1
    # the plates: two rows of outlined panels across the dome
    for y in (17, 23):
        inside = [x for x in range(size) if grid[y][x]]
        for x in inside[1:-1]:
            grid[y][x] = 0
    for x0 in (8, 14, 20, 26):
        for y in range(18, 23):
            grid[y][x0 + (y - 18) // 3] = 0
    for x0 in (11, 17, 23):
        for y in range(14, 17):
            grid[y][x0] = 0
    # rim under the shell
    for x in range(2, 36):
        grid[28][x] = 1
    # head and neck on the right
    for y in range(19, 28):
        for x in range(32, 40):
            if ((x - 36.0) / 3.6) ** 2 + ((y - 22.5) / 3.2) ** 2 <= 1.0:
                grid[y][x] = 1
    for x in range(33, 36):
        grid[25][x] = grid[26][x] = 1
    grid[21][37] = 0  # eye
    # legs with toes
    for left in (5, 12, 22, 29):
        for y in range(29, 34):
            for x in range(left, left + 4):
                grid[y][x] = 1
        grid[34][left] = grid[34][left + 2] = 1
    # tail
    grid[26][1] = grid[27][1] = 1
    # grass
    for x in range(size):
        grid[36][x] = 1
        if x % 4 != 3:
            grid[37][x] = 1
    # sun with rays
    for y in range(0, 11):
        for x in range(0, 12):
            if math.hypot(x - 5, y - 5) <= 3.2:
                grid[y][x] = 1
    for x, y in ((5, 0), (0, 5), (10, 5), (5, 10)):
        grid[y][x] = 1
    # a cloud
    for y in range(3, 8):
        for x in range(22, 36):
            if ((x - 28.5) / 6.5) ** 2 + ((y - 5.5) / 2.0) ** 2 <= 1.0:
                grid[y][x] = 1
    return grid


def clue(line: list[int]) -> list[int]:
    """Block lengths of a 0/1 line."""
    out, run = [], 0
    for v in line + [0]:
        if v:
            run += 1
        elif run:
            out.append(run)
            run = 0
    return out


def to_non(title: str, picture: list[list[int]]) -> str:
    """The ``.non`` text of a picture."""
    height, width = len(picture), len(picture[0])
    assert all(len(r) == width for r in picture), title
    lines = [
        f'title "{title}"',
        f'by "{AUTHOR}"',
        f"license {LICENSE}",
        f"width {width}",
        f"height {height}",
        "",
        "rows",
    ]
    lines += [",".join(map(str, clue(row))) or "0" for row in picture]
    lines += ["", "columns"]
    lines += [",".join(map(str, clue([row[c] for row in picture]))) or "0" for c in range(width)]
    goal = "".join(str(v) for row in picture for v in row)
    lines += ["", f'goal "{goal}"', ""]
    return "\n".join(lines)


def pictures() -> dict[str, tuple[str, list[list[int]]]]:
    """Every bundled puzzle's file stem, title and picture."""
    out = {name: (title, cells(art)) for name, (title, art) in HAND_DRAWN.items()}
    out["tree"] = ("Fir tree", tree())
    out["rocket"] = ("Rocket", rocket())
    out["owl"] = ("Owl", owl())
    out["lighthouse"] = ("Lighthouse", lighthouse())
    out["tortoise"] = ("Tortoise", tortoise())
    return out


def main() -> int:
    """Write every puzzle; print each one's size."""
    target = REPO / "puzzles"
    for name, (title, picture) in pictures().items():
        (target / f"{name}.non").write_text(to_non(title, picture), encoding="utf-8")
        print(f"{name}: {len(picture[0])}x{len(picture)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
