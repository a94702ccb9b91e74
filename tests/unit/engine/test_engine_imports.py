"""Importing the engine stays cheap: no Textual, no platformdirs, no compilation (DESIGN.md)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]

PROBE = """
import json, sys
import nonotui.kinds.nonogram.engine
import pkgutil, importlib
from nonotui.kinds.nonogram.engine import _kernels as kernels
compiled = {}
for info in pkgutil.iter_modules(kernels.__path__):
    module = importlib.import_module(f"{kernels.__name__}.{info.name}")
    compiled.update({f"{info.name}.{name}": len(f.signatures) for name, f in vars(module).items()
                     if hasattr(f, "signatures")})
print(json.dumps({"modules": sorted(sys.modules), "compiled": compiled}))
"""


def test_importing_the_engine_loads_no_ui_and_compiles_nothing():
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_DISABLE_JIT"}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, "-c", PROBE], env=env, cwd=ROOT, capture_output=True, text=True,
        check=True,
    )
    report = json.loads(done.stdout)
    loaded = {name.split(".")[0] for name in report["modules"]}
    assert not loaded & {"textual", "rich", "platformdirs"}
    assert report["compiled"], "the kernels should be numba dispatchers"
    assert set(report["compiled"].values()) == {0}, report["compiled"]


WARMED = """
import json, sys
from nonotui import kinds
from nonotui.kinds.nonogram.engine import _kernels as kernels
what = sys.argv[1]
kinds.get("nonogram").warm_up(lambda: False, what, {})
print(json.dumps({"cdcl": len(kernels.cdcl_grid.signatures),
                  "dfs": len(kernels.search_grid.signatures)}))
"""


@pytest.mark.parametrize(("what", "cdcl"), [("long", 1), ("solve", 0)])
def test_warming_up_for_long_solves_loads_the_learning_search_too(what: str, cdcl: int) -> None:
    """A bench --jobs worker warms up ("long") before its first puzzle: a hard puzzle's hand-over
    to the learning search must not pay that kernel's load (or compile) inside its own timeout.
    One `nonotui solve` ("solve") leaves it until a puzzle hands over."""
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_DISABLE_JIT"}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, "-c", WARMED, what], env=env, cwd=ROOT, capture_output=True, text=True,
        check=True,
    )
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report == {"cdcl": cdcl, "dfs": 1}, report
