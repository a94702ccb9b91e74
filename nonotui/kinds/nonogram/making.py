"""The maker's engine for nonograms (:class:`~nonotui.model.kind.Maker`): the puzzle of a drawing,
the verdict on its clues, and the fewest cell changes found that make it unique or solvable by
line logic alone.

**Verdict.** The drawing's clues are solved for two solutions within a time limit (2 s by
default): one is ``unique``; two are ``several``, with the cells where the other solution
differs from the drawing; none is ``none`` (only clues edited by hand can have none: a drawing
always solves its own clues); the limit is ``undecided``.

**Make unique** (a greedy search, not proven minimal; DECISIONS.md): while the clues have a
second solution, one of the cells where it differs from the drawing is changed to the second
solution's colour (any solution differing there is ruled out only by changing such a cell's
clue lines). Of at most :data:`CANDIDATES` of those cells, spread evenly over them in reading
order, the one whose change leaves the fewest cells undecided by the engine's line logic is
taken, a change whose clues are unique at once before any other. Once unique, each change is
put back if the drawing stays unique without it, the first made first (a later change often
makes an earlier one unneeded). Every step is deterministic: no clock decides which cell
changes; the time budget only decides when to give up.

**Make easier** (black and white): the fix-up of pictures read from images
(:func:`~nonotui.kinds.nonogram.picture.make_unique`) with every cell equally sure, so that only
its seeded draw orders them: changes until line logic alone solves the clues.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from nonotui.errors import NonotuiError
from nonotui.kinds.nonogram.colour_notation import DEFAULT_PALETTE
from nonotui.kinds.nonogram.puzzle import BLACK, WHITE, Color, Puzzle, unknown_board
from nonotui.model.kind import (
    Cancelled,
    CellValueChange,
    Drawing,
    MakeGoal,
    PaletteColor,
    Proposal,
    PuzzleLike,
    Stop,
    Verdict,
    VerdictStatus,
)
from nonotui.model.words import plural

CANDIDATES = 16
"""Cells where a second solution differs whose change make-unique tries at each step."""

MAKER_PALETTE: tuple[PaletteColor, ...] = tuple(
    PaletteColor(c.name, c.rgb, c.char) for c in DEFAULT_PALETTE[:10])
"""The colours a colour drawing starts with: white and nine others (the digits 1-9)."""

BLACK_AND_WHITE: tuple[PaletteColor, ...] = (
    PaletteColor(WHITE.name, WHITE.rgb, WHITE.char), PaletteColor(BLACK.name, BLACK.rgb, BLACK.char))
"""A black-and-white drawing's palette."""

Picture = list[list[int]]


def blank(width: int, height: int, palette: Sequence[PaletteColor] = BLACK_AND_WHITE) -> Drawing:
    """An empty drawing."""
    return Drawing.blank(width, height, palette)


def _colors(palette: Sequence[PaletteColor]) -> tuple[Color, ...]:
    """The puzzle's colours, each named as a puzzle file names it when read back (its common
    name, else its ``#rrggbb``): a colour's name is part of the puzzle's identity, and a file
    holds no names, so a saved drawing, its share code and the file read back are one puzzle."""
    from nonotui.kinds.nonogram.formats._colors import name_for

    taken: set[str] = set()
    colors = []
    for p in palette:
        colors.append(Color(name_for(p.rgb, taken), p.rgb, p.char))
        taken.add(colors[-1].name)
    return () if tuple(colors) == (WHITE, BLACK) else tuple(colors)


def puzzle_of(drawing: Drawing, **metadata: str) -> Puzzle:
    """The puzzle whose goal is ``drawing``.

    Raises:
        PuzzleError: the drawing is empty or larger than a puzzle may be.
    """
    fields = {k: v for k, v in metadata.items() if k in ("title", "author", "license") and v}
    return Puzzle.from_picture([list(row) for row in drawing.picture],
                               colors=_colors(drawing.palette), **fields)  # type: ignore[arg-type]


