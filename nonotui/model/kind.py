"""The ``Kind`` protocol: what a kind of puzzle (nonograms, later Aquarium, ...) tells the rest of
nonotui, so that ``store``, ``ui`` and ``cli`` never need to know which kind they hold.

Declarations only: :class:`typing.Protocol` classes for what a kind does, here, and the frozen
dataclasses for what it describes and ``Literal`` types for its statuses in
:mod:`nonotui.model.vocab` (every name of which this module re-exports). No Textual, no numba, and no
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
from datetime import date
from typing import TYPE_CHECKING, Protocol, TypeVar, runtime_checkable

from nonotui.model.board import Board
from nonotui.model.history import History
from nonotui.model.vocab import (
    GRADE_WORDS,
    RATING_VERSION,
    Borders,
    Cancelled,
    Cell,
    CellValue,
    CellValueChange,
    CheckReport,
    CheckStatus,
    Command,
    DigitKeys,
    Drawing,
    GlyphRole,
    HintKind,
    HintStep,
    KeyRules,
    Lesson,
    MadePuzzle,
    MakeGoal,
    MarginLabel,
    Margins,
    MarkKey,
    PaletteColor,
    Plan,
    PlanStatus,
    Proposal,
    PuzzleFormat,
    PuzzleRequest,
    Rating,
    RatingReason,
    Side,
    SolveOutcome,
    SolveStats,
    SolveStatus,
    Step,
    Stop,
    Subcommand,
    Unit,
    UnitAxis,
    UnitGuide,
    UnitState,
    Use,
    Verdict,
    VerdictStatus,
    WarmUp,
    regions_of,
    unknown_of,
)

if TYPE_CHECKING:  # only for annotations: neither is loaded when the player starts
    from argparse import ArgumentParser, Namespace
    from importlib.resources.abc import Traversable


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


# -- what a kind computes and does ---------------------------------------------------------------


class HintLike(Protocol):
    """A hint as the player and the CLI see it; each kind has its own reasons and fields."""

    @property
    def kind(self) -> HintKind:
        """What rung of the ladder gave it."""

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

    @property
    def steps(self) -> tuple[HintStep, ...]:
        """A contradiction's chain a line at a time (empty: the hint is told in one piece)."""

    @property
    def narrowed(self) -> tuple[CellValueChange, ...]:
        """Cells the hint's line narrows without deciding, with the values (a bitset) each may
        still take: shown while the hint is, never set on the board (empty for most hints)."""

    def changes(self) -> list[CellValueChange]:
        """What applying the hint sets."""

    def to_json(self) -> dict[str, object]:
        """The hint's JSON shape (``nonotui hint --json``)."""


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


P = TypeVar("P", bound=PuzzleLike)
"""A kind's puzzle type."""

P_co = TypeVar("P_co", bound=PuzzleLike, covariant=True)
"""A kind's puzzle type, where a game only hands it out."""

WarmUpStep = tuple[str, Callable[[Stop], None]]
"""One step of a kind's warm-up: what it readies, in words, and the call that readies it."""


