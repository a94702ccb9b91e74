"""FROZEN: never edit this module. The rules generator version 1 rated and fixed up with.

A graded generator id of version 1 (``gen1:WxH:gG:...`` with G from 1 to 5) names the puzzle
that the technique ladder and the rating of commit 24d5679 picked: the generator rates every
candidate and keeps the first of the grade asked for, and for grades 1 and 2 it flips cells
until line logic cut off at the grade's hardest technique decides every cell. The live ladder
(:mod:`~nonotui.kinds.nonogram.engine.techniques`, :mod:`~nonotui.kinds.nonogram.engine.ladder`)
and the rating (:mod:`~nonotui.kinds.nonogram.rating`) have changed since, and will again; a
``gen1`` id must still open the puzzle it named (DECISIONS.md: "Old gen1 ids keep opening the
puzzles they named; the rules they were rated with may be kept in one frozen module"). So this
module keeps those rules as they were, and :mod:`~nonotui.kinds.nonogram.generate` uses them for
``gen1`` recipes (``gen2`` and later use the live ones). Fixing a bug here, renaming, or tidying
would change which puzzle some ``gen1`` id gives: leave it as it is; a change of rules is a new
generator version with the live modules.

Taken from commit 24d5679 and trimmed to what the gen1 graded path used (behaviour unchanged,
wording and names dropped):

- the line rules, verbatim from ``engine/techniques.py``: simple boxes, simple spaces, forcing
  (without the small gaps added later), glue, joining and splitting, punctuation, mercury, and
  whole-line reasoning (the engine's complete linesolver, ``fcomp``); :func:`_ladder` is that
  module's ``line_techniques``: the rules easiest first to a fixpoint, starting again from the
  easiest after every change, the step named by the hardest rule that decided a cell;
- :func:`undecided_upto`, from ``pictures.py``: the generator's fix-up towards grades 1 and 2,
  line logic taking a line's whole deduction only when the ladder cut off at a technique reaches
  it, lines in a fixed queue order;
- :func:`grade`, the grade of ``rating.py``'s ``rate``: the easiest line step from the top left
  (``engine/ladder.py``'s ``line_steps`` with its memo and ``rating.easiest_from_top_left``'s
  order: technique rank, the decided cell nearest the top left, rows before columns), a line
  step applying the line's whole deduction; else the contradiction probe with the fewest line
  solves nearest the top left (``engine/hints.py``'s ``shortest_probe``) and the number of lines
  its chain rests on (``_probe_chain``); grade 0 when the walk stalls or a line breaks (the
  rating's search after a stall only named the reason; the grade was 0 whatever it said).

The engine's kernels are used through :mod:`~nonotui.kinds.nonogram.engine.calls` as they are
(the complete linesolver, the probes and their chains): they are the engine's, checked by its
own tests, and did not change. Importing this module loads neither numba nor the engine.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections import deque
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from nonotui.model.cells import CELL_DTYPE, CLUE_DTYPE, EMPTY, FILLED, UNKNOWN

if TYPE_CHECKING:
    from nonotui.kinds.nonogram.engine.packed import Prepared
    from nonotui.kinds.nonogram.puzzle import Puzzle

Clue = tuple[int, ...]
Rule = Callable[[Clue, list[int]], list[int]]
Picture = list[list[int]]
Cell = tuple[int, int]
Memo = dict[tuple[str, tuple[int, ...], tuple[int, ...]], tuple[int, ...] | None]
""":func:`undecided_upto`'s memo, as :data:`nonotui.kinds.nonogram.pictures.Memo`."""

UPTO = {1: "Simple spaces", 2: "Mercury"}
"""The hardest technique of the gen1 fix-up towards grades 1 and 2."""

MEMO_ENTRIES = 400_000
""":func:`undecided_upto`'s memo is cleared when it grows past this many lines."""
STEP_MEMO_ENTRIES = 200_000
""":func:`grade`'s memo of line steps is cleared when it grows past this many lines."""
SHORT_CHAIN = 4
"""The most distinct lines the chain of a grade-4 contradiction rests on (longer: grade 5)."""


class _Broken(Exception):  # noqa: N818 - a signal, as the engine's Contradiction
    """A line admits no arrangement of its clue."""


# ----------------------------------------------------------------------------------------------
# The rules (engine/techniques.py at 24d5679)
# ----------------------------------------------------------------------------------------------

