"""The wheel carries the solver compiled: a cache that ships ready.

Everything else about the package is declared in pyproject.toml. This file adds one step to
setuptools' ``build_py``: once the package is copied into the build folder, every kernel of every
kind is compiled there (``python -m nonotui.warm``, two processes) into
``nonotui/_prebuilt/``, which the wheel then holds. The installed program seeds the user's cache
folder from it on its first start (``nonotui/model/kernel_cache.py``), so the first ``nonotui``
after ``pip install .`` answers at once instead of compiling for minutes.

The cache is compiled for this machine's CPU, Python and numba, which is where ``pip install .``
installs it; elsewhere numba finds its entries do not match and compiles as it would without it.
Editable installs (``pip install -e``) compile nothing here: the tests fill the cache themselves
(``tools/run_tests.py``). ``NONOTUI_PREBUILD=0`` leaves the step out; a failure in it is reported
and the wheel is built without the cache.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

try:
    from setuptools.command.bdist_wheel import bdist_wheel
except ImportError:  # setuptools before 70.1 has it from the wheel package, when installed
    try:
        from wheel.bdist_wheel import bdist_wheel
    except ImportError:
        bdist_wheel = None


def prebuilding() -> bool:
    """Whether this build compiles the solver into the wheel (``NONOTUI_PREBUILD=0``: no)."""
    return os.environ.get("NONOTUI_PREBUILD") != "0"


class BuildPy(build_py):
    """``build_py``, then the kernels compiled into the build folder's ``nonotui/_prebuilt``."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False) or not prebuilding():
            return
        built = Path(self.build_lib).resolve()
        target = built / "nonotui" / "_prebuilt"
        shutil.rmtree(target, ignore_errors=True)
        env = {k: v for k, v in os.environ.items()
               if k not in ("NUMBA_CACHE_DIR", "NUMBA_DISABLE_JIT")}
        env["PYTHONPATH"] = os.pathsep.join(
            [str(built), *filter(None, [os.environ.get("PYTHONPATH")])])
        env["NONOTUI_KERNEL_CACHE"] = str(target)
        print("compiling the solver into the wheel (about two minutes; NONOTUI_PREBUILD=0 "
              "skips it)", flush=True)
        code = subprocess.call([sys.executable, "-m", "nonotui.warm"], env=env,
                               cwd=str(built))
        if code != 0:
            print("compiling the solver failed; the wheel is built without it (nonotui "
                  "compiles on first use instead)", file=sys.stderr, flush=True)
            shutil.rmtree(target, ignore_errors=True)


commands: dict[str, type] = {"build_py": BuildPy}
if bdist_wheel is not None:

    class BdistWheel(bdist_wheel):
        """A wheel that holds a compiled cache is tagged for this Python and platform only
        (the cache is for them; everything else in it would work anywhere)."""

        def finalize_options(self) -> None:
            super().finalize_options()
            if prebuilding():
                self.root_is_pure = False

    commands["bdist_wheel"] = BdistWheel

setup(cmdclass=commands)
