"""The hint ladder: the easiest deduction available from a player's marks, with its reason.

:func:`next_hint` climbs the ladder of issue 6, easiest rung first:

1. ``mistake``: marks that no solution allows, or marks that are each possible but impossible
   together (then, given the undo history, the marks made since the board last had a solution);
2. ``line``: the whole deduction of one line, named by the hardest technique it needed
   (:mod:`nonotui.kinds.nonogram.engine.techniques`); the line whose technique is the easiest
   wins (:func:`nonotui.kinds.nonogram.engine.ladder.easiest_line_step`). Its method is
   ``fast`` when the fast linesolver alone decides its cells, else ``fcomp``;
3. ``contradiction``: a cell whose other value makes some line impossible, found by probing
   (the shortest chain of lines wins);
4. ``guess`` or ``ambiguous``: logic is stuck, or several solutions remain; one cell of a
   solution is offered.

Same-rung ties go to the hint nearest the cursor, then the lowest row, then the lowest column,
so a hint is deterministic. The lines with something to deduce are found by the kernels; the
techniques run in Python on those lines only, and only the chosen line is explained
(:mod:`nonotui.kinds.nonogram.engine.wording`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import get_args

import numpy as np

import nonotui.kinds.nonogram.engine.calls as calls
import nonotui.kinds.nonogram.engine.colour_hints as colour_hints
from nonotui.errors import NonotuiError
from nonotui.kinds.nonogram.colour_notation import format_colour_clue, value_name
from nonotui.kinds.nonogram.engine.checks import (
    Cell,
    HintCancelled,
    ReferenceSolutions,
    decided,
    marks_of,
    marks_solve,
    search,
    wrong_marks,
)
from nonotui.kinds.nonogram.engine.context import (
    CONSISTENCY_SECONDS,
    LINE_MEMO_ENTRIES,
    HintContext,
)
from nonotui.kinds.nonogram.engine.explain import cross_axis, line_name, span_text
from nonotui.kinds.nonogram.engine.ladder import LineStep, Memo, easiest_line_step
from nonotui.kinds.nonogram.engine.lines import REGISTRY, Contradiction, solve_cells
from nonotui.kinds.nonogram.engine.packed import Prepared, prepare
from nonotui.kinds.nonogram.engine.techniques import CONTRADICTION
from nonotui.kinds.nonogram.engine.trials import best_trial
from nonotui.kinds.nonogram.notation import format_clue
from nonotui.kinds.nonogram.puzzle import Axis, Color, Puzzle
from nonotui.model import EMPTY, FILLED, UNKNOWN, Board
from nonotui.model.cells import CELL_DTYPE, CLUE_DTYPE
from nonotui.model.history import History
from nonotui.model.vocab import HintKind, HintStep

KINDS: tuple[HintKind, ...] = get_args(HintKind)
"""Every kind of hint, in ladder order after ``solved``."""

__all__ = [
    "CONSISTENCY_SECONDS",
    "KINDS",
    "Cell",
    "Hint",
    "HintCancelled",
    "HintContext",
    "ReferenceSolutions",
    "marks_of",
    "next_hint",
    "wrong_marks",
]


@dataclass(frozen=True)
class Hint:
    """One hint: what it is about and why."""

    kind: HintKind
    """One of :data:`KINDS`."""
    cells: tuple[Cell, ...]
    """The cells the hint is about: the wrong marks (with the value marked) for a mistake,
    otherwise the cells it decides or reveals (with their true value)."""
    line: tuple[Axis, int] | None
    """``("row" | "column", index)``: the line the deduction is made in (or broke in)."""
    method: str | None
    """``fast``, ``fcomp`` or ``probe``; ``None`` for the other kinds. A line hint's method
    is ``fast`` when the fast linesolver alone decides its cells, else ``fcomp``."""
    explanation: str
    """The reason in words, rows and columns counted from 1; a line or contradiction hint's
    starts with its technique."""
    undo_moves: int | None = None
    """For a mistake found with the undo history: how many moves back the board last had a
    solution."""
    technique: str | None = None
    """The technique's name (:data:`~nonotui.kinds.nonogram.engine.techniques.TECHNIQUES`)
    for a line or contradiction hint, ``None`` for the other kinds."""
    chain: int | None = None
    """For a contradiction: how many distinct lines its chain rests on (the lines whose solves
    it tells, and the line that breaks), as the rating counts a chain."""
    names: tuple[str, ...] = ()
    """In a colour puzzle, each value's name by its bit (``empty``, then the colours), which
    :meth:`to_json` writes for the cells' values; empty for black and white (``#`` and ``-``)."""
    narrowed: tuple[Cell, ...] = ()
    """A colour line hint's cells the line narrows without deciding, ``(row, column, values)``
    with the values (a bitset) each may still take: the player shows them while the hint is on
    show; nothing sets them."""
    steps: tuple[HintStep, ...] = ()
    """A contradiction's chain a line at a time: each line solve it rests on with the cells it
    forces under the assumption, then the line that breaks (the player shows a long chain this
    way); empty for the other kinds."""

    def changes(self) -> list[Cell]:
        """What applying the hint sets: a mistake clears its marks, anything else sets its cells.

        Clearing the marks made since the board last had a solution gives a board that has one
        again, because it holds a subset of that board's marks.
        """
        if self.kind == "mistake":
            unknown = (1 << len(self.names)) - 1 if self.names else UNKNOWN
            return [(r, c, unknown) for r, c, _ in self.cells]
        return list(self.cells)

    def to_json(self) -> dict[str, object]:
        """The CLI's JSON shape, 0-based: ``{"kind", "cells", "line", "method", "technique",
        "explanation"}``, and ``"chain"`` for a contradiction."""
        out: dict[str, object] = {
            "kind": self.kind,
            "cells": [[r, c, _symbol(v, self.names)] for r, c, v in self.cells],
            "line": None if self.line is None else {"axis": self.line[0], "index": self.line[1]},
            "method": self.method,
            "technique": self.technique,
            "explanation": self.explanation,
        }
        if self.kind == "contradiction":
            out["chain"] = self.chain
        return out