@runtime_checkable
class Game(Protocol[P_co]):
    """One puzzle bound to its kind: what the player, the store and the command line ask of it,
    made once when the puzzle is opened (:meth:`Kind.open`).

    What it describes (values, units, margins, borders, keys) is computed once; what needs the
    engine (solve, hints, checks, auto-solve, rating) imports it when first called, so that
    opening a game costs nothing: the player draws its first frame before any numba is loaded.
    A game keeps what its hints and checks learn between calls; each of those runs in one worker
    thread at a time, and raises :class:`Cancelled` when ``should_stop`` says so.

    The members under "capabilities" are optional: :class:`~nonotui.model.kind_base.GameBase`
    gives each a default (a kind without a solver says so in one line).
    """

    @property
    def puzzle(self) -> P_co:
        """The puzzle."""

    @property
    def title(self) -> str:
        """The kind's name for people (``Nonogram``)."""

    @property
    def values(self) -> tuple[CellValue, ...]:
        """The values a cell can take, by bit (``values[i].bit == i``)."""

    @property
    def units(self) -> Sequence[Unit]:
        """Every constraint unit, in a fixed order that unit numbers refer to."""

    @property
    def margins(self) -> Margins:
        """The labels drawn around the board."""

    @property
    def borders(self) -> Borders:
        """What the grid draws between cells."""

    @property
    def key_rules(self) -> KeyRules:
        """The keys and mouse buttons that mark cells, and what digits do."""

    def new_board(self) -> Board:
        """The board a new game starts from: every cell unknown, or the puzzle's own saved
        state when its file carries one."""

    def tracker(self, board: Board) -> UnitTracker:
        """A tracker of ``board``'s unit states (it reads the board it is given, live)."""

    def is_solved(self, board: Board) -> bool:
        """Whether ``board`` is a solution (any solution counts, not a stored picture)."""

    def describe(self) -> str:
        """What ``nonotui show`` prints: size, metadata, identity, clues, goal."""

    def board_rows(self, board: Board) -> list[str]:
        """The board as text rows in the kind's notation (``solve``'s grids)."""

    def read_board(self, text: str) -> Board:
        """A board given as text rows (``hint --state``), checked against the puzzle's size.

        Raises:
            NonotuiError: a bad character or a row of the wrong length, naming its line.
        """

    # -- capabilities (defaults in GameBase) ---------------------------------------------------

    def unsupported(self, use: Use) -> str | None:
        """Why this puzzle cannot be solved or played, or ``None`` (the default)."""

    def has_goal(self) -> bool:
        """Whether the puzzle carries its intended picture."""

    def with_goal(self, solution: Board) -> P_co:
        """The puzzle with ``solution`` (its one solution) as its goal picture."""

    def units_at(self, cells: Iterable[Cell]) -> set[int]:
        """The units that hold any of ``cells`` (those whose guides a move changes)."""

    def guides(self, board: Board, units: Iterable[int] | None = None) -> dict[int, UnitGuide]:
        """The guide of each unit in ``units`` (every unit with a margin label when ``None``)."""

    def expand_mark(self, board: Board, cell: Cell, value: int) -> Sequence[CellValueChange]:
        """The cells a mark of ``value`` (a bitset) on ``cell`` sets when its key expands
        (:attr:`MarkKey.expand`), the cursor cell among them; the player records them as one
        move. The default: the cell alone (:func:`single_mark`)."""

    def solve(
        self,
        *,
        board: Board | None = None,
        max_solutions: int = 2,
        timeout: float | None = None,
        should_stop: Stop | None = None,
        options: Mapping[str, object] | None = None,
    ) -> SolveOutcome:
        """Solve from ``board`` (or from nothing), stopping after ``max_solutions``.

        ``options`` are the kind's own (:meth:`Kind.solve_options`).
        """

    def check_board(self, board: Board, should_stop: Stop) -> CheckReport:
        """Judge ``board``'s marks against the clues, spoiling nothing (``nonotui check``).

        Raises:
            Cancelled: ``should_stop`` said so.
        """

    def hint(self, board: Board, cursor: Cell, history: History | None,
             should_stop: Stop | None = None, *, tries: bool = False) -> HintLike:
        """The easiest deduction from ``board`` (a copy) near ``cursor``. With ``tries`` (the
        player), where logic stops the first hint may be kind ``try``: a cell to try, not yet
        revealed; asked again on the same board, the hint reveals it (kind ``guess``).

        Raises:
            Cancelled: ``should_stop`` said so.
        """

    def check(self, board: Board, should_stop: Stop) -> frozenset[Cell]:
        """The cells of ``board`` (a copy) whose marks no solution allows.

        Raises:
            Cancelled: ``should_stop`` said so.
        """

    def hint_unit(self, hint: HintLike) -> int | None:
        """The unit a hint reasons in (drawn around its cells), or ``None``."""

    def auto_solve(self, board: Board, should_stop: Stop) -> Plan:
        """The steps from ``board`` (a copy) to a solution, in the engine's own order.

        Raises:
            Cancelled: ``should_stop`` said so.
        """

    def rate(self, should_stop: Stop | None = None) -> Rating:
        """How hard the puzzle is: solved from an empty board the way a player following hints
        would, counting each technique's steps (``nonotui rate``).

        Raises:
            Cancelled: ``should_stop`` said so.
        """

    def explain(self, should_stop: Stop | None = None) -> tuple[Rating, Sequence[Step]]:
        """:meth:`rate`'s rating with the path it walked: each step's cells, its words
        (``description``, naming the technique) and its technique (``method``), in order
        (``nonotui explain``).

        Raises:
            Cancelled: ``should_stop`` said so.
        """


