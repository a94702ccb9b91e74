"""The numba kernels of nonogram solving, one module per job.

==================  ==========================================================================
``common``          statuses, cell values, scratch size, the prologue every linesolver shares
``lines_fast``      fast (seed 002) and its leftmost arrangement
``lines_complete``  complete (seed 000)
``lines_fcomp``     fcomp (seed 001)
``lines_olsak``     olsak (seed 003)
``lines_bits``      an exact black-and-white linesolver on bit masks, lines of up to 64 cells
``lines_bits2``     the same on two words a mask, lines of 65 to 128 cells
``lines_colour``    fast and olsak on colour lines (coloured leftmost arrangement)
``lines_colour_dp`` complete and fcomp on colour lines (enumeration; a table over both ends)
``dispatch``        :func:`solve_line` (checks, prologue, then one linesolver) and its drivers
``state``           the table of units, the propagation record, the trail
``propagate``       fuel-driven propagation over the units
``propagate_bits``  propagation's black-and-white lines of up to 64 cells on bit masks
``line_steps``      the solver's propagation one line step at a time, for auto-solve to show
``probe``           the search's probing round and branching score
``search``          :func:`search` (propagation, probing, bifurcation), :func:`search_grid`
``cdcl``            :func:`cdcl_grid`: the learning search (CDCL, lines as propagators)
``cdcl_db``         the learning search's record, activity heap and clause database
``cdcl_lines``      the learning search's line cache and lazy explanations
``cdcl_heur``       the learning search's target phases
``cdcl_prop``       the learning search's propagation: literals, watched clauses, lines, undo
``cdcl_bp``         its first phases and activities by belief propagation, the shaken order
``chain``           :func:`probe_chain` / :func:`probe_all`: the probes behind hints
``chain_colour``    :func:`probe_colour_all`: every value of every open colour cell, for hints
``probe_memo``      probing for hints, keeping what was learned from one hint to the next
==================  ==========================================================================

Importing the package compiles nothing (no eager signatures): compilation, or loading from
numba's cache, happens on a kernel's first call. Before the kernel modules are imported (when
numba's cache locators read their folder), the cache folder is pointed at one in the user's cache
folder named by a hash of this package's sources (see :mod:`nonotui.model.kernel_cache`), then
set back.
"""

from __future__ import annotations

from pathlib import Path

from nonotui.model import kernel_cache

PACKAGE = Path(__file__).resolve().parent
"""The kernel package's folder: every ``.py`` file in it keys the cache."""

CACHE_FOLDER = kernel_cache.cache_folder("nonogram", PACKAGE.glob("*.py"))
"""Where this package's kernels are cached (None: numba's own choice, or NUMBA_CACHE_DIR)."""
_restore = kernel_cache.use(CACHE_FOLDER)
try:
    from . import line_steps, probe_memo
    from .cdcl import CDCL_DONE, CDCL_LIMIT, CDCL_STOPPED, cdcl_grid
    from .cdcl_bp import (
        MODE_SHAKE,
        SHAKE_SEED_SHIFT,
        beliefs,
        line_marginals,
    )
    from .cdcl_lines import (
        CD_CACHE_HITS,
        CD_CONFLICTS,
        CD_DELETED,
        CD_EXPLAIN_LINES,
        CD_LEARNED,
        CD_RESTARTS,
        N_CD_STATS,
    )
    from .chain import chain_units, probe_all, probe_chain
    from .chain_colour import probe_colour_all
    from .common import (
        BOTH,
        CHANGED,
        COMPLETE,
        CONTRADICTION,
        EMPTY,
        FAST,
        FCOMP,
        FILLED,
        OLSAK,
        REFUSED,
        UNCHANGED,
        work_size,
    )
    from .dispatch import (
        repeat_line,
        solve_batch,
        solve_line,
        solve_stack,
    )
    from .lines_fast import leftmost
    from .probe import (
        N_OPTIONS,
        OPT_FIRST_PROBES,
        OPT_GUESS_BUDGET,
        OPT_MEMO,
        OPT_NEAR,
        OPT_ORDER,
        OPT_PROBE_BUDGET,
        OPT_SCORE,
        OPT_SETTLED,
        SCORE_FAIL_FIRST,
        SCORE_PRODUCT,
        SCORE_WU,
    )
    from .propagate import PROP_CONTRADICTION, PROP_OK, PROP_REFUSED, PROP_STOPPED
    from .search import (
        SEARCH_BUDGET,
        SEARCH_DONE,
        SEARCH_LIMIT,
        SEARCH_REFUSED,
        SEARCH_STOPPED,
        propagate_grid,
        search,
        search_grid,
    )
    from .state import (
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
        Units,
        grid_units,
    )
finally:
    _restore()

__all__ = [
    "BOTH",
    "CACHE_FOLDER",
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
    "EMPTY",
    "FAST",
    "FCOMP",
    "FILLED",
    "MODE_SHAKE",
    "SHAKE_SEED_SHIFT",
    "N_CD_STATS",
    "N_OPTIONS",
    "OLSAK",
    "OPT_GUESS_BUDGET",
    "OPT_FIRST_PROBES",
    "OPT_SETTLED",
    "OPT_PROBE_BUDGET",
    "OPT_MEMO",
    "OPT_NEAR",
    "OPT_ORDER",
    "OPT_SCORE",
    "REFUSED",
    "SCORE_FAIL_FIRST",
    "SCORE_PRODUCT",
    "SCORE_WU",
    "SEARCH_BUDGET",
    "SEARCH_DONE",
    "SEARCH_LIMIT",
    "SEARCH_REFUSED",
    "SEARCH_STOPPED",
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
    "Units",
    "beliefs",
    "cdcl_grid",
    "chain_units",
    "grid_units",
    "leftmost",
    "line_marginals",
    "line_steps",
    "PROP_CONTRADICTION",
    "PROP_OK",
    "PROP_REFUSED",
    "PROP_STOPPED",
    "probe_all",
    "propagate_grid",
    "probe_chain",
    "probe_colour_all",
    "probe_memo",
    "repeat_line",
    "search",
    "search_grid",
    "solve_batch",
    "solve_line",
    "solve_stack",
    "work_size",
]
