"""What the hint ladder keeps for one puzzle from one hint to the next (:class:`HintContext`).

:func:`nonotui.kinds.nonogram.engine.hints.next_hint` takes one as ``context``; the hint is the same
with it or without it, only sooner, but for a contradiction hint from a kept chain (docs/solver.md,
"Hints reuse what they learned").
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable, Iterable

import numpy as np

import nonotui.kinds.nonogram.engine.calls as calls
from nonotui.errors import NonotuiError
from nonotui.kinds.nonogram.engine.checks import (
    Cell,
    HintCancelled,
    ReferenceSolutions,
    agrees,
    decided,
    search,
)
from nonotui.kinds.nonogram.engine.ladder import Memo
from nonotui.kinds.nonogram.engine.packed import Prepared, prepare
from nonotui.kinds.nonogram.puzzle import Puzzle, unknown_board
from nonotui.model import UNKNOWN, Board

WITNESS_BYTES = 64 * 2**20
"""The most memory a :class:`HintContext` spends on the final boards of probes (two bytes a
cell, per cell probed): above it, puzzles of more than about 5,700 cells keep none and rerun
more probes."""
CHAIN_STEPS = 128
"""The longest chain of a broken probe a :class:`HintContext` keeps to replay (longer ones are
run again)."""
CHAIN_BYTES = 16 * 2**20
"""The most memory a :class:`HintContext` spends on the chains of broken probes."""
MEMO_BYTES = 8 * 2**20
"""The most memory a :class:`HintContext` spends on its table of line solves."""
LINE_MEMO_ENTRIES = 20_000
"""The most lines whose deductions (:data:`~nonotui.kinds.nonogram.engine.ladder.Memo`) a
:class:`HintContext` keeps."""
CONSISTENCY_SECONDS = 2.0
"""How long a hint may search for one solution to learn whether the marks are consistent."""
LOOK_AHEAD_SECONDS = 60.0
"""How long a :class:`HintContext`'s look-ahead searches the clues before giving up."""


def probe_all_sizes(prep: Prepared, cells: np.ndarray) -> np.ndarray:
    """For every cell of ``cells`` (the board flat, rows first, as the kernels take it), the line
    solves the contradiction of each of its two values needs, as an array of ``(h * w, 2)``:
    column 0 with the cell empty, 1 with it filled, 0 where none is found or the probe was cut
    short (:func:`~nonotui.kinds.nonogram.engine._kernels.probe_all`, which only the exact
    shortest chains interest). ``cells`` is read, not changed.

    Raises:
        KernelArgumentError: ``cells`` is not one flat array of the puzzle's ``h * w`` cells
            in the kernels' cell type (a :class:`ValueError`).
    """
    sizes = np.zeros((prep.h * prep.w, 2), dtype=np.int64)
    calls.probe_all(prep, cells, sizes)
    return sizes


