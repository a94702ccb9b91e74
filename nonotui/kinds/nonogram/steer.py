"""Line logic cut off at a technique of the ladder, for the generator's aim at a grade.

:func:`undecided_upto` propagates a picture's clues over the whole grid with only the line
techniques up to a given one (:func:`~nonotui.kinds.nonogram.engine.techniques.line_techniques`
with ``upto``), the rows and columns taken in a fixed order (a queue, rows first), and returns the
cells it leaves undecided. A picture for which it leaves none can be solved by a player who never
needs a technique past ``upto``: the generator flips undecided cells until there are none, as it
does with complete line logic for a line-solvable puzzle. It is a fix-up tool, not a rating: the
generator still rates every puzzle it keeps with :func:`nonotui.kinds.nonogram.rating.rate`.

The techniques are plain Python; a memo kept by the caller (line clue and contents -> result)
makes the many propagations of one fix-up, which differ in a few lines, cheap.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from nonotui.kinds.nonogram.engine.techniques import line_techniques
from nonotui.model.cells import UNKNOWN

Picture = list[list[int]]
Cell = tuple[int, int]
Memo = dict[tuple[str, tuple[int, ...], tuple[int, ...]], tuple[int, ...]]
"""A line's result by ``(upto, clue, cells)``."""

MEMO_ENTRIES = 400_000
"""The memo is cleared when it grows past this many lines."""


def runs(line: Sequence[int]) -> tuple[int, ...]:
    """The clue of a line of 0 and 1 cells."""
    out: list[int] = []
    length = 0
    for value in line:
        if value:
            length += 1
        elif length:
            out.append(length)
            length = 0
    if length:
        out.append(length)
    return tuple(out)


def undecided_upto(picture: Picture, upto: str, memo: Memo | None = None) -> list[Cell]:
    """The cells that line techniques up to ``upto`` leave undecided for ``picture``'s clues,
    row-major."""
    if memo is None:
        memo = {}
    elif len(memo) > MEMO_ENTRIES:
        memo.clear()
    height, width = len(picture), len(picture[0])
    rows = [runs(row) for row in picture]
    columns = [runs([picture[r][c] for r in range(height)]) for c in range(width)]
    grid = [[UNKNOWN] * width for _ in range(height)]
    queue = deque(range(height + width))
    queued = [True] * (height + width)
    while queue:
        line = queue.popleft()
        queued[line] = False
        if line < height:
            clue, cells = rows[line], tuple(grid[line])
        else:
            clue, cells = columns[line - height], tuple(grid[r][line - height]
                                                        for r in range(height))
        key = (upto, clue, cells)
        result = memo.get(key)
        if result is None:
            result = tuple(int(v) for v in line_techniques(clue, cells, upto=upto).result)
            memo[key] = result
        for i, (old, new) in enumerate(zip(cells, result)):
            if old == new:
                continue
            if line < height:
                grid[line][i] = new
                other = height + i
            else:
                grid[i][line - height] = new
                other = i
            if not queued[other]:
                queued[other] = True
                queue.append(other)
    return [(r, c) for r in range(height) for c in range(width) if grid[r][c] == UNKNOWN]


__all__ = ["Memo", "runs", "undecided_upto"]


def interim_grade(puzzle: object) -> int:
    """INTERIM until rating.rate lands: the grade of the ladder walk (1-3), 4 when it stalls."""
    from nonotui.kinds.nonogram.engine.ladder import Memo as LadderMemo
    from nonotui.kinds.nonogram.engine.ladder import easiest_line_step
    from nonotui.kinds.nonogram.engine.techniques import BY_NAME
    from nonotui.kinds.nonogram.puzzle import Puzzle, unknown_board

    assert isinstance(puzzle, Puzzle)
    board = unknown_board(puzzle)
    memo: LadderMemo = {}
    hardest = 0
    while (step := easiest_line_step(puzzle, board, memo=memo)) is not None:
        for r, c, v in step.cells():
            board.cells[r, c] = v
        hardest = max(hardest, BY_NAME[step.technique].grade)
    return 4 if bool((board.cells == UNKNOWN).any()) else hardest
