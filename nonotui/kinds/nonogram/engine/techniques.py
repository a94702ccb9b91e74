"""Named solving techniques: the rules a player applies to one line, easiest first.

The vocabulary is the one of nonogram guides (the "Solution techniques" of Wikipedia's article
"Nonogram"). Each technique is a *sound* rule on one black-and-white line: given the clue and the
current cells (bitsets, :mod:`nonotui.model.cells`) it returns the cells with some unknown cells
decided, and every value it removes is one that no arrangement of the clue consistent with the
line uses. A technique names a deduction by the rule that made it, never by how the result looks.

The ladder (:data:`TECHNIQUES`, easiest first; a technique's rank is its position):

1. **Simple boxes** (grade 1): every block is placed as far left and as far right as the line's
   length allows; the cells where the two placements of a block overlap are filled.
2. **Simple spaces** (grade 1): the same placements give each block a reach; a filled cell that
   only one block can reach pulls that block's reach to within its length of the cell; cells no
   block can reach are empty.
3. **Forcing** (grade 2): the leftmost and rightmost placements now avoid crosses, so a block
   squeezed between crosses or a cross and the edge overlaps itself (filled), and gaps too small
   or too far for any block are empty.
4. **Glue** (grade 2): a filled cell near the edge or a cross, that only blocks of at least ``m``
   cells can cover, extends to ``m`` cells away from that wall.
5. **Joining and splitting** (grade 2): two filled cells that only the same block can cover are
   joined; an unknown cell between filled cells is empty when filling it would make a run longer
   than every block that can reach it.
6. **Punctuation** (grade 2): a run of filled cells as long as the longest block that can cover it
   is a finished block, and gets a cross on each side.
7. **Mercury** (grade 2): when the first block cannot fit before the first filled cell, it covers
   that cell's run, and every cell more than its length before the run's end is empty (mirrored
   for the last block).
8. **Whole-line reasoning** (grade 3): whatever else the complete linesolver finds.
9. **Contradiction** (grade 4 or 5 by chain length): not a line rule; probing names it, and the
   rating grades it.

:func:`line_techniques` applies the rules easiest first to a fixpoint, starting again from the
easiest after every rule that decided something, and names each decided cell by the rule that
decided it, so that among the techniques that reach a cell the easiest names it (DECISIONS.md).
Pure Python on short lists: no numba kernel of its own (whole-line reasoning calls the engine's
complete linesolver).
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

import numpy as np

import nonotui.kinds.nonogram.engine.calls as calls
from nonotui.kinds.nonogram.engine.lines import Contradiction, work_array
from nonotui.model.cells import CELL_DTYPE, CLUE_DTYPE, EMPTY, FILLED, UNKNOWN

Clue = tuple[int, ...]
Rule = Callable[[Clue, list[int]], list[int]]
"""A technique's rule: ``(clue, cells) -> new cells``; raises :class:`Contradiction`."""


@dataclass(frozen=True)
class Technique:
    """One named technique of the ladder."""

    name: str
    """The name shown to players, e.g. ``"Simple boxes"``."""
    rank: int
    """Its difficulty: its position in :data:`TECHNIQUES` (0 is the easiest)."""
    grade: int
    """The lowest grade a puzzle needing it can have (contradiction: 4, or 5 for long chains)."""
    summary: str
    """One sentence saying what the rule does."""


FINISHED = "Finished line"
SIMPLE_BOXES = "Simple boxes"
SIMPLE_SPACES = "Simple spaces"
FORCING = "Forcing"
GLUE = "Glue"
JOINING = "Joining and splitting"
PUNCTUATION = "Punctuation"
MERCURY = "Mercury"
IDENTIFICATION = "Block identification"
SLIDING = "Sliding"
WHOLE_LINE = "Whole-line reasoning"
CONTRADICTION = "Contradiction"

_SPECS = (
    (FINISHED, 1, "the boxes already make the whole clue: every other cell is empty"),
    (SIMPLE_BOXES, 1, "a block overlaps itself between its leftmost and rightmost placements"),
    (SIMPLE_SPACES, 1, "cells no block can reach are empty"),
    (FORCING, 1, "a block squeezed by crosses or the edge overlaps itself; too small gaps empty"),
    (GLUE, 2, "a filled cell near the edge or a cross pushes its block away from that wall"),
    (JOINING, 2, "filled cells of one block are joined; a cell that would make too long a run "
     "splits it"),
    (PUNCTUATION, 2, "a finished block gets a cross on each side"),
    (MERCURY, 2, "the first block pulls away from the edge to cover the first filled cells"),
    (IDENTIFICATION, 2, "a run of boxes only one block can be is that block: it and its "
     "neighbours keep to what that leaves them"),
    (SLIDING, 3, "every block slid as far left, then as far right, as the marks allow: where a "
     "block covers a cell both times it is a box, where a gap does it is a space"),
    (WHOLE_LINE, 3, "no place left for any block covers a cell (a space), or every arrangement "
     "covers it (a box)"),
    (CONTRADICTION, 4, "a value that leads to a contradiction (grade 5 for long chains)"),
)

