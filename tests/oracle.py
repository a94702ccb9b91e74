"""The line oracle: slow, obviously correct answers about one line, for the engine's tests.

Nothing here shares logic with ``nonotui.kinds.nonogram.engine``. Every answer is a literal
reading of the definition "a value is possible in a cell when some arrangement of the clue's
blocks agrees with the line's known cells and gives the cell that value".

A clue is its block lengths, with ``colors`` the colour of every block (``None``: black and white,
every block colour 1). Blocks of one colour need an empty cell between them; blocks of different
colours may touch. Cells are bitsets of the values a cell may still take, as DESIGN.md fixes them
(bit 0 empty, bit ``c`` colour ``c``: in black and white 1 empty, 2 filled, 3 unknown), or, in
the text notation, ``-``, ``#`` and ``?``. An arrangement is a tuple of colour indices (``0``
empty; in black and white ``1`` filled).

- :func:`arrangements` lists every arrangement of a clue on ``n`` cells: the one enumerator of
  line arrangements in the tests; :func:`runs` and :func:`color_runs` read a line's clue back;
- :func:`solve` (and :func:`reference`, the same in text) gives every cell's possible values by
  memoised recursion over (cell, block), so it copes with lines of any length;
  :func:`count_arrangements` counts the arrangements that agree with a line by the same recursion;
- :func:`solve_many` and :func:`exhaustive_table` OR together the listed arrangements that agree
  with many lines at once (numpy), for the tests that try every state of short lines.

``tests/unit/engine/test_oracle.py`` holds :func:`arrangements` to every line of a length grouped
by its runs, and :func:`solve` to the OR of the listed arrangements.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import cache, lru_cache

import numpy as np

DOT, SOLID, UNKNOWN = "-", "#", "?"

# the engine's cell bits, spelled out again so that nothing is imported from it
CELL_EMPTY, CELL_FILLED = 1, 2
CODE = {DOT: CELL_EMPTY, SOLID: CELL_FILLED, UNKNOWN: CELL_EMPTY | CELL_FILLED}
TEXT = {v: k for k, v in CODE.items()}

Clue = tuple[int, ...]


def runs(line: Sequence[int]) -> Clue:
    """The block lengths of a black-and-white line (``0``/``1`` or booleans), read off directly."""
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


def color_runs(line: Sequence[int]) -> tuple[Clue, Clue]:
    """The block lengths and block colours of a line of colour indices, read off directly."""
    blocks: list[int] = []
    colors: list[int] = []
    previous = 0
    for v in line:
        if v and v == previous:
            blocks[-1] += 1
        elif v:
            blocks.append(1)
            colors.append(v)
        previous = v
    return tuple(blocks), tuple(colors)


def _colors(clue: Sequence[int], colors: Sequence[int] | None) -> Clue:
    return (1,) * len(clue) if colors is None else tuple(colors)


def arrangements(
    clue: Sequence[int], n: int, colors: Sequence[int] | None = None
) -> list[tuple[int, ...]]:
    """Every line of ``n`` colour indices whose blocks (and colours) are exactly the clue's.

    Builds each one by choosing how many empty cells precede every block: at least one when the
    block before it has the same colour, none otherwise. So the list is complete and holds no
    duplicates (the self-test lists every line of a length to make sure).
    """
    clue, colors = tuple(clue), _colors(clue, colors)
    if not clue:
        return [(0,) * n]
    out: list[tuple[int, ...]] = []
    count = len(clue)

    def gap(index: int) -> int:
        """The least number of empty cells between block ``index - 1`` and block ``index``."""
        return 1 if colors[index] == colors[index - 1] else 0

    def place(index: int, start: int, prefix: tuple[int, ...]) -> None:
        # the room the blocks after this one need: their lengths and their least gaps
        rest = sum(clue[index + 1 :]) + sum(gap(i) for i in range(index + 1, count))
        for lead in range(start, n - rest - clue[index] + 1):
            line = prefix + (0,) * (lead - len(prefix)) + (colors[index],) * clue[index]
            if index + 1 == count:
                out.append(line + (0,) * (n - len(line)))
            else:
                place(index + 1, lead + clue[index] + gap(index + 1), line)

    place(0, 0, ())
    return out


@lru_cache(maxsize=1 << 16)
def _walk(clue: Clue, colors: Clue, line: tuple[int, ...]) -> tuple[int, tuple[int, ...]] | None:
    """The arrangements of ``clue`` that agree with ``line``: ``(how many, the possible values of
    every cell as bits)``, or ``None`` when there is none.

    ``rest(i, j)`` answers the same for blocks ``j`` and later on cells ``i..``, with cell ``i``
    free to start one: either cell ``i`` is empty and the rest starts at ``i + 1``, or block
    ``j`` starts at ``i`` (followed by an empty cell when block ``j + 1`` has its colour). Joining
    two options sums their counts and ors their values. Answers are remembered, by the recursion
    (for each ``(i, j)``) and by the cache (for each line: tests ask the same lines many times).
    """
    n, k = len(line), len(clue)
    memo: dict[tuple[int, int], tuple[int, tuple[int, ...]] | None] = {}

    def rest(i: int, j: int) -> tuple[int, tuple[int, ...]] | None:
        if (i, j) in memo:
            return memo[i, j]
        if i == n:
            return (1, ()) if j == k else None
        options = []
        if line[i] & 1:
            after = rest(i + 1, j)
            if after is not None:
                options.append((after[0], (1,) + after[1]))
        if j < k:
            end = i + clue[j]
            bit = 1 << colors[j]
            if end <= n and all(line[c] & bit for c in range(i, end)):
                head = (bit,) * clue[j]
                if j + 1 < k and colors[j + 1] == colors[j]:
                    if end < n and line[end] & 1:
                        after = rest(end + 1, j + 1)
                        if after is not None:
                            options.append((after[0], head + (1,) + after[1]))
                else:
                    after = rest(end, j + 1)
                    if after is not None:
                        options.append((after[0], head + after[1]))
        if not options:
            found = None
        elif len(options) == 1:
            found = options[0]
        else:
            (c1, v1), (c2, v2) = options
            found = c1 + c2, tuple(a | b for a, b in zip(v1, v2))
        memo[i, j] = found
        return found

    return rest(0, 0)


def solve(
    clue: Sequence[int], line: Sequence[int], colors: Sequence[int] | None = None
) -> list[int] | None:
    """Every value some agreeing arrangement gives each cell of ``line`` (cell bitsets), or
    ``None`` when no arrangement agrees; any length."""
    found = _walk(tuple(clue), _colors(clue, colors), tuple(map(int, line)))
    return None if found is None else list(found[1])


def reference(clue: Sequence[int], line: str) -> str | None:
    """:func:`solve` for a black-and-white line in the text notation."""
    found = solve(clue, [CODE[ch] for ch in line])
    return None if found is None else "".join(TEXT[v] for v in found)


def count_arrangements(clue: Sequence[int], line: str) -> int:
    """How many arrangements agree with the line (text notation): the work an enumerating
    solver faces."""
    found = _walk(tuple(clue), _colors(clue, None), tuple(CODE[ch] for ch in line))
    return 0 if found is None else found[0]


def clues(n: int, colours: int = 1) -> list[tuple[Clue, Clue]]:
    """Every clue with block colours from 1 to ``colours`` that fits ``n`` cells, the empty
    clue too, as ``(blocks, colors)``."""
    found: list[tuple[Clue, Clue]] = []

    def grow(blocks: Clue, colors: Clue, used: int) -> None:
        found.append((blocks, colors))
        for colour in range(1, colours + 1):
            gap = 1 if colors and colors[-1] == colour else 0
            for length in range(1, n - used - gap + 1):
                grow(blocks + (length,), colors + (colour,), used + gap + length)

    grow((), (), 0)
    return found


@cache
def _arrangement_array(clue: Clue, colors: Clue, n: int) -> np.ndarray:
    """The arrangements as a ``(count, n)`` array of cell bitsets (``1 << colour index``)."""
    rows = arrangements(clue, n, colors)
    return np.uint32(1) << np.array(rows, dtype=np.uint32).reshape(len(rows), n)


def solve_many(
    clue: Sequence[int], lines: np.ndarray, colors: Sequence[int] | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """:func:`solve` on every row of ``lines`` at once, by OR-ing the listed arrangements that
    agree with it: (fits per row, answer per row); rows where nothing fits get zeros."""
    arr = _arrangement_array(tuple(clue), _colors(clue, colors), lines.shape[1])
    fits = np.zeros(lines.shape[0], dtype=bool)
    out = np.zeros_like(lines)
    rows = 1 << 14
    step = max(1, 4_000_000 // (rows * max(1, lines.shape[1])))
    for top in range(0, lines.shape[0], rows):
        part = lines[top : top + rows]
        for lo in range(0, arr.shape[0], step):
            chunk = arr[lo : lo + step]
            ok = ((part[:, None, :] & chunk[None, :, :]) != 0).all(axis=2)
            fits[top : top + rows] |= ok.any(axis=1)
            out[top : top + rows] |= np.bitwise_or.reduce(
                np.where(ok[:, :, None], chunk[None, :, :], np.uint32(0)), axis=1)
    return fits, out & lines


def exhaustive_table(n: int) -> tuple[np.ndarray, list[tuple[Clue, np.ndarray]]]:
    """Every state of a line of ``n`` cells, and for every clue that fits the expected answers.

    Returns ``(states, rows)``: ``states`` is a ``(3**n, n)`` array of cell codes (1 empty,
    2 filled, 3 unknown), and each row is ``(clue, expected)`` where ``expected[s]`` is the
    answer for state ``s`` in the same codes, all zeros when no arrangement fits; clues in sorted
    order. A state's answer ORs together the clue's :func:`arrangements` that agree with its
    known cells, each written as the bit mask of its filled cells (the states as two masks too,
    for speed).
    """
    values = (CELL_EMPTY, CELL_FILLED, 3)
    codes = np.array(list(itertools.product(values, repeat=n)), dtype=np.uint32).reshape(-1, n)
    weights = np.int64(1) << np.arange(n, dtype=np.int64)
    known = ((codes != 3) * weights).sum(axis=1)
    filled = ((codes == CELL_FILLED) * weights).sum(axis=1)
    full = (1 << n) - 1

    rows = []
    for clue, _ in sorted(clues(n)):
        f = np.array([sum(1 << i for i, v in enumerate(a) if v) for a in arrangements(clue, n)],
                     dtype=np.int64)
        agree = (f[None, :] & known[:, None]) == filled[:, None]
        can_fill = np.bitwise_or.reduce(np.where(agree, f[None, :], 0), axis=1)
        can_empty = np.bitwise_or.reduce(np.where(agree, full & ~f[None, :], 0), axis=1)
        expected = (((can_empty[:, None] >> np.arange(n)) & 1) * CELL_EMPTY) | (
            ((can_fill[:, None] >> np.arange(n)) & 1) * CELL_FILLED
        )
        rows.append((clue, expected.astype(np.uint32)))
    return codes, rows
