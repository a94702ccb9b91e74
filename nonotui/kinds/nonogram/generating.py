"""New puzzles: the library's "New puzzle" and "Daily puzzle", and ``nonotui generate``.

Both go through :func:`~nonotui.kinds.nonogram.generate.generate`, so a puzzle made here has
the generator's id in its ``catalogue`` field and is the puzzle that id names on every machine.

The daily puzzle follows the UTC date (DECISIONS.md): its recipe is a pure function of the date,
the same for everyone. Its size and grade come from the weekday, small and easy early in the
week (:data:`DAILY_BY_WEEKDAY`), its seed is the date written as a number (``20261123``).

Importing this module loads neither numba nor the engine.
"""

from __future__ import annotations

from datetime import date

from nonotui.kinds.nonogram.generate import DEFAULT_DENSITY, GRADE_DENSITY, GeneratorError, Recipe
from nonotui.kinds.nonogram.pictures import SYMMETRIES, Symmetry
from nonotui.model.vocab import Cancelled, MadePuzzle, PuzzleRequest, Stop

DAILY_BY_WEEKDAY: tuple[tuple[int, int, Symmetry], ...] = (
    (10, 1, "horizontal"),  # Monday
    (10, 2, "none"),        # Tuesday
    (15, 2, "vertical"),    # Wednesday
    (15, 3, "none"),        # Thursday
    (20, 3, "horizontal"),  # Friday
    (20, 4, "none"),        # Saturday
    (25, 4, "both"),        # Sunday
)
"""For each weekday from Monday: the side of the (square) daily puzzle, its grade, its
symmetry."""


def daily_request(day: date) -> PuzzleRequest:
    """The daily puzzle of ``day`` (a UTC date): size, grade and symmetry by the weekday, the
    date itself (``20261123``) as the seed, titled ``Daily 2026-11-23``."""
    side, grade, symmetry = DAILY_BY_WEEKDAY[day.weekday()]
    seed = day.year * 10000 + day.month * 100 + day.day
    return PuzzleRequest(side, side, grade, symmetry, seed, f"Daily {day.isoformat()}")


def recipe_of(request: PuzzleRequest) -> Recipe:
    """The generator's recipe for a request.

    Raises:
        GeneratorError: an unknown symmetry (sizes and grades are checked by the generator).
    """
    wanted = request.options.get("symmetry", request.symmetry)  # `generate --symmetry`
    if wanted not in SYMMETRIES:
        raise GeneratorError("", f"unknown symmetry {wanted!r} (known: "
                                 f"{', '.join(SYMMETRIES)})")
    symmetry: Symmetry = next(s for s in SYMMETRIES if s == wanted)
    # the grade's own density unless the request names one (`generate --density`): denser
    # pictures are easier, and the default density alone rarely gives grade 3 on small boards
    density = request.options.get("density")
    if not isinstance(density, int):
        density = GRADE_DENSITY.get(request.grade, DEFAULT_DENSITY)
    colors = request.options.get("colors", 1)
    return Recipe(request.width, request.height, request.seed, symmetry, density, request.grade,
                  colors if isinstance(colors, int) else 1)


def new_puzzle(request: PuzzleRequest, should_stop: Stop | None = None) -> MadePuzzle:
    """The generator's puzzle for ``request``, titled as asked, with a note when the generator
    settled for another grade than the one asked for.

    The generator polls ``should_stop`` between its steps (every flip it tries, every field,
    rating and search), so a cancelled request stops within one step and never hands back a
    puzzle.

    Raises:
        GeneratorError: the recipe is out of range or could not be made.
        Cancelled: ``should_stop`` said so.
    """
    from nonotui.kinds.nonogram.generate import generate

    image = request.options.get("image")
    if isinstance(image, str):
        return _from_image(request, image)
    recipe = recipe_of(request)
    recipe.check(recipe.id)
    if should_stop is not None and should_stop():
        raise Cancelled()
    made = generate(recipe, should_stop=should_stop)
    if should_stop is not None and should_stop():
        raise Cancelled()
    puzzle = made.puzzle
    if request.title:
        puzzle = puzzle.replace(title=request.title)
    note = None
    if request.grade and made.grade != request.grade:
        note = (f"Grade {request.grade} was asked for; the nearest the generator reached is "
                f"grade {made.grade}.")
    return MadePuzzle(puzzle, note, recipe.id)


def _from_image(request: PuzzleRequest, image: str) -> MadePuzzle:
    """The puzzle of the picture at ``image`` (:mod:`nonotui.kinds.nonogram.picture`), its size
    and seed the request's; the note says how many cells were changed to make it unique.

    Raises:
        RecipeRangeError: a size or seed out of range.
        PictureError: the picture cannot be read (or Pillow is missing), or no unique puzzle.
    """
    from pathlib import Path

    from nonotui.kinds.nonogram.picture import from_picture

    Recipe(request.width, request.height, request.seed).check()  # the generator's own ranges
    made = from_picture(Path(image), request.width, request.height, request.seed)
    note = (f"changed {made.changed} of {request.width * request.height} cells to make the "
            "puzzle unique")
    return MadePuzzle(made.puzzle, note)


__all__ = ["DAILY_BY_WEEKDAY", "daily_request", "new_puzzle", "recipe_of"]