def _symbol(value: int, names: Sequence[str] = ()) -> str:
    if names:
        return names[int(value).bit_length() - 1]
    return "#" if value == FILLED else "-"


Palette = Sequence[Color] | None
"""A colour puzzle's palette, to word values by colour; ``None`` in black and white."""


def _palette(puzzle: Puzzle) -> Palette:
    return puzzle.palette if puzzle.is_color else None


def _word(value: int, palette: Palette = None) -> str:
    if palette is not None:
        return value_name(value, palette)
    return "filled" if value == FILLED else "empty"


def _cell_name(r: int, c: int) -> str:
    return f"row {r + 1}, column {c + 1}"


def _closeness(cells: Iterable[tuple[int, int]], cursor: tuple[int, int]) -> tuple[int, int, int]:
    """The tie-break key of a set of cells: (distance to the cursor, row, column) of the best."""
    cr, cc = cursor
    return min((abs(r - cr) + abs(c - cc), r, c) for r, c in cells)


class Lines:
    """A puzzle's lines, rows first, with the packed clues the kernels take."""

    def __init__(self, puzzle: Puzzle, board: Board, prep: Prepared | None = None) -> None:
        self.puzzle = puzzle
        self.board = board
        self.prep = prepare(puzzle) if prep is None else prep
        self.h, self.w = puzzle.height, puzzle.width
        self.clean = False
        """Set by the line rung when it found nothing: every line fits its clue and fcomp
        changes none."""

    def clue(self, number: int) -> Sequence[int]:
        """The clue of line ``number`` (rows first, then columns)."""
        p = self.puzzle
        return p.rows[number] if number < self.h else p.columns[number - self.h]

    def clue_words(self, number: int) -> str:
        """Line ``number``'s clue as a hint writes it: ``3 1``, or ``2 red, 1 blue``."""
        p = self.puzzle
        if not p.is_color:
            return format_clue(self.clue(number))
        hues = (p.row_clue_colors(number) if number < self.h
                else p.column_clue_colors(number - self.h))
        return format_colour_clue(self.clue(number), hues, p.palette)

    def name(self, number: int) -> tuple[Axis, int]:
        """``(axis, index)`` of line ``number``."""
        return ("row", number) if number < self.h else ("column", number - self.h)


