"""A small, plain-Python nonogram solver used only by tests to prove bundled puzzles unique.

Line logic by dynamic programming (a cell is decided when every arrangement of the line agrees),
propagated over the grid until nothing changes, then a depth-first search with an explicit stack
that stops after two solutions. Obviously correct rather than fast; the engine has its own.

Black and white: cells are ``0`` unknown, ``1`` filled, ``-1`` empty.

Colour (pass ``row_colors`` and ``column_colors``, the colour index of every block, 1 the first
colour): every block has a colour, blocks of the same colour need an empty cell between them and
blocks of different colours may touch. The colour line logic works on cells written as bitsets of
the values a cell may still take (bit 0 empty, bit ``k`` colour ``k``), its own spelling of the
rule, written apart from the engine's; colour solutions are pictures of colour indices (``0``
empty). :func:`pictures` gives colour-index pictures for either kind.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

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


def solve_color_line(clue: Clue, colors: Clue, line: Sequence[int]) -> list[int] | None:
    """Every value each cell can take in some arrangement of a colour ``clue`` that fits ``line``.

    ``colors[j]`` is the colour of block ``j``; cells of ``line`` are bitsets (bit 0 empty, bit
    ``k`` colour ``k``). Returns the refined line, or ``None`` when no arrangement fits.
    """
    n, k = len(line), len(clue)
    # bad[c][i]: how many of cells [0, i) cannot be colour c, to test "all colour c" in O(1)
    bad: dict[int, list[int]] = {}
    for c in set(colors):
        counts = [0]
        for v in line:
            counts.append(counts[-1] + (not v >> c & 1))
        bad[c] = counts

    def fits(j: int, a: int) -> bool:
        """Whether block ``j`` can lie on cells [a, a + its length)."""
        end = a + clue[j]
        return end <= n and bad[colors[j]][end] == bad[colors[j]][a]

    def needs_gap(j: int) -> bool:
        """Whether block ``j + 1`` has block ``j``'s colour, so an empty cell must follow ``j``."""
        return j + 1 < k and colors[j + 1] == colors[j]

    # fwd[i][j]: cells [0, i) hold exactly the first j blocks, and block j may start at cell i
    fwd = [[False] * (k + 1) for _ in range(n + 2)]
    fwd[0][0] = True
    for i in range(n + 1):
        for j in range(k + 1):
            if not fwd[i][j]:
                continue
            if i < n and line[i] & 1:
                fwd[i + 1][j] = True
            if j < k and fits(j, i):
                end = i + clue[j]
                if not needs_gap(j):
                    fwd[end][j + 1] = True
                elif end < n and line[end] & 1:
                    fwd[end + 1][j + 1] = True
    # bwd[i][j]: cells [i, n) can hold exactly the blocks from j on, block j free to start at i
    bwd = [[False] * (k + 1) for _ in range(n + 2)]
    bwd[n][k] = True

    def tail_ok(j: int, i: int) -> bool:
        """Whether block ``j`` on cells from ``i`` leaves a suffix the later blocks fit in."""
        end = i + clue[j]
        if not needs_gap(j):
            return bwd[end][j + 1]
        return end < n and bool(line[end] & 1) and bwd[end + 1][j + 1]

    for i in range(n - 1, -1, -1):
        for j in range(k, -1, -1):
            ok = bool(line[i] & 1) and bwd[i + 1][j]
            if not ok and j < k and fits(j, i):
                ok = tail_ok(j, i)
            bwd[i][j] = ok
    if not fwd[n][k]:
        return None
    possible = [0] * n
    for i in range(n):
        if line[i] & 1 and any(fwd[i][j] and bwd[i + 1][j] for j in range(k + 1)):
            possible[i] |= 1
    cover = {c: [0] * (n + 1) for c in set(colors)}  # difference arrays of each colour's cover
    for i in range(n):
        for j in range(k):
            if fwd[i][j] and fits(j, i) and tail_ok(j, i):
                end = i + clue[j]
                cover[colors[j]][i] += 1
                cover[colors[j]][end] -= 1
                if needs_gap(j):
                    possible[end] |= 1  # the gap between two blocks of one colour
    for c, diff in cover.items():
        running = 0
        for i in range(n):
            running += diff[i]
            if running > 0:
                possible[i] |= 1 << c
    if any(p == 0 for p in possible):
        return None
    return possible


def propagate(rows: Sequence[Clue], columns: Sequence[Clue], grid: list[list[int]]) -> bool:
    """Apply line logic until nothing changes; ``False`` on a contradiction. Edits ``grid``."""
    return _fixpoint(
        grid, len(columns),
        lambda r, line: solve_line(rows[r], line),
        lambda c, line: solve_line(columns[c], line),
    )


LineSolver = Callable[[int, list[int]], list[int] | None]


def _fixpoint(grid: list[list[int]], width: int, row: LineSolver, column: LineSolver) -> bool:
    """Solve rows with ``row`` and columns with ``column`` (each given the line's index and
    cells) until nothing changes; ``False`` on a contradiction. Edits ``grid``."""
    height = len(grid)
    pending = {("r", r) for r in range(height)} | {("c", c) for c in range(width)}
    while pending:
        axis, i = pending.pop()
        if axis == "r":
            new = row(i, grid[i])
            if new is None:
                return False
            for c, v in enumerate(new):
                if v != grid[i][c]:
                    grid[i][c] = v
                    pending.add(("c", c))
        else:
            new = column(i, [grid[r][i] for r in range(height)])
            if new is None:
                return False
            for r, v in enumerate(new):
                if v != grid[r][i]:
                    grid[r][i] = v
                    pending.add(("r", r))
    return True


