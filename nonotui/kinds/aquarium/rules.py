"""Aquarium reasoning on tank levels: gravity, seed 004's row rule, the full column rule and
their fixpoint, for hints (the search is the engine's, :mod:`nonotui.kinds.aquarium.engine`).

Plain Python, no numba: the rules are cheap. A :class:`Levels` state holds, for each tank, the
interval ``[lo, hi]`` of levels its marks still allow (a tank's *level* is its topmost water row,
``bottom + 1`` when empty; :mod:`nonotui.kinds.aquarium.puzzle`). Cell ``(r, c)`` of tank ``t``
is then water when ``r >= hi[t]``, air when ``r < lo[t]`` and undecided otherwise, so gravity
needs no rule of its own here: a board's marks read as levels (:func:`levels_from_board`) already
carry it, and the gravity hint is the difference between the board and its levels.

The rules (docs/aquarium.md, "Hints"):

* **Full or empty line**: a row or column that needs no more water has its unknown cells air; one
  that needs as many as it has unknown cells has them all water.
* **Row rule** (seed 004): a tank's unknown cells in one row are water together or air together.
  A tank with more unknown cells in the row than the row still needs is air there (overflow); a
  tank without which the row's other unknown cells could not reach its count is water there.
* **Column rule**: a tank's water in a column is the lowest of its unknown cells there, from 0 to
  all of them. So a tank holds at least ``need - (unknown cells of the other tanks)`` of them (its
  lowest ones are water) and at most ``need`` (the ones above are air). For one column alone this
  is everything: every count between those bounds is reachable.

Each finding is a :class:`Finding`: one bound of one tank, in one unit, with its words made only
when asked (:func:`describe`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import Literal

import numpy as np

from nonotui.kinds.aquarium.puzzle import AIR, UNKNOWN, WATER, AquariumPuzzle, tank_at
from nonotui.model.board import Board
from nonotui.model.words import plural

Rule = Literal["full", "row", "column"]
Axis = Literal["row", "column"]


@dataclass(frozen=True)
class Layout:
    """What the rules read of a puzzle, precomputed once."""

    h: int
    w: int
    tank: tuple[tuple[int, ...], ...]
    top: tuple[int, ...]
    bottom: tuple[int, ...]
    row_groups: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]
    """Per row: ``(tank, its columns in the row)`` for every tank the row crosses."""
    column_groups: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]
    """Per column: ``(tank, its rows in the column, top to bottom)``."""
    tank_rows: tuple[dict[int, tuple[int, ...]], ...]
    """Per tank: its columns in each of its rows."""
    rows: tuple[int | None, ...]
    columns: tuple[int | None, ...]

    @property
    def tanks(self) -> int:
        return len(self.top)


@cache
def layout_of(puzzle: AquariumPuzzle) -> Layout:
    """The puzzle's :class:`Layout` (cached per puzzle)."""
    h, w = puzzle.height, puzzle.width
    n = puzzle.tank_count
    rows: list[tuple[tuple[int, tuple[int, ...]], ...]] = []
    for r in range(h):
        groups: dict[int, list[int]] = {}
        for c in range(w):
            groups.setdefault(puzzle.tanks[r][c], []).append(c)
        rows.append(tuple((t, tuple(cs)) for t, cs in groups.items()))
    cols: list[tuple[tuple[int, tuple[int, ...]], ...]] = []
    for c in range(w):
        groups = {}
        for r in range(h):
            groups.setdefault(puzzle.tanks[r][c], []).append(r)
        cols.append(tuple((t, tuple(rs)) for t, rs in groups.items()))
    tank_rows: list[dict[int, list[int]]] = [{} for _ in range(n)]
    for r in range(h):
        for c in range(w):
            tank_rows[puzzle.tanks[r][c]].setdefault(r, []).append(c)
    return Layout(h, w, puzzle.tanks, tuple(puzzle.tank_top(t) for t in range(n)),
                  tuple(puzzle.tank_bottom(t) for t in range(n)), tuple(rows), tuple(cols),
                  tuple({r: tuple(cs) for r, cs in d.items()} for d in tank_rows),
                  puzzle.rows, puzzle.columns)


class Broken(Exception):
    """The state has no solution: ``text`` says which rule breaks where."""

    def __init__(self, text: str, unit: tuple[str, int]) -> None:
        super().__init__(text)
        self.text = text
        self.unit = unit
        """``("row" | "column" | "region", index)``: where it broke."""


@dataclass
class Levels:
    """Each tank's allowed levels ``[lo[t], hi[t]]``."""

    lo: list[int]
    hi: list[int]

    def copy(self) -> Levels:
        return Levels(self.lo[:], self.hi[:])

    def decided(self) -> bool:
        return all(a == b for a, b in zip(self.lo, self.hi, strict=True))