def next_hint(
    puzzle: Puzzle,
    board: Board,
    cursor: tuple[int, int] = (0, 0),
    history: History | None = None,
    *,
    should_stop: Callable[[], bool] | None = None,
    context: HintContext | None = None,
    tries: bool = False,
) -> Hint:
    """The easiest hint for ``board`` (see the module docstring for the ladder).

    Args:
        puzzle: A black-and-white puzzle.
        board: The player's marks; not changed.
        cursor: ``(row, column)`` from 0; ties between hints go to the nearest.
        history: The undo history that led to ``board``, to name the marks made since the
            board last had a solution when the marks are impossible together.
        should_stop: Polled during searches; returning true raises :class:`HintCancelled`.
        context: A :class:`HintContext` for ``puzzle`` kept by the caller across hints, so
            that each hint reuses what earlier ones learned; the hint is the same without it,
            but for a contradiction hint, which may then come from a kept chain: a right one,
            not always the fresh shortest.
        tries: Where logic stops, first offer the cell whose solution value settles the most
            (:func:`~.trials.best_trial`) as a ``try`` hint (the player picks its value); asked again on the same board (with the
            same ``context``), reveal it as a ``guess``. Without it, the ``guess`` at once.

    Raises:
        HintCancelled: ``should_stop`` returned true.
        NonotuiError: ``context`` was made for another puzzle.
    """
    if context is None:
        context = HintContext(puzzle)
        context.one_off = True
    elif not context.fits(puzzle):
        raise NonotuiError("this hint context was made for another puzzle")
    with context.lock:
        hint = _next_hint(puzzle, board.copy(), cursor, history, should_stop, context, tries)
    if puzzle.is_color:
        hint = replace(hint, names=tuple(
            "empty" if k == 0 else color.name for k, color in enumerate(puzzle.palette)))
    return hint


def _next_hint(puzzle: Puzzle, board: Board, cursor: tuple[int, int], history: History | None,
               should_stop: Callable[[], bool] | None, context: HintContext,
               tries: bool = False) -> Hint:
    if context.prep is None:
        context.prep = prepare(puzzle)
    lines = Lines(puzzle, board, context.prep)
    memo = None
    # The look-ahead (a search of the clues, for later hints) starts now, unless the board is
    # empty: then this hint needs no search, and on the first start after installing the
    # search's kernels would be compiled before this hint's own (numba compiles one kernel at
    # a time), so it starts once the hint is found.
    early = not context.one_off and bool(np.any(decided(board.cells)))
    if not context.one_off:
        memo = context.line_memo
    if early:
        context.look_ahead()
    try:
        return _ladder(puzzle, board, cursor, history, should_stop, context, lines, memo, tries)
    finally:
        if not context.one_off and not early:
            context.look_ahead()


def _ladder(puzzle: Puzzle, board: Board, cursor: tuple[int, int], history: History | None,
            should_stop: Callable[[], bool] | None, context: HintContext, lines: Lines,
            memo: Memo | None, tries: bool = False) -> Hint:
    """The rungs of the hint ladder, after :func:`_next_hint` set up the lines."""
    if marks_solve(puzzle, board):
        return Hint("solved", (), None, None, "Every row and column matches its clue: solved.")
    # an empty board holds no mistake, and proving a hard puzzle consistent can take minutes:
    # if the search runs out of time, the board is taken as consistent and logic goes on
    if not context.consistent(board, should_stop):
        context.wait_look_ahead(should_stop)  # it is further on than a search started now
        return _mistake(puzzle, board, history, should_stop, context.reference)
    try:
        if puzzle.is_color:
            hint = (_colour_line_hint(lines, cursor) or _crossing_hint(lines, cursor)
                    or colour_probe_hint(lines, cursor, should_stop))
        else:
            hint = _line_hint(lines, cursor, memo) or _probe_hint(lines, cursor, context)
    except Contradiction:
        # a line no arrangement fits: the marks have no solution after all (the consistency
        # search ran out of time, so the board was taken as consistent)
        return _mistake(puzzle, board, history, should_stop, context.reference)
    if hint is not None:
        if context.sound(board):
            context.prove(hint.cells)
        return hint
    return _stuck_hint(puzzle, board, cursor, should_stop, context, tries)


