"""An obviously correct nonogram solution counter, the oracle the engine's search is tested against.

It shares nothing with the engine: no cell bitsets, no linesolvers, no propagation. Every row's
fillings are listed outright (each way to place the row's blocks), and a depth-first walk chooses
one filling per row, top to bottom, keeping for every column only how many of its blocks are
finished and how long its current block is. A column that can no longer end well prunes the walk.
Slow and plain on purpose; fine up to about 10x10.

Pictures are tuples of rows of ``0`` (empty) and ``1`` (filled). A ``given`` grid restricts cells
to a value (``0`` or ``1``) or leaves them free (``None``), like a partly filled board.
:func:`check_solutions` reads the engine's boards (cell bitsets, DESIGN.md) into pictures and
checks them against the clues with :func:`runs`.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

Clue = tuple[int, ...]
Picture = tuple[tuple[int, ...], ...]

EMPTY_CELL, FILLED_CELL = 1, 2
"""The cell bitsets DESIGN.md fixes (bit 0 empty, bit 1 filled), spelled out here so that the
check owes nothing to the engine or the model."""


def runs(line: Sequence[int]) -> Clue:
    """The block lengths of a line of 0/1 cells, read off directly."""
    out: list[int] = []
    length = 0
    for v in line:
        if v:
            length += 1
        elif length:
            out.append(length)
            length = 0
    if length:
        out.append(length)
    return tuple(out)


def clues_of(picture: Sequence[Sequence[int]]) -> tuple[tuple[Clue, ...], tuple[Clue, ...]]:
    """The row clues and column clues of a complete picture."""
    rows = tuple(runs(row) for row in picture)
    columns = tuple(runs(col) for col in zip(*picture))
    return rows, columns


def fillings(clue: Clue, length: int) -> list[tuple[int, ...]]:
    """Every line of ``length`` cells whose blocks are exactly ``clue``.

    Builds each one by choosing how many empty cells precede every block (at least one between
    blocks), so the list is complete and holds no duplicates.
    """
    if not clue:
        return [(0,) * length]
    out: list[tuple[int, ...]] = []

    def place(index: int, start: int, prefix: tuple[int, ...]) -> None:
        # room the blocks after this one need: each one cell of gap plus its length
        rest = sum(clue[index + 1 :]) + len(clue) - index - 1
        for lead in range(start, length - rest - clue[index] + 1):
            line = prefix + (0,) * (lead - len(prefix)) + (1,) * clue[index]
            if index + 1 == len(clue):
                out.append(line + (0,) * (length - len(line)))
            else:
                place(index + 1, lead + clue[index] + 1, line)

    place(0, 0, ())
    return out


def _column_step(clue: Clue, state: tuple[int, int], value: int) -> tuple[int, int] | None:
    """A column's state after one more cell, or ``None`` when its blocks no longer fit the clue.

    The state is ``(finished blocks, length of the block being drawn)``.
    """
    done, open_length = state
    if value:
        open_length += 1
        if done >= len(clue) or open_length > clue[done]:
            return None
        return done, open_length
    if open_length:
        if open_length != clue[done]:
            return None
        return done + 1, 0
    return state


def _room_needed(clue: Clue, state: tuple[int, int]) -> int:
    """How many more cells a column needs at least to finish its clue from ``state``."""
    done, open_length = state
    if open_length:
        rest = clue[done + 1 :]
        return clue[done] - open_length + sum(rest) + len(rest)
    rest = clue[done:]
    return sum(rest) + len(rest) - 1 if rest else 0


def iter_solutions(
    rows: Sequence[Clue],
    columns: Sequence[Clue],
    given: Sequence[Sequence[int | None]] | None = None,
) -> Iterator[Picture]:
    """Every picture that satisfies the clues (and the given cells), one at a time.

    Each picture yielded is checked once more against every clue with :func:`runs`, so a slip in
    the pruning could only lose solutions, never invent one; the self-test catches lost ones.
    """
    height, width = len(rows), len(columns)
    options = []
    for r, clue in enumerate(rows):
        row_options = fillings(tuple(clue), width)
        if given is not None:
            row_options = [
                f for f in row_options
                if all(g is None or g == v for g, v in zip(given[r], f))
            ]
        options.append(row_options)
    columns = [tuple(c) for c in columns]
    # an explicit stack of (row index, column states, picture so far); the depth is the height
    stack: list[tuple[int, tuple[tuple[int, int], ...], Picture]] = [
        (0, tuple((0, 0) for _ in range(width)), ())
    ]
    while stack:
        r, states, picture = stack.pop()
        if r == height:
            if clues_of(picture) == (tuple(map(tuple, rows)), tuple(columns)):
                yield picture
            continue
        remaining = height - r - 1
        # reversed so that the first filling is explored first (a stable, readable order)
        for filling in reversed(options[r]):
            new_states = []
            for c, value in enumerate(filling):
                state = _column_step(columns[c], states[c], value)
                if state is None or _room_needed(columns[c], state) > remaining:
                    break
                new_states.append(state)
            else:
                stack.append((r + 1, tuple(new_states), picture + (filling,)))


def solutions(
    rows: Sequence[Clue],
    columns: Sequence[Clue],
    *,
    cap: int | None = None,
    given: Sequence[Sequence[int | None]] | None = None,
) -> list[Picture]:
    """The pictures that satisfy the clues, at most ``cap`` of them."""
    return list(itertools.islice(iter_solutions(rows, columns, given), cap))


def count(
    rows: Sequence[Clue],
    columns: Sequence[Clue],
    *,
    cap: int | None = None,
    given: Sequence[Sequence[int | None]] | None = None,
) -> int:
    """How many pictures satisfy the clues, counting no further than ``cap``."""
    return sum(1 for _ in itertools.islice(iter_solutions(rows, columns, given), cap))


def all_pictures(height: int, width: int) -> Iterator[Picture]:
    """Every 0/1 picture of the size, 2**(height*width) of them."""
    for cells in itertools.product((0, 1), repeat=height * width):
        yield tuple(tuple(cells[r * width : (r + 1) * width]) for r in range(height))


def brute_force_counts(height: int, width: int) -> dict[tuple, int]:
    """For every clue set a picture of the size has, how many pictures have it.

    The number of pictures sharing a clue set is exactly that clue set's number of solutions,
    which makes this the slowest and most obviously right count there is.
    """
    counts: dict[tuple, int] = {}
    for picture in all_pictures(height, width):
        key = clues_of(picture)
        counts[key] = counts.get(key, 0) + 1
    return counts


def picture_of_cells(cells: Sequence[Sequence[int]]) -> Picture:
    """The 0/1 picture of a grid of cell bitsets; every cell must be exactly empty or filled."""
    rows = []
    for row in cells:
        row = [int(v) for v in row]
        if not all(v in (EMPTY_CELL, FILLED_CELL) for v in row):
            raise AssertionError(f"a solution has an undecided or impossible cell: {row}")
        rows.append(tuple(1 if v == FILLED_CELL else 0 for v in row))
    return tuple(rows)


def check_solutions(
    rows: Sequence[Clue], columns: Sequence[Clue], grids: Sequence[Sequence[Sequence[int]]]
) -> set[Picture]:
    """Assert that every grid (of cell bitsets) satisfies every clue and that no two are equal.

    Returns the grids as a set of pictures, to compare with :func:`solutions`.
    """
    pictures = [picture_of_cells(g) for g in grids]
    expected = (tuple(map(tuple, rows)), tuple(map(tuple, columns)))
    for picture in pictures:
        if clues_of(picture) != expected:
            raise AssertionError(f"not a solution: {picture}")
    if len(set(pictures)) != len(pictures):
        raise AssertionError("a solution was returned twice")
    return set(pictures)
