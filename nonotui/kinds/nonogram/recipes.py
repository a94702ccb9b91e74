"""What decides a generated nonogram: its recipe (size, grade, symmetry, density, colours,
seed), the generator id that names it (``gen2:15x15:g0:nosym:d55:42``), the result the generator
gives, its errors and its cancellation. The black-and-white generator
(:mod:`~nonotui.kinds.nonogram.generate`) and the colour one
(:mod:`~nonotui.kinds.nonogram.generate_colour`) share them. Loads neither numba nor the engine."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from nonotui.errors import NonotuiError, RequestError
from nonotui.kinds.nonogram.pictures import (
    Cell,
    Memo,
    Picture,
    Symmetry,
    undecided,
    undecided_upto,
)
from nonotui.kinds.nonogram.puzzle import Puzzle
from nonotui.model.vocab import Cancelled

VERSION = 2
"""The generator's version, the ``2`` of ``gen2:``, which new recipes get: bump it whenever the
same recipe would give another puzzle. Version 2 rates and aims with the live technique ladder
and rating; version 1 with the rules frozen in
:mod:`~nonotui.kinds.nonogram.generate_gen1_rules`, so that old ``gen1`` ids keep giving the
puzzles they named."""
VERSIONS = (1, 2)
"""The versions whose ids this nonotui opens (each gives the puzzle it gave when it was made)."""

SYMMETRY_TOKENS: dict[Symmetry, str] = {
    "none": "nosym", "horizontal": "hsym", "vertical": "vsym", "both": "hvsym"}

MIN_SIZE, MAX_SIZE = 5, 80
"""The sides a generated puzzle may have."""
MIN_DENSITY, MAX_DENSITY = 20, 80
"""The percentages of filled cells ``--density`` accepts."""
DEFAULT_DENSITY = 55
MAX_SEED = (1 << 64) - 1
MAX_COLORS = 6
"""The most block colours ``generate --colors`` makes (:mod:`~nonotui.kinds.nonogram.generate_colour`)."""

MAX_RESTARTS = 60
"""Fields tried for one recipe before giving up with an error."""

_ID = re.compile(
    r"^gen(?P<version>\d+):(?P<w>\d+)x(?P<h>\d+):g(?P<grade>\d+):(?P<sym>[a-z]+):"
    r"d(?P<density>\d+):(?:c(?P<colors>\d+):)?(?P<seed>\d+)$"
)



class GeneratorError(NonotuiError):
    """A recipe or generator id that cannot give a puzzle (bad size, density, grade, ...).

    Attributes:
        problem: The problem alone, without the id.
    """

    def __init__(self, spec: str, problem: str) -> None:
        self.problem = problem
        super().__init__(f"{spec}: {problem}" if spec else problem)


class RecipeRangeError(GeneratorError, RequestError):
    """A recipe out of range (a size, density, grade, seed, symmetry or colour count): a usage
    error of ``nonotui generate``, bad input in a generator id."""

    def __init__(self, spec: str, problem: str) -> None:
        RequestError.__init__(self, problem, spec)


@dataclass(frozen=True)
class Recipe:
    """Everything that decides a generated puzzle (with :data:`VERSION`)."""

    width: int
    height: int
    seed: int
    symmetry: Symmetry = "none"
    density: int = DEFAULT_DENSITY
    grade: int = 0
    """1 to 5: the grade aimed at; 0: any grade (line-solvable, not rated)."""
    colors: int = 1
    """Block colours: 1 is black and white; 2 to :data:`MAX_COLORS` make a colour puzzle."""
    version: int = VERSION
    """The generator version that makes it (one of :data:`VERSIONS`): a ``gen1`` id's recipe
    is made by version 1's rules, so that it gives the puzzle it named."""

    @property
    def id(self) -> str:
        """``gen2:15x15:g0:nosym:d55:42``; a colour recipe adds ``cN``: ``...:d55:c3:42``."""
        colors = f"c{self.colors}:" if self.colors != 1 else ""
        return (f"gen{self.version}:{self.width}x{self.height}:g{self.grade}:"
                f"{SYMMETRY_TOKENS[self.symmetry]}:d{self.density}:{colors}{self.seed}")

    def check(self, spec: str = "") -> None:
        """Raises :class:`RecipeRangeError` when the recipe cannot be made (a
        :class:`GeneratorError` for a generator version this nonotui does not have)."""
        if self.version not in VERSIONS:
            raise GeneratorError(spec, _unknown_version(self.version))
        for side, name in ((self.width, "width"), (self.height, "height")):
            if not MIN_SIZE <= side <= MAX_SIZE:
                raise RecipeRangeError(
                    spec, f"the {name} must be from {MIN_SIZE} to {MAX_SIZE}, not {side}")
        if not MIN_DENSITY <= self.density <= MAX_DENSITY:
            raise RecipeRangeError(spec, f"the density must be from {MIN_DENSITY} to "
                                       f"{MAX_DENSITY} percent, not {self.density}")
        if not 0 <= self.grade <= 5:
            raise RecipeRangeError(spec, f"the grade must be from 1 to 5 (0: any), not "
                                       f"{self.grade}")
        if not 0 <= self.seed <= MAX_SEED:
            raise RecipeRangeError(spec, f"the seed must be from 0 to {MAX_SEED}")
        if self.symmetry not in SYMMETRY_TOKENS:
            raise RecipeRangeError(spec, f"unknown symmetry {self.symmetry!r}")
        if not 1 <= self.colors <= MAX_COLORS:
            raise RecipeRangeError(spec, f"the colours must be from 1 to {MAX_COLORS}, not "
                                       f"{self.colors}")
        if self.colors > 1 and self.grade:
            raise RecipeRangeError(spec, "a grade can be asked for black-and-white puzzles only, "
                                       "not with colours")


