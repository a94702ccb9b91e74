"""The Aquarium solver: tank levels as the variables, bounds propagation over rows and columns
(seed 004's rules, the column rule done fully), probing and bifurcation (docs/solver.md,
"Aquarium").

``solve(puzzle, board=None, max_solutions=2, timeout=None, should_stop=None, progress=None)``
returns a :class:`~nonotui.model.vocab.SolveOutcome`; ``propagate(puzzle, board)`` the rules'
fixpoint (``None`` on a contradiction); ``warm_up(should_stop)`` compiles the kernels. Importing
this package loads numpy but neither numba nor a kernel: the kernels are compiled, or loaded from
numba's cache, on their first call.
"""

from nonotui.kinds.aquarium.engine.solve import (
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