_EMPTY_BYTE = bytes([EMPTY])
_FILLED_RUNS = re.compile(re.escape(bytes([FILLED])) + b"+")


def _bytes(cells: Sequence[int]) -> bytes:
    """The line as bytes, one per cell (cell values are small bitsets)."""
    return bytes(cells)


def left_starts(clue: Sequence[int], cells: Sequence[int], crosses: bool) -> list[int]:
    """The leftmost start of every block, honouring the edges, the order and, if ``crosses``, the
    empty cells (a block never covers one). Filled cells are ignored, so this is a relaxation:
    every arrangement's starts are at or right of these."""
    n = len(cells)
    line = _bytes(cells) if crosses else b""
    starts: list[int] = []
    pos = 0
    for length in clue:
        start = pos
        if crosses:
            while start + length <= n:
                blocked = line.rfind(_EMPTY_BYTE, start, start + length)
                if blocked < 0:
                    break
                start = blocked + 1
        if start + length > n:
            raise _Broken("the clue's blocks do not fit in the line")
        starts.append(start)
        pos = start + length + 1
    return starts


@lru_cache(maxsize=4096)
def _reaches_of(clue: Clue, cells: tuple[int, ...], crosses: bool
                ) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...], tuple[int, ...]]:
    n, k = len(cells), len(clue)
    left = left_starts(clue, cells, crosses)
    mirrored = left_starts(clue[::-1], cells[::-1], crosses)
    right = [n - mirrored[k - 1 - i] - clue[i] for i in range(k)]
    if any(lo > hi for lo, hi in zip(left, right)):
        raise _Broken("a block has no place in the line")
    return (tuple(zip(left, right)), tuple(left),
            tuple(hi + length - 1 for hi, length in zip(right, clue)))


def block_reaches(clue: Clue, cells: Sequence[int], crosses: bool) -> Sequence[tuple[int, int]]:
    """Each block's ``(leftmost start, rightmost start)`` under :func:`left_starts`' relaxation."""
    return _reaches_of(clue, tuple(cells), crosses)[0]


class _Blocks:
    """The blocks' reaches on one line state, and which blocks can cover a cell.

    Both ends of the reaches grow block by block (the leftmost starts, and the last cells of the
    rightmost placements), so the blocks whose reach holds a cell are consecutive, found by
    bisection."""

    def __init__(self, clue: Clue, cells: Sequence[int], crosses: bool) -> None:
        self.reach, self.los, self.ends = _reaches_of(clue, tuple(cells), crosses)

    def owners(self, cell: int) -> range:
        """The blocks whose reach contains ``cell`` (empty when none does)."""
        return range(bisect_left(self.ends, cell), bisect_right(self.los, cell))


def _set(cells: list[int], index: int, value: int) -> None:
    """Decide one cell, or raise when the line already holds the other value."""
    if cells[index] & value == 0:
        raise _Broken(f"cell {index + 1} cannot be both filled and empty")
    cells[index] = value


def filled_runs(cells: Sequence[int]) -> list[tuple[int, int]]:
    """The maximal runs of filled cells, as ``(first, last)`` indices."""
    return [(m.start(), m.end() - 1) for m in _FILLED_RUNS.finditer(_bytes(cells))]


def _empty_out_of_reach(clue: Clue, cells: list[int], windows: Sequence[tuple[int, int]]) -> None:
    """Empty every cell outside every block's window ``(first, last)``."""
    n = len(cells)
    pos = 0
    for first, last in sorted(windows):
        for c in range(pos, min(first, n)):
            _set(cells, c, EMPTY)
        pos = max(pos, last + 1)
    for c in range(pos, n):
        _set(cells, c, EMPTY)


def _fill_overlaps(clue: Clue, cells: list[int], reach: Sequence[tuple[int, int]]) -> None:
    for length, (lo, hi) in zip(clue, reach):
        for c in range(hi, lo + length):
            _set(cells, c, FILLED)


# ----------------------------------------------------------------------------------------------
# The rules
# ----------------------------------------------------------------------------------------------


def simple_boxes(clue: Clue, cells: list[int]) -> list[int]:
    """Fill where a block's leftmost and rightmost placements (by the edges alone) overlap."""
    out = list(cells)
    _fill_overlaps(clue, out, block_reaches(clue, out, crosses=False))
    return out


