"""Random Aquarium puzzles from a seed: connected tanks of varied shapes, random levels, counts
derived from the water (the solver's tests and benchmark use them; the generator builds on them).

The random numbers come from SplitMix64 computed with Python's exact integers, so the same seed
gives the same tanks on every platform and with every Python and numpy version.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from nonotui.kinds.aquarium.puzzle import AquariumPuzzle, make_puzzle

_MASK64 = (1 << 64) - 1


class Stream:
    """A SplitMix64 stream of random numbers (Steele, Lea and Flood), a pure function of its
    seed."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK64

    def next(self) -> int:
        """The next 64-bit output."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """An integer in ``0 .. n - 1``, unbiased."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next()
            if x < limit:
                return x % n


def default_tank_size(width: int, height: int) -> int:
    """The largest tank :func:`random_tanks` grows by default: about 1.2 times the square root
    of the cell count (sizes are drawn evenly from 1 to it), so a 6x6 grid gets about ten
    tanks and a 15x15 one about forty."""
    return max(3, round(1.2 * math.sqrt(width * height)))


def random_tanks(width: int, height: int, stream: Stream,
                 max_size: int | None = None) -> tuple[tuple[int, ...], ...]:
    """A grid split into orthogonally connected tanks, ids in reading order.

    Tanks start at the first free cell in reading order and grow to a size drawn from 1 to
    ``max_size`` by adding a random free neighbour at a time; each tank leans one way (no lean,
    across or down: three times in four it grows that way when it can), so tanks come as blobs,
    bars and columns. A tank that runs out of free neighbours stays smaller.
    """
    size_cap = max_size if max_size is not None else default_tank_size(width, height)
    label = [[-1] * width for _ in range(height)]
    count = 0
    for r0 in range(height):
        for c0 in range(width):
            if label[r0][c0] >= 0:
                continue
            target = 1 + stream.below(size_cap)
            lean = stream.below(3)
            label[r0][c0] = count
            cells = [(r0, c0)]
            while len(cells) < target:
                frontier: list[tuple[int, int]] = []
                leaning: list[tuple[int, int]] = []
                for r, c in cells:
                    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                        nr, nc = r + dr, c + dc
                        if (0 <= nr < height and 0 <= nc < width and label[nr][nc] < 0
                                and (nr, nc) not in frontier):
                            frontier.append((nr, nc))
                            if (lean == 1 and dr == 0) or (lean == 2 and dc == 0):
                                leaning.append((nr, nc))
                if not frontier:
                    break
                pool = leaning if leaning and lean and stream.below(4) < 3 else frontier
                r, c = pool[stream.below(len(pool))]
                label[r][c] = count
                cells.append((r, c))
            count += 1
    # ids in reading order (a later tank may own an earlier cell of a row)
    ids: dict[int, int] = {}
    return tuple(tuple(ids.setdefault(v, len(ids)) for v in row) for row in label)


def random_levels(tanks: Sequence[Sequence[int]], stream: Stream) -> list[int]:
    """One level per tank, drawn evenly from its top row to one past its bottom row (empty)."""
    n_tanks = 1 + max(v for row in tanks for v in row)
    top = [len(tanks)] * n_tanks
    bottom = [-1] * n_tanks
    for r, row in enumerate(tanks):
        for t in row:
            top[t] = min(top[t], r)
            bottom[t] = max(bottom[t], r)
    return [top[t] + stream.below(bottom[t] + 2 - top[t]) for t in range(n_tanks)]


def counts_of(tanks: Sequence[Sequence[int]],
              levels: Sequence[int]) -> tuple[list[int], list[int]]:
    """The row and column counts of the water the levels make."""
    height, width = len(tanks), len(tanks[0])
    rows = [sum(1 for t in tanks[r] if r >= levels[t]) for r in range(height)]
    columns = [sum(1 for r in range(height) if r >= levels[tanks[r][c]]) for c in range(width)]
    return rows, columns


def random_puzzle(width: int, height: int, seed: int,
                  max_size: int | None = None) -> tuple[AquariumPuzzle, list[int]]:
    """A puzzle of random tanks and levels with its counts derived, and the levels (it has that
    solution, and perhaps others)."""
    stream = Stream(seed)
    tanks = random_tanks(width, height, stream, max_size)
    levels = random_levels(tanks, stream)
    rows, columns = counts_of(tanks, levels)
    return make_puzzle(rows, columns, tanks), levels
