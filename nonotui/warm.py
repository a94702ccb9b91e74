"""Compiling the engine ahead of need: a command that fills numba's cache with every kind's
warm-up steps (:func:`nonotui.kinds.warm_up_steps`) in processes of its own.

Three callers share one list of steps, so that what the player, the tests and an installed wheel
find compiled is the same set of kernels:

- the player's warm-up (:func:`nonotui.ui.assist.warm_up`) runs the steps one by one in a
  thread, what a hint on the open puzzle needs first;
- the test runner (``tools/run_tests.py``) fills the cache before its workers start;
- the wheel build (``setup.py``) compiles a cache that ships ready in the wheel
  (:mod:`nonotui.model.kernel_cache`, ``NONOTUI_KERNEL_CACHE`` naming where it goes).

``python -m nonotui.warm [--processes N]`` runs every step in N processes (default 2:
compiling is one core's work per process, and the processes share what each compiles through
the cache). Each process takes the next step no process has taken yet, in the list's order,
until none is left: the steps take 5 to 40 s each, and dealing them out in turns left one
process compiling for a minute after the other had finished. Its exit code is 1 when any process
failed.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from nonotui import kinds
from nonotui.model.kind import Stop, WarmUpStep

PROCESSES = 2
"""Processes :func:`compile_all` starts unless told otherwise."""

LONGEST_FIRST = ("auto-solve",)
"""Steps started before the others. Run one after another from an empty cache, the steps took
175 s, auto-solve (the learning search) 74 s of it, each other step 0-26 s (2026-12-04). With
auto-solve taken first, one process compiles it while the other works through the rest: the
whole took 101 s on two cores, against 132 s in the player's order and 146 s dealt in turns."""


def every_step() -> list[WarmUpStep]:
    """Every kind's player warm-up steps (:func:`nonotui.kinds.warm_up_steps`), then the
    command line's long solves (the learning search of
    ``nonotui solve`` and ``bench``, which the player never needs); the
    :data:`LONGEST_FIRST` steps first."""
    def long_solves(stop: Stop) -> None:
        for kind in kinds.kinds():
            kind.warm_up(stop, "long")

    steps = [*kinds.warm_up_steps(), ("long solves", long_solves)]
    return sorted(steps, key=lambda step: step[0] not in LONGEST_FIRST)


def compile_claimed(claims: str) -> None:
    """Run every step of :func:`every_step` that no other process has claimed: a step is
    claimed by creating its file in the folder ``claims`` (creating a file that must not
    exist is atomic on every system), the first free one each time."""
    for index, (_name, step) in enumerate(every_step()):
        try:
            os.close(os.open(Path(claims) / f"step-{index}", os.O_CREAT | os.O_EXCL))
        except FileExistsError:
            continue
        step(lambda: False)


def compile_all(processes: int = PROCESSES, env: dict[str, str] | None = None) -> bool:
    """Run every step in ``processes`` child processes (with ``env``, default this process's),
    which share the steps out as each becomes free; whether all of them succeeded."""
    with tempfile.TemporaryDirectory(prefix="nonotui-warm-") as claims:
        command = [sys.executable, "-c",
                   "import sys; from nonotui.warm import compile_claimed; "
                   "compile_claimed(sys.argv[1])", claims]
        children = [subprocess.Popen(command, env=dict(os.environ) if env is None else env)
                    for _ in range(processes)]
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