def _listing(cells: Sequence[Cell], limit: int = 8, palette: Palette = None) -> str:
    named = [f"{_cell_name(r, c)} ({_word(v, palette)})" for r, c, v in cells[:limit]]
    if len(cells) > limit:
        named.append(f"{len(cells) - limit} more")
    return named[0] if len(named) == 1 else f"{', '.join(named[:-1])} and {named[-1]}"


def _mistake(puzzle: Puzzle, board: Board, history: History | None,
             should_stop: Callable[[], bool] | None, reference: ReferenceSolutions) -> Hint:
    wrong = wrong_marks(puzzle, board, should_stop, reference)
    palette = _palette(puzzle)
    if wrong is None:
        return Hint("mistake", (), None, None, "These clues have no solution at all.")
    back, since = _last_consistent(puzzle, board, history, should_stop)
    when = ""
    if back is not None:
        when = (f" The board last had a solution {back} move{'s' if back != 1 else ''} ago; "
                "clearing these marks gets back to one.")
    if wrong:
        if len(wrong) == 1:
            r, c, v = wrong[0]
            word = _word(v, palette)
            text = f"{_cell_name(r, c).capitalize()} is marked {word}, but no solution has it {word}."
        else:
            text = f"{len(wrong)} marks fit no solution: {_listing(wrong, palette=palette)}."
        return Hint("mistake", tuple(wrong), None, None, text + when, back)
    if since:
        text = ("Each mark fits some solution, but together they fit none. Marks made since the "
                f"board last had a solution: {_listing(since, palette=palette)}.")
        return Hint("mistake", tuple(since), None, None, text + when, back)
    # no history to go by: the marks a solution disagrees with are a set whose removal works
    ref = search(puzzle, None, 1, should_stop).solutions[0].cells
    differing = [m for m in marks_of(board) if ref[m[0], m[1]] != m[2]]
    text = ("Each mark fits some solution, but together they fit none. These marks differ from "
            f"one solution: {_listing(differing, palette=palette)}.")
    return Hint("mistake", tuple(differing), None, None, text, None)


def _last_consistent(puzzle: Puzzle, board: Board, history: History | None,
                     should_stop: Callable[[], bool] | None) -> tuple[int | None, list[Cell]]:
    """How many moves back the board last had a solution, and the marks made since."""
    if history is None or not history.done:
        return None, []
    past = board.copy()
    touched: set[tuple[int, int]] = set()
    for back, move in enumerate(reversed(history.done), start=1):
        move.revert(past)
        touched.update(move.cells())
        if search(puzzle, past, 1, should_stop).status != "contradiction":
            marked = decided(board.cells)
            since = [(r, c, int(board.cells[r, c])) for r, c in sorted(touched) if marked[r, c]]
            return back, since
    return None, []


def _line_hint(lines: Lines, cursor: tuple[int, int], memo: Memo | None) -> Hint | None:
    """The easiest line step (:func:`~nonotui.kinds.nonogram.engine.ladder.easiest_line_step`)
    as a hint; ``None`` when no line alone decides another cell, and then ``lines.clean`` is
    set: every line fits its clue and fcomp changes none.

    Raises:
        Contradiction: some line admits no arrangement of its clue.
    """
    if memo is not None and len(memo) >= LINE_MEMO_ENTRIES:
        memo.clear()
    step = easiest_line_step(lines.puzzle, lines.board, cursor=cursor, memo=memo)
    if step is None:
        lines.clean = True
        return None
    cells = step.cells()
    return Hint("line", cells, (step.axis, step.index), _line_method(step), step.text(),
                technique=step.technique)


