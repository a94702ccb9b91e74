"""The vocabularies and value records a kind of puzzle describes itself with: its statuses and
axes as ``Literal`` types, its cell values, units, margins, borders, keys and file formats, and
the records its solve, check and auto-solve return.

Declarations only, no behaviour beyond small derived values; :mod:`nonotui.model.kind` holds the
protocols that use them (and re-exports every name here, so ``from nonotui.model.kind import
HintKind`` keeps working).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from nonotui.model.board import Board

# -- small vocabularies ---------------------------------------------------------------------------

GlyphRole = Literal["empty", "filled", "color"]
"""How the grid draws a cell that holds one value: the background (a dot or a cross), the one
solid fill of a black-and-white puzzle, or a colour of the puzzle's palette (drawn in
:attr:`CellValue.rgb`, with :attr:`CellValue.char` under ``NO_COLOR``)."""

UnitState = Literal["open", "done", "broken"]
"""How a unit stands against its constraint: cells still undecided, decided and satisfying it,
decided and breaking it."""

UnitAxis = Literal["row", "column", "region"]
"""What shape a unit has: a whole row, a whole column, or any other set of cells."""

Side = Literal["left", "top", "right", "bottom"]
"""A margin of the board."""

SolveStatus = Literal["unique", "multiple", "solved", "contradiction", "timeout", "cancelled"]
"""The outcome of a solve. ``solved``: one solution found, uniqueness not asked for."""

HintKind = Literal["solved", "mistake", "line", "contradiction", "try", "guess", "ambiguous"]
"""Every kind of hint a kind gives, easiest rung of the ladder first after ``solved``."""

PlanStatus = Literal["solved", "inconsistent", "no-solution"]
"""An auto-solve's outcome: steps to a solution, marks that fit no solution, clues that have
none."""

Command = Literal["solve", "bench", "hint", "check", "generate"]
"""The shared subcommands a kind may add options to."""

Use = Literal["solve", "play"]
"""What a puzzle may be too new for: the solver (solve, bench, hint, check) or the player."""

CheckStatus = Literal[
    "solved", "not-finished", "wrong", "inconsistent", "no-solution", "timeout", "cancelled"
]
"""What ``nonotui check`` found (``timeout`` and ``cancelled`` are the CLI's own)."""

WarmUp = Literal["solve", "all", "long"]
"""What to warm up: what a solve uses (the CLI), everything the player uses, or what any solve
may come to use however long it searches (a worker that solves many puzzles, each under its own
timeout, so that no puzzle pays a kernel's load inside its timeout)."""

DigitKeys = Literal["count", "palette", "none"]
"""What the digit keys do on the play screen: a vi-style count prefix for the next move, choose
the current colour of a palette (1 to 9: the kind's ``color`` values in order; the primary value's
keys, the left button, shift+arrows and paint mode then mark that colour), or nothing."""

Cell = tuple[int, int]
"""``(row, column)``, from 0."""

CellValueChange = tuple[int, int, int]
"""``(row, column, bitset)``: a cell and the value a hint, a check or a step gives it."""

Stop = Callable[[], bool]
"""A cancel callback: long work polls it and raises :class:`Cancelled` when it returns true."""


class Cancelled(Exception):
    """``should_stop`` asked a hint, a check or an auto-solve to give up."""


# -- what a kind describes ------------------------------------------------------------------------


@dataclass(frozen=True)
class HintStep:
    """One line of a hint's chain of reasoning, for the player to follow a line at a time.

    Attributes:
        words: The step in words ("If row 1, column 5 were filled, row 1 (clue 1) would force
            columns 1 and 3 empty.").
        cells: The cells this line forces under the chain's assumption (not the puzzle's
            solution: they are what the argument supposes).
        unit: The kind's unit number of the line the step uses (``None``: none to show).
    """

    words: str
    cells: tuple[CellValueChange, ...]
    unit: int | None


@dataclass(frozen=True)
class CellValue:
    """One value a cell of this kind can take.

    Attributes:
        name: The value's name, as JSON and messages write it (``empty``, ``filled``, ``red``).
        bit: Its bit in a cell bitset (value ``i`` of a kind is bit ``i``; ``1 << i`` is its mask).
        role: How the grid draws it.
        char: One character for it in saves, text boards and under ``NO_COLOR``; unique within
            a puzzle's values and never ``?`` (unknown).
        rgb: ``#rrggbb`` for a ``color`` value; for an ``empty`` value, the colour of the
            puzzle's paper when it has one (a colour nonogram's background), else ``None``.
    """

    name: str
    bit: int
    role: GlyphRole
    char: str
    rgb: str | None = None

    @property
    def mask(self) -> int:
        """The cell bitset that holds exactly this value."""
        return 1 << self.bit


def unknown_of(values: Sequence[CellValue]) -> int:
    """The bitset of an undecided cell: every value still allowed."""
    mask = 0
    for value in values:
        mask |= value.mask
    return mask


@dataclass(frozen=True)
class Unit:
    """A constraint unit: a set of cells that one rule of the puzzle speaks about.

    Attributes:
        axis: The unit's shape.
        index: Its index among the units of that axis (row 3 is ``("row", 2)``).
        label: Its name in messages, counted from 1 (``Row 3``, ``Tank B``).
        cells: Its cells, in the order the rule reads them (left to right, top to bottom).
    """

    axis: UnitAxis
    index: int
    label: str
    cells: Sequence[Cell]


@dataclass(frozen=True)
class MarginLabel:
    """The text drawn beside one row or column: a unit's numbers, each a part of its own so that
    one number can be dimmed or flagged alone.

    Attributes:
        side: The margin it is drawn in.
        index: The row (left and right margins) or column (top and bottom) it stands beside.
        parts: Its numbers as text, in reading order (outwards to inwards: a row's clue reads
            left to right towards the board, a column's top to bottom); never empty.
        unit: The unit whose state and guide dim or flag it.
        values: Per part, the bit of the :class:`CellValue` it counts (a colour clue's block
            colour), drawn in that value's colour and followed by its character where colour
            cannot show; empty when no part has one.
    """

    side: Side
    index: int
    parts: tuple[str, ...]
    unit: int
    values: tuple[int, ...] = ()


@dataclass(frozen=True)
class Margins:
    """Everything drawn around the board."""

    labels: tuple[MarginLabel, ...]


@dataclass(frozen=True)
class UnitGuide:
    """How one unit's margin label is shown for the player's current marks.

    Attributes:
        dimmed: Per part of the label: already satisfied by the marks, drawn dim.
        error: The unit's marks fit no way of satisfying it: every part is flagged.
    """

    dimmed: tuple[bool, ...]
    error: bool


@dataclass(frozen=True)
class Borders:
    """Everything drawn between cells.

    Attributes:
        guide_every: A thin guide line after every ``guide_every``-th row and column (5 for a
            nonogram), or ``None`` for none.
        walls: Heavy borders between two cells of different regions, as ``(row, column,
            side)``: the border on that cell's ``right`` or ``bottom`` side.
    """

    guide_every: int | None = None
    walls: frozenset[tuple[int, int, Literal["right", "bottom"]]] = frozenset()


@dataclass(frozen=True)
class MarkKey:
    """A key that marks the cursor cell with one value (pressed again, it clears the cell).

    Attributes:
        keys: Textual key names (``space``, ``f``, ``x``).
        value: The name of the :class:`CellValue` it sets.
        description: What the help screen says it does.
        label: The key's word in the footer and the paint mode (``fill``); the value's name
            when empty.
        mouse: What the help says a mouse button that marks this value does, when one does
            (``fill a cell (clear it when filled)``); empty for "<label> a cell (again: clear
            it)".
        expand: The mark sets the cells :meth:`Kind.expand_mark
            <nonotui.model.kind.Kind.expand_mark>` gives (an Aquarium tank filled up to the
            cursor's row), as one undoable move, rather than the cursor cell alone.
    """

    keys: tuple[str, ...]
    value: str
    description: str
    label: str = ""
    mouse: str = ""
    expand: bool = False


@dataclass(frozen=True)
class KeyRules:
    """What only this kind's play screen does with keys and the mouse.

    Attributes:
        marks: The marking keys, in the order the help screen lists them.
        primary: The value the left mouse button marks, by name.
        secondary: The value the right mouse button marks, by name.
        digits: What the digit keys do.
        middle: The value the middle mouse button marks (a third value), or ``None``.

    Mark keys must not be keys the play screen binds itself (moves, undo, hint, ...).
    """

    marks: tuple[MarkKey, ...]
    primary: str
    secondary: str
    digits: DigitKeys = "none"
    middle: str | None = None


@dataclass(frozen=True)
class PuzzleFormat:
    """A file format of one kind.

    Attributes:
        name: The name ``--to`` takes (``non``, ``xml``).
        extensions: File name endings it claims, lower case with the dot.
        writable: Whether :attr:`write` can write it.
        multi: Whether one file can hold several puzzles.
        sniff: A cheap test of whether text looks like this format.
        read: Every puzzle in ``(text, path)``; raises
            :class:`~nonotui.errors.PuzzleFormatError` naming the file's line.
        write: The puzzles as text; raises :class:`~nonotui.errors.UnsupportedPuzzleError` for
            what the format cannot hold. ``None`` when not writable.
    """

    name: str
    extensions: tuple[str, ...]
    writable: bool
    multi: bool
    sniff: Callable[[str], bool]
    read: Callable[[str, str], list[Any]]
    write: Callable[[Sequence[Any]], str] | None = None
    needs_goal: bool = False
    """Writing it needs the puzzle's goal (its picture); ``convert`` solves for one when the
    puzzle has none (:meth:`Kind.with_goal`)."""


@dataclass(frozen=True)
class Subcommand:
    """A subcommand only one kind has (a nonogram's ``line``).

    Attributes:
        name: The command's name.
        register: Adds its parser to argparse's subparsers and sets ``func(args) -> int``.
    """

    name: str
    register: Callable[[Any], None]


# -- what a kind computes -------------------------------------------------------------------------


class SolveStats(Mapping[str, object]):
    """What a search did, JSON-ready and in the kind's own order: the counts every search may
    have, typed (:attr:`probes`, :attr:`guesses`, :attr:`max_depth`; ``None`` for a search that
    has no such thing), and the kind's own (:attr:`extras`: a nonogram's lines per linesolver,
    a search that counts boards). ``nonotui solve`` and ``bench`` print the typed ones a kind
    gives, and ``--json`` prints them all."""

    COMMON = ("probes", "guesses", "max_depth")
    """The counts that have a typed field."""

    def __init__(self, fields: Mapping[str, object] | None = None) -> None:
        self._fields = dict(fields or {})

    def __getitem__(self, key: str) -> object:
        return self._fields[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._fields)

    def __len__(self) -> int:
        return len(self._fields)

    def __repr__(self) -> str:
        return f"SolveStats({self._fields!r})"

    def _count(self, key: str) -> int | None:
        value = self._fields.get(key)
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    @property
    def probes(self) -> int | None:
        """Probes tried (cells set to a value to see whether it leads to a contradiction)."""
        return self._count("probes")

    @property
    def guesses(self) -> int | None:
        """Branches taken by the search (guesses, decisions)."""
        return self._count("guesses")

    @property
    def max_depth(self) -> int | None:
        """The deepest the search went."""
        return self._count("max_depth")

    @property
    def extras(self) -> dict[str, object]:
        """The kind's own statistics: every field but the common counts."""
        return {k: v for k, v in self._fields.items() if k not in self.COMMON}


@dataclass(frozen=True)
class SolveOutcome:
    """The answer of :meth:`Kind.solve`.

    Attributes:
        status: How the search ended.
        solutions: The solutions found (all of them for ``unique``; those found so far on a
            timeout or a cancel).
        seconds: Time spent in the engine.
        stats: What the search did (:class:`SolveStats`; a plain mapping given here is made
            one).
        settings: The options the search ran with, JSON-ready (``{"linesolvers": "fast,fcomp"}``).
    """

    status: SolveStatus
    solutions: tuple[Board, ...]
    seconds: float
    stats: SolveStats = field(default_factory=SolveStats)
    settings: Mapping[str, object] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not isinstance(self.stats, SolveStats):  # a kind's plain mapping
            object.__setattr__(self, "stats", SolveStats(self.stats))


@dataclass(frozen=True)
class CheckReport:
    """What checking a board's marks found.

    Attributes:
        status: The outcome.
        explanation: The outcome in words, rows and columns counted from 1.
        wrong: The marks no solution allows, ``(row, column, value marked)``, reading order.
    """

    status: CheckStatus
    explanation: str
    wrong: tuple[CellValueChange, ...] = ()


@dataclass(frozen=True)
class Step:
    """One step of an auto-solve, as the player watches it.

    Attributes:
        cells: ``(row, column, bitset)`` for every cell the step decides.
        description: The step in words (``Row 3: the fast linesolver decided 4 cells``).
        unit: The unit the step worked in, or ``None`` for a step over the whole board (a
            search's), which the player shows row by row.
        method: What decided it (``fast``, ``search``), or empty; frames of several steps
            count them by method.
    """

    cells: tuple[CellValueChange, ...]
    description: str
    unit: int | None = None
    method: str = ""


@dataclass(frozen=True)
class Plan:
    """What an auto-solve found: the steps to show, or why there are none.

    Attributes:
        status: The outcome.
        steps: In order; applying them all gives a solution.
        several: The marks and clues allow more than one solution.
    """

    status: PlanStatus
    steps: tuple[Step, ...] = ()
    several: bool = False


@dataclass(frozen=True)
class PuzzleRequest:
    """What the player asks a kind to make (the library's "New puzzle" and "Daily puzzle").

    Attributes:
        width: Cells across.
        height: Cells down.
        grade: The difficulty asked for, 1 (easiest) to 5, or 0 for any.
        symmetry: ``none``, ``horizontal``, ``vertical`` or ``both``.
        seed: Decides the puzzle: the same request gives the same puzzle on every machine.
        title: The title to give it (``None``: the kind's own).
        options: The kind's own options (``nonotui generate``'s, read by
            :meth:`~nonotui.model.kind.Kind.make_options`: a nonogram's colours, density or
            picture); empty for the player's requests.
    """

    width: int
    height: int
    grade: int = 0
    symmetry: str = "none"
    seed: int = 0
    title: str | None = None
    options: Mapping[str, object] = field(default_factory=dict, hash=False)


@dataclass(frozen=True)
class MadePuzzle:
    """A puzzle a kind made to a :class:`PuzzleRequest`.

    Attributes:
        puzzle: The puzzle (carrying its recipe in its metadata).
        note: What the player should know, such as a grade asked for but not reached, or
            ``None``.
        spec: What names this puzzle again in place of a file (a generator id such as
            ``gen2:15x15:g0:nosym:d55:42``), or ``None``; ``nonotui generate`` prints it.
    """

    puzzle: Any
    note: str | None = None
    spec: str | None = None


VerdictStatus = Literal["unique", "several", "none", "undecided"]
"""The maker's verdict on a drawing's clues: one solution, more than one, none (clues edited
by hand can contradict), or not decided within the time the check may take."""

MakeGoal = Literal["unique", "easier", "harder"]
"""What the maker's changes aim for: one solution; one that line logic alone finds; or one
solution that line logic alone does not find (a contradiction is needed)."""


@dataclass(frozen=True)
class PaletteColor:
    """A colour a drawing may use (the background is the palette's first).

    Attributes:
        name: Its name (``black``, ``red``).
        rgb: ``#rrggbb``.
        char: One character that stands for it in text.
    """

    name: str
    rgb: str
    char: str


@dataclass(frozen=True)
class Drawing:
    """A picture being made into a puzzle: a colour index per cell (0 the background), and for
    a kind whose grid is split into regions (Aquarium's tanks) the region of each cell.

    Attributes:
        picture: Rows of colour indices into ``palette``.
        palette: The colours, background first (two for black and white).
        regions: Rows of region ids, each region orthogonally connected and numbered in
            reading order from 0 (:func:`regions_of`), or ``None`` for a kind without regions.
    """

    picture: tuple[tuple[int, ...], ...]
    palette: tuple[PaletteColor, ...]
    regions: tuple[tuple[int, ...], ...] | None = None

    @classmethod
    def blank(cls, width: int, height: int, palette: Sequence[PaletteColor],
              regions: tuple[tuple[int, ...], ...] | None = None) -> Drawing:
        """An empty drawing (with ``regions`` for a kind that has them)."""
        return cls(tuple((0,) * width for _ in range(height)), tuple(palette), regions)

    @property
    def height(self) -> int:
        return len(self.picture)

    @property
    def width(self) -> int:
        return len(self.picture[0]) if self.picture else 0

    def changed(self, changes: Sequence[CellValueChange]) -> Drawing:
        """A copy with ``(row, column, colour index)`` changes made (rows without a change are
        shared with this drawing, so that an undo history of drawings stays small)."""
        rows: dict[int, list[int]] = {}
        for r, c, k in changes:
            rows.setdefault(r, list(self.picture[r]))[c] = k
        picture = tuple(tuple(rows[r]) if r in rows else row for r, row in enumerate(self.picture))
        return Drawing(picture, self.palette, self.regions)

    def with_regions(self, regions: Sequence[Sequence[int]]) -> Drawing:
        """A copy with ``regions`` (any ids; each connected part becomes one region)."""
        return Drawing(self.picture, self.palette, regions_of(regions))


def regions_of(labels: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], ...]:
    """Each orthogonally connected part of equal ``labels`` as one region, numbered 0, 1, ...
    in reading order (a label whose cells fall apart becomes as many regions as parts)."""
    height, width = len(labels), len(labels[0]) if labels else 0
    out = [[-1] * width for _ in range(height)]
    count = 0
    for r0 in range(height):
        for c0 in range(width):
            if out[r0][c0] >= 0:
                continue
            label = labels[r0][c0]
            out[r0][c0] = count
            todo = [(r0, c0)]
            while todo:
                r, c = todo.pop()
                for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                    if (0 <= nr < height and 0 <= nc < width and out[nr][nc] < 0
                            and labels[nr][nc] == label):
                        out[nr][nc] = count
                        todo.append((nr, nc))
            count += 1
    return tuple(tuple(row) for row in out)


