"""A line step in words: what each technique saw on the line, for hints and walkthroughs.

:func:`step_text` runs the technique ladder on the line again, as
:func:`~nonotui.kinds.nonogram.engine.techniques.line_techniques` does (easiest first, to a
fixpoint), keeps each rule that decided something with the line as it stood then, and words what
that rule saw there: which block overlaps itself where, which cells no block reaches, which cross
or edge squeezes a block, which run is finished. The words come from the same placements the rules
use (``block_reaches`` and ``_covering``), so they never contradict the deduction; nothing here decides
a cell. The text starts with the step's technique (the hardest its line needed), then names the
line, the clue and the cells: ``"Simple boxes. Row 7, clue 3 1 2: the 3 starts somewhere in
columns 2 to 3, so it always covers columns 3 and 4."``; cells decided on the way by easier
techniques are named briefly at the end.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from nonotui.kinds.nonogram.engine.explain import (
    block_name,
    cross_axis,
    line_name,
    possible_starts,
    span_text,
)
from nonotui.kinds.nonogram.engine.techniques import (
    BY_NAME,
    FINISHED,
    FORCING,
    GLUE,
    IDENTIFICATION,
    JOINING,
    MERCURY,
    PUNCTUATION,
    RULES,
    SIMPLE_BOXES,
    SIMPLE_SPACES,
    SLIDING,
    WHOLE_LINE,
    LineDeduction,
    block_reaches,
    filled_runs,
    identify,
    left_starts,
    slid,
    small_gaps,
)
from nonotui.kinds.nonogram.notation import format_clue
from nonotui.kinds.nonogram.puzzle import Axis
from nonotui.model.cells import EMPTY, FILLED

MAX_CLAUSES = 4
"""The most reasons one text gives for its technique; the cells of the rest are named together."""

__all__ = ["MAX_CLAUSES", "Event", "step_text", "trace"]


@dataclass(frozen=True)
class Event:
    """One rule that decided something: the line before and after it."""

    technique: str
    before: tuple[int, ...]
    after: tuple[int, ...]

    def decided(self, value: int | None = None) -> list[int]:
        """The positions it decided (to ``value`` only, when given), ascending."""
        return [p for p, (a, b) in enumerate(zip(self.before, self.after))
                if a != b and (value is None or b == value)]


def trace(clue: Sequence[int], cells: Sequence[int] | np.ndarray, first: bool = False
          ) -> list[Event]:
    """The rules :func:`~nonotui.kinds.nonogram.engine.techniques.line_techniques` applies to
    the line (with the same ``first``), in order, each with the line it saw.

    Raises:
        Contradiction: the line admits no arrangement of the clue.
    """
    blocks = tuple(int(b) for b in clue)
    line = [int(v) for v in cells]
    names = list(RULES)
    events: list[Event] = []
    rung = 0
    while rung < len(names):
        new = RULES[names[rung]](blocks, line)
        if new != line:
            events.append(Event(names[rung], tuple(line), tuple(new)))
            line = new
            if first and len(events) == 1:  # the line's first rule: the step's technique
                names = names[: rung + 1]
            rung = 0
        else:
            rung += 1
    return events


Clause = tuple[str, list[int]]
"""A reason in words and the positions it explains."""


@dataclass(frozen=True)
class _Line:
    """What the wording needs of one line."""

    axis: Axis
    clue: tuple[int, ...]
    start: tuple[int, ...]
    """The line before the step."""

    @property
    def along(self) -> Axis:
        return cross_axis(self.axis)

    def at(self, p: int) -> str:
        return f"{self.along} {p + 1}"

    def span(self, ps: Iterable[int]) -> str:
        return span_text(self.along, sorted(ps))

    def block(self, j: int) -> str:
        return block_name(self.clue, j)

    def outcome(self, ps: Sequence[int], value: int) -> str:
        verb = "is" if len(ps) == 1 else "are"
        return f"{self.span(ps)} {verb} {'filled' if value == FILLED else 'empty'}"

    def outcomes(self, ps: Sequence[int], values: Sequence[int]) -> str:
        parts = []
        for value in (FILLED, EMPTY):
            some = sorted(p for p in ps if values[p] == value)
            if some:
                parts.append(self.outcome(some, value))
        return " and ".join(parts)


def _covering(clue: Sequence[int], reach: Sequence[tuple[int, int]], cell: int) -> list[int]:
    """The blocks whose reach (from the rules' own ``block_reaches``) contains ``cell``."""
    return [i for i, (lo, hi) in enumerate(reach) if lo <= cell < hi + clue[i]]


def _groups(decided: Sequence[int], before: Sequence[int]) -> list[list[int]]:
    """The decided positions in stretches that only already empty cells separate."""
    groups: list[list[int]] = []
    for p in sorted(decided):
        if groups and all(before[c] == EMPTY for c in range(groups[-1][-1] + 1, p)):
            groups[-1].append(p)
        else:
            groups.append([p])
    return groups


# ----------------------------------------------------------------------------------------------
# One reason per rule
# ----------------------------------------------------------------------------------------------


def _overlaps(w: _Line, ev: Event, crosses: bool) -> list[Clause]:
    """Simple boxes and forcing's boxes: where each block overlaps itself."""
    cells = ev.before
    reach = block_reaches(w.clue, list(cells), crosses)
    new = set(ev.decided(FILLED))
    out: list[Clause] = []
    for j, (lo, hi) in enumerate(reach):
        length = w.clue[j]
        overlap = list(range(hi, lo + length))
        mine = [p for p in overlap if p in new]
        if not mine:
            continue
        if lo == hi:
            where = f"can only start in {w.at(lo)}"
        else:
            where = f"starts somewhere in {w.along}s {lo + 1} to {hi + 1}"
        if crosses:
            where += f" (between {_left_wall(w, cells, j, lo)} and "
            where += f"{_right_wall(w, cells, j, hi + length)})"
        text = f"{w.block(j)} {where}, so it always covers {w.span(overlap)}"
        if len(mine) < len(overlap):
            text += f" (new: {w.span(mine)})"
        out.append((text, mine))
    return out


def _left_wall(w: _Line, cells: Sequence[int], j: int, lo: int) -> str:
    if lo == 0:
        return "the edge"
    if cells[lo - 1] == EMPTY or j == 0:
        return f"the cross at {w.at(lo - 1)}"
    return f"{w.block(j - 1)} before it"


def _right_wall(w: _Line, cells: Sequence[int], j: int, end: int) -> str:
    if end >= len(cells):
        return "the edge"
    if cells[end] == EMPTY or j == len(w.clue) - 1:
        return f"the cross at {w.at(end)}"
    return f"{w.block(j + 1)} after it"


def _unreached(w: _Line, ev: Event, crosses: bool, narrow: bool) -> list[Clause]:
    """Simple spaces and forcing's spaces: the cells outside every block's window."""
    cells = ev.before
    clue, n = w.clue, len(cells)
    reach = block_reaches(clue, list(cells), crosses)
    first = [lo for lo, _ in reach]
    last = [hi + length - 1 for length, (_, hi) in zip(clue, reach)]
    why_first: dict[int, str] = {}
    why_last: dict[int, str] = {}
    if crosses:
        for j in range(len(clue)):
            natural = 0 if j == 0 else reach[j - 1][0] + clue[j - 1] + 1
            if first[j] > natural and cells[first[j] - 1] == EMPTY:
                why_first[j] = f" (it does not fit before the cross at {w.at(first[j] - 1)})"
            natural = n - 1 if j == len(clue) - 1 else reach[j + 1][1] - 2
            if last[j] < natural and cells[last[j] + 1] == EMPTY:
                why_last[j] = f" (it does not fit after the cross at {w.at(last[j] + 1)})"
    if narrow:
        for c, value in enumerate(cells):
            owners = _covering(clue, reach, c) if value == FILLED else []
            if len(owners) == 1:
                i = owners[0]
                must = f" (it must cover the filled {w.at(c)})"
                if c - clue[i] + 1 > first[i]:
                    first[i], why_first[i] = c - clue[i] + 1, must
                if c + clue[i] - 1 < last[i]:
                    last[i], why_last[i] = c + clue[i] - 1, must
    out: list[Clause] = []
    for group in _groups(ev.decided(EMPTY), cells):
        a, b = group[0], group[-1]
        ends = [j for j in range(len(clue)) if last[j] < a]
        starts = [j for j in range(len(clue)) if first[j] > b]
        said = []
        if ends:
            j = max(ends, key=lambda i: (last[i], i))
            said.append(f"{w.block(j)} ends by {w.at(last[j])} at the latest{why_last.get(j, '')}")
        if starts:
            j = min(starts, key=lambda i: (first[i], i))
            said.append(f"{w.block(j)} starts in {w.at(first[j])} at the earliest"
                        f"{why_first.get(j, '')}")
        if not clue:
            said.append(f"the {w.axis} has no blocks")
        out.append((f"{' and '.join(said)}, so {w.outcome(group, EMPTY)}", group))
    return out


def _simple_boxes(w: _Line, ev: Event) -> list[Clause]:
    return _overlaps(w, ev, crosses=False)


def _simple_spaces(w: _Line, ev: Event) -> list[Clause]:
    return _unreached(w, ev, crosses=False, narrow=True)


def _forcing(w: _Line, ev: Event) -> list[Clause]:
    cells = list(ev.before)
    reach = block_reaches(w.clue, cells, crosses=True)
    windows = [(lo, hi + length - 1) for length, (lo, hi) in zip(w.clue, reach)]
    gaps: list[Clause] = []
    emptied = set(ev.decided(EMPTY))
    for a, b in small_gaps(w.clue, cells, reach):
        # the cells out of every block's reach are said as such; the others here
        mine = [c for c in range(a, b + 1)
                if c in emptied and any(lo <= c <= end for lo, end in windows)]
        if not mine:
            continue
        near = min(length for length, (lo, end) in zip(w.clue, windows) if lo <= b and end >= a)
        gaps.append((f"the gap of {b - a + 1} at {w.span(range(a, b + 1))} is too small for "
                     f"every block that can reach it (the shortest is {near}), so "
                     f"{w.outcome(mine, EMPTY)}", mine))
    done = {p for _, ps in gaps for p in ps}
    rest = Event(ev.technique, ev.before,
                 tuple(b if p not in done else a for p, (a, b) in enumerate(zip(ev.before,
                                                                                 ev.after))))
    return _overlaps(w, ev, crosses=True) + _unreached(w, rest, crosses=True, narrow=False) + gaps


def _glue(w: _Line, ev: Event) -> list[Clause]:
    cells, clue, n = ev.before, w.clue, len(ev.before)
    reach = block_reaches(clue, list(cells), crosses=True)
    todo = set(ev.decided(FILLED))
    out: list[Clause] = []
    for p, value in enumerate(cells):
        if value != FILLED:
            continue
        owners = _covering(clue, reach, p)
        m = min(clue[i] for i in owners)
        owner = w.block(owners[0]) if len(owners) == 1 else f"a block of at least {m}"
        wall = p - 1
        while wall >= 0 and cells[wall] != EMPTY:
            wall -= 1
        mine = [c for c in range(p + 1, min(wall + m, n - 1) + 1) if c in todo]
        if mine:
            todo -= set(mine)
            where = "the edge" if wall < 0 else f"after the cross at {w.at(wall)}"
            out.append((f"the filled {w.at(p)} belongs to {owner}, which starts no earlier than "
                        f"{w.at(wall + 1)} ({where}), so it reaches {w.at(wall + m)}: "
                        f"{w.outcome(mine, FILLED)}", mine))
        wall = p + 1
        while wall < n and cells[wall] != EMPTY:
            wall += 1
        mine = [c for c in range(max(wall - m, 0), p) if c in todo]
        if mine:
            todo -= set(mine)
            where = "the edge" if wall >= n else f"before the cross at {w.at(wall)}"
            out.append((f"the filled {w.at(p)} belongs to {owner}, which ends no later than "
                        f"{w.at(wall - 1)} ({where}), so it reaches back to {w.at(wall - m)}: "
                        f"{w.outcome(mine, FILLED)}", mine))
    return out


def _joining(w: _Line, ev: Event) -> list[Clause]:
    cells, clue, n = ev.before, w.clue, len(ev.before)
    reach = block_reaches(clue, list(cells), crosses=True)
    todo = set(ev.decided(FILLED))
    out: list[Clause] = []
    filled = [c for c, v in enumerate(cells) if v == FILLED]
    for p, q in zip(filled, filled[1:]):
        mine = [c for c in range(p + 1, q) if c in todo]
        mine_p, mine_q = _covering(clue, reach, p), _covering(clue, reach, q)
        if not mine or any(a < b for a in mine_p for b in mine_q):
            continue
        todo -= set(mine)
        which = f" ({w.block(mine_p[0])})" if mine_p == mine_q and len(mine_p) == 1 else ""
        out.append((f"the filled {w.along}s {p + 1} and {q + 1} can only belong to the same "
                    f"block{which}, so {w.outcome(mine, FILLED)}", mine))
    for c in ev.decided(EMPTY):
        first, last = c - 1, c + 1
        while first > 0 and cells[first - 1] == FILLED:
            first -= 1
        while last < n - 1 and cells[last + 1] == FILLED:
            last += 1
        longest = max((clue[i] for i in _covering(clue, reach, c)), default=0)
        out.append((f"filling {w.at(c)} would join {w.span(range(first, c))} and "
                    f"{w.span(range(c + 1, last + 1))} into a run of {last - first + 1}, longer "
                    f"than any block that can reach it (at most {longest}), so "
                    f"{w.outcome([c], EMPTY)}", [c]))
    return out


def _punctuation(w: _Line, ev: Event) -> list[Clause]:
    todo = set(ev.decided(EMPTY))
    out: list[Clause] = []
    for first, last in filled_runs(list(ev.before)):
        mine = [c for c in (first - 1, last + 1) if c in todo]
        if mine:
            todo -= set(mine)
            size = last - first + 1
            out.append((f"the run at {w.span(range(first, last + 1))} is as long as the longest "
                        f"block that can cover it ({size}), so it is finished and "
                        f"{w.outcome(mine, EMPTY)}", mine))
    return out


def _mercury(w: _Line, ev: Event) -> list[Clause]:
    n = len(ev.before)
    todo = set(ev.decided(EMPTY))
    out: list[Clause] = []
    for end, clue, cells in (("first", w.clue, list(ev.before)),
                             ("last", w.clue[::-1], list(ev.before[::-1]))):
        runs = filled_runs(cells)
        if not clue or not runs:
            continue
        first, last = runs[0]
        length = clue[0]
        if left_starts(clue[:1], cells, crosses=True)[0] + length <= first - 1:
            continue
        emptied = range(last - length + 1)  # before the block that covers the run
        if end == "last":  # back from the mirrored line
            first, last = n - 1 - last, n - 1 - first
            emptied = range(first + length, n)
        mine = [c for c in emptied if c in todo]
        if not mine:
            continue
        todo -= set(mine)
        side = "before" if end == "first" else "after"
        them = "them" if last > first else "it"
        j = 0 if end == "first" else len(w.clue) - 1
        out.append((f"the {end} block, {w.block(j)}, has no room {side} the filled "
                    f"{w.span(range(first, last + 1))}, so it covers {them} and "
                    f"{w.outcome(mine, EMPTY)}", mine))
    return out


def _finished(w: _Line, ev: Event) -> list[Clause]:
    """Finished line: the boxes are the whole clue."""
    decided = ev.decided(EMPTY)
    boxes = [c for c, v in enumerate(ev.before) if v == FILLED]
    if not boxes:
        return [(f"the {w.axis} has no blocks, so {w.outcome(decided, EMPTY)}", decided)]
    what = f"the box at {w.at(boxes[0])} is" if len(boxes) == 1 else (
        f"the boxes at {w.span(boxes)} are")
    return [(f"{what} the whole clue, so {w.outcome(decided, EMPTY)}", decided)]


def _placed(w: _Line, ev: Event, los: Sequence[int], his: Sequence[int], moved: set[int]
            ) -> list[Clause]:
    """The cells decided from each block's start range ``los[j]`` to ``his[j]``: a block's
    overlap is filled; a stretch no block reaches is empty, between the block that ends by then
    and the one that starts after it (named first when its range is one of ``moved``)."""
    clue = w.clue
    out: list[Clause] = []
    new = set(ev.decided(FILLED))
    for j, (lo, hi) in enumerate(zip(los, his)):
        overlap = list(range(hi, lo + clue[j]))
        mine = [p for p in overlap if p in new]
        if mine:
            where = (f"can only start in {w.at(lo)}" if lo == hi
                     else f"starts somewhere in {w.along}s {lo + 1} to {hi + 1}")
            out.append((f"{w.block(j)} {where}, so it always covers {w.span(overlap)}", mine))
    ends = [hi + length - 1 for length, hi in zip(clue, his)]
    for group in _groups(ev.decided(EMPTY), ev.before):
        a, b = group[0], group[-1]
        said = []
        before = [j for j in range(len(clue)) if ends[j] < a]
        after = [j for j in range(len(clue)) if los[j] > b]
        if before:
            j = before[-1]
            said.append((j not in moved, f"{w.block(j)} ends by {w.at(ends[j])} at the latest"))
        if after:
            j = after[0]
            said.append((j not in moved,
                         f"{w.block(j)} starts in {w.at(los[j])} at the earliest"))
        said.sort(key=lambda item: item[0])  # the block the reasoning moved first
        out.append((f"{' and '.join(t for _, t in said)}, so {w.outcome(group, EMPTY)}", group))
    return out


def _identification(w: _Line, ev: Event) -> list[Clause]:
    """Block identification: which block each run can only be, and what that leaves the
    blocks."""
    found = identify(w.clue, list(ev.before))
    start_lo, start_hi = found.start
    moved = {j for j in range(len(w.clue))
             if (found.los[j], found.his[j]) != (start_lo[j], start_hi[j])}
    said = []
    for a, b, j in found.runs:
        run = f"the box at {w.at(a)}" if a == b else f"the boxes at {w.span(range(a, b + 1))}"
        said.append(f"{run} can only be {w.block(j)}")
    intro = "; ".join(said[:2])
    if len(said) > 2:
        intro += f" (and {len(said) - 2} more run{'s' if len(said) > 3 else ''} only one block can be)"
    clauses = _placed(w, ev, found.los, found.his, moved)
    if not clauses:
        return clauses
    text, cells = clauses[0]
    return [(f"{intro}: {text}", cells), *clauses[1:]]


def _sliding(w: _Line, ev: Event) -> list[Clause]:
    """Sliding: the leftmost and rightmost arrangements, and what they share."""
    left, right = slid(w.clue, list(ev.before))
    clue = w.clue
    if not clue:
        return []
    starts = ", ".join(str(p + 1) for p in left)
    ends = ", ".join(str(p + 1) for p in right)
    intro = (f"slid as far left as the marks allow, the blocks start in {w.along}s {starts}; "
             f"as far right, in {ends}")
    out: list[Clause] = []
    new = set(ev.decided(FILLED))
    for j, (lo, hi) in enumerate(zip(left, right)):
        mine = [p for p in range(hi, lo + clue[j]) if p in new]
        if mine:
            out.append((f"{w.block(j)} covers {w.span(range(hi, lo + clue[j]))} both times, so "
                        f"{w.outcome(mine, FILLED)}", mine))
    for group in _groups(ev.decided(EMPTY), ev.before):
        a = group[0]
        g = sum(1 for j in range(len(clue)) if right[j] + clue[j] <= a)
        if g == 0:
            where = f"before {w.block(0)}"
        elif g == len(clue):
            where = f"after {w.block(g - 1)}"
        else:
            where = f"between {w.block(g - 1)} and {w.block(g)}"
        out.append((f"{w.outcome(group, EMPTY)}, {where} both times", group))
    if out:
        out[0] = (f"{intro}: {out[0][0]}", out[0][1])
    return out


def _places(w: _Line, j: int, starts: Sequence[int]) -> str:
    """Where block ``j`` can still lie, from its possible starts: ``the 6 can only lie in rows
    3 to 14``, ``the 2 only in columns 1 and 2 or 5 and 6``."""
    length = w.clue[j]
    spans: list[tuple[int, int]] = []  # runs of consecutive starts, as covered cells
    for s in starts:
        if spans and s == spans[-1][1] - length + 2:
            spans[-1] = (spans[-1][0], s + length - 1)
        else:
            spans.append((s, s + length - 1))
    if any(b >= c for (_, b), (c, _) in zip(spans, spans[1:])):  # its places overlap
        return f"{w.block(j)} can only start in {_alternatives(w, [(s, s) for s in starts])}"
    return f"{w.block(j)} can only lie in {_alternatives(w, spans)}"


def _alternatives(w: _Line, spans: Sequence[tuple[int, int]]) -> str:
    """Stretches of cells as alternatives: ``rows 3 to 8 or rows 12 and 13``."""
    merged: list[tuple[int, int]] = []
    for a, b in spans:
        if merged and a == merged[-1][1] + 1 and spans[0][0] == spans[0][1]:
            merged[-1] = (merged[-1][0], b)  # single starts in a row: one stretch
        else:
            merged.append((a, b))
    parts = [span_text(w.along, range(a, b + 1)) for a, b in merged]
    shown = parts if len(parts) <= 3 else [*parts[:2], f"{len(parts) - 2} more places"]
    return shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} or {shown[-1]}"


