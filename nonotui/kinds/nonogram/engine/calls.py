"""The engine's calls into its compiled kernels: one checked wrapper per kernel.

The kernels (the private package :mod:`._kernels`) take plain arrays, positionally, and trust
them: a wrong dtype makes numba compile another specialisation, a short buffer writes past its
end. Everything outside the kernel package calls them through this module, whose wrappers take
a puzzle's packed clues (:class:`~.packed.Prepared`) rather than five loose arrays, name every
other argument, check each array's type, shape and length in Python (a microsecond or two: the
kernels themselves run from microseconds to seconds) and raise :class:`KernelArgumentError`
naming the kernel and the argument. The statuses, counter indexes and options the kernels read
and write are re-exported here under their own names.

Importing this module compiles nothing: a kernel is compiled (or loaded from numba's cache) on
its first call.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

import nonotui.kinds.nonogram.engine._kernels as _k
from nonotui.kinds.nonogram.engine._kernels import (
    BOTH,
    CD_CACHE_HITS,
    CD_CONFLICTS,
    CD_DELETED,
    CD_EXPLAIN_LINES,
    CD_LEARNED,
    CD_RESTARTS,
    CDCL_DONE,
    CDCL_LIMIT,
    CDCL_STOPPED,
    CHANGED,
    COMPLETE,
    CONTRADICTION,
    EMPTY,
    FAST,
    FCOMP,
    FILLED,
    MODE_SHAKE,
    N_CD_STATS,
    N_OPTIONS,
    OLSAK,
    OPT_FIRST_PROBES,
    OPT_GUESS_BUDGET,
    OPT_MEMO,
    OPT_NEAR,
    OPT_ORDER,
    OPT_PROBE_BUDGET,
    OPT_SCORE,
    OPT_SETTLED,
    PROP_CONTRADICTION,
    PROP_OK,
    PROP_REFUSED,
    PROP_STOPPED,
    REFUSED,
    SCORE_FAIL_FIRST,
    SCORE_PRODUCT,
    SCORE_WU,
    SEARCH_BUDGET,
    SEARCH_DONE,
    SEARCH_LIMIT,
    SEARCH_REFUSED,
    SEARCH_STOPPED,
    SHAKE_SEED_SHIFT,
    ST_BACKTRACKS,
    ST_CACHED,
    ST_CONTRADICTIONS,
    ST_DECIDED,
    ST_DEPTH,
    ST_GUESSES,
    ST_LINES,
    ST_MAX_DEPTH,
    ST_PROBES,
    ST_SOLUTIONS,
    UNCHANGED,
)
from nonotui.kinds.nonogram.engine._kernels import line_steps as _line_steps
from nonotui.kinds.nonogram.engine._kernels import probe_memo as _probe_memo
from nonotui.kinds.nonogram.engine._kernels.line_steps import BROKEN, DONE, FULL, REFUSED_STEPS
from nonotui.kinds.nonogram.engine.packed import Prepared
from nonotui.model.cells import CELL_DTYPE, CLUE_DTYPE

__all__ = [
    "BOTH",
    "BROKEN",
    "CDCL_DONE",
    "CDCL_LIMIT",
    "CDCL_STOPPED",
    "CD_CACHE_HITS",
    "CD_CONFLICTS",
    "CD_DELETED",
    "CD_EXPLAIN_LINES",
    "CD_LEARNED",
    "CD_RESTARTS",
    "CHANGED",
    "COMPLETE",
    "CONTRADICTION",
    "DONE",
    "EMPTY",
    "FAST",
    "FCOMP",
    "FILLED",
    "FULL",
    "KernelArgumentError",
    "MODE_SHAKE",
    "N_CD_STATS",
    "N_OPTIONS",
    "OLSAK",
    "OPT_FIRST_PROBES",
    "OPT_GUESS_BUDGET",
    "OPT_MEMO",
    "OPT_NEAR",
    "OPT_ORDER",
    "OPT_PROBE_BUDGET",
    "OPT_SCORE",
    "OPT_SETTLED",
    "PROP_CONTRADICTION",
    "PROP_OK",
    "PROP_REFUSED",
    "PROP_STOPPED",
    "REFUSED",
    "REFUSED_STEPS",
    "SCORE_FAIL_FIRST",
    "SCORE_PRODUCT",
    "SCORE_WU",
    "SEARCH_BUDGET",
    "SEARCH_DONE",
    "SEARCH_LIMIT",
    "SEARCH_REFUSED",
    "SEARCH_STOPPED",
    "SHAKE_SEED_SHIFT",
    "ST_BACKTRACKS",
    "ST_CACHED",
    "ST_CONTRADICTIONS",
    "ST_DECIDED",
    "ST_DEPTH",
    "ST_GUESSES",
    "ST_LINES",
    "ST_MAX_DEPTH",
    "ST_PROBES",
    "ST_SOLUTIONS",
    "UNCHANGED",
    "cdcl_grid",
    "leftmost",
    "memo_words",
    "probe_all",
    "probe_cached",
    "probe_chain",
    "probe_colour_all",
    "propagate_grid",
    "propagate_steps",
    "repeat_line",
    "search_grid",
    "solve_line",
    "work_size",
]



class KernelArgumentError(ValueError):
    """A kernel was called with an array of the wrong type, shape or length: a bug in the
    caller, named (kernel and argument) before the kernel could misread memory."""


def _check(kernel: str, name: str, a: object, dtype: Any, shape: tuple[int | None, ...]
           ) -> None:
    """Raise :class:`KernelArgumentError` unless ``a`` is a C-contiguous array of ``dtype``
    whose shape matches ``shape`` (``None``: any length on that axis). The common case (all
    well) is a handful of attribute reads, no loop."""
    if (isinstance(a, np.ndarray) and a.dtype == dtype and a.flags.c_contiguous
            and len(a.shape) == len(shape)):
        if len(shape) == 1:
            if shape[0] is None or shape[0] == a.shape[0]:
                return
        elif all(s is None or s == n for s, n in zip(shape, a.shape)):
            return
    _refuse(kernel, name, a, dtype, shape)


def _refuse(kernel: str, name: str, a: object, dtype: Any, shape: tuple[int | None, ...]
            ) -> None:
    """Say what is wrong with ``a`` (see :func:`_check`)."""
    if not isinstance(a, np.ndarray):
        raise KernelArgumentError(f"{kernel}: {name} must be a numpy array, not "
                                  f"{type(a).__name__}")
    if a.dtype != dtype:
        raise KernelArgumentError(f"{kernel}: {name} must be {np.dtype(dtype).name}, not "
                                  f"{a.dtype}")
    if a.ndim != len(shape) or any(s is not None and s != n for s, n in zip(shape, a.shape)):
        want = "x".join("any" if s is None else str(s) for s in shape)
        raise KernelArgumentError(f"{kernel}: {name} must have shape {want}, not "
                                  f"{'x'.join(map(str, a.shape))}")
    raise KernelArgumentError(f"{kernel}: {name} must be C-contiguous")


def _check_at_least(kernel: str, name: str, a: np.ndarray, least: int) -> None:
    if a.shape[0] < least:
        raise KernelArgumentError(f"{kernel}: {name} holds {a.shape[0]}, it needs at least "
                                  f"{least}")


def _check_clues(kernel: str, prep: Prepared) -> None:
    lines = prep.h + prep.w
    _check(kernel, "clue_off", prep.clue_off, CLUE_DTYPE, (lines + 1,))
    k = int(prep.clue_off[-1])
    _check(kernel, "blocks", prep.blocks, CLUE_DTYPE, (k,))
    _check(kernel, "colors", prep.colors, CLUE_DTYPE, (k,))
    _check(kernel, "score", prep.score, np.float64, (lines,))


def _check_stack(kernel: str, methods: np.ndarray, complete: np.ndarray) -> None:
    _check(kernel, "methods", methods, np.int32, (None,))
    _check(kernel, "complete", complete, np.bool_, (methods.shape[0],))


_work_size: Callable[[int, int], int] = getattr(_k.work_size, "py_func", _k.work_size)
"""The plain Python function behind the compiled one: sizing a buffer from Python compiles
nothing. With ``NUMBA_DISABLE_JIT=1`` the kernel already is that plain function."""


def work_size(n: int, k: int) -> int:
    """The ``int32`` scratch cells every linesolver needs for ``n`` cells and ``k`` blocks."""
    return int(_work_size(n, k))


def memo_words(longest: int) -> int:
    """The ``uint64`` words that hold a line of ``longest`` cells in :func:`probe_cached`'s
    table of line solves."""
    return int(_probe_memo.memo_words(longest))


def _check_line(kernel: str, blocks: np.ndarray, colors: np.ndarray, cells: np.ndarray,
                out: np.ndarray, iwork: np.ndarray) -> None:
    _check(kernel, "blocks", blocks, CLUE_DTYPE, (None,))
    _check(kernel, "colors", colors, CLUE_DTYPE, (blocks.shape[0],))
    _check(kernel, "cells", cells, CELL_DTYPE, (None,))
    _check(kernel, "out", out, CELL_DTYPE, (cells.shape[0],))
    _check(kernel, "iwork", iwork, np.int32, (None,))
    _check_at_least(kernel, "iwork", iwork, work_size(cells.shape[0], blocks.shape[0]))


def solve_line(method: int, blocks: np.ndarray, colors: np.ndarray, cells: np.ndarray,
               out: np.ndarray, iwork: np.ndarray) -> int:
    """Run linesolver ``method`` (:data:`FAST`, :data:`COMPLETE`, :data:`FCOMP`,
    :data:`OLSAK`) on one line: ``cells`` in, ``out`` the line after it (``iwork``: scratch of
    :func:`work_size`). Returns :data:`CHANGED`, :data:`UNCHANGED`, :data:`CONTRADICTION` or
    :data:`REFUSED`."""
    _check_line("solve_line", blocks, colors, cells, out, iwork)
    return int(_k.solve_line(np.int32(method), blocks, colors, cells, out, iwork))


def repeat_line(method: int, blocks: np.ndarray, colors: np.ndarray, cells: np.ndarray,
                out: np.ndarray, iwork: np.ndarray, reps: int) -> int:
    """:func:`solve_line` ``reps`` times inside one compiled loop (for timing); the last
    status."""
    _check_line("repeat_line", blocks, colors, cells, out, iwork)
    if reps < 1:
        raise KernelArgumentError(f"repeat_line: reps must be at least 1, not {reps}")
    return int(_k.repeat_line(np.int32(method), blocks, colors, cells, out, iwork, reps))


def leftmost(blocks: np.ndarray, cells: np.ndarray, starts: np.ndarray, *,
             reverse: bool = False) -> bool:
    """The leftmost arrangement of ``blocks`` that the known ``cells`` allow, block ``j``'s
    start in ``starts[j]`` (with ``reverse``, of the line and clue read backwards: the
    rightmost one, reversed). False when no arrangement fits."""
    _check("leftmost", "blocks", blocks, CLUE_DTYPE, (None,))
    _check("leftmost", "cells", cells, CELL_DTYPE, (None,))
    _check("leftmost", "starts", starts, np.int32, (blocks.shape[0],))
    return bool(_k.leftmost(blocks, cells, reverse, starts))


def _check_board(kernel: str, prep: Prepared, cells: np.ndarray) -> None:
    _check_clues(kernel, prep)
    _check(kernel, "cells", cells, CELL_DTYPE, (prep.h * prep.w,))


def probe_chain(prep: Prepared, cells: np.ndarray, *, cell: int, value: int, max_steps: int,
                setter: np.ndarray, step_of: np.ndarray, need: np.ndarray
                ) -> tuple[int, int, int]:
    """Assume ``cells[cell] = value``, propagate with fcomp until a line breaks, and find which
    line solves the contradiction needed: per cell, the line that set it (``setter``), at which
    step (``step_of``), and whether the chain needs it (``need``). ``cells`` ends in the state
    the probe reached. Returns the kernel's ``(steps, broken line, needed solves)``."""
    _check_board("probe_chain", prep, cells)
    n = prep.h * prep.w
    _check("probe_chain", "setter", setter, np.int64, (n,))
    _check("probe_chain", "step_of", step_of, np.int64, (n,))
    _check("probe_chain", "need", need, np.uint8, (n,))
    if not 0 <= cell < n:
        raise KernelArgumentError(f"probe_chain: cell {cell} is not on the {n}-cell board")
    steps, broken, needed = _k.probe_chain(prep.h, prep.w, prep.blocks, prep.colors,
                                           prep.clue_off, cells, cell, value, max_steps, setter,
                                           step_of, need)
    return int(steps), int(broken), int(needed)


