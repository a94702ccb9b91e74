"""The whole-puzzle solver: propagation, probing and bifurcation, behind :func:`solve`.

The search itself is one compiled kernel (:func:`nonotui.kinds.nonogram.engine._kernels.search_grid`) that
releases the GIL. :func:`solve` runs it in a thread of its own whenever the caller wants to be
able to stop it or to hear of its progress, and meanwhile polls ``should_stop``, the deadline and
the kernel's counters every few milliseconds in the caller's thread; stopping is a flag the
kernel reads before every line it solves.
"""

from __future__ import annotations

import functools
import threading
import time
from collections.abc import Callable
from typing import Literal

import numpy as np

import nonotui.kinds.nonogram.engine.calls as calls
from nonotui.errors import NonotuiError
from nonotui.kinds.nonogram.engine.lines import DEFAULT_STACK, Stack, parse_stack
from nonotui.kinds.nonogram.engine.packed import Prepared, prepare
from nonotui.kinds.nonogram.engine.results import Progress as Progress
from nonotui.kinds.nonogram.engine.results import SolveResult as SolveResult
from nonotui.kinds.nonogram.engine.results import SolveStats as SolveStats
from nonotui.kinds.nonogram.engine.strategies import (  # noqa: F401 - read as this module's
    # settings (tests and benchmarks set them here)
    AUTO_FIRST_PROBES,
    AUTO_HANDOVER,
    CDCL_PLAIN,
    CDCL_SHAKEN,
    COLOR_STRATEGY,
    ENGINES,
    FAIL_FIRST,
    FIRST_BUDGET,
    HANDOVER_KEEPS_STATE,
    PORTFOLIO_AFTER,
    PROBE_BUDGET,
    STRATEGIES,
    WU,
    Strategy,
)
from nonotui.kinds.nonogram.puzzle import Puzzle
from nonotui.model import CELL_DTYPE, Board
from nonotui.model.vocab import SolveStatus

POLL_SECONDS = 0.005
"""How often a stoppable search looks at ``should_stop``, the deadline and progress."""

STATUSES: tuple[SolveStatus, ...] = ("unique", "multiple", "solved", "contradiction", "timeout", "cancelled")
"""``solved``: a solution was found and uniqueness was not asked for (``max_solutions=1``)."""

_Call = Callable[[], tuple[int, int]]
"""A kernel's call (:mod:`.calls`) with its arguments bound: ``(status, found)``."""
StoppedBy = Literal["timeout", "cancelled"]
"""Why a search stopped before its answer: its deadline passed, or ``should_stop`` said so."""


