"""Compiling the engine ahead of need: a command that fills numba's cache with every kind's
warm-up steps (:func:`nonotui.kinds.warm_up_steps`) in processes of its own.

Three callers share one list of steps, so that what the player, the tests and an installed wheel
find compiled is the same set of kernels:

- the player's warm-up (:func:`nonotui.ui.assist.warm_up`) runs the steps one by one in a
  thread, what a hint on the open puzzle needs first;
- the test runner (``tools/run_tests.py``) fills the cache before its workers start;
- the wheel build (``setup.py``) compiles a cache that ships ready in the wheel
  (:mod:`nonotui.model.kernel_cache`, ``NONOTUI_KERNEL_CACHE`` naming where it goes).

``python -m nonotui.warm [--processes N]`` runs every step, the steps dealt round-robin to
N processes (default 2: compiling is one core's work per process, and the processes share what
each compiles through the cache). Its exit code is 1 when any process failed.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from collections.abc import Sequence

from nonotui import kinds
from nonotui.model.kind import Stop, WarmUpStep

PROCESSES = 2
"""Processes :func:`compile_all` starts unless told otherwise."""


def every_step() -> list[WarmUpStep]:
    """Every kind's player warm-up steps (:func:`nonotui.kinds.warm_up_steps`), then the
    command line's long solves (the learning search of
    ``nonotui solve`` and ``bench``, which the player never needs)."""
    def long_solves(stop: Stop) -> None:
        for kind in kinds.kinds():
            kind.warm_up(stop, "long")

    return [*kinds.warm_up_steps(), ("long solves", long_solves)]


def compile_share(part: int, parts: int) -> None:
    """Run this process's share of :func:`every_step`: every ``parts``-th step from ``part``."""
    for _name, step in every_step()[part::parts]:
        step(lambda: False)


def compile_all(processes: int = PROCESSES, env: dict[str, str] | None = None) -> bool:
    """Run every step in ``processes`` child processes (with ``env``, default this process's);
    whether all of them succeeded."""
    command = [sys.executable, "-c",
               "import sys; from nonotui.warm import compile_share; "
               "compile_share(int(sys.argv[1]), int(sys.argv[2]))"]
    children = [subprocess.Popen([*command, str(i), str(processes)],
                                 env=dict(os.environ) if env is None else env)
                for i in range(processes)]
    return all([child.wait() == 0 for child in children])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m nonotui.warm",
        description="Compile every kernel of every kind into numba's cache (the player's "
                    "warm-up and the command line's long solves).")
    parser.add_argument("--processes", type=int, default=PROCESSES,
                        help=f"processes to share the steps (default {PROCESSES})")
    args = parser.parse_args(argv)
    return 0 if compile_all(max(1, args.processes)) else 1


if __name__ == "__main__":
    sys.exit(main())
