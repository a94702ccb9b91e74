"""The hint ladder: the easiest deduction available from a player's marks, with its reason.

:func:`next_hint` climbs the ladder of issue 6, easiest rung first:

1. ``mistake``: marks that no solution allows, or marks that are each possible but impossible
   together (then, given the undo history, the marks made since the board last had a solution);
2. ``line`` with method ``fast``: a block overlapping itself between its earliest and latest
   place, or cells no block can reach;
3. ``line`` with method ``fcomp``: cells that agree in every arrangement of one line;
4. ``contradiction``: a cell whose other value makes some line impossible, found by probing
   (the shortest chain of lines wins);
5. ``guess`` or ``ambiguous``: logic is stuck, or several solutions remain; one cell of a
   solution is offered.

Same-rung ties go to the hint nearest the cursor, then the lowest row, then the lowest column,
so a hint is deterministic. Whole-board scans run in the kernels; only the chosen line is
explained in Python (:mod:`nonotui.engine.explain`).
"""

from __future__ import annotations

import threading

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from nonotui.engine import _kernels as kernels
from nonotui.engine.explain import (
    arrangements,
    clue_text,
    cross_axis,
    fast_reasons,
    line_name,
    span_text,
)
from nonotui.engine.lines import work_array
from nonotui.engine.search import prepare, solve
from nonotui.model import EMPTY, FILLED, UNKNOWN, Board, Puzzle
from nonotui.model.check import filled_blocks
from nonotui.model.history import History

KINDS = ("solved", "mistake", "line", "contradiction", "guess", "ambiguous")
"""Every kind of hint, in ladder order after ``solved``."""

Cell = tuple[int, int, int]
"""``(row, column, value)`` with ``value`` a cell bitset (``FILLED`` or ``EMPTY``)."""


class HintCancelled(Exception):  # noqa: N818 - a signal, like engine.Contradiction
    """``should_stop`` asked the hint search to give up."""


@dataclass(frozen=True)
class Hint:
    """One hint: what it is about and why."""

    kind: str
    """One of :data:`KINDS`."""
    cells: tuple[Cell, ...]
    """The cells the hint is about: the wrong marks (with the value marked) for a mistake,
    otherwise the cells it decides or reveals (with their true value)."""
    line: tuple[str, int] | None
    """``("row" | "column", index)``: the line the deduction is made in (or broke in)."""
    method: str | None
    """``fast``, ``fcomp`` or ``probe``; ``None`` for the other kinds."""
    explanation: str
    """The reason in words, rows and columns counted from 1."""
    undo_moves: int | None = None
    """For a mistake found with the undo history: how many moves back the board last had a
    solution."""

    def changes(self) -> list[Cell]:
        """What applying the hint sets: a mistake clears its marks, anything else sets its cells.

        Clearing the marks made since the board last had a solution gives a board that has one
        again, because it holds a subset of that board's marks.
        """
        if self.kind == "mistake":
            return [(r, c, UNKNOWN) for r, c, _ in self.cells]
        return list(self.cells)

    def to_json(self) -> dict[str, object]:
        """The CLI's JSON shape, 0-based: ``{"kind", "cells", "line", "method",
        "explanation"}``."""
        return {
            "kind": self.kind,
            "cells": [[r, c, _symbol(v)] for r, c, v in self.cells],
            "line": None if self.line is None else {"axis": self.line[0], "index": self.line[1]},
            "method": self.method,
            "explanation": self.explanation,
        }


def _symbol(value: int) -> str:
    return "#" if value == FILLED else "-"


def _word(value: int) -> str:
    return "filled" if value == FILLED else "empty"


def _cell_name(r: int, c: int) -> str:
    return f"row {r + 1}, column {c + 1}"


def _closeness(cells: Iterable[tuple[int, int]], cursor: tuple[int, int]) -> tuple[int, int, int]:
    """The tie-break key of a set of cells: (distance to the cursor, row, column) of the best."""
    cr, cc = cursor
    return min((abs(r - cr) + abs(c - cc), r, c) for r, c in cells)


