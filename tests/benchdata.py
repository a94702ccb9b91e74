"""Lines taken from real puzzles' intended pictures in ../shared/bench, for the engine's tests.

The folder lives beside the project, not in it (a user's checkout does not have it), so every
user of :data:`BENCH_LINES` must skip when it is empty. Only the ``width``, ``height`` and
``goal`` lines of the ``.non`` files are read: this is test data extraction, not a format reader.
"""

from __future__ import annotations

from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "shared" / "bench"
"""``../shared/bench`` seen from the project's root."""


def _goal_pictures(text: str) -> list[list[str]]:
    pictures = []
    for chunk in text.split("\n===="):
        fields: dict[str, str] = {}
        for raw in chunk.splitlines():
            key, _, value = raw.strip().partition(" ")
            if key in ("width", "height", "goal"):
                fields[key] = value.strip().strip('"')
        if {"width", "height", "goal"} <= fields.keys():
            width, height = int(fields["width"]), int(fields["height"])
            goal = fields["goal"]
            if len(goal) == width * height:
                rows = [
                    "".join("-" if ch == "0" else "#" for ch in goal[r * width : (r + 1) * width])
                    for r in range(height)
                ]
                pictures.append(rows)
    return pictures


def _bench_lines() -> list[tuple[str, str]]:
    """Every row and column of every goal picture, as ``(where, line)``, sorted for stability."""
    lines = []
    folder = BENCH / "nonogram-db"
    if not folder.is_dir():
        return lines
    for path in sorted(folder.rglob("*.non")):
        text = path.read_text(encoding="utf-8", errors="replace")
        for number, rows in enumerate(_goal_pictures(text), start=1):
            name = f"{path.relative_to(folder)}#{number}"
            lines += [(f"{name} row {r + 1}", row) for r, row in enumerate(rows)]
            lines += [
                (f"{name} column {c + 1}", "".join(row[c] for row in rows))
                for c in range(len(rows[0]))
            ]
    return lines


BENCH_LINES = _bench_lines()
"""``(where, solved line)`` for every row and column of the bench's goal pictures; empty when
``../shared/bench`` is absent."""