def simple_spaces(clue: Clue, cells: list[int]) -> list[int]:
    """Empty the cells no block can reach (by the edges, and the filled cells only one block can
    reach, which keep that block within its length of them)."""
    out = list(cells)
    blocks = _Blocks(clue, out, crosses=False)
    los, ends, k = blocks.los, blocks.ends, len(clue)
    windows = [(lo, end) for lo, end in zip(los, ends)]
    i = j = 0  # the blocks covering cell c are i to j - 1; both only grow with c
    for c in [c for c, value in enumerate(cells) if value == FILLED]:
        while i < k and ends[i] < c:
            i += 1
        while j < k and los[j] <= c:
            j += 1
        if i >= j:
            raise _Broken(f"no block can cover the filled cell {c + 1}")
        if j - i == 1:
            lo, hi = windows[i]
            windows[i] = (max(lo, c - clue[i] + 1), min(hi, c + clue[i] - 1))
    _empty_out_of_reach(clue, out, windows)
    return out


def forcing(clue: Clue, cells: list[int]) -> list[int]:
    """Placements that avoid crosses: fill each block's overlap, empty the cells out of reach."""
    out = list(cells)
    blocks = _Blocks(clue, out, crosses=True)
    _fill_overlaps(clue, out, blocks.reach)
    _empty_out_of_reach(clue, out, list(zip(blocks.los, blocks.ends)))
    return out


def glue(clue: Clue, cells: list[int]) -> list[int]:
    """A filled cell ``p`` that only blocks of ``m`` or more cells can cover, with a wall (the
    edge or a cross) ``w`` before it closer than ``m``: cells ``p`` to ``w + m`` are filled (and
    mirrored for a wall after it)."""
    out = list(cells)
    blocks = _Blocks(clue, cells, crosses=True)
    los, ends, k = blocks.los, blocks.ends, len(clue)
    n = len(cells)
    line = _bytes(cells)
    i = j = 0  # the blocks covering cell p are i to j - 1; both only grow with p
    # the cells of a run share their walls, and the run's own cells are filled already: a run
    # fills as far as the cell of it that reaches farthest from each wall
    for a, b in filled_runs(cells):
        before = line.rfind(_EMPTY_BYTE, 0, a)  # -1: the edge
        after = line.find(_EMPTY_BYTE, b + 1)
        after = n if after < 0 else after
        most = 0
        span = (-1, -1)
        for p in range(a, b + 1):
            while i < k and ends[i] < p:
                i += 1
            while j < k and los[j] <= p:
                j += 1
            if i >= j:
                raise _Broken(f"no block can cover the filled cell {p + 1}")
            if (i, j) != span:
                span = (i, j)
                most = max(most, min(clue[i:j]))
        for c in range(b + 1, min(before + most, n - 1) + 1):
            _set(out, c, FILLED)
        for c in range(max(after - most, 0), a):
            _set(out, c, FILLED)
    return out


def joining_and_splitting(clue: Clue, cells: list[int]) -> list[int]:
    """Join two filled cells (no cross between) when no block that can cover the first comes
    before one that can cover the second, so one block covers both; split, with
    a cross, two runs that one unknown cell would join into a run longer than any block that can
    reach that cell."""
    out = list(cells)
    runs = filled_runs(cells)
    if len(runs) < 2:
        return out
    blocks = _Blocks(clue, cells, crosses=True)
    line = _bytes(cells)
    # two filled cells with only unknown cells between: the ends of consecutive runs
    for (_, p), (q, _) in zip(runs, runs[1:]):
        if line.find(_EMPTY_BYTE, p + 1, q) >= 0:
            continue  # a cross between them
        after, before = blocks.owners(p), blocks.owners(q)
        # some block covering p comes before one covering q, unless none does
        if not after or not before or not after[0] < before[-1]:
            for c in range(p + 1, q):
                _set(out, c, FILLED)
    for (first, end), (start, last) in zip(runs, runs[1:]):
        if start != end + 2 or cells[end + 1] != UNKNOWN:
            continue
        c = end + 1
        owners = blocks.owners(c)
        longest = max(clue[owners.start:owners.stop], default=0)
        if last - first + 1 > longest:
            _set(out, c, EMPTY)
    return out


