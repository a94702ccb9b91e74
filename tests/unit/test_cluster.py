"""``api.solve_report`` as one task per puzzle on a Dask cluster (the ``cluster`` extra): a
local cluster of two worker processes solves a small collection, and every report is the one
this process makes, with statuses checked by the naive counter and solutions by their clues."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from nonotui import api
from nonotui.kinds.nonogram.puzzle import Puzzle
from tests.naive_count import clues_of, count

distributed = pytest.importorskip("distributed")

DATA = Path(__file__).resolve().parents[1] / "data" / "formats"
TIMED = ("seconds", "stats")
"""What differs from one run to the next."""


def collection(folder: Path) -> list[str]:
    (folder / "two-ways.nin").write_text("2 2\n1\n1\n1\n1\n", encoding="utf-8")
    (folder / "broken.nin").write_text("2 2\n1\nx\n1\n1\n", encoding="utf-8")
    return [str(DATA / "heart.non"), str(DATA / "flower.non"), str(folder / "two-ways.nin"),
            str(folder / "broken.nin"), "heart"]


def untimed(report: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in report.items() if k not in TIMED}


def test_a_local_cluster_solves_each_puzzle_as_this_process_does(tmp_path: Path) -> None:
    specs = collection(tmp_path)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        futures = client.map(api.solve_report, specs, timeout=30, pure=False)
        reports = client.gather(futures)
        workers = {w for who in client.who_has(futures).values() for w in who}
    assert len(workers) >= 1
    assert [r["file"] for r in reports] == specs
    for spec, report in zip(specs, reports, strict=True):
        assert untimed(report) == untimed(api.solve_report(spec, timeout=30)), spec
        if spec.endswith("broken.nin"):
            assert report["status"] == "error"
            assert "broken.nin" in report["error"] and "line" in report["error"]
            continue
        (puzzle,) = api.load_all(spec)
        if isinstance(puzzle, Puzzle) and len(puzzle.palette) <= 2:
            expected = {1: "unique", 2: "multiple"}[count(puzzle.rows, puzzle.columns, cap=2)]
            assert report["status"] == expected, spec
            picture = [[int(c == "#") for c in row] for row in report["solutions"][0]]
            assert clues_of(picture) == (puzzle.rows, puzzle.columns)
        else:
            assert report["status"] == "unique"
            assert report["identity"] == puzzle.identity
