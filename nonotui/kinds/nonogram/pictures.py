"""Generated pictures: smoothed random fields, thresholds, and the fix-ups that make them
line-solvable, by complete line logic or by line logic cut off at a technique of the ladder.

:mod:`nonotui.kinds.nonogram.generate` (recipes, ids, the generator itself) builds its puzzles
from these parts; the module docstring there says how they fit together.

:func:`undecided_upto` propagates a picture's clues over the whole grid taking a line's whole
deduction (every cell its clue and cells imply) only when the technique ladder
(:func:`~nonotui.kinds.nonogram.engine.techniques.line_techniques`) reaches it with techniques no
harder than a given one, as the rating's walk names its line steps; the rows and columns are taken
in a fixed order (a queue, rows first), and it returns the cells left undecided. A picture for
which it leaves none can be solved by a player who never needs a technique past that one: the
generator flips undecided cells until there are none, as it does with complete line logic for a
line-solvable puzzle. It is a fix-up tool, not a rating: the generator rates every graded puzzle
it keeps with the rating. The techniques are plain Python; a memo kept by the caller (line clue
and contents -> result) makes the many propagations of one fix-up, which differ in a few lines,
cheap.

Importing this module loads neither numba nor the engine.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from typing import Literal

from nonotui.kinds.nonogram.rng import SplitMix64
from nonotui.model.cells import UNKNOWN

Symmetry = Literal["none", "horizontal", "vertical", "both"]
SYMMETRIES: tuple[Symmetry, ...] = ("none", "horizontal", "vertical", "both")
"""``horizontal``: the picture is its own mirror image left to right; ``vertical``: top to
bottom; ``both``: both at once."""

STALL_FLIPS = 8
"""Flips in a row without a new lowest count of undecided cells after which a field is given up."""
SAMPLED_FLIPS = 6
"""Undecided cells (with their mirror images) tried at each fix-up step: the one whose flip
leaves the fewest cells undecided is kept (the first tried, on a tie)."""

Picture = list[list[int]]
Cell = tuple[int, int]
Memo = dict[tuple[str, tuple[int, ...], tuple[int, ...]], tuple[int, ...] | None]
"""A line's cells after its whole deduction, by ``(upto, clue, cells)``; ``None`` when there
is nothing to deduce or the deduction needs a technique harder than ``upto``."""

MEMO_ENTRIES = 400_000
"""The memo is cleared when it grows past this many lines."""


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


def flip_keeps_lines(picture: Picture, cells: list[Cell]) -> bool:
    """Whether flipping ``cells`` leaves every row and column they touch neither empty nor full."""
    height, width = len(picture), len(picture[0])
    for r, c in cells:
        picture[r][c] ^= 1
    ok = all(0 < sum(picture[r]) < width for r in {r for r, _ in cells}) and all(
        0 < sum(picture[r][c] for r in range(height)) < height for c in {c for _, c in cells})
    for r, c in cells:
        picture[r][c] ^= 1
    return ok


class _LineCounts:
    """:func:`flip_keeps_lines` for many flips of one picture: the filled cells of every row and
    column are counted once, and each flip is checked against the counts."""

    def __init__(self, picture: Picture) -> None:
        self.picture = picture
        self.width, self.height = len(picture[0]), len(picture)
        self.rows = [sum(row) for row in picture]
        self.columns = [sum(column) for column in zip(*picture)]

    def __call__(self, cells: list[Cell]) -> bool:
        rows: dict[int, int] = {}
        columns: dict[int, int] = {}
        for r, c in cells:
            change = 1 - 2 * self.picture[r][c]
            rows[r] = rows.get(r, self.rows[r]) + change
            columns[c] = columns.get(c, self.columns[c]) + change
        return (all(0 < n < self.width for n in rows.values())
                and all(0 < n < self.height for n in columns.values()))


# -- uniqueness --------------------------------------------------------------------------------


def _flipped(picture: Picture, cells: list[Cell],
             measure: Callable[[Picture], list[Cell]]) -> list[Cell]:
    """``measure`` of the picture with ``cells`` flipped; the picture is left as it was."""
    for r, c in cells:
        picture[r][c] ^= 1
    try:
        return measure(picture)
    finally:
        for r, c in cells:
            picture[r][c] ^= 1


def undecided(picture: Picture) -> list[Cell]:
    """The cells complete line logic leaves undecided for ``picture``'s clues, row-major."""
    from nonotui.kinds.nonogram.engine.steps import propagation
    from nonotui.kinds.nonogram.puzzle import Puzzle, unknown_board
    from nonotui.model.cells import EMPTY, FILLED

    puzzle = Puzzle.from_picture(picture, keep_goal=False)
    cells = propagation(puzzle, unknown_board(puzzle)).cells
    return [(r, c) for r in range(len(picture)) for c in range(len(picture[0]))
            if int(cells[r, c]) not in (EMPTY, FILLED)]


