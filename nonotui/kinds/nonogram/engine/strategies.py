"""How the whole-puzzle search chooses: the depth-first branching strategies, and when and how
the learning search takes over (the settings :func:`~nonotui.kinds.nonogram.engine.search.solve`
runs with; :mod:`~nonotui.kinds.nonogram.engine.search` reads them as its own names, so tests and
benchmarks set them there)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

import nonotui.kinds.nonogram.engine.calls as calls


@dataclass(frozen=True)
class Strategy:
    """One way of choosing where to branch (kernel options, see ``calls.OPT_*``)."""

    name: str
    score: int
    order: int = 0
    memo: int = 1
    near: int = 1

    def options(self, guess_budget: int = 0, probe_budget: int = 0,
                first_probes: int = 0) -> np.ndarray:
        """The kernel's option vector."""
        opts = np.zeros(calls.N_OPTIONS, dtype=np.int64)
        opts[calls.OPT_SCORE] = self.score
        opts[calls.OPT_ORDER] = self.order
        opts[calls.OPT_MEMO] = self.memo
        opts[calls.OPT_NEAR] = self.near
        opts[calls.OPT_GUESS_BUDGET] = guess_budget
        opts[calls.OPT_PROBE_BUDGET] = probe_budget
        opts[calls.OPT_FIRST_PROBES] = first_probes
        return opts


WU = Strategy("wu", score=calls.SCORE_WU)
"""Branch on the cell whose two probes both set many cells (Wu et al.'s score): finds solutions
fast on random puzzles."""
FAIL_FIRST = Strategy("fail-first", score=calls.SCORE_FAIL_FIRST)
"""Branch on the cell whose weaker probe sets the fewest cells: keeps the search local, which
proves puzzles like webpbn #6574 "Forever" unique far sooner."""
STRATEGIES = {s.name: s for s in (WU, FAIL_FIRST, Strategy("product", score=calls.SCORE_PRODUCT))}
"""Every branching strategy by name; ``solve(strategy=...)`` runs one alone."""
COLOR_STRATEGY = WU
"""What ``auto`` and ``dfs`` run on a colour puzzle: the learning search is black and white
only, and one strategy on one thread gives the same first solution on every run."""
ENGINES = ("auto", "dfs", "cdcl")
"""The names :func:`solve` takes besides the depth-first strategies (see its ``strategy``)."""
FIRST_BUDGET = 16
"""Guesses the first, single-threaded run of :data:`WU` may make before the two strategies race
each other on two threads (``strategy="dfs"``). Most puzzles never get that far, so they pay for
no thread."""
AUTO_HANDOVER = -1
"""The first run's budget under ``auto``: -1 hands the puzzle to the learning search at the
first guess, after line solving and probing (-2: before any probe, as soon as line solving alone
stops short; a positive number: after that many guesses). Measured in docs/solver.md ("Which
engine first"): -2 decides more random puzzles fast, but sends every puzzle that probing would
finish (MLP; four of the bundled puzzles) to the learning search, whose first compile the
player's first hint would then wait for; :data:`AUTO_FIRST_PROBES` hands over early only the
puzzles whose first probes set nothing."""
AUTO_FIRST_PROBES = 16
"""Under ``auto``, before the first guess: when the first this many probes set no cell, probing
is given up and the puzzle handed to the learning search (0: probe until the first guess, as
:data:`AUTO_HANDOVER` says). Puzzles that probing finishes (MLP, the bundled ones) set cells
early and keep it; on those where it sets nothing early (Light, Forever), the learning search
is faster. A count, not a clock, so every run hands over at the same probe (docs/solver.md,
"Which engine first")."""
HANDOVER_KEEPS_STATE = True
"""Whether the learning search starts from the state the depth-first search reached when it
handed over before its first guess (every cell line solving and probing set holds in every
solution), rather than from the puzzle's start; not when that search had recorded a solution.
Probing's cells cost the learning search nothing to rediscover and steer it: measured in
docs/solver.md, "Which engine first"."""
PROBE_BUDGET = 0
"""Probes the first run may make after its first guess before it hands the puzzle to the
learning search (``auto`` only; 0: no limit but :data:`AUTO_HANDOVER`'s, which at -1 or -2
hands over before the first guess, so this budget is never reached)."""
CDCL_PLAIN = 0
"""The learning search's ``mode`` (``kernels.cdcl``): none of its flags. What production ran as
``483 | MODE_BP | MODE_PROVE | MODE_REBP`` is now what the search always does: its first phases
and activities from belief propagation over the lines (``kernels.cdcl_bp``), Glucose's restarts
(by the recent learned clauses' glue against the mean), an activity decay that starts at 0.8
and grows to 0.95, target phases forgotten at each restart (``kernels.cdcl_heur``), the proof
after the first solution and the beliefs worked out again as level 0 grows. The flags measured
and left out were removed from the kernels (docs/solver.md, "Dropped experiments removed from
the kernels"); figures in docs/solver.md."""
CDCL_SHAKEN = calls.MODE_SHAKE
"""The second learning search's ``mode`` (:data:`PORTFOLIO_AFTER`): the same search with its
first activities shaken (``calls.MODE_SHAKE``, seed 1)."""

PORTFOLIO_AFTER = 3000
"""Conflicts after which the learning search (under ``auto``) gets a second one racing it on a
second thread: the same search with its first activities shaken (``calls.MODE_SHAKE``),
started from the puzzle's start rather than from the cells probing set, whose conflicts are
counted from this number. The answer is the one of the search that ends at the
fewer conflicts so counted (the plain one on a tie): conflicts, not clocks, so every run gives
the same answer, whichever thread the machine happens to run faster. The learning search's
time on random puzzles is heavy-tailed, and a second order often ends far sooner (random 30x30
#876: 43,334 conflicts plain, 1,844 shaken; docs/solver.md, "A second learning search"). 0: no
second search. Most puzzles end long before it starts (3,000 conflicts are about 0.13 s on a
30x30 board; the hardest puzzles of the peers' table, 9-Dom and Faase, end at 1,664 and 2,807),
and so pay for no second thread."""