TECHNIQUES: tuple[Technique, ...] = tuple(
    Technique(name, rank, grade, summary) for rank, (name, grade, summary) in enumerate(_SPECS)
)
"""Every technique, easiest first; this order is stable (hints and ratings rely on it)."""

BY_NAME: dict[str, Technique] = {t.name: t for t in TECHNIQUES}
"""The techniques by their names."""


# ----------------------------------------------------------------------------------------------
# Placements
# ----------------------------------------------------------------------------------------------
#
# The rules run thousands of times in a rating's walk (docs/solver.md, "Rating"), so the helpers
# search the line as bytes (``bytes.find`` and a regular expression run in C), find a cell's
# blocks by bisection, and compute the blocks' reaches on one line state once for every rule
# that asks (a small cache).

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
            raise Contradiction("the clue's blocks do not fit in the line")
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
        raise Contradiction("a block has no place in the line")
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
        raise Contradiction(f"cell {index + 1} cannot be both filled and empty")
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
            raise Contradiction(f"no block can cover the filled cell {c + 1}")
        if j - i == 1:
            lo, hi = windows[i]
            windows[i] = (max(lo, c - clue[i] + 1), min(hi, c + clue[i] - 1))
    _empty_out_of_reach(clue, out, windows)
    return out


_GAPS = re.compile(b"[^" + re.escape(_EMPTY_BYTE) + b"]+")


def small_gaps(clue: Clue, cells: Sequence[int], reach: Sequence[tuple[int, int]]
               ) -> list[tuple[int, int]]:
    """The gaps between crosses (or a cross and the edge), as ``(first, last)``, that hold
    unknown cells and no block fits in: no block that can start in the gap, by its ``reach``,
    is short enough to lie inside it."""
    out = []
    for m in _GAPS.finditer(_bytes(cells)):
        a, b = m.start(), m.end() - 1
        if UNKNOWN not in cells[a:b + 1]:
            continue
        if not any(length <= b - a + 1 and lo <= b - length + 1 and hi >= a
                   for length, (lo, hi) in zip(clue, reach)):
            out.append((a, b))
    return out


def forcing(clue: Clue, cells: list[int]) -> list[int]:
    """Placements that avoid crosses: fill each block's overlap, empty the cells out of reach
    and the gaps too small for every block that can reach them."""
    out = list(cells)
    blocks = _Blocks(clue, out, crosses=True)
    _fill_overlaps(clue, out, blocks.reach)
    _empty_out_of_reach(clue, out, list(zip(blocks.los, blocks.ends)))
    for a, b in small_gaps(clue, cells, blocks.reach):
        for c in range(a, b + 1):
            _set(out, c, EMPTY)
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
                raise Contradiction(f"no block can cover the filled cell {p + 1}")
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
            raise Contradiction(f"no block can cover the run at cell {first + 1}")
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
            raise Contradiction("the clue's blocks do not fit in the line")
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


def finished_line(clue: Clue, cells: list[int]) -> list[int]:
    """The filled runs already are the clue, block for block: every unknown cell is empty."""
    out = list(cells)
    if UNKNOWN not in cells:
        return out
    if [b - a + 1 for a, b in filled_runs(cells)] == list(clue):
        for c, value in enumerate(cells):
            if value == UNKNOWN:
                out[c] = EMPTY
    return out


@dataclass
class Identified:
    """What block identification saw on one line: each block's start range after it, and the runs
    it identified with their block (for the wording)."""

    los: list[int]
    """Each block's earliest start."""
    his: list[int]
    """Each block's latest start."""
    runs: list[tuple[int, int, int]]
    """``(first, last, block)`` of every run that only one block can be and whose block that
    narrowed, in the order found."""
    start: tuple[list[int], list[int]]
    """The start ranges before any run was identified (placements avoiding crosses)."""


def _covers(clue: Clue, line: bytes, i: int, s: int) -> bool:
    """Block ``i`` may start at ``s``: it covers no cross and touches no box on either side."""
    n, end = len(line), s + clue[i]
    return (0 <= s and end <= n and line.find(_EMPTY_BYTE, s, end) < 0
            and (s == 0 or line[s - 1] != FILLED) and (end == n or line[end] != FILLED))


