"""The Aquarium solver's calls into its compiled kernels: one checked wrapper per kernel.

The kernels (:mod:`._kernels`) take a packed puzzle's seven unit tables positionally and trust
them. :func:`propagate_levels` and :func:`search` take the :class:`~.packed.Packed` puzzle
instead, name every other argument, check the arrays' types and lengths in Python, and raise
:class:`KernelArgumentError` naming the kernel and the argument. Importing this module loads
neither numba nor a kernel: the kernel module is imported on the first call.
"""

from __future__ import annotations

import numpy as np

from nonotui.kinds.aquarium.engine.packed import Packed


class KernelArgumentError(ValueError):
    """A kernel was called with an array of the wrong type or length: a bug in the caller."""


def _check(kernel: str, name: str, a: object, length: int | None) -> None:
    if not isinstance(a, np.ndarray) or a.dtype != np.int64 or a.ndim != 1:
        raise KernelArgumentError(f"{kernel}: {name} must be a flat int64 array")
    if length is not None and a.shape[0] != length:
        raise KernelArgumentError(f"{kernel}: {name} must hold {length}, not {a.shape[0]}")
    if not a.flags.c_contiguous:
        raise KernelArgumentError(f"{kernel}: {name} must be C-contiguous")


def _check_domains(kernel: str, packed: Packed, lo: np.ndarray, hi: np.ndarray) -> None:
    tanks = packed.top.shape[0]
    _check(kernel, "lo", lo, tanks)
    _check(kernel, "hi", hi, tanks)


def propagate_levels(packed: Packed, lo: np.ndarray, hi: np.ndarray, *, exact: bool) -> bool:
    """Narrow every tank's levels ``[lo, hi]`` (in place) to the rules' fixpoint, with the
    rows' exact test when ``exact``; False on a contradiction."""
    import nonotui.kinds.aquarium.engine._kernels as _kernels

    _check_domains("propagate_levels", packed, lo, hi)
    return bool(_kernels.propagate_levels(lo, hi, *packed.args(), exact))


def search(packed: Packed, lo: np.ndarray, hi: np.ndarray, *, max_solutions: int,
           solutions: np.ndarray, control: np.ndarray, stats: np.ndarray, probing: bool,
           exact: int, choice: int) -> tuple[int, int]:
    """Up to ``max_solutions`` level assignments from the domains ``lo``/``hi`` into the rows
    of ``solutions``; ``control[0]`` set non-zero stops it; ``stats`` its counters. ``exact``:
    the rows' exact test 0 never, 1 everywhere, 2 outside probes; ``choice``: the branching
    rule (see :func:`~.solve.solve`'s ``branching``). Returns ``(status, found)``."""
    import nonotui.kinds.aquarium.engine._kernels as _kernels

    kernel = "search"
    _check_domains(kernel, packed, lo, hi)
    tanks = packed.top.shape[0]
    if max_solutions < 1:
        raise KernelArgumentError(f"{kernel}: max_solutions must be at least 1")
    if (not isinstance(solutions, np.ndarray) or solutions.dtype != np.int64
            or solutions.shape != (max_solutions, tanks) or not solutions.flags.c_contiguous):
        raise KernelArgumentError(f"{kernel}: solutions must be int64 of shape "
                                  f"{max_solutions}x{tanks}")
    _check(kernel, "control", control, 1)
    _check(kernel, "stats", stats, _kernels.N_STATS)
    if exact not in (0, 1, 2) or choice not in (0, 1, 2):
        raise KernelArgumentError(f"{kernel}: exact and choice are 0, 1 or 2, not {exact} and "
                                  f"{choice}")
    status, found = _kernels.search(lo, hi, *packed.args(), max_solutions, solutions, control,
                                    stats, probing, exact, choice)
    return int(status), int(found)
