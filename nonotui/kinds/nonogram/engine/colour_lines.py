"""Where a colour line's blocks can start: the arrangements of a colour clue that fit a line's
cells, in plain Python (the player's clue guides and the colour hints' words use them; the
solver's colour linesolvers are the kernels')."""

from __future__ import annotations

from collections.abc import Sequence

from nonotui.model import EMPTY


def _gap(colors: Sequence[int], j: int) -> int:
    """Cells needed between block ``j`` and the next: 1 when they share a colour."""
    return 1 if colors[j] == colors[j + 1] else 0


def free_extremes(blocks: Sequence[int], colors: Sequence[int], n: int
                  ) -> tuple[list[int], list[int]]:
    """Each block's leftmost and rightmost start in an empty line of ``n`` cells."""
    k = len(blocks)
    left = [0] * k
    for j in range(1, k):
        left[j] = left[j - 1] + blocks[j - 1] + _gap(colors, j - 1)
    right = [0] * k
    if k:
        right[k - 1] = n - blocks[k - 1]
    for j in range(k - 2, -1, -1):
        right[j] = right[j + 1] - _gap(colors, j) - blocks[j]
    return left, right


def feasible_starts(blocks: Sequence[int], colors: Sequence[int], line: Sequence[int]
                    ) -> list[list[int]] | None:
    """For each block, every start at which some arrangement that fits the line places it;
    ``None`` when no arrangement fits. Linear in the line per block: a forward pass finds the
    starts the blocks before allow, a backward pass those the blocks after allow."""
    n, k = len(line), len(blocks)
    cells = [int(v) for v in line]
    if k == 0:
        return [] if all(v & EMPTY for v in cells) else None
    lacking: dict[int, list[int]] = {}  # per colour, prefix counts of cells that lack it

    def fits(s: int, j: int) -> bool:
        c = colors[j]
        if c not in lacking:
            acc = [0] * (n + 1)
            for i, v in enumerate(cells):
                acc[i + 1] = acc[i] + (0 if v >> c & 1 else 1)
            lacking[c] = acc
        end = s + blocks[j]
        return 0 <= s and end <= n and lacking[c][end] - lacking[c][s] == 0

    def sweep(order: Sequence[int], cells_: list[int], first_end: list[bool]) -> list[list[bool]]:
        """ok[j][s]: block order[j] can start at s (in ``cells_``' direction) with the blocks
        before it placed; ``first_end[e]``: the line before cell e may be all empty."""
        ok: list[list[bool]] = []
        ends = first_end  # where the previous block may end (gap not yet counted)
        for idx, j in enumerate(order):
            g = 0 if idx == 0 else (1 if colors[order[idx - 1]] == colors[j] else 0)
            row = [False] * (n + 1)
            last_end = -1  # the latest allowed end e <= s - g
            barrier = 0  # every cell in [barrier, s) may be empty
            for s in range(n + 1):
                if s - g >= 0 and ends[s - g]:
                    last_end = s - g
                if s > 0 and not cells_[s - 1] & EMPTY:
                    barrier = s
                row[s] = last_end >= barrier and last_end >= 0 and fits_dir(s, j)
            ok.append(row)
            ends = [False] * (n + 1)
            for s in range(n + 1):
                if row[s]:
                    ends[s + blocks[j]] = True
        return ok

    forward = True

    def fits_dir(s: int, j: int) -> bool:
        return fits(s, j) if forward else fits(n - s - blocks[j], j)

    start_ok = [True] + [False] * n
    fwd = sweep(range(k), cells, start_ok)
    forward = False
    bwd_rev = sweep(range(k - 1, -1, -1), cells[::-1], start_ok)
    # the line after the last block must allow empty, as must the line before the first:
    # the backward sweep's first block (the last one) saw the far end as its start
    starts = []
    for j in range(k):
        back = bwd_rev[k - 1 - j]
        starts.append([s for s in range(n + 1 - blocks[j])
                       if fwd[j][s] and back[n - s - blocks[j]]])
    return starts if all(starts) else None


__all__ = ["feasible_starts", "free_extremes"]