def looks_like_id(spec: str) -> bool:
    """Whether ``spec`` means to be a generator id (``gen`` and a version, then a colon)."""
    return re.match(r"^gen\d+:", spec) is not None


def _unknown_version(version: int) -> str:
    """Why an id of generator ``version`` (not one of :data:`VERSIONS`) cannot be opened."""
    known = " and ".join(f"gen{v}" for v in VERSIONS)
    if version > VERSION:
        return (f"made by generator version {version}, newer than this nonotui's {VERSION}; "
                f"a newer nonotui opens it (this one opens {known} ids)")
    return f"there is no generator version {version}; this nonotui opens {known} ids"


def parse_id(spec: str) -> Recipe:
    """The recipe of a generator id of any version in :data:`VERSIONS` (the recipe keeps the
    version: a ``gen1`` id is made by version 1's rules and gives the puzzle it gave).

    Raises:
        GeneratorError: a malformed id, a generator version not in :data:`VERSIONS` (the
            message says which versions this nonotui opens), or a recipe out of range.
    """
    match = _ID.match(spec)
    if match is None:
        raise GeneratorError(spec, f"not a generator id; they look like "
                                   f"gen{VERSION}:15x15:g0:nosym:d55:42")
    version = int(match["version"])
    if version not in VERSIONS:
        raise GeneratorError(spec, _unknown_version(version))
    by_token = {token: name for name, token in SYMMETRY_TOKENS.items()}
    if match["sym"] not in by_token:
        raise GeneratorError(spec, f"unknown symmetry {match['sym']!r} (known: "
                                   f"{', '.join(by_token)})")
    recipe = Recipe(int(match["w"]), int(match["h"]), int(match["seed"]), by_token[match["sym"]],
                    int(match["density"]), int(match["grade"]), int(match["colors"] or 1),
                    version)
    recipe.check(spec)
    return recipe


@dataclass(frozen=True)
class Generated:
    """A generated puzzle and what making it took."""

    recipe: Recipe
    puzzle: Puzzle
    fixups: int
    """Cells flipped (counting a cell and its mirror images once) in the candidate kept."""
    restarts: int
    """Fields abandoned before the one kept."""
    flips_total: int
    """Cell flips over every field tried, abandoned ones included."""
    grade: int = 0
    """The grade the puzzle was rated (0 for a ``g0`` recipe, which is not rated); it differs
    from ``recipe.grade`` when the generator settled for the nearest grade it reached."""



Cut = Callable[[Picture, str, Memo], list[Cell]]
"""Line logic cut off at a technique (:func:`undecided_upto`, or version 1's frozen one):
``(picture, technique, memo) -> cells left undecided``."""


class GenerationStop:
    """The generator's cancellation: ``check`` raises :class:`Cancelled` once ``should_stop``
    says so; ``undecided`` is :func:`undecided` with a check first (the fix-up's inner step)."""

    def __init__(self, should_stop: Callable[[], bool] | None) -> None:
        self.should_stop = should_stop

    def check(self) -> None:
        if self.should_stop is not None and self.should_stop():
            raise Cancelled

    def undecided(self, picture: Picture) -> list[Cell]:
        self.check()
        return undecided(picture)

    def upto(self, picture: Picture, technique: str, memo: Memo,
             cut: Cut = undecided_upto) -> list[Cell]:
        """``cut`` (the live :func:`undecided_upto` unless given) with a check first."""
        self.check()
        return cut(picture, technique, memo)


__all__ = ["DEFAULT_DENSITY", "MAX_COLORS", "MAX_DENSITY", "MAX_RESTARTS", "MAX_SEED", "MAX_SIZE",
           "MIN_DENSITY", "MIN_SIZE", "SYMMETRY_TOKENS", "VERSION", "VERSIONS", "Cut",
           "GenerationStop", "Generated", "GeneratorError", "Recipe", "RecipeRangeError",
           "looks_like_id", "parse_id"]
