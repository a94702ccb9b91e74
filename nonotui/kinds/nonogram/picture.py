"""Puzzles from pictures: an image file thresholded to WxH cells, then changed in as few cells as
it takes to have exactly one solution that line logic alone finds.

The steps (docs/solver.md, "Puzzles from pictures"):

1. **Load** with Pillow (an optional extra, ``pip install 'nonotui[images]'``, imported only here,
   when a picture is read). Transparent parts are laid onto white, then the image is made grey.
2. **Resize** to WxH with Pillow's box filter: each cell gets the mean grey of the pixels it
   covers (area averaging).
3. **Threshold** with Otsu's method over the 256 greys of the resized cells: the grey that splits
   them into a dark and a light class with the largest between-class variance (computed exactly,
   with fractions; the lowest such grey on a tie). Cells at or below it are filled. Otsu rather
   than the mean because a drawing is mostly background: the mean of a small dark shape on white
   sits close to white and would fill every anti-aliased edge. A picture of one grey has no
   split: it is all filled when darker than mid-grey, all empty otherwise.
4. **Fix** (:func:`make_unique`): while complete line logic (the engine's propagation, as
   :func:`~nonotui.kinds.nonogram.generate.undecided` runs it) leaves cells undecided, try
   flipping some of them: the :data:`SURE_CANDIDATES` whose grey was closest to the threshold
   (the least sure of their colour) and :data:`RANDOM_CANDIDATES` others drawn by the seeded
   stream; keep the flip that leaves the fewest cells undecided (the least sure cell on a tie).
   A changed cell is not flipped back during this pass. Once every cell is decided, each changed
   cell is put back to its thresholded colour if the puzzle stays line-solvable without it (the
   greedy pass often makes a change that later ones made unneeded), the surest cells first. The
   engine's search then proves the result unique.

The count of changed cells is the Hamming distance between the thresholded picture and the
puzzle's solution. Everything is deterministic for the same image, size and seed: the engine's
line-logic fixed point does not depend on the order lines are taken in, the seed drives a
:class:`~nonotui.kinds.nonogram.rng.SplitMix64` stream, and no clock decides anything.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from nonotui.errors import NonotuiError
from nonotui.kinds.nonogram.puzzle import Puzzle
from nonotui.kinds.nonogram.rng import SplitMix64
from nonotui.model.vocab import Cancelled

NEEDS_PILLOW = "reading pictures needs Pillow: pip install 'nonotui[images]'"

SURE_CANDIDATES = 4
"""Undecided cells least sure of their colour whose flip is tried at each fix-up step."""
RANDOM_CANDIDATES = 20
"""Other undecided cells, drawn by the seeded stream, whose flip is tried at each step too."""
BUDGET_PER_CELL = 0.5
"""Flips the fix-up may make, times the number of cells (at least 50), before it gives up."""

Grey = list[list[int]]
Picture = list[list[int]]
Cell = tuple[int, int]


class PictureError(NonotuiError):
    """A picture that cannot be read (missing, not an image, truncated) or made into a puzzle."""


@dataclass(frozen=True)
class FromPicture:
    """A puzzle made from a picture, and what it took.

    Attributes:
        puzzle: The puzzle, its goal the fixed picture (proven its only solution).
        thresholded: The picture right after thresholding, before any change.
        threshold: The grey (0-255) at or below which a cell was filled.
        changed: Cells whose colour differs between ``thresholded`` and the solution.
        source_size: The image's size in pixels, ``(width, height)``.
    """

    puzzle: Puzzle
    thresholded: Picture
    threshold: int
    changed: int
    source_size: tuple[int, int]


def load_grey(path: Path, width: int, height: int) -> tuple[Grey, tuple[int, int]]:
    """The image at ``path`` as ``height`` rows of ``width`` greys (0 black to 255 white), each
    the mean of the pixels the cell covers, and the image's own size.

    Raises:
        PictureError: Pillow is not installed, or the file is missing or not a readable image.
    """
    try:
        from PIL import Image, UnidentifiedImageError
    except ImportError:
        raise PictureError(NEEDS_PILLOW) from None
    try:
        with Image.open(path) as image:
            image.load()
            size = image.size
            if image.mode in ("RGBA", "LA", "PA", "La", "RGBa") or "transparency" in image.info:
                rgba = image.convert("RGBA")
                white = Image.new("RGBA", size, (255, 255, 255, 255))
                white.alpha_composite(rgba)
                flat = white
            else:
                flat = image
            grey = flat.convert("L").resize((width, height), Image.Resampling.BOX)
    except FileNotFoundError:
        raise PictureError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise PictureError(f"{path}: a folder, not a picture") from None
    except UnidentifiedImageError:
        raise PictureError(f"{path}: not a picture Pillow can read") from None
    except Image.DecompressionBombError as exc:
        raise PictureError(f"{path}: too large to read safely ({exc})") from None
    except (OSError, SyntaxError, ValueError) as exc:
        # a truncated or corrupt file fails in load() with OSError ("image file is truncated"),
        # some plugins with SyntaxError or ValueError
        problem = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise PictureError(f"{path}: cannot read the picture: {problem}") from None
    values = grey.tobytes()  # mode L: one byte a cell, row by row
    return [[int(v) for v in values[r * width:(r + 1) * width]] for r in range(height)], size


def otsu(grey: Grey) -> int | None:
    """The grey at or below which cells are dark, by Otsu's method over the 256-bin histogram;
    ``None`` when every cell has the same grey (nothing to split)."""
    histogram = [0] * 256
    for row in grey:
        for v in row:
            histogram[v] += 1
    n = sum(histogram)
    total = sum(v * k for v, k in enumerate(histogram))
    best: tuple[Fraction, int] | None = None
    count = weighted = 0
    for t in range(255):
        count += histogram[t]
        weighted += t * histogram[t]
        if count == 0 or count == n:
            continue
        # between-class variance times n**2: (n*s0 - S*w0)**2 / (w0 * w1), exact
        spread = Fraction((n * weighted - total * count) ** 2, count * (n - count))
        if best is None or spread > best[0]:
            best = (spread, t)
    return None if best is None else best[1]


def threshold(grey: Grey) -> tuple[Picture, int]:
    """The picture (1 filled) and the threshold grey: :func:`otsu`'s split, or for a picture of
    one grey, all filled when darker than 128 and all empty otherwise."""
    t = otsu(grey)
    if t is None:
        t = 127
    return [[1 if v <= t else 0 for v in row] for row in grey], t


def make_unique(picture: Picture, grey: Grey, cut: int, seed: int = 0,
                put_back: bool = True, should_stop: Callable[[], bool] | None = None) -> Picture:
    """A copy of ``picture`` that complete line logic solves (so it has exactly one solution),
    with few cells changed: see the module's step 4. ``grey`` and ``cut`` rank the cells by how
    sure their colour is; ``put_back=False`` skips the last pass (for the benchmark).

    Raises:
        PictureError: no line-solvable picture was reached within the flip budget.
        Cancelled: ``should_stop`` said so (checked before each line-logic run).
    """
    from nonotui.kinds.nonogram.generate import undecided as undecided_now

    def undecided(picture: Picture) -> list[Cell]:
        if should_stop is not None and should_stop():
            raise Cancelled
        return undecided_now(picture)

    height, width = len(picture), len(picture[0])
    rng = SplitMix64(seed)
    # how sure a cell's colour is (its grey's distance from the threshold), then a seeded draw
    draw = [[rng.next() for _ in range(width)] for _ in range(height)]

    def doubt(cell: Cell) -> tuple[int, int]:
        r, c = cell
        return abs(grey[r][c] - cut), draw[r][c]

    out = [row[:] for row in picture]
    open_cells = undecided(out)
    budget = max(50, int(width * height * BUDGET_PER_CELL))
    flips = 0
    while open_cells:
        if flips >= budget:
            raise PictureError(
                f"no unique puzzle within {budget} cell changes; try another size or --seed")
        # a changed cell is not changed back here (that could undo one step with the next)
        fresh = [cell for cell in open_cells if out[cell[0]][cell[1]] == picture[cell[0]][cell[1]]]
        if not fresh:
            raise PictureError("no unique puzzle: every undecided cell is changed already; try "
                               "another size or --seed")
        ranked = sorted(fresh, key=doubt)
        tried = ranked[:SURE_CANDIDATES]
        rest = ranked[SURE_CANDIDATES:]
        for _ in range(min(RANDOM_CANDIDATES, len(rest))):
            tried.append(rest.pop(rng.below(len(rest))))
        best: tuple[int, tuple[int, int], Cell, list[Cell]] | None = None
        for cell in tried:
            r, c = cell
            out[r][c] ^= 1
            left = undecided(out)
            out[r][c] ^= 1
            key = (len(left), doubt(cell))
            if best is None or key < best[:2]:
                best = (len(left), doubt(cell), cell, left)
        assert best is not None
        r, c = best[2]
        out[r][c] ^= 1
        open_cells = best[3]
        flips += 1
    if not put_back:
        return out
    # put back every change that a later one made unneeded, the surest-coloured cells first
    changed = sorted(((r, c) for r in range(height) for c in range(width)
                      if out[r][c] != picture[r][c]), key=doubt, reverse=True)
    for r, c in changed:
        out[r][c] ^= 1
        if undecided(out):
            out[r][c] ^= 1
    return out


def hamming(a: Picture, b: Picture) -> int:
    """How many cells differ between two pictures of one size."""
    return sum(x != y for ra, rb in zip(a, b) for x, y in zip(ra, rb))


def from_picture(path: Path, width: int, height: int, seed: int = 0) -> FromPicture:
    """The puzzle of the image at ``path`` at ``width`` x ``height`` cells, proven unique.

    Raises:
        PictureError: Pillow is missing, the file is not a readable image, or no unique puzzle
            was reached.
    """
    grey, size = load_grey(path, width, height)
    picture, cut = threshold(grey)
    fixed = make_unique(picture, grey, cut, seed)
    changed = hamming(picture, fixed)
    puzzle = Puzzle.from_picture(
        fixed,
        title=path.stem,
        description=(
            f"From the picture {path.name} ({size[0]}x{size[1]} pixels), thresholded at grey "
            f"{cut} (Otsu) to {width}x{height} cells; {changed} "
            f"cell{'' if changed == 1 else 's'} changed to make it unique (seed {seed})."
        ),
    )
    from nonotui.kinds.nonogram.engine.search import solve

    result = solve(puzzle, max_solutions=2, strategy="wu")
    if result.status != "unique":  # line logic decided every cell: this cannot happen
        raise AssertionError(f"{path}: line-solvable yet {result.status}")
    return FromPicture(puzzle, picture, cut, changed, size)


__all__ = ["NEEDS_PILLOW", "FromPicture", "PictureError", "from_picture",
           "hamming", "load_grey", "make_unique", "otsu", "threshold"]
