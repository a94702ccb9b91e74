"""The Aquarium solver: tank levels as the variables, bounds propagation over rows and columns
(seed 004's rules, the column rule done fully), probing and bifurcation (docs/solver.md,
"Aquarium").

``solve(puzzle, board=None, max_solutions=2, timeout=None, should_stop=None, progress=None)``
returns a :class:`~nonotui.model.vocab.SolveOutcome`; ``propagate(puzzle, board)`` the rules'
fixpoint (``None`` on a contradiction); ``warm_up(should_stop)`` compiles the kernels. Importing
this package loads nothing: its names are looked up in :mod:`.solver` on first use, which loads
numpy but neither numba nor a kernel; the kernels are compiled, or loaded from numba's cache, on
their first call. The package imports none of its modules itself, so that threads importing the
engine at once cannot deadlock (see :mod:`nonotui.kinds.nonogram.engine`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nonotui import lazy

if TYPE_CHECKING:
    from nonotui.kinds.aquarium.engine.solver import (
        EXAMPLE,
        Progress,
        board_of_levels,
        level_domains,
        propagate,
        solve,
        warm_up,
    )


__all__ = ["EXAMPLE", "Progress", "board_of_levels", "level_domains", "propagate", "solve",
           "warm_up"]

__getattr__ = lazy.exports(__name__, dict.fromkeys(__all__, "solver"), globals())
