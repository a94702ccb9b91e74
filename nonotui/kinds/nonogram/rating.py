"""How hard a nonogram is: the path a player following hints takes, and its grade.

:func:`rate` solves a puzzle from an empty board the way a player who always takes the easiest
hint would (docs/solver.md, "Rating"):

1. while some line alone decides a cell, take the easiest line step
   (:func:`~nonotui.kinds.nonogram.engine.ladder.easiest_line_step`, cursor at the top left, as
   :func:`easiest_from_top_left` finds it sooner) and apply its whole deduction, counted under
   its technique;
2. when no line decides anything and cells are left, probe: the cell whose other value breaks a
   line through the *shortest* chain (the fewest line solves, nearest the top left: the probe
   the contradiction hint picks and tells) is decided, counted as ``Contradiction``, and the
   chain's length kept: the number of distinct lines it rests on;
3. when probing finds nothing either, the puzzle needs guessing: the engine's search from the
   stalled board (whose marks are all deductions, so its solutions are the clues' own) says
   whether there is one solution, several or none.

A walk that finishes has proven the solution unique (every cell was deduced from the clues).
The grade weighs both the hardest step and the amount of work (docs/solver.md, "Grades that
separate"):

- line logic alone (no contradiction): the larger of the hardest technique's grade (1: finished
  lines, simple boxes and spaces, forcing; 2: glue, joining and splitting, punctuation, mercury,
  block identification; 3: sliding and whole-line reasoning) and the grade of the work per line
  (:func:`work_of`: the score over the number of rows and columns): up to :data:`WORK_1` is 1,
  up to :data:`WORK_2` is 2, more is 3;
- with contradictions: 4, or 5 when a chain rested on more than :data:`SHORT_CHAIN` lines or
  the work per line is over :data:`WORK_5`;
- 0 when the walk stalled (guessing, several solutions) or the clues broke.

The score is :func:`score_of` the path.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from nonotui.kinds.nonogram.puzzle import Axis, Puzzle, unknown_board
from nonotui.model import FILLED, Board
from nonotui.model.vocab import Cancelled, Rating, RatingReason

if TYPE_CHECKING:
    from nonotui.kinds.nonogram.engine.ladder import LineStep, Memo
    from nonotui.kinds.nonogram.engine.packed import Prepared

# The engine (and numba with it) is imported by the functions that need it, so that importing
# this module costs nothing (tests/unit/test_import_hygiene.py).

CONTRADICTION = "Contradiction"
"""The technique's name (:data:`nonotui.kinds.nonogram.engine.techniques.CONTRADICTION`)."""

SHORT_CHAIN = 4
"""The most distinct lines the chain of a grade-4 contradiction rests on: four, the fewest any
chain can. On a board no line alone can add to, a line given one more cell still has an
arrangement, and a row and a column share one cell; so the line that breaks must have gained
cells from two crossing lines, at least one of which learned from a third line, which learned
from the assumed cell (docs/solver.md, "Rating"). The issue's "chains of one or two lines"
counts the lines beyond the first two such a chain needs; grade 5 is for longer chains."""

WEIGHTS: dict[int, int] = {1: 1, 2: 2, 3: 4}
"""The score of one line step, by its technique's grade."""
WORK_1 = 2.2
"""The most work per line (:func:`work_of`) a grade-1 puzzle takes."""
WORK_2 = 5.0
"""The most work per line a grade-2 puzzle takes; more makes a line-logic puzzle grade 3.
:data:`WORK_1` and this split the 57 line-logic puzzles of the bench and the bundled ones into
three grades of 13, 19 and 25 (benchmarks/grades.py), and let the generator reach grades 1 and
2 from 15x15 on (3 and 6 split them 17, 20, 20, but a 10x10 or 20x20 grade-2 request then came
out grade 1 every time: small pictures need little work per line)."""
WORK_5 = 12.0
"""The most work per line a grade-4 puzzle (contradictions, short chains) takes: Merka (55x60,
29 contradictions, 25 a line) is grade 5 for its work, not only the 12x12 Anchor for its long
chains."""
CONTRADICTION_BASE = 8
"""The score of one contradiction step is this plus :data:`CONTRADICTION_PER_LINE` per line
its chain rests on."""
CONTRADICTION_PER_LINE = 4

__all__ = ["RatedStep", "easiest_from_top_left", "rate", "score_of", "work_of", "words"]


