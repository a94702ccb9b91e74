"""The whole-puzzle search (seed 003): propagation, a probing round, then bifurcation."""

from __future__ import annotations

import numpy as np
from numba import njit

from .common import FCOMP, popcount, single
from .probe import (
    OPT_GUESS_BUDGET,
    OPT_PROBE_BUDGET,
    OPT_SETTLED,
    ROUND_FAILED,
    ROUND_IDLE,
    ROUND_LIMIT,
    ROUND_PROGRESS,
    ROUND_REFUSED,
    ROUND_STOPPED,
    borrowed_probing,
    new_probing,
    probe_round,
    record_solution,
)
from .propagate import PROP_CONTRADICTION, PROP_OK, PROP_REFUSED, PROP_STOPPED, propagate
from .state import (
    LINE_PASS_FROM_COMPLETE,
    ST_BACKTRACKS,
    ST_DECIDED,
    ST_DEPTH,
    ST_GUESSES,
    ST_MAX_DEPTH,
    ST_PROBES,
    assign,
    borrowed_prop,
    complete_floor,
    fuel_cell,
    grid_units,
    new_prop,
    settle,
    undo,
    with_line_cache,
)

SEARCH_DONE = 0
"""Search status: the whole tree was explored; every solution was found."""
SEARCH_LIMIT = 1
"""Search status: stopped after finding the requested number of solutions."""
SEARCH_STOPPED = 2
"""Search status: stopped because control[0] was set (a cancel or a deadline)."""
SEARCH_REFUSED = -2
"""Search status: a linesolver refused its arguments (a colour puzzle, or a corrupt clue)."""
SEARCH_BUDGET = 3
"""Search status: stopped after the number of guesses allowed by ``options[OPT_GUESS_BUDGET]``
(or the probes of ``OPT_PROBE_BUDGET`` or ``OPT_FIRST_PROBES``). Stopped before the first guess,
``cells`` holds the state reached: every cell set there holds in every solution."""


@njit(cache=True, nogil=True)
def _bits_and_decided(cells):
    """The values the cells still allow, in all, and the cells decided. Each cell loses at most
    all its values along one path of a search: a trail of ``bits + 1`` cannot overflow."""
    bits = 0
    decided = 0
    for i in range(cells.shape[0]):
        bits += popcount(cells[i])
        if single(cells[i]):
            decided += 1
    return bits, decided


@njit(cache=True, nogil=True)
def search(units, blocks, colors, clue_off, methods, complete, score, cells, max_solutions,
           solutions, control, stats, options):
    """Find up to ``max_solutions`` solutions of the puzzle from the state ``cells``.

    Propagation to a fixpoint, then a probing round over the open cells (a value that leads to a
    contradiction is removed; cells on which both values of a probe agree are set), then
    bifurcation on the cell with the best probe score, with an explicit stack. Exhausting the
    stack enumerates every solution, so ``max_solutions=2`` proves uniqueness.

    Args:
        units: The board's table of units (:class:`~.state.Units`, e.g. :func:`grid_units`).
        blocks, colors, clue_off: The packed clues of the units, in the table's order.
        methods, complete: The stack's method ids and whether each is complete.
        score: Seed 003's T per unit.
        cells: The starting state (flat); it is left in an unspecified state.
        max_solutions: Stop after this many solutions.
        solutions: ``(max_solutions, n_cells)`` array that receives them.
        control: ``int64[1]``, set non-zero by another thread to stop.
        stats: ``int64[ST_LINES + len(methods)]``, counters (see ``ST_*``).
        options: ``int64[N_OPTIONS]`` (see ``OPT_*``).

    Returns:
        ``(status, number of solutions found)`` with a ``SEARCH_*`` status.
    """
    n_cells = cells.shape[0]
    bits, decided = _bits_and_decided(cells)
    st = new_prop(units, blocks, colors, clue_off, methods, complete, score, cells, bits + 1,
                  stats, control)
    pr = new_probing(st, solutions)
    stack_tpos = np.empty(bits + 1, dtype=np.int64)
    stack_idx = np.empty(bits + 1, dtype=np.int64)
    stack_bit = np.empty(bits + 1, dtype=np.uint32)
    stats[ST_DECIDED] = decided

    if options[OPT_SETTLED]:
        settle(st)  # ``cells`` is the fixpoint already: every unit has been solved by every rank
        status = PROP_OK
    else:
        status = propagate(borrowed_prop(st))
    if status == PROP_OK and stats[ST_DECIDED] < n_cells:
        # what follows probes, and probes meet the same line states again and again
        st = with_line_cache(st)
    # the search runs on views that count no references (see :func:`.common.borrow`: the
    # counts were half of its time); ``st`` and ``pr`` are passed along to outlive them
    return _search(st, pr, borrowed_prop(st), borrowed_probing(pr), status, cells,
                   max_solutions, control, stats, options, stack_tpos, stack_idx, stack_bit)


