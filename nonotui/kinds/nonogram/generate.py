"""The puzzle generator: pictures from a smoothed random field, made unique by changing a few cells.

A recipe (size, grade, symmetry, density, seed) and the generator's version decide the puzzle, and
its id ``gen1:WxH:gG:SYM:dP:SEED`` spells them all, so that the id alone gives the same puzzle on
every machine (DECISIONS.md "Techniques, rating, generator"):

- random numbers come from :class:`~nonotui.kinds.nonogram.rng.SplitMix64` in Python integers;
- the field is integer noise summed over 3x3 neighbourhoods a few times (exact integer sums);
- the field is made symmetric by adding every cell's mirror images (scaled to four), then the highest cells are
  filled until the density is reached, and lines left empty or full get their best (or worst)
  cell changed;
- the candidate is propagated with complete line logic (the engine's ``fast,fcomp`` stack, whose
  fixed point is the same whatever order lines are taken in). While cells stay undecided, one
  undecided cell (with its mirror images) is flipped in the picture, chosen by the random stream,
  and the new clues are propagated again (of a few undecided cells drawn, the flip that leaves
  the fewest cells undecided is made). After a step budget without success the generator
  starts over from a new field (a *restart*). The engine's search then proves the result unique.

No wall-clock limit decides anything: only step budgets. The output depends on the line-logic
fixed point and the uniqueness verdict, both facts about the clues, not on the engine's search
order. Every generated puzzle is therefore solvable by line logic alone (grades 1 to 3 once the
rating exists). ``g0`` in an id means "any grade": aiming at a grade is not built yet, and an id
with another grade is refused rather than answered with a puzzle of some other grade.

Importing this module loads neither numba nor the engine; :func:`generate` does.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from nonotui.errors import NonotuiError
from nonotui.kinds.nonogram.puzzle import Metadata, Puzzle
from nonotui.kinds.nonogram.rng import SplitMix64

VERSION = 1
"""The generator's version, the ``1`` of ``gen1:``: bump it whenever the same recipe would give
another puzzle."""

Symmetry = Literal["none", "horizontal", "vertical", "both"]
SYMMETRIES: tuple[Symmetry, ...] = ("none", "horizontal", "vertical", "both")
"""``horizontal``: the picture is its own mirror image left to right; ``vertical``: top to
bottom; ``both``: both at once."""
SYMMETRY_TOKENS: dict[Symmetry, str] = {
    "none": "nosym", "horizontal": "hsym", "vertical": "vsym", "both": "hvsym"}

MIN_SIZE, MAX_SIZE = 5, 80
"""The sides a generated puzzle may have."""
MIN_DENSITY, MAX_DENSITY = 20, 80
"""The percentages of filled cells ``--density`` accepts."""
DEFAULT_DENSITY = 55
MAX_SEED = (1 << 64) - 1

FIXUP_BUDGET_PER_CELL = 0.25
"""Cell flips one candidate may take (times its number of cells, at least 20) before the
generator starts over from a new field."""
MAX_RESTARTS = 60
"""Fields tried for one recipe before giving up with an error."""
STALL_FLIPS = 8
"""Flips in a row without a new lowest count of undecided cells after which a field is given up."""
SAMPLED_FLIPS = 6
"""Undecided cells (with their mirror images) tried at each fix-up step: the one whose flip
leaves the fewest cells undecided is kept (the first tried, on a tie)."""

_ID = re.compile(
    r"^gen(?P<version>\d+):(?P<w>\d+)x(?P<h>\d+):g(?P<grade>\d+):(?P<sym>[a-z]+):"
    r"d(?P<density>\d+):(?P<seed>\d+)$"
)

Picture = list[list[int]]
Cell = tuple[int, int]


class GeneratorError(NonotuiError):
    """A recipe or generator id that cannot give a puzzle (bad size, density, grade, ...).

    Attributes:
        problem: The problem alone, without the id.
    """

    def __init__(self, spec: str, problem: str) -> None:
        self.problem = problem
        super().__init__(f"{spec}: {problem}" if spec else problem)


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

    @property
    def id(self) -> str:
        """``gen1:15x15:g0:nosym:d55:42``."""
        return (f"gen{VERSION}:{self.width}x{self.height}:g{self.grade}:"
                f"{SYMMETRY_TOKENS[self.symmetry]}:d{self.density}:{self.seed}")

    def check(self, spec: str = "") -> None:
        """Raises :class:`GeneratorError` when the recipe cannot be made."""
        for side, name in ((self.width, "width"), (self.height, "height")):
            if not MIN_SIZE <= side <= MAX_SIZE:
                raise GeneratorError(
                    spec, f"the {name} must be from {MIN_SIZE} to {MAX_SIZE}, not {side}")
        if not MIN_DENSITY <= self.density <= MAX_DENSITY:
            raise GeneratorError(spec, f"the density must be from {MIN_DENSITY} to "
                                       f"{MAX_DENSITY} percent, not {self.density}")
        if not 0 <= self.grade <= 5:
            raise GeneratorError(spec, f"the grade must be from 1 to 5 (0: any), not "
                                       f"{self.grade}")
        if not 0 <= self.seed <= MAX_SEED:
            raise GeneratorError(spec, f"the seed must be from 0 to {MAX_SEED}")
        if self.symmetry not in SYMMETRY_TOKENS:
            raise GeneratorError(spec, f"unknown symmetry {self.symmetry!r}")


def looks_like_id(spec: str) -> bool:
    """Whether ``spec`` means to be a generator id (``gen`` and a version, then a colon)."""
    return re.match(r"^gen\d+:", spec) is not None


def parse_id(spec: str) -> Recipe:
    """The recipe of a generator id.

    Raises:
        GeneratorError: a malformed id, another generator version, or a recipe out of range.
    """
    match = _ID.match(spec)
    if match is None:
        raise GeneratorError(spec, "not a generator id; they look like gen1:15x15:g0:nosym:d55:42")
    if int(match["version"]) != VERSION:
        raise GeneratorError(spec, f"made by generator version {match['version']}; this "
                                   f"nonotui has version {VERSION}")
    by_token = {token: name for name, token in SYMMETRY_TOKENS.items()}
    if match["sym"] not in by_token:
        raise GeneratorError(spec, f"unknown symmetry {match['sym']!r} (known: "
                                   f"{', '.join(by_token)})")
    recipe = Recipe(int(match["w"]), int(match["h"]), int(match["seed"]), by_token[match["sym"]],
                    int(match["density"]), int(match["grade"]))
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


# -- the picture -------------------------------------------------------------------------------


def orbit(cell: Cell, width: int, height: int, symmetry: Symmetry) -> list[Cell]:
    """``cell`` and its mirror images under ``symmetry``, without repeats, in row-major order."""
    r, c = cell
    cells = {(r, c)}
    if symmetry in ("horizontal", "both"):
        cells.add((r, width - 1 - c))
    if symmetry in ("vertical", "both"):
        cells.add((height - 1 - r, c))
    if symmetry == "both":
        cells.add((height - 1 - r, width - 1 - c))
    return sorted(cells)


def smoothing_passes(width: int, height: int) -> int:
    """How often the noise is summed over neighbourhoods: more for bigger pictures, whose blobs
    should be bigger too."""
    return 1 + min(width, height) // 8


def field(rng: SplitMix64, width: int, height: int, symmetry: Symmetry,
          passes: int | None = None) -> list[list[int]]:
    """Smoothed integer noise, symmetric under ``symmetry``, summed over neighbourhoods
    ``passes`` times (default :func:`smoothing_passes`)."""
    values = [[rng.next() >> 48 for _ in range(width)] for _ in range(height)]
    for _ in range(smoothing_passes(width, height) if passes is None else passes):
        smoothed = []
        for r in range(height):
            rows = (values[max(r - 1, 0)], values[r], values[min(r + 1, height - 1)])
            smoothed.append([
                sum(row[max(c - 1, 0)] + row[c] + row[min(c + 1, width - 1)] for row in rows)
                for c in range(width)
            ])
        values = smoothed
    # each cell gets its orbit's sum scaled to four cells, so that the cells on a mirror line
    # (orbits of one or two) weigh as much as the others
    out = []
    for r in range(height):
        row = []
        for c in range(width):
            cells = orbit((r, c), width, height, symmetry)
            row.append(sum(values[i][j] for i, j in cells) * (4 // len(cells)))
        out.append(row)
    return out


def threshold(values: list[list[int]], density: int, symmetry: Symmetry) -> Picture:
    """The highest cells filled, a whole orbit at a time, until ``density`` percent are."""
    height, width = len(values), len(values[0])
    target = (width * height * density + 50) // 100
    orbits = {tuple(orbit((r, c), width, height, symmetry)) for r in range(height)
              for c in range(width)}
    ranked = sorted(orbits, key=lambda o: (-values[o[0][0]][o[0][1]], o[0]))
    picture = [[0] * width for _ in range(height)]
    filled = 0
    for cells in ranked:
        if filled >= target:
            break
        for r, c in cells:
            picture[r][c] = 1
        filled += len(cells)
    return picture


def _bad_lines(picture: Picture) -> list[tuple[str, int, int]]:
    """Every empty or full line: ``(axis, index, value its cells all have)``."""
    height, width = len(picture), len(picture[0])
    out = []
    for r, row in enumerate(picture):
        if sum(row) in (0, width):
            out.append(("row", r, row[0]))
    for c in range(width):
        total = sum(picture[r][c] for r in range(height))
        if total in (0, height):
            out.append(("column", c, picture[0][c]))
    return out


def mend_lines(picture: Picture, values: list[list[int]], symmetry: Symmetry) -> bool:
    """Fill the highest cell of every empty line, clear the lowest of every full one (with their
    mirror images); returns whether no empty or full line is left."""
    height, width = len(picture), len(picture[0])
    for _ in range(4):
        bad = _bad_lines(picture)
        if not bad:
            return True
        for axis, index, value in bad:
            cells = ([(index, c) for c in range(width)] if axis == "row"
                     else [(r, index) for r in range(height)])
            pick = (max if value == 0 else min)(cells, key=lambda rc: (values[rc[0]][rc[1]], rc))
            for r, c in orbit(pick, width, height, symmetry):
                picture[r][c] = 1 - value
    return not _bad_lines(picture)


def _flip_keeps_lines(picture: Picture, cells: list[Cell]) -> bool:
    """Whether flipping ``cells`` leaves every row and column they touch neither empty nor full."""
    height, width = len(picture), len(picture[0])
    for r, c in cells:
        picture[r][c] ^= 1
    ok = all(0 < sum(picture[r]) < width for r in {r for r, _ in cells}) and all(
        0 < sum(picture[r][c] for r in range(height)) < height for c in {c for _, c in cells})
    for r, c in cells:
        picture[r][c] ^= 1
    return ok


# -- uniqueness --------------------------------------------------------------------------------


def undecided(picture: Picture) -> list[Cell]:
    """The cells complete line logic leaves undecided for ``picture``'s clues, row-major."""
    from nonotui.kinds.nonogram.engine.steps import propagation
    from nonotui.kinds.nonogram.puzzle import unknown_board
    from nonotui.model.cells import EMPTY, FILLED

    puzzle = Puzzle.from_picture(picture, keep_goal=False)
    cells = propagation(puzzle, unknown_board(puzzle)).cells
    return [(r, c) for r in range(len(picture)) for c in range(len(picture[0]))
            if int(cells[r, c]) not in (EMPTY, FILLED)]


