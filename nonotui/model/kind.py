"""The ``Kind`` protocol: what a kind of puzzle (nonograms, later Aquarium, ...) tells the rest of
nonotui, so that ``store``, ``ui`` and ``cli`` never need to know which kind they hold.

Declarations only: frozen dataclasses for what a kind describes, ``Literal`` types for its
statuses, and :class:`typing.Protocol` classes for what it does. No Textual, no numba, and no
import of any kind's own modules; a kind's package implements :class:`Kind` and the registry
(:mod:`nonotui.kinds`) finds it.

Every kind plays on a rectangular board of cell bitsets (:mod:`nonotui.model.cells`,
:class:`~nonotui.model.board.Board`): bit ``i`` of a cell is the kind's value ``i``
(:class:`CellValue`), a cell that still allows several values is undecided, and the undo history
(:mod:`nonotui.model.history`) records bitsets. What a kind adds is the meaning of the values,
the units that constrain them (a row, a column, a tank), and how the grid is drawn around the
board (:class:`Margins`) and between its cells (:class:`Borders`).

Members are added when a kind needs them, not before (DESIGN.md, "Layers and kinds").
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, runtime_checkable

from nonotui.model.board import Board
from nonotui.model.history import History

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

HintKind = Literal["solved", "mistake", "line", "contradiction", "guess", "ambiguous"]
"""Every kind of hint a kind gives, easiest rung of the ladder first after ``solved``."""

PlanStatus = Literal["solved", "inconsistent", "no-solution"]
"""An auto-solve's outcome: steps to a solution, marks that fit no solution, clues that have
none."""

Command = Literal["solve", "bench", "hint", "check"]
"""The shared subcommands a kind may add options to."""

Use = Literal["solve", "play"]
"""What a puzzle may be too new for: the solver (solve, bench, hint, check) or the player."""

CheckStatus = Literal[
    "solved", "not-finished", "wrong", "inconsistent", "no-solution", "timeout", "cancelled"
]
"""What ``nonotui check`` found (``timeout`` and ``cancelled`` are the CLI's own)."""

WarmUp = Literal["solve", "all"]
"""What to warm up: what a solve uses (the CLI), or everything the player uses."""

DigitKeys = Literal["count", "none"]
"""What the digit keys do on the play screen: a vi-style count prefix for the next move, or
nothing (a kind with a palette will add its own member when it needs one)."""

Cell = tuple[int, int]
"""``(row, column)``, from 0."""

CellValueChange = tuple[int, int, int]
"""``(row, column, bitset)``: a cell and the value a hint, a check or a step gives it."""

Stop = Callable[[], bool]
"""A cancel callback: long work polls it and raises :class:`Cancelled` when it returns true."""


class Cancelled(Exception):  # noqa: N818 - a signal, not an error a user made
    """``should_stop`` asked a hint, a check or an auto-solve to give up."""


# -- what a kind describes ------------------------------------------------------------------------


@dataclass(frozen=True)
class CellValue:
    """One value a cell of this kind can take.

    Attributes:
        name: The value's name, as JSON and messages write it (``empty``, ``filled``, ``red``).
        bit: Its bit in a cell bitset (value ``i`` of a kind is bit ``i``; ``1 << i`` is its mask).
        role: How the grid draws it.
        char: One character for it in saves, text boards and under ``NO_COLOR``; unique within
            a puzzle's values and never ``?`` (unknown).
        rgb: ``#rrggbb`` for a ``color`` value, else ``None``.
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


class UnitTracker(Protocol):
    """The state of every unit of one board, kept up to date move by move.

    Units are numbered as :meth:`Kind.units` lists them.
    """

    def refresh_all(self) -> None:
        """Recompute every unit (after loading, a restart or a large undo)."""

    def update(self, cells: Iterable[Cell]) -> None:
        """Recompute the units that hold ``cells``."""

    def state(self, unit: int) -> UnitState:
        """The state of one unit."""

    def broken(self) -> list[int]:
        """Every unit whose decided cells break its rule."""

    @property
    def solved(self) -> bool:
        """Whether the board as marked satisfies every unit (what counts as marked is the
        kind's rule: a nonogram judges the filled cells and takes unknown ones as empty)."""


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
    """

    side: Side
    index: int
    parts: tuple[str, ...]
    unit: int


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
    """

    keys: tuple[str, ...]
    value: str
    description: str
    label: str = ""
    mouse: str = ""


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


@dataclass(frozen=True)
class SolveOutcome:
    """The answer of :meth:`Kind.solve`.

    Attributes:
        status: How the search ended.
        solutions: The solutions found (all of them for ``unique``; those found so far on a
            timeout or a cancel).
        seconds: Time spent in the engine.
        stats: What the search did, JSON-ready (the kind decides the fields).
        settings: The options the search ran with, JSON-ready (``{"linesolvers": "fast,fcomp"}``).
    """

    status: SolveStatus
    solutions: tuple[Board, ...]
    seconds: float
    stats: Mapping[str, object] = field(default_factory=dict)
    settings: Mapping[str, object] = field(default_factory=dict)


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


class HintLike(Protocol):
    """A hint as the player and the CLI see it; each kind has its own reasons and fields."""

    @property
    def kind(self) -> str:
        """One of :data:`HintKind`."""

    @property
    def cells(self) -> tuple[CellValueChange, ...]:
        """The cells it concerns: the wrong marks (with the value marked) for a mistake, else
        the cells it decides or reveals (with their true value)."""

    @property
    def explanation(self) -> str:
        """The reason in words, rows and columns counted from 1."""

    @property
    def undo_moves(self) -> int | None:
        """For a mistake found with the undo history: moves back to a board with a solution."""

    def changes(self) -> list[CellValueChange]:
        """What applying the hint sets."""

    def to_json(self) -> dict[str, object]:
        """The hint's JSON shape (``nonotui hint --json``)."""


@dataclass(frozen=True)
class Step:
    """One step of an auto-solve, as the player watches it.

    Attributes:
        cells: ``(row, column, bitset)`` for every cell the step decides.
        description: The step in words (``Row 3: the fast linesolver decided 4 cells``).
        unit: The unit the step worked in (to highlight it), or ``None``.
    """

    cells: tuple[CellValueChange, ...]
    description: str
    unit: int | None = None


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


class PuzzleLike(Protocol):
    """What the shared layers read of any kind's puzzle."""

    @property
    def kind_name(self) -> str:
        """The name of its kind (:attr:`Kind.name`)."""

    @property
    def identity(self) -> str:
        """Its identity: the SHA-256 of its canonical identity document (:func:`identity_of`)."""

    @property
    def title(self) -> str | None: ...

    @property
    def author(self) -> str | None: ...

    @property
    def width(self) -> int: ...

    @property
    def height(self) -> int: ...


@runtime_checkable
class Kind(Protocol):
    """One kind of puzzle. Implemented once per kind, found through :mod:`nonotui.kinds`.

    Methods that need the engine (solve, hint, check, auto-solve, guides, warm-up) import it
    when first called, so that a kind's object costs nothing to load: the player draws its first
    frame before any numba is loaded.
    """

    @property
    def name(self) -> str:
        """The kind's name (``nonogram``), in saves, JSON (``puzzle_kind``) and the registry."""

    @property
    def title(self) -> str:
        """The kind's name for people (``Nonogram``)."""

    # -- the puzzle --------------------------------------------------------------------------

    def identity_document(self, puzzle: Any) -> dict[str, object]:
        """The canonical document the puzzle's identity is the hash of (never changes without
        a migration of every save)."""

    def values(self, puzzle: Any) -> tuple[CellValue, ...]:
        """The values a cell can take, by bit (``values[i].bit == i``)."""

    def new_board(self, puzzle: Any) -> Board:
        """The board a new game starts from: every cell unknown, or the puzzle's own saved
        state when its file carries one."""

    def units(self, puzzle: Any) -> Sequence[Unit]:
        """Every constraint unit, in a fixed order that unit numbers refer to."""

    def tracker(self, puzzle: Any, board: Board) -> UnitTracker:
        """A tracker of ``board``'s unit states (it reads the board it is given, live)."""

    def is_solved(self, puzzle: Any, board: Board) -> bool:
        """Whether ``board`` is a solution (any solution counts, not a stored picture)."""

    def describe(self, puzzle: Any) -> str:
        """What ``nonotui show`` prints: size, metadata, identity, clues, goal."""

    def board_rows(self, puzzle: Any, board: Board) -> list[str]:
        """The board as text rows in the kind's notation (``solve``'s grids)."""

    def read_board(self, puzzle: Any, text: str) -> Board:
        """A board given as text rows (``hint --state``), checked against the puzzle's size.

        Raises:
            NonotuiError: a bad character or a row of the wrong length, naming its line.
        """

    def unsupported(self, puzzle: Any, use: Use) -> str | None:
        """Why this puzzle cannot be solved or played yet (a colour nonogram), or ``None``."""

    def has_goal(self, puzzle: Any) -> bool:
        """Whether the puzzle carries its intended picture."""

    def with_goal(self, puzzle: Any, solution: Board) -> Any:
        """The puzzle with ``solution`` (its one solution) as its goal picture."""

    # -- files ---------------------------------------------------------------------------------

    def formats(self) -> Sequence[PuzzleFormat]:
        """The kind's file formats, in the order content detection tries them."""

    def read_spec(self, spec: str) -> list[Any] | None:
        """The puzzles of a command-line argument that is not a file but a form only this kind
        knows (a Tatham game id, a puzz.link URL), or ``None`` when it is not one."""

    # -- the engine ----------------------------------------------------------------------------

    def solve(
        self,
        puzzle: Any,
        *,
        board: Board | None = None,
        max_solutions: int = 2,
        timeout: float | None = None,
        should_stop: Stop | None = None,
        options: Mapping[str, object] | None = None,
    ) -> SolveOutcome:
        """Solve from ``board`` (or from nothing), stopping after ``max_solutions``.

        ``options`` are the kind's own (:meth:`solve_options`).
        """

    def hint(
        self,
        puzzle: Any,
        board: Board,
        cursor: Cell,
        history: History | None,
        should_stop: Stop | None = None,
    ) -> HintLike:
        """The easiest deduction from ``board`` (a copy) near ``cursor``.

        Raises:
            Cancelled: ``should_stop`` said so.
        """

    def checker(self, puzzle: Any) -> Callable[[Board, Stop], frozenset[Cell]]:
        """A check for this puzzle: called with a board (a copy) and a cancel callback, it
        returns the cells whose marks no solution allows. It may keep what it learns about the
        clues between calls; it is called from one worker at a time.

        Raises (when called):
            Cancelled: ``should_stop`` said so.
        """

    def auto_solve(self, puzzle: Any, board: Board, should_stop: Stop) -> Plan:
        """The steps from ``board`` (a copy) to a solution, in the engine's own order.

        Raises:
            Cancelled: ``should_stop`` said so.
        """

    def check_board(self, puzzle: Any, board: Board, should_stop: Stop) -> CheckReport:
        """Judge ``board``'s marks against the clues, spoiling nothing (``nonotui check``).

        Raises:
            Cancelled: ``should_stop`` said so.
        """

    def warm_up(self, should_stop: Stop, what: WarmUp = "all",
                options: Mapping[str, object] | None = None) -> None:
        """Compile (or load from cache) what solves use (with ``options``, as :meth:`solve`
        takes them), or also what hints, checks and guides use."""

    # -- drawing and playing -------------------------------------------------------------------

    def margins(self, puzzle: Any) -> Margins:
        """The labels drawn around the board."""

    def guides(
        self, puzzle: Any, board: Board, units: Iterable[int] | None = None
    ) -> dict[int, UnitGuide]:
        """The guide of each unit in ``units`` (every unit with a margin label when ``None``)."""

    def borders(self, puzzle: Any) -> Borders:
        """What the grid draws between cells."""

    def key_rules(self, puzzle: Any) -> KeyRules:
        """The keys and mouse buttons that mark cells, and what digits do."""

    # -- the command line ----------------------------------------------------------------------

    def subcommands(self) -> Sequence[Subcommand]:
        """Subcommands only this kind has."""

    def add_options(self, command: Command, parser: Any) -> None:
        """Add this kind's options to a shared subcommand's argparse parser (``--linesolvers``
        for ``solve`` and ``bench``). Option names must not clash with another kind's."""

    def solve_options(self, args: Any) -> dict[str, object]:
        """Read the options :meth:`add_options` added from parsed arguments, for :meth:`solve`.

        Raises:
            NonotuiError: an option's value is invalid (a usage error).
        """


def identity_of(document: Mapping[str, object]) -> str:
    """A puzzle's identity: the SHA-256 (hex) of its identity document as canonical JSON (no
    spaces, keys in the document's own order, non-ASCII kept)."""
    canonical = json.dumps(document, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


__all__ = [
    "Borders",
    "Cancelled",
    "Cell",
    "CellValue",
    "CellValueChange",
    "CheckReport",
    "CheckStatus",
    "Command",
    "DigitKeys",
    "GlyphRole",
    "HintKind",
    "HintLike",
    "KeyRules",
    "Kind",
    "MarginLabel",
    "Margins",
    "MarkKey",
    "Plan",
    "PlanStatus",
    "PuzzleFormat",
    "PuzzleLike",
    "Side",
    "SolveOutcome",
    "SolveStatus",
    "Step",
    "Stop",
    "Subcommand",
    "Unit",
    "UnitAxis",
    "UnitGuide",
    "UnitState",
    "UnitTracker",
    "Use",
    "WarmUp",
    "identity_of",
    "unknown_of",
]
