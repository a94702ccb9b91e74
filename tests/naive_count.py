"""The puzzle oracle: an obviously correct nonogram solution finder, the one the engine's search,
the generator, the bundled puzzles and the hints are tested against.

It shares nothing with the engine: its line logic is :func:`tests.oracle.solve` (every value some
arrangement of the line's clue gives a cell), applied to every row and column until nothing
changes, then a depth-first search that tries every value of the first undecided cell. Line logic
only removes values no arrangement of the line uses, and the search tries every value left, so no
solution is lost; every picture found is checked once more against every clue with
:func:`tests.oracle.runs` (or :func:`tests.oracle.color_runs`), so none is invented. Its answers
are held to listing every picture of small sizes in ``tests/unit/engine/test_naive_count.py``.

Pictures are tuples of rows of ``0`` (empty) and ``1`` (filled). A ``given`` grid restricts cells
to a value (``0`` or ``1``) or leaves them free (``None``), like a partly filled board.
:func:`check_solutions` reads the engine's boards (cell bitsets, DESIGN.md) into pictures and
checks them against the clues.

Colour puzzles: pass ``row_colors`` and ``column_colors`` (the colour index of every block, ``1``
the first colour). Pictures and givens then hold colour indices (``0`` empty); blocks of one
colour need an empty cell between them, blocks of different colours may touch.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

from tests.oracle import color_runs, runs, solve

Clue = tuple[int, ...]
Picture = tuple[tuple[int, ...], ...]

EMPTY_CELL, FILLED_CELL = 1, 2
"""The cell bitsets DESIGN.md fixes (bit 0 empty, bit 1 filled), spelled out here so that the
check owes nothing to the engine or the model."""


def color_clues_of(
    picture: Sequence[Sequence[int]],
) -> tuple[tuple[Clue, ...], tuple[Clue, ...], tuple[Clue, ...], tuple[Clue, ...]]:
    """Row blocks, column blocks, row block colours and column block colours of a picture."""
    rows = [color_runs(row) for row in picture]
    columns = [color_runs(col) for col in zip(*picture)]
    return (
        tuple(b for b, _ in rows),
        tuple(b for b, _ in columns),
        tuple(c for _, c in rows),
        tuple(c for _, c in columns),
    )


def clues_of(picture: Sequence[Sequence[int]]) -> tuple[tuple[Clue, ...], tuple[Clue, ...]]:
    """The row clues and column clues of a complete picture."""
    rows = tuple(runs(row) for row in picture)
    columns = tuple(runs(col) for col in zip(*picture))
    return rows, columns


def _colors_or_none(
    rows: Sequence[Clue],
    columns: Sequence[Clue],
    row_colors: Sequence[Clue] | None,
    column_colors: Sequence[Clue] | None,
) -> tuple[tuple[Clue, ...], tuple[Clue, ...]] | None:
    """Both colour lists as tuples (all ``1`` for a missing one), or ``None`` for black and white."""
    if row_colors is None and column_colors is None:
        return None
    rc = row_colors if row_colors is not None else [(1,) * len(c) for c in rows]
    cc = column_colors if column_colors is not None else [(1,) * len(c) for c in columns]
    return tuple(tuple(c) for c in rc), tuple(tuple(c) for c in cc)


class _Lines:
    """The puzzle's lines (rows first, then columns) and their line logic."""

    def __init__(self, rows, columns, row_colors, column_colors) -> None:
        self.height, self.width = len(rows), len(columns)
        colored = _colors_or_none(rows, columns, row_colors, column_colors)
        self.colored = colored is not None
        self.rows = tuple(tuple(c) for c in rows)
        self.columns = tuple(tuple(c) for c in columns)
        rc, cc = colored if colored is not None else (
            tuple((1,) * len(c) for c in self.rows), tuple((1,) * len(c) for c in self.columns))
        self.clues = [(clue, rc[r]) for r, clue in enumerate(self.rows)] + [
            (clue, cc[c]) for c, clue in enumerate(self.columns)]
        colours = max([1, *(v for _, colors in self.clues for v in colors)])
        self.full = (1 << (colours + 1)) - 1

    def propagate(self, grid: list[list[int]], pending: list[int] | None = None) -> bool:
        """Line logic on the ``pending`` lines (all when ``None``; rows are ``0..height-1``,
        columns follow), and on every line a change crosses, until nothing changes; ``False``
        when a line has no arrangement left. Edits ``grid``."""
        h, w = self.height, self.width
        pending = list(range(h + w)) if pending is None else pending
        queued = [i in pending for i in range(h + w)]
        while pending:
            i = pending.pop()
            queued[i] = False
            cells = tuple(grid[i]) if i < h else tuple(grid[r][i - h] for r in range(h))
            clue, colors = self.clues[i]
            new = solve(clue, cells, colors)
            if new is None:
                return False
            for p, (old, v) in enumerate(zip(cells, new)):
                if old == v:
                    continue
                if i < h:
                    grid[i][p] = v
                    other = h + p
                else:
                    grid[p][i - h] = v
                    other = p
                if not queued[other]:
                    queued[other] = True
                    pending.append(other)
        return True

    def is_solution(self, picture: Picture) -> bool:
        if self.colored:
            rows, columns, rc, cc = color_clues_of(picture)
            return (rows, columns, rc, cc) == (
                self.rows, self.columns, tuple(c for _, c in self.clues[: self.height]),
                tuple(c for _, c in self.clues[self.height :]))
        return clues_of(picture) == (self.rows, self.columns)


