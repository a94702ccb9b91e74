"""The tiers of a solve: a puzzle that line solving decides loads neither probing nor a search.

Each case runs ``nonotui solve`` in a fresh process (numba's dispatchers are per process) and
reads, after it, which kernels hold a compiled or cached signature. The answer printed is judged
by the puzzle's clues, read here apart from the engine.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from nonotui.store.catalog import open_puzzles

REPO = Path(__file__).resolve().parents[3]

PROBE = """
import contextlib, io, json, sys
from nonotui.cli import main
out = io.StringIO()
with contextlib.redirect_stdout(out):
    code = main(["solve", sys.argv[1], "--json"])
from nonotui.kinds.nonogram.engine import _kernels as kernels
loaded = {name: len(getattr(kernels, name).signatures)
          for name in ("propagate_grid", "search_grid", "cdcl_grid")}
print(json.dumps({"code": code, "report": json.loads(out.getvalue()), "loaded": loaded}))
"""


def _solve(puzzle: str) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_DISABLE_JIT",)}
    done = subprocess.run([sys.executable, "-c", PROBE, puzzle], cwd=REPO, env=env,
                          capture_output=True, text=True, check=True)
    result: dict = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def _runs(line: str) -> list[int]:
    return [len(run) for run in line.replace("-", " ").split()]


@pytest.mark.parametrize(("puzzle", "needs_search"), [
    ("heart", False),                    # line solving decides every cell
    ("4x4:2/1/2/1/1.1/2/1/1", True),     # line solving stalls: probing and a guess
])
def test_only_the_tiers_a_puzzle_needs_are_loaded(puzzle: str, needs_search: bool) -> None:
    result = _solve(puzzle)
    report = result["report"]
    assert result["code"] == 0
    assert report["status"] in ("unique", "multiple")
    grid = report["solutions"][0]
    columns = ["".join(row[c] for row in grid) for c in range(len(grid[0]))]
    (clues,), _ = open_puzzles(puzzle)
    assert [_runs(r) for r in grid] == [list(c) for c in clues.rows]
    assert [_runs(c) for c in columns] == [list(c) for c in clues.columns]
    assert result["loaded"]["propagate_grid"] >= 1
    assert bool(result["loaded"]["search_grid"]) is needs_search
    assert result["loaded"]["cdcl_grid"] == 0