class _Lines:
    """A puzzle's lines, rows first, with the packed clues the kernels take."""

    def __init__(self, puzzle: Puzzle, board: Board) -> None:
        self.puzzle = puzzle
        self.board = board
        self.prep = prepare(puzzle)
        self.h, self.w = puzzle.height, puzzle.width

    def __iter__(self):
        for r in range(self.h):
            yield "row", r, self.puzzle.rows[r], self.board.cells[r, :]
        for c in range(self.w):
            yield "column", c, self.puzzle.columns[c], self.board.cells[:, c]

    def clue(self, number: int) -> Sequence[int]:
        """The clue of line ``number`` (rows first, then columns)."""
        p = self.puzzle
        return p.rows[number] if number < self.h else p.columns[number - self.h]

    def name(self, number: int) -> tuple[str, int]:
        """``(axis, index)`` of line ``number``."""
        return ("row", number) if number < self.h else ("column", number - self.h)

    def cell(self, axis: str, index: int, position: int) -> tuple[int, int]:
        """The board cell at ``position`` along a line."""
        return (index, position) if axis == "row" else (position, index)


def next_hint(
    puzzle: Puzzle,
    board: Board,
    cursor: tuple[int, int] = (0, 0),
    history: History | None = None,
    *,
    should_stop: Callable[[], bool] | None = None,
) -> Hint:
    """The easiest hint for ``board`` (see the module docstring for the ladder).

    Args:
        puzzle: A black-and-white puzzle.
        board: The player's marks; not changed.
        cursor: ``(row, column)`` from 0; ties between hints go to the nearest.
        history: The undo history that led to ``board``, to name the marks made since the
            board last had a solution when the marks are impossible together.
        should_stop: Polled during searches; returning true raises :class:`HintCancelled`.
    """
    board = board.copy()
    lines = _Lines(puzzle, board)
    if all(filled_blocks(cells) == tuple(clue) for _, _, clue, cells in lines):
        return Hint("solved", (), None, None, "Every row and column matches its clue: solved.")
    # an empty board holds no mistake, and proving a hard puzzle consistent can take minutes:
    # if the search runs out of time, the board is taken as consistent and logic goes on
    if marks_of(board) and _search(puzzle, board, 1, should_stop,
                                   timeout=CONSISTENCY_SECONDS).status == "contradiction":
        return _mistake(puzzle, board, history, should_stop)
    return (_fast_hint(lines, cursor) or _complete_hint(lines, cursor)
            or _probe_hint(lines, cursor) or _stuck_hint(puzzle, board, cursor, should_stop))


CONSISTENCY_SECONDS = 2.0
"""How long a hint may search for one solution to learn whether the marks are consistent."""


def _search(puzzle: Puzzle, board: Board | None, max_solutions: int,
            should_stop: Callable[[], bool] | None, timeout: float | None = None):
    result = solve(puzzle, board=board, max_solutions=max_solutions, should_stop=should_stop,
                   timeout=timeout)
    if result.status == "cancelled":
        raise HintCancelled
    return result


def marks_of(board: Board) -> list[Cell]:
    """Every decided cell as ``(row, column, value)``, in reading order."""
    rows, cols = np.nonzero((board.cells == FILLED) | (board.cells == EMPTY))
    return [(int(r), int(c), int(board.cells[r, c])) for r, c in zip(rows, cols)]


class ReferenceSolutions:
    """Up to two solutions of a puzzle's clues alone, searched for once and then kept.

    They depend on the clues only, never on the marks, so whoever checks the same puzzle many
    times (the player after every move, in immediate check mode) owns one of these and passes it
    along instead of solving the puzzle from scratch each time. Thread-safe; a search that was
    cancelled is not kept.
    """

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self._result = None
        self._lock = threading.Lock()

    def get(self, should_stop: Callable[[], bool] | None = None):
        """The :class:`~nonotui.engine.search.SolveResult` of the clues with ``max_solutions=2``."""
        with self._lock:
            if self._result is None:
                self._result = _search(self.puzzle, None, 2, should_stop)
            return self._result


def wrong_marks(puzzle: Puzzle, board: Board,
                should_stop: Callable[[], bool] | None = None,
                reference: ReferenceSolutions | None = None) -> list[Cell] | None:
    """The marks that no solution of the clues allows, in reading order.

    Judged against every solution, never a stored picture: a mark that one solution has is
    right. ``None`` when the clues themselves have no solution. ``reference`` saves solving the
    clues again when the caller keeps one for the puzzle.
    """
    marks = marks_of(board)
    if not marks:
        return []
    if reference is None:
        reference = ReferenceSolutions(puzzle)
    ref = reference.get(should_stop)
    if ref.status == "contradiction":
        return None
    known = [s.cells for s in ref.solutions]
    suspects = [m for m in marks if all(s[m[0], m[1]] != m[2] for s in known)]
    if ref.status == "unique":
        return suspects
    wrong = []
    for r, c, v in suspects:
        alone = Board.empty(puzzle)
        alone.cells[r, c] = v
        if _search(puzzle, alone, 1, should_stop).status == "contradiction":
            wrong.append((r, c, v))
    return wrong


