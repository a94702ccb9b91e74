"""Share codes: every bundled puzzle and 1,000 generated ones, black and white and colour (and
100 Aquarium puzzles), written as a code and read back.

Run: ``python benchmarks/share_codes.py`` from the checkout (``--count N`` generated puzzles of
each of black and white and colour, default 500 + 500; ``--aquarium N``, default 100).

Each puzzle ``p`` is written with :func:`nonotui.kinds.share_code` and read with
:func:`nonotui.kinds.from_share_code`; the round trip holds when the puzzle read has the same
identity (the hash of its canonical clues), the same clues, palette and title, and the same
goal picture where ``p`` has one. Every failure is printed. The generated puzzles are seeded
(``PuzzleRequest`` seeds 1 to N): 10x10 black and white, and 10x10 with three colours. The
figures: how many round-tripped, the codes' lengths (median and largest) and the time to write
and read one code (median).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from nonotui import kinds  # noqa: E402
from nonotui.model.kind import PuzzleRequest  # noqa: E402

CLUES = ("rows", "columns", "tanks", "palette", "title", "goal")
"""What must come back the same (where the puzzle has it)."""


def bundled() -> list[tuple[str, Any]]:
    out = []
    for kind in kinds.kinds():
        for item in kind.bundled():
            for i, puzzle in enumerate(kinds.load_all(Path(str(item)))):
                out.append((f"{item.name}#{i + 1}", puzzle))
    return out


def generated(kind_name: str, count: int, options: dict[str, object],
              size: int = 10) -> list[tuple[str, Any]]:
    kind = kinds.get(kind_name)
    out = []
    for seed in range(1, count + 1):
        made = kind.new_puzzle(PuzzleRequest(size, size, seed=seed, options=options))
        out.append((f"{kind_name} {options or 'black and white'} seed {seed}", made.puzzle))
    return out


def round_trip(puzzle: Any) -> tuple[str | None, int, float]:
    """A problem (``None``: it came back the same), the code's length, seconds taken."""
    start = time.perf_counter()
    code = kinds.share_code(puzzle)
    back = kinds.from_share_code(code)
    seconds = time.perf_counter() - start
    if back.identity != puzzle.identity:
        return "identity differs", len(code), seconds
    for name in CLUES:
        if getattr(puzzle, name, None) is not None and getattr(back, name, None) != getattr(
                puzzle, name):
            return f"{name} differs", len(code), seconds
    return None, len(code), seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=500,
                        help="generated nonograms of each of black and white and colour")
    parser.add_argument("--aquarium", type=int, default=100, help="generated Aquarium puzzles")
    args = parser.parse_args()
    start = time.perf_counter()
    sets = {
        "bundled": bundled(),
        "generated black and white 10x10": generated("nonogram", args.count, {}),
        "generated colour 10x10 (3 colours)": generated("nonogram", args.count, {"colors": 3}),
        "generated Aquarium 8x8": generated("aquarium", args.aquarium, {}, 8),
    }
    print(f"puzzles made in {time.perf_counter() - start:.1f} s")
    failed = 0
    print(f"{'set':38} {'puzzles':>7} {'same':>5} {'median len':>10} {'max len':>7} "
          f"{'median ms':>9}")
    for name, puzzles in sets.items():
        lengths, times, same = [], [], 0
        for label, puzzle in puzzles:
            problem, length, seconds = round_trip(puzzle)
            lengths.append(length)
            times.append(seconds)
            if problem is None:
                same += 1
            else:
                failed += 1
                print(f"  {label}: {problem}")
        print(f"{name:38} {len(puzzles):7d} {same:5d} {statistics.median(lengths):10.0f} "
              f"{max(lengths):7d} {statistics.median(times) * 1000:9.3f}")
    print("every puzzle came back the same" if not failed else f"{failed} did not")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
