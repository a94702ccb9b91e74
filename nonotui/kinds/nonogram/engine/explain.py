"""One line at a time: the facts a hint is explained with, and the words it is explained in.

Everything here looks at a single row or column, so plain Python is fast enough; the one piece
that must agree exactly with a kernel (where each block can start at the earliest and latest) is
taken from the kernel itself, so that an explanation never contradicts the deduction it explains.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

import nonotui.kinds.nonogram.engine.calls as calls
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


def possible_starts(clue: Sequence[int], line: Sequence[int] | np.ndarray) -> list[list[int]]:
    """Every start each block has in some arrangement that fits the line, ascending (empty lists
    when no arrangement fits).

    By dynamic programming: ``before[j][p]`` says blocks ``0..j-1`` fit in cells ``0..p-1``
    covering every box there, ``after[j][p]`` that blocks ``j..`` fit in cells ``p..``; block
    ``j`` can start at ``s`` when it covers no cross there, touches no box, and the blocks
    before and after it fit around it.
    """
    n, k = len(line), len(clue)
    cells = [int(v) for v in line]
    crosses = [0] * (n + 1)  # crosses in cells 0..p-1
    for p, v in enumerate(cells):
        crosses[p + 1] = crosses[p] + (v == EMPTY)

    def fits(j: int, s: int) -> bool:
        end = s + clue[j]
        return (0 <= s and end <= n and crosses[end] == crosses[s]
                and (s == 0 or cells[s - 1] != FILLED) and (end == n or cells[end] != FILLED))

    before = [[False] * (n + 1) for _ in range(k + 1)]
    before[0][0] = True
    for p in range(1, n + 1):
        before[0][p] = before[0][p - 1] and cells[p - 1] != FILLED
    for j in range(1, k + 1):
        length = clue[j - 1]
        for p in range(1, n + 1):
            ok = before[j][p - 1] and cells[p - 1] != FILLED
            s = p - length
            if not ok and fits(j - 1, s):
                ok = before[j - 1][0] if s == 0 else before[j - 1][s - 1]
            before[j][p] = ok
    after = [[False] * (n + 2) for _ in range(k + 1)]
    after[k][n] = after[k][n + 1] = True
    for p in range(n - 1, -1, -1):
        after[k][p] = after[k][p + 1] and cells[p] != FILLED
    for j in range(k - 1, -1, -1):
        for p in range(n - 1, -1, -1):
            ok = after[j][p + 1] and cells[p] != FILLED
            if not ok and fits(j, p):
                ok = after[j + 1][min(p + clue[j] + 1, n)]
            after[j][p] = ok
    out: list[list[int]] = []
    for j in range(k):
        starts = []
        for s in range(n - clue[j] + 1):
            if not fits(j, s):
                continue
            left = before[j][0] if s == 0 else before[j][s - 1]
            if left and after[j + 1][min(s + clue[j] + 1, n)]:
                starts.append(s)
        out.append(starts)
    if k and any(not starts for starts in out):
        return [[] for _ in range(k)]
    return out


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