def solve(
    puzzle: Puzzle,
    *,
    max_solutions: int = 2,
    linesolvers: str | Stack = DEFAULT_STACK,
    timeout: float | None = None,
    should_stop: Callable[[], bool] | None = None,
    on_progress: Callable[[Progress], None] | None = None,
    board: Board | None = None,
    strategy: str = "auto",
) -> SolveResult:
    """Solve ``puzzle``, from ``board`` when given (a partly filled state) or from scratch.

    Args:
        puzzle: A puzzle, black and white or in colour.
        max_solutions: Stop after this many solutions; 2 proves uniqueness.
        linesolvers: The linesolver stack, e.g. ``"fast,fcomp"``.
        timeout: Seconds after which the search stops with status ``timeout``.
        should_stop: Polled every few milliseconds; returning true cancels (status
            ``cancelled``).
        on_progress: Called in the caller's thread every few milliseconds while the search runs.
        board: The starting state; its marks are taken as given.
        strategy: ``"auto"`` (line solving and probing, then, if a guess is needed, the
            learning search: see :data:`AUTO_HANDOVER`), ``"dfs"`` (``wu`` alone for a few
            guesses, then ``wu`` and ``fail-first`` racing on two threads: the engine before the
            learning search),
            ``"cdcl"`` (the learning search alone), or one depth-first strategy by name, run
            alone (for measurements). The learning search reasons about one Boolean per cell,
            so a colour puzzle runs the depth-first search alone: ``"auto"`` and ``"dfs"`` run
            ``wu`` on one thread with no guess budget (so every run gives the same answer),
            and ``"cdcl"`` is refused.

    Returns:
        The status, the solutions found and statistics.

    Raises:
        NonotuiError: ``max_solutions`` below 1, a board of the wrong size, an unknown
            linesolver, or ``strategy="cdcl"`` on a colour puzzle.
    """
    if max_solutions < 1:
        raise NonotuiError("max_solutions must be at least 1")
    if strategy not in ENGINES and strategy not in STRATEGIES:
        raise NonotuiError(
            f"unknown strategy {strategy!r} (known: {', '.join(ENGINES + tuple(STRATEGIES))})"
        )
    stack = linesolvers if isinstance(linesolvers, Stack) else parse_stack(linesolvers)
    prep = prepare(puzzle)
    if prep.is_color:
        if strategy == "cdcl":
            raise NonotuiError("the learning search (strategy cdcl) solves black-and-white "
                               "puzzles only; use dfs or a depth-first strategy")
        if strategy in ENGINES:
            strategy = COLOR_STRATEGY.name
    if board is None:
        cells = np.full(prep.h * prep.w, prep.unknown, dtype=CELL_DTYPE)
    else:
        if (board.height, board.width) != (prep.h, prep.w):
            raise NonotuiError(
                f"the board is {board.width}x{board.height}, the puzzle {prep.w}x{prep.h}"
            )
        cells = board.cells.reshape(-1).copy()
    methods = stack.method_ids()
    complete = stack.complete_flags()
    runner = _Runner(prep, cells, methods, complete, max_solutions, timeout, should_stop,
                     on_progress, strategy)
    status, solutions, counters, strategy, stopped_by = runner.run()
    if status == calls.SEARCH_REFUSED:
        raise NonotuiError("the linesolvers refused this puzzle's clues")
    boards = [Board(sol.reshape(prep.h, prep.w).copy()) for sol in solutions]
    return SolveResult(
        status=_status(status, len(boards), max_solutions, stopped_by),
        solutions=boards,
        stats=_stats(counters, stack, strategy, runner.cdcl_stats, runner.racers, runner.shaken),
        seconds=runner.seconds,
        stack=str(stack),
    )


def settled_by_lines(puzzle: Puzzle, linesolvers: str | Stack = DEFAULT_STACK) -> bool:
    """Whether line solving alone answers ``puzzle`` from scratch (every cell decided, or a
    contradiction): then :func:`solve` never loads probing or a search, only line solving's
    kernel (the first tier)."""
    stack = linesolvers if isinstance(linesolvers, Stack) else parse_stack(linesolvers)
    prep = prepare(puzzle)
    cells = np.full(prep.h * prep.w, prep.unknown, dtype=CELL_DTYPE)
    runner = _Runner(prep, cells, stack.method_ids(),
                     stack.complete_flags(), 1, None, None, None)
    settled, _cells, _stats = runner._line_pass(False)
    return settled is not None