def levels_from_board(lay: Layout, cells: np.ndarray) -> Levels:
    """The levels the board's marks allow: below the lowest air mark, at or above the topmost
    water mark. A tank whose marks break gravity gets ``lo > hi``."""
    lo = list(lay.top)
    hi = [b + 1 for b in lay.bottom]
    for r in range(lay.h):
        row = cells[r]
        trow = lay.tank[r]
        for c in range(lay.w):
            v = row[c]
            if v == UNKNOWN:
                continue
            t = trow[c]
            if v == WATER:
                if r < hi[t]:
                    hi[t] = r
            elif v == AIR:
                if r + 1 > lo[t]:
                    lo[t] = r + 1
    return Levels(lo, hi)


def cell_value(lv: Levels, t: int, r: int) -> int:
    """The value levels give cell row ``r`` of tank ``t``."""
    if r >= lv.hi[t]:
        return WATER
    if r < lv.lo[t]:
        return AIR
    return UNKNOWN


def board_of(lay: Layout, lv: Levels) -> Board:
    """The board the levels spell."""
    out = np.empty((lay.h, lay.w), dtype=np.uint8)
    for r in range(lay.h):
        for c in range(lay.w):
            out[r, c] = cell_value(lv, lay.tank[r][c], r)
    return Board(out)


@dataclass(frozen=True)
class Finding:
    """One rule's deduction: a new bound of one tank, found in one row or column.

    ``bound`` is ``"hi"`` (the tank holds water at ``value`` and below) or ``"lo"`` (air
    above ``value``); ``cells`` are the unit's cells it decides, ``(row, column, value)``."""

    rule: Rule
    axis: Axis
    index: int
    tank: int
    bound: Literal["lo", "hi"]
    value: int
    cells: tuple[tuple[int, int, int], ...]
    need: int
    """How many more water cells the unit needs."""
    unknown: int
    """How many unknown cells the unit has."""
    other: int
    """How many unknown cells of the unit lie outside the tank."""
    count: int
    """How many water cells the tank must hold (at least, for ``hi``; at most, for ``lo``)."""

    def apply(self, lv: Levels) -> None:
        if self.bound == "hi":
            lv.hi[self.tank] = min(lv.hi[self.tank], self.value)
        else:
            lv.lo[self.tank] = max(lv.lo[self.tank], self.value)


def _check_tank(lay: Layout, lv: Levels, t: int) -> None:
    if lv.lo[t] > lv.hi[t]:
        raise Broken(f"{tank_name(lay, t)} would need air in row {lv.lo[t]} but water in row "
                     f"{lv.hi[t] + 1}, and water cannot stand above air", ("region", t))


def row_findings(lay: Layout, lv: Levels, r: int) -> Iterator[Finding]:
    """Every deduction of row ``r``'s count (the full-line and the row rule).

    Raises:
        Broken: the row has too much water or too few unknown cells.
    """
    n = lay.rows[r]
    if n is None:
        return
    water = 0
    unknown: list[tuple[int, tuple[int, ...]]] = []
    total = 0
    for t, cs in lay.row_groups[r]:
        if r >= lv.hi[t]:
            water += len(cs)
        elif r >= lv.lo[t]:
            unknown.append((t, cs))
            total += len(cs)
    need = _need("row", r, n, water, total)
    for t, cs in unknown:
        s = len(cs)
        rule: Rule = "full" if need in (0, total) else "row"
        if s > need:
            yield Finding(rule, "row", r, t, "lo", r + 1, tuple((r, c, AIR) for c in cs),
                          need, total, total - s, 0)
        elif total - s < need:
            yield Finding(rule, "row", r, t, "hi", r, tuple((r, c, WATER) for c in cs),
                          need, total, total - s, s)


def _need(axis: Axis, index: int, n: int, water: int, total: int) -> int:
    """How many more water cells line ``index`` of ``axis`` needs, given ``water`` already
    there and ``total`` unknown cells.

    Raises:
        Broken: the line has too much water or too few unknown cells.
    """
    need = n - water
    if need < 0:
        raise Broken(f"{axis} {index + 1} would hold {water} water cells, more than its {n}",
                     (axis, index))
    if need > total:
        left = f"only {plural(total, 'unknown cell')}" if total else "no unknown cell left"
        raise Broken(f"{axis} {index + 1} would need {plural(need, 'more water cell')} but have "
                     f"{left}", (axis, index))
    return need