@dataclass(frozen=True)
class Verdict:
    """What the maker's check found about a drawing's clues.

    Attributes:
        status: See :data:`VerdictStatus`.
        differing: For ``several``: the cells where another solution differs from the drawing.
        seconds: Time the check took.
    """

    status: VerdictStatus
    differing: frozenset[Cell] = frozenset()
    seconds: float = 0.0


@dataclass(frozen=True)
class Proposal:
    """Cell changes the maker found toward a goal, to be accepted one at a time or all.

    Attributes:
        goal: What they aim for.
        changes: ``(row, column, new colour index)``, in the order they are best accepted.
        found: Whether the changed drawing reaches the goal (proven); when ``False``,
            ``changes`` is empty and ``note`` says why.
        note: What the search did, in one sentence.
    """

    goal: MakeGoal
    changes: tuple[CellValueChange, ...]
    found: bool
    note: str


@dataclass(frozen=True)
class Lesson:
    """One technique of the "Learn" collection, shown on a single line before its puzzle.

    Attributes:
        technique: The technique's name (``Simple boxes``), also its lesson puzzle's title.
        summary: One sentence saying what the technique does.
        clue: The example line's clue as text (``3 1``).
        before: The line before the technique, in the kind's line notation (``??#??``).
        after: The line after it, as the kind's engine computes it.
        grade: The lowest grade of a puzzle that needs the technique.
        legend: What the notation's characters mean, for the player.
        practice: For a technique that no puzzle can need as its hardest step, the technique
            whose lesson puzzle shows it on the way (its hint walk meets it); empty otherwise.
        why: Why no puzzle can need it last (shown with ``practice``).
    """

    technique: str
    summary: str
    clue: str
    before: str
    after: str
    grade: int
    legend: str = ""
    practice: str = ""
    why: str = ""