def _line_method(step: LineStep) -> str:
    """``fast`` when the fast linesolver alone decides every cell of the step, else ``fcomp``."""
    fast = solve_cells(REGISTRY["fast"], np.array(step.clue, dtype=CLUE_DTYPE),
                       np.ascontiguousarray(step.before))
    result = step.deduction.result
    return "fast" if all(fast[p] == result[p] for p in step.positions()) else "fcomp"


def _probe_hint(lines: Lines, cursor: tuple[int, int],
                context: HintContext | None = None) -> Hint | None:
    w = lines.w
    flat = lines.board.cells.reshape(-1).copy()
    if context is None:
        context = HintContext(lines.puzzle)
        context.one_off = True
    sizes = context.probe_sizes(lines.prep, flat, lines.clean)
    chosen = shortest_probe(sizes, w, cursor)
    if chosen is None:
        return None
    idx, assumed = chosen
    # a kept chain's count may be longer than the probe's shortest: the explanation comes
    # from running this one probe afresh on the board, so it tells the chain as it is now
    return explain_probe(lines, flat, idx, assumed)


def shortest_probe(sizes: np.ndarray, w: int, cursor: tuple[int, int]) -> tuple[int, int] | None:
    """The probe to tell from ``sizes`` (per cell and assumed value, the line solves before its
    contradiction, 0 for none): the fewest solves, then the cell nearest ``cursor`` (distance,
    row, column), then empty before filled. ``(cell index, assumed value)``, ``None`` when no
    probe breaks a line."""
    hits = sizes[sizes > 0]
    if hits.size == 0:
        return None
    shortest = int(hits.min())
    candidates = []
    for idx, v in zip(*np.nonzero(sizes == shortest)):
        r, c = divmod(int(idx), w)
        candidates.append((_closeness([(r, c)], cursor), int(idx), int(v)))
    _, idx, v = min(candidates)
    return idx, FILLED if v == 1 else EMPTY


def explain_probe(lines: Lines, flat: np.ndarray, idx: int, assumed: int) -> Hint:
    """Re-run one probe and tell its chain: each line solve the contradiction rests on, in the
    order they happen, with the cells it forced that later solves used."""
    chain, broken, rests_on, links = _probe_chain(lines, flat, idx, assumed, set())
    r, c = divmod(idx, lines.w)
    truth = EMPTY if assumed == FILLED else FILLED
    text = (f"{CONTRADICTION} (a chain of {_lines_count(rests_on)}). If {_cell_name(r, c)} "
            f"were {_word(assumed)}, {chain}; so {_cell_name(r, c)} is {_word(truth)}.")
    steps = []
    for k, (number, forced, part) in enumerate(links):
        if k == 0:
            words = f"If {_cell_name(r, c)} were {_word(assumed)}, {part}."
        else:
            words = f"Then {part.replace(' could then not ', ' could not ')}."
        if k == len(links) - 1:
            words = words[:-1] + f"; so {_cell_name(r, c)} is {_word(truth)}."
        steps.append(HintStep(words, forced, number))
    return Hint("contradiction", ((r, c, truth),), lines.name(broken), "probe", text,
                technique=CONTRADICTION, chain=rests_on, steps=tuple(steps))


ChainLink = tuple[int, tuple[Cell, ...], str]
"""One line solve of a probe's chain: its line number (rows, then columns: the nonogram's unit
number), the cells it forced that the chain uses (with the values it supposes), its words."""


