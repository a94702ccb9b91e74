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

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from nonotui.kinds.nonogram.engine.lines import REGISTRY, Contradiction, solve_cells
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


SIMPLE_BOXES = "Simple boxes"
SIMPLE_SPACES = "Simple spaces"
FORCING = "Forcing"
GLUE = "Glue"
JOINING = "Joining and splitting"
PUNCTUATION = "Punctuation"
MERCURY = "Mercury"
WHOLE_LINE = "Whole-line reasoning"
CONTRADICTION = "Contradiction"

_SPECS = (
    (SIMPLE_BOXES, 1, "a block overlaps itself between its leftmost and rightmost placements"),
    (SIMPLE_SPACES, 1, "cells no block can reach are empty"),
    (FORCING, 2, "a block squeezed by crosses or the edge overlaps itself; too small gaps empty"),
    (GLUE, 2, "a filled cell near the edge or a cross pushes its block away from that wall"),
    (JOINING, 2, "filled cells of one block are joined; a cell that would make too long a run "
     "splits it"),
    (PUNCTUATION, 2, "a finished block gets a cross on each side"),
    (MERCURY, 2, "the first block pulls away from the edge to cover the first filled cells"),
    (WHOLE_LINE, 3, "what only a complete linesolver finds"),
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


def _left_starts(clue: Sequence[int], cells: Sequence[int], crosses: bool) -> list[int]:
    """The leftmost start of every block, honouring the edges, the order and, if ``crosses``, the
    empty cells (a block never covers one). Filled cells are ignored, so this is a relaxation:
    every arrangement's starts are at or right of these."""
    n = len(cells)
    starts: list[int] = []
    pos = 0
    for length in clue:
        start = pos
        while crosses and start + length <= n:
            blocked = -1
            for c in range(start + length - 1, start - 1, -1):
                if cells[c] == EMPTY:
                    blocked = c
                    break
            if blocked < 0:
                break
            start = blocked + 1
        if start + length > n:
            raise Contradiction("the clue's blocks do not fit in the line")
        starts.append(start)
        pos = start + length + 1
    return starts


def _reaches(clue: Clue, cells: list[int], crosses: bool) -> list[tuple[int, int]]:
    """Each block's ``(leftmost start, rightmost start)`` under :func:`_left_starts`' relaxation."""
    n, k = len(cells), len(clue)
    left = _left_starts(clue, cells, crosses)
    mirrored = _left_starts(clue[::-1], cells[::-1], crosses)
    right = [n - mirrored[k - 1 - i] - clue[i] for i in range(k)]
    if any(lo > hi for lo, hi in zip(left, right)):
        raise Contradiction("a block has no place in the line")
    return list(zip(left, right))


def _covering(clue: Clue, reach: list[tuple[int, int]], cell: int) -> list[int]:
    """The blocks whose reach contains ``cell``."""
    return [i for i, (lo, hi) in enumerate(reach) if lo <= cell < hi + clue[i]]


def _set(cells: list[int], index: int, value: int) -> None:
    """Decide one cell, or raise when the line already holds the other value."""
    if cells[index] & value == 0:
        raise Contradiction(f"cell {index + 1} cannot be both filled and empty")
    cells[index] = value


def _runs(cells: list[int]) -> list[tuple[int, int]]:
    """The maximal runs of filled cells, as ``(first, last)`` indices."""
    runs: list[tuple[int, int]] = []
    i, n = 0, len(cells)
    while i < n:
        if cells[i] == FILLED:
            j = i
            while j + 1 < n and cells[j + 1] == FILLED:
                j += 1
            runs.append((i, j))
            i = j + 1
        else:
            i += 1
    return runs


def _empty_out_of_reach(clue: Clue, cells: list[int], windows: list[tuple[int, int]]) -> None:
    """Empty every cell outside every block's window ``(first, last)``."""
    covered = [False] * len(cells)
    for first, last in windows:
        for c in range(max(first, 0), min(last, len(cells) - 1) + 1):
            covered[c] = True
    for c, ok in enumerate(covered):
        if not ok:
            _set(cells, c, EMPTY)


def _fill_overlaps(clue: Clue, cells: list[int], reach: list[tuple[int, int]]) -> None:
    for length, (lo, hi) in zip(clue, reach):
        for c in range(hi, lo + length):
            _set(cells, c, FILLED)


# ----------------------------------------------------------------------------------------------
# The rules
# ----------------------------------------------------------------------------------------------


def simple_boxes(clue: Clue, cells: list[int]) -> list[int]:
    """Fill where a block's leftmost and rightmost placements (by the edges alone) overlap."""
    out = list(cells)
    _fill_overlaps(clue, out, _reaches(clue, out, crosses=False))
    return out


def simple_spaces(clue: Clue, cells: list[int]) -> list[int]:
    """Empty the cells no block can reach (by the edges, and the filled cells only one block can
    reach, which keep that block within its length of them)."""
    out = list(cells)
    reach = _reaches(clue, out, crosses=False)
    windows = [(lo, hi + length - 1) for length, (lo, hi) in zip(clue, reach)]
    for c, value in enumerate(cells):
        if value != FILLED:
            continue
        owners = _covering(clue, reach, c)
        if not owners:
            raise Contradiction(f"no block can cover the filled cell {c + 1}")
        if len(owners) == 1:
            i = owners[0]
            first, last = windows[i]
            windows[i] = (max(first, c - clue[i] + 1), min(last, c + clue[i] - 1))
    _empty_out_of_reach(clue, out, windows)
    return out


def forcing(clue: Clue, cells: list[int]) -> list[int]:
    """Placements that avoid crosses: fill each block's overlap, empty the cells out of reach."""
    out = list(cells)
    reach = _reaches(clue, out, crosses=True)
    _fill_overlaps(clue, out, reach)
    _empty_out_of_reach(clue, out, [(lo, hi + size - 1) for size, (lo, hi) in zip(clue, reach)])
    return out


def glue(clue: Clue, cells: list[int]) -> list[int]:
    """A filled cell ``p`` that only blocks of ``m`` or more cells can cover, with a wall (the
    edge or a cross) ``w`` before it closer than ``m``: cells ``p`` to ``w + m`` are filled (and
    mirrored for a wall after it)."""
    out = list(cells)
    reach = _reaches(clue, cells, crosses=True)
    n = len(cells)
    for p, value in enumerate(cells):
        if value != FILLED:
            continue
        owners = _covering(clue, reach, p)
        if not owners:
            raise Contradiction(f"no block can cover the filled cell {p + 1}")
        m = min(clue[i] for i in owners)
        wall = p - 1
        while wall >= 0 and cells[wall] != EMPTY:
            wall -= 1
        for c in range(p + 1, min(wall + m, n - 1) + 1):
            _set(out, c, FILLED)
        wall = p + 1
        while wall < n and cells[wall] != EMPTY:
            wall += 1
        for c in range(max(wall - m, 0), p):
            _set(out, c, FILLED)
    return out


def joining_and_splitting(clue: Clue, cells: list[int]) -> list[int]:
    """Join two filled cells (no cross between) when no block that can cover the first comes
    before one that can cover the second, so one block covers both; split, with
    a cross, two runs that one unknown cell would join into a run longer than any block that can
    reach that cell."""
    out = list(cells)
    reach = _reaches(clue, cells, crosses=True)
    n = len(cells)
    filled = [c for c, v in enumerate(cells) if v == FILLED]
    for p, q in zip(filled, filled[1:]):
        if q == p + 1 or any(cells[c] == EMPTY for c in range(p + 1, q)):
            continue
        after = _covering(clue, reach, q)
        if not any(a < b for a in _covering(clue, reach, p) for b in after):
            for c in range(p + 1, q):
                _set(out, c, FILLED)
    for c in range(1, n - 1):
        if cells[c] != UNKNOWN or cells[c - 1] != FILLED or cells[c + 1] != FILLED:
            continue
        first, last = c - 1, c + 1
        while first > 0 and cells[first - 1] == FILLED:
            first -= 1
        while last < n - 1 and cells[last + 1] == FILLED:
            last += 1
        longest = max((clue[i] for i in _covering(clue, reach, c)), default=0)
        if last - first + 1 > longest:
            _set(out, c, EMPTY)
    return out


def punctuation(clue: Clue, cells: list[int]) -> list[int]:
    """A run of filled cells as long as the longest block that can cover it is finished: the
    cells on either side are empty."""
    out = list(cells)
    reach = _reaches(clue, cells, crosses=True)
    for first, last in _runs(cells):
        size = last - first + 1
        lengths = [
            clue[i]
            for i in _covering(clue, reach, first)
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


def _mercury_left(clue: Clue, cells: list[int], out: list[int]) -> None:
    runs = _runs(cells)
    if not clue or not runs:
        return
    first, last = runs[0]
    start = _left_starts(clue[:1], cells, crosses=True)[0]
    if start + clue[0] <= first - 1:
        return  # the first block fits before the first filled cell
    for c in range(0, last - clue[0] + 1):
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


def whole_line(clue: Clue, cells: list[int]) -> list[int]:
    """Everything the line's clue and cells imply (the engine's complete linesolver)."""
    blocks = np.array(clue, dtype=CLUE_DTYPE)
    solved = solve_cells(REGISTRY["fcomp"], blocks, np.array(cells, dtype=CELL_DTYPE))
    return [int(v) for v in solved]


RULES: dict[str, Rule] = {
    SIMPLE_BOXES: simple_boxes,
    SIMPLE_SPACES: simple_spaces,
    FORCING: forcing,
    GLUE: glue,
    JOINING: joining_and_splitting,
    PUNCTUATION: punctuation,
    MERCURY: mercury,
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


def line_techniques(
    clue: Sequence[int],
    cells: np.ndarray | Sequence[int],
    *,
    upto: str = WHOLE_LINE,
) -> LineDeduction:
    """Apply the techniques easiest first to a fixpoint on one line.

    After every rule that decides something the ladder starts again from the easiest, so each
    cell is named by the easiest technique that reaches it at that point.

    Args:
        clue: The block lengths (empty for an empty line).
        cells: The line's cells (``EMPTY``, ``FILLED``, ``UNKNOWN``).
        upto: The hardest technique allowed; the default allows whole-line reasoning, which makes
            the result that of the complete linesolver.

    Raises:
        Contradiction: the line admits no arrangement of the clue (found by some rule).
        KeyError: ``upto`` names no line technique.
    """
    blocks: Clue = tuple(int(b) for b in clue)
    line = [int(v) for v in cells]
    if any(v not in (EMPTY, FILLED, UNKNOWN) for v in line):
        raise Contradiction("a cell holds no value")
    names = list(RULES)[: list(RULES).index(upto) + 1]
    named: dict[int, str] = {}
    rung = 0
    while rung < len(names):
        new = RULES[names[rung]](blocks, line)
        changed = [c for c, (old, now) in enumerate(zip(line, new)) if old != now]
        if changed:
            for c in changed:
                named[c] = names[rung]
            line = new
            rung = 0
        else:
            rung += 1
    by_technique = {
        name: tuple(sorted(c for c, t in named.items() if t == name))
        for name in names
        if name in named.values()
    }
    hardest = max(by_technique, key=lambda t: BY_NAME[t].rank, default=None)
    return LineDeduction(by_technique, hardest, np.array(line, dtype=CELL_DTYPE))