@dataclass(frozen=True)
class RatedStep:
    """One step of the rating's path."""

    technique: str
    """The technique's name (a line technique, or ``Contradiction``)."""
    line: tuple[Axis, int] | None
    """``(axis, index)`` 0-based: the line a line step deduces in, or the line a
    contradiction's chain breaks."""
    cell: tuple[int, int] | None
    """The probed cell of a contradiction, ``None`` for a line step."""
    cells: tuple[tuple[int, int, int], ...]
    """Every cell the step decides, ``(row, column, value)``."""
    chain: int
    """A contradiction's chain: how many distinct lines it rests on (the lines whose solves
    its explanation tells, and the line that breaks); 0 for a line step."""
    text: str
    """The step in words, as its hint says it."""
    solves: int = 0
    """A contradiction's line solves, as its explanation tells them (a line may be solved twice
    in a chain); 0 for a line step."""


def words(step: RatedStep) -> str:
    """The step as ``nonotui explain`` prints it: its hint's text, which starts with its
    technique (``"Contradiction (a chain of 4 lines). If row 2, column 1 were filled, ..."``;
    the chain is added here when the explanation does not say it)."""
    if step.technique == CONTRADICTION and not step.text.startswith(CONTRADICTION):
        return f"{CONTRADICTION} (a chain of {step.chain} lines). {step.text}"
    return step.text


def score_of(path: Sequence[RatedStep]) -> int:
    """The path's score: each line step weighs :data:`WEIGHTS` of its technique's grade, each
    contradiction :data:`CONTRADICTION_BASE` plus :data:`CONTRADICTION_PER_LINE` per line its
    chain rests on."""
    from nonotui.kinds.nonogram.engine.techniques import BY_NAME

    total = 0
    for step in path:
        if step.technique == CONTRADICTION:
            total += CONTRADICTION_BASE + CONTRADICTION_PER_LINE * step.chain
        else:
            total += WEIGHTS[BY_NAME[step.technique].grade]
    return total


def work_of(puzzle: Puzzle, score: int) -> float:
    """The work per line: ``score`` over the puzzle's rows and columns. A 75x50 puzzle solved
    by the easiest techniques is long, not hard; this is what sets it apart from a 15x15 one
    that needs as many steps of the same kind on every line."""
    return score / (puzzle.width + puzzle.height)


def rate(puzzle: Puzzle, *, should_stop: Callable[[], bool] | None = None,
         path: list[RatedStep] | None = None) -> Rating:
    """Rate ``puzzle`` by the path of a player who always takes the easiest hint.

    Args:
        puzzle: A puzzle, black and white or in colour (whose line steps are named as
            :mod:`~nonotui.kinds.nonogram.engine.colour_hints` names them).
        should_stop: Polled between steps and during the search; true raises :class:`Cancelled`.
        path: When given, every step of the path is appended to it, in order.

    Raises:
        Cancelled: ``should_stop`` returned true.
    """
    from nonotui.kinds.nonogram.engine.lines import Contradiction
    from nonotui.kinds.nonogram.engine.packed import prepare

    prep = prepare(puzzle)
    board = unknown_board(puzzle)
    steps: list[RatedStep] = [] if path is None else path
    first = len(steps)
    memo: Memo = {}
    broken = False
    while not np.all(_decided(board.cells)):
        if should_stop is not None and should_stop():
            raise Cancelled
        try:
            if puzzle.is_color:
                step = _colour_step(puzzle, board, prep, should_stop)
            else:
                step = (_line_step(puzzle, board, memo)
                        or _contradiction_step(puzzle, board, prep))
        except Contradiction:
            broken = True
            break
        if step is None:
            break
        for r, c, v in step.cells:
            board.cells[r, c] = v
        steps.append(step)
    return _rating(puzzle, board, steps[first:], broken, should_stop)


def _decided(cells: np.ndarray) -> np.ndarray:
    c = cells.astype(np.int64)
    one: np.ndarray = (c != 0) & ((c & (c - 1)) == 0)
    return one


def _colour_step(puzzle: Puzzle, board: Board, prep: Prepared,
                 should_stop: Callable[[], bool] | None = None) -> RatedStep | None:
    """A colour puzzle's next step: the easiest colour line step from the top left, else a cell
    its row and column decide together, else the colour contradiction the hint would tell
    (:mod:`~.engine.colour_hints`)."""
    import nonotui.kinds.nonogram.engine.colour_hints as colour_hints
    from nonotui.kinds.nonogram.engine.hints import Lines, colour_probe_hint

    step = colour_hints.easiest_line_step(puzzle, board, (0, 0))
    if step is not None:
        return RatedStep(step.technique, (step.axis, step.index), None, step.cells(), 0,
                         step.text(puzzle.palette))
    cross = colour_hints.crossing_step(puzzle, board, (0, 0))
    if cross is not None:
        return RatedStep(colour_hints.CROSSING, ("row", cross.row), None,
                         ((cross.row, cross.column, cross.value),), 0, cross.text(puzzle))
    from nonotui.kinds.nonogram.engine.checks import HintCancelled

    try:
        hint = colour_probe_hint(Lines(puzzle, board, prep), (0, 0), should_stop)
    except HintCancelled as exc:
        raise Cancelled from exc
    if hint is None:
        return None
    assert hint.chain is not None
    (r, c, _), = hint.cells
    return RatedStep(CONTRADICTION, hint.line, (r, c), hint.cells, hint.chain, hint.explanation)