def probe_all(prep: Prepared, cells: np.ndarray, sizes: np.ndarray) -> None:
    """Probe every undecided black-and-white cell with both values: ``sizes[cell, v]`` the line
    solves the contradiction of value ``v`` needs, 0 for none."""
    _check_board("probe_all", prep, cells)
    _check("probe_all", "sizes", sizes, np.int64, (prep.h * prep.w, 2))
    _k.probe_all(prep.h, prep.w, prep.blocks, prep.colors, prep.clue_off, cells, sizes)


def probe_colour_all(prep: Prepared, cells: np.ndarray, *, cap: int, steps: np.ndarray) -> None:
    """For each open colour cell and each value bit ``b`` it allows, ``steps[cell, b]`` the line
    solves its probe made until a line broke, 0 when none broke within ``cap``."""
    _check_board("probe_colour_all", prep, cells)
    _check("probe_colour_all", "steps", steps, np.int64, (prep.h * prep.w, None))
    _k.probe_colour_all(prep.h, prep.w, prep.blocks, prep.colors, prep.clue_off, cells, cap,
                        steps)


def probe_cached(prep: Prepared, cells: np.ndarray, *, clean: bool, sizes: np.ndarray,
                 last: np.ndarray, state: np.ndarray, count: np.ndarray, deps: np.ndarray,
                 chain: np.ndarray, witness: np.ndarray, memo: np.ndarray,
                 memo_used: np.ndarray, totals: np.ndarray) -> int:
    """:func:`probe_all`'s sizes, keeping what was learned from one call to the next in the
    arrays after ``sizes`` (as :class:`~.context.HintContext` allocates them). Returns how many
    probes ran from the start."""
    kernel = "probe_cached"
    _check_board(kernel, prep, cells)
    n = prep.h * prep.w
    _check(kernel, "sizes", sizes, np.int64, (n, 2))
    _check(kernel, "last", last, CELL_DTYPE, (n,))
    _check(kernel, "state", state, np.int8, (n, 2))
    _check(kernel, "count", count, np.int64, (n, 2))
    _check(kernel, "deps", deps, np.uint64, (n, 2, (prep.h + prep.w + 63) // 64))
    _check(kernel, "chain", chain, np.int16, (n, 2, None))
    _check(kernel, "witness", witness, np.uint8, (None, 2, n))
    _check(kernel, "memo", memo, np.uint64, (None, None))
    _check(kernel, "memo_used", memo_used, np.int64, (1,))
    _check(kernel, "totals", totals, np.int64, (2,))
    return int(_probe_memo.probe_cached(prep.h, prep.w, prep.blocks, prep.colors, prep.clue_off,
                                        cells, clean, sizes, last, state, count, deps, chain,
                                        witness, memo, memo_used, totals))


def propagate_steps(prep: Prepared, methods: np.ndarray, complete: np.ndarray,
                    cells: np.ndarray, *, step_line: np.ndarray, step_rank: np.ndarray,
                    step_end: np.ndarray, step_cell: np.ndarray, step_value: np.ndarray,
                    solves: np.ndarray) -> tuple[int, int]:
    """Propagate ``cells`` to the fixpoint as the solver does, recording each line step that
    changed cells. Returns ``(status, steps)``: :data:`DONE`, :data:`BROKEN`,
    :data:`REFUSED_STEPS` or :data:`FULL`, and how many steps were recorded."""
    kernel = "propagate_steps"
    _check_board(kernel, prep, cells)
    _check_stack(kernel, methods, complete)
    _check(kernel, "step_line", step_line, np.int64, (None,))
    rows = step_line.shape[0]
    for name, a in (("step_rank", step_rank), ("step_end", step_end),
                    ("step_cell", step_cell)):
        _check(kernel, name, a, np.int64, (rows,))
    _check(kernel, "step_value", step_value, CELL_DTYPE, (rows,))
    _check(kernel, "solves", solves, np.int64, (methods.shape[0],))
    status, count = _line_steps.propagate_steps(
        prep.h, prep.w, prep.blocks, prep.colors, prep.clue_off, methods, complete, prep.score,
        cells, step_line, step_rank, step_end, step_cell, step_value, solves)
    return int(status), int(count)


def _check_run(kernel: str, prep: Prepared, cells: np.ndarray, control: np.ndarray,
               stats: np.ndarray, least_stats: int) -> None:
    _check_board(kernel, prep, cells)
    _check(kernel, "control", control, np.int64, (1,))
    _check(kernel, "stats", stats, np.int64, (None,))
    _check_at_least(kernel, "stats", stats, least_stats)


def propagate_grid(prep: Prepared, methods: np.ndarray, complete: np.ndarray,
                   cells: np.ndarray, *, control: np.ndarray, stats: np.ndarray
                   ) -> tuple[int, int]:
    """Line solving alone, from ``cells`` to its fixpoint (left in ``cells``). Returns a
    ``PROP_*`` status and the number of decided cells. ``control[0]`` set non-zero stops it
    before the next line."""
    kernel = "propagate_grid"
    _check_stack(kernel, methods, complete)
    _check_run(kernel, prep, cells, control, stats, ST_LINES + methods.shape[0])
    status, decided = _k.propagate_grid(prep.h, prep.w, prep.blocks, prep.colors, prep.clue_off,
                                        methods, complete, prep.score, cells, control, stats)
    return int(status), int(decided)


def _check_solutions(kernel: str, prep: Prepared, max_solutions: int,
                     solutions: np.ndarray) -> None:
    if max_solutions < 1:
        raise KernelArgumentError(f"{kernel}: max_solutions must be at least 1, not "
                                  f"{max_solutions}")
    _check(kernel, "solutions", solutions, CELL_DTYPE, (max_solutions, prep.h * prep.w))


def search_grid(prep: Prepared, methods: np.ndarray, complete: np.ndarray, cells: np.ndarray,
                *, max_solutions: int, solutions: np.ndarray, control: np.ndarray,
                stats: np.ndarray, options: np.ndarray) -> tuple[int, int]:
    """Propagation, probing and bifurcation from ``cells`` (the state it stops in is left
    there), up to ``max_solutions`` solutions written in ``solutions``. Returns a ``SEARCH_*``
    status and the number found."""
    kernel = "search_grid"
    _check_stack(kernel, methods, complete)
    _check_run(kernel, prep, cells, control, stats, ST_LINES + methods.shape[0])
    _check_solutions(kernel, prep, max_solutions, solutions)
    _check(kernel, "options", options, np.int64, (N_OPTIONS,))
    status, found = _k.search_grid(prep.h, prep.w, prep.blocks, prep.colors, prep.clue_off,
                                   methods, complete, prep.score, cells, max_solutions,
                                   solutions, control, stats, options)
    return int(status), int(found)


def cdcl_grid(prep: Prepared, cells: np.ndarray, *, max_solutions: int, solutions: np.ndarray,
              control: np.ndarray, stats: np.ndarray, mode: int) -> tuple[int, int]:
    """The learning search (black and white only) from ``cells``, up to ``max_solutions``
    solutions in ``solutions``; ``mode``: its flags (:mod:`.strategies`). Returns a
    ``CDCL_*`` status and the number found."""
    kernel = "cdcl_grid"
    if prep.unknown != 3:
        raise KernelArgumentError("cdcl_grid: the learning search takes black-and-white "
                                  "puzzles only")
    _check_run(kernel, prep, cells, control, stats, N_CD_STATS)
    _check_solutions(kernel, prep, max_solutions, solutions)
    status, found = _k.cdcl_grid(prep.h, prep.w, prep.blocks, prep.colors, prep.clue_off, cells,
                                 max_solutions, solutions, control, stats, mode)
    return int(status), int(found)
