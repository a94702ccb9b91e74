"""How often a reveal is followed at once by another when a puzzle is walked by hints alone.

Run: ``python benchmarks/reveals.py [FILE ...]`` (default Forever, webpbn #6574, from
``../shared/bench/survey``). A player who only presses the hint key: ask :func:`next_hint` (one
context kept, as the player keeps it, without the ``try`` stage: every stuck board is revealed at
once), apply it, move the cursor to its cell, ask again, until solved. Prints the hints, the
reveals (``guess``), how many reveals came right after another, and the time the stuck hints
took. The issue's target: under 20 % of reveals followed at once by another on Forever.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(HERE))

from nonotui.kinds.nonogram.engine.hints import HintContext, next_hint  # noqa: E402
from nonotui.kinds.nonogram.formats import load  # noqa: E402
from nonotui.kinds.nonogram.puzzle import unknown_board  # noqa: E402

FOREVER = HERE.parent / "shared" / "bench" / "survey" / "webpbn-06574.nin"


def walk(path: Path) -> None:
    puzzle = load(path)
    board = unknown_board(puzzle)
    context = HintContext(puzzle)
    cursor = (0, 0)
    hints = reveals = followed = 0
    stuck_seconds: list[float] = []
    previous = ""
    while True:
        start = time.perf_counter()
        hint = next_hint(puzzle, board, cursor, context=context)
        took = time.perf_counter() - start
        if hint.kind == "solved":
            break
        hints += 1
        if hint.kind in ("guess", "ambiguous"):
            reveals += 1
            stuck_seconds.append(took)
            followed += previous in ("guess", "ambiguous")
        previous = hint.kind
        for r, c, v in hint.changes():
            board.cells[r, c] = v
        if hint.cells:
            cursor = hint.cells[0][:2]
    share = 100 * followed / reveals if reveals else 0.0
    worst = max(stuck_seconds, default=0.0) * 1000
    print(f"| {path.name} | {hints} | {reveals} | {followed} ({share:.0f} %) | {worst:.0f} |")


def main() -> int:
    files = [Path(a) for a in sys.argv[1:]] or [FOREVER]
    if not all(f.is_file() for f in files):
        print("no puzzle to walk (../shared/bench is not here)", file=sys.stderr)
        return 0
    print("| puzzle | hints | reveals | followed at once by another | worst stuck hint (ms) |")
    print("|---|---|---|---|---|")
    for f in files:
        walk(f)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