def make_line_solvable(picture: Picture, rng: SplitMix64, symmetry: Symmetry,
                       budget: int, open_of: Callable[[Picture], list[Cell]] | None = None,
                       stall: int = STALL_FLIPS) -> tuple[bool, int]:
    """Flip undecided cells of ``picture`` (in place) until line logic decides every cell;
    returns whether it got there, and the flips made. It gives up after ``budget`` flips, or
    after ``stall`` flips in a row that did not bring the number of undecided cells
    below its lowest so far. ``open_of`` replaces complete line logic's :func:`undecided` (the
    graded generator passes line logic cut off at a technique)."""
    height, width = len(picture), len(picture[0])
    open_of = undecided if open_of is None else open_of
    open_cells = open_of(picture)
    fewest, stalled, flips = len(open_cells), 0, 0
    while open_cells and flips < budget and stalled < stall:
        seen: set[Cell] = set()
        choices: list[list[Cell]] = []
        for cell in open_cells:
            if cell in seen:
                continue
            cells = orbit(cell, width, height, symmetry)
            seen.update(cells)
            if _flip_keeps_lines(picture, cells):
                choices.append(cells)
        if not choices:
            break
        best: tuple[list[Cell], list[Cell]] | None = None
        for _ in range(min(SAMPLED_FLIPS, len(choices))):
            cells = choices.pop(rng.below(len(choices)))
            for r, c in cells:
                picture[r][c] ^= 1
            left = open_of(picture)
            for r, c in cells:
                picture[r][c] ^= 1
            if best is None or len(left) < len(best[1]):
                best = (cells, left)
        assert best is not None
        for r, c in best[0]:
            picture[r][c] ^= 1
        open_cells = best[1]
        flips += 1
        if len(open_cells) < fewest:
            fewest, stalled = len(open_cells), 0
        else:
            stalled += 1
    return not open_cells, flips


