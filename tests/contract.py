"""The linesolver contract of DESIGN.md, as assertions shared by the engine's tests.

Every linesolver reports a contradiction exactly when the oracle finds no filling, never removes a
value some filling uses, keeps what the line already knew, and is idempotent; the complete ones
also remove every value no filling uses, so they give the oracle's answer exactly.
"""

from __future__ import annotations

from collections.abc import Sequence

from nonotui.engine import REGISTRY, Contradiction, solve_line


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
