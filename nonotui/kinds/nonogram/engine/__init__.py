"""The solving engine: the seeds' linesolvers as numba kernels, behind a small Python API.

``solve_line("fcomp", "9 1 1 1", "???--#########-------???#-?-?")`` solves one line in the text
notation; :data:`NAMES` lists the linesolvers and :func:`parse_stack` reads a stack such as
``"fast,fcomp"``. :func:`solve` solves a whole puzzle and proves its solution unique (see
docs/solver.md). Importing the package loads nothing: its names are looked up in their modules
on first use (:func:`__getattr__`), which load numpy and numba (a few hundred milliseconds) but
neither Textual nor platformdirs, and compile nothing: each kernel is compiled, or loaded from
numba's cache, on its first call.

The package imports none of its modules itself. Engine modules are first imported in worker
threads, several at once (the player's warm-up, a verdict, a hint); a package whose
``__init__`` imports its own modules takes its lock before theirs, while a thread importing one
of them directly takes that module's lock first and then the package's, and Python breaks the
deadlock by handing one thread a half-made module (``ImportError: cannot import name ...``).
``tests/unit/test_import_order.py`` keeps the import graph free of such cycles.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

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


def __getattr__(name: str) -> object:
    """An exported name, imported from its module on first use (a submodule's name is not here:
    the import system then imports the submodule)."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value

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
