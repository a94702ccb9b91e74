"""Puzzles from pictures: how many cells each way of making them unique changes, and its time.

Run: ``python benchmarks/picture.py`` from the checkout, with Pillow installed
(``pip install -e '.[images]'``).

What is measured: twelve pictures drawn here with Pillow (seeded, so the same every run: a
circle, a ring, a letter-like shape, a face, a star, four scenes of random ellipses, and three of
smoothed noise, the hardest case) are each read at 15x15, 30x30 and 50x50 through
:func:`nonotui.kinds.nonogram.picture.load_grey` and thresholded; then the thresholded picture is
made line-solvable (hence unique) three ways, and the cells changed (Hamming distance from the
thresholded picture) and the CPU time are kept:

- ``picture``: :func:`~nonotui.kinds.nonogram.picture.make_unique`, what ``generate --from`` does
  (the least sure cells and seeded ones tried, the best flip kept, then unneeded changes put
  back);
- ``no put-back``: the same without the last pass;
- ``generator``: the random generator's own fix-up,
  :func:`nonotui.kinds.nonogram.generate.make_line_solvable` (six undecided cells drawn at random
  each step, the best flip kept, no flip that empties or fills a line), with a budget of W*H
  flips; "failed" when it gives up (it stalls after 8 flips without a new low).
"""

from __future__ import annotations

import math
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from nonotui.kinds.nonogram.generate import make_line_solvable, undecided
from nonotui.kinds.nonogram.picture import hamming, load_grey, make_unique, threshold
from nonotui.kinds.nonogram.rng import SplitMix64

SIZES = (15, 30, 50)


def drawings(folder: Path) -> list[Path]:
    """The benchmark's pictures, written to ``folder`` as PNG files."""
    from PIL import Image, ImageDraw, ImageFilter

    out: list[Path] = []

    def save(name: str, image: Image.Image) -> None:
        path = folder / f"{name}.png"
        image.save(path)
        out.append(path)

    image = Image.new("L", (200, 200), 255)
    ImageDraw.Draw(image).ellipse((25, 25, 175, 175), fill=0)
    save("circle", image)
    image = Image.new("L", (200, 200), 255)
    ImageDraw.Draw(image).ellipse((25, 25, 175, 175), outline=0, width=30)
    save("ring", image)
    image = Image.new("L", (160, 200), 255)
    draw = ImageDraw.Draw(image)
    draw.polygon([(20, 190), (70, 10), (95, 10), (145, 190), (115, 190), (82, 60), (50, 190)],
                 fill=0)
    draw.rectangle((55, 120, 110, 140), fill=0)
    save("letter", image)
    image = Image.new("L", (200, 200), 255)
    draw = ImageDraw.Draw(image)
    draw.ellipse((10, 10, 190, 190), outline=0, width=12)
    draw.ellipse((55, 60, 85, 95), fill=0)
    draw.ellipse((115, 60, 145, 95), fill=0)
    draw.arc((50, 80, 150, 160), 20, 160, fill=0, width=12)
    save("face", image)
    image = Image.new("L", (200, 200), 255)
    points = [(100 + (90 if k % 2 == 0 else 38) * math.sin(k * math.pi / 5),
               100 - (90 if k % 2 == 0 else 38) * math.cos(k * math.pi / 5)) for k in range(10)]
    ImageDraw.Draw(image).polygon(points, fill=0)
    save("star", image)
    for k in range(4):
        rng = random.Random(k)
        image = Image.new("L", (240, 240), 255)
        draw = ImageDraw.Draw(image)
        for _ in range(7):
            x, y = rng.randrange(240), rng.randrange(240)
            rx, ry = rng.randrange(15, 60), rng.randrange(15, 60)
            draw.ellipse((x - rx, y - ry, x + rx, y + ry), fill=rng.choice((0, 0, 60, 255)))
        save(f"ellipses{k}", image)
    for k in range(3):
        rng = random.Random(100 + k)
        image = Image.new("L", (120, 120))
        image.putdata([rng.randrange(256) for _ in range(120 * 120)])
        save(f"noise{k}", image.filter(ImageFilter.GaussianBlur(4)))
    return out


def generator_way(picture: list[list[int]], seed: int) -> list[list[int]] | None:
    out = [row[:] for row in picture]
    done, _ = make_line_solvable(out, SplitMix64(seed), "none", len(out) * len(out[0]))
    return out if done else None


def main() -> int:
    try:
        import PIL  # noqa: F401
    except ImportError:
        print("benchmarks/picture.py needs Pillow: pip install -e '.[images]'", file=sys.stderr)
        return 1
    undecided([[1, 0, 1, 0, 1]] * 5)  # the engine's kernels compiled or loaded before timing
    ways: dict[str, Callable[[list[list[int]], list[list[int]], int],
                             list[list[int]] | None]] = {
        "picture": lambda p, g, t: make_unique(p, g, t, seed=0),
        "no put-back": lambda p, g, t: make_unique(p, g, t, seed=0, put_back=False),
        "generator": lambda p, g, t: generator_way(p, seed=0),
    }
    with tempfile.TemporaryDirectory() as tmp:
        paths = drawings(Path(tmp))
        print(f"{len(paths)} pictures: {', '.join(p.stem for p in paths)}\n")
        print("| size | way | solved | changed: mean | median | max | on noise (mean) "
              "| CPU median s | CPU max s |")
        print("|---|---|---|---|---|---|---|---|---|")
        for size in SIZES:
            cases = []
            for path in paths:
                grey, _ = load_grey(path, size, size)
                picture, cut = threshold(grey)
                cases.append((path.stem, picture, grey, cut))
            for name, way in ways.items():
                changed, noisy, times, solved = [], [], [], 0
                for stem, picture, grey, cut in cases:
                    c0 = time.process_time()
                    fixed = way(picture, grey, cut)
                    times.append(time.process_time() - c0)
                    if fixed is None:
                        continue
                    assert not undecided(fixed)
                    solved += 1
                    changed.append(hamming(picture, fixed))
                    if stem.startswith("noise"):
                        noisy.append(changed[-1])
                print(f"| {size}x{size} | {name} | {solved}/{len(cases)} | "
                      f"{statistics.mean(changed):.1f} | {statistics.median(changed):g} | "
                      f"{max(changed)} | "
                      f"{statistics.mean(noisy) if noisy else float('nan'):.1f} | "
                      f"{statistics.median(times):.3f} | {max(times):.2f} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