def iter_solutions(
    rows: Sequence[Clue],
    columns: Sequence[Clue],
    given: Sequence[Sequence[int | None]] | None = None,
    *,
    row_colors: Sequence[Clue] | None = None,
    column_colors: Sequence[Clue] | None = None,
) -> Iterator[Picture]:
    """Every picture that satisfies the clues (and the given cells), one at a time, in a fixed
    order. With colours, pictures and givens hold colour indices."""
    lines = _Lines(rows, columns, row_colors, column_colors)
    grid = [[lines.full] * lines.width for _ in range(lines.height)]
    if given is not None:
        for r, row in enumerate(given):
            for c, v in enumerate(row):
                if v is not None:
                    grid[r][c] &= 1 << v
    # a grid to search, and the lines to run line logic on first: all of them at the start; after
    # a guess, the guessed cell's row and column (the rest was left where nothing changes)
    stack: list[tuple[list[list[int]], list[int] | None]] = [(grid, None)]
    while stack:
        grid, pending = stack.pop()
        if not lines.propagate(grid, pending):
            continue
        open_cell = next(
            ((r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v & (v - 1)),
            None,
        )
        if open_cell is None:
            picture = tuple(tuple(v.bit_length() - 1 for v in row) for row in grid)
            if not lines.is_solution(picture):
                raise AssertionError(f"the line logic let through a wrong picture: {picture}")
            yield picture
            continue
        r, c = open_cell
        v = grid[r][c]
        # pushed highest value first, so that the lowest (empty) is tried first
        for value in reversed([b for b in range(v.bit_length()) if v >> b & 1]):
            branch = [row[:] for row in grid]
            branch[r][c] = 1 << value
            stack.append((branch, [r, lines.height + c]))


def solutions(
    rows: Sequence[Clue],
    columns: Sequence[Clue],
    *,
    cap: int | None = None,
    given: Sequence[Sequence[int | None]] | None = None,
    row_colors: Sequence[Clue] | None = None,
    column_colors: Sequence[Clue] | None = None,
) -> list[Picture]:
    """The pictures that satisfy the clues, at most ``cap`` of them."""
    found = iter_solutions(
        rows, columns, given, row_colors=row_colors, column_colors=column_colors
    )
    return list(itertools.islice(found, cap))


def count(
    rows: Sequence[Clue],
    columns: Sequence[Clue],
    *,
    cap: int | None = None,
    given: Sequence[Sequence[int | None]] | None = None,
    row_colors: Sequence[Clue] | None = None,
    column_colors: Sequence[Clue] | None = None,
) -> int:
    """How many pictures satisfy the clues, counting no further than ``cap``."""
    found = iter_solutions(
        rows, columns, given, row_colors=row_colors, column_colors=column_colors
    )
    return sum(1 for _ in itertools.islice(found, cap))


def line_solvable(
    rows: Sequence[Clue],
    columns: Sequence[Clue],
    *,
    row_colors: Sequence[Clue] | None = None,
    column_colors: Sequence[Clue] | None = None,
) -> bool:
    """Whether line logic alone, from the empty board, decides every cell."""
    lines = _Lines(rows, columns, row_colors, column_colors)
    grid = [[lines.full] * lines.width for _ in range(lines.height)]
    return lines.propagate(grid) and all(v & (v - 1) == 0 for row in grid for v in row)


def all_pictures(height: int, width: int, colors: int = 1) -> Iterator[Picture]:
    """Every picture of the size with values ``0`` to ``colors``: (colors+1)**(height*width)."""
    for cells in itertools.product(range(colors + 1), repeat=height * width):
        yield tuple(tuple(cells[r * width : (r + 1) * width]) for r in range(height))


def brute_force_counts(height: int, width: int, colors: int = 1) -> dict[tuple, int]:
    """For every clue set a picture of the size has, how many pictures have it.

    The number of pictures sharing a clue set is exactly that clue set's number of solutions,
    which makes this the slowest and most obviously right count there is. With ``colors`` above
    1 the keys are :func:`color_clues_of` (rows, columns, row colours, column colours).
    """
    counts: dict[tuple, int] = {}
    for picture in all_pictures(height, width, colors):
        key = clues_of(picture) if colors == 1 else color_clues_of(picture)
        counts[key] = counts.get(key, 0) + 1
    return counts


def picture_of_cells(cells: Sequence[Sequence[int]], colors: int = 1) -> Picture:
    """The picture of a grid of cell bitsets; every cell must hold exactly one value.

    Bit ``k`` is colour ``k`` (bit 0 empty, bit 1 filled or the first colour), so a cell is
    one of ``1 << 0`` to ``1 << colors``, read as the colour index ``0`` to ``colors``.
    """
    singles = {1 << k: k for k in range(colors + 1)}
    rows = []
    for row in cells:
        row = [int(v) for v in row]
        if not all(v in singles for v in row):
            raise AssertionError(f"a solution has an undecided or impossible cell: {row}")
        rows.append(tuple(singles[v] for v in row))
    return tuple(rows)


def check_solutions(
    rows: Sequence[Clue],
    columns: Sequence[Clue],
    grids: Sequence[Sequence[Sequence[int]]],
    *,
    row_colors: Sequence[Clue] | None = None,
    column_colors: Sequence[Clue] | None = None,
) -> set[Picture]:
    """Assert that every grid (of cell bitsets) satisfies every clue and that no two are equal.

    Returns the grids as a set of pictures, to compare with :func:`solutions` (colour indices
    when colours are given).
    """
    colored = _colors_or_none(rows, columns, row_colors, column_colors)
    if colored is not None:
        n = max([1, *(c for clue in [*colored[0], *colored[1]] for c in clue)])
        pictures = [picture_of_cells(g, n) for g in grids]
        want = (tuple(map(tuple, rows)), tuple(map(tuple, columns)), *colored)
        for picture in pictures:
            if color_clues_of(picture) != want:
                raise AssertionError(f"not a solution: {picture}")
        if len(set(pictures)) != len(pictures):
            raise AssertionError("a solution was returned twice")
        return set(pictures)
    pictures = [picture_of_cells(g) for g in grids]
    expected = (tuple(map(tuple, rows)), tuple(map(tuple, columns)))
    for picture in pictures:
        if clues_of(picture) != expected:
            raise AssertionError(f"not a solution: {picture}")
    if len(set(pictures)) != len(pictures):
        raise AssertionError("a solution was returned twice")
    return set(pictures)
