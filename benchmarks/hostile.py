"""Hostile puzzle files: how long and how much memory nonotui takes to read or refuse each.

Run: ``python benchmarks/hostile.py [--out benchmarks/results/hostile.md] [--timeout 30]``
(target: every file within the 2 MiB bound read or refused in under 1 s and under 200 MB).

Each file (made by ``tests/hostile.py`` in a temporary folder) is loaded the way every command
loads a file, ``nonotui.kinds.nonogram.formats.load_all``, in a fresh subprocess, so one case cannot
warm or pollute another and a case that hangs (a FIFO, ``/dev/zero``) is killed at ``--timeout``.
The subprocess reports the wall time of the load, the peak of Python's allocations during it
(``tracemalloc``, in a second load, as it slows the first), the process's peak resident size
(``ru_maxrss``, which includes the interpreter and the imports: compare with the baseline row, a
real puzzle read in the same run) and the length of the error message. The imports are paid
before the timed load (a small XML file is read first). The machine's load average is recorded
with the table: on a shared machine the seconds vary with it.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests import hostile  # noqa: E402

WARM_UP = REPO / "tests" / "data" / "formats" / "heart.xml"
"""Read before the timed load, so that the imports (defusedxml's ~0.2 s) are not counted."""

CHILD = r"""
import json, resource, sys, time, tracemalloc
from nonotui.errors import NonotuiError
from nonotui.kinds.nonogram.formats import load_all
path = sys.argv[1]

def load():
    try:
        return f"read {len(load_all(path))} puzzle(s)", ""
    except NonotuiError as exc:
        return "refused", exc.message

load_all(sys.argv[2])  # a small real file first: imports are not timed
rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
start = time.perf_counter()
outcome, message = load()
seconds = time.perf_counter() - start
rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
# tracemalloc slows allocation-heavy code several times over: a second, untimed load for memory
tracemalloc.start()
load()
_, peak = tracemalloc.get_traced_memory()
tracemalloc.stop()
print(json.dumps({"outcome": outcome, "message": message, "seconds": seconds,
                  "traced_mb": peak / 2**20, "rss_mb": rss / 1024,
                  "rss_before_mb": rss_before / 1024}))
"""


def cases(folder: Path) -> list[tuple[str, str, Path]]:
    """``(kind, format, path)`` for every hostile file, the baseline first."""
    out: list[tuple[str, str, Path]] = []
    bench = REPO.parent / "shared" / "bench" / "formats"
    real = sorted(bench.glob("*.xml")) if bench.is_dir() else []
    if real:
        out.append(("baseline (real puzzle)", "xml", real[0]))
    fixture = REPO / "tests" / "data" / "formats" / "flower.non"
    out.append(("baseline (real puzzle)", "non", fixture))
    for kind, make in hostile.KINDS.items():
        for fmt in hostile.FORMATS:
            sub = folder / f"{kind}-{fmt}".replace(" ", "-")
            sub.mkdir()
            out.append((kind, fmt, make(sub, fmt)))
    for kind, make_one, fmt in (
        ("2 MiB XML of counts", hostile.big_xml, "xml"),
        ("2 MiB nested XML", hostile.deep_xml, "xml"),
        ("bundle of 1x1 puzzles", hostile.many_puzzles, "non"),
        ("bundle of 2,000 1x1 puzzles (the most read)", hostile.bundle_at_the_limit, "non"),
        ("puzzle set of 1x1 puzzles", hostile.many_xml_puzzles, "xml"),
        ("half a million lines, no extension", hostile.unknown_extension, "?"),
        ("five million ones (10 MB)", hostile.five_million_ones, "non"),
        ("one byte over 2 MiB", hostile.over_bound, "non"),
        ("symlink to /dev/zero", hostile.dev_zero_link, "non"),
        ("FIFO", hostile.fifo, "non"),
        ("UTF-16 with BOM", hostile.utf16_bom, "non"),
    ):
        sub = folder / kind.replace(" ", "-").replace("/", "")
        sub.mkdir()
        out.append((kind, fmt, make_one(sub)))
    return out


def measure(path: Path, timeout: float) -> dict[str, object]:
    """One load in a fresh interpreter; ``outcome`` is ``timeout`` when it had to be killed."""
    start = time.perf_counter()
    try:
        done = subprocess.run(
            [sys.executable, "-c", CHILD, str(path), str(WARM_UP)], capture_output=True, text=True,
            timeout=timeout, cwd=REPO,
        )
    except subprocess.TimeoutExpired:
        return {"outcome": f"timeout (killed after {timeout:.0f} s)", "message": "",
                "seconds": time.perf_counter() - start, "traced_mb": float("nan"),
                "rss_mb": float("nan"), "rss_before_mb": float("nan")}
    if done.returncode != 0:
        return {"outcome": f"crashed ({done.stderr.strip().splitlines()[-1][:80]})",
                "message": "", "seconds": time.perf_counter() - start,
                "traced_mb": float("nan"), "rss_mb": float("nan"), "rss_before_mb": float("nan")}
    return json.loads(done.stdout)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, help="also write the table to this Markdown file")
    parser.add_argument("--timeout", type=float, default=30.0)
    args = parser.parse_args()
    rows = [
        "| kind | format | size | outcome | seconds | traced peak MB | process peak MB | "
        "message chars |",
        "|---|---|---:|---|---:|---:|---:|---:|",
    ]
    worst_s = worst_mb = 0.0
    with tempfile.TemporaryDirectory(prefix="nonotui-hostile-") as tmp:
        for kind, fmt, path in cases(Path(tmp)):
            size = path.stat().st_size if path.is_file() else 0
            r = measure(path, args.timeout)
            size_text = f"{size / 2**20:.2f} MiB" if size >= 2**20 else f"{size:,} B"
            rows.append(
                f"| {kind} | {fmt} | {size_text} | {r['outcome']} | {r['seconds']:.3f} | "
                f"{r['traced_mb']:.1f} | {r['rss_mb']:.0f} | {len(str(r['message'])):,} |"
            )
            print(rows[-1], flush=True)
            if size <= hostile.BOUND:
                worst_s = max(worst_s, float(r["seconds"]))  # type: ignore[arg-type]
                worst_mb = max(worst_mb, float(r["rss_mb"]))  # type: ignore[arg-type]
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    summary = (
        f"Worst within the bound: {worst_s:.3f} s, {worst_mb:.0f} MB process peak "
        f"(load average {load:.1f} on {os.cpu_count()} cores)."
    )
    print(summary)
    if args.out:
        stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
        args.out.write_text(
            f"# Hostile files ({stamp})\n\n`python benchmarks/hostile.py --out {args.out}`\n\n"
            + "\n".join(rows) + f"\n\n{summary}\n"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
