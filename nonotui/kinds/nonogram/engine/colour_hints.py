"""Hints on colour puzzles: line steps named and told in colours, and colour contradictions.

A colour line step is the whole deduction of one line, as on a black-and-white puzzle: the cells
the complete linesolver (``fcomp``, the kernel, so the hint never disagrees with the engine)
decides from the line's marks. Each decided cell is named by the easiest rule that reaches it:

- **Simple boxes**: a block placed as far left and as far right as the clue allows (blocks of the
  same colour one cell apart, of different colours side by side) overlaps itself on the cell;
- **Simple spaces**: an empty cell that no block reaches in those placements, once a cell marked
  with a colour that only one block of that colour can reach keeps that block within its length
  of the cell;
- **Forcing**: the same overlap or reach when each block is placed as far left and as far right
  as it can go avoiding the cells that cannot take its colour (crosses, other colours' marks);
- **Whole-line reasoning**: anything else the complete linesolver finds.

The other black-and-white techniques (glue, joining and splitting, punctuation, mercury) are not
named on colour lines: their cells count as whole-line reasoning, and the hint says so. The step's technique is the hardest one among its cells, as in black and white.

The words come from where each block can start given the line's marks (every arrangement that
fits, by dynamic programming in plain Python: one line is short): "the red 2 starts somewhere in
columns 4 to 5, so column 5 is red".

A colour contradiction decides a cell when assuming each of its values but one breaks a line
(:func:`~.kernels.chain_colour.probe_colour_all`, one assumed value per probe).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

import nonotui.kinds.nonogram.engine.calls as calls
from nonotui.kinds.nonogram.colour_notation import format_colour_clue
from nonotui.kinds.nonogram.engine.checks import HintCancelled
from nonotui.kinds.nonogram.engine.colour_lines import feasible_starts, free_extremes
from nonotui.kinds.nonogram.engine.explain import cross_axis, line_name, span_text
from nonotui.kinds.nonogram.engine.lines import REGISTRY, Contradiction, solve_cells
from nonotui.kinds.nonogram.engine.packed import Prepared
from nonotui.kinds.nonogram.engine.techniques import (
    BY_NAME,
    FORCING,
    SIMPLE_BOXES,
    SIMPLE_SPACES,
    WHOLE_LINE,
)
from nonotui.kinds.nonogram.puzzle import Axis, Color, Puzzle
from nonotui.model import EMPTY, Board
from nonotui.model.cells import CLUE_DTYPE
from nonotui.model.words import either

Cell = tuple[int, int, int]
CROSSING = WHOLE_LINE
"""The technique a crossing step (:class:`CrossingStep`) is named by."""
NOT_NAMED = ("Glue, joining and splitting, punctuation and mercury are not named on colour "
             "lines: whole-line reasoning stands for them")
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
    narrowed: tuple[tuple[int, int], ...] = ()
    """``(position, values)`` for every cell the line narrows without deciding it: the values
    (a bitset) it may still take, fewer than before."""

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
        if self.narrowed:
            text += " " + self.narrowing_text(palette)
        return text

    def narrowing_text(self, palette: Sequence[Color]) -> str:
        """What the line narrows without deciding, which a player cannot mark: "The line also
        narrows column 3 to red or empty, and columns 6 to 7 to blue or empty." (cells of the
        same remaining values together)."""
        along = cross_axis(self.axis)
        groups: dict[int, list[int]] = {}
        for p, values in self.narrowed:
            groups.setdefault(values, []).append(p)
        parts = []
        for values, ps in sorted(groups.items(), key=lambda g: min(g[1])):
            names = [value_word(1 << b, palette) for b in range(values.bit_length())
                     if values >> b & 1]
            names.sort(key=lambda n: n == "empty")  # the colours first, empty last
            parts.append(f"{span_text(along, ps)} to {either(names)}")
        told = parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])}, and {parts[-1]}"
        return f"The line also narrows {told}."

    def _block_name(self, j: int, palette: Sequence[Color]) -> str:
        """``the red 2``, or ``the second red 2`` when the clue has several."""
        same = [i for i in range(len(self.blocks))
                if (self.blocks[i], self.colors[i]) == (self.blocks[j], self.colors[j])]
        colour = palette[self.colors[j]].name
        if len(same) == 1:
            return f"the {colour} {self.blocks[j]}"
        return f"the {colour} {self.blocks[j]} (block {j + 1})"


def forced_extremes(blocks: Sequence[int], colors: Sequence[int], line: Sequence[int]
                    ) -> tuple[list[int], list[int]] | None:
    """Each block's leftmost and rightmost start when blocks only avoid cells that cannot take
    their colour (crosses, and cells marked another colour), placed greedily from each end;
    marked cells need not be covered. Every arrangement that fits the line starts each block
    between the two. ``None`` when the blocks do not fit so."""
    n, k = len(line), len(blocks)

    def greedy(cells: Sequence[int], order: Sequence[int]) -> list[int] | None:
        starts = []
        pos = 0
        for idx, j in enumerate(order):
            bit = 1 << colors[j]
            s = pos
            while s + blocks[j] <= n and not all(int(cells[i]) & bit
                                                  for i in range(s, s + blocks[j])):
                s += 1
            if s + blocks[j] > n:
                return None
            starts.append(s)
            nxt = order[idx + 1] if idx + 1 < len(order) else None
            pos = s + blocks[j] + (1 if nxt is not None and colors[nxt] == colors[j] else 0)
        return starts

    left = greedy(line, range(k))
    back = greedy(list(line)[::-1], range(k - 1, -1, -1))
    if left is None or back is None:
        return None
    right = [n - back[k - 1 - j] - blocks[j] for j in range(k)]
    return left, right


def _rule_names(blocks: Sequence[int], colors: Sequence[int], left: Sequence[int],
                right: Sequence[int], p: int, v: int) -> bool:
    """Whether placements ``left`` and ``right`` decide cell ``p`` as ``v``: a block of that
    colour overlaps itself there, or (empty) no block reaches it."""
    if v == EMPTY:
        return not any(left[j] <= p < right[j] + blocks[j] for j in range(len(blocks)))
    return any(v == 1 << colors[j] and right[j] <= p < left[j] + blocks[j]
               for j in range(len(blocks)))


def _pulled(blocks: Sequence[int], colors: Sequence[int], line: Sequence[int],
            left: Sequence[int], right: Sequence[int]) -> tuple[list[int], list[int]]:
    """Simple spaces' pull: a cell marked with a colour that only one block of that colour can
    reach (from ``left`` and ``right``) keeps that block within its length of the cell."""
    lo, hi = list(left), list(right)
    for p, v in enumerate(line):
        v = int(v)
        if v == EMPTY or v & (v - 1):
            continue
        reach = [j for j in range(len(blocks)) if v == 1 << colors[j]
                 and left[j] <= p < right[j] + blocks[j]]
        if len(reach) == 1:
            j = reach[0]
            lo[j] = max(lo[j], p - blocks[j] + 1)
            hi[j] = min(hi[j], p)
    return lo, hi


def _name_cells(blocks: Sequence[int], colors: Sequence[int], line: Sequence[int],
                decided: Sequence[tuple[int, int]]) -> dict[int, str]:
    """Each decided cell's technique: simple boxes or simple spaces from the placements of an
    empty line, forcing from placements that avoid what the marks rule out, else whole-line
    reasoning."""
    free = free_extremes(blocks, colors, len(line))
    pulled = _pulled(blocks, colors, line, *free)
    forced = forced_extremes(blocks, colors, line)
    named: dict[int, str] = {}
    for p, v in decided:
        if _rule_names(blocks, colors, *free, p, v):
            named[p] = SIMPLE_SPACES if v == EMPTY else SIMPLE_BOXES
        elif v == EMPTY and _rule_names(blocks, colors, *pulled, p, v):
            named[p] = SIMPLE_SPACES
        elif forced is not None and _rule_names(blocks, colors, *forced, p, v):
            named[p] = FORCING
        else:
            named[p] = WHOLE_LINE
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
    named = _name_cells(blocks, colors, [int(v) for v in line], decided)
    narrowed = tuple((int(p), int(out[p])) for p in np.flatnonzero(~now & (out != line)))
    return ColourStep(axis, index, number, tuple(blocks), tuple(colors),
                      tuple(int(v) for v in line), decided, named, narrowed)


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


def _line_values(puzzle: Puzzle, board: Board, number: int) -> np.ndarray:
    """What the complete linesolver leaves of line ``number``'s cells (rows first)."""
    h = puzzle.height
    if number < h:
        blocks, colors, cells = (puzzle.rows[number], puzzle.row_clue_colors(number),
                                 board.cells[number, :])
    else:
        c = number - h
        blocks, colors, cells = puzzle.columns[c], puzzle.column_clue_colors(c), board.cells[:, c]
    try:
        return solve_cells(REGISTRY["fcomp"], np.array(blocks, dtype=CLUE_DTYPE),
                           np.ascontiguousarray(cells), np.array(colors, dtype=CLUE_DTYPE))
    except Contradiction as exc:
        axis: Axis = "row" if number < h else "column"
        raise Contradiction(f"{line_name(axis, number if number < h else number - h)}: "
                            f"{exc}") from exc


