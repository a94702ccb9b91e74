"""The Aquarium generator: random tanks at random levels, counts derived, kept when logic alone
solves them.

A recipe (size, grade, seed) and :data:`VERSION` decide the puzzle, and its id
``aq1:WxH:gG:SEED`` spells them, so the id alone gives the same puzzle on every machine:

- random numbers come from :class:`~nonotui.kinds.aquarium.random_tanks.Stream` (SplitMix64
  in Python integers), so no library or platform changes a generated puzzle;
- tanks (:func:`grow_tanks`) grow from the first free cell in reading order to a drawn size, each
  leaning across, down or neither, so they come as blobs, bars and columns;
- each tank gets a random level and the row and column counts are derived from the water;
- the rules of :mod:`nonotui.kinds.aquarium.rules` (full or empty line, seed 004's row rule, the
  column rule; gravity is built into the levels) are run to their fixpoint. While tanks stay
  undecided, one undecided tank's level is redrawn and the counts derived again, keeping the
  change unless it leaves more tanks undecided. After a step budget the generator starts over
  with new tanks.

A puzzle the rules decide completely has exactly one solution (every rule is a sound deduction),
and it needs no guessing. Its grade is the easiest rule set that decides it (the player who always
takes the easiest hint uses nothing harder, :mod:`nonotui.kinds.aquarium.rating`): grade 1 full
and empty lines (with gravity), 2 also the row rule, 3 also the column rule. Grade 0 means any of
1 to 3. Grades 4 and 5 need contradictions: :func:`_generate_hard` walks over levels and rates
(:func:`nonotui.kinds.aquarium.rating.rate`) the unique puzzles the rules leave undecided, so
for them the rating is part of what an id gives (a change to it needs a new generator version).
No wall-clock limit decides anything: only step budgets.

Importing this module loads neither numba nor the engine.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date

from nonotui.errors import NonotuiError
from nonotui.kinds.aquarium.puzzle import AquariumPuzzle, make_puzzle
from nonotui.kinds.aquarium.random_tanks import Stream
from nonotui.kinds.aquarium.rules import (
    Broken,
    Layout,
    Levels,
    column_findings,
    layout_of,
    row_findings,
)
from nonotui.model.vocab import Cancelled, MadePuzzle, PuzzleRequest

VERSION = 1
"""The generator's version, the ``1`` of ``aq1:``: bump it whenever a recipe would give another
puzzle."""
MIN_SIZE, MAX_SIZE = 4, 40
MAX_SEED = (1 << 64) - 1
MAX_GRADE = 5
"""The hardest grade the generator makes (grades 4 and 5: contradictions, rated by
:func:`nonotui.kinds.aquarium.rating.rate`)."""
RULE_GRADES = 3
"""Grades 1 to 3 are decided by the rules alone."""
HARD_RATINGS = 6
"""Unique candidates the rules leave undecided that one grade 4 or 5 recipe rates at most
(then the nearest grade rated is the answer; with none rated, grade 3's puzzle)."""
SEARCH_POLLS = 2_000
"""Steps (units looked at) the uniqueness search of one grade 4 or 5 candidate may take."""
RULES_OF_GRADE: dict[int, frozenset[str]] = {
    1: frozenset({"full"}),
    2: frozenset({"full", "row"}),
    3: frozenset({"full", "row", "column"}),
}
STEPS_PER_TANK = 3
"""Level redraws one set of tanks may take (times its number of tanks) before a restart."""
MAX_RESTARTS = 200
"""Sets of tanks tried for one recipe before settling for the nearest grade reached."""

_ID = re.compile(r"^aq(?P<version>\d+):(?P<w>\d+)x(?P<h>\d+):g(?P<grade>\d+):(?P<seed>\d+)$")

Stop = Callable[[], bool] | None


class GeneratorError(NonotuiError):
    """A recipe or id that cannot give a puzzle (bad size, grade, seed or version)."""


@dataclass(frozen=True)
class Recipe:
    """Everything that decides a generated puzzle (with :data:`VERSION`)."""

    width: int
    height: int
    seed: int
    grade: int = 0

    @property
    def id(self) -> str:
        return f"aq{VERSION}:{self.width}x{self.height}:g{self.grade}:{self.seed}"

    def check(self, spec: str = "") -> None:
        """Raises :class:`GeneratorError` when the recipe is out of range."""
        where = f"{spec}: " if spec else ""
        for name, side in (("width", self.width), ("height", self.height)):
            if not MIN_SIZE <= side <= MAX_SIZE:
                raise GeneratorError(f"{where}the {name} {side} is outside {MIN_SIZE} to "
                                     f"{MAX_SIZE}")
        if not 0 <= self.grade <= MAX_GRADE:
            raise GeneratorError(f"{where}grade {self.grade} is not made: the Aquarium "
                                 f"generator makes grades 1 to {MAX_GRADE} (0 for any)")
        if not 0 <= self.seed <= MAX_SEED:
            raise GeneratorError(f"{where}the seed must be 0 to {MAX_SEED}")


@dataclass(frozen=True)
class Generated:
    """A generated puzzle, the grade it reached, and the work it took."""

    puzzle: AquariumPuzzle
    grade: int
    restarts: int
    steps: int


def looks_like_id(spec: str) -> bool:
    """Whether ``spec`` has the shape of a generator id (``aq1:10x10:g2:42``)."""
    return _ID.match(spec.strip()) is not None


def parse_id(spec: str) -> Recipe:
    """The recipe an id spells.

    Raises:
        GeneratorError: not an id of this generator version, or out of range.
    """
    match = _ID.match(spec.strip())
    if match is None:
        raise GeneratorError(f"{spec}: not an Aquarium generator id like aq1:10x10:g2:42")
    if int(match.group("version")) != VERSION:
        raise GeneratorError(f"{spec}: made by generator version {match.group('version')}; "
                             f"this nonotui has version {VERSION}")
    recipe = Recipe(int(match.group("w")), int(match.group("h")), int(match.group("seed")),
                    int(match.group("grade")))
    recipe.check(spec)
    return recipe


# -- tanks ---------------------------------------------------------------------------------------


def grow_tanks(width: int, height: int, stream: Stream) -> list[list[int]]:
    """Connected tanks covering the grid, ids in reading order of their first cells.

    Each tank starts at the first free cell in reading order, draws a size from 1 to about
    1.3 times the square root of the cell count and a lean (none, across or down), and adds a
    random free neighbour of its cells at a time, preferring (two times in three) one in its
    lean's direction, until it has its size or no free neighbour is left.
    """
    limit = max(3, (13 * int((width * height) ** 0.5) + 5) // 10)
    grid = [[-1] * width for _ in range(height)]
    tank = 0
    for r0 in range(height):
        for c0 in range(width):
            if grid[r0][c0] >= 0:
                continue
            size = 1 + stream.below(limit)
            lean = stream.below(3)
            grid[r0][c0] = tank
            cells = [(r0, c0)]
            while len(cells) < size:
                free = _free_neighbours(grid, cells)
                if not free:
                    break
                if lean and stream.below(3) < 2:
                    leaning = [(r, c, d) for r, c, d in free if d == lean]
                    if leaning:
                        free = leaning
                r, c, _ = free[stream.below(len(free))]
                grid[r][c] = tank
                cells.append((r, c))
            tank += 1
    return grid


def _free_neighbours(grid: list[list[int]], cells: Iterable[tuple[int, int]]
                     ) -> list[tuple[int, int, int]]:
    """Free cells next to ``cells``, each with its direction (1 across, 2 down), in a fixed
    order."""
    height, width = len(grid), len(grid[0])
    seen: set[tuple[int, int]] = set()
    out: list[tuple[int, int, int]] = []
    for r, c in cells:
        for nr, nc, d in ((r, c + 1, 1), (r + 1, c, 2), (r, c - 1, 1), (r - 1, c, 2)):
            if (0 <= nr < height and 0 <= nc < width and grid[nr][nc] < 0
                    and (nr, nc) not in seen):
                seen.add((nr, nc))
                out.append((nr, nc, d))
    return out


# -- the rules' fixpoint with some rules only ------------------------------------------------------


def closure(lay: Layout, rules: frozenset[str]) -> Levels | None:
    """The levels the given rules decide from an empty board; ``None`` when the counts break.

    The fixpoint of :func:`nonotui.kinds.aquarium.rules.fixpoint` with only the findings of
    ``rules`` (``full``, ``row``, ``column``) applied.
    """
    lv = Levels(list(lay.top), [b + 1 for b in lay.bottom])
    rows = set(range(lay.h))
    cols = set(range(lay.w))
    try:
        while rows or cols:
            if rows:
                r = min(rows)
                rows.discard(r)
                found = list(row_findings(lay, lv, r))
            else:
                c = min(cols)
                cols.discard(c)
                found = list(column_findings(lay, lv, c))
            for f in found:
                if f.rule not in rules:
                    continue
                lo, hi = lv.lo[f.tank], lv.hi[f.tank]
                f.apply(lv)
                if (lv.lo[f.tank], lv.hi[f.tank]) != (lo, hi):
                    if lv.lo[f.tank] > lv.hi[f.tank]:
                        return None
                    for tr, cs in lay.tank_rows[f.tank].items():
                        rows.add(tr)
                        cols.update(cs)
    except Broken:
        return None
    return lv


def _open_tanks(lv: Levels | None, n: int) -> list[int]:
    if lv is None:
        return list(range(n))
    return [t for t in range(n) if lv.lo[t] < lv.hi[t]]


def grade_of(lay: Layout) -> int:
    """The easiest grade whose rules decide every tank, 0 when none does (:data:`RULES_OF_GRADE`)."""
    for grade in (1, 2, 3):
        if not _open_tanks(closure(lay, RULES_OF_GRADE[grade]), lay.tanks):
            return grade
    return 0


def counts_of(tanks: list[list[int]], levels: list[int]) -> tuple[list[int], list[int]]:
    """The row and column counts of the water the levels give."""
    height, width = len(tanks), len(tanks[0])
    rows = [sum(1 for t in tanks[r] if r >= levels[t]) for r in range(height)]
    columns = [sum(1 for r in range(height) if r >= levels[tanks[r][c]]) for c in range(width)]
    return rows, columns


# -- generating ------------------------------------------------------------------------------------


def generate(recipe: Recipe, should_stop: Stop = None) -> Generated:
    """The puzzle ``recipe`` gives.

    Raises:
        GeneratorError: the recipe is out of range.
        Cancelled: ``should_stop`` returned true (polled at every step).
    """
    recipe.check(recipe.id)
    stream = Stream(recipe.seed * 0x9E3779B1 + recipe.width * 1009 + recipe.height * 7
                    + recipe.grade)
    if recipe.grade > RULE_GRADES:
        return _generate_hard(recipe, stream, should_stop)
    target = RULES_OF_GRADE[recipe.grade or RULE_GRADES]
    easier = RULES_OF_GRADE.get(recipe.grade - 1) if recipe.grade else None
    best: tuple[int, AquariumPuzzle, int, int] | None = None
    steps = 0
    for restart in range(MAX_RESTARTS):
        tanks = grow_tanks(recipe.width, recipe.height, stream)
        n = 1 + max(max(row) for row in tanks)
        # not through layout_of's cache: every candidate would stay in memory
        base = layout_of.__wrapped__(make_puzzle([None] * recipe.height, [None] * recipe.width,
                                                 tanks))
        levels = [_redraw(stream, base.top[t], base.bottom[t], -1, recipe.grade == 1)
                  for t in range(n)]
        lay = _with_counts(base, tanks, levels)
        open_now = _open_tanks(closure(lay, target), n)
        for _ in range(STEPS_PER_TANK * n):
            if not open_now:
                break
            if should_stop is not None and should_stop():
                raise Cancelled()
            steps += 1
            t = open_now[stream.below(len(open_now))]
            old = levels[t]
            levels[t] = _redraw(stream, base.top[t], base.bottom[t], old, recipe.grade == 1)
            if levels[t] == old:
                continue
            trial = _with_counts(base, tanks, levels)
            open_trial = _open_tanks(closure(trial, target), n)
            if len(open_trial) <= len(open_now):
                lay, open_now = trial, open_trial
            else:
                levels[t] = old
        if should_stop is not None and should_stop():
            raise Cancelled()
        if open_now:
            if recipe.grade and (best is None or best[0] == 0):
                # the nearest grade reached, should the grade asked for never come
                harder = grade_of(lay)
                if harder:
                    best = (harder, _puzzle(recipe, lay, tanks, levels), restart, steps)
            continue
        too_easy = easier is not None and not _open_tanks(closure(lay, easier), n)
        grade = grade_of(lay) if (too_easy or not recipe.grade) else recipe.grade
        puzzle = _puzzle(recipe, lay, tanks, levels)
        if not too_easy:
            return Generated(puzzle, grade, restart, steps)
        if best is None or abs(grade - recipe.grade) < abs(best[0] - recipe.grade):
            best = (grade, puzzle, restart, steps)
    if best is None:
        raise GeneratorError(f"{recipe.id}: no puzzle after {MAX_RESTARTS} sets of tanks")
    return Generated(best[1], best[0], MAX_RESTARTS, steps)


def _generate_hard(recipe: Recipe, stream: Stream, should_stop: Stop) -> Generated:
    """Grades 4 and 5: a random walk over levels (redrawing an undecided tank while the rules
    leave some, any tank otherwise). Every state the rules leave undecided and their own search
    (:func:`nonotui.kinds.aquarium.rules.solutions`) proves unique is rated; the first of the
    grade asked for is the answer, else after :data:`HARD_RATINGS` the nearest rated."""
    from nonotui.kinds.aquarium.rating import rate

    every = RULES_OF_GRADE[RULE_GRADES]
    best: tuple[int, AquariumPuzzle] | None = None
    rated = steps = 0
    seen: set[tuple[int, ...]] = set()
    for restart in range(MAX_RESTARTS):
        tanks = grow_tanks(recipe.width, recipe.height, stream)
        n = 1 + max(max(row) for row in tanks)
        base = layout_of.__wrapped__(make_puzzle([None] * recipe.height, [None] * recipe.width,
                                                 tanks))
        levels = [_redraw(stream, base.top[t], base.bottom[t], -1, False) for t in range(n)]
        for _ in range(STEPS_PER_TANK * n):
            if should_stop is not None and should_stop():
                raise Cancelled()
            steps += 1
            lay = _with_counts(base, tanks, levels)
            lv = closure(lay, every)
            open_now = _open_tanks(lv, n)
            if lv is not None and open_now and tuple(levels) not in seen:
                seen.add(tuple(levels))
                if _unique_within_budget(lay, lv, should_stop):
                    puzzle = _puzzle(recipe, lay, tanks, levels)
                    grade = rate(puzzle, should_stop).grade
                    rated += 1
                    if grade == recipe.grade:
                        return Generated(puzzle, grade, restart, steps)
                    if grade and (best is None or abs(grade - recipe.grade)
                                  < abs(best[0] - recipe.grade)):
                        best = (grade, puzzle)
                    if rated >= HARD_RATINGS:
                        if best is not None:
                            return Generated(best[1], best[0], restart, steps)
                        return generate(dataclasses.replace(recipe, grade=RULE_GRADES),
                                        should_stop)
            # undecided tanks (several solutions): redraw one of them; none: redraw any tank
            pool = open_now or list(range(n))
            t = pool[stream.below(len(pool))]
            levels[t] = _redraw(stream, base.top[t], base.bottom[t], levels[t], False)
    if best is None:
        return generate(dataclasses.replace(recipe, grade=RULE_GRADES), should_stop)
    return Generated(best[1], best[0], MAX_RESTARTS, steps)


def _unique_within_budget(lay: Layout, lv: Levels, should_stop: Stop) -> bool:
    """Whether the engine's search proves exactly one solution for the state the rules left
    (the rules' own search, which counted its steps against :data:`SEARCH_POLLS`, left
    ``rules`` when the hints took their solutions from the engine; the engine settles such a
    state in milliseconds, so no budget is needed and none depends on the clock).

    Raises:
        Cancelled: ``should_stop`` returned true.
    """
    from nonotui.kinds.aquarium.engine.solver import solve
    from nonotui.kinds.aquarium.puzzle import make_puzzle
    from nonotui.kinds.aquarium.rules import board_of

    puzzle = make_puzzle(lay.rows, lay.columns, lay.tank)
    outcome = solve(puzzle, board=board_of(lay, lv), max_solutions=2, should_stop=should_stop)
    if outcome.status == "cancelled":
        raise Cancelled()
    return outcome.status == "unique"


def _redraw(stream: Stream, top: int, bottom: int, old: int, extremes: bool) -> int:
    """A new level for a tank (rows ``top`` to ``bottom``) other than ``old`` when it has one;
    with ``extremes``, two times in three the tank comes full or empty (full and empty tanks
    make the full and empty lines grade 1 lives on)."""
    if extremes and stream.below(3) < 2:
        choices = [v for v in (top, bottom + 1) if v != old]
    else:
        choices = [v for v in range(top, bottom + 2) if v != old]
    return choices[stream.below(len(choices))] if choices else old


def _puzzle(recipe: Recipe, lay: Layout, tanks: list[list[int]],
            levels: list[int]) -> AquariumPuzzle:
    return make_puzzle(lay.rows, lay.columns, tanks, title=f"Aquarium {recipe.id}",
                       author="nonotui generator", license="CC0-1.0",
                       goal=[[r >= levels[t] for t in tanks[r]] for r in range(recipe.height)])


def _with_counts(base: Layout, tanks: list[list[int]], levels: list[int]) -> Layout:
    rows, columns = counts_of(tanks, levels)
    return dataclasses.replace(base, rows=tuple(rows), columns=tuple(columns))


def read_id(spec: str) -> list[AquariumPuzzle]:
    """The puzzle an id names (``aq1:10x10:g2:42``), as a one-puzzle list."""
    return [generate(parse_id(spec)).puzzle]


# -- the player's new and daily puzzles ------------------------------------------------------------

DAILY_BY_WEEKDAY: tuple[tuple[int, int], ...] = (
    (6, 1),    # Monday
    (10, 1),   # Tuesday
    (10, 2),   # Wednesday
    (10, 3),   # Thursday
    (15, 2),   # Friday
    (15, 3),   # Saturday
    (20, 3),   # Sunday
)
"""For each weekday from Monday: the side of the (square) daily Aquarium and its grade."""


def daily_request(day: date) -> PuzzleRequest:
    """The daily Aquarium of ``day`` (a UTC date): size and grade by the weekday, the date as a
    number (``20261124``) for the seed, titled ``Daily Aquarium 2026-11-24``."""
    side, grade = DAILY_BY_WEEKDAY[day.weekday()]
    seed = day.year * 10000 + day.month * 100 + day.day
    return PuzzleRequest(side, side, grade, "none", seed, f"Daily Aquarium {day.isoformat()}")


def new_puzzle(request: PuzzleRequest, should_stop: Stop = None) -> MadePuzzle:
    """The generator's puzzle for ``request`` (its symmetry is ignored: tanks have none), titled
    as asked, with a note when the generator settled for another grade than the one asked for.

    Raises:
        GeneratorError: the recipe is out of range.
        Cancelled: ``should_stop`` said so.
    """
    recipe = Recipe(request.width, request.height, request.seed, request.grade)
    recipe.check(recipe.id)
    if should_stop is not None and should_stop():
        raise Cancelled()
    made = generate(recipe, should_stop)
    puzzle = made.puzzle
    if request.title:
        puzzle = dataclasses.replace(puzzle, title=request.title)
    note = None
    if request.grade and made.grade != request.grade:
        note = (f"Grade {request.grade} was asked for; the nearest the generator reached is "
                f"grade {made.grade}.")
    return MadePuzzle(puzzle, note, recipe.id)