@runtime_checkable
class Maker(Protocol):
    """What the Make screen asks of a kind: a drawing's puzzle, the verdict on its clues, and
    changes toward a goal (:meth:`Kind.maker`). Each call but :meth:`puzzle_of` may take
    seconds and runs in a worker; it raises :class:`Cancelled` when ``should_stop`` says so."""

    goals: tuple[MakeGoal, ...]
    """The goals :meth:`improve` searches toward (empty: none yet)."""

    def palette(self, colour: bool) -> tuple[PaletteColor, ...]:
        """The colours a new drawing draws with, background first: two for black and white,
        up to ten with ``colour``."""

    def blank(self, width: int, height: int, colour: bool = False) -> Drawing:
        """A new drawing to start from: empty, with :meth:`palette`'s colours (and for a kind
        with regions, a first layout of them to reshape)."""

    def drawing_of_image(self, path: str, width: int, height: int) -> Drawing:
        """The picture in the image file at ``path`` at ``width`` x ``height`` cells.

        Raises:
            NonotuiError: the file is not a readable image (or Pillow is missing).
        """

    def puzzle_of(self, drawing: Drawing, **metadata: str) -> PuzzleLike:
        """The puzzle whose intended picture is ``drawing`` (its goal), with ``metadata``
        (``title``, ``author``, ``license``) where given.

        Raises:
            NonotuiError: the drawing cannot be a puzzle (empty, too large), said in one line.
        """

    def drawing_of(self, puzzle: PuzzleLike, should_stop: Stop | None = None) -> Drawing:
        """The drawing of ``puzzle``: its goal picture, else its one solution.

        Raises:
            NonotuiError: it has no goal and not exactly one solution found in time.
        """

    def verdict(self, drawing: Drawing, should_stop: Stop | None = None,
                timeout: float = 2.0) -> Verdict:
        """Whether the drawing's clues have one solution, several (with the cells where
        another differs from the drawing), none, or are undecided after ``timeout`` seconds."""

    def improve(self, drawing: Drawing, goal: MakeGoal, should_stop: Stop | None = None,
                seconds: float = 10.0) -> Proposal:
        """The fewest cell changes found within ``seconds`` that make ``drawing`` reach
        ``goal`` (not proven the fewest possible); ``found`` is false, with a note, when none
        was found in time."""


@runtime_checkable
class StepwiseWarmUp(Protocol):
    """A kind whose player warm-up (:meth:`Kind.warm_up` with ``"all"``) comes in steps, so that
    the player shows how many are left, runs first what the first hint needs, and pauses
    between steps while the player's hint is worked out (:func:`nonotui.ui.assist.warm_up`).
    A kind without it is warmed up in one step."""

    def warm_up_steps(self, first: PuzzleLike | None = None) -> list[WarmUpStep]:
        """The steps of ``warm_up(should_stop, "all")``, in order; with ``first`` (a puzzle
        of this kind, the one the player opened), those a hint on it needs come first."""