def punctuation(clue: Clue, cells: list[int]) -> list[int]:
    """A run of filled cells as long as the longest block that can cover it is finished: the
    cells on either side are empty."""
    out = list(cells)
    blocks = _Blocks(clue, cells, crosses=True)
    reach = blocks.reach
    for first, last in filled_runs(cells):
        size = last - first + 1
        lengths = [
            clue[i]
            for i in blocks.owners(first)
            if clue[i] >= size and reach[i][1] + clue[i] > last
        ]
        if not lengths:
            raise _Broken(f"no block can cover the run at cell {first + 1}")
        if max(lengths) == size:
            if first > 0:
                _set(out, first - 1, EMPTY)
            if last < len(cells) - 1:
                _set(out, last + 1, EMPTY)
    return out


def _mercury_left(clue: Clue, cells: Sequence[int], out: list[int]) -> None:
    if not clue:
        return
    if FILLED not in cells:
        return
    first = list(cells).index(FILLED)
    last = first
    while last + 1 < len(cells) and cells[last + 1] == FILLED:
        last += 1
    # the first block's leftmost start avoiding crosses
    length, start, c = clue[0], 0, 0
    while c < start + length:
        if c >= len(cells):
            raise _Broken("the clue's blocks do not fit in the line")
        if cells[c] == EMPTY:
            start = c + 1
        c += 1
    if start + clue[0] <= first - 1:
        return  # the first block fits before the first filled cell
    for c in range(last - clue[0] + 1):
        _set(out, c, EMPTY)


def mercury(clue: Clue, cells: list[int]) -> list[int]:
    """The first block cannot fit (avoiding crosses) before the first filled cell, so it covers
    that cell's run and every cell more than its length before the run's end is empty; the same
    for the last block from the right."""
    out = list(cells)
    _mercury_left(clue, cells, out)
    mirrored = out[::-1]
    _mercury_left(clue[::-1], cells[::-1], mirrored)
    return mirrored[::-1]



@lru_cache(maxsize=1024)
def _kernel_clue(clue: Clue) -> tuple[np.ndarray, np.ndarray]:
    """The complete linesolver's clue and colours for a clue (kept: a walk asks for the same
    lines again and again; read only, so threads may share them)."""
    blocks = np.array(clue, dtype=CLUE_DTYPE)
    return blocks, np.ones_like(blocks)


def whole_line(clue: Clue, cells: list[int]) -> list[int]:
    """Everything the line's clue and cells imply (the engine's complete linesolver)."""
    import nonotui.kinds.nonogram.engine.calls as calls

    blocks, colors = _kernel_clue(clue)
    iwork = np.empty(calls.work_size(len(cells), len(clue)), dtype=np.int32)  # scratch
    line = np.array(cells, dtype=CELL_DTYPE)
    out = np.empty_like(line)
    status = calls.solve_line(calls.FCOMP, blocks, colors, line, out, iwork)
    if status == calls.CONTRADICTION:
        raise _Broken("no arrangement of the clue fits the line (fcomp)")
    if status == calls.REFUSED:
        raise ValueError("fcomp refused its arguments")  # a bug in the caller
    return [int(v) for v in out.tolist()]


RULES: tuple[tuple[str, int, Rule], ...] = (
    ("Simple boxes", 1, simple_boxes),
    ("Simple spaces", 1, simple_spaces),
    ("Forcing", 2, forcing),
    ("Glue", 2, glue),
    ("Joining and splitting", 2, joining_and_splitting),
    ("Punctuation", 2, punctuation),
    ("Mercury", 2, mercury),
    ("Whole-line reasoning", 3, whole_line),
)
"""The ladder of 24d5679, easiest first: each rule's name, grade and rule; a rule's rank is its
place here."""
_RANK = {name: rank for rank, (name, _, _) in enumerate(RULES)}
_WHOLE = len(RULES) - 1


def _ladder(clue: Clue, line: list[int], upto: int = _WHOLE) -> tuple[int | None, list[int]]:
    """The rules of ranks 0 to ``upto``, easiest first, to a fixpoint on one line, starting again
    from the easiest after every rule that decided something (``line_techniques``): the rank of
    the hardest rule that decided a cell (``None``: none did) and the line after them.

    Raises:
        _Broken: the line admits no arrangement of the clue (found by some rule).
    """
    # every rule is sound, so the ladder stops once the line is what the complete linesolver
    # gives, without a last pass of every rule
    try:
        target: list[int] | None = whole_line(clue, line)
    except _Broken:
        target = None  # some rule will say so (or, below whole-line reasoning, maybe none)
    hardest: int | None = None
    rung = 0
    while rung <= upto and line != target:
        new = RULES[rung][2](clue, line)
        if new == line:
            rung += 1
            continue
        # a cell is decided once (unknown to a value), so the rules that decided cells are the
        # rules that changed the line
        hardest = rung if hardest is None else max(hardest, rung)
        line = new
        rung = 0
    return hardest, line


