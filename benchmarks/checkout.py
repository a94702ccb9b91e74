"""One benchmark script run against another checkout's package, for same-run comparisons
(``--compare DIR`` in ``probe_cost.py`` and ``cdcl_rate.py``)."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
"""This checkout."""


def run_child(script: Path, root: Path, args: list[str]) -> dict[str, Any] | None:
    """``script`` (this checkout's copy) run in a subprocess with ``args`` on the package of the
    checkout ``root``: its first JSON line, or ``None`` when it printed none. A checkout other
    than this one gets a numba cache of its own; a row from another package than ``root``'s
    stops the run."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(root)
    if root != ROOT:
        key = hashlib.sha1(str(root).encode()).hexdigest()[:12]
        env["NUMBA_CACHE_DIR"] = str(Path(tempfile.gettempdir()) / f"{script.stem}_numba_{key}")
    out = subprocess.run([sys.executable, str(script), *args], env=env, cwd=str(root),
                         capture_output=True, text=True, check=True).stdout
    rows: list[dict[str, Any]] = [json.loads(line) for line in out.splitlines()
                                  if line.startswith("{")]
    if not rows:
        return None
    if Path(rows[0]["package"]) != root.resolve():
        raise SystemExit(f"{args}: ran {rows[0]['package']}, not {root}")
    return rows[0]
