"""The Aquarium solver's Python side: boards to level domains and back, and :func:`solve`, :func:`propagate`, :func:`level_domains` and :func:`warm_up`.

The search is one compiled kernel (:func:`nonotui.kinds.aquarium.engine._kernels.search`) that
releases the GIL. When the caller can stop it or listens to its progress, :func:`solve` runs it
in a thread of its own and polls ``should_stop``, the deadline and the kernel's counters every
few milliseconds; stopping is a flag the kernel reads before every probe and every node.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

import nonotui.kinds.aquarium.engine.calls as calls
from nonotui.errors import NonotuiError
from nonotui.kinds.aquarium.engine.packed import Packed, pack
from nonotui.kinds.aquarium.puzzle import AIR, UNKNOWN, WATER, AquariumPuzzle, make_puzzle
from nonotui.model.board import Board
from nonotui.model.cells import CELL_DTYPE
from nonotui.model.vocab import SolveOutcome, SolveStats, SolveStatus, Stop

POLL_SECONDS = 0.005
"""How often a stoppable search looks at ``should_stop``, the deadline and progress."""


@dataclass(frozen=True)
class Progress:
    """A snapshot of a running search, handed to ``progress``."""

    seconds: float
    decided: int
    """Tanks whose level is fixed in the state the search is working on."""
    tanks: int
    solutions: int
    depth: int
    guesses: int


def _domains(puzzle: AquariumPuzzle, packed: Packed,
             board: Board | None) -> tuple[np.ndarray, np.ndarray]:
    """Each tank's levels ``[lo, hi]`` allowed by gravity and the board's marks (water at row
    ``r`` means level <= r, air means level > r; a cell with no value left empties a domain)."""
    lo = packed.top.copy()
    hi = packed.bottom + 1
    if board is None:
        return lo, hi
    if (board.height, board.width) != (puzzle.height, puzzle.width):
        raise NonotuiError(f"the board is {board.width}x{board.height}, the puzzle "
                           f"{puzzle.width}x{puzzle.height}")
    cells = board.cells & UNKNOWN
    water = cells == WATER
    air = cells == AIR
    np.minimum.at(hi, packed.tanks[water], packed.row_index[water])
    np.maximum.at(lo, packed.tanks[air], packed.row_index[air] + 1)
    if np.any(cells == 0):
        lo[packed.tanks[cells == 0]] = packed.bottom[packed.tanks[cells == 0]] + 2
    return lo, hi


def _board(packed: Packed, lo: np.ndarray, hi: np.ndarray) -> Board:
    """The cells the domains decide: water at or below ``hi``, air above ``lo``."""
    rows = packed.row_index
    cells = np.full(rows.shape, UNKNOWN, dtype=CELL_DTYPE)
    cells[rows >= hi[packed.tanks]] = WATER
    cells[rows < lo[packed.tanks]] = AIR
    return Board(cells)


def board_of_levels(puzzle: AquariumPuzzle, levels: np.ndarray | list[int]) -> Board:
    """The complete board of one level per tank."""
    (board,) = _boards(pack(puzzle), np.asarray(levels, dtype=np.int64)[None, :])
    return board


def _boards(packed: Packed, levels: np.ndarray) -> tuple[Board, ...]:
    """The boards of the rows of ``levels`` (one level per tank each), in one array operation:
    a search stopped after thousands of solutions gave them back one by one, packing the
    puzzle again for each, in about 0.1 s after the kernel had stopped."""
    small = np.int16 if packed.row_index.shape[0] < 1 << 14 else np.int64  # levels <= height
    water = np.greater_equal(packed.row_index.astype(small)[None, :, :],
                             levels.astype(small)[:, packed.tanks])
    grids = np.where(water, CELL_DTYPE(WATER), CELL_DTYPE(AIR))
    return tuple(Board(grid) for grid in grids)


def level_domains(puzzle: AquariumPuzzle,
                  board: Board | None = None) -> list[tuple[int, int]] | None:
    """Each tank's levels ``(lo, hi)`` left at the rules' fixpoint from ``board`` (every level
    from ``lo`` to ``hi`` inclusive; ``bottom + 1`` is empty), or ``None`` on a contradiction."""
    packed = pack(puzzle)
    lo, hi = _domains(puzzle, packed, board)
    if not calls.propagate_levels(packed, lo, hi, exact=True):
        return None
    return [(int(a), int(b)) for a, b in zip(lo, hi)]


def propagate(puzzle: AquariumPuzzle, board: Board) -> Board | None:
    """The fixpoint of gravity and the row and column rules from ``board``'s marks: a new board
    with every cell they decide, or ``None`` when the marks and counts contradict each other.

    No probing and no search: what this returns is what the rules alone deduce (it keeps every
    mark of ``board`` that fits; a cell with no value left, or marks that break gravity, give
    ``None``).
    """
    packed = pack(puzzle)
    lo, hi = _domains(puzzle, packed, board)
    if not calls.propagate_levels(packed, lo, hi, exact=True):
        return None
    return _board(packed, lo, hi)


def solve(
    puzzle: AquariumPuzzle,
    *,
    board: Board | None = None,
    max_solutions: int = 2,
    timeout: float | None = None,
    should_stop: Stop | None = None,
    progress: Callable[[Progress], None] | None = None,
    probing: bool = True,
    exact: bool = True,
    branching: int = 2,
) -> SolveOutcome:
    """Solve ``puzzle`` from ``board``'s marks (taken as given) or from scratch.

    Propagation (gravity, the row and column rules), probing every open tank's levels, then
    bifurcation on the level of the tank whose levels all decide most in probing (less water
    first); the whole tree is explored, so ``max_solutions=2`` proves a
    solution unique. The same puzzle and board give the same answer on every run.

    Args:
        puzzle: The puzzle; missing counts constrain nothing.
        board: The starting marks (AIR/WATER bitsets), or ``None``.
        max_solutions: Stop after this many solutions (at least 1).
        timeout: Seconds after which the search stops with status ``timeout``.
        should_stop: Polled every few milliseconds; returning true stops the search with
            status ``cancelled`` (within about 5 ms of the kernel's next probe).
        progress: Called in the caller's thread every few milliseconds while the search runs,
            and once at its end.
        probing: Probe before branching (measurements only; the answer is the same).
        exact: Give each row the exact (subset-sum) test after its bounds, in the search's
            own propagation (probes use bounds alone, which is faster); measurements only.
        branching: 2 (the default) branches on the tank with the best probe score, its
            upper half of levels (less water) first; 1 the same tank, its lower half (more
            water) first (the order before 2026-11-24); 0 the tank with the fewest levels left.
            Measurements only: the answer is the same.

    Returns:
        A :class:`~nonotui.model.vocab.SolveOutcome`: status ``unique`` (one solution, proven),
        ``multiple`` (two or more found), ``solved`` (one found with ``max_solutions=1``),
        ``contradiction`` (none), ``timeout`` or ``cancelled`` (with the solutions found so
        far); the solutions as complete boards, the seconds spent, and ``stats``.

    Raises:
        NonotuiError: ``max_solutions`` below 1 or a board of the wrong size.
    """
    import nonotui.kinds.aquarium.engine._kernels as kernels  # statuses and counters

    if max_solutions < 1:
        raise NonotuiError("max_solutions must be at least 1")
    start = time.perf_counter()
    packed = pack(puzzle)
    lo, hi = _domains(puzzle, packed, board)
    n_tanks = puzzle.tank_count
    solutions = np.zeros((max_solutions, n_tanks), dtype=np.int64)
    control = np.zeros(1, dtype=np.int64)
    stats = np.zeros(kernels.N_STATS, dtype=np.int64)

    def run() -> tuple[int, int]:
        return calls.search(packed, lo, hi, max_solutions=max_solutions, solutions=solutions,
                            control=control, stats=stats, probing=probing,
                            exact=2 if exact else 0, choice=branching)

    stopped_by: SolveStatus | None = None
    if timeout is None and should_stop is None and progress is None:
        status, found = run()
    else:
        result: list[tuple[int, int]] = []
        failures: list[BaseException] = []

        def work() -> None:
            try:
                result.append(run())
            except BaseException as exc:  # re-raised in the caller's thread below
                failures.append(exc)

        thread = threading.Thread(target=work, name="nonotui-aquarium-search", daemon=True)
        thread.start()
        deadline = None if timeout is None else start + timeout
        while thread.is_alive():
            thread.join(POLL_SECONDS)
            if stopped_by is None:
                if deadline is not None and time.perf_counter() >= deadline:
                    stopped_by = "timeout"
                elif should_stop is not None and should_stop():
                    stopped_by = "cancelled"
                if stopped_by is not None:
                    control[0] = 1
            if progress is not None:
                progress(_progress(stats, start, n_tanks))
        if failures:
            raise failures[0]
        status, found = result[0]
    seconds = time.perf_counter() - start
    boards = _boards(packed, solutions[:found])
    if status == kernels.SEARCH_STOPPED:
        outcome: SolveStatus = stopped_by or "cancelled"
    elif found >= 2:
        outcome = "multiple"
    elif status == kernels.SEARCH_DONE:
        outcome = "unique" if found == 1 else "contradiction"
    else:
        outcome = "solved"
    return SolveOutcome(
        status=outcome,
        solutions=boards,
        seconds=seconds,
        stats=SolveStats({
            "nodes": int(stats[kernels.ST_NODES]),
            "units": int(stats[kernels.ST_UNITS]),
            "probes": int(stats[kernels.ST_PROBES]),
            "guesses": int(stats[kernels.ST_GUESSES]),
            "backtracks": int(stats[kernels.ST_BACKTRACKS]),
            "contradictions": int(stats[kernels.ST_CONTRADICTIONS]),
            "max_depth": int(stats[kernels.ST_MAX_DEPTH]),
        }),
        settings={"probing": probing, "exact": exact},
    )


def _progress(stats: np.ndarray, start: float, n_tanks: int) -> Progress:
    import nonotui.kinds.aquarium.engine._kernels as kernels

    return Progress(seconds=time.perf_counter() - start,
                    decided=int(stats[kernels.ST_DECIDED]), tanks=n_tanks,
                    solutions=int(stats[kernels.ST_SOLUTIONS]),
                    depth=int(stats[kernels.ST_DEPTH]), guesses=int(stats[kernels.ST_GUESSES]))


EXAMPLE = make_puzzle([2, 2, 2, 4], [3, 2, 2, 3],
                      ["AABB", "ACCB", "DDCB", "DDDD"], title="issue 13's example")
"""The issue's 4x4 example (one solution: ``~~..``, ``~..~``, ``..~~``, ``~~~~``)."""


def warm_up(should_stop: Stop) -> None:
    """Compile every kernel (or load it from numba's cache) by solving :data:`EXAMPLE` once,
    stoppably and not, and propagating a board of it; returns early if ``should_stop``."""
    if should_stop():
        return
    solve(EXAMPLE)
    if should_stop():
        return
    solve(EXAMPLE, should_stop=should_stop)
    propagate(EXAMPLE, Board.full(EXAMPLE.height, EXAMPLE.width, UNKNOWN))
