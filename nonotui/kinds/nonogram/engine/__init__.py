"""The solving engine: the seeds' linesolvers as numba kernels, behind a small Python API.

``solve_line("fcomp", "9 1 1 1", "???--#########-------???#-?-?")`` solves one line in the text
notation; :data:`NAMES` lists the linesolvers and :func:`parse_stack` reads a stack such as
``"fast,fcomp"``. :func:`solve` solves a whole puzzle and proves its solution unique (see
docs/solver.md). Importing the package loads nothing: its names are looked up in their modules
on first use (:func:`__getattr__`), which load numpy and numba (a few hundred milliseconds) but
neither Textual nor platformdirs, and compile nothing: each kernel is compiled, or loaded from
numba's cache, on its first call.

The package imports none of its modules itself (:mod:`nonotui.lazy`): engine modules are first
imported in worker threads, several at once (the player's warm-up, a verdict, a hint), and a
package whose ``__init__`` imported them could hand one thread a half-made module
(``tests/unit/test_engine_import_race.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nonotui import lazy

if TYPE_CHECKING:
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

_HOMES = {
    **dict.fromkeys(("DEFAULT_STACK", "NAMES", "REGISTRY", "Contradiction", "LineSolver",
                     "LineSolverError", "Stack", "parse_stack", "solve_line"), "lines"),
    **dict.fromkeys(("Progress", "SolveResult", "SolveStats", "solve"), "search"),
}
"""Each exported name's module."""


__getattr__ = lazy.exports(__name__, _HOMES, globals())

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
