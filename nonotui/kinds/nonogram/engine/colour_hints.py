"""Hints on colour puzzles: line steps named and told in colours, and colour contradictions.

A colour line step is the whole deduction of one line, as on a black-and-white puzzle: the cells
the complete linesolver (``fcomp``, the kernel, so the hint never disagrees with the engine)
decides from the line's marks. Each decided cell is named by the easiest rule that reaches it:

- **Simple boxes**: a block placed as far left and as far right as the clue allows (blocks of the
  same colour one cell apart, of different colours side by side) overlaps itself on the cell;
- **Simple spaces**: an empty cell that no block reaches in those placements;
- **Whole-line reasoning**: anything else the complete linesolver finds.

The other black-and-white techniques (forcing, glue, joining and splitting, punctuation,
mercury) are not named on colour lines: their cells count as whole-line reasoning, and the hint
says so. The step's technique is the hardest one among its cells, as in black and white.

The words come from where each block can start given the line's marks (every arrangement that
fits, by dynamic programming in plain Python: one line is short): "the red 2 starts somewhere in
columns 4 to 5, so column 5 is red".

A colour contradiction decides a cell when assuming each of its values but one breaks a line
(:func:`~.kernels.chain.probe_chain`, one assumed value per probe).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from nonotui.kinds.nonogram.colour_notation import format_colour_clue
from nonotui.kinds.nonogram.engine import kernels
from nonotui.kinds.nonogram.engine.explain import cross_axis, line_name, span_text
from nonotui.kinds.nonogram.engine.lines import REGISTRY, Contradiction, solve_cells
from nonotui.kinds.nonogram.engine.search import _Prepared
from nonotui.kinds.nonogram.engine.techniques import (
    BY_NAME,
    SIMPLE_BOXES,
    SIMPLE_SPACES,
    WHOLE_LINE,
)
from nonotui.kinds.nonogram.puzzle import Axis, Color, Puzzle
from nonotui.model import EMPTY, Board
from nonotui.model.cells import CLUE_DTYPE

Cell = tuple[int, int, int]
NOT_NAMED = ("Forcing, glue, joining and splitting, punctuation and mercury are not named on "
             "colour lines: whole-line reasoning stands for them")
"""What a colour hint says when a cell needed more than simple boxes or spaces."""


def single(cells: np.ndarray) -> np.ndarray:
    """Which cells hold exactly one value."""
    c = cells.astype(np.int64)
    one: np.ndarray = (c != 0) & ((c & (c - 1)) == 0)
    return one


def value_word(value: int, palette: Sequence[Color]) -> str:
    """A decided value in words: ``empty`` or the colour's name."""
    v = int(value)
    return "empty" if v == EMPTY else palette[v.bit_length() - 1].name


def _gap(colors: Sequence[int], j: int) -> int:
    """Cells needed between block ``j`` and the next: 1 when they share a colour."""
    return 1 if colors[j] == colors[j + 1] else 0


def free_extremes(blocks: Sequence[int], colors: Sequence[int], n: int
                  ) -> tuple[list[int], list[int]]:
    """Each block's leftmost and rightmost start in an empty line of ``n`` cells."""
    k = len(blocks)
    left = [0] * k
    for j in range(1, k):
        left[j] = left[j - 1] + blocks[j - 1] + _gap(colors, j - 1)
    right = [0] * k
    if k:
        right[k - 1] = n - blocks[k - 1]
    for j in range(k - 2, -1, -1):
        right[j] = right[j + 1] - _gap(colors, j) - blocks[j]
    return left, right


def feasible_starts(blocks: Sequence[int], colors: Sequence[int], line: Sequence[int]
                    ) -> list[list[int]] | None:
    """For each block, every start at which some arrangement that fits the line places it;
    ``None`` when no arrangement fits. Linear in the line per block: a forward pass finds the
    starts the blocks before allow, a backward pass those the blocks after allow."""
    n, k = len(line), len(blocks)
    cells = [int(v) for v in line]
    if k == 0:
        return [] if all(v & EMPTY for v in cells) else None
    lacking: dict[int, list[int]] = {}  # per colour, prefix counts of cells that lack it

    def fits(s: int, j: int) -> bool:
        c = colors[j]
        if c not in lacking:
            acc = [0] * (n + 1)
            for i, v in enumerate(cells):
                acc[i + 1] = acc[i] + (0 if v >> c & 1 else 1)
            lacking[c] = acc
        end = s + blocks[j]
        return 0 <= s and end <= n and lacking[c][end] - lacking[c][s] == 0

    def sweep(order: Sequence[int], cells_: list[int], first_end: list[bool]) -> list[list[bool]]:
        """ok[j][s]: block order[j] can start at s (in ``cells_``' direction) with the blocks
        before it placed; ``first_end[e]``: the line before cell e may be all empty."""
        ok: list[list[bool]] = []
        ends = first_end  # where the previous block may end (gap not yet counted)
        for idx, j in enumerate(order):
            g = 0 if idx == 0 else (1 if colors[order[idx - 1]] == colors[j] else 0)
            row = [False] * (n + 1)
            last_end = -1  # the latest allowed end e <= s - g
            barrier = 0  # every cell in [barrier, s) may be empty
            for s in range(n + 1):
                if s - g >= 0 and ends[s - g]:
                    last_end = s - g
                if s > 0 and not cells_[s - 1] & EMPTY:
                    barrier = s
                row[s] = last_end >= barrier and last_end >= 0 and fits_dir(s, j)
            ok.append(row)
            ends = [False] * (n + 1)
            for s in range(n + 1):
                if row[s]:
                    ends[s + blocks[j]] = True
        return ok

    forward = True

    def fits_dir(s: int, j: int) -> bool:
        return fits(s, j) if forward else fits(n - s - blocks[j], j)

    start_ok = [True] + [False] * n
    fwd = sweep(range(k), cells, start_ok)
    forward = False
    bwd_rev = sweep(range(k - 1, -1, -1), cells[::-1], start_ok)
    # the line after the last block must allow empty, as must the line before the first:
    # the backward sweep's first block (the last one) saw the far end as its start
    starts = []
    for j in range(k):
        back = bwd_rev[k - 1 - j]
        starts.append([s for s in range(n + 1 - blocks[j])
                       if fwd[j][s] and back[n - s - blocks[j]]])
    return starts if all(starts) else None


