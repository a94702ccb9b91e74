"""Colour puzzles from the generator (``nonotui generate WxH --colors N``), made unique by the
engine's search.

A colour recipe is a black-and-white recipe with ``colors`` from 2 to
:data:`~nonotui.kinds.nonogram.generate.MAX_COLORS` and no grade; its id adds ``cN`` before the
seed (``gen2:15x15:g0:nosym:d55:c3:42``). From the recipe's own random stream:

- the filled cells are a smoothed field thresholded at the density, with empty and full lines
  mended, exactly as for black and white (:mod:`~nonotui.kinds.nonogram.pictures`);
- each filled cell takes the colour whose own smoothed field is highest there (one field per
  colour, all symmetric under the recipe's symmetry), so colours come in patches;
- a field that leaves a colour unused is dropped for the next one;
- then, while the engine's search (``wu``, one thread: the same second solution on every run)
  finds a second solution, one cell where the two solutions differ (with its mirror images) is
  given another value drawn from the stream, and the search runs again. After the flip budget
  the generator starts over from a new field.

The puzzle is therefore unique by the engine's proof, and the same recipe gives the same puzzle
on every machine. Unlike black-and-white recipes, it is not made solvable by line logic alone;
whether it is depends on the picture.
"""

from __future__ import annotations

from nonotui.kinds.nonogram.pictures import Picture, field, mend_lines, orbit, threshold
from nonotui.kinds.nonogram.puzzle import Color, Metadata, Puzzle
from nonotui.kinds.nonogram.recipes import (
    MAX_RESTARTS,
    MAX_SEED,
    Generated,
    GenerationStop,
    GeneratorError,
    Recipe,
)
from nonotui.kinds.nonogram.rng import SplitMix64

PALETTE = (
    Color("white", "#ffffff", "."),
    Color("red", "#ff0000", "r"),
    Color("blue", "#0000ff", "b"),
    Color("green", "#00ff00", "g"),
    Color("orange", "#ffa500", "o"),
    Color("purple", "#a020f0", "p"),
    Color("brown", "#a52a2a", "n"),
)
"""The background and the colours a generated puzzle uses, the first ``colors`` of them: values
with a common name, so that the names survive ``.non``, which names a colour after its value."""

_STREAM = 0xD1B54A32D192ED03
"""Mixed into the seed so that a colour recipe's stream differs from the black-and-white one's."""


def generate_colour(recipe: Recipe, budget: int, stop: GenerationStop) -> Generated:
    """The colour puzzle of ``recipe``, with ``budget`` flips per field; ``stop`` cancels.

    Raises:
        GeneratorError: no field gave a unique puzzle within the restarts.
    """
    rng = SplitMix64((recipe.seed + recipe.colors * _STREAM) & MAX_SEED)
    palette = PALETTE[: recipe.colors + 1]
    flips_total = 0
    for restart in range(MAX_RESTARTS + 1):
        stop.check()
        picture = _coloured_field(recipe, rng)
        if picture is None:
            continue
        flips = 0
        while True:
            other = _second_solution(picture, palette, stop)
            if other is None:
                if not _uses_every_colour(picture, recipe.colors):
                    break  # the flips took a colour's last cell away
                puzzle = Puzzle.from_picture(
                    picture, colors=palette, **_metadata(recipe, flips, restart)
                )
                return Generated(recipe, puzzle, flips, restart, flips_total)
            if flips >= budget:
                break
            _flip(picture, other, rng, recipe)
            flips += 1
            flips_total += 1
    raise GeneratorError(recipe.id, f"no unique puzzle found in {MAX_RESTARTS + 1} fields; "
                                    "try another seed or density")


def _coloured_field(recipe: Recipe, rng: SplitMix64) -> Picture | None:
    """The next candidate: colour indices, ``None`` when its lines could not be mended or a
    colour went unused."""
    w, h, sym = recipe.width, recipe.height, recipe.symmetry
    values = field(rng, w, h, sym)
    picture = threshold(values, recipe.density, sym)
    if not mend_lines(picture, values, sym):
        return None
    shades = [field(rng, w, h, sym) for _ in range(recipe.colors)]
    for r in range(h):
        for c in range(w):
            if picture[r][c]:
                cell = [shade[r][c] for shade in shades]
                picture[r][c] = 1 + cell.index(max(cell))
    return picture if _uses_every_colour(picture, recipe.colors) else None


def _uses_every_colour(picture: Picture, colors: int) -> bool:
    return {v for row in picture for v in row} >= set(range(1, colors + 1))


def _flip(picture: Picture, other: Picture, rng: SplitMix64, recipe: Recipe) -> None:
    """Give one cell where ``picture`` and ``other`` differ (and its mirror images) another
    value drawn from ``rng``."""
    w, h = recipe.width, recipe.height
    differ = [(r, c) for r in range(h) for c in range(w) if picture[r][c] != other[r][c]]
    r, c = differ[rng.below(len(differ))]
    value = (picture[r][c] + 1 + rng.below(recipe.colors)) % (recipe.colors + 1)
    for i, j in orbit((r, c), w, h, recipe.symmetry):
        picture[i][j] = value


def _second_solution(picture: Picture, palette: tuple[Color, ...], stop: GenerationStop) -> Picture | None:
    """A solution of ``picture``'s clues other than ``picture``, ``None`` when the engine's
    search proves it the only one."""
    from nonotui.kinds.nonogram.engine.search import solve

    puzzle = Puzzle.from_picture(picture, colors=palette, keep_goal=False)
    result = solve(puzzle, max_solutions=2, strategy="wu", should_stop=stop.should_stop)
    stop.check()
    if result.status == "unique":
        return None
    if result.status != "multiple":
        raise AssertionError(f"the search on a generated colour picture said {result.status}")
    for board in result.solutions:
        other = [[int(v).bit_length() - 1 for v in row] for row in board.cells.tolist()]
        if other != picture:
            return other
    raise AssertionError("the search said multiple but gave no other solution")


def _metadata(recipe: Recipe, flips: int, restarts: int) -> Metadata:
    names = ", ".join(c.name for c in PALETTE[1 : recipe.colors + 1])
    return {
        "title": f"Generated {recipe.width}x{recipe.height} #{recipe.seed}",
        "author": f"nonotui generator {recipe.version}",
        "catalogue": recipe.id,
        "description": (
            f"Recipe: generator {recipe.version}, {recipe.width}x{recipe.height}, {recipe.colors} "
            f"colours ({names}), symmetry {recipe.symmetry}, density {recipe.density}%, seed "
            f"{recipe.seed}. Made unique by changing {flips} cell{'' if flips == 1 else 's'} "
            f"after {restarts} restart{'' if restarts == 1 else 's'}."
        ),
    }