def _probe_chain(lines: Lines, flat: np.ndarray, idx: int, assumed: int, named: set[int]
                 ) -> tuple[str, int, int, list[ChainLink]]:
    """One probe's chain in words, the line that breaks, how many lines the chain rests on, and
    the chain a line at a time; ``named`` holds the lines whose clue was said already
    (updated)."""
    prep, h, w = lines.prep, lines.h, lines.w
    palette = _palette(lines.puzzle)
    setter = np.empty(h * w, dtype=np.int64)
    step_of = np.empty(h * w, dtype=np.int64)
    need = np.empty(h * w, dtype=np.uint8)
    work = flat.copy()
    _, broken, _ = calls.probe_chain(prep, work, cell=idx, value=assumed,
                                     max_steps=h * w + h + w, setter=setter, step_of=step_of,
                                     need=need)
    solves: dict[int, tuple[int, list[int]]] = {}  # step -> (line, needed cells it set)
    for cell in np.flatnonzero(need):
        if setter[cell] >= 0:
            solves.setdefault(int(step_of[cell]), (int(setter[cell]), []))[1].append(int(cell))

    def line_words(number: int) -> str:
        axis, index = lines.name(number)
        words = line_name(axis, index).lower()
        if number not in named:
            named.add(number)
            words += f" (clue {lines.clue_words(number)})"
        return words

    parts = []
    links: list[ChainLink] = []
    for step in sorted(solves):
        number, forced = solves[step]
        axis, _ = lines.name(number)
        along = cross_axis(axis)
        said = []
        values = (FILLED, EMPTY) if palette is None else sorted({int(work[c]) for c in forced},
                                                                 key=lambda v: (v == EMPTY, v))
        for value in values:
            ps = [(cell % w if axis == "row" else cell // w) for cell in forced
                  if work[cell] == value]
            if ps:
                said.append(f"{span_text(along, ps)} {_word(value, palette)}")
        parts.append(f"{line_words(number)} would force {' and '.join(said)}")
        links.append((number, tuple((cell // w, cell % w, int(work[cell])) for cell in forced),
                      parts[-1]))
    parts.append(f"{line_words(broken)} could then not be placed")
    links.append((broken, (), parts[-1]))
    chain = parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])}, and {parts[-1]}"
    rests_on = len({number for number, _ in solves.values()} | {broken})
    return chain, broken, rests_on, links


def _colour_line_hint(lines: Lines, cursor: tuple[int, int]) -> Hint | None:
    """The easiest colour line step (:func:`~.colour_hints.easiest_line_step`) as a hint;
    ``fast`` when the fast linesolver alone decides its cells, else ``fcomp``.

    Raises:
        Contradiction: some line admits no arrangement of its clue.
    """
    step = colour_hints.easiest_line_step(lines.puzzle, lines.board, cursor)
    if step is None:
        return None
    fast = solve_cells(REGISTRY["fast"], np.array(step.blocks, dtype=CLUE_DTYPE),
                       np.array(step.before, dtype=CELL_DTYPE),
                       np.array(step.colors, dtype=CLUE_DTYPE))
    method = "fast" if all(int(fast[p]) == v for p, v in step.decided) else "fcomp"
    return Hint("line", step.cells(), (step.axis, step.index), method,
                step.text(lines.puzzle.palette), technique=step.technique,
                narrowed=tuple((*step.board_cell(p), v) for p, v in step.narrowed))


def _crossing_hint(lines: Lines, cursor: tuple[int, int]) -> Hint | None:
    """A cell its row and column decide together (:func:`~.colour_hints.crossing_step`)."""
    step = colour_hints.crossing_step(lines.puzzle, lines.board, cursor)
    if step is None:
        return None
    return Hint("line", ((step.row, step.column, step.value),), ("row", step.row), "fcomp",
                step.text(lines.puzzle), technique=colour_hints.CROSSING)