def identify(clue: Clue, cells: Sequence[int]) -> Identified:
    """Narrow the blocks' start ranges (placements avoiding crosses) by the runs of boxes that
    only one block can be, to a fixpoint.

    A run's candidates are the blocks as long as it whose range holds a start that covers the run
    without covering a cross or touching another box. When only block ``k`` is left, ``k``
    covers the run: its starts shrink to those, and the blocks before ``k`` must end, and the
    blocks after it start, with a gap before and after ``k``'s new range (each jumping past the
    crosses it would cover).

    Raises:
        Contradiction: a run no block can be, or a block left without a start.
    """
    k, n = len(clue), len(cells)
    reach = block_reaches(clue, cells, crosses=True)
    los, his = [lo for lo, _ in reach], [hi for _, hi in reach]
    found = Identified(los, his, [], (list(los), list(his)))
    runs = filled_runs(cells)
    line = _bytes(cells)
    owner: dict[tuple[int, int], int] = {}
    changed = True
    while changed:
        changed = False
        for a, b in runs:
            if (a, b) in owner:
                continue
            candidates = [
                i for i in range(k)
                if clue[i] >= b - a + 1 and any(
                    _covers(clue, line, i, s)
                    for s in range(max(los[i], b - clue[i] + 1), min(his[i], a) + 1))
            ]
            if not candidates:
                raise Contradiction(f"no block can be the run at cell {a + 1}")
            if len(candidates) > 1:
                continue
            i = candidates[0]
            owner[(a, b)] = i
            starts = [s for s in range(max(los[i], b - clue[i] + 1), min(his[i], a) + 1)
                      if _covers(clue, line, i, s)]
            if (starts[0], starts[-1]) == (los[i], his[i]):
                continue
            found.runs.append((a, b, i))
            los[i], his[i] = starts[0], starts[-1]
            for j in range(i + 1, k):  # the blocks after it start later
                lo = max(los[j], los[j - 1] + clue[j - 1] + 1)
                while lo + clue[j] <= n and (blocked := line.rfind(_EMPTY_BYTE, lo,
                                                                    lo + clue[j])) >= 0:
                    lo = blocked + 1
                if lo == los[j]:
                    break
                los[j] = lo
            for j in range(i - 1, -1, -1):  # the blocks before it end sooner
                hi = min(his[j], his[j + 1] - clue[j] - 1)
                while hi >= 0 and (blocked := line.find(_EMPTY_BYTE, hi, hi + clue[j])) >= 0:
                    hi = blocked - clue[j]
                if hi == his[j]:
                    break
                his[j] = hi
            if any(lo > hi for lo, hi in zip(los, his)):
                raise Contradiction("a block has no place in the line")
            changed = True
    return found


def block_identification(clue: Clue, cells: list[int]) -> list[int]:
    """A run of boxes that only one block can be is that block (:func:`identify`): with the
    narrowed start ranges, each block's overlap is filled and the cells no block reaches are
    empty."""
    out = list(cells)
    found = identify(clue, cells)
    if not found.runs:
        return out
    reach = list(zip(found.los, found.his))
    _fill_overlaps(clue, out, reach)
    _empty_out_of_reach(clue, out, [(lo, hi + length - 1)
                                    for length, (lo, hi) in zip(clue, reach)])
    return out


def slid(clue: Clue, cells: Sequence[int]) -> tuple[list[int], list[int]]:
    """The starts of the leftmost and of the rightmost arrangement that agree with every mark
    (the ``fast`` linesolver's push, :func:`~.explain.extremes`).

    Raises:
        Contradiction: no arrangement fits the line.
    """
    from nonotui.kinds.nonogram.engine.explain import extremes

    found = extremes(clue, np.array(cells, dtype=CELL_DTYPE))
    if found is None:
        raise Contradiction("no arrangement of the clue fits the line")
    return found


def sliding(clue: Clue, cells: list[int]) -> list[int]:
    """Every block slid as far left and as far right as the marks allow (:func:`slid`): a cell
    the same block covers both times is filled, a cell in the same gap both times is empty."""
    out = list(cells)
    left, right = slid(clue, cells)
    k = len(clue)
    _fill_overlaps(clue, out, list(zip(left, right)))
    # gap g lies between block g - 1 and block g: from the end of g - 1 in the rightmost
    # arrangement to the start of g in the leftmost one
    for g in range(k + 1):
        first = 0 if g == 0 else right[g - 1] + clue[g - 1]
        last = len(cells) - 1 if g == k else left[g] - 1
        for c in range(first, last + 1):
            if out[c] == UNKNOWN:
                out[c] = EMPTY
    return out


@lru_cache(maxsize=1024)
def _kernel_clue(clue: Clue) -> tuple[np.ndarray, np.ndarray]:
    """The complete linesolver's clue and colours for a clue (kept: a walk asks for the same
    lines again and again; read only, so threads may share them)."""
    blocks = np.array(clue, dtype=CLUE_DTYPE)
    return blocks, np.ones_like(blocks)


