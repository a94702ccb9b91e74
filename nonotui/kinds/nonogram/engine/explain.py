"""One line at a time: the facts a hint is explained with, and the words it is explained in.

Everything here looks at a single row or column, so plain Python is fast enough; the one piece
that must agree exactly with a kernel (where each block can start at the earliest and latest) is
taken from the kernel itself, so that an explanation never contradicts the deduction it explains.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from nonotui.kinds.nonogram.engine import calls
from nonotui.kinds.nonogram.puzzle import Axis
from nonotui.model.cells import CLUE_DTYPE, EMPTY, FILLED

_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
             "ninth", "tenth")


def line_name(axis: Axis, index: int) -> str:
    """``"Row 7"`` for ``("row", 6)``: players count from 1."""
    return f"{axis.capitalize()} {index + 1}"


def cross_axis(axis: Axis) -> Axis:
    """The axis that numbers the cells along a line: a row's cells are columns."""
    return "column" if axis == "row" else "row"


def span_text(axis: Axis, positions: Sequence[int]) -> str:
    """Positions along a line in words, from 1: ``column 5``, ``columns 5 and 6``,
    ``columns 5 to 8``, ``columns 1, 3 and 7 to 9``."""
    ps = sorted(set(positions))
    runs: list[tuple[int, int]] = []
    for p in ps:
        if runs and runs[-1][1] == p - 1:
            runs[-1] = (runs[-1][0], p)
        else:
            runs.append((p, p))
    if len(ps) == 1:
        return f"{axis} {ps[0] + 1}"
    if len(ps) == 2:
        return f"{axis}s {ps[0] + 1} and {ps[1] + 1}"
    parts = [f"{a + 1}" if a == b else f"{a + 1} to {b + 1}" for a, b in runs]
    if len(parts) == 1:
        return f"{axis}s {parts[0]}"
    return f"{axis}s {', '.join(parts[:-1])} and {parts[-1]}"


def block_name(clue: Sequence[int], j: int) -> str:
    """``the 3``, or ``the second 3`` when the clue holds several 3s."""
    length = clue[j]
    same = [i for i, n in enumerate(clue) if n == length]
    if len(same) == 1:
        return f"the {length}"
    nth = same.index(j)
    if nth < len(_ORDINALS):
        return f"the {_ORDINALS[nth]} {length}"
    return f"the {length} (block {j + 1})"


def extremes(clue: Sequence[int], line: np.ndarray) -> tuple[list[int], list[int]] | None:
    """Each block's earliest and latest start over every arrangement that fits the line.

    Uses the kernel the ``fast`` linesolver uses, so that the two always agree. ``None`` when no
    arrangement fits.
    """
    blocks = np.array(clue, dtype=CLUE_DTYPE)
    k, n = len(clue), len(line)
    left = np.zeros(k, dtype=np.int32)
    right = np.zeros(k, dtype=np.int32)
    if k == 0:
        return ([], []) if not np.any(line == FILLED) else None
    if not calls.leftmost(blocks, line, left):
        return None
    if not calls.leftmost(blocks, line, right, reverse=True):
        return None
    # the reversed run gives starts of the reversed line, last block first
    latest = [n - int(right[k - 1 - j]) - clue[j] for j in range(k)]
    return [int(x) for x in left], latest


def arrangements(clue: Sequence[int], line: Sequence[int] | np.ndarray) -> int:
    """How many ways the clue's blocks can be placed so that they agree with the line's cells.

    Counted by dynamic programming over (cells used, blocks placed), so a long line with many
    blocks is counted in a blink even when the count is astronomical.
    """
    n, k = len(line), len(clue)
    can_empty = [bool(int(v) & EMPTY) for v in line]
    can_fill = [bool(int(v) & FILLED) for v in line]
    # ways[j][i]: arrangements of blocks j.. in cells i.. (cell i free to start anything)
    ways = [[0] * (n + 2) for _ in range(k + 1)]
    ways[k][n] = ways[k][n + 1] = 1
    for i in range(n - 1, -1, -1):
        ways[k][i] = ways[k][i + 1] if can_empty[i] else 0
    for j in range(k - 1, -1, -1):
        length = clue[j]
        for i in range(n - 1, -1, -1):
            total = ways[j][i + 1] if can_empty[i] else 0
            end = i + length
            if end <= n and all(can_fill[i:end]):
                if end == n:
                    total += 1 if j == k - 1 else 0
                elif can_empty[end]:
                    total += ways[j + 1][end + 1]
            ways[j][i] = total
    return ways[0][0]


def fixed_blocks(clue: Sequence[int], line: np.ndarray) -> list[bool] | None:
    """For each clue number, whether its block is certainly placed and closed by the marks.

    True only when the block stands in the same place in every arrangement that fits the line
    (its earliest start equals its latest) and the player has filled every cell it covers.
    ``None`` when no arrangement fits the line at all.
    """
    ext = extremes(clue, line)
    if ext is None:
        return None
    left, latest = ext
    return [
        left[j] == latest[j] and bool(np.all(line[left[j]:left[j] + clue[j]] == FILLED))
        for j in range(len(clue))
    ]