@runtime_checkable
class Kind(Protocol[P]):
    """One kind of puzzle, found through :mod:`nonotui.kinds` (an entry point of the group
    ``nonotui.kinds``). What is the same for all its puzzles is here; one puzzle's game is
    :meth:`open`'s.

    A kind's object costs nothing to load: its formats, engine and commands are imported by
    the methods that use them. The members under "capabilities" are optional:
    :class:`~nonotui.model.kind_base.KindBase` gives each a default.
    """

    @property
    def name(self) -> str:
        """The kind's name (``nonogram``), in saves, JSON (``puzzle_kind``) and the registry."""

    @property
    def title(self) -> str:
        """The kind's name for people (``Nonogram``)."""

    def formats(self) -> Sequence[PuzzleFormat]:
        """The kind's file formats, in the order content detection tries them."""

    def open(self, puzzle: P) -> Game[P]:
        """The game of one puzzle of this kind."""

    # -- capabilities (defaults in KindBase) ---------------------------------------------------

    @property
    def makes_puzzles(self) -> bool:
        """Whether :meth:`new_puzzle` makes puzzles (``nonotui generate`` and the library's "New
        puzzle" offer the kind); known without loading its generator. ``False`` by default."""

    def bundled(self) -> Sequence[Traversable]:
        """The puzzle files shipped with the kind (the library's bundled collection); none by
        default."""

    def read_spec(self, spec: str) -> list[P] | None:
        """The puzzles of a command-line argument that is not a file but a form only this kind
        knows (a Tatham game id, a puzz.link URL), or ``None`` when it is not one."""

    def share_document(self, puzzle: P) -> dict[str, object]:
        """The whole puzzle as a JSON document for a share code (:func:`nonotui.kinds.share_code`):
        its canonical clue document, then what else it needs to be played as made (a palette,
        the picture, the title and author).

        Raises:
            UnsupportedPuzzleError: the kind has no share codes.
        """

    def from_share_document(self, document: Mapping[str, object]) -> P:
        """The puzzle :meth:`share_document` wrote.

        Raises:
            NonotuiError: the document is not a puzzle of this kind (its message says what).
            UnsupportedPuzzleError: the kind has no share codes.
        """

    def maker(self) -> Maker:
        """What the Make screen uses to make puzzles of this kind from drawings.

        Raises:
            UnsupportedPuzzleError: the kind has no maker (the default).
        """

    def warm_up(self, should_stop: Stop, what: WarmUp = "all",
                options: Mapping[str, object] | None = None, first: P | None = None) -> None:
        """Compile (or load from cache) what solves use (with ``options``, as
        :meth:`Game.solve` takes them; with ``first``, only what solving that puzzle needs),
        what any solve may come to use however long it searches (``long``), or also what
        hints, checks and guides use (``all``). Nothing by default."""

    def new_puzzle(self, request: PuzzleRequest, should_stop: Stop | None = None) -> MadePuzzle:
        """A new puzzle made to ``request`` (the same request gives the same puzzle), carrying
        its recipe in its metadata, with a note when it differs from the request (a grade not
        reached). Runs in a worker: it may take seconds.

        Raises:
            NonotuiError: this kind cannot make puzzles (the default), or not this one (a size
                out of range, a grade not reached), said in one line.
            Cancelled: ``should_stop`` said so.
        """

    def daily_request(self, day: date) -> PuzzleRequest | None:
        """The request of the daily puzzle of ``day`` (a UTC date), the same for everyone; its
        size and grade depend on the weekday. ``None`` when this kind makes no puzzles."""

    def lessons(self) -> Sequence[Lesson]:
        """The "Learn" collection's techniques, easiest first, each shown on one line whose
        "after" the kind's engine computes (none for a kind without named techniques)."""

    def subcommands(self) -> Sequence[Subcommand]:
        """Subcommands only this kind has."""

    def add_options(self, command: Command, parser: ArgumentParser) -> None:
        """Add this kind's options to a shared subcommand's parser (``--linesolvers`` for
        ``solve`` and ``bench``). Option names must not clash with another kind's."""

    def solve_options(self, args: Namespace) -> dict[str, object]:
        """Read the options :meth:`add_options` added from parsed arguments, for
        :meth:`Game.solve`.

        Raises:
            NonotuiError: an option's value is invalid (a usage error).
        """

    def make_options(self, args: Namespace) -> dict[str, object]:
        """Read the options :meth:`add_options` added to ``generate`` from parsed arguments,
        for :meth:`new_puzzle` (:attr:`PuzzleRequest.options`): only those given, so that the
        command can refuse one given with another kind. None by default.

        Raises:
            RequestError: an option's value is invalid, or options that do not go together.
        """


def single_mark(cell: Cell, value: int) -> list[CellValueChange]:
    """What :meth:`Kind.expand_mark` gives for a kind whose marks never expand: the cell alone."""
    row, column = cell
    return [(row, column, value)]


def identity_of(document: Mapping[str, object]) -> str:
    """A puzzle's identity: the SHA-256 (hex) of its identity document as canonical JSON (no
    spaces, keys in the document's own order, non-ASCII kept)."""
    canonical = json.dumps(document, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


__all__ = [
    "VerdictStatus",
    "regions_of",
    "Verdict",
    "Proposal",
    "PaletteColor",
    "Maker",
    "MakeGoal",
    "Drawing",
    "GRADE_WORDS",
    "RATING_VERSION",
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
    "Game",
    "HintKind",
    "HintStep",
    "HintLike",
    "KeyRules",
    "Kind",
    "P",
    "Lesson",
    "MadePuzzle",
    "MarginLabel",
    "Margins",
    "MarkKey",
    "Plan",
    "PlanStatus",
    "PuzzleFormat",
    "PuzzleLike",
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
    "UnitTracker",
    "Use",
    "StepwiseWarmUp",
    "WarmUp",
    "WarmUpStep",
    "identity_of",
    "single_mark",
    "unknown_of",
]