def whole_line(clue: Clue, cells: list[int]) -> list[int]:
    """Everything the line's clue and cells imply (the engine's complete linesolver)."""
    blocks, colors = _kernel_clue(clue)
    iwork = work_array(len(cells), len(clue))  # scratch of this call's own
    line = np.array(cells, dtype=CELL_DTYPE)
    out = np.empty_like(line)
    status = calls.solve_line(calls.FCOMP, blocks, colors, line, out, iwork)
    if status == calls.CONTRADICTION:
        raise Contradiction("no arrangement of the clue fits the line (fcomp)")
    if status == calls.REFUSED:
        raise ValueError("fcomp refused its arguments")  # a bug in the caller
    return [int(v) for v in out.tolist()]


RULES: dict[str, Rule] = {
    FINISHED: finished_line,
    SIMPLE_BOXES: simple_boxes,
    SIMPLE_SPACES: simple_spaces,
    FORCING: forcing,
    GLUE: glue,
    JOINING: joining_and_splitting,
    PUNCTUATION: punctuation,
    MERCURY: mercury,
    IDENTIFICATION: block_identification,
    SLIDING: sliding,
    WHOLE_LINE: whole_line,
}
"""Every line technique's rule, in ladder order (contradiction is not a line rule)."""


# ----------------------------------------------------------------------------------------------
# The ladder on one line
# ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LineDeduction:
    """What the ladder decides on one line."""

    cells_by_technique: dict[str, tuple[int, ...]]
    """The decided cells (0-based, ascending) by the technique that names them, in ladder order;
    techniques that named no cell are left out."""
    technique: str | None
    """The step's technique: the hardest one the line needed, ``None`` when nothing was decided."""
    result: np.ndarray
    """The line's cells after the deduction."""

    def technique_of(self, cell: int) -> str | None:
        """The technique that names ``cell``'s deduction, ``None`` when it was not decided."""
        for name, decided in self.cells_by_technique.items():
            if cell in decided:
                return name
        return None


_VALUES = frozenset((EMPTY, FILLED, UNKNOWN))


@cache
def _rungs(upto: str) -> tuple[str, ...]:
    """The line techniques up to ``upto``, easiest first."""
    names = list(RULES)
    return tuple(names[: names.index(upto) + 1])


def line_techniques(
    clue: Sequence[int],
    cells: np.ndarray | Sequence[int],
    *,
    upto: str = WHOLE_LINE,
    first: bool = False,
) -> LineDeduction:
    """Apply the techniques easiest first to a fixpoint on one line.

    After every rule that decides something the ladder starts again from the easiest, so each
    cell is named by the easiest technique that reaches it at that point.

    Args:
        clue: The block lengths (empty for an empty line).
        cells: The line's cells (``EMPTY``, ``FILLED``, ``UNKNOWN``).
        upto: The hardest technique allowed; the default allows whole-line reasoning, which makes
            the result that of the complete linesolver.
        first: Stop at the line's easiest step: once a technique decides something, only the
            techniques up to it go on (to their fixpoint), so the deduction is named by the
            easiest technique that decides anything on the line, and holds no cell that a
            harder one would have to find (a hint is one technique: issue 35).

    Raises:
        Contradiction: the line admits no arrangement of the clue (found by some rule).
        KeyError: ``upto`` names no line technique.
    """
    blocks: Clue = tuple(int(b) for b in clue)
    line = cells.tolist() if isinstance(cells, np.ndarray) else [int(v) for v in cells]
    if not _VALUES.issuperset(line):
        raise Contradiction("a cell holds no value")
    names = _rungs(upto)
    # Every rule is sound, so none changes a line the complete linesolver leaves as it is: once
    # the line reaches that fixpoint the ladder stops, without a last pass of every rule.
    try:
        target: list[int] | None = whole_line(blocks, line)
    except Contradiction:
        target = None  # some rule will say so (or, below whole-line reasoning, maybe none)
    named: dict[int, str] = {}
    rung = 0
    while rung < len(names) and line != target:
        new = RULES[names[rung]](blocks, line)
        if new == line:
            rung += 1
            continue
        if first and not named:  # the line's first rule: the step's technique
            names = names[: rung + 1]
        for c, (old, now) in enumerate(zip(line, new)):
            if old != now:
                named[c] = names[rung]
        line = new
        rung = 0
    grouped: dict[str, list[int]] = {}
    for c in sorted(named):
        grouped.setdefault(named[c], []).append(c)
    by_technique = {name: tuple(grouped[name]) for name in names if name in grouped}
    hardest = max(by_technique, key=lambda t: BY_NAME[t].rank, default=None)
    return LineDeduction(by_technique, hardest, np.array(line, dtype=CELL_DTYPE))
