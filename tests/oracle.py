"""Slow, obviously correct linesolving, for checking the engine's kernels against.

Nothing here shares logic with ``nonotui.kinds.nonogram.engine``: lines are plain strings of ``#``,
``-`` and ``?``, clues plain tuples, and every answer is a literal reading of the definition "a
value is possible in a cell when some filling of the line with the clue's blocks agrees with the
known cells and has that value there".

- :func:`brute_force` tries every filling of the unknown cells (short lines only);
- :func:`reference` follows the same definition with memoised recursion over (cell, block), so
  it copes with lines of length 80; it is checked against :func:`brute_force` in the tests;
- :func:`exhaustive_table` computes the answer for every line state of one length at once, from
  the ``2**n`` fillings of that length, for the exhaustive test.
"""

from __future__ import annotations

import itertools
from functools import cache

import numpy as np

DOT, SOLID, UNKNOWN = "-", "#", "?"

# the engine's cell bits, spelled out again so that nothing is imported from it
CELL_EMPTY, CELL_FILLED = 1, 2


def clue_of(filled: tuple[bool, ...] | list[bool]) -> tuple[int, ...]:
    """The clue of a fully known line: the lengths of its runs of filled cells."""
    runs = []
    count = 0
    for cell in filled:
        if cell:
            count += 1
        elif count:
            runs.append(count)
            count = 0
    if count:
        runs.append(count)
    return tuple(runs)


def merge(clue: tuple[int, ...], line: str, fillings) -> str | None:
    """Merge the fillings (sequences of booleans) that have ``clue`` and agree with ``line``."""
    can_fill = [False] * len(line)
    can_empty = [False] * len(line)
    any_fits = False
    for filling in fillings:
        if clue_of(filling) != clue:
            continue
        if any((ch == SOLID and not f) or (ch == DOT and f) for ch, f in zip(line, filling)):
            continue
        any_fits = True
        for i, f in enumerate(filling):
            if f:
                can_fill[i] = True
            else:
                can_empty[i] = True
    if not any_fits:
        return None
    return "".join(
        UNKNOWN if f and e else SOLID if f else DOT for f, e in zip(can_fill, can_empty)
    )


def brute_force(clue: tuple[int, ...], line: str) -> str | None:
    """Every filling of the unknown cells, kept when it has the clue; ``None`` if none does.

    Exponential in the number of unknown cells: meant for lines of up to about 16 of them.
    """
    unknown = [i for i, ch in enumerate(line) if ch == UNKNOWN]

    def fillings():
        for values in itertools.product((False, True), repeat=len(unknown)):
            filling = [ch == SOLID for ch in line]
            for i, v in zip(unknown, values):
                filling[i] = v
            yield filling

    return merge(tuple(clue), line, fillings())


DOT_BIT, SOLID_BIT = 1, 2
"""A cell's possible values in :func:`reference`, as bits."""


def reference(clue: tuple[int, ...], line: str) -> str | None:
    """The possible values of every cell, or ``None`` when no filling fits; any length.

    ``rest(i, j)`` answers for the cells from ``i`` on, with blocks ``j`` and later still to
    place and cell ``i`` free to start one: either cell ``i`` is empty and the rest starts at
    ``i + 1``, or block ``j`` starts at ``i`` and is followed by an empty cell (unless it ends
    the line). Its answer is the tuple of possible-value sets for cells ``i..``, or ``None``;
    a set is written as bits (1 ``DOT``, 2 ``SOLID``), so that joining two options is an or.
    """
    clue = tuple(clue)
    n = len(line)

    def may_be(i: int, filled: bool) -> bool:
        return line[i] == UNKNOWN or line[i] == (SOLID if filled else DOT)

    @cache
    def rest(i: int, j: int):
        if i == n:
            return () if j == len(clue) else None
        options = []
        if may_be(i, False):
            after = rest(i + 1, j)
            if after is not None:
                options.append((DOT_BIT,) + after)
        if j < len(clue):
            end = i + clue[j]
            if end <= n and all(may_be(c, True) for c in range(i, end)):
                head = (SOLID_BIT,) * clue[j]
                if end == n:
                    if j + 1 == len(clue):
                        options.append(head)
                elif may_be(end, False):
                    after = rest(end + 1, j + 1)
                    if after is not None:
                        options.append(head + (DOT_BIT,) + after)
        if not options:
            return None
        if len(options) == 1:
            return options[0]
        first, second = options
        return tuple(a | b for a, b in zip(first, second))

    result = rest(0, 0)
    if result is None:
        return None
    text = {DOT_BIT: DOT, SOLID_BIT: SOLID, DOT_BIT | SOLID_BIT: UNKNOWN}
    return "".join(text[s] for s in result)


def count_arrangements(clue: tuple[int, ...], line: str) -> int:
    """How many fillings of the line have the clue: the work an enumerating solver faces."""
    clue = tuple(clue)
    n = len(line)

    @cache
    def rest(i: int, j: int) -> int:
        if i == n:
            return int(j == len(clue))
        total = rest(i + 1, j) if line[i] != SOLID else 0
        if j < len(clue):
            end = i + clue[j]
            if end <= n and DOT not in line[i:end]:
                if end == n:
                    total += int(j + 1 == len(clue))
                elif line[end] != SOLID:
                    total += rest(end + 1, j + 1)
        return total

    return rest(0, 0)


def exhaustive_table(n: int) -> tuple[np.ndarray, list[tuple[tuple[int, ...], np.ndarray]]]:
    """Every state of a line of ``n`` cells, and for every clue that fits the expected answers.

    Returns ``(states, rows)``: ``states`` is a ``(3**n, n)`` array of cell codes (1 empty,
    2 filled, 3 unknown), and each row is ``(clue, expected)`` where ``expected[s]`` is the
    answer for state ``s`` in the same codes, all zeros when no filling fits. Computed from the
    ``2**n`` fillings of the length, grouped by clue: a state's answer ORs together the values
    of the fillings of the clue that agree with its known cells.
    """
    fillings = np.arange(1 << n, dtype=np.int64)  # bit i set: cell i filled
    by_clue: dict[tuple[int, ...], list[int]] = {}
    for f in range(1 << n):
        by_clue.setdefault(clue_of([(f >> i) & 1 == 1 for i in range(n)]), []).append(f)

    values = (CELL_EMPTY, CELL_FILLED, 3)
    codes = np.array(list(itertools.product(values, repeat=n)), dtype=np.uint32).reshape(-1, n)
    weights = np.int64(1) << np.arange(n, dtype=np.int64)
    known = ((codes != 3) * weights).sum(axis=1)
    filled = ((codes == CELL_FILLED) * weights).sum(axis=1)
    full = (1 << n) - 1

    rows = []
    for clue, members in sorted(by_clue.items()):
        f = fillings[members]
        agree = (f[None, :] & known[:, None]) == filled[:, None]
        can_fill = np.bitwise_or.reduce(np.where(agree, f[None, :], 0), axis=1)
        can_empty = np.bitwise_or.reduce(np.where(agree, full & ~f[None, :], 0), axis=1)
        expected = (((can_empty[:, None] >> np.arange(n)) & 1) * CELL_EMPTY) | (
            ((can_fill[:, None] >> np.arange(n)) & 1) * CELL_FILLED
        )
        rows.append((clue, expected.astype(np.uint32)))
    return codes, rows