def _solve_two(drawing: Drawing, should_stop: Stop | None, timeout: float
               ) -> tuple[VerdictStatus, Drawing | None]:
    """The verdict's status on ``drawing``'s clues, with a solution other than the drawing when
    there are several (what :func:`verdict` and :func:`make_unique` both ask).

    Raises:
        Cancelled: ``should_stop`` said so.
    """
    from nonotui.kinds.nonogram.engine.search import solve

    if should_stop is not None and should_stop():  # a small drawing's solve may never poll it
        raise Cancelled
    result = solve(puzzle_of(drawing), max_solutions=2, timeout=timeout, should_stop=should_stop)
    if result.status == "cancelled":
        raise Cancelled
    if result.status == "multiple":
        pictures = [tuple(map(tuple, board.picture())) for board in result.solutions]
        other = next(p for p in pictures if p != drawing.picture)
        return "several", Drawing(other, drawing.palette)
    if result.status == "unique":
        return "unique", None
    return ("none" if result.status == "contradiction" else "undecided"), None


def drawing_of(puzzle: Puzzle, should_stop: Stop | None = None) -> Drawing:
    """``puzzle``'s goal as a drawing, else its one solution.

    Raises:
        NonotuiError: it has no goal and its clues have no single solution found in 10 s.
    """
    # the maker's own colours by their own names (a file names them by their #rrggbb)
    own = {p.rgb: p for p in MAKER_PALETTE}
    palette = tuple(own.get(c.rgb, PaletteColor(c.name, c.rgb, c.char)) for c in puzzle.palette)
    if puzzle.goal is not None:
        return Drawing(puzzle.goal, palette)
    from nonotui.kinds.nonogram.engine.search import solve

    result = solve(puzzle, max_solutions=2, timeout=10.0, should_stop=should_stop)
    if result.status == "cancelled":
        raise Cancelled
    if result.status != "unique":
        said = {"multiple": "has several solutions", "contradiction": "has no solution",
                "timeout": "was not solved within 10 s"}.get(result.status, result.status)
        raise NonotuiError(f"the puzzle carries no picture and {said}: there is nothing to draw on")
    return Drawing(tuple(map(tuple, result.solutions[0].picture())), palette)


def verdict(drawing: Drawing, should_stop: Stop | None = None, timeout: float = 2.0) -> Verdict:
    """The verdict on ``drawing``'s clues (see the module).

    Raises:
        Cancelled: ``should_stop`` said so.
    """
    start = time.perf_counter()
    status, other = _solve_two(drawing, should_stop, timeout)
    seconds = time.perf_counter() - start
    differing = (frozenset() if other is None
                 else frozenset((r, c) for r, c, _ in _changes(drawing, other)))
    return Verdict(status, differing, seconds)


def _undecided_count(drawing: Drawing) -> int:
    """Cells the engine's line logic leaves undecided for the drawing's clues."""
    from nonotui.kinds.nonogram.engine.steps import propagation

    puzzle = puzzle_of(drawing)
    cells = propagation(puzzle, unknown_board(puzzle)).cells
    return sum(1 for v in cells.reshape(-1).tolist() if int(v) & (int(v) - 1))


class _Budget:
    def __init__(self, seconds: float, should_stop: Stop | None) -> None:
        self.deadline = time.perf_counter() + seconds
        self.should_stop = should_stop

    def left(self) -> float:
        if self.should_stop is not None and self.should_stop():
            raise Cancelled
        return self.deadline - time.perf_counter()