class HintContext:
    """What :func:`~nonotui.kinds.nonogram.engine.hints.next_hint` keeps for one puzzle from one
    hint to the next.

    The caller makes one per puzzle and passes it to every hint (from any thread; calls are
    serialised). Nothing it keeps changes an answer, only how soon it comes, except that a
    contradiction hint may come from a kept chain (still a right deduction, not always the
    fresh shortest chain):

    - solutions of the clues (a :class:`~nonotui.kinds.nonogram.engine.checks.ReferenceSolutions`,
      which the checks may share): a board whose marks one of them has holds no mistake, and on a
      puzzle known to have one solution, a board that disagrees with it holds one;
    - the cells its own line and contradiction hints proved from a board holding nothing else
      (so, by induction, from the clues alone): like an empty board, a board of such marks
      holds no mistake, and needs no search to say so;
    - boards a search found to have exactly one solution, with it: a board that adds marks to
      one of them has that solution and no other, or none;
    - every probe's answer, with what keeps it true (see
      :mod:`nonotui.kinds.nonogram.engine._kernels.probe_memo`), so a contradiction hint reruns only
      the probes the board's changes may have changed, and replays the kept chains of probes
      that broke a line instead of running them again;
    - each line's deduction by its contents (:attr:`line_memo`), so the line rung re-examines
      only the lines that changed.
    From the first hint on, it also looks ahead (:meth:`look_ahead`): a thread of its own
    solves the clues (up to two solutions, for up to :data:`LOOK_AHEAD_SECONDS`) while the
    player plays, so that the first time logic is stuck the guess comes from that search
    instead of a search started then.
    """

    def __init__(self, puzzle: Puzzle, reference: ReferenceSolutions | None = None) -> None:
        self.puzzle = puzzle
        self.reference = reference if reference is not None else ReferenceSolutions(puzzle)
        self.lock = threading.Lock()
        self.proven = np.zeros((puzzle.height, puzzle.width), dtype=np.uint32)
        """Per cell, the value a hint proved from the clues alone, 0 where none did."""
        self._unique: list[tuple[np.ndarray, np.ndarray]] = []
        self.line_memo: Memo = {}
        """Each line's deduction by its contents, for the line rung: a hint re-examines only the
        lines that changed."""
        self.prep: Prepared | None = None
        self._probes: _ProbeCache | None = None
        self.one_off = False
        """Made by ``next_hint`` for one hint: probes afresh and keeps nothing."""
        self.tried: tuple[bytes, int, int] | None = None
        """The board (its bytes) and cell of the last "try this cell" hint: asked again on the
        same board, the hint reveals that cell."""
        self._look: threading.Thread | None = None
        self._look_lock = threading.Lock()
        self._closing = threading.Event()

    def look_ahead(self) -> None:
        """Start solving the clues in a thread of its own, once (``next_hint`` calls it);
        what it finds goes to :attr:`reference` (see
        :meth:`~nonotui.kinds.nonogram.engine.checks.ReferenceSolutions.offer`). :meth:`close` stops it."""
        with self._look_lock:
            if (self._look is not None or self._closing.is_set()
                    or self.reference.result() is not None):
                return
            # the thread holds no reference to the context: once the caller lets go of it,
            # the search stops
            alive = weakref.ref(self)
            closing = self._closing

            def should_stop() -> bool:
                return closing.is_set() or alive() is None

            self._look = threading.Thread(
                target=_search_clues, args=(self.puzzle, self.reference, should_stop),
                daemon=True, name="nonotui-hint-look-ahead")
            self._look.start()

    def wait_look_ahead(self, should_stop: Callable[[], bool] | None = None) -> None:
        """Wait until the look-ahead (if one was started) has ended.

        Raises:
            HintCancelled: ``should_stop`` returned true meanwhile.
        """
        look = self._look
        while look is not None and look.is_alive():
            look.join(0.005)
            if should_stop is not None and should_stop():
                raise HintCancelled

    def close(self) -> None:
        """Stop the look-ahead if it runs, and start none later (the context stays usable)."""
        self._closing.set()

    def fits(self, puzzle: Puzzle) -> bool:
        """Whether this context was made for ``puzzle`` (same size and clues)."""
        p = self.puzzle
        return p is puzzle or (p.rows, p.columns) == (puzzle.rows, puzzle.columns)

    def sound(self, board: Board) -> bool:
        """Whether every mark of ``board`` is one this context's hints proved."""
        cells = board.cells
        return bool(np.all(~decided(cells) | (cells == self.proven)))

    def prove(self, cells: Iterable[Cell]) -> None:
        """Record deductions made from a :meth:`sound` board."""
        for r, c, v in cells:
            self.proven[r, c] = v

    def consistent(self, board: Board, should_stop: Callable[[], bool] | None) -> bool:
        """Whether ``board``'s marks fit some solution, searching only when nothing kept says
        (for up to :data:`CONSISTENCY_SECONDS`; a search out of time counts as consistent)."""
        if not np.any(decided(board.cells)):
            return True  # an empty board holds no mistake
        ref = self.reference.result()
        if ref is not None and ref.status == "contradiction":
            return False
        if any(agrees(s, board) for s in self.reference.known()):
            return True
        if ref is not None and ref.status == "unique":
            return False
        if self.sound(board):
            return True  # only deductions from the clues, as good as an empty board
        result = search(self.puzzle, board, 1, should_stop, timeout=CONSISTENCY_SECONDS)
        for sol in result.solutions:
            self.reference.remember(sol.cells)
        return result.status != "contradiction"

    def solutions_of(self, board: Board, should_stop: Callable[[], bool] | None,
                     ) -> tuple[str, list[np.ndarray]]:
        """Up to two solutions of the clues and ``board``'s marks, and the search's status.

        A look-ahead still running is waited for first: it is further on than a search
        started now would be."""
        self.wait_look_ahead(should_stop)
        ref = self.reference.result()
        if ref is not None and ref.status == "unique":
            sol = ref.solutions[0].cells
            return ("unique", [sol]) if agrees(sol, board) else ("contradiction", [])
        cells = board.cells
        for marks, sol in self._unique:
            if np.all(~decided(marks) | (cells == marks)):
                return ("unique", [sol]) if agrees(sol, board) else ("contradiction", [])
        result = search(self.puzzle, board, 2, should_stop)
        found = [b.cells for b in result.solutions]
        for sol in found:
            self.reference.remember(sol)
        if result.status == "unique":
            self._unique.append((cells.copy(), found[0]))
        return result.status, found

    def warm_up(self) -> None:
        """Compile (or load from numba's cache) the kernels this context probes with, on a
        throwaway copy of this context's puzzle, so that the first contradiction hint does not
        pay for it."""
        if self.puzzle.is_color:
            return  # colour contradictions probe one cell at a time (colour_hints)
        board = unknown_board(self.puzzle)
        scratch = HintContext(self.puzzle)
        scratch.probe_sizes(prepare(self.puzzle), board.cells.reshape(-1).copy(), True)

    def probe_sizes(self, prep: Prepared, flat: np.ndarray, clean: bool) -> np.ndarray:
        """``sizes`` as :func:`~nonotui.kinds.nonogram.engine._kernels.probe_all` gives them,
        rerunning only the probes the board's changes may have changed (a one-off context runs
        :func:`~nonotui.kinds.nonogram.engine._kernels.probe_all` itself)."""
        if self.one_off:
            return probe_all_sizes(prep, flat)
        if self._probes is None:
            self._probes = _ProbeCache(prep)
        return self._probes.sizes(flat, clean)


