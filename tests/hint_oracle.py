"""An independent judge of hints, checks and the clue guide, built on :mod:`tests.naive_count`.

Nothing here uses the engine: solutions come from :mod:`tests.naive_count`, arrangements of a
line from :func:`tests.oracle.arrangements`. Boards are read from their cell bitsets (1 empty,
2 filled, 3 unknown) into ``given`` grids of ``0``, ``1`` or ``None``.
"""

from __future__ import annotations

from collections.abc import Sequence

from tests import naive_count as naive
from tests.oracle import arrangements

EMPTY_CELL, FILLED_CELL = naive.EMPTY_CELL, naive.FILLED_CELL


def given_of(cells) -> list[list[int | None]]:
    """A board's cells as a ``given`` grid for :func:`tests.naive_count.solutions`."""
    return [[{EMPTY_CELL: 0, FILLED_CELL: 1}.get(int(v)) for v in row] for row in cells]


def solutions(rows, columns, cells=None, cap: int | None = None):
    """The pictures that satisfy the clues and agree with the board's marks."""
    given = None if cells is None else given_of(cells)
    return naive.solutions(rows, columns, cap=cap, given=given)


def bit(value01: int) -> int:
    """A picture's 0/1 as a cell bitset."""
    return FILLED_CELL if value01 else EMPTY_CELL


def line_fillings(clue: Sequence[int], line: Sequence[int]) -> list[tuple[int, ...]]:
    """Every arrangement of the clue that agrees with a line of cell bitsets."""
    out = []
    for f in arrangements(clue, len(line)):
        if all(int(v) & bit(x) for v, x in zip(line, f)):
            out.append(f)
    return out


def block_spans(clue: Sequence[int], filling: Sequence[int]) -> list[tuple[int, int]]:
    """Where each block of a filling stands, as ``(start, end)``."""
    spans, i, n = [], 0, len(filling)
    while i < n:
        if filling[i]:
            j = i
            while j < n and filling[j]:
                j += 1
            spans.append((i, j))
            i = j
        else:
            i += 1
    return spans


def certainly_closed(clue: Sequence[int], line: Sequence[int]) -> list[bool] | None:
    """For each clue number: every arrangement puts its block on the same cells, all of them
    marked filled. ``None`` when no arrangement fits."""
    fits = line_fillings(clue, line)
    if not fits:
        return None
    out = []
    for j in range(len(clue)):
        places = {block_spans(clue, f)[j] for f in fits}
        if len(places) != 1:
            out.append(False)
            continue
        (a, b), = places
        out.append(all(int(line[i]) == FILLED_CELL for i in range(a, b)))
    return out