def generate(recipe: Recipe, fixup_budget: int | None = None) -> Generated:
    """The puzzle of ``recipe``, proven unique by the engine's search. ``fixup_budget`` replaces
    the flips a field may take (0: start over at once, as the benchmark's "restart only" does);
    a puzzle made with another budget is not the one its id names. A recipe with a grade is
    aimed at that grade (:func:`_generate_graded`).

    Raises:
        GeneratorError: the recipe is out of range, or no field gave a unique puzzle within
            :data:`MAX_RESTARTS` restarts.
    """
    recipe.check(recipe.id)
    if recipe.grade:
        return _generate_graded(recipe, fixup_budget)
    w, h, sym = recipe.width, recipe.height, recipe.symmetry
    rng = SplitMix64(recipe.seed)
    budget = _budget(recipe, fixup_budget)
    flips_total = 0
    for restart in range(MAX_RESTARTS + 1):
        values = field(rng, w, h, sym)
        picture = threshold(values, recipe.density, sym)
        if not mend_lines(picture, values, sym):
            continue
        solved, flips = make_line_solvable(picture, rng, sym, budget)
        flips_total += flips
        if not solved:
            continue
        puzzle = Puzzle.from_picture(picture, **_metadata(recipe, flips, restart))
        _prove_unique(recipe, puzzle)
        return Generated(recipe, puzzle, flips, restart, flips_total)
    raise GeneratorError(recipe.id, f"no unique puzzle found in {MAX_RESTARTS + 1} fields; "
                                    "try another seed or density")