def _listing(cells: Sequence[Cell], limit: int = 8) -> str:
    named = [f"{_cell_name(r, c)} ({_word(v)})" for r, c, v in cells[:limit]]
    if len(cells) > limit:
        named.append(f"{len(cells) - limit} more")
    return named[0] if len(named) == 1 else f"{', '.join(named[:-1])} and {named[-1]}"


def _mistake(puzzle: Puzzle, board: Board, history: History | None,
             should_stop: Callable[[], bool] | None) -> Hint:
    wrong = wrong_marks(puzzle, board, should_stop)
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
            text = f"{_cell_name(r, c).capitalize()} is marked {_word(v)}, but no solution has it {_word(v)}."
        else:
            text = f"{len(wrong)} marks fit no solution: {_listing(wrong)}."
        return Hint("mistake", tuple(wrong), None, None, text + when, back)
    if since:
        text = ("Each mark fits some solution, but together they fit none. Marks made since the "
                f"board last had a solution: {_listing(since)}.")
        return Hint("mistake", tuple(since), None, None, text + when, back)
    # no history to go by: the marks a solution disagrees with are a set whose removal works
    ref = _search(puzzle, None, 1, should_stop).solutions[0].cells
    differing = [m for m in marks_of(board) if ref[m[0], m[1]] != m[2]]
    text = ("Each mark fits some solution, but together they fit none. These marks differ from "
            f"one solution: {_listing(differing)}.")
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
        if _search(puzzle, past, 1, should_stop).status != "contradiction":
            since = [(r, c, int(board.cells[r, c])) for r, c in sorted(touched)
                     if board.cells[r, c] in (FILLED, EMPTY)]
            return back, since
    return None, []


def _fast_hint(lines: _Lines, cursor: tuple[int, int]) -> Hint | None:
    best = None
    for order, (axis, index, clue, cells) in enumerate(lines):
        for n, reason in enumerate(fast_reasons(axis, clue, cells)):
            where = [lines.cell(axis, index, p) for p in reason.positions]
            key = (_closeness(where, cursor), order, n)
            if best is None or key < best[0]:
                best = (key, axis, index, clue, reason, where)
    if best is None:
        return None
    _, axis, index, clue, reason, where = best
    text = f"{line_name(axis, index)}, clue {clue_text(clue)}: {reason.text}."
    return Hint("line", tuple((r, c, reason.value) for r, c in where), (axis, index), "fast",
                text)


def _complete_hint(lines: _Lines, cursor: tuple[int, int]) -> Hint | None:
    prep = lines.prep
    iwork = work_array(max(lines.h, lines.w), max((len(c) for _, _, c, _ in lines), default=0))
    best = None
    for order, (axis, index, clue, cells) in enumerate(lines):
        line = np.ascontiguousarray(cells)
        out = np.empty_like(line)
        a, b = prep.clue_off[order], prep.clue_off[order + 1]
        status = kernels.solve_line(kernels.FCOMP, prep.blocks[a:b], prep.colors[a:b], line,
                                    out, iwork)
        if status != kernels.CHANGED:
            continue
        changed = [p for p in range(len(line)) if out[p] != line[p]]
        where = [lines.cell(axis, index, p) for p in changed]
        key = (_closeness(where, cursor), order)
        if best is None or key < best[0]:
            best = (key, axis, index, clue, line, [(p, int(out[p])) for p in changed], where)
    if best is None:
        return None
    _, axis, index, clue, line, decided, where = best
    ways = arrangements(clue, line)
    ax = cross_axis(axis)
    parts = []
    for value in (FILLED, EMPTY):
        ps = [p for p, v in decided if v == value]
        if ps:
            parts.append(f"{span_text(ax, ps)} {'is' if len(ps) == 1 else 'are'} {_word(value)}")
    how = "in the only way" if ways == 1 else f"in all {ways:,} ways"
    text = (f"{line_name(axis, index)}, clue {clue_text(clue)}: {how} the blocks can still be "
            f"placed, {' and '.join(parts)}.")
    cells = tuple((r, c, v) for (r, c), (_, v) in zip(where, decided))
    return Hint("line", cells, (axis, index), "fcomp", text)