def _whole_line(w: _Line, ev: Event) -> list[Clause]:
    """Whole-line reasoning, said with the blocks' possible places (every start each block has
    in some arrangement), never with a count of arrangements."""
    clue = w.clue
    starts = possible_starts(clue, list(ev.before))
    covering = [[j for j in range(len(clue)) if any(s <= c < s + clue[j] for s in starts[j])]
                for c in range(len(ev.before))]
    out: list[Clause] = []
    for group in _groups(ev.decided(EMPTY), ev.before):
        a, b = group[0], group[-1]
        near = [j for j in range(len(clue)) if starts[j]
                and starts[j][0] <= b and starts[j][-1] + clue[j] - 1 >= a]
        if not near:  # the blocks on either side
            near = [j for j in range(len(clue)) if starts[j] and starts[j][-1] + clue[j] - 1 < a][-1:]
            near += [j for j in range(len(clue)) if starts[j] and starts[j][0] > b][:1]
        places = "; ".join(_places(w, j, starts[j]) for j in near)
        out.append((f"{places}: no block can cover {w.span(group)}, so "
                    f"{w.outcome(group, EMPTY)}", group))
    for group in _groups(ev.decided(FILLED), ev.before):
        blocks = sorted({j for c in group for j in covering[c]})
        places = "; ".join(_places(w, j, starts[j]) for j in blocks)
        if len(blocks) == 1:
            then = f"every place left for {w.block(blocks[0])} covers {w.span(group)}"
        else:
            then = f"in every arrangement one of them covers {w.span(group)}"
        out.append((f"{places}: {then}, so {w.outcome(group, FILLED)}", group))
    return out