def _search_clues(puzzle: Puzzle, reference: ReferenceSolutions,
                  should_stop: Callable[[], bool]) -> None:
    """The look-ahead's thread: solve the clues and offer what it found to ``reference``."""
    try:
        result = search(puzzle, None, 2, should_stop, timeout=LOOK_AHEAD_SECONDS)
    except (HintCancelled, NonotuiError):  # stopped, or clues the solver refuses: the hint
        return                             # that needs them will say so in its own thread
    reference.offer(result)


class _ProbeCache:
    """The arrays :func:`nonotui.kinds.nonogram.engine._kernels.probe_memo.probe_cached` keeps
    between calls."""

    def __init__(self, prep: Prepared) -> None:
        h, w = prep.h, prep.w
        n = h * w
        self.prep = prep
        self.h, self.w = h, w
        self.last = np.full(n, UNKNOWN, dtype=np.uint32)
        self.state = np.zeros((n, 2), dtype=np.int8)
        self.count = np.zeros((n, 2), dtype=np.int64)
        self.deps = np.zeros((n, 2, (h + w + 63) // 64), dtype=np.uint64)
        # lines are numbered in int16; a puzzle with more lines keeps no chains
        cap = min(CHAIN_STEPS, CHAIN_BYTES // (2 * 2 * n)) if h + w < 2**15 else 0
        self.chain = np.zeros((n, 2, cap), dtype=np.int16)
        keep = 2 * n * n <= WITNESS_BYTES
        self.witness = np.zeros((n, 2, n) if keep else (0, 2, n), dtype=np.uint8)
        row = 4  # a power of two, so that a slot never straddles two cache lines
        while row < 2 + 2 * calls.memo_words(max(h, w)):
            row *= 2
        slots = 1 << 10
        while slots * 2 * 8 * row <= MEMO_BYTES:
            slots *= 2
        self.memo = np.zeros((slots, row), dtype=np.uint64)
        self.memo_used = np.zeros(1, dtype=np.int64)
        self.totals = np.zeros(2, dtype=np.int64)
        self.runs = 0
        """Probes run from the start by the last call (the rest were answered from what was
        kept)."""
        self.replays = 0
        """Kept chains the last call replayed instead of running their probes again."""

    def sizes(self, flat: np.ndarray, clean: bool) -> np.ndarray:
        p = self.prep
        sizes = np.zeros((self.h * self.w, 2), dtype=np.int64)
        self.runs = calls.probe_cached(
            p, flat, clean=clean, sizes=sizes, last=self.last, state=self.state,
            count=self.count, deps=self.deps, chain=self.chain, witness=self.witness,
            memo=self.memo, memo_used=self.memo_used, totals=self.totals)
        self.replays = int(self.totals[1])
        return sizes