def colour_probe_hint(lines: Lines, cursor: tuple[int, int],
                       should_stop: Callable[[], bool] | None = None) -> Hint | None:
    """A colour contradiction: the cell whose every value but one breaks a line, with the fewest
    line solves in all; each broken value's chain told in turn."""
    flat = lines.board.cells.reshape(-1).copy()
    found = colour_hints.shortest_colour_probe(lines.prep, flat, cursor, should_stop)
    if found is None:
        return None
    idx, truth, broken = found
    palette = lines.puzzle.palette
    r, c = divmod(idx, lines.w)
    named: set[int] = set()
    chains = []
    rests = set()
    last = 0
    for value, _ in broken:
        chain, last, rests_on, _ = _probe_chain(lines, flat, idx, value, named)
        rests.add(rests_on)
        chains.append(f"if it were {_word(value, palette)}, {chain}")
    longest = max(rests)
    said = "; ".join(chains)
    text = (f"{CONTRADICTION} (chains of up to {_lines_count(longest)}). Assume each value of "
            f"{_cell_name(r, c)} but one: {said}; so {_cell_name(r, c)} is "
            f"{_word(truth, palette)}.")
    return Hint("contradiction", ((r, c, truth),), lines.name(last), "probe", text,
                technique=CONTRADICTION, chain=longest)


def _lines_count(count: int) -> str:
    return "one line" if count == 1 else f"{count} lines"


def _stuck_hint(puzzle: Puzzle, board: Board, cursor: tuple[int, int],
                should_stop: Callable[[], bool] | None,
                context: HintContext | None = None, tries: bool = False) -> Hint:
    if context is None:
        context = HintContext(puzzle)
    status, solutions = context.solutions_of(board, should_stop)
    sol = solutions[0]
    palette = _palette(puzzle)
    open_cells = [(int(r), int(c)) for r, c in zip(*np.nonzero(~decided(board.cells)))]
    if status == "multiple":
        other = solutions[1]
        split = [(r, c) for r, c in open_cells if sol[r, c] != other[r, c]]
        r, c = min(split, key=lambda rc: _closeness([rc], cursor))
        v = int(sol[r, c])
        text = (f"The clues and your marks allow more than one solution, so logic cannot finish "
                f"the puzzle. Revealing {_cell_name(r, c)} ({_word(v, palette)} in one solution) picks one.")
        return Hint("ambiguous", ((r, c, v),), None, None, text)
    stuck = ("No line, alone or by assuming a cell and following its lines, decides another "
             "cell from here: the puzzle needs a guess.")
    trial = best_trial(prepare(puzzle) if context.prep is None else context.prep, board.cells,
                       sol, cursor)
    if trial is None:  # colour: the open cell nearest the cursor
        r, c = min(open_cells, key=lambda rc: _closeness([rc], cursor))
        v = int(sol[r, c])
        return Hint("guess", ((r, c, v),), None, None,
                    f"{stuck} In the solution, {_cell_name(r, c)} is {_word(v, palette)}.")
    r, c = trial.row, trial.column
    v = int(sol[r, c])
    follows = _outcomes(trial.settles_filled, trial.settles_empty)
    seen = (board.cells.tobytes(), r, c)
    if tries and context.tried != seen:
        context.tried = seen
        return Hint("try", ((r, c, v),), None, None,
                    f"{stuck} Try {_cell_name(r, c)}, the cell that settles the most: {follows}. "
                    "Mark it either way and ask for a hint to see what follows (a wrong value "
                    "shows up as a mistake), or ask again to reveal it.")
    return Hint("guess", ((r, c, v),), None, None,
                f"{stuck} {_cell_name(r, c)[0].upper()}{_cell_name(r, c)[1:]} settles the most "
                f"({follows}). In the solution it is {_word(v, palette)}.")


def _outcomes(filled: int, empty: int) -> str:
    """``filled, line logic then decides 2 more cells; empty, 26 more cells`` (a value that
    breaks a line: ``filled, a line breaks``)."""
    def cells(n: int) -> str:
        return "no more cells" if n == 0 else f"{n} more cell{'s' if n != 1 else ''}"

    said = False
    parts = []
    for word, n in (("filled", filled), ("empty", empty)):
        if n < 0:
            parts.append(f"{word}, a line breaks")
        elif said:
            parts.append(f"{word}, {cells(n)}")
        else:
            parts.append(f"{word}, line logic then decides {cells(n)}")
            said = True
    return "; ".join(parts)