_WORDS: dict[str, Callable[[_Line, Event], list[Clause]]] = {
    FINISHED: _finished,
    SIMPLE_BOXES: _simple_boxes,
    SIMPLE_SPACES: _simple_spaces,
    FORCING: _forcing,
    GLUE: _glue,
    JOINING: _joining,
    PUNCTUATION: _punctuation,
    MERCURY: _mercury,
    IDENTIFICATION: _identification,
    SLIDING: _sliding,
    WHOLE_LINE: _whole_line,
}


# ----------------------------------------------------------------------------------------------
# The step
# ----------------------------------------------------------------------------------------------


def _named(events: Sequence[Event]) -> dict[str, tuple[int, ...]]:
    """The decided positions by the technique that decided them, as ``line_techniques`` names
    them."""
    named: dict[int, str] = {}
    for ev in events:
        for p in ev.decided():
            named[p] = ev.technique
    return {name: tuple(sorted(p for p, t in named.items() if t == name))
            for name in RULES if name in named.values()}


def step_text(axis: Axis, index: int, clue: Sequence[int], before: np.ndarray,
              deduction: LineDeduction) -> str:
    """One line's deduction in words: the technique, the line, the clue, then why each cell the
    technique decided is what it is, and the cells easier techniques decided on the way."""
    technique = deduction.technique
    assert technique is not None  # a step always decides something
    w = _Line(axis, tuple(int(b) for b in clue), tuple(int(v) for v in before))
    result = [int(v) for v in deduction.result]
    events = trace(w.clue, w.start, first=True)
    if _named(events) != deduction.cells_by_technique:
        events = trace(w.clue, w.start)  # a whole deduction (``line_techniques`` in full)
    if _named(events) != deduction.cells_by_technique:
        events = []  # the ladder names cells otherwise than this trace: say the rule only
    clauses: list[Clause] = []
    for ev in events:
        if ev.technique == technique:
            clauses += [(text, ps) for text, ps in _WORDS[technique](w, ev) if ps]
    explained = {p for _, ps in clauses for p in ps}
    if len(clauses) > MAX_CLAUSES:
        clauses, rest = clauses[: MAX_CLAUSES - 1], clauses[MAX_CLAUSES - 1:]
        cells = sorted({p for _, ps in rest for p in ps})
        clauses.append((f"likewise {w.outcomes(cells, result)}", cells))
    reasons = [text for text, _ in clauses]
    left = sorted(set(deduction.cells_by_technique[technique]) - explained)
    if left:
        reasons.append(f"{BY_NAME[technique].summary}, so {w.outcomes(left, result)}")
    said = "; ".join(reasons)
    if events:
        # easier techniques on the way: those before the technique's first rule, which it may
        # build on, come first; the rest after
        first = next(i for i, ev in enumerate(events) if ev.technique == technique)
        before_words = _easier(w, events[:first], technique, result)
        after_words = _easier(w, events[first:], technique, result)
        if before_words:
            said = f"first, {before_words}; then {said}"
        tail = f" Then {after_words}." if after_words else ""
    else:
        others = {name: ps for name, ps in deduction.cells_by_technique.items()
                  if name != technique}
        tail = f" Also {_by(w, others, result)}." if others else ""
    return f"{technique}. {line_name(axis, index)}, clue {format_clue(w.clue)}: {said}.{tail}"


def _easier(w: _Line, events: Sequence[Event], technique: str, result: Sequence[int]) -> str:
    """The cells ``events`` decided by techniques other than ``technique``, by technique."""
    cells: dict[str, list[int]] = {}
    for ev in events:
        if ev.technique != technique:
            cells.setdefault(ev.technique, []).extend(ev.decided())
    return _by(w, {name: cells[name] for name in RULES if name in cells}, result)


def _by(w: _Line, cells: Mapping[str, Sequence[int]], result: Sequence[int]) -> str:
    return "; ".join(f"by {name.lower()}, {w.outcomes(ps, result)}" for name, ps in cells.items())
