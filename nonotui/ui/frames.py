"""How an auto-solve's steps are shown: grouped into frames, so that it finishes in time.

A plan holds one step per line solve (461 on a 45x45 puzzle), and the search's last step may
decide most of a board at once. Shown one step per frame at the default speed (0.25 s), a
45x45 puzzle took two minutes. Here the search's step is cut into one piece per row (the board
then fills visibly even when no line decides anything), and the pieces are grouped into at
most :data:`FRAME_BUDGET` frames: small plans still show one step per frame, and the groups
grow with the plan, so at the default speed every auto-solve's animation ends within
``FRAME_BUDGET * 0.25`` = 10 seconds.

Nothing here knows Textual or the engine: it reads the plan's steps only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from nonotui.model.cells import FILLED
from nonotui.model.kind import CellValue, Step
from nonotui.model.words import plural

FRAME_BUDGET = 40
"""The most frames an auto-solve shows, at any speed but instant."""


@dataclass(frozen=True)
class _Piece:
    """A whole step in one unit, or one row of a step over the whole board (the search's)."""

    step: int
    """The step's index in the plan."""
    cells: tuple[tuple[int, int, int], ...]


@dataclass(frozen=True)
class Frame:
    """What one frame of the animation shows.

    Attributes:
        first: The first step shown, counted from 1.
        last: The last step shown, counted from 1 (the same as ``first`` for one step).
        cells: ``(row, column, value)`` of every cell the frame decides.
        text: The frame in words, for the hint panel.
    """

    first: int
    last: int
    cells: tuple[tuple[int, int, int], ...]
    text: str


def _pieces(steps: Sequence[Step]) -> list[_Piece]:
    pieces = []
    for i, step in enumerate(steps):
        if step.unit is not None:
            pieces.append(_Piece(i, step.cells))
            continue
        rows: dict[int, list[tuple[int, int, int]]] = {}
        for cell in step.cells:
            rows.setdefault(cell[0], []).append(cell)
        pieces += [_Piece(i, tuple(rows[r])) for r in sorted(rows)]
    return pieces


def _cells_words(cells: Sequence[tuple[int, int, int]],
                 values: Sequence[CellValue] | None = None) -> str:
    """``5 cells (3 filled, 2 empty)``: each of the kind's values, the last bit first (a
    nonogram's filled, an Aquarium's water, before the empty value); values no cell took are
    left out when there are more than two."""
    n = len(cells)
    if values is None:
        filled = sum(1 for _, _, v in cells if v == FILLED)
        return f"{plural(n, 'cell')} ({filled} filled, {n - filled} empty)"
    counts = Counter(v for _, _, v in cells)
    shown = [f"{counts[value.mask]} {value.name}" for value in reversed(values)
             if len(values) <= 2 or counts[value.mask]]
    return f"{plural(n, 'cell')} ({', '.join(shown)})"


def _describe(steps: Sequence[Step], group: list[_Piece],
              values: Sequence[CellValue] | None = None) -> str:
    first, last = group[0].step, group[-1].step
    total = len(steps)
    cells = [cell for piece in group for cell in piece.cells]
    whole = first == last and len(cells) == len(steps[first].cells)
    if whole:
        return f"Auto-solve step {first + 1} of {total}: {steps[first].description}."
    lines = Counter(steps[i].method for i in range(first, last + 1) if steps[i].unit is not None)
    who = []
    if lines:
        n = sum(lines.values())
        by = ", ".join(f"{method} {count}" for method, count in sorted(lines.items()) if method)
        who.append(plural(n, 'line') + (f" ({by})" if by else ""))
    if any(steps[i].unit is None for i in range(first, last + 1)):
        rows = sorted({r for piece in group if steps[piece.step].unit is None
                       for r, _, _ in piece.cells})
        span = f"row {rows[0] + 1}" if len(rows) == 1 else f"rows {rows[0] + 1}-{rows[-1] + 1}"
        who.append(f"the search (guessing and backtracking) in {span}")
    where = f"step {first + 1}" if first == last else f"steps {first + 1}-{last + 1}"
    return (f"Auto-solve {where} of {total}: {' and '.join(who)} decided "
            f"{_cells_words(cells, values)}.")


def solve_frames(steps: Sequence[Step], budget: int = FRAME_BUDGET,
                 values: Sequence[CellValue] | None = None) -> list[Frame]:
    """The frames that show ``steps``: one piece per frame when they are few, else the pieces
    split into ``budget`` groups of nearly equal numbers of pieces, in order; cells are counted
    by the kind's ``values`` (by filled and empty when not given)."""
    pieces = _pieces(steps)
    count = min(len(pieces), max(1, budget))
    frames = []
    for k in range(count):
        group = pieces[k * len(pieces) // count:(k + 1) * len(pieces) // count]
        frames.append(Frame(group[0].step + 1, group[-1].step + 1,
                            tuple(cell for piece in group for cell in piece.cells),
                            _describe(steps, group, values)))
    return frames