def make_line_solvable(picture: Picture, rng: SplitMix64, symmetry: Symmetry,
                       budget: int, open_of: Callable[[Picture], list[Cell]] | None = None,
                       stall: int = STALL_FLIPS,
                       accept: Callable[[Picture, list[Cell]], bool] | None = None,
                       sampled: int = SAMPLED_FLIPS) -> tuple[bool, int]:
    """Flip undecided cells of ``picture`` (in place) until line logic decides every cell;
    returns whether it got there, and the flips made. It gives up after ``budget`` flips, or
    after ``stall`` flips in a row that did not bring the number of undecided cells
    below its lowest so far. ``open_of`` replaces complete line logic's :func:`undecided` (the
    graded generator passes line logic cut off at a technique). ``accept`` (picture, undecided
    cells) is asked before every flip while cells are undecided: when it says yes the picture
    is kept as it is, and the result is true (grades 4 and 5 stop as soon as the puzzle is
    unique). ``sampled`` flips are tried at each step (:data:`SAMPLED_FLIPS`)."""
    height, width = len(picture), len(picture[0])
    open_of = undecided if open_of is None else open_of
    open_cells = open_of(picture)
    fewest, stalled, flips = len(open_cells), 0, 0
    while open_cells and flips < budget and stalled < stall:
        if accept is not None and accept(picture, open_cells):
            return True, flips
        seen: set[Cell] = set()
        choices: list[list[Cell]] = []
        keeps = _LineCounts(picture)
        for cell in open_cells:
            if cell in seen:
                continue
            cells = orbit(cell, width, height, symmetry)
            seen.update(cells)
            if keeps(cells):
                choices.append(cells)
        if not choices:
            break
        best: tuple[list[Cell], list[Cell]] | None = None
        for _ in range(min(sampled, len(choices))):
            cells = choices.pop(rng.below(len(choices)))
            left = _flipped(picture, cells, open_of)
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
    if open_cells and accept is not None:
        return accept(picture, open_cells), flips
    return not open_cells, flips


def runs(line: Sequence[int]) -> tuple[int, ...]:
    """The clue of a line of 0 and 1 cells."""
    out: list[int] = []
    length = 0
    for value in line:
        if value:
            length += 1
        elif length:
            out.append(length)
            length = 0
    if length:
        out.append(length)
    return tuple(out)