RATING_VERSION = 3
"""The version of the rating's rules (:class:`Rating`); cached grades of an older version are
recomputed. 2: an Aquarium step is one rule in one row or column with every tank it settles
there (fewer steps, lower scores; the same grades). 3: nonogram grades weigh the work per line
as well as the hardest technique, on a ladder with finished lines, block identification and
sliding named (docs/solver.md, "Grades that separate")."""

GRADE_WORDS: dict[int, str] = {
    0: "logic cannot finish it",
    1: "simple techniques, little work",
    2: "one-line techniques, more work",
    3: "sliding and whole-line, or long work",
    4: "short contradictions",
    5: "long contradictions or long work",
}
"""Each grade in a few words, for lists and the CLI (grade 0 also has its :attr:`Rating.reason`)."""

RatingReason = Literal["needs guessing", "not unique", "no solution"]
"""Why a puzzle has grade 0."""


@dataclass(frozen=True)
class Rating:
    """How hard a puzzle is for a player following hints (:meth:`Kind.rate`).

    Attributes:
        grade: 1 only the easiest techniques, 2 also the other single-unit techniques, 3 also
            whole-unit reasoning (1 to 3: solvable by unit logic alone), 4 contradictions
            with chains of at most two units, 5 longer chains; 0 when logic cannot finish it
            (``reason`` says why).
        score: A number that grows with the work the path needs (the kind defines it).
        line_solvable: Grades 1 to 3.
        unique: Whether the puzzle has exactly one solution; ``None`` when not proven.
        hardest: The hardest technique the path used, ``None`` when it used none.
        steps: How many steps each technique took, by technique name, easiest first.
        reason: For grade 0: ``"needs guessing"`` (logic stalls, one solution),
            ``"not unique"`` or ``"no solution"``; ``None`` otherwise.
        version: :data:`RATING_VERSION` of the rules that made it.
    """

    grade: int
    score: int
    line_solvable: bool
    unique: bool | None
    hardest: str | None
    steps: dict[str, int]
    reason: RatingReason | None = None
    version: int = RATING_VERSION

    def to_json(self, file: str) -> dict[str, object]:
        """``nonotui rate --json``'s object for one puzzle: ``{"file", "grade", "score",
        "line_solvable", "unique", "hardest", "steps", "reason"}``."""
        return {
            "file": file,
            "grade": self.grade,
            "score": self.score,
            "line_solvable": self.line_solvable,
            "unique": self.unique,
            "hardest": self.hardest,
            "steps": dict(self.steps),
            "reason": self.reason,
        }


__all__ = [
    "Drawing",
    "regions_of",
    "MakeGoal",
    "PaletteColor",
    "Proposal",
    "Verdict",
    "VerdictStatus",
    "GRADE_WORDS",
    "RATING_VERSION",
    "Borders",
    "Cancelled",
    "Cell",
    "HintStep",
    "CellValue",
    "CellValueChange",
    "CheckReport",
    "CheckStatus",
    "Command",
    "DigitKeys",
    "GlyphRole",
    "HintKind",
    "KeyRules",
    "Lesson",
    "MadePuzzle",
    "MarginLabel",
    "Margins",
    "MarkKey",
    "Plan",
    "PlanStatus",
    "PuzzleFormat",
    "PuzzleRequest",
    "Rating",
    "RatingReason",
    "Side",
    "SolveOutcome",
    "SolveStats",
    "SolveStatus",
    "Step",
    "Stop",
    "Subcommand",
    "Unit",
    "UnitAxis",
    "UnitGuide",
    "UnitState",
    "Use",
    "WarmUp",
    "unknown_of",
]