# ----------------------------------------------------------------------------------------------
# The fix-up towards grades 1 and 2 (pictures.py at 24d5679)
# ----------------------------------------------------------------------------------------------


def _runs(line: Sequence[int]) -> tuple[int, ...]:
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
    """The cells left undecided for ``picture``'s clues when a line is only ever worked as a
    whole step (every cell its clue and cells imply) whose hardest technique is ``upto`` or
    easier; row-major. Lines are taken from a queue, rows first, and a line whose cells changed
    is queued again."""
    cut_at = _RANK[upto]
    if memo is None:
        memo = {}
    elif len(memo) > MEMO_ENTRIES:
        memo.clear()
    height, width = len(picture), len(picture[0])
    rows = [_runs(row) for row in picture]
    columns = [_runs([picture[r][c] for r in range(height)]) for c in range(width)]
    grid = [[UNKNOWN] * width for _ in range(height)]
    transposed = [[UNKNOWN] * height for _ in range(width)]  # the same cells, by column
    queue = deque(range(height + width))
    queued = [True] * (height + width)
    while queue:
        line = queue.popleft()
        queued[line] = False
        if line < height:
            clue, cells = rows[line], tuple(grid[line])
        else:
            clue, cells = columns[line - height], tuple(transposed[line - height])
        key = (upto, clue, cells)
        known = memo.get(key)
        if key not in memo:
            # the ladder cut off at ``upto`` runs the same rules in the same order as the whole
            # ladder until it would need a harder one: the step is easy enough exactly when the
            # cut ladder reaches what the complete linesolver finds
            cut = tuple(_ladder(clue, list(cells), cut_at)[1])
            full = tuple(whole_line(clue, list(cells)))
            known = cut if cut != cells and cut == full else None
            memo[key] = known
        if known is None:
            continue  # nothing to deduce, or a step too hard for now
        for i, (old, new) in enumerate(zip(cells, known)):
            if old == new:
                continue
            if line < height:
                grid[line][i] = transposed[i][line] = new
                other = height + i
            else:
                grid[i][line - height] = transposed[line - height][i] = new
                other = i
            if not queued[other]:
                queued[other] = True
                queue.append(other)
    return [(r, c) for r in range(height) for c in range(width) if grid[r][c] == UNKNOWN]


# ----------------------------------------------------------------------------------------------
# The grade (rating.py, engine/ladder.py and engine/hints.py at 24d5679)
# ----------------------------------------------------------------------------------------------

_Step = tuple[int, int, tuple[tuple[int, int], ...]]
"""A line's whole deduction: the rank of its hardest rule, its first decided position, and
every decided ``(position, value)`` in line order."""


def _deduce(clue: Clue, cells: list[int]) -> _Step | None:
    """The line's whole deduction, ``None`` when the complete linesolver finds nothing new.

    Raises:
        _Broken: no arrangement of the clue fits the line.
    """
    hardest, result = _ladder(clue, cells)
    if hardest is None:
        return None
    changed = tuple((p, v) for p, (old, v) in enumerate(zip(cells, result)) if old != v)
    return hardest, changed[0][0], changed


def _line_step(puzzle: Puzzle, cells: np.ndarray,
               memo: dict[tuple[int, bytes], _Step | None]
               ) -> tuple[int, tuple[tuple[int, int, int], ...]] | None:
    """The easiest line step from the top left: the lowest rank, then the decided cell nearest
    the top left (distance, row, column), then the line (rows first); its rank and cells
    ``(row, column, value)``, ``None`` when no line alone decides another cell.

    Raises:
        _Broken: some line admits no arrangement of its clue.
    """
    if len(memo) > STEP_MEMO_ENTRIES:
        memo.clear()
    h = puzzle.height
    best: tuple[tuple[int, tuple[int, int, int], int], int, int, _Step] | None = None
    for number in range(h + puzzle.width):
        line = cells[number, :] if number < h else cells[:, number - h]
        key = (number, line.tobytes())
        if key in memo:
            step = memo[key]
        else:
            clue = tuple(int(n) for n in (puzzle.rows[number] if number < h
                                          else puzzle.columns[number - h]))
            step = memo[key] = _deduce(clue, [int(v) for v in line.tolist()])
        if step is None:
            continue
        rank, first, _ = step
        if best is not None and rank > best[0][0]:
            continue
        r, c = (number, first) if number < h else (first, number - h)
        order = (rank, (r + c, r, c), number)
        if best is None or order < best[0]:
            best = (order, number, rank, step)
    if best is None:
        return None
    _, number, rank, (_, _, changed) = best
    if number < h:
        return rank, tuple((number, p, v) for p, v in changed)
    return rank, tuple((p, number - h, v) for p, v in changed)


