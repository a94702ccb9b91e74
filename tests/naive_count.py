"""An obviously correct nonogram solution counter, the oracle the engine's search is tested against.

It shares nothing with the engine: no cell bitsets, no linesolvers, no propagation. Every row's
fillings are listed outright (:func:`tests.oracle.arrangements`), and a depth-first walk chooses
one filling per row, top to bottom, keeping for every column only how many of its blocks are
finished and how long its current block is. A column that can no longer end well prunes the walk.
Slow and plain on purpose; fine up to about 10x10.

Pictures are tuples of rows of ``0`` (empty) and ``1`` (filled). A ``given`` grid restricts cells
to a value (``0`` or ``1``) or leaves them free (``None``), like a partly filled board.
:func:`check_solutions` reads the engine's boards (cell bitsets, DESIGN.md) into pictures and
checks them against the clues with :func:`tests.oracle.runs`.

Colour puzzles: pass ``row_colors`` and ``column_colors`` (the colour index of every block, ``1``
the first colour). Pictures then hold colour indices (``0`` empty); blocks of one colour need an
empty cell between them, blocks of different colours may touch. :func:`tests.oracle.color_runs`
reads a line's blocks and their colours, and the column walk
keeps the same two numbers per column, the colour of the open block being its clue's.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

from tests.oracle import arrangements, color_runs, runs

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


def _color_step(
    clue: Clue, colors: Clue, state: tuple[int, int], value: int
) -> tuple[int, int] | None:
    """:func:`_column_step` for colour: ``value`` is a colour index, ``0`` empty."""
    done, open_length = state
    if open_length and value != colors[done]:
        # the open block ends here: an empty cell or a block of another colour closes it
        if open_length != clue[done]:
            return None
        done, open_length = done + 1, 0
    if not value:
        return done, open_length
    if open_length:
        open_length += 1
        return (done, open_length) if open_length <= clue[done] else None
    if done >= len(clue) or colors[done] != value:
        return None
    return done, 1


def _color_room(clue: Clue, colors: Clue, state: tuple[int, int]) -> int:
    """How many more cells a colour column needs at least to finish its clue from ``state``."""
    done, open_length = state
    first = done + 1 if open_length else done
    need = clue[done] - open_length if open_length else 0
    for i in range(first, len(clue)):
        need += clue[i]
        if i > 0 and (i > first or open_length) and colors[i] == colors[i - 1]:
            need += 1
    return need


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


def iter_solutions(
    rows: Sequence[Clue],
    columns: Sequence[Clue],
    given: Sequence[Sequence[int | None]] | None = None,
    *,
    row_colors: Sequence[Clue] | None = None,
    column_colors: Sequence[Clue] | None = None,
) -> Iterator[Picture]:
    """Every picture that satisfies the clues (and the given cells), one at a time.

    Each picture yielded is checked once more against every clue with :func:`runs` (or
    :func:`color_runs`), so a slip in the pruning could only lose solutions, never invent one;
    the self-test catches lost ones. With colours, pictures and givens hold colour indices.
    """
    colored = _colors_or_none(rows, columns, row_colors, column_colors)
    if colored is not None:
        yield from _iter_color_solutions(rows, columns, colored[0], colored[1], given)
        return
    height, width = len(rows), len(columns)
    options = []
    for r, clue in enumerate(rows):
        row_options = arrangements(clue, width)
        if given is not None:
            row_options = [
                f for f in row_options
                if all(g is None or g == v for g, v in zip(given[r], f))
            ]
        options.append(row_options)
    columns = [tuple(c) for c in columns]
    # each column's answers of _column_step and _room_needed, remembered by (state, value): a
    # column has few states, and the search asks the same ones again and again
    memos: list[dict[tuple[tuple[int, int], int], tuple[tuple[int, int], int] | None]] = [
        {} for _ in range(width)
    ]
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
                key = (states[c], value)
                memo = memos[c]
                if key in memo:
                    step = memo[key]
                else:
                    state = _column_step(columns[c], states[c], value)
                    step = None if state is None else (state, _room_needed(columns[c], state))
                    memo[key] = step
                if step is None or step[1] > remaining:
                    break
                new_states.append(step[0])
            else:
                stack.append((r + 1, tuple(new_states), picture + (filling,)))


def _iter_color_solutions(
    rows: Sequence[Clue],
    columns: Sequence[Clue],
    row_colors: tuple[Clue, ...],
    column_colors: tuple[Clue, ...],
    given: Sequence[Sequence[int | None]] | None,
) -> Iterator[Picture]:
    """:func:`iter_solutions` for colour puzzles: the same walk with colour fillings and steps."""
    height, width = len(rows), len(columns)
    options = []
    for r, clue in enumerate(rows):
        row_options = arrangements(clue, width, row_colors[r])
        if given is not None:
            row_options = [
                f for f in row_options
                if all(g is None or g == v for g, v in zip(given[r], f))
            ]
        options.append(row_options)
    cols = [tuple(c) for c in columns]
    expected = (tuple(map(tuple, rows)), tuple(cols), row_colors, column_colors)
    stack: list[tuple[int, tuple[tuple[int, int], ...], Picture]] = [
        (0, tuple((0, 0) for _ in range(width)), ())
    ]
    while stack:
        r, states, picture = stack.pop()
        if r == height:
            if color_clues_of(picture) == expected:
                yield picture
            continue
        remaining = height - r - 1
        for filling in reversed(options[r]):
            new_states = []
            for c, value in enumerate(filling):
                state = _color_step(cols[c], column_colors[c], states[c], value)
                if state is None or _color_room(cols[c], column_colors[c], state) > remaining:
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