def solutions(
    rows: Sequence[Clue],
    columns: Sequence[Clue],
    limit: int = 2,
    *,
    row_colors: Sequence[Clue] | None = None,
    column_colors: Sequence[Clue] | None = None,
    start: Sequence[Sequence[int]] | None = None,
) -> list[list[list[int]]]:
    """Up to ``limit`` solutions, found by propagation and depth-first guessing.

    Black and white: grids of ``1`` and ``-1``. With block colours: pictures of colour indices.
    ``start`` (black and white only): a grid of ``1``, ``-1`` and ``0`` (unknown) that every
    solution must agree with; the empty grid when not given.
    """
    colored = _check_colors(rows, columns, row_colors, column_colors)
    if colored is not None:
        if start is not None:
            raise ValueError("start is for black and white puzzles only")
        return _color_solutions(rows, columns, colored[0], colored[1], limit)
    found: list[list[list[int]]] = []
    if start is None:
        stack = [[[0] * len(columns) for _ in rows]]
    else:
        stack = [[[int(v) for v in row] for row in start]]
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


def line_solvable(
    rows: Sequence[Clue],
    columns: Sequence[Clue],
    *,
    row_colors: Sequence[Clue] | None = None,
    column_colors: Sequence[Clue] | None = None,
) -> bool:
    """Whether line logic alone decides every cell."""
    colored = _check_colors(rows, columns, row_colors, column_colors)
    if colored is not None:
        grid = _start_grid(len(rows), len(columns), colored[0], colored[1])
        return _color_propagate(rows, columns, colored[0], colored[1], grid) and all(
            v & (v - 1) == 0 for row in grid for v in row
        )
    grid = [[0] * len(columns) for _ in rows]
    return propagate(rows, columns, grid) and all(v != 0 for row in grid for v in row)


def _color_propagate(
    rows: Sequence[Clue],
    columns: Sequence[Clue],
    row_colors: Sequence[Clue],
    column_colors: Sequence[Clue],
    grid: list[list[int]],
) -> bool:
    """:func:`propagate` for colour: cells are bitsets; ``False`` on a contradiction."""
    return _fixpoint(
        grid, len(columns),
        lambda r, line: solve_color_line(rows[r], row_colors[r], line),
        lambda c, line: solve_color_line(columns[c], column_colors[c], line),
    )


def _start_grid(
    height: int, width: int, row_colors: Sequence[Clue], column_colors: Sequence[Clue]
) -> list[list[int]]:
    n_colors = max([1, *(c for clue in [*row_colors, *column_colors] for c in clue)])
    full = (1 << (n_colors + 1)) - 1
    return [[full] * width for _ in range(height)]


def _color_solutions(
    rows: Sequence[Clue],
    columns: Sequence[Clue],
    row_colors: Sequence[Clue],
    column_colors: Sequence[Clue],
    limit: int,
) -> list[list[list[int]]]:
    found: list[list[list[int]]] = []
    stack = [_start_grid(len(rows), len(columns), row_colors, column_colors)]
    while stack and len(found) < limit:
        grid = stack.pop()
        if not _color_propagate(rows, columns, row_colors, column_colors, grid):
            continue
        open_cell = next(
            ((r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v & (v - 1)),
            None,
        )
        if open_cell is None:
            found.append([[v.bit_length() - 1 for v in row] for row in grid])
            continue
        r, c = open_cell
        v = grid[r][c]
        for value in reversed([b for b in range(v.bit_length()) if v >> b & 1]):
            branch = [row[:] for row in grid]
            branch[r][c] = 1 << value
            stack.append(branch)
    return found


def _check_colors(
    rows: Sequence[Clue],
    columns: Sequence[Clue],
    row_colors: Sequence[Clue] | None,
    column_colors: Sequence[Clue] | None,
) -> tuple[Sequence[Clue], Sequence[Clue]] | None:
    """Both colour lists (all-1 standing in for a missing one), or ``None`` for black and white."""
    if row_colors is None and column_colors is None:
        return None
    rc = row_colors if row_colors is not None else [(1,) * len(c) for c in rows]
    cc = column_colors if column_colors is not None else [(1,) * len(c) for c in columns]
    return rc, cc


def pictures(
    rows: Sequence[Clue],
    columns: Sequence[Clue],
    limit: int = 2,
    *,
    row_colors: Sequence[Clue] | None = None,
    column_colors: Sequence[Clue] | None = None,
) -> list[list[list[int]]]:
    """Up to ``limit`` solutions as pictures of colour indices (``0`` empty), for either kind."""
    colored = _check_colors(rows, columns, row_colors, column_colors)
    if colored is None:
        return [
            [[1 if v == 1 else 0 for v in row] for row in grid]
            for grid in solutions(rows, columns, limit)
        ]
    return _color_solutions(rows, columns, colored[0], colored[1], limit)
