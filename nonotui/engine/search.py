"""The whole-puzzle solver: propagation, probing and bifurcation, behind :func:`solve`.

The search itself is one compiled kernel (:func:`nonotui.engine._kernels.search`) that releases
the GIL. :func:`solve` runs it in a thread of its own whenever the caller wants to be able to stop
it or to hear of its progress, and meanwhile polls ``should_stop``, the deadline and the kernel's
counters every few milliseconds in the caller's thread; stopping is a flag the kernel reads before
every line it solves.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from nonotui.engine import _kernels as kernels
from nonotui.engine.lines import DEFAULT_STACK, Stack, parse_stack
from nonotui.errors import NonotuiError, UnsupportedPuzzleError
from nonotui.model import CELL_DTYPE, CLUE_DTYPE, Board, Puzzle

OPTIONS = np.zeros(4, dtype=np.int64)
POLL_SECONDS = 0.005
"""How often a stoppable search looks at ``should_stop``, the deadline and progress."""

STATUSES = ("unique", "multiple", "solved", "contradiction", "timeout", "cancelled")
"""``solved``: a solution was found and uniqueness was not asked for (``max_solutions=1``)."""


@dataclass(frozen=True)
class SolveStats:
    """What the search did."""

    lines: dict[str, int]
    """Lines solved by each linesolver of the stack, by name."""
    probes: int
    """Cell values tried by probing."""
    guesses: int
    """Bifurcations (cells guessed with the alternative pushed on the stack)."""
    max_depth: int
    """The deepest the bifurcation stack went."""
    backtracks: int
    """States abandoned and alternatives taken from the stack."""
    contradictions: int
    """Lines found inconsistent (in probes and in branches)."""

    def as_dict(self) -> dict[str, object]:
        """The statistics as plain JSON-ready values."""
        return {
            "lines": sum(self.lines.values()),
            "lines_by_solver": dict(self.lines),
            "probes": self.probes,
            "guesses": self.guesses,
            "max_depth": self.max_depth,
            "backtracks": self.backtracks,
            "contradictions": self.contradictions,
        }


@dataclass(frozen=True)
class Progress:
    """A snapshot of a running search, handed to ``on_progress``."""

    seconds: float
    decided: int
    """Cells decided in the state the search is working on."""
    cells: int
    solutions: int
    depth: int
    guesses: int


@dataclass(frozen=True)
class SolveResult:
    """The answer of :func:`solve`."""

    status: str
    """One of :data:`STATUSES`."""
    solutions: list[Board]
    """The solutions found (all of them for ``unique``; on timeout or cancel, those found)."""
    stats: SolveStats
    seconds: float
    """Time spent in the engine, compilation excluded when the kernels were already loaded."""
    stack: str = field(default=DEFAULT_STACK)
    """The linesolver stack used."""


@dataclass
class _Prepared:
    h: int
    w: int
    blocks: np.ndarray
    colors: np.ndarray
    clue_off: np.ndarray
    score: np.ndarray


def prepare(puzzle: Puzzle) -> _Prepared:
    """Pack a puzzle's clues for the kernels (rows first, then columns)."""
    if puzzle.is_color:
        raise UnsupportedPuzzleError(
            "this is a colour puzzle; the solver handles black-and-white puzzles only so far"
        )
    clues = list(puzzle.rows) + list(puzzle.columns)
    lengths = [puzzle.width] * puzzle.height + [puzzle.height] * puzzle.width
    offsets = np.zeros(len(clues) + 1, dtype=CLUE_DTYPE)
    offsets[1:] = np.cumsum([len(c) for c in clues])
    blocks = np.array([n for c in clues for n in c], dtype=CLUE_DTYPE)
    score = np.array([_seed_score(c, n) for c, n in zip(clues, lengths)], dtype=np.float64)
    return _Prepared(
        puzzle.height, puzzle.width, blocks, np.ones_like(blocks), offsets, score
    )


def _seed_score(clue: tuple[int, ...], length: int) -> float:
    """Seed 003's T, computed in Python (the kernel has its own for compiled callers)."""
    n = len(clue)
    if n == 0:
        return float(length)
    return float((n + 1) * sum(clue) + n * (n - length - 1))