@dataclass(frozen=True)
class ColourStep:
    """One colour line's whole deduction."""

    axis: Axis
    index: int
    number: int
    """The line's number, rows first."""
    blocks: tuple[int, ...]
    colors: tuple[int, ...]
    before: tuple[int, ...]
    decided: tuple[tuple[int, int], ...]
    """``(position, value)`` for every cell the line decides, along the line."""
    named: dict[int, str]
    """The technique that names each decided position."""

    @property
    def technique(self) -> str:
        """The hardest technique among the step's cells."""
        return max(self.named.values(), key=lambda t: BY_NAME[t].rank)

    @property
    def rank(self) -> int:
        """The technique's place on the ladder."""
        return BY_NAME[self.technique].rank

    def board_cell(self, position: int) -> tuple[int, int]:
        """The board cell at ``position`` along the line."""
        return (self.index, position) if self.axis == "row" else (position, self.index)

    def cells(self) -> tuple[Cell, ...]:
        """Every decided cell with its value, in line order."""
        return tuple((*self.board_cell(p), v) for p, v in self.decided)

    def text(self, palette: Sequence[Color]) -> str:
        """The step in words: "Simple boxes. Row 3, clue 2 red, 1 blue: the red 2 starts
        somewhere in columns 4 to 5, so column 5 is red."""
        along = cross_axis(self.axis)
        starts = feasible_starts(self.blocks, self.colors, self.before) or []
        reasons: list[str] = []
        told: set[int] = set()
        for j, options in enumerate(starts):
            lo, hi = options[0], options[-1]
            mine = [p for p, v in self.decided if v != EMPTY and hi <= p < lo + self.blocks[j]
                    and v == 1 << self.colors[j] and p not in told]
            if not mine:
                continue
            told.update(mine)
            name = self._block_name(j, palette)
            where = (f"starts at {along} {lo + 1}" if lo == hi else
                     f"starts somewhere in {span_text(along, [lo, hi]).replace(' and ', ' to ')}")
            colour = palette[self.colors[j]].name
            verb = "is" if len(mine) == 1 else "are"
            reasons.append(f"{name} {where}, so {span_text(along, mine)} {verb} {colour}")
        rest = [(p, v) for p, v in self.decided if p not in told]
        for value in sorted({v for _, v in rest}):
            ps = [p for p, v in rest if v == value]
            verb = "is" if len(ps) == 1 else "are"
            if value == EMPTY:
                reach = [p for p in ps if not any(
                    opts[0] <= p < opts[-1] + self.blocks[j] for j, opts in enumerate(starts))]
                others = [p for p in ps if p not in reach]
                for group, why in ((reach, "no block can reach"),
                                   (others, "no arrangement of the clue that fits the line "
                                    "covers")):
                    if group:
                        they = "it is" if len(group) == 1 else "they are"
                        reasons.append(f"{why} {span_text(along, group)}, so {they} empty")
            else:
                colour = value_word(value, palette)
                they = "it" if len(ps) == 1 else "they"
                reasons.append(f"every arrangement of the clue that fits the line covers "
                               f"{span_text(along, ps)} with {colour}, so {they} {verb} "
                               f"{colour}")
        clue = format_colour_clue(self.blocks, self.colors, palette)
        text = f"{self.technique}. {line_name(self.axis, self.index)}, clue {clue}: " \
               f"{'; '.join(reasons)}."
        if self.technique == WHOLE_LINE:
            text += f" ({NOT_NAMED}.)"
        return text

    def _block_name(self, j: int, palette: Sequence[Color]) -> str:
        """``the red 2``, or ``the second red 2`` when the clue has several."""
        same = [i for i in range(len(self.blocks))
                if (self.blocks[i], self.colors[i]) == (self.blocks[j], self.colors[j])]
        colour = palette[self.colors[j]].name
        if len(same) == 1:
            return f"the {colour} {self.blocks[j]}"
        return f"the {colour} {self.blocks[j]} (block {j + 1})"