def column_findings(lay: Layout, lv: Levels, c: int) -> Iterator[Finding]:
    """Every deduction of column ``c``'s count (the full-line and the column rule).

    Raises:
        Broken: the column has too much water or too few unknown cells.
    """
    n = lay.columns[c]
    if n is None:
        return
    water = 0
    unknown: list[tuple[int, list[int]]] = []
    total = 0
    for t, tank_rows in lay.column_groups[c]:
        lo, hi = lv.lo[t], lv.hi[t]
        open_rows = []
        for r in tank_rows:
            if r >= hi:
                water += 1
            elif r >= lo:
                open_rows.append(r)
        if open_rows:
            unknown.append((t, open_rows))
            total += len(open_rows)
    need = _need("column", c, n, water, total)
    for t, rs in unknown:
        s = len(rs)
        rule: Rule = "full" if need in (0, total) else "column"
        least = need - (total - s)
        if least > 0:
            yield Finding(rule, "column", c, t, "hi", rs[s - least],
                          tuple((r, c, WATER) for r in rs[s - least:]), need, total, total - s,
                          least)
        if need < s:
            yield Finding(rule, "column", c, t, "lo", rs[s - 1 - need] + 1,
                          tuple((r, c, AIR) for r in rs[:s - need]), need, total, total - s,
                          need)


def unit_findings(lay: Layout, lv: Levels) -> Iterator[Finding]:
    """Every finding of every row, then every column."""
    for r in range(lay.h):
        yield from row_findings(lay, lv, r)
    for c in range(lay.w):
        yield from column_findings(lay, lv, c)


@dataclass
class Chain:
    """What a fixpoint did: the units whose rules decided something, in order."""

    units: list[tuple[Axis, int]]


def fixpoint(lay: Layout, lv: Levels, *, chain: Chain | None = None,
             touched: set[int] | None = None, should_stop: Callable[[], bool] | None = None,
             max_units: int | None = None) -> bool:
    """Apply the rules to ``lv`` until none decides more, from the units of the tanks in
    ``touched`` (every unit when ``None``). With ``chain`` and ``max_units``, give up (return
    false) once the chain rests on ``max_units`` distinct units; true when the fixpoint is
    reached.

    Raises:
        Broken: a rule breaks (``lv`` is then partly updated).
    """
    rows: set[int] = set(range(lay.h)) if touched is None else set()
    cols: set[int] = set(range(lay.w)) if touched is None else set()
    if touched is not None:
        for t in touched:
            _check_tank(lay, lv, t)
            _enqueue(lay, t, rows, cols)
    while rows or cols:
        if should_stop is not None and should_stop():
            from nonotui.model.vocab import Cancelled
            raise Cancelled
        if rows:
            r = min(rows)
            rows.discard(r)
            found = list(row_findings(lay, lv, r))
            unit: tuple[Axis, int] = ("row", r)
        else:
            c = min(cols)
            cols.discard(c)
            found = list(column_findings(lay, lv, c))
            unit = ("column", c)
        changed = False
        for f in found:
            before = (lv.lo[f.tank], lv.hi[f.tank])
            f.apply(lv)
            if (lv.lo[f.tank], lv.hi[f.tank]) != before:
                changed = True
                _check_tank(lay, lv, f.tank)
                _enqueue(lay, f.tank, rows, cols)
        if changed and chain is not None:
            chain.units.append(unit)
            if max_units is not None and len(set(chain.units)) >= max_units:
                return False
    return True


def _enqueue(lay: Layout, t: int, rows: set[int], cols: set[int]) -> None:
    for r, cs in lay.tank_rows[t].items():
        rows.add(r)
        cols.update(cs)


@dataclass(frozen=True)
class Probe:
    """An assumption the rules refute: tank ``tank`` holds ``assumed`` in row ``row``."""

    tank: int
    row: int
    assumed: int
    chain: list[tuple[str, int]]
    broken: Broken

    @property
    def length(self) -> int:
        return len(set(self.chain) | {self.broken.unit})


def candidates(lay: Layout, lv: Levels) -> list[tuple[int, int, int]]:
    """Every assumption a contradiction may refute, ``(tank, row, assumed)``: for each tank and
    each of its undecided rows, water there (``hi = row``) and air there (``lo = row + 1``)."""
    return [(t, row, assumed) for t in range(lay.tanks) for row in range(lv.lo[t], lv.hi[t])
            for assumed in (WATER, AIR)]


def probe(lay: Layout, lv: Levels, t: int, row: int, assumed: int,
          max_units: int | None = None) -> Probe | None:
    """The assumption followed by the rules' fixpoint: the probe when a rule breaks, ``None``
    when none does (or, with ``max_units``, not before the chain reaches that many units)."""
    trial = lv.copy()
    if assumed == WATER:
        trial.hi[t] = row
    else:
        trial.lo[t] = row + 1
    chain = Chain([])
    try:
        fixpoint(lay, trial, chain=chain, touched={t}, max_units=max_units)
    except Broken as exc:
        return Probe(t, row, assumed, list(chain.units), exc)
    return None


