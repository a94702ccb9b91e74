"""A small, plain-Python nonogram solver used only by tests to prove bundled puzzles unique.

Line logic by dynamic programming (a cell is decided when every arrangement of the line agrees),
propagated over the grid until nothing changes, then a depth-first search with an explicit stack
that stops after two solutions. Obviously correct rather than fast; the engine has its own.

Cells are ``0`` unknown, ``1`` filled, ``-1`` empty.
"""

from __future__ import annotations

from collections.abc import Sequence

Clue = Sequence[int]


def solve_line(clue: Clue, line: Sequence[int]) -> list[int] | None:
    """Every cell that all arrangements of ``clue`` consistent with ``line`` agree on.

    Returns the refined line, or ``None`` when no arrangement fits.
    """
    n, k = len(line), len(clue)
    # prefix count of cells known empty, to test "can these cells all be filled" in O(1)
    empties = [0]
    for v in line:
        empties.append(empties[-1] + (v == -1))

    def fillable(a: int, b: int) -> bool:
        return empties[b] - empties[a] == 0

    # fwd[i][j]: cells [0, i) can hold exactly the first j blocks
    fwd = [[False] * (k + 1) for _ in range(n + 2)]
    fwd[0][0] = True
    for i in range(n + 1):
        for j in range(k + 1):
            if not fwd[i][j]:
                continue
            if i < n and line[i] != 1:
                fwd[i + 1][j] = True
            if j < k:
                end = i + clue[j]
                if end <= n and fillable(i, end):
                    if end == n:
                        fwd[n][j + 1] = True
                    elif line[end] != 1:
                        fwd[end + 1][j + 1] = True
    # bwd[i][j]: cells [i, n) can hold exactly the blocks from j on
    bwd = [[False] * (k + 1) for _ in range(n + 2)]
    bwd[n][k] = True
    for i in range(n - 1, -1, -1):
        for j in range(k, -1, -1):
            ok = line[i] != 1 and bwd[i + 1][j]
            if not ok and j < k:
                end = i + clue[j]
                if end <= n and fillable(i, end):
                    if end == n:
                        ok = j + 1 == k
                    elif line[end] != 1:
                        ok = bwd[end + 1][j + 1]
            bwd[i][j] = ok
    if not fwd[n][k]:
        return None
    can_empty = [False] * n
    can_fill = [0] * (n + 1)  # difference array of filled cover
    for i in range(n):
        for j in range(k + 1):
            if fwd[i][j] and line[i] != 1 and bwd[i + 1][j]:
                can_empty[i] = True
                break
    for i in range(n):
        for j in range(k):
            if not fwd[i][j]:
                continue
            end = i + clue[j]
            if end > n or not fillable(i, end):
                continue
            if end == n:
                ok = j + 1 == k
            else:
                ok = line[end] != 1 and bwd[end + 1][j + 1]
            if ok:
                can_fill[i] += 1
                can_fill[end] -= 1
                if end < n:
                    can_empty[end] = True  # the gap closing the block
    out = []
    cover = 0
    for i in range(n):
        cover += can_fill[i]
        filled_ok = cover > 0
        if filled_ok and can_empty[i]:
            out.append(0)
        elif filled_ok:
            out.append(1)
        elif can_empty[i]:
            out.append(-1)
        else:
            return None
    return out


def propagate(rows: Sequence[Clue], columns: Sequence[Clue], grid: list[list[int]]) -> bool:
    """Apply line logic until nothing changes; ``False`` on a contradiction. Edits ``grid``."""
    height, width = len(rows), len(columns)
    pending = {("r", r) for r in range(height)} | {("c", c) for c in range(width)}
    while pending:
        axis, i = pending.pop()
        if axis == "r":
            new = solve_line(rows[i], grid[i])
            if new is None:
                return False
            for c, v in enumerate(new):
                if v != grid[i][c]:
                    grid[i][c] = v
                    pending.add(("c", c))
        else:
            column = [grid[r][i] for r in range(height)]
            new = solve_line(columns[i], column)
            if new is None:
                return False
            for r, v in enumerate(new):
                if v != grid[r][i]:
                    grid[r][i] = v
                    pending.add(("r", r))
    return True


def solutions(rows: Sequence[Clue], columns: Sequence[Clue], limit: int = 2) -> list[list[list[int]]]:
    """Up to ``limit`` solutions, found by propagation and depth-first guessing."""
    found: list[list[list[int]]] = []
    stack = [[[0] * len(columns) for _ in rows]]
    while stack and len(found) < limit:
        grid = stack.pop()
        if not propagate(rows, columns, grid):
            continue
        unknown = next(
            ((r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v == 0), None
        )
        if unknown is None:
            found.append(grid)
            continue
        r, c = unknown
        for value in (-1, 1):
            branch = [row[:] for row in grid]
            branch[r][c] = value
            stack.append(branch)
    return found


def line_solvable(rows: Sequence[Clue], columns: Sequence[Clue]) -> bool:
    """Whether line logic alone decides every cell."""
    grid = [[0] * len(columns) for _ in rows]
    return propagate(rows, columns, grid) and all(v != 0 for row in grid for v in row)