@dataclass(frozen=True)
class CrossingStep:
    """A cell that neither its row nor its column decides alone, but that only one value is
    left for by both: each line rules out some values (a colour puzzle's lines can, since a
    cell has more than two)."""

    row: int
    column: int
    value: int
    row_allows: int
    column_allows: int

    def text(self, puzzle: Puzzle) -> str:
        """The step in words, named whole-line reasoning (each line's part is a whole-line
        deduction that decides no cell alone)."""
        palette = puzzle.palette
        r, c = self.row, self.column

        def allowed(mask: int) -> str:
            words = [value_word(1 << k, palette) for k in range(len(palette)) if mask >> k & 1]
            return either(words)

        row_clue = format_colour_clue(puzzle.rows[r], puzzle.row_clue_colors(r), palette)
        col_clue = format_colour_clue(puzzle.columns[c], puzzle.column_clue_colors(c), palette)
        return (f"{WHOLE_LINE}. Row {r + 1}, clue {row_clue}, leaves column {c + 1} only "
                f"{allowed(self.row_allows)}; column {c + 1}, clue {col_clue}, leaves row "
                f"{r + 1} only {allowed(self.column_allows)}; so row {r + 1}, column {c + 1} is "
                f"{value_word(self.value, palette)}.")


def crossing_step(puzzle: Puzzle, board: Board, cursor: tuple[int, int] = (0, 0)
                  ) -> CrossingStep | None:
    """The open cell nearest the cursor that its row and column together decide (neither alone
    does: call this when :func:`easiest_line_step` found nothing), ``None`` if none.

    Raises:
        Contradiction: some line admits no arrangement of its clue.
    """
    h, w = puzzle.height, puzzle.width
    rows = [_line_values(puzzle, board, r) for r in range(h)]
    cols = [_line_values(puzzle, board, h + c) for c in range(w)]
    cr, cc = cursor
    best: tuple[tuple[int, int, int], CrossingStep] | None = None
    for r, c in zip(*np.nonzero(~single(board.cells))):
        r, c = int(r), int(c)
        both = int(rows[r][c]) & int(cols[c][r])
        if both and both & (both - 1) == 0:
            key = (abs(r - cr) + abs(c - cc), r, c)
            if best is None or key < best[0]:
                best = (key, CrossingStep(r, c, both, int(rows[r][c]), int(cols[c][r])))
    return None if best is None else best[1]


