"""What the library's new content costs the player, in process: rating every bundled puzzle
(the library's Grade column does this once, in a worker, then keeps the grades) and making a
week of daily puzzles (the "Daily puzzle" key makes one, in a worker). Figures are printed; the
results are in docs/playing.md ("Grades, new puzzles, ...").

    python benchmarks/player_content.py
"""

from __future__ import annotations

import time
from datetime import date, timedelta

from nonotui import kinds
from nonotui.store.catalog import bundled_entries


def main() -> None:
    for each in kinds.kinds():  # compiled or loaded from cache, as the player's warm-up does
        each.warm_up(lambda: False)
    kind = kinds.get("nonogram")
    print("rating the bundled puzzles (warm engine), each by its kind")
    start = time.perf_counter()
    times = []
    for entry in bundled_entries():
        puzzle = entry.puzzle
        t = time.perf_counter()
        rating = kinds.open_game(puzzle).rate()
        times.append(time.perf_counter() - t)
        print(f"  {entry.title:16s} {puzzle.width}x{puzzle.height:<3d} grade {rating.grade}"
              f"  {times[-1]:.3f} s")
    print(f"  all {len(times)}: {time.perf_counter() - start:.2f} s, slowest {max(times):.2f} s")
    print("a week of daily puzzles")
    monday = date(2026, 11, 23)
    for offset in range(7):
        day = monday + timedelta(days=offset)
        request = kind.daily_request(day)
        assert request is not None
        t = time.perf_counter()
        made = kind.new_puzzle(request)
        took = time.perf_counter() - t
        print(f"  {day:%a} {request.width}x{request.height} grade {request.grade}: "
              f"{took:.2f} s{'  (' + made.note + ')' if made.note else ''}")


if __name__ == "__main__":
    main()