def _budget(recipe: Recipe, fixup_budget: int | None) -> int:
    if fixup_budget is not None:
        return fixup_budget
    return max(20, int(recipe.width * recipe.height * FIXUP_BUDGET_PER_CELL))


def _prove_unique(recipe: Recipe, puzzle: Puzzle) -> None:
    """The engine's search proves a line-solvable candidate unique (a check: it cannot fail)."""
    from nonotui.kinds.nonogram.engine.search import solve

    # one thread, one strategy: the verdict is a fact about the clues, but a single search
    # also keeps the proof's cost the same from run to run
    result = solve(puzzle, max_solutions=2, strategy="wu")
    if result.status != "unique":  # line logic decided every cell: this cannot happen
        raise AssertionError(f"{recipe.id}: line-solvable yet {result.status}")


# -- aiming at a grade -------------------------------------------------------------------------

GRADE_FIELDS = 16
"""Fields a graded recipe tries before it settles for the nearest grade it reached."""
GRADE_STALL_FLIPS = 20
"""Like :data:`STALL_FLIPS`, for the fix-up towards grades 1 and 2 (whose cut-off line logic
gains fewer cells per flip)."""
GRADE_DENSITY = {1: 75, 2: 60, 3: 45, 4: 50, 5: 50}
"""The density ``nonotui generate --grade G`` uses when ``--density`` is not given: denser
pictures are easier."""
_UPTO = {1: "Simple spaces", 2: "Mercury"}
"""The hardest technique line logic may use in the fix-up towards a grade (1 and 2)."""


def _graded_stream(recipe: Recipe) -> SplitMix64:
    """The random stream of a graded recipe: another stream for every grade, so that the same
    seed at two grades gives two unrelated pictures."""
    return SplitMix64((recipe.seed + recipe.grade * 0x9E3779B97F4A7C15) & MAX_SEED)