def solve(
    puzzle: Puzzle,
    *,
    max_solutions: int = 2,
    linesolvers: str | Stack = DEFAULT_STACK,
    timeout: float | None = None,
    should_stop: Callable[[], bool] | None = None,
    on_progress: Callable[[Progress], None] | None = None,
    board: Board | None = None,
) -> SolveResult:
    """Solve ``puzzle``, from ``board`` when given (a partly filled state) or from scratch.

    Args:
        puzzle: A black-and-white puzzle.
        max_solutions: Stop after this many solutions; 2 proves uniqueness.
        linesolvers: The linesolver stack, e.g. ``"fast,fcomp"``.
        timeout: Seconds after which the search stops with status ``timeout``.
        should_stop: Polled every few milliseconds; returning true cancels (status
            ``cancelled``).
        on_progress: Called in the caller's thread every few milliseconds while the search runs.
        board: The starting state; its marks are taken as given.

    Returns:
        The status, the solutions found and statistics.

    Raises:
        UnsupportedPuzzleError: a colour puzzle.
        NonotuiError: ``max_solutions`` below 1, a board of the wrong size, or an unknown
            linesolver.
    """
    if max_solutions < 1:
        raise NonotuiError("max_solutions must be at least 1")
    stack = linesolvers if isinstance(linesolvers, Stack) else parse_stack(linesolvers)
    prep = prepare(puzzle)
    if board is None:
        cells = np.full(prep.h * prep.w, 3, dtype=CELL_DTYPE)
    else:
        if (board.height, board.width) != (prep.h, prep.w):
            raise NonotuiError(
                f"the board is {board.width}x{board.height}, the puzzle {prep.w}x{prep.h}"
            )
        cells = board.cells.reshape(-1).copy()
    methods = stack.method_ids()
    complete = np.array([s.complete for s in stack], dtype=np.bool_)
    solutions = np.zeros((max_solutions, prep.h * prep.w), dtype=CELL_DTYPE)
    control = np.zeros(1, dtype=np.int64)
    stats = np.zeros(kernels.ST_LINES + len(methods), dtype=np.int64)
    args = (prep.h, prep.w, prep.blocks, prep.colors, prep.clue_off, methods, complete,
            prep.score, cells, max_solutions, solutions, control, stats, OPTIONS)

    start = time.perf_counter()
    stopped_by = None
    if timeout is None and should_stop is None and on_progress is None:
        status, found = kernels.search(*args)
    else:
        status, found, stopped_by = _run_stoppable(
            args, control, stats, start, timeout, should_stop, on_progress, prep.h * prep.w
        )
    seconds = time.perf_counter() - start
    if status == kernels.SEARCH_REFUSED:
        raise NonotuiError("the linesolvers refused this puzzle's clues")
    boards = [Board(solutions[i].reshape(prep.h, prep.w).copy()) for i in range(found)]
    return SolveResult(
        status=_status(status, found, max_solutions, stopped_by),
        solutions=boards,
        stats=_stats(stats, stack),
        seconds=seconds,
        stack=str(stack),
    )


def _run_stoppable(args, control, stats, start, timeout, should_stop, on_progress, n_cells):
    """Run the kernel in a thread; poll the stop conditions and report progress meanwhile."""
    outcome: list[tuple[int, int]] = []
    failure: list[BaseException] = []

    def work() -> None:
        try:
            outcome.append(kernels.search(*args))
        except BaseException as exc:  # re-raised in the caller's thread below
            failure.append(exc)

    thread = threading.Thread(target=work, name="nonotui-search", daemon=True)
    thread.start()
    stopped_by = None
    deadline = None if timeout is None else start + timeout
    while True:
        thread.join(POLL_SECONDS)
        if not thread.is_alive():
            break
        if stopped_by is None:
            if deadline is not None and time.perf_counter() >= deadline:
                stopped_by = "timeout"
            elif should_stop is not None and should_stop():
                stopped_by = "cancelled"
            if stopped_by is not None:
                control[0] = 1
        if on_progress is not None:
            on_progress(
                Progress(
                    seconds=time.perf_counter() - start,
                    decided=int(stats[kernels.ST_DECIDED]),
                    cells=n_cells,
                    solutions=int(stats[kernels.ST_SOLUTIONS]),
                    depth=int(stats[kernels.ST_DEPTH]),
                    guesses=int(stats[kernels.ST_GUESSES]),
                )
            )
    if failure:
        raise failure[0]
    status, found = outcome[0]
    return status, found, stopped_by


def _status(status: int, found: int, max_solutions: int, stopped_by: str | None) -> str:
    if status == kernels.SEARCH_STOPPED:
        return stopped_by or "cancelled"
    if found >= 2:
        return "multiple"
    if status == kernels.SEARCH_DONE:
        return "unique" if found == 1 else "contradiction"
    # stopped at the limit with max_solutions == 1: uniqueness was not examined
    return "solved"


def _stats(stats: np.ndarray, stack: Stack) -> SolveStats:
    return SolveStats(
        lines={s.name: int(stats[kernels.ST_LINES + r]) for r, s in enumerate(stack)},
        probes=int(stats[kernels.ST_PROBES]),
        guesses=int(stats[kernels.ST_GUESSES]),
        max_depth=int(stats[kernels.ST_MAX_DEPTH]),
        backtracks=int(stats[kernels.ST_BACKTRACKS]),
        contradictions=int(stats[kernels.ST_CONTRADICTIONS]),
    )
