"""Run the whole test suite the way CI does: pytest twice.

The first run is the normal suite with numba's JIT. The second runs the tests marked ``nojit``
with ``NUMBA_DISABLE_JIT=1``, so that the kernels' Python source is exercised (and counted by
coverage); numba reads that variable when it is imported, hence a separate process. Extra
arguments go to both pytest runs.
"""

from __future__ import annotations

import os
import subprocess
import sys

NO_TESTS_COLLECTED = 5


def run(extra_env: dict[str, str], args: list[str]) -> int:
    """One pytest process; 'no tests collected' counts as success only for the nojit run."""
    env = {**os.environ, **extra_env}
    print(f"$ {' '.join(f'{k}={v}' for k, v in extra_env.items())} pytest {' '.join(args)}",
          flush=True)
    return subprocess.call([sys.executable, "-m", "pytest", *args], env=env)


def main() -> int:
    """Both runs; the exit code is the first failure's."""
    extra = sys.argv[1:]
    code = run({}, extra)
    if code != 0:
        return code
    code = run({"NUMBA_DISABLE_JIT": "1"}, ["-m", "nojit and not slow", *extra])
    return 0 if code == NO_TESTS_COLLECTED else code


if __name__ == "__main__":
    sys.exit(main())