def undecided_upto(picture: Picture, upto: str, memo: Memo | None = None) -> list[Cell]:
    """The cells left undecided for ``picture``'s clues when a line is only ever worked as a
    whole step (every cell its clue and cells imply) whose hardest technique is ``upto`` or
    easier, as the rating's walk takes them; row-major."""
    import numpy as np

    from nonotui.kinds.nonogram.engine.lines import REGISTRY, solve_cells
    from nonotui.kinds.nonogram.engine.techniques import line_techniques
    from nonotui.model.cells import CELL_DTYPE, CLUE_DTYPE

    complete = REGISTRY["fcomp"]
    if memo is None:
        memo = {}
    elif len(memo) > MEMO_ENTRIES:
        memo.clear()
    height, width = len(picture), len(picture[0])
    rows = [runs(row) for row in picture]
    columns = [runs([picture[r][c] for r in range(height)]) for c in range(width)]
    grid = [[UNKNOWN] * width for _ in range(height)]
    transposed = [[UNKNOWN] * height for _ in range(width)]  # the same cells, by column
    queue = deque(range(height + width))
    queued = [True] * (height + width)
    while queue:
        line = queue.popleft()
        queued[line] = False
        if line < height:
            clue, cells = rows[line], tuple(grid[line])
        else:
            clue, cells = columns[line - height], tuple(transposed[line - height])
        key = (upto, clue, cells)
        known = memo.get(key)
        if key not in memo:
            # the ladder cut off at ``upto`` runs the same rules in the same order as the whole
            # ladder until it would need a harder one: the step is easy enough exactly when the
            # cut ladder reaches what the complete linesolver finds
            cut = tuple(int(v) for v in line_techniques(clue, cells, upto=upto).result)
            full = solve_cells(complete, np.array(clue, dtype=CLUE_DTYPE),
                               np.array(cells, dtype=CELL_DTYPE))
            known = cut if cut != cells and cut == tuple(int(v) for v in full) else None
            memo[key] = known
        if known is None:
            continue  # nothing to deduce, or a step too hard for now
        for i, (old, new) in enumerate(zip(cells, known)):
            if old == new:
                continue
            if line < height:
                grid[line][i] = transposed[i][line] = new
                other = height + i
            else:
                grid[i][line - height] = transposed[line - height][i] = new
                other = i
            if not queued[other]:
                queued[other] = True
                queue.append(other)
    return [(r, c) for r in range(height) for c in range(width) if grid[r][c] == UNKNOWN]


# -- grade 1: every filled cell in an overlap --------------------------------------------------


def _overlaps(line: Sequence[int]) -> set[int]:
    """The cells of ``line`` that simple boxes fills from its clue alone: each block's leftmost
    and rightmost placements by the edges overlap there."""
    clue = runs(line)
    slack = len(line) - (sum(clue) + len(clue) - 1)
    out: set[int] = set()
    start = 0
    for length in clue:
        out.update(range(start + slack, start + length))
        start += length + 1
    return out


def uncovered(picture: Picture) -> list[Cell]:
    """The filled cells that neither their row's nor their column's clue overlaps, row-major.

    Simple boxes looks at the clue and the edges only, and simple spaces only ever empties
    cells, so a puzzle solved by those two alone (grade 1) has every filled cell in such an
    overlap: while this list is not empty, no flip elsewhere can make the puzzle grade 1."""
    height, width = len(picture), len(picture[0])
    rows = [_overlaps(row) for row in picture]
    columns = [_overlaps([picture[r][c] for r in range(height)]) for c in range(width)]
    return [(r, c) for r in range(height) for c in range(width)
            if picture[r][c] and c not in rows[r] and r not in columns[c]]


def cover_filled(picture: Picture, rng: SplitMix64, symmetry: Symmetry, budget: int,
                 sampled: int = SAMPLED_FLIPS * 2) -> tuple[bool, int]:
    """Flip cells of ``picture`` (in place, with their mirror images) until :func:`uncovered`
    is empty; returns whether it got there, and the flips made. The cells tried are the
    uncovered cells and the empty cells of their rows and columns (emptying a cell, or filling
    one, changes the slack of its lines); of ``sampled`` drawn by ``rng`` the flip leaving the
    fewest uncovered cells is made. At most ``budget`` flips."""
    height, width = len(picture), len(picture[0])
    left = uncovered(picture)
    flips = 0
    while left and flips < budget:
        near: set[Cell] = set()
        for r, c in left:
            near.add((r, c))
            near.update((r, j) for j in range(width) if not picture[r][j])
            near.update((i, c) for i in range(height) if not picture[i][c])
        candidates = sorted(near)
        keeps = _LineCounts(picture)
        best: tuple[list[Cell], list[Cell]] | None = None
        for _ in range(min(sampled, len(candidates))):
            cells = orbit(candidates.pop(rng.below(len(candidates))), width, height, symmetry)
            if not keeps(cells):
                continue
            after = _flipped(picture, cells, uncovered)
            if best is None or len(after) < len(best[1]):
                best = (cells, after)
        if best is None:
            break
        for r, c in best[0]:
            picture[r][c] ^= 1
        left = best[1]
        flips += 1
    return not left, flips