def probe_text(lay: Layout, p: Probe) -> str:
    """A refuted assumption in words, naming the rules that followed and the one that broke."""
    truth = AIR if p.assumed == WATER else WATER
    seen: list[tuple[str, int]] = []
    for u in p.chain:
        if u not in seen:
            seen.append(u)
    steps = ""
    if seen:
        named = [f"{a} {i + 1}" for a, i in seen]
        listed = named[0] if len(named) == 1 else f"{', '.join(named[:-1])} and {named[-1]}"
        steps = f" the rules of {listed} would decide more, and then"
    word = {WATER: "water", AIR: "air"}
    return (f"Contradiction (a chain of {plural(p.length, 'unit')}). "
            f"If {tank_name(lay, p.tank)} held {word[p.assumed]} in row {p.row + 1},{steps} "
            f"{p.broken.text}. So its cells in row {p.row + 1} are {word[truth]}.")


# -- words -------------------------------------------------------------------------------------


def span(numbers: tuple[int, ...] | list[int], noun: str) -> str:
    """``columns 5-7``, ``column 3``, ``columns 2, 5-6`` (0-based numbers, named from 1)."""
    parts: list[str] = []
    nums = sorted(numbers)
    i = 0
    while i < len(nums):
        j = i
        while j + 1 < len(nums) and nums[j + 1] == nums[j] + 1:
            j += 1
        parts.append(str(nums[i] + 1) if i == j else f"{nums[i] + 1}-{nums[j] + 1}")
        i = j + 1
    word = noun if len(nums) == 1 else noun + "s"
    return f"{word} {', '.join(parts)}"


def tank_name(lay: Layout, t: int) -> str:
    """Tank ``t`` by its top-left cell (:func:`tank_at`)."""
    r = lay.top[t]
    return tank_at(r, min(lay.tank_rows[t][r]))


def describe(lay: Layout, f: Finding) -> str:
    """A finding in words, rows and columns counted from 1."""
    unit = f"{f.axis.capitalize()} {f.index + 1}"
    where = f"{f.axis} {f.index + 1}"
    tank = tank_name(lay, f.tank)
    cells_word = "cell" if len(f.cells) == 1 else "cells"
    value = "water" if f.bound == "hi" else "air"
    needs = (f"{unit} needs {plural(f.need, 'more water cell')}" if f.need
             else f"{unit} needs no more water")
    if f.rule == "full":
        if f.need == 0:
            return (f"{needs}, so its unknown cells are all air: {tank} holds no water in "
                    f"{where}.")
        so = "so it is water" if f.unknown == 1 else "so they are all water"
        return (f"{needs} and has exactly {plural(f.unknown, 'unknown cell')}, {so}: {tank} "
                f"holds water in {where}.")
    if f.axis == "row":
        if f.bound == "hi":
            return (f"{needs}; without {tank} only {plural(f.other, 'unknown cell')} would be "
                    f"left, so that tank's {cells_word} in {where} "
                    f"{'is' if len(f.cells) == 1 else 'are'} {value}.")
        s = f.unknown - f.other
        return (f"{needs}; {tank} has {plural(s, 'unknown cell')} in {where}, which hold water "
                f"together or not at all, more than it needs, so they are {value}.")
    rows_text = span([r for r, _, _ in f.cells], "row")
    s = f.unknown - f.other
    if f.bound == "hi":
        return (f"{needs}; the other tanks have only {plural(f.other, 'unknown cell')} in it, so "
                f"{tank} holds at least {f.count} of its {s} there, and water fills a tank from "
                f"the bottom: {rows_text} of {where} {'is' if len(f.cells) == 1 else 'are'} "
                "water.")
    return (f"{needs}; {tank} has {plural(s, 'unknown cell')} in it, and water fills a tank "
            f"from the bottom, so at most its lowest {f.count} can be water: {rows_text} of "
            f"{where} {'is' if len(f.cells) == 1 else 'are'} air.")


__all__ = [
    "Broken",
    "Chain",
    "Finding",
    "Layout",
    "Levels",
    "Probe",
    "candidates",
    "probe",
    "probe_text",
    "board_of",
    "cell_value",
    "column_findings",
    "describe",
    "fixpoint",
    "layout_of",
    "levels_from_board",
    "row_findings",
    "span",
    "tank_at",
    "tank_name",
    "unit_findings",
]
