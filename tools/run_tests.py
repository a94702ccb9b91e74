"""Run the whole test suite the way CI does: the type check, then pytest twice.

First ``ruff check`` lints the code with the rules ``[tool.ruff.lint]`` in pyproject.toml
names, and ``mypy`` type-checks the package as ``[tool.mypy]`` configures it (strict); a
finding of either fails the whole before any test runs. Then numba's cache is filled once, in
two processes (:func:`warm_kernels`), so that the test workers load the kernels rather than
each compiling them.
The first pytest run is the normal suite with numba's JIT, on every core (pytest-xdist). The second runs the tests marked ``nojit``
with ``NUMBA_DISABLE_JIT=1``, so that the kernels' Python source is exercised (and counted by
coverage); numba reads that variable when it is imported, hence a separate process. Either
run failing fails the whole, and so does a run that collects no test (pytest's exit code 5):
a marker or a path gone wrong must not pass as green. Extra arguments go to both pytest runs
(not to mypy).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
"""The project's root, where pyproject.toml (and so mypy's configuration) is."""

NOJIT_ENV = {"NUMBA_DISABLE_JIT": "1"}
NOJIT_ARGS = ["-m", "nojit and not slow"]
"""The second run: the tests marked ``nojit``, with numba's JIT off."""
PARALLEL = ["-n", "auto", "--dist", "loadgroup"]
"""Both runs spread the tests over every core (pytest-xdist); tests that share state across
tests name one group (``xdist_group``) and run on one worker."""
NO_TESTS_COLLECTED = 5
"""pytest's exit code when it collected nothing: a failure here, not a pass."""


def run(extra_env: dict[str, str], args: list[str]) -> int:
    """One pytest process; its exit code (5 when it collected no test)."""
    env = {**os.environ, **extra_env}
    print(f"$ {' '.join(f'{k}={v}' for k, v in extra_env.items())} pytest {' '.join(args)}",
          flush=True)
    return subprocess.call([sys.executable, "-m", "pytest", *PARALLEL, *args], env=env)


WARM_PROCESSES = 2
"""Processes that fill numba's cache before the tests (:func:`warm_kernels`)."""

def warm_kernels() -> None:
    """Compile the engine's kernels into numba's cache once, before the tests, in
    :data:`WARM_PROCESSES` processes that share the player's warm-up steps
    (:mod:`nonotui.warm`): each pytest worker
    then loads them from the cache instead of compiling them again (on a fresh clone, two
    workers compiled the same kernels side by side). A failure here is only reported: the tests
    that need the failing kernel say what is wrong."""
    print(f"$ python -m nonotui.warm --processes {WARM_PROCESSES}", flush=True)
    code = subprocess.call([sys.executable, "-m", "nonotui.warm",
                            "--processes", str(WARM_PROCESSES)], cwd=ROOT)
    if code != 0:
        print("warming numba's cache failed (see above); the tests go on", file=sys.stderr)


def lint() -> int:
    """``ruff check`` on the code, with pyproject.toml's rules; its exit code (1 on findings)."""
    print("$ ruff check", flush=True)
    return subprocess.call([sys.executable, "-m", "ruff", "check", *LINTED], cwd=ROOT)


LINTED = ["nonotui", "tests", "tools", "benchmarks"]
"""What ``ruff check`` looks at: everything of the project's own that is Python."""


def typecheck() -> int:
    """``mypy`` on the package, configured by pyproject.toml; its exit code (1 on errors)."""
    print("$ mypy", flush=True)
    return subprocess.call([sys.executable, "-m", "mypy"], cwd=ROOT)


def main() -> int:
    """The type check, then both runs; the exit code is the first failure's."""
    extra = sys.argv[1:]
    code = lint()
    if code != 0:
        print("ruff found problems: fix them before the tests run (`ruff check --fix` fixes "
              'many; docs/architecture.md, "Tests")', file=sys.stderr)
        return code
    code = typecheck()
    if code != 0:
        print("mypy found type errors: fix them before the tests run "
              '(docs/architecture.md, "Tests")', file=sys.stderr)
        return code
    warm_kernels()
    code = run({}, extra)
    if code != 0:
        return code
    code = run(NOJIT_ENV, [*NOJIT_ARGS, *extra])
    if code == NO_TESTS_COLLECTED:
        print("the NUMBA_DISABLE_JIT=1 run collected no test marked nojit: the kernels' Python "
              "source went untested (for a few tests of your choice, run pytest itself)",
              file=sys.stderr)
    return code


if __name__ == "__main__":
    sys.exit(main())
