"""The solving engine: the seeds' linesolvers as numba kernels, behind a small Python API.

``solve_line("fcomp", "9 1 1 1", "???--#########-------???#-?-?")`` solves one line in the text
notation; :data:`NAMES` lists the linesolvers and :func:`parse_stack` reads a stack such as
``"fast,fcomp"``. :func:`solve` solves a whole puzzle and proves its solution unique (see
docs/solver.md). Importing the engine loads numpy and numba (a few hundred milliseconds) but
neither Textual nor platformdirs, and compiles nothing: each kernel is compiled, or loaded from
numba's cache, on its first call.
"""

from nonotui.kinds.nonogram.engine.lines import (
    DEFAULT_STACK,
    NAMES,
    REGISTRY,
    Contradiction,
    LineSolver,
    LineSolverError,
    Stack,
    parse_stack,
    solve_line,
)
from nonotui.kinds.nonogram.engine.search import Progress, SolveResult, SolveStats, solve

__all__ = [
    "DEFAULT_STACK",
    "NAMES",
    "REGISTRY",
    "Contradiction",
    "Progress",
    "SolveResult",
    "SolveStats",
    "LineSolver",
    "LineSolverError",
    "Stack",
    "parse_stack",
    "solve",
    "solve_line",
]