class _Runner:
    """Runs the search kernels: the depth-first search alone first, then, if that stops short
    (:data:`AUTO_HANDOVER`), the learning search (or, for ``strategy="dfs"``, a race of two
    depth-first strategies).

    Every kernel call gets its own ``control`` flag; stopping (cancel, deadline, or the other
    racer finishing) sets it, and the kernel stops before the next line it would solve.
    """

    def __init__(self, prep: Prepared, cells: np.ndarray, methods: np.ndarray,
                 complete: np.ndarray, max_solutions: int, timeout: float | None,
                 should_stop: Callable[[], bool] | None,
                 on_progress: Callable[[Progress], None] | None,
                 strategy: str = "auto") -> None:
        self.strategy = strategy
        self.prep = prep
        self.cells = cells
        self.methods = methods
        self.complete = complete
        self.max_solutions = max_solutions
        self.timeout = timeout
        self.should_stop = should_stop
        self.on_progress = on_progress
        self.stopped_by: StoppedBy | None = None
        self.seconds = 0.0
        self.earlier_guesses = 0
        """Guesses made by runs that ended before the current one, so progress only grows."""
        self.controls: list[np.ndarray] = []
        self.live_stats: list[np.ndarray] = []
        self.cdcl_stats: np.ndarray | None = None
        """The learning search's counters, when it ran."""
        self.racers = 0
        """Learning searches run (see :data:`PORTFOLIO_AFTER`)."""
        self.shaken = False
        """Whether the shaken learning search gave the answer."""
        self.reached = cells
        """The depth-first search's cells, which it leaves in the state it stopped in."""

    def _args(self, options: np.ndarray,
              start: np.ndarray | None = None) -> tuple[_Call, np.ndarray, np.ndarray]:
        p = self.prep
        solutions = np.zeros((self.max_solutions, p.h * p.w), dtype=CELL_DTYPE)
        control, stats = self._control_and_stats()
        self.reached = (self.cells if start is None else start).copy()
        if start is not None:  # the line pass's fixpoint: the search need not propagate first
            options = options.copy()
            options[calls.OPT_SETTLED] = 1
        call = functools.partial(calls.search_grid, p, self.methods, self.complete,
                                 self.reached, max_solutions=self.max_solutions,
                                 solutions=solutions, control=control, stats=stats,
                                 options=options)
        return call, solutions, stats

    def _control_and_stats(self) -> tuple[np.ndarray, np.ndarray]:
        """A new kernel call's stop flag and counters, which :meth:`_poll` watches."""
        control = np.zeros(1, dtype=np.int64)
        stats = np.zeros(calls.ST_LINES + len(self.methods), dtype=np.int64)
        self.controls.append(control)
        self.live_stats.append(stats)
        return control, stats

    def _line_pass(self, stoppable: bool) -> tuple[int | None, np.ndarray, np.ndarray]:
        """Line solving alone from the start (the first tier, :func:`kernels.propagate_grid`).

        Returns ``(status, cells, counters)``: a ``SEARCH_*`` status when line solving settles
        the puzzle (every cell decided: ``cells`` is the one solution, counted in
        ``ST_SOLUTIONS``; a contradiction; a stop or a refusal), else ``None``, ``cells`` being
        the fixpoint reached, from which the search goes on (the state it would reach itself
        first)."""
        p = self.prep
        cells = self.cells.copy()
        control, stats = self._control_and_stats()
        call: _Call = functools.partial(calls.propagate_grid, p, self.methods, self.complete,
                                        cells, control=control, stats=stats)
        if stoppable:
            (status, decided), = self._wait([call])
        else:
            status, decided = call()
        if status == calls.PROP_STOPPED:
            return calls.SEARCH_STOPPED, cells, stats
        if status == calls.PROP_REFUSED:
            return calls.SEARCH_REFUSED, cells, stats
        if status == calls.PROP_CONTRADICTION:
            return calls.SEARCH_DONE, cells, stats
        if decided == cells.shape[0]:
            # every cell forced by the clues: the one solution (the search would find it and,
            # asked for two, exhaust its empty stack)
            stats[calls.ST_SOLUTIONS] = 1
            return (calls.SEARCH_LIMIT if self.max_solutions == 1 else calls.SEARCH_DONE,
                    cells, stats)
        return None, cells, stats

    def _cdcl_args(self, start: np.ndarray | None = None,
                   shake: bool = False) -> tuple[_Call, np.ndarray, np.ndarray]:
        p = self.prep
        solutions = np.zeros((self.max_solutions, p.h * p.w), dtype=CELL_DTYPE)
        control = np.zeros(1, dtype=np.int64)
        stats = np.zeros(calls.N_CD_STATS, dtype=np.int64)
        self.controls.append(control)
        self.live_stats.append(stats)
        self.cdcl_stats = stats
        cells = self.cells if start is None else start
        call = functools.partial(calls.cdcl_grid, p, cells.copy(),
                                 max_solutions=self.max_solutions, solutions=solutions,
                                 control=control, stats=stats,
                                 mode=CDCL_SHAKEN if shake else CDCL_PLAIN)
        return call, solutions, stats

    def run(self) -> tuple[int, list[np.ndarray], np.ndarray, str, StoppedBy | None]:
        """``(status, solutions, summed counters, winning strategy, stopped_by)``."""
        self.start = time.perf_counter()
        stoppable = not (self.timeout is None and self.should_stop is None
                         and self.on_progress is None)
        if self.strategy == "cdcl":
            call, sols, stats = self._cdcl_args()
            (status, found), = self._wait([call])
            self.racers = 1
            self.seconds = time.perf_counter() - self.start
            counters = np.zeros(calls.ST_LINES + len(self.methods), dtype=np.int64)
            counters[:calls.ST_LINES] = stats[:calls.ST_LINES]
            return status, [sols[i] for i in range(found)], counters, "cdcl", self.stopped_by
        first = STRATEGIES.get(self.strategy, WU)
        settled, lined, line_stats = self._line_pass(stoppable)
        if settled is not None:
            self.seconds = time.perf_counter() - self.start
            solved = [lined] if line_stats[calls.ST_SOLUTIONS] else []
            return settled, solved, line_stats, first.name, self.stopped_by
        budget = (AUTO_HANDOVER if self.strategy == "auto"
                  else FIRST_BUDGET if self.strategy in ENGINES else 0)
        auto = self.strategy == "auto"
        call, sols, stats = self._args(first.options(
            budget, PROBE_BUDGET if auto else 0, AUTO_FIRST_PROBES if auto else 0), lined)
        if stoppable:
            (status, found), = self._wait([call])
        else:
            status, found = call()
        strategy = first.name
        counters = stats.copy()
        # the line pass's lines count too: the two add up to what a search that propagated
        # first itself counted (its other counters are zero, or the cells decided, which the
        # search reads again)
        counters[calls.ST_LINES:] += line_stats[calls.ST_LINES:]
        self.earlier_guesses = int(stats[calls.ST_GUESSES])
        if status == calls.SEARCH_BUDGET and self.stopped_by is None:
            if auto:
                # before its first guess, the depth-first search's state holds only cells that
                # every solution shares (calls.SEARCH_BUDGET), unless it recorded a solution
                keep = HANDOVER_KEEPS_STATE and found == 0 and stats[calls.ST_GUESSES] == 0
                status, found, sols, cstats = self._learn(self.reached if keep else None)
                strategy = "cdcl"
                for i in range(calls.ST_LINES):
                    if i != calls.ST_MAX_DEPTH:
                        counters[i] += cstats[i]
                counters[calls.ST_MAX_DEPTH] = max(counters[calls.ST_MAX_DEPTH],
                                                     cstats[calls.ST_MAX_DEPTH])
            else:
                racers = [self._args(s.options()) for s in (WU, FAIL_FIRST)]
                outcomes = self._wait([c for c, _, _ in racers], race=True)
                winner = next(
                    (i for i, (st, _) in enumerate(outcomes) if st != calls.SEARCH_STOPPED), 0
                )
                status, found = outcomes[winner]
                sols = racers[winner][1]
                strategy = (WU, FAIL_FIRST)[winner].name
                for _, _, st in racers:
                    counters += st
                counters[calls.ST_MAX_DEPTH] = max(int(st[calls.ST_MAX_DEPTH])
                                                     for _, _, st in racers)
        self.seconds = time.perf_counter() - self.start
        return status, [sols[i] for i in range(found)], counters, strategy, self.stopped_by

    def _learn(self, start: np.ndarray | None) -> tuple[int, int, np.ndarray, np.ndarray]:
        """The learning search from ``start``, and after :data:`PORTFOLIO_AFTER` conflicts the
        shaken one racing it, from the puzzle's start (or the board given) rather than from
        ``start``: another order and another start. Returns the answer's ``(status, found,
        solutions, counters)``, the counters (also ``self.cdcl_stats``) being those of the
        search that gave it alone, so that they are the same on every run."""
        call, sols, stats = self._cdcl_args(start)
        if not PORTFOLIO_AFTER:
            (status, found), = self._wait([call])
            self.racers = 1
            return status, found, sols, stats
        racers = [(call, sols, stats, self.controls[-1])]
        offsets = [0, PORTFOLIO_AFTER]
        results: list[tuple[int, int] | None] = [None, None]
        failures: list[BaseException] = []

        def launch(i: int) -> threading.Thread:
            return _start(racers[i][0], i, results, failures, f"nonotui-learn-{i}")

        threads = [launch(0)]
        deadline = None if self.timeout is None else self.start + self.timeout
        winner = -1
        while True:
            # read the live counts before the results: a count read while a search runs is a
            # lower bound of its final count
            live = [offsets[i] + int(racers[i][2][calls.CD_CONFLICTS])
                    for i in range(len(threads))]
            ended = [results[i] for i in range(len(threads))]
            if failures or self.stopped_by is not None:
                break
            # an ended search's count, read after its end: its final count
            final = {i: offsets[i] + int(racers[i][2][calls.CD_CONFLICTS])
                     for i, r in enumerate(ended) if r is not None}
            best = min((c, i) for i, c in final.items()) if final else None
            if len(threads) == 1 and (live[0] >= offsets[1]
                                       or (best is not None and best[0] > offsets[1])):
                call, sols, stats = self._cdcl_args(None, shake=True)
                racers.append((call, sols, stats, self.controls[-1]))
                threads.append(launch(1))
                continue
            if best is not None and all(
                (final[j], j) > best if j in final else live[j] > best[0]
                for j in range(len(threads)) if j != best[1]
            ):
                winner = best[1]
                break
            alive = [t for t in threads if t.is_alive()]
            if alive:
                alive[0].join(POLL_SECONDS)
            self._poll([r[3] for r in racers], [r[2] for r in racers], deadline)
        for r in racers:
            r[3][0] = 1
        for t in threads:
            t.join()
        self._report([r[2] for r in racers])
        if failures:
            raise failures[0]
        self.racers = len(racers)
        if winner < 0:  # stopped: the answer of the search that found the most (the plain one
            # on a tie)
            winner = max(range(len(racers)), key=lambda i: ((results[i] or (0, 0))[1], -i))
        self.shaken = winner == 1
        status, found = results[winner] or (calls.CDCL_STOPPED, 0)
        self.cdcl_stats = racers[winner][2]
        return status, found, racers[winner][1], racers[winner][2]

    def _wait(self, calls: list[_Call], race: bool = False) -> list[tuple[int, int]]:
        """Run kernels in threads; poll stop conditions; in a race, the first to end stops the
        rest. Returns each kernel's ``(status, found)``."""
        results: list[tuple[int, int] | None] = [None] * len(calls)
        failures: list[BaseException] = []
        controls = self.controls[-len(calls):]
        stats = self.live_stats[-len(calls):]
        if self.stopped_by is not None:  # a stop that came while an earlier kernel ended
            for control in controls:
                control[0] = 1

        def stop_the_rest(i: int) -> None:
            for j, control in enumerate(controls):
                if j != i:
                    control[0] = 1

        threads = [_start(c, i, results, failures, f"nonotui-search-{i}",
                          stop_the_rest if race else None) for i, c in enumerate(calls)]
        deadline = None if self.timeout is None else self.start + self.timeout
        while True:
            alive = [t for t in threads if t.is_alive()]
            if not alive:
                break
            alive[0].join(POLL_SECONDS)
            self._poll(controls, stats, deadline)
        self._report(stats)
        if failures:
            raise failures[0]
        return [r for r in results if r is not None]

    def _poll(self, controls: list[np.ndarray], stats: list[np.ndarray],
              deadline: float | None) -> None:
        """Check the stop conditions and report progress, between two waits."""
        if self.stopped_by is None:
            if deadline is not None and time.perf_counter() >= deadline:
                self.stopped_by = "timeout"
            elif self.should_stop is not None and self.should_stop():
                self.stopped_by = "cancelled"
            if self.stopped_by is not None:
                for control in controls:
                    control[0] = 1
        self._report(stats)

    def _report(self, stats: list[np.ndarray]) -> None:
        """Hand the counters of the running kernels to ``on_progress``, if anyone listens."""
        if self.on_progress is None:
            return
        best = max(stats, key=lambda s: int(s[calls.ST_DECIDED]))
        self.on_progress(Progress(
            seconds=time.perf_counter() - self.start,
            decided=int(best[calls.ST_DECIDED]),
            cells=self.prep.h * self.prep.w,
            solutions=max(int(s[calls.ST_SOLUTIONS]) for s in stats),
            depth=int(best[calls.ST_DEPTH]),
            guesses=self.earlier_guesses + sum(int(s[calls.ST_GUESSES]) for s in stats),
        ))


