"""Damaged saves, settings and grades through the player's loaders: how many were survived.

Run: ``python benchmarks/damaged_saves.py [--examples N] [--out FILE]`` (the recorded run:
``--examples 3000 --out benchmarks/results/damaged_saves.md``)
(target: 0 uncaught exceptions and 0 broken promises over at least 10,000 damaged files).

Each example is one damaged file made by ``tests/damaged_saves.py`` (hypothesis, derandomized,
so every run makes the same files): a valid save (current schema, or the first schema, migrated
on load), settings file or grades file with any JSON value in one place, one place removed,
its bytes cut, flipped or spliced, or any bytes at all. It goes through the loaders the library's
scan, opening a puzzle, the settings at start and the statistics screen use, and the promises
of ``tests/damaged_saves.py`` are checked: an exception other than the ``NewerSaveError`` of a
newer schema is "uncaught", a failed check a "broken promise". ``--examples`` is per kind of
file (four kinds).
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, settings

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests import damaged_saves as damaged  # noqa: E402


def run_kind(name: str, examples: int, scratch: Path) -> tuple[Counter[str], list[str]]:
    """``examples`` damaged files of the kind ``name``; the outcomes counted, and the first few
    failures' tracebacks."""
    counts: Counter[str] = Counter()
    failures: list[str] = []
    document = damaged.DOCUMENTS[name]
    check = damaged.CHECKS[name]
    damage = (damaged.damaged_json(document).map(str.encode) if name == "old save"
              else damaged.any_damage(document))

    @settings(max_examples=examples, database=None, derandomize=True, deadline=None,
              phases=[Phase.generate], suppress_health_check=list(HealthCheck))
    @given(content=damage)
    def one(content: bytes) -> None:
        root = scratch / f"{name.replace(' ', '-')}-{sum(counts.values())}"
        try:
            counts[check(root, content).what] += 1
        except AssertionError:
            counts["broken promise"] += 1
            if len(failures) < 5:
                failures.append(f"{content[:200]!r}\n{traceback.format_exc()}")
        except Exception:  # noqa: BLE001 - counted: this is what the run measures
            counts["uncaught exception"] += 1
            if len(failures) < 5:
                failures.append(f"{content[:200]!r}\n{traceback.format_exc()}")
        finally:
            shutil.rmtree(root, ignore_errors=True)

    one()
    return counts, failures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=3000,
                        help="damaged files per kind of file (four kinds; default 3000)")
    parser.add_argument("--out", type=Path, help="also write the table here (Markdown)")
    args = parser.parse_args()
    started = time.perf_counter()
    rows = []
    total: Counter[str] = Counter()
    all_failures = []
    with tempfile.TemporaryDirectory(prefix="damaged-saves-") as tmp:
        for name in damaged.DOCUMENTS:
            t0 = time.perf_counter()
            counts, failures = run_kind(name, args.examples, Path(tmp))
            seconds = time.perf_counter() - t0
            total.update(counts)
            all_failures += failures
            rows.append((name, counts, seconds))
            print(f"{name}: {sum(counts.values())} files in {seconds:.1f} s: {dict(counts)}",
                  flush=True)
    n = sum(total.values())
    lines = [
        f"{n:,} damaged files through the loaders in {time.perf_counter() - started:.0f} s: "
        f"{total['uncaught exception']} uncaught exceptions, {total['broken promise']} broken "
        "promises.",
        "",
        "| file | examples | read as it was | moved aside | newer, left | broken promises "
        "| uncaught exceptions | seconds |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for name, counts, seconds in rows:
        read = counts["resumed"] + counts["read"]
        lines.append(f"| {name} | {sum(counts.values()):,} | {read:,} | "
                     f"{counts['moved aside']:,} | {counts['left']:,} | "
                     f"{counts['broken promise']} | {counts['uncaught exception']} | "
                     f"{seconds:.1f} |")
    table = "\n".join(lines)
    print()
    print(table)
    for failure in all_failures:
        print("\n" + failure, file=sys.stderr)
    if args.out is not None:
        args.out.write_text(
            "# Damaged saves, settings and grades\n\n"
            f"`python benchmarks/damaged_saves.py --examples {args.examples}` on "
            f"{time.strftime('%Y-%m-%d')}.\n\n{table}\n")
    return 1 if total["uncaught exception"] or total["broken promise"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
