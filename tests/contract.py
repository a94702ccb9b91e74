"""The linesolver contract of DESIGN.md, as assertions shared by the engine's tests, and the
seeded random lines several of them use.

Every linesolver reports a contradiction exactly when the oracle finds no filling, never removes a
value some filling uses, keeps what the line already knew, and is idempotent; the complete ones
also remove every value no filling uses, so they give the oracle's answer exactly.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from nonotui.kinds.nonogram.engine import REGISTRY, Contradiction, solve_line
from tests.oracle import runs


def run(method: str, clue: str | Sequence[int], line: str) -> str | None:
    """The linesolver's answer in the text notation, or ``None`` for a contradiction."""
    try:
        return solve_line(method, clue, line)
    except Contradiction:
        return None


def check(method: str, clue: Sequence[int], line: str, expected: str | None) -> None:
    """Assert the contract for one line whose oracle answer is ``expected`` (None: no filling)."""
    got = run(method, clue, line)
    where = f"{method} on clue {tuple(clue)} line {line!r}"
    if expected is None:
        assert got is None, f"{where}: gave {got!r}, but no filling fits"
        return
    assert got is not None, f"{where}: reported a contradiction, expected {expected!r}"
    assert len(got) == len(line), f"{where}: {got!r} has the wrong length"
    if REGISTRY[method].complete:
        assert got == expected, f"{where}: gave {got!r}, expected {expected!r}"
    else:
        for i, (before, g, e) in enumerate(zip(line, got, expected)):
            assert g in (e, "?"), f"{where}: cell {i} is {g!r}, but the oracle allows {e!r}"
            assert before == "?" or g == before, f"{where}: cell {i} forgot its value {before!r}"
    assert run(method, clue, got) == got, f"{where}: not idempotent from {got!r}"


def random_lines(seed: int, count: int) -> list[tuple[tuple[int, ...], str]]:
    """Seeded lines of 10 to 40 cells cut from random pictures, with random known cells; every
    third one has one known cell flipped, which usually (not always) makes it inconsistent."""
    rnd = random.Random(seed)
    lines = []
    for index in range(count):
        n = rnd.randint(10, 40)
        density = rnd.choice((0.3, 0.5, 0.7))
        picture = [rnd.random() < density for _ in range(n)]
        known = rnd.choice((0.0, 0.3, 0.6, 0.9))
        cells = [("#" if p else "-") if rnd.random() < known else "?" for p in picture]
        if index % 3 == 2:
            i = rnd.randrange(n)
            cells[i] = "-" if picture[i] else "#"
        lines.append((runs(picture), "".join(cells)))
    return lines
