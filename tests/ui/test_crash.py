"""The real player in a pseudo-terminal, ended by signals and by kill -9 mid-play: the driver of
``benchmarks/crash.py`` with a few runs. The default run closes the terminal (SIGHUP) and sends
SIGTERM once each; the slow test does a few runs of every ending."""

from __future__ import annotations

import random
import signal
import sys

import pytest

from benchmarks.crash import PUZZLE, expected_status, one_run, run_all, table
from nonotui.store import DataDir
from nonotui.store.catalog import Catalog

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")


@pytest.mark.parametrize("kind", ["SIGHUP", "SIGTERM"])
def test_a_signal_mid_play_keeps_every_move(tmp_path, kind: str) -> None:
    puzzle, _ = Catalog(DataDir(tmp_path)).resolve(PUZZLE)
    run = one_run(kind, random.Random(7), puzzle, PUZZLE, interval=0.25, longest=1.5)
    assert run.problem is None
    assert len(run.sent) == 3, "three moves were played (seeded)"
    # every move the player had handled (its status line showed the count) is in the save
    assert run.shown >= 1 and run.lost_shown == 0 and run.consistent
    assert run.status == 128 + getattr(signal, kind)
    if kind == "SIGTERM":
        assert run.restored


@pytest.mark.slow
def test_crash_driver_few_runs() -> None:
    runs = run_all(
        [("SIGKILL", 4), ("SIGHUP", 2), ("SIGTERM", 2), ("SIGINT", 2)], seed=11, longest=4.0
    )
    text, ok = table(runs)
    assert ok, text
    for run in runs:
        assert run.lost_old == 0 and run.consistent and run.problem is None
        assert run.status == expected_status(run.kind)
        if run.kind != "SIGKILL":
            assert run.lost_shown == 0