def _start(call: _Call, i: int, results: list[tuple[int, int] | None],
           failures: list[BaseException], name: str,
           then: Callable[[int], None] | None = None) -> threading.Thread:
    """Run the kernel ``call`` in a daemon thread of its own, started here: its ``(status,
    found)`` goes to ``results[i]``, an exception to ``failures`` (for the caller's thread to
    raise); ``then(i)``, when given, runs after either."""

    def work() -> None:
        try:
            results[i] = call()
        except BaseException as exc:  # re-raised in the caller's thread
            failures.append(exc)
        if then is not None:
            then(i)

    thread = threading.Thread(target=work, name=name, daemon=True)
    thread.start()
    return thread


def _status(
    status: int, found: int, max_solutions: int, stopped_by: StoppedBy | None
) -> SolveStatus:
    if status == calls.SEARCH_STOPPED or (
        status == calls.SEARCH_BUDGET and stopped_by is not None
    ):
        # a stop that lands just as the first run spends its guesses: the hand-off is skipped
        return stopped_by or "cancelled"
    if found >= 2:
        return "multiple"
    if status == calls.SEARCH_DONE:
        return "unique" if found == 1 else "contradiction"
    # stopped at the limit with max_solutions == 1: uniqueness was not examined
    return "solved"


def _stats(stats: np.ndarray, stack: Stack, strategy: str, cdcl: np.ndarray | None,
           racers: int, shaken: bool) -> SolveStats:
    lines = {s.name: int(stats[calls.ST_LINES + r]) for r, s in enumerate(stack)}
    learning: dict[str, int] = {}
    cached = int(stats[calls.ST_CACHED])
    if cdcl is not None:
        # the learning search solves its lines with fcomp, to propagate and to explain; it
        # counts the ones its line cache answered apart: both go in, as the DFS counts them
        hits = int(cdcl[calls.CD_CACHE_HITS])
        cached += hits
        lines["fcomp"] = lines.get("fcomp", 0) + int(cdcl[calls.ST_LINES]
                                                     + cdcl[calls.CD_EXPLAIN_LINES]) + hits
        learning = {"conflicts": int(cdcl[calls.CD_CONFLICTS]),
                    "learned": int(cdcl[calls.CD_LEARNED]),
                    "restarts": int(cdcl[calls.CD_RESTARTS])}
    return SolveStats(
        strategy=strategy,
        engine="cdcl" if strategy == "cdcl" else "dfs",
        lines=lines,
        **learning,
        probes=int(stats[calls.ST_PROBES]),
        guesses=int(stats[calls.ST_GUESSES]),
        max_depth=int(stats[calls.ST_MAX_DEPTH]),
        backtracks=int(stats[calls.ST_BACKTRACKS]),
        contradictions=int(stats[calls.ST_CONTRADICTIONS]),
        cached_lines=cached,
        racers=racers,
        shaken=shaken,
    )
