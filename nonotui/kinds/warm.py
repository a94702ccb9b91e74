"""Compiling the engine ahead of need: every kind's warm-up in steps, and a command that fills
numba's cache with all of them in processes of its own.

Three callers share one list of steps, so that what the player, the tests and an installed wheel
find compiled is the same set of kernels:

- the player's warm-up (:func:`nonotui.ui.assist.warm_up`) runs :func:`steps` one by one in a
  thread, what a hint on the open puzzle needs first;
- the test runner (``tools/run_tests.py``) fills the cache before its workers start;
- the wheel build (``setup.py``) compiles a cache that ships ready in the wheel
  (:mod:`nonotui.model.kernel_cache`, ``NONOTUI_KERNEL_CACHE`` naming where it goes).

``python -m nonotui.kinds.warm [--processes N]`` runs every step, the steps dealt round-robin to
N processes (default 2: compiling is one core's work per process, and the processes share what
each compiles through the cache). Its exit code is 1 when any process failed.
"""

from __future__ import annotations

import argparse
import functools
import os
import subprocess
import sys
from collections.abc import Sequence

from nonotui import kinds
from nonotui.model.kind import PuzzleLike, Stop, StepwiseWarmUp, WarmUpStep

PROCESSES = 2
"""Processes :func:`compile_all` starts unless told otherwise."""


def steps(first: PuzzleLike | None = None) -> list[WarmUpStep]:
    """Every kind's player warm-up steps, the kind of ``first`` first (its first hint's step
    leading); a kind without steps is one step."""
    names = list(kinds.names())
    if first is not None:
        names.sort(key=lambda name: name != kinds.kind_of(first).name)
    found: list[WarmUpStep] = []
    for name in names:
        kind = kinds.get(name)
        if isinstance(kind, StepwiseWarmUp):
            mine = first is not None and kinds.kind_of(first) is kind
            found += kind.warm_up_steps(first if mine else None)
        else:
            found.append((name, functools.partial(kind.warm_up, what="all")))
    return found


def every_step() -> list[WarmUpStep]:
    """:func:`steps`, then the command line's long solves (the learning search of
    ``nonotui solve`` and ``bench``, which the player never needs)."""
    def long_solves(stop: Stop) -> None:
        for kind in kinds.kinds():
            kind.warm_up(stop, "long")

    return [*steps(), ("long solves", long_solves)]


def compile_share(part: int, parts: int) -> None:
    """Run this process's share of :func:`every_step`: every ``parts``-th step from ``part``."""
    for _name, step in every_step()[part::parts]:
        step(lambda: False)


def compile_all(processes: int = PROCESSES, env: dict[str, str] | None = None) -> bool:
    """Run every step in ``processes`` child processes (with ``env``, default this process's);
    whether all of them succeeded."""
    command = [sys.executable, "-c",
               "import sys; from nonotui.kinds.warm import compile_share; "
               "compile_share(int(sys.argv[1]), int(sys.argv[2]))"]
    children = [subprocess.Popen([*command, str(i), str(processes)],
                                 env=dict(os.environ) if env is None else env)
                for i in range(processes)]
    return all([child.wait() == 0 for child in children])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m nonotui.kinds.warm",
        description="Compile every kernel of every kind into numba's cache (the player's "
                    "warm-up and the command line's long solves).")
    parser.add_argument("--processes", type=int, default=PROCESSES,
                        help=f"processes to share the steps (default {PROCESSES})")
    args = parser.parse_args(argv)
    return 0 if compile_all(max(1, args.processes)) else 1


if __name__ == "__main__":
    sys.exit(main())