def _generate_graded(recipe: Recipe, fixup_budget: int | None) -> Generated:
    """A puzzle of ``recipe.grade``, or of the nearest grade reached within the budgets.

    Grades 1 to 3: each field is made line-solvable as for ``g0``; for grades 1 and 2 undecided
    cells are then flipped until line logic cut off at the grade's hardest technique decides
    every cell (the cells where a harder technique was needed). The puzzle is rated; a grade
    below the one asked (too easy) makes the generator try the next field of the stream.
    """
    from nonotui.kinds.nonogram.steer import Memo, interim_grade, undecided_upto

    w, h, sym, target = recipe.width, recipe.height, recipe.symmetry, recipe.grade
    if target > 3:
        raise GeneratorError(recipe.id, "grades 4 and 5 cannot be asked for yet")
    rng = _graded_stream(recipe)
    budget = _budget(recipe, fixup_budget)
    memo: Memo = {}
    passes = smoothing_passes(w, h) + (2 if target == 1 else 0)
    flips_total = 0
    best: tuple[int, Puzzle, int, int, int] | None = None  # distance, puzzle, grade, flips, field
    for restart in range(GRADE_FIELDS):
        values = field(rng, w, h, sym, passes)
        picture = threshold(values, recipe.density, sym)
        if not mend_lines(picture, values, sym):
            continue
        solved, flips = make_line_solvable(picture, rng, sym, budget)
        flips_total += flips
        if not solved:
            continue
        if target in _UPTO:
            upto = _UPTO[target]
            solved, more = make_line_solvable(
                picture, rng, sym, budget, lambda p: undecided_upto(p, upto, memo),
                GRADE_STALL_FLIPS)
            flips, flips_total = flips + more, flips_total + more
        puzzle = Puzzle.from_picture(picture)
        grade = interim_grade(puzzle)
        if best is None or abs(grade - target) < best[0]:
            best = (abs(grade - target), puzzle, grade, flips, restart)
        if grade == target:
            break
    if best is None:
        raise GeneratorError(recipe.id, f"no unique puzzle found in {GRADE_FIELDS} fields; "
                                        "try another seed or density")
    _, puzzle, grade, flips, restart = best
    puzzle = puzzle.replace(**_metadata(recipe, flips, restart, grade))
    _prove_unique(recipe, puzzle)
    return Generated(recipe, puzzle, flips, restart, flips_total, grade)


def _metadata(recipe: Recipe, flips: int, restarts: int, grade: int = 0) -> Metadata:
    reached = ""
    if recipe.grade and grade != recipe.grade:
        reached = f" Grade {recipe.grade} was asked for; the nearest reached is grade {grade}."
    return {
        "title": f"Generated {recipe.width}x{recipe.height} #{recipe.seed}",
        "author": f"nonotui generator {VERSION}",
        "catalogue": recipe.id,
        "description": (
            f"Recipe: generator {VERSION}, {recipe.width}x{recipe.height}, grade "
            f"{recipe.grade or 'any'}, symmetry {recipe.symmetry}, density {recipe.density}%, "
            f"seed {recipe.seed}. Made unique by changing {flips} "
            f"cell{'' if flips == 1 else 's'} after {restarts} "
            f"restart{'' if restarts == 1 else 's'}.{reached}"
        ),
    }


def read_id(spec: str) -> list[Puzzle]:
    """The puzzle of a generator id, as the kind's ``read_spec`` hands it on. The last few are
    kept (puzzles are immutable): the store and the player ask ``read_spec`` about the same
    argument more than once (whether it names a file, then its puzzles, then its label)."""
    return [_puzzle_of(spec)]


@functools.lru_cache(maxsize=16)
def _puzzle_of(spec: str) -> Puzzle:
    return generate(parse_id(spec)).puzzle


__all__ = ["DEFAULT_DENSITY", "MAX_RESTARTS", "SYMMETRIES", "VERSION", "Generated",
           "GeneratorError", "Recipe", "field", "generate", "looks_like_id", "make_line_solvable",
           "mend_lines", "orbit", "parse_id", "read_id", "threshold", "undecided"]
