"""The puzzle generator: pictures from a smoothed random field, made unique by changing a few cells.

A recipe (size, grade, symmetry, density, seed) and the generator's version decide the puzzle, and
its id ``gen2:WxH:gG:SYM:dP:SEED`` spells them all, so that the id alone gives the same puzzle on
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

No wall-clock limit decides anything: only step budgets. The output of a ``g0`` recipe ("any
grade": line-solvable, not rated) depends on the line-logic fixed point and the uniqueness
verdict, both facts about the clues, not on the engine's search order.

A recipe with a grade from 1 to 5 (:func:`_generate_graded`) draws its fields from a stream of
its own, makes each line-solvable as above, then aims: for grades 1 and 2 it flips cells until
the whole line steps no harder than the grade's hardest technique solve the puzzle
(:func:`~nonotui.kinds.nonogram.pictures.undecided_upto`; for grade 1 on pictures bigger than
:data:`GRADE1_SMALL_SIDE`, :func:`_cover_then_cut` first puts every filled cell into an overlap
of its row's or column's clue); for grades 4 and 5 it flips single
cells until line logic stalls on a puzzle the engine's search proves still unique
(:func:`_harden`). Every candidate is rated (:func:`nonotui.kinds.nonogram.rating.rate`); the
first of the grade asked for is the answer, else after :data:`GRADE_FIELDS` fields the nearest
grade reached (said in the description and in :attr:`Generated.grade`); grade 1 on pictures
up to :data:`GRADE1_SMALL_SIDE` gets more fields and flips (:data:`GRADE1_FIELDS`). The id keeps
the grade asked for, and the same id gives the same puzzle, whichever grade it reached. The
rating, and for grades 4 and 5 which second solution the search finds, are part of what an id
gives: a change to them needs a new generator version.

The version is the recipe's (:attr:`Recipe.version`, the ``2`` of ``gen2:``), and a graded recipe
takes its rules from it (:func:`_rules`): version 2, the live ladder and rating, line logic cut
off at Forcing for grade 1 and Block identification for grade 2; version 1, the ladder and
rating of its time, frozen in :mod:`~nonotui.kinds.nonogram.generate_gen1_rules` (cut off at
Simple spaces and Mercury), so that a ``gen1`` id still gives the puzzle it named. Everything
else (fields, fix-ups, the search) is the same for both, and a ``g0`` or colour recipe, which is
never rated, gives the same picture at either version.

Importing this module loads neither numba nor the engine; :func:`generate` does.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import NamedTuple

from nonotui.kinds.nonogram.pictures import (
    SYMMETRIES,
    Cell,
    Memo,
    Picture,
    Symmetry,
    cover_filled,
    field,
    flip_keeps_lines,
    make_line_solvable,
    mend_lines,
    orbit,
    smoothing_passes,
    threshold,
    undecided,
    undecided_upto,
)
from nonotui.kinds.nonogram.puzzle import Metadata, Puzzle
from nonotui.kinds.nonogram.recipes import (
    DEFAULT_DENSITY,
    MAX_COLORS,
    MAX_DENSITY,
    MAX_RESTARTS,
    MAX_SEED,
    MAX_SIZE,
    MIN_DENSITY,
    MIN_SIZE,
    SYMMETRY_TOKENS,
    VERSION,
    VERSIONS,
    Cut,
    Generated,
    GenerationStop,
    GeneratorError,
    Recipe,
    looks_like_id,
    parse_id,
)
from nonotui.kinds.nonogram.rng import SplitMix64

FIXUP_BUDGET_PER_CELL = 0.25
"""Cell flips one candidate may take (times its number of cells, at least 20) before the
generator starts over from a new field."""

def generate(recipe: Recipe, fixup_budget: int | None = None,
             should_stop: Callable[[], bool] | None = None) -> Generated:
    """The puzzle of ``recipe``, proven unique by the engine's search. ``fixup_budget`` replaces
    the flips a field may take (0: start over at once, as the benchmark's "restart only" does);
    a puzzle made with another budget is not the one its id names. A recipe with a grade is
    aimed at that grade (:func:`_generate_graded`).

    ``should_stop`` is polled between the generator's steps (every flip tried, every field,
    every rating and search); it never changes which puzzle a recipe gives, only whether the
    generator gets there.

    Raises:
        GeneratorError: the recipe is out of range, or no field gave a unique puzzle within
            :data:`MAX_RESTARTS` restarts.
        Cancelled: ``should_stop`` returned true.
    """
    recipe.check(recipe.id)
    stop = GenerationStop(should_stop)
    if recipe.colors > 1:
        from nonotui.kinds.nonogram.generate_colour import generate_colour

        return generate_colour(recipe, _budget(recipe, fixup_budget), stop)
    if recipe.grade:
        return _generate_graded(recipe, fixup_budget, stop)
    rng = SplitMix64(recipe.seed)
    budget = _budget(recipe, fixup_budget)
    flips_total = 0
    for restart in range(MAX_RESTARTS + 1):
        picture, flips = _line_solvable_field(recipe, rng, None, budget, stop)
        flips_total += flips
        if picture is None:
            continue
        puzzle = Puzzle.from_picture(picture, **_metadata(recipe, flips, restart))
        _prove_unique(recipe, puzzle)
        return Generated(recipe, puzzle, flips, restart, flips_total)
    raise GeneratorError(recipe.id, f"no unique puzzle found in {MAX_RESTARTS + 1} fields; "
                                    "try another seed or density")


def _line_solvable_field(recipe: Recipe, rng: SplitMix64, passes: int | None, budget: int,
                         stop: GenerationStop) -> tuple[Picture | None, int]:
    """The next field of ``rng`` thresholded at the recipe's density and made line-solvable
    with at most ``budget`` flips: ``(picture, flips)``, the picture ``None`` when its lines
    could not be mended or the flips did not get there (the flips spent are still counted)."""
    w, h, sym = recipe.width, recipe.height, recipe.symmetry
    stop.check()
    values = field(rng, w, h, sym, passes)
    picture = threshold(values, recipe.density, sym)
    if not mend_lines(picture, values, sym):
        return None, 0
    solved, flips = make_line_solvable(picture, rng, sym, budget, stop.undecided)
    return (picture if solved else None), flips


def _budget(recipe: Recipe, fixup_budget: int | None) -> int:
    if fixup_budget is not None:
        return fixup_budget
    return max(20, int(recipe.width * recipe.height * FIXUP_BUDGET_PER_CELL))


def _prove_unique(recipe: Recipe, puzzle: Puzzle, line_solvable: bool = True) -> None:
    """The engine's search proves a candidate unique (a check: it cannot fail, as line logic
    decided every cell, or the search said so before)."""
    from nonotui.kinds.nonogram.engine.search import solve

    # one thread, one strategy: the verdict is a fact about the clues, but a single search
    # also keeps the proof's cost the same from run to run
    result = solve(puzzle, max_solutions=2, strategy="wu")
    if result.status != "unique":
        what = "line-solvable" if line_solvable else "unique before"
        raise AssertionError(f"{recipe.id}: {what} yet {result.status}")


# -- aiming at a grade -------------------------------------------------------------------------

GRADE_FIELDS = 16
"""Fields a graded recipe tries before it settles for the nearest grade it reached."""
GRADE_STALL_FLIPS = 20
"""Like :data:`STALL_FLIPS`, for the fix-up towards grades 1 and 2 (whose cut-off line logic
gains fewer cells per flip)."""
GRADE_CUT_FLIPS_PER_LINE = 16
"""The flips all fields of one request may spend together in the fix-up towards grades 1 and
2 (times the rows and columns): its plain-Python propagation is the slow part of a request, and
past this budget the fields left are only rated (grade 1 is rare on big pictures)."""
GRADE1_FIELDS = 32
"""Like :data:`GRADE_FIELDS`, for grade 1 on pictures no wider or taller than
:data:`GRADE1_SMALL_SIDE`: their fix-up reaches grade 1 on most fields, given more of them."""
GRADE1_CUT_FLIPS_PER_LINE = 64
"""Like :data:`GRADE_CUT_FLIPS_PER_LINE`, for grade 1 on pictures no wider or taller than
:data:`GRADE1_SMALL_SIDE`. A request that reached grade 1 within the smaller budgets gets the same
puzzle as before; the bigger ones only go on where those ran out (15x15: 18 of 24 requests
exact before, 24 of 24 after, benchmarks/results/generate_grades.md)."""
GRADE1_SMALL_SIDE = 20
"""The biggest side for which grade 1 keeps the fix-up of grade 2 (with the bigger budgets), so
that the ids of small grade-1 puzzles (the Learn puzzles, the pinned ones) give what they gave.
On bigger pictures that fix-up stalls a few dozen cells short of grade 1 whatever the budget
(measured at 30x30 with four times the flips): :func:`_cover_then_cut` aims there instead."""
GRADE1_EXTRA_PASSES = 4
"""Smoothing passes added for grade 1: bigger blobs give lines of fewer, longer blocks, which
simple boxes and simple spaces can finish."""
GRADE_SAMPLED_FLIPS = 2
"""Like :data:`SAMPLED_FLIPS`, for the fix-up towards grades 1 and 2 (whose plain-Python
propagation costs more than the engine's)."""
GRADE_DENSITY = {1: 80, 2: 60, 3: 35, 4: 40, 5: 40}
"""The density ``nonotui generate --grade G`` uses when ``--density`` is not given: denser
pictures are easier."""
_UPTO = {1: "Forcing", 2: "Block identification"}
"""The hardest technique line logic may use in the fix-up towards a grade (1 and 2): the
hardest live technique of grade 1 and of grade 2 (version 1's are in
:data:`~nonotui.kinds.nonogram.generate_gen1_rules.UPTO`)."""


class _Rules(NamedTuple):
    """What a graded recipe is rated and aimed with, by its generator version."""

    upto: dict[int, str]
    """The hardest technique of the fix-up towards grades 1 and 2."""
    cut: Cut
    """Line logic cut off at a technique (the fix-up's measure)."""
    rate: Callable[[Puzzle, Callable[[], bool] | None], int]
    """A puzzle's grade, ``should_stop`` polled between steps."""


def _rate_live(puzzle: Puzzle, should_stop: Callable[[], bool] | None) -> int:
    from nonotui.kinds.nonogram.rating import rate

    return rate(puzzle, should_stop=should_stop).grade


def _rules(version: int) -> _Rules:
    """The rules of generator ``version``: the live ones for :data:`VERSION`, version 1's frozen
    ones (:mod:`~nonotui.kinds.nonogram.generate_gen1_rules`) for ``gen1`` recipes."""
    if version == VERSION:
        return _Rules(_UPTO, undecided_upto, _rate_live)
    if version == 1:
        from nonotui.kinds.nonogram import generate_gen1_rules as gen1

        return _Rules(gen1.UPTO, gen1.undecided_upto, gen1.grade)
    raise GeneratorError(f"gen{version}", f"no rules for generator version {version} "
                                          f"(known: {', '.join(map(str, VERSIONS))})")


def _graded_stream(recipe: Recipe) -> SplitMix64:
    """The random stream of a graded recipe: another stream for every grade, so that the same
    seed at two grades gives two unrelated pictures."""
    return SplitMix64((recipe.seed + recipe.grade * 0x9E3779B97F4A7C15) & MAX_SEED)


def _generate_graded(recipe: Recipe, fixup_budget: int | None, stop: GenerationStop) -> Generated:
    """A puzzle of ``recipe.grade``, or of the nearest grade reached within the budgets.

    Every field of the recipe's stream is first made line-solvable as for ``g0``. Grades 1 and
    2: undecided cells are then flipped until line logic cut off at the grade's hardest
    technique decides every cell (the cells where a harder technique was needed). Grades 4 and
    5: :func:`_harden` flips single cells of the line-solvable picture until line logic stalls
    on a puzzle that is still unique. Each puzzle is rated; one of another grade makes the
    generator try the next field, and after :data:`GRADE_FIELDS` fields the one nearest the
    grade asked for is kept (the harder one on a tie: grade 4 asked, 5 is kept rather than 3,
    as both puzzles then need contradictions; grade 0, needing guessing, only when nothing else
    was found).
    """
    w, h, sym, target = recipe.width, recipe.height, recipe.symmetry, recipe.grade
    rules = _rules(recipe.version)
    rng = _graded_stream(recipe)
    budget = _budget(recipe, fixup_budget)
    memo: Memo = {}
    passes = smoothing_passes(w, h) + (GRADE1_EXTRA_PASSES if target == 1 else 0)
    flips_total = 0
    small1 = target == 1 and max(w, h) <= GRADE1_SMALL_SIDE
    per_line = GRADE1_CUT_FLIPS_PER_LINE if small1 else GRADE_CUT_FLIPS_PER_LINE
    cut_left = per_line * (w + h) if fixup_budget is None else budget
    fields = GRADE1_FIELDS if small1 else GRADE_FIELDS
    best: tuple[tuple[int, int], Picture, int, int, int] | None = None
    for restart in range(fields):
        picture, flips = _line_solvable_field(recipe, rng, passes, budget, stop)
        flips_total += flips
        if picture is None:
            continue
        if target in rules.upto and cut_left > 0:
            upto = rules.upto[target]
            kept = [row[:] for row in picture]
            if target == 1 and not small1:
                solved, more = _cover_then_cut(picture, rng, sym, cut_left, memo, stop, rules)
            else:
                solved, more = make_line_solvable(
                    picture, rng, sym, min(budget, cut_left),
                    lambda p: stop.upto(p, upto, memo, rules.cut), GRADE_STALL_FLIPS,
                    sampled=GRADE_SAMPLED_FLIPS)
            flips_total += more
            cut_left -= more
            if solved:
                flips += more
            else:  # its flips may have left the picture not line-solvable
                picture = kept
        found: list[tuple[Picture, int, int]]
        found = (_harden(picture, rng, sym, target, fixup_budget != 0, stop, rules)
                 if target >= 4 else [])
        if not found:  # grades 1 to 3, or no harder puzzle found: the line-solvable one
            found = [(picture, _rate(picture, stop, rules), 0)]
        for candidate, grade, more in found:
            flips_total += more
            key = (abs(grade - target) if grade else 9, -grade)
            if best is None or key < best[0]:
                best = (key, candidate, grade, flips + more, restart)
        if best is not None and best[2] == target:
            break
    if best is None:
        raise GeneratorError(recipe.id, f"no unique puzzle found in {fields} fields; "
                                        "try another seed or density")
    _, picture, grade, flips, restart = best
    puzzle = Puzzle.from_picture(picture, **_metadata(recipe, flips, restart, grade))
    _prove_unique(recipe, puzzle, line_solvable=grade <= 3)
    return Generated(recipe, puzzle, flips, restart, flips_total, grade)


GRADE1_ROUNDS = 6
"""Rounds of :func:`_cover_then_cut` on one field."""
GRADE1_ROUND_FLIPS = 200
"""Flips of the cut-off fix-up in one round of :func:`_cover_then_cut`."""
GRADE1_ROUND_SAMPLED = 4
"""Like :data:`GRADE_SAMPLED_FLIPS`, in :func:`_cover_then_cut`."""


def _cover_then_cut(picture: Picture, rng: SplitMix64, symmetry: Symmetry, cut_left: int,
                    memo: Memo, stop: GenerationStop, rules: _Rules) -> tuple[bool, int]:
    """The fix-up towards grade 1 on pictures bigger than :data:`GRADE1_SMALL_SIDE` sides:
    first every filled cell is put into an overlap of its row's or column's clue
    (:func:`~nonotui.kinds.nonogram.pictures.cover_filled`, a cheap count that grade 1 needs
    and that the flips of undecided cells alone stall on; at most a quarter of the cells'
    flips a round), then undecided cells are flipped
    as for grade 2 with line logic cut off at grade 1's hardest technique; the two alternate for
    :data:`GRADE1_ROUNDS` rounds. Returns whether line logic so cut off solved the picture, and
    the flips made (those of the cut-off fix-up count against ``cut_left``)."""
    height, width = len(picture), len(picture[0])
    flips = 0
    for _ in range(GRADE1_ROUNDS):
        stop.check()
        _, more = cover_filled(picture, rng, symmetry, width * height // 4)
        flips += more
        if not stop.upto(picture, rules.upto[1], memo, rules.cut):
            return True, flips
        if cut_left <= 0:
            break
        solved, more = make_line_solvable(
            picture, rng, symmetry, min(GRADE1_ROUND_FLIPS, cut_left),
            lambda p: stop.upto(p, rules.upto[1], memo, rules.cut), GRADE_STALL_FLIPS,
            sampled=GRADE1_ROUND_SAMPLED)
        flips += more
        cut_left -= more
        if solved:
            return True, flips
    return False, flips


HARDEN_TRIES = 40
"""Single cells (with their mirror images) :func:`_harden` flips on one line-solvable picture."""
AMBIGUITY_FLIPS = 3
"""Cells :func:`_harden` flips where two solutions differ, to make a perturbed picture unique
again, before it undoes the perturbation."""


def _harden(picture: Picture, rng: SplitMix64, symmetry: Symmetry, target: int,
            fix_ambiguity: bool, stop: GenerationStop, rules: _Rules
            ) -> list[tuple[Picture, int, int]]:
    """Puzzles harder than line logic from the line-solvable ``picture``: flip one cell drawn
    by ``rng``; when line logic then stalls, the engine's search decides whether the clues are
    still unique. A non-unique one is fixed (``fix_ambiguity``) by flipping up to
    :data:`AMBIGUITY_FLIPS` cells where its two solutions differ, the cells where the solver
    left ambiguity. A unique one is rated; it is the answer when it has the grade asked for,
    and for grade 5 a grade-4 puzzle becomes the new start (longer chains grow from it).
    Otherwise the flips are undone and another cell is drawn, :data:`HARDEN_TRIES` times.

    Returns the rated puzzles found, ``(picture, grade, cells flipped)``, the last one of the
    grade asked for when it was reached.
    """
    height, width = len(picture), len(picture[0])
    picture = [row[:] for row in picture]
    found: list[tuple[Picture, int, int]] = []
    flipped = 0
    for _ in range(HARDEN_TRIES):
        stop.check()
        cells = orbit((rng.below(height), rng.below(width)), width, height, symmetry)
        if not flip_keeps_lines(picture, cells):
            continue
        trial = [row[:] for row in picture]
        _flip(trial, cells)
        more = 1
        other = _second_solution(trial, stop)
        while other is not None and fix_ambiguity and more <= AMBIGUITY_FLIPS:
            differ = [(r, c) for r in range(height) for c in range(width)
                      if other[r][c] != trial[r][c]]
            choices = [o for o in (orbit(cell, width, height, symmetry) for cell in differ)
                       if flip_keeps_lines(trial, o)]
            if not choices:
                break
            _flip(trial, choices[rng.below(len(choices))])
            more += 1
            other = _second_solution(trial, stop)
        if other is not None or not stop.undecided(trial):
            continue  # not unique, or line logic alone solves it again
        grade = _rate(trial, stop, rules)
        found.append((trial, grade, flipped + more))
        if grade == target:
            break
        if grade == 4 and target == 5:
            picture, flipped = trial, flipped + more
    return found


def _flip(picture: Picture, cells: list[Cell]) -> None:
    for r, c in cells:
        picture[r][c] ^= 1


def _second_solution(picture: Picture, stop: GenerationStop) -> Picture | None:
    """A solution of ``picture``'s clues other than ``picture``, ``None`` when it is unique."""
    from nonotui.kinds.nonogram.engine.search import solve
    from nonotui.model.cells import FILLED

    puzzle = Puzzle.from_picture(picture, keep_goal=False)
    result = solve(puzzle, max_solutions=2, strategy="wu", should_stop=stop.should_stop)
    stop.check()
    for board in result.solutions:
        other = [[int(v == FILLED) for v in row] for row in board.cells.tolist()]
        if other != picture:
            return other
    return None


def _rate(picture: Picture, stop: GenerationStop, rules: _Rules) -> int:
    """The grade of ``picture``'s puzzle by the recipe's rules (the rating,
    :mod:`nonotui.kinds.nonogram.rating`, for the current version)."""
    return rules.rate(Puzzle.from_picture(picture, keep_goal=False), stop.should_stop)


def _metadata(recipe: Recipe, flips: int, restarts: int, grade: int = 0) -> Metadata:
    reached = ""
    if recipe.grade and grade != recipe.grade:
        reached = f" Grade {recipe.grade} was asked for; the nearest reached is grade {grade}."
    return {
        "title": f"Generated {recipe.width}x{recipe.height} #{recipe.seed}",
        "author": f"nonotui generator {recipe.version}",
        "catalogue": recipe.id,
        "description": (
            f"Recipe: generator {recipe.version}, {recipe.width}x{recipe.height}, grade "
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


__all__ = [
    "DEFAULT_DENSITY", "GRADE_DENSITY", "GRADE_FIELDS", "MAX_COLORS", "MAX_DENSITY",
    "MAX_RESTARTS", "MAX_SEED", "MAX_SIZE", "MIN_DENSITY", "MIN_SIZE", "SYMMETRIES",
    "SYMMETRY_TOKENS", "VERSION", "VERSIONS", "Generated", "GenerationStop", "GeneratorError",
    "Recipe", "Symmetry", "field", "generate", "looks_like_id", "make_line_solvable", "mend_lines",
    "orbit", "parse_id", "read_id", "threshold", "undecided",
]