def _name_cells(blocks: Sequence[int], colors: Sequence[int], n: int,
                decided: Sequence[tuple[int, int]]) -> dict[int, str]:
    left, right = free_extremes(blocks, colors, n)
    named: dict[int, str] = {}
    for p, v in decided:
        if v == EMPTY:
            reached = any(left[j] <= p < right[j] + blocks[j] for j in range(len(blocks)))
            named[p] = WHOLE_LINE if reached else SIMPLE_SPACES
        else:
            boxed = any(v == 1 << colors[j] and right[j] <= p < left[j] + blocks[j]
                        for j in range(len(blocks)))
            named[p] = SIMPLE_BOXES if boxed else WHOLE_LINE
    return named


def line_step(puzzle: Puzzle, board: Board, number: int) -> ColourStep | None:
    """Line ``number``'s step (rows first), ``None`` when it decides no cell.

    Raises:
        Contradiction: no arrangement of the clue fits the line (the message names it).
    """
    h = puzzle.height
    if number < h:
        axis: Axis = "row"
        index = number
        blocks, colors, cells = puzzle.rows[index], puzzle.row_clue_colors(index), \
            board.cells[index, :]
    else:
        axis, index = "column", number - h
        blocks, colors, cells = puzzle.columns[index], puzzle.column_clue_colors(index), \
            board.cells[:, index]
    line = np.ascontiguousarray(cells)
    try:
        out = solve_cells(REGISTRY["fcomp"], np.array(blocks, dtype=CLUE_DTYPE), line,
                          np.array(colors, dtype=CLUE_DTYPE))
    except Contradiction as exc:
        raise Contradiction(f"{line_name(axis, index)}: {exc}") from exc
    was = single(line)
    now = single(out)
    decided = tuple((int(p), int(out[p])) for p in np.flatnonzero(now & ~was))
    if not decided:
        return None
    named = _name_cells(blocks, colors, len(line), decided)
    return ColourStep(axis, index, number, tuple(blocks), tuple(colors),
                      tuple(int(v) for v in line), decided, named)


def easiest_line_step(puzzle: Puzzle, board: Board, cursor: tuple[int, int] = (0, 0)
                      ) -> ColourStep | None:
    """The easiest colour line step: lowest technique rank, then the decided cell nearest the
    cursor (distance, row, column), then the line (rows first).

    Raises:
        Contradiction: some line admits no arrangement of its clue.
    """
    best: tuple[tuple[int, int, int, int, int], ColourStep] | None = None
    cr, cc = cursor
    for number in range(puzzle.height + puzzle.width):
        step = line_step(puzzle, board, number)
        if step is None:
            continue
        near = min((abs(r - cr) + abs(c - cc), r, c) for r, c, _ in step.cells())
        key = (step.rank, *near, number)
        if best is None or key < best[0]:
            best = (key, step)
    return None if best is None else best[1]


def probe_cell(prep: _Prepared, flat: np.ndarray, idx: int, limit: int
               ) -> tuple[int, list[tuple[int, int]]] | None:
    """Probe every value of cell ``idx``: ``(the value left, [(value, solves its contradiction
    needed), ...])`` when every value but one breaks a line within ``limit`` solves each, else
    ``None``."""
    h, w = prep.h, prep.w
    n = h * w
    setter = np.empty(n, dtype=np.int64)
    steps = np.empty(n, dtype=np.int64)
    need = np.empty(n, dtype=np.uint8)
    cur = int(flat[idx])
    left: list[int] = []
    broken: list[tuple[int, int]] = []
    bit = 1
    while bit <= cur:
        if cur & bit:
            work = flat.copy()
            count, _, _ = kernels.probe_chain(h, w, prep.blocks, prep.colors, prep.clue_off,
                                              work, idx, bit, limit, setter, steps,
                                              need)
            if count > 0:
                broken.append((bit, int(count)))
            else:
                left.append(bit)
                if len(left) > 1:
                    return None
        bit <<= 1
    if len(left) != 1:
        return None
    return left[0], broken


def shortest_colour_probe(prep: _Prepared, flat: np.ndarray, cursor: tuple[int, int]
                          ) -> tuple[int, int, list[tuple[int, int]]] | None:
    """The open cell that probing decides with the fewest line solves in all (then nearest the
    cursor): ``(cell index, its value, [(broken value, solves), ...])``; ``None`` if none."""
    w = prep.w
    open_cells = np.flatnonzero(~single(flat))
    best: tuple[tuple[int, int, int, int], tuple[int, int, list[tuple[int, int]]]] | None = None
    limit = prep.h * prep.w + prep.h + prep.w
    cr, cc = cursor
    for idx in open_cells:
        found = probe_cell(prep, flat, int(idx), limit)
        if found is None:
            continue
        value, broken = found
        total = sum(s for _, s in broken)
        r, c = divmod(int(idx), w)
        key = (total, abs(r - cr) + abs(c - cc), r, c)
        if best is None or key < best[0]:
            best = (key, (int(idx), value, broken))
    return None if best is None else best[1]
