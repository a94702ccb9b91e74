"""The maker's engine for Aquarium (:class:`~nonotui.model.kind.Maker`): a drawing is the tanks
(:attr:`~nonotui.model.kind.Drawing.regions`) and the water in them (colour 1, standing level in
each tank: :class:`~nonotui.model.drawing_editor.DrawingEditor` keeps it so); its puzzle has the
water cells of each row and column as counts and the drawing as its goal.

**Verdict**, as for nonograms: the counts are solved for two solutions within a time limit (2 s
by default): ``unique``, ``several`` (with the cells where the other solution's water differs
from the drawing's), ``none`` or ``undecided``.

Aquarium has no search for changes toward a goal yet (:attr:`AquariumMaker.goals` is empty): a
change of one cell would break the water's level, and changing tanks is the maker's own art.
"""

from __future__ import annotations

import time

from nonotui.errors import NonotuiError
from nonotui.kinds.aquarium.puzzle import (
    WATER,
    AquariumPuzzle,
    AquariumShapeError,
    make_puzzle,
)
from nonotui.model.kind import (
    Cancelled,
    Drawing,
    MakeGoal,
    PaletteColor,
    Proposal,
    PuzzleLike,
    Stop,
    Verdict,
    VerdictStatus,
)

PALETTE: tuple[PaletteColor, ...] = (
    PaletteColor("air", "#ffffff", "."), PaletteColor("water", "#1e64c8", "~"))
"""A drawing's two colours: air (the background) and water."""


def water_of(drawing: Drawing) -> tuple[tuple[bool, ...], ...]:
    return tuple(tuple(bool(k) for k in row) for row in drawing.picture)


def puzzle_of(drawing: Drawing, **metadata: str) -> AquariumPuzzle:
    """The puzzle whose goal is ``drawing``'s water in its tanks.

    Raises:
        NonotuiError: the drawing has no tanks, or its water does not stand level.
    """
    if drawing.regions is None:
        raise NonotuiError("an aquarium drawing needs tanks")
    water = water_of(drawing)
    rows = [sum(row) for row in water]
    columns = [sum(row[c] for row in water) for c in range(drawing.width)]
    try:
        return make_puzzle(rows, columns, drawing.regions, goal=water,
                           **{k: v for k, v in metadata.items() if v})
    except AquariumShapeError as exc:
        raise NonotuiError(f"the drawing is not an aquarium: {exc}") from exc


def drawing_of(puzzle: AquariumPuzzle, should_stop: Stop | None = None) -> Drawing:
    """``puzzle``'s goal in its tanks, else its one solution.

    Raises:
        NonotuiError: it has no goal and not exactly one solution found in 10 s.
    """
    from nonotui.kinds.aquarium.engine.solver import solve

    water = puzzle.goal
    if water is None:
        result = solve(puzzle, max_solutions=2, timeout=10.0, should_stop=should_stop)
        if result.status == "cancelled":
            raise Cancelled
        if result.status != "unique":
            said = {"multiple": "has several solutions", "contradiction": "has no solution",
                    "timeout": "was not solved within 10 s"}.get(result.status, result.status)
            raise NonotuiError(
                f"the puzzle carries no solution and {said}: there is no water to draw")
        water = _water_of_board(result.solutions[0].cells.tolist())
    picture = tuple(tuple(int(v) for v in row) for row in water)
    return Drawing(picture, PALETTE, puzzle.tanks)


def _water_of_board(cells: list[list[int]]) -> tuple[tuple[bool, ...], ...]:
    return tuple(tuple(int(v) == WATER for v in row) for row in cells)


def verdict(drawing: Drawing, should_stop: Stop | None = None, timeout: float = 2.0) -> Verdict:
    """The verdict on ``drawing``'s counts (see the module).

    Raises:
        Cancelled: ``should_stop`` said so.
    """
    from nonotui.kinds.aquarium.engine.solver import solve

    start = time.perf_counter()
    puzzle = puzzle_of(drawing)
    result = solve(puzzle, max_solutions=2, timeout=timeout, should_stop=should_stop)
    seconds = time.perf_counter() - start
    if result.status == "cancelled":
        raise Cancelled
    status: VerdictStatus
    differing: frozenset[tuple[int, int]] = frozenset()
    if result.status == "multiple":
        status = "several"
        goal = water_of(drawing)
        other = next(w for w in (_water_of_board(b.cells.tolist()) for b in result.solutions)
                     if w != goal)
        differing = frozenset((r, c) for r, row in enumerate(other) for c, v in enumerate(row)
                              if v != goal[r][c])
    elif result.status == "unique":
        status = "unique"
    else:
        status = "none" if result.status == "contradiction" else "undecided"
    return Verdict(status, differing, seconds)


def first_tanks(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """The tanks a new drawing starts from: the generator's random tanks, seeded by the size
    (the same size starts the same)."""
    from nonotui.kinds.aquarium.random_tanks import Stream, random_tanks

    return random_tanks(width, height, Stream(width * 1000 + height))


class AquariumMaker:
    """:class:`~nonotui.model.kind.Maker` for Aquarium."""

    goals: tuple[MakeGoal, ...] = ()

    def palette(self, colour: bool) -> tuple[PaletteColor, ...]:
        return PALETTE

    def blank(self, width: int, height: int, colour: bool = False) -> Drawing:
        return Drawing.blank(width, height, PALETTE, first_tanks(width, height))

    def drawing_of_image(self, path: str, width: int, height: int) -> Drawing:
        raise NonotuiError(f"{path}: an aquarium is drawn as tanks and water, not read from "
                           "an image (start from a size, WxH)")

    def puzzle_of(self, drawing: Drawing, **metadata: str) -> PuzzleLike:
        return puzzle_of(drawing, **metadata)

    def drawing_of(self, puzzle: PuzzleLike, should_stop: Stop | None = None) -> Drawing:
        assert isinstance(puzzle, AquariumPuzzle)
        return drawing_of(puzzle, should_stop)

    def verdict(self, drawing: Drawing, should_stop: Stop | None = None,
                timeout: float = 2.0) -> Verdict:
        return verdict(drawing, should_stop, timeout)

    def improve(self, drawing: Drawing, goal: MakeGoal, should_stop: Stop | None = None,
                seconds: float = 10.0) -> Proposal:
        return Proposal(goal, (), False, f"Aquarium has no make {goal} yet: change a tank's "
                        "level or its walls where the cells are highlighted")