def _line_step(puzzle: Puzzle, board: Board, memo: Memo) -> RatedStep | None:
    step = easiest_from_top_left(puzzle, board, memo)
    if step is None:
        return None
    return RatedStep(step.technique, (step.axis, step.index), None, step.cells(), 0, step.text())


def easiest_from_top_left(puzzle: Puzzle, board: Board, memo: Memo | None = None
                          ) -> LineStep | None:
    """:func:`~nonotui.kinds.nonogram.engine.ladder.easiest_line_step` with the cursor at the top
    left, sooner: the same order (the technique's rank, then the decided cell nearest the top
    left by distance, row and column, then rows before columns) over the same
    :func:`~nonotui.kinds.nonogram.engine.ladder.line_steps`, but a step harder than the best so
    far is passed over, and a step's nearest cell is its lowest decided position (along one line
    the distance to the top left grows with the position). A test walks puzzles with both and
    finds the same steps.

    Raises:
        Contradiction: some line admits no arrangement of its clue.
    """
    from nonotui.kinds.nonogram.engine.ladder import line_steps

    best: tuple[tuple[int, tuple[int, int, int], int], LineStep] | None = None
    for order, step in enumerate(line_steps(puzzle, board, memo)):
        rank = step.rank
        if best is not None and rank > best[0][0]:
            continue
        first = min(p for cells in step.deduction.cells_by_technique.values() for p in cells)
        r, c = step.board_cell(first)
        key = (rank, (r + c, r, c), order)
        if best is None or key < best[0]:
            best = (key, step)
    return None if best is None else best[1]


def _contradiction_step(puzzle: Puzzle, board: Board, prep: Prepared) -> RatedStep | None:
    """The probe with the fewest line solves, nearest the top left, as the contradiction hint
    finds and tells it; ``None`` when no probe breaks a line."""
    from nonotui.kinds.nonogram.engine.context import probe_all_sizes
    from nonotui.kinds.nonogram.engine.hints import Lines, explain_probe, shortest_probe

    w = prep.w
    flat = board.cells.reshape(-1).copy()
    sizes = probe_all_sizes(prep, flat)
    # the hint's order with the cursor at the top left
    chosen = shortest_probe(sizes, w, (0, 0))
    if chosen is None:
        return None
    idx, assumed = chosen
    hint = explain_probe(Lines(puzzle, board, prep), flat, idx, assumed)
    assert hint.chain is not None  # a contradiction hint always counts its chain
    return RatedStep(CONTRADICTION, hint.line, divmod(idx, w), hint.cells, hint.chain,
                     hint.explanation, int(sizes[idx, 1 if assumed == FILLED else 0]))


def _rating(puzzle: Puzzle, board: Board, path: Sequence[RatedStep], broken: bool,
            should_stop: Callable[[], bool] | None) -> Rating:
    from nonotui.kinds.nonogram.engine.checks import HintCancelled, search
    from nonotui.kinds.nonogram.engine.techniques import BY_NAME, TECHNIQUES

    counts = Counter(step.technique for step in path)
    steps = {t.name: counts[t.name] for t in TECHNIQUES if counts[t.name]}
    hardest = max(counts, key=lambda name: BY_NAME[name].rank, default=None)
    score = score_of(path)
    reason: RatingReason | None = None
    unique: bool | None = True
    from nonotui.kinds.nonogram.engine.checks import marks_solve

    open_cells = not np.all(_decided(board.cells))
    if broken or (not open_cells and not marks_solve(puzzle, board)):
        reason, unique = "no solution", False
    elif open_cells:
        try:
            status = search(puzzle, board, 2, should_stop).status
        except HintCancelled as exc:
            raise Cancelled from exc
        if status == "unique":
            reason = "needs guessing"
        elif status == "multiple":
            reason, unique = "not unique", False
        elif status == "contradiction":
            reason, unique = "no solution", False
        else:  # a timeout cannot happen without one; say nothing unproven
            reason, unique = "needs guessing", None
    if reason is not None:
        return Rating(0, score, False, unique, hardest, steps, reason)
    work = work_of(puzzle, score)
    if counts[CONTRADICTION]:
        longest = max(step.chain for step in path if step.technique == CONTRADICTION)
        grade = 4 if longest <= SHORT_CHAIN and work <= WORK_5 else 5
    else:
        hardest_grade = max((BY_NAME[name].grade for name in counts), default=1)
        grade = max(hardest_grade, 1 if work <= WORK_1 else 2 if work <= WORK_2 else 3)
    return Rating(grade, score, 1 <= grade <= 3, True, hardest, steps)