def _probe_hint(lines: _Lines, cursor: tuple[int, int]) -> Hint | None:
    prep, h, w = lines.prep, lines.h, lines.w
    flat = lines.board.cells.reshape(-1).copy()
    sizes = np.zeros((h * w, 2), dtype=np.int64)
    kernels.probe_all(h, w, prep.blocks, prep.colors, prep.clue_off, flat, sizes)
    hits = sizes[sizes > 0]
    if hits.size == 0:
        return None
    shortest = int(hits.min())
    candidates = []
    for idx, v in zip(*np.nonzero(sizes == shortest)):
        r, c = divmod(int(idx), w)
        candidates.append((_closeness([(r, c)], cursor), int(idx), int(v)))
    _, idx, v = min(candidates)
    assumed = FILLED if v == 1 else EMPTY
    return _explain_probe(lines, flat, idx, assumed)


def _explain_probe(lines: _Lines, flat: np.ndarray, idx: int, assumed: int) -> Hint:
    """Re-run one probe and tell its chain: each line solve the contradiction rests on, in the
    order they happen, with the cells it forced that later solves used."""
    prep, h, w = lines.prep, lines.h, lines.w
    setter = np.empty(h * w, dtype=np.int64)
    step_of = np.empty(h * w, dtype=np.int64)
    need = np.empty(h * w, dtype=np.uint8)
    work = flat.copy()
    _, broken, _ = kernels.probe_chain(h, w, prep.blocks, prep.colors, prep.clue_off, work, idx,
                                       assumed, h * w + h + w, setter, step_of, need)
    solves: dict[int, tuple[int, list[int]]] = {}  # step -> (line, needed cells it set)
    for cell in np.flatnonzero(need):
        if setter[cell] >= 0:
            solves.setdefault(int(step_of[cell]), (int(setter[cell]), []))[1].append(int(cell))
    r, c = divmod(idx, w)
    named: set[int] = set()

    def line_words(number: int) -> str:
        axis, index = lines.name(number)
        words = line_name(axis, index).lower()
        if number not in named:
            named.add(number)
            words += f" (clue {clue_text(lines.clue(number))})"
        return words

    parts = []
    for step in sorted(solves):
        number, forced = solves[step]
        axis, _ = lines.name(number)
        along = cross_axis(axis)
        said = []
        for value in (FILLED, EMPTY):
            ps = [(cell % w if axis == "row" else cell // w) for cell in forced
                  if work[cell] == value]
            if ps:
                said.append(f"{span_text(along, ps)} {_word(value)}")
        parts.append(f"{line_words(number)} would force {' and '.join(said)}")
    parts.append(f"{line_words(broken)} could then not be placed")
    chain = parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])}, and {parts[-1]}"
    truth = EMPTY if assumed == FILLED else FILLED
    text = (f"If {_cell_name(r, c)} were {_word(assumed)}, {chain}; so {_cell_name(r, c)} is "
            f"{_word(truth)}.")
    return Hint("contradiction", ((r, c, truth),), lines.name(broken), "probe", text)


def _stuck_hint(puzzle: Puzzle, board: Board, cursor: tuple[int, int],
                should_stop: Callable[[], bool] | None) -> Hint:
    result = _search(puzzle, board, 2, should_stop)
    sol = result.solutions[0].cells
    open_cells = [(int(r), int(c)) for r, c in zip(*np.nonzero(board.cells == UNKNOWN))]
    if result.status == "multiple":
        other = result.solutions[1].cells
        split = [(r, c) for r, c in open_cells if sol[r, c] != other[r, c]]
        r, c = min(split, key=lambda rc: _closeness([rc], cursor))
        v = int(sol[r, c])
        text = (f"The clues and your marks allow more than one solution, so logic cannot finish "
                f"the puzzle. Revealing {_cell_name(r, c)} ({_word(v)} in one solution) picks one.")
        return Hint("ambiguous", ((r, c, v),), None, None, text)
    r, c = min(open_cells, key=lambda rc: _closeness([rc], cursor))
    v = int(sol[r, c])
    text = ("No line, alone or by assuming a cell and following its lines, decides another cell "
            f"from here: the puzzle needs a guess. In the solution, {_cell_name(r, c)} is "
            f"{_word(v)}.")
    return Hint("guess", ((r, c, v),), None, None, text)