def _spread(cells: list[tuple[int, int, int]], count: int) -> list[tuple[int, int, int]]:
    """At most ``count`` of ``cells``, evenly spaced in their order."""
    if len(cells) <= count:
        return cells
    return [cells[i * len(cells) // count] for i in range(count)]


def make_unique(drawing: Drawing, should_stop: Stop | None = None,
                seconds: float = 10.0) -> Proposal:
    """The changes found that make ``drawing``'s clues unique (see the module).

    Raises:
        Cancelled: ``should_stop`` said so.
    """
    budget = _Budget(seconds, should_stop)

    def second(d: Drawing) -> Drawing | None | str:
        """A solution other than ``d``, ``None`` when unique, or why the check stopped."""
        left = budget.left()
        if left <= 0:
            return "timeout"
        status, other = _solve_two(d, should_stop, min(2.0, left))
        return other if status == "several" else None if status == "unique" else status

    current = drawing
    other = second(current)
    while other is not None:
        if isinstance(other, str):
            why = ("no unique picture found within "
                   f"{seconds:g} s" if other == "timeout" else f"the check ended: {other}")
            return Proposal("unique", (), False, why)
        scored: list[tuple[int, int, Drawing]] = []
        for i, change in enumerate(_spread(_changes(current, other), CANDIDATES)):
            if budget.left() <= 0:
                break
            trial = current.changed([change])
            scored.append((_undecided_count(trial), i, trial))
        if not scored:
            return Proposal("unique", (), False, f"no unique picture found within {seconds:g} s")
        scored.sort(key=lambda s: (s[0], s[1]))
        current = scored[0][2]
        other = second(current)
    # put back what a later change made unneeded, the first made first
    changes = _changes(drawing, current)
    for r, c, _ in changes:
        if budget.left() <= 0:
            break
        trial = current.changed([(r, c, drawing.picture[r][c])])
        if second(trial) is None:
            current = trial
    final = tuple(_changes(drawing, current))
    if not final:
        return Proposal("unique", (), True, "already unique: nothing to change")
    return Proposal("unique", final, True,
                    f"{plural(len(final), 'cell')} to change (the fewest found, not proven the "
                    "fewest)")


def _changes(before: Drawing, after: Drawing) -> list[CellValueChange]:
    return [(r, c, k) for r, row in enumerate(after.picture) for c, k in enumerate(row)
            if k != before.picture[r][c]]


def make_easier(drawing: Drawing, should_stop: Stop | None = None,
                seconds: float = 10.0) -> Proposal:
    """The changes found that make ``drawing`` solvable by line logic alone (black and white).

    Raises:
        Cancelled: ``should_stop`` said so.
    """
    from nonotui.kinds.nonogram.picture import PictureError
    from nonotui.kinds.nonogram.picture import make_unique as line_solvable

    if len(drawing.palette) > 2:
        return Proposal("easier", (), False,
                        "make easier works on black-and-white drawings only")
    budget = _Budget(seconds, should_stop)

    def stop() -> bool:
        return budget.left() <= 0

    picture: Picture = [list(row) for row in drawing.picture]
    flat = [[0] * drawing.width for _ in range(drawing.height)]
    try:
        fixed = line_solvable(picture, flat, 0, should_stop=stop)
    except PictureError as exc:
        return Proposal("easier", (), False, f"none found: {exc.message}")
    except Cancelled:
        budget.left()  # raises Cancelled again when the player's stop said so
        return Proposal("easier", (), False,
                        f"no picture that line logic solves found within {seconds:g} s")
    after = Drawing(tuple(tuple(row) for row in fixed), drawing.palette)
    final = tuple(_changes(drawing, after))
    if not final:
        return Proposal("easier", (), True, "line logic alone solves it already")
    return Proposal("easier", final, True,
                    f"{plural(len(final), 'cell')} to change for line logic alone (the fewest "
                    "found, not proven the fewest)")


HARDER_SINGLES = 400
"""Cells whose change make-harder tries on its own (seeded, spread over the picture)."""
HARDER_REPAIRS = 48
"""Changes that leave several solutions which make-harder then tries to make unique again."""
HARDER_STEPS = 6
"""Changes at most that make-harder adds to one of those to make it unique again."""


def make_harder(drawing: Drawing, should_stop: Stop | None = None,
                seconds: float = 10.0) -> Proposal:
    """Changes after which the clues are still unique but line logic alone no longer solves
    them: the puzzle then needs a contradiction (grade 4 or 5), black and white.

    One changed cell first: of at most :data:`HARDER_SINGLES` cells (a seeded draw, the seed
    taken from the picture), the first whose change leaves line logic short while the clues
    stay unique. Else more: of the single changes that left line logic short but gave several
    solutions, the :data:`HARDER_REPAIRS` that left it least short are each followed by up to
    :data:`HARDER_STEPS` changes where the second solution differs (as make unique does), each
    the one that keeps line logic short by the fewest cells, until the clues are unique and
    still beyond line logic. Not proven the fewest; says so when none is found.

    Raises:
        Cancelled: ``should_stop`` said so.
    """
    import random
    import zlib

    if len(drawing.palette) > 2:
        return Proposal("harder", (), False, "make harder works on black-and-white drawings only")
    budget = _Budget(seconds, should_stop)

    def status(d: Drawing) -> tuple[VerdictStatus, Drawing | None]:
        return _solve_two(d, should_stop, max(0.05, min(2.0, budget.left())))

    if status(drawing)[0] != "unique":
        return Proposal("harder", (), False, "make it unique first (U)")
    if _undecided_count(drawing) > 0:
        return Proposal("harder", (), True, "line logic alone does not solve it already")
    seed = zlib.crc32(bytes(k for row in drawing.picture for k in row))
    cells = [(r, c) for r in range(drawing.height) for c in range(drawing.width)]
    random.Random(seed).shuffle(cells)
    short: list[tuple[int, int, Drawing, Drawing]] = []  # undecided, order, trial, second
    for i, (r, c) in enumerate(cells[:HARDER_SINGLES]):
        if budget.left() <= 0:
            break
        trial = drawing.changed([(r, c, 1 - drawing.picture[r][c])])
        if not any(any(row) for row in trial.picture):
            continue
        undecided = _undecided_count(trial)
        if undecided == 0:
            continue
        verdict_now, other = status(trial)
        if verdict_now == "unique":
            return _harder(drawing, trial)
        if verdict_now == "several" and other is not None:
            short.append((undecided, i, trial, other))
    short.sort(key=lambda s: (s[0], s[1]))
    for _undecided, _i, current, other in short[:HARDER_REPAIRS]:
        for _step in range(HARDER_STEPS):
            # a change where the second solution differs, keeping line logic short: unique
            # at once if one is, else the one leaving line logic least short
            best: tuple[int, Drawing, Drawing] | None = None
            for change in _spread(_changes(current, other), CANDIDATES):
                if budget.left() <= 0:
                    return Proposal("harder", (), False,
                                    f"no harder unique picture found within {seconds:g} s")
                trial = current.changed([change])
                undecided = _undecided_count(trial)
                if not undecided:
                    continue
                verdict_now, second = status(trial)
                if verdict_now == "unique":
                    return _harder(drawing, trial)
                if second is not None and (best is None or undecided < best[0]):
                    best = (undecided, trial, second)
            if best is None:
                break
            _, current, other = best
    return Proposal("harder", (), False, "no changes found that keep it unique and need more "
                    f"than line logic (within {seconds:g} s)")


def _harder(drawing: Drawing, after: Drawing) -> Proposal:
    final = tuple(_changes(drawing, after))
    return Proposal("harder", final, True,
                    f"{plural(len(final), 'cell')} to change so that line logic alone no longer "
                    "solves it (a contradiction is needed)")


class NonogramMaker:
    """:class:`~nonotui.model.kind.Maker` for nonograms."""

    goals: tuple[MakeGoal, ...] = ("unique", "easier", "harder")

    def palette(self, colour: bool) -> tuple[PaletteColor, ...]:
        return MAKER_PALETTE if colour else BLACK_AND_WHITE

    def blank(self, width: int, height: int, colour: bool = False) -> Drawing:
        return blank(width, height, self.palette(colour))

    def drawing_of_image(self, path: str, width: int, height: int) -> Drawing:
        from pathlib import Path

        from nonotui.kinds.nonogram.picture import load_grey, threshold

        grey, _ = load_grey(Path(path), width, height)
        picture, _cut = threshold(grey)
        return blank(width, height).changed(
            [(r, c, v) for r, row in enumerate(picture) for c, v in enumerate(row) if v])

    def puzzle_of(self, drawing: Drawing, **metadata: str) -> PuzzleLike:
        return puzzle_of(drawing, **metadata)

    def drawing_of(self, puzzle: PuzzleLike, should_stop: Stop | None = None) -> Drawing:
        assert isinstance(puzzle, Puzzle)
        return drawing_of(puzzle, should_stop)

    def verdict(self, drawing: Drawing, should_stop: Stop | None = None,
                timeout: float = 2.0) -> Verdict:
        return verdict(drawing, should_stop, timeout)

    def improve(self, drawing: Drawing, goal: MakeGoal, should_stop: Stop | None = None,
                seconds: float = 10.0) -> Proposal:
        if goal == "unique":
            return make_unique(drawing, should_stop, seconds)
        if goal == "harder":
            return make_harder(drawing, should_stop, seconds)
        return make_easier(drawing, should_stop, seconds)
