"""A brute-force colour line oracle in plain Python, sharing no logic with the kernels.

It lists every arrangement of a coloured clue on a line of ``n`` cells (blocks in order, one
empty cell at least between two blocks of the same colour, none needed between colours), keeps
those whose every cell value the line allows, and ORs their values cell by cell. Cells are bitsets
as in the kernels: bit 0 empty, bit c colour c.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache

import numpy as np

Clue = tuple[tuple[int, int], ...]
"""A clue: (length, colour) per block, in order."""


def arrangements(clue: Clue, n: int) -> Iterator[tuple[int, ...]]:
    """Every arrangement of ``clue`` on ``n`` cells, as the tuple of cell values."""

    def place(j: int, at: int, cells: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        if j == len(clue):
            yield cells + (1,) * (n - at)
            return
        length, colour = clue[j]
        for start in range(at, n - length + 1):
            placed = cells + (1,) * (start - at) + (1 << colour,) * length
            after = start + length
            if j + 1 < len(clue) and clue[j + 1][1] == colour:
                if after >= n:
                    continue
                yield from place(j + 1, after + 1, placed + (1,))
            else:
                yield from place(j + 1, after, placed)

    yield from place(0, 0, ())


@cache
def arrangement_array(clue: Clue, n: int) -> np.ndarray:
    """The arrangements of ``clue`` on ``n`` cells as a ``(count, n)`` ``uint32`` array."""
    rows = list(arrangements(clue, n))
    return np.array(rows, dtype=np.uint32).reshape(len(rows), n)


def solve(clue: Clue, line: Sequence[int]) -> list[int] | None:
    """Every value some fitting arrangement gives each cell (within ``line``), or None if none
    fits."""
    seen = [0] * len(line)
    found = False
    for cells in arrangements(clue, len(line)):
        if all(v & c for v, c in zip(cells, line)):
            found = True
            seen = [s | v for s, v in zip(seen, cells)]
    return [s & c for s, c in zip(seen, line)] if found else None


def solve_many(clue: Clue, lines: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """:func:`solve` on every row of ``lines`` at once: (fits per row, answer per row).

    Rows where nothing fits get an answer of zeros.
    """
    arr = arrangement_array(clue, lines.shape[1])
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


def clues(n: int, colours: int) -> list[Clue]:
    """Every clue with block colours from 1 to ``colours`` that fits ``n`` cells (the empty clue
    too)."""
    found: list[Clue] = []

    def grow(clue: Clue, used: int) -> None:
        found.append(clue)
        for colour in range(1, colours + 1):
            gap = 1 if clue and clue[-1][1] == colour else 0
            for length in range(1, n - used - gap + 1):
                grow(clue + ((length, colour),), used + gap + length)

    grow((), 0)
    return found
