"""The named puzzles the search's benchmarks solve, by name: where each one's file is.

MLP, LalaFrogKK and 9-Dom may not be redistributed: they are read from the folder named by
``NONOTUI_HARD_DIR`` (``MLP.non``, ``LalaFrogKK.non``, ``9-dom.non``; see ``peers.py``). The
others are in ``../shared/bench/survey/``.
"""

from __future__ import annotations

import os
from pathlib import Path

SURVEY = (Path(__file__).resolve().parents[2] / "shared" / "bench" / "survey").resolve()
HARD = {"MLP": "MLP.non", "LalaFrogKK": "LalaFrogKK.non", "9-Dom": "9-dom.non"}
SURVEYED = {"Petro": "webpbn-00436.nin", "Light": "webpbn-00803.nin",
            "Forever": "webpbn-06574.nin", "Knotty": "knotty.nin"}


def named_path(name: str) -> Path | None:
    """The file of puzzle ``name``, or None when it is not on this machine."""
    if name in HARD:
        folder = os.environ.get("NONOTUI_HARD_DIR")
        path = Path(folder) / HARD[name] if folder else None
    else:
        path = SURVEY / SURVEYED[name]
    return path if path is not None and path.is_file() else None