@njit(cache=True, nogil=True)
def _search(own_st, own_pr, st, pr, status, cells, max_solutions, control, stats, options,
            stack_tpos, stack_idx, stack_bit):
    """:func:`search` after its first propagation, on the records ``st`` and ``pr`` whose
    arrays ``own_st`` and ``own_pr`` hold."""
    n_cells = cells.shape[0]
    depth = 0
    first_probes = 0
    while True:
        if status == PROP_STOPPED:
            return SEARCH_STOPPED, pr.found[0]
        if status == PROP_REFUSED:
            return SEARCH_REFUSED, pr.found[0]
        if status == PROP_OK and stats[ST_DECIDED] == n_cells:
            if record_solution(st, pr) >= max_solutions:
                return SEARCH_LIMIT, pr.found[0]
        elif status == PROP_OK:
            if options[OPT_GUESS_BUDGET] < -1:
                # a budget below -1 hands over before any probe: propagation alone
                return SEARCH_BUDGET, pr.found[0]
            outcome, best_idx, best_bit = probe_round(st, pr, options, max_solutions)
            if outcome == ROUND_STOPPED:
                return SEARCH_STOPPED, pr.found[0]
            if outcome == ROUND_LIMIT:
                return SEARCH_LIMIT, pr.found[0]
            if outcome == ROUND_REFUSED:
                return SEARCH_REFUSED, pr.found[0]
            if outcome == ROUND_FAILED:
                status = PROP_CONTRADICTION
                continue
            if outcome == ROUND_IDLE:
                # probing stopped paying before the first guess (options[OPT_FIRST_PROBES])
                return SEARCH_BUDGET, pr.found[0]
            if outcome == ROUND_PROGRESS:
                status = PROP_OK
                continue
            # ROUND_BRANCH: push the alternative, follow the chosen value
            # a negative budget hands over at the first branch, before any guess
            budget = options[OPT_GUESS_BUDGET]
            if budget != 0 and stats[ST_GUESSES] >= max(budget, 0):
                return SEARCH_BUDGET, pr.found[0]
            # the probes since the first guess measure the work the guesses cost, whatever
            # their number; a count, not a clock, so every run stops at the same guess
            probe_budget = options[OPT_PROBE_BUDGET]
            if stats[ST_GUESSES] == 0:
                first_probes = stats[ST_PROBES]
            elif probe_budget > 0 and stats[ST_PROBES] - first_probes >= probe_budget:
                return SEARCH_BUDGET, pr.found[0]
            stats[ST_GUESSES] += 1
            stack_tpos[depth] = st.tpos[0]
            stack_idx[depth] = best_idx
            stack_bit[depth] = best_bit
            depth += 1
            stats[ST_DEPTH] = depth
            if depth > stats[ST_MAX_DEPTH]:
                stats[ST_MAX_DEPTH] = depth
            assign(st, best_idx, best_bit)
            fuel_cell(st, best_idx)
            status = propagate(st)
            continue
        # a contradiction, or a solution recorded: take the next alternative from the stack
        if depth == 0:
            return SEARCH_DONE, pr.found[0]
        stats[ST_BACKTRACKS] += 1
        depth -= 1
        stats[ST_DEPTH] = depth
        undo(st, stack_tpos[depth])
        settle(st)
        idx = stack_idx[depth]
        assign(st, idx, cells[idx] & ~stack_bit[depth])
        fuel_cell(st, idx)
        status = propagate(st)


@njit(cache=True, nogil=True)
def propagate_grid(h, w, blocks, colors, clue_off, methods, complete, score, cells, control,
                   stats):
    """Line solving alone on an ``h`` x ``w`` grid (clues packed as for :func:`search_grid`):
    propagation from ``cells`` to its fixpoint, left in ``cells``.

    The first tier of a solve: a puzzle that line solving decides is answered without probing
    or a search, whose kernels are then never compiled nor loaded. Returns ``(status, decided
    cells)`` with a ``PROP_*`` status of :mod:`.propagate`.
    """
    bits, decided = _bits_and_decided(cells)
    st = new_prop(grid_units(h, w), blocks, colors, clue_off, methods, complete, score, cells,
                  bits + 1, stats, control)
    stats[ST_DECIDED] = decided
    if LINE_PASS_FROM_COMPLETE:
        first = complete_floor(complete, colors)
        if methods[first] == FCOMP:
            # fcomp only: from the empty board, complete's enumeration (or olsak's probes)
            # without fast's narrowing first can take exponential time on long lines
            st.floor[0] = first
    status = propagate(borrowed_prop(st))
    # ``st`` is read after the propagation on its borrowed view, so that it outlives the view
    return status, st.stats[ST_DECIDED]


@njit(cache=True, nogil=True)
def search_grid(h, w, blocks, colors, clue_off, methods, complete, score, cells, max_solutions,
                solutions, control, stats, options):
    """:func:`search` on an ``h`` x ``w`` grid, whose clues are packed rows first, then columns
    (:func:`~.state.grid_units`). The table is built in compiled code: from Python, building it
    and passing it as a tuple would cost a few microseconds per solve, 5 % of a small puzzle's."""
    return search(grid_units(h, w), blocks, colors, clue_off, methods, complete, score, cells,
                  max_solutions, solutions, control, stats, options)