def shortest_colour_probe(prep: Prepared, flat: np.ndarray, cursor: tuple[int, int],
                          should_stop: Callable[[], bool] | None = None
                          ) -> tuple[int, int, list[tuple[int, int]]] | None:
    """The open cell that probing decides soonest: every value but one breaks a line, with the
    fewest line solves in all (then nearest the cursor, then by row and column). ``(cell index,
    its value, [(broken value, solves its chain needs), ...])``; ``None`` if none.

    The probes run in one kernel (:func:`~.kernels.chain_colour.probe_colour_all`), cut short
    after ``cap`` line solves each; the cap starts at 8 and is raised fourfold until a cell is
    decided or no probe can have been cut, so short chains are found at the price of short
    probes.

    Raises:
        HintCancelled: ``should_stop`` returned true (it is asked before each round).
    """
    h, w = prep.h, prep.w
    n = h * w
    bits = max(1, int(flat.max()).bit_length())
    steps = np.zeros((n, bits), dtype=np.int64)
    open_cells = np.flatnonzero(~single(flat))
    if open_cells.size == 0:
        return None
    cap = 8
    # a line is solved again only after one of its cells lost a value: no probe makes more
    most = 2 * (n * bits + h + w)
    cr, cc = cursor
    while True:
        if should_stop is not None and should_stop():
            raise HintCancelled
        calls.probe_colour_all(prep, flat, cap=cap, steps=steps)
        best: tuple[tuple[int, int, int, int], int] | None = None
        for idx in open_cells:
            cur = int(flat[idx])
            values = [b for b in range(bits) if cur >> b & 1]
            broken = [b for b in values if steps[idx, b] > 0]
            if len(broken) != len(values) - 1:
                continue
            r, c = divmod(int(idx), w)
            key = (int(sum(steps[idx, b] for b in broken)), abs(r - cr) + abs(c - cc), r, c)
            if best is None or key < best[0]:
                best = (key, int(idx))
        if best is not None:
            break
        if cap >= most:
            return None  # no probe was cut: nothing is decided by one contradiction
        cap = min(cap * 4, most)
    cell = best[1]
    cur = int(flat[cell])
    value = next(1 << b for b in range(bits) if cur >> b & 1 and steps[cell, b] == 0)
    return cell, value, [(1 << b, int(steps[cell, b])) for b in range(bits)
                         if cur >> b & 1 and steps[cell, b] > 0]