def _contradiction_step(prep: Prepared, cells: np.ndarray) -> tuple[int, int, int, int] | None:
    """The probe with the fewest line solves, nearest the top left (distance, row, column), the
    empty value before the filled one: ``(row, column, value, chain)``, the cell's deduced value
    and the number of distinct lines its chain rests on (the lines whose solves it needed and the
    line that broke); ``None`` when no probe breaks a line."""
    import nonotui.kinds.nonogram.engine.calls as calls

    h, w = prep.h, prep.w
    flat = cells.reshape(-1).copy()
    sizes = np.zeros((h * w, 2), dtype=np.int64)
    calls.probe_all(prep, flat, sizes)
    hits = sizes[sizes > 0]
    if hits.size == 0:
        return None
    shortest = int(hits.min())
    candidates = []
    for idx, v in zip(*np.nonzero(sizes == shortest)):
        r, c = divmod(int(idx), w)
        candidates.append(((r + c, r, c), int(idx), int(v)))
    _, idx, v = min(candidates)
    assumed = FILLED if v == 1 else EMPTY
    setter = np.empty(h * w, dtype=np.int64)
    step_of = np.empty(h * w, dtype=np.int64)
    need = np.empty(h * w, dtype=np.uint8)
    _, broken, _ = calls.probe_chain(prep, flat.copy(), cell=idx, value=assumed,
                                     max_steps=h * w + h + w, setter=setter, step_of=step_of,
                                     need=need)
    solves: dict[int, int] = {}  # step -> the line that solved
    for cell in np.flatnonzero(need):
        if setter[cell] >= 0:
            solves.setdefault(int(step_of[cell]), int(setter[cell]))
    r, c = divmod(idx, w)
    return r, c, EMPTY if assumed == FILLED else FILLED, len(set(solves.values()) | {broken})


def _solves(puzzle: Puzzle, cells: np.ndarray) -> bool:
    """Whether the decided cells give every row and column its clue."""
    filled = (cells == FILLED).astype(np.int64).tolist()
    return (all(_runs(row) == tuple(puzzle.rows[r]) for r, row in enumerate(filled))
            and all(_runs(column) == tuple(puzzle.columns[c])
                    for c, column in enumerate(zip(*filled))))


def grade(puzzle: Puzzle, should_stop: Callable[[], bool] | None = None) -> int:
    """The grade ``rate`` gave a black-and-white ``puzzle`` at 24d5679: the hardest line rule's
    grade (1 to 3) on the path of a player who always takes the easiest step; 4 when
    contradictions were needed and each chain rested on at most :data:`SHORT_CHAIN` lines, 5 for
    longer chains; 0 when the walk stalled (guessing, several solutions) or the clues broke.

    Raises:
        Cancelled: ``should_stop`` returned true (polled before every step).
    """
    from nonotui.kinds.nonogram.engine.packed import prepare
    from nonotui.model.vocab import Cancelled

    prep = prepare(puzzle)
    cells = np.full((puzzle.height, puzzle.width), UNKNOWN, dtype=CELL_DTYPE)
    memo: dict[tuple[int, bytes], _Step | None] = {}
    hardest = 1
    longest = 0  # the longest contradiction chain, 0 while there was none
    while np.any(cells == UNKNOWN):
        if should_stop is not None and should_stop():
            raise Cancelled
        try:
            step = _line_step(puzzle, cells, memo)
        except _Broken:
            return 0
        if step is not None:
            rank, decided = step
            hardest = max(hardest, RULES[rank][1])
            for r, c, v in decided:
                cells[r, c] = v
            continue
        probe = _contradiction_step(prep, cells)
        if probe is None:
            return 0
        r, c, v, chain = probe
        cells[r, c] = v
        longest = max(longest, chain)
    if not _solves(puzzle, cells):
        return 0
    if longest:
        return 4 if longest <= SHORT_CHAIN else 5
    return hardest


__all__ = ["UPTO", "grade", "undecided_upto"]
