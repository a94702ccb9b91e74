"""Nonograms as a :class:`~nonotui.model.kind.Kind`: the first kind, found by the registry as
``nonotui.kinds.nonogram.kind:KIND``.

Importing this module is cheap (no numpy-heavy work, no numba, no format modules): the engine and
the formats are imported by the methods that use them, so the registry can hand the player this
object before its first frame.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from datetime import date
from typing import Any, overload

from nonotui.kinds.nonogram.notation import board_from_text, format_board
from nonotui.kinds.nonogram.puzzle import Axis, Puzzle, unknown_board
from nonotui.kinds.nonogram.tracker import ClueTracker, LineState
from nonotui.model import files
from nonotui.model.board import Board
from nonotui.model.history import History
from nonotui.model.kind import (
    Borders,
    Cancelled,
    Cell,
    CellValue,
    CellValueChange,
    CheckReport,
    Command,
    HintLike,
    KeyRules,
    Kind,
    Lesson,
    MadePuzzle,
    MarginLabel,
    Margins,
    MarkKey,
    Plan,
    PuzzleFormat,
    PuzzleRequest,
    Rating,
    SolveOutcome,
    Step,
    Stop,
    Subcommand,
    Unit,
    UnitGuide,
    UnitState,
    Use,
    WarmUp,
    WarmUpStep,
    single_mark,
)

GUIDE_EVERY = 5
"""A thin guide line after every fifth row and column."""

WARM_UP_ID = "4x4:2/1/2/1/1.1/2/1/1"
"""A tiny puzzle that needs probing: solving it loads every kernel a solve uses."""

_EMPTY = CellValue("empty", 0, "empty", "-")
_FILLED = CellValue("filled", 1, "filled", "#")

KEY_RULES = KeyRules(
    marks=(
        MarkKey(("space", "f"), "filled", "fill the cell (again: clear it)", "fill",
                "fill a cell (clear it when filled)"),
        MarkKey(("x",), "empty", "cross the cell: known empty (again: clear it)", "cross",
                "cross a cell (clear it when crossed)"),
    ),
    primary="filled",
    secondary="empty",
    digits="count",
)


class _LineCells(Sequence[Cell]):
    """The cells of one row or column, computed on demand (a 1000x1000 puzzle has 2,000 lines
    of 1,000 cells: listing them all up front would cost tens of megabytes)."""

    __slots__ = ("_axis", "_index", "_length")

    def __init__(self, axis: Axis, index: int, length: int) -> None:
        self._axis, self._index, self._length = axis, index, length

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, i: int) -> Cell: ...

    @overload
    def __getitem__(self, i: slice) -> Sequence[Cell]: ...

    def __getitem__(self, i: int | slice) -> Cell | Sequence[Cell]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(self._length))]
        if i < 0:
            i += self._length
        if not 0 <= i < self._length:
            raise IndexError(i)
        return (self._index, i) if self._axis == "row" else (i, self._index)

    def __iter__(self) -> Iterator[Cell]:
        return (self[i] for i in range(self._length))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    def __hash__(self) -> int:
        return hash((self._axis, self._index, self._length))


class NonogramTracker:
    """The state of every row (units ``0..h-1``) and column (``h..h+w-1``) of a board."""

    def __init__(self, puzzle: Puzzle, board: Board) -> None:
        self._height = puzzle.height
        self.clues = ClueTracker(puzzle, board)

    def refresh_all(self) -> None:
        """Recompute every line."""
        self.clues.refresh_all()

    def update(self, cells: Iterable[Cell]) -> None:
        """Recompute the rows and columns that hold ``cells``."""
        self.clues.update(cells)

    def state(self, unit: int) -> UnitState:
        """The state of row ``unit`` or column ``unit - height``."""
        if unit < self._height:
            line: LineState = self.clues.rows[unit]
        else:
            line = self.clues.columns[unit - self._height]
        return line.value

    def broken(self) -> list[int]:
        """Every completed line that breaks its clue, as unit numbers."""
        return [i if axis == "row" else self._height + i for axis, i in self.clues.broken()]

    @property
    def solved(self) -> bool:
        """Whether the filled cells satisfy every clue (unknown cells count as empty)."""
        return self.clues.solved


class NonogramKind:
    """Nonograms in black and white and in colour (colour puzzles are played, not yet solved)."""

    name = "nonogram"
    title = "Nonogram"

    # -- the puzzle ----------------------------------------------------------------------------

    def identity_document(self, puzzle: Puzzle) -> dict[str, object]:
        """``{"rows": [...], "columns": [...]}`` (and the block colours of a colour puzzle)."""
        return puzzle.identity_document()

    def values(self, puzzle: Puzzle) -> tuple[CellValue, ...]:
        """Empty and filled; a colour puzzle's colours after the background."""
        if not puzzle.is_color:
            return (_EMPTY, _FILLED)
        background = puzzle.palette[0]
        return (CellValue("empty", 0, "empty", "-", background.rgb),) + tuple(
            CellValue(color.name, k, "color", color.char, color.rgb)
            for k, color in enumerate(puzzle.palette)
            if k > 0
        )

    def new_board(self, puzzle: Puzzle) -> Board:
        """Every cell unknown, or the state saved in the puzzle's file."""
        board = unknown_board(puzzle)
        if puzzle.saved is not None:
            for r, row in enumerate(puzzle.saved):
                board.cells[r] = row
        return board

    def units(self, puzzle: Puzzle) -> Sequence[Unit]:
        """Rows top to bottom, then columns left to right (the order the solver packs them)."""
        rows = [Unit("row", r, f"Row {r + 1}", _LineCells("row", r, puzzle.width))
                for r in range(puzzle.height)]
        columns = [Unit("column", c, f"Column {c + 1}", _LineCells("column", c, puzzle.height))
                   for c in range(puzzle.width)]
        return rows + columns

    def tracker(self, puzzle: Puzzle, board: Board) -> NonogramTracker:
        """A tracker of every line's state."""
        return NonogramTracker(puzzle, board)

    def is_solved(self, puzzle: Puzzle, board: Board) -> bool:
        """Whether the filled cells satisfy every clue (crossing out is not required)."""
        return ClueTracker(puzzle, board).solved

    def describe(self, puzzle: Puzzle) -> str:
        """Size, metadata, identity, clues (with colour letters) and goal picture."""
        from nonotui.kinds.nonogram.describe import describe

        return describe(puzzle)

    def board_rows(self, puzzle: Puzzle, board: Board) -> list[str]:
        """Rows of ``#`` filled, ``-`` empty, ``?`` unknown (colour: the colours' letters)."""
        if puzzle.is_color:
            from nonotui.kinds.nonogram.colour_notation import colour_board_rows
            return colour_board_rows(board, puzzle.palette)
        return format_board(board.cells).splitlines()

    def read_board(self, puzzle: Puzzle, text: str) -> Board:
        """Rows of ``#``, ``-`` (or ``.``), ``?`` (or ``+`` or a space); colour letters too."""
        if puzzle.is_color:
            from nonotui.kinds.nonogram.colour_notation import parse_colour_board as parse
            return parse(text, puzzle.palette, puzzle.width, puzzle.height)
        return board_from_text(text, puzzle)

    def unsupported(self, puzzle: Puzzle, use: Use) -> str | None:
        """Every nonogram, black and white or colour, is solved and played."""
        return None

    def has_goal(self, puzzle: Puzzle) -> bool:
        """Whether the file gave the puzzle's picture."""
        return puzzle.goal is not None

    def with_goal(self, puzzle: Puzzle, solution: Board) -> Puzzle:
        """The puzzle with ``solution`` as its goal picture."""
        return puzzle.replace(goal=tuple(tuple(row) for row in solution.picture()))

    # -- files ---------------------------------------------------------------------------------

    def formats(self) -> Sequence[PuzzleFormat]:
        """``non``, ``xml``, ``mk``, ``nin``, ``cwd``, ``g``, ``tatham``, ``picture``."""
        from nonotui.kinds.nonogram.formats import FORMATS

        return [
            PuzzleFormat(
                name=m.NAME,
                extensions=tuple(m.EXTENSIONS),
                writable=bool(m.WRITABLE),
                multi=bool(m.MULTI),
                sniff=m.sniff,
                read=m.read,
                write=m.write if m.WRITABLE else None,
                needs_goal=m.NAME == "picture",
            )
            for m in FORMATS.values()
        ]

    def read_spec(self, spec: str) -> list[Puzzle] | None:
        """A Tatham game id (``4x4:2/1/2/1/1.1/2/1/1``) or a generator id
        (``gen1:15x15:g0:nosym:d55:42``, :mod:`nonotui.kinds.nonogram.generate`) that is not also
        a file's name."""
        from nonotui.kinds.nonogram import generate
        from nonotui.kinds.nonogram.formats import tatham

        if generate.looks_like_id(spec) and not files.exists(spec):
            return generate.read_id(spec)
        if tatham.looks_like_id(spec) and not files.exists(spec):
            return list(tatham.read(spec, "<game id>"))
        return None

    # -- the engine ----------------------------------------------------------------------------

    def solve(
        self,
        puzzle: Puzzle,
        *,
        board: Board | None = None,
        max_solutions: int = 2,
        timeout: float | None = None,
        should_stop: Stop | None = None,
        options: Mapping[str, object] | None = None,
    ) -> SolveOutcome:
        """The engine's search (:func:`nonotui.kinds.nonogram.engine.search.solve`); ``options`` may hold
        ``linesolvers`` (a stack such as ``"fast,fcomp"``) and ``strategy``."""
        from nonotui.kinds.nonogram.engine.search import solve

        opts = dict(options or {})
        result = solve(
            puzzle,
            board=board,
            max_solutions=max_solutions,
            timeout=timeout,
            should_stop=should_stop,
            linesolvers=str(opts.get("linesolvers", "fast,fcomp")),
            strategy=str(opts.get("strategy", "auto")),
        )
        return SolveOutcome(
            status=result.status,
            solutions=tuple(result.solutions),
            seconds=result.seconds,
            stats=result.stats.as_dict(),
            settings={"linesolvers": result.stack},
        )

    def hint(
        self,
        puzzle: Puzzle,
        board: Board,
        cursor: Cell,
        history: History | None,
        should_stop: Stop | None = None,
    ) -> HintLike:
        """The hint ladder's easiest rung (:func:`nonotui.kinds.nonogram.engine.hints.next_hint`)."""
        load_engine()
        from nonotui.kinds.nonogram.engine.hints import HintCancelled, next_hint

        try:
            return next_hint(puzzle, board, cursor, history, should_stop=should_stop)
        except HintCancelled as exc:
            raise Cancelled from exc

    def checker(self, puzzle: Puzzle) -> Callable[[Board, Stop], frozenset[Cell]]:
        """Checks against the clues' own solutions, searched for on the first check and kept."""
        return NonogramHelper(puzzle).check

    def helper(self, puzzle: Puzzle) -> NonogramHelper:
        """Hints and checks sharing the clues' solutions and the hints' context."""
        return NonogramHelper(puzzle)

    def auto_solve(self, puzzle: Puzzle, board: Board, should_stop: Stop) -> Plan:
        """Whether the marks allow a solution, then the steps line by line as the default stack
        takes them, and the rest from the search."""
        load_engine()
        from nonotui.kinds.nonogram.autosolve import plan

        return plan(puzzle, board, should_stop)

    def check_board(self, puzzle: Puzzle, board: Board, should_stop: Stop) -> CheckReport:
        """Solved, wrong marks, marks impossible together, no solution, or not finished."""
        from nonotui.kinds.nonogram.checking import check_board

        return check_board(puzzle, board, should_stop)

    def rate(self, puzzle: Puzzle, should_stop: Stop | None = None) -> Rating:
        """The path of a player following hints, graded
        (:func:`nonotui.kinds.nonogram.rating.rate`)."""
        load_engine()
        from nonotui.kinds.nonogram.rating import rate

        return rate(puzzle, should_stop=should_stop)

    def explain(self, puzzle: Puzzle, should_stop: Stop | None = None
                ) -> tuple[Rating, list[Step]]:
        """The rating's path, a step per line deduction or contradiction, in words."""
        load_engine()
        from nonotui.kinds.nonogram.rating import RatedStep, rate, words

        path: list[RatedStep] = []
        rating = rate(puzzle, should_stop=should_stop, path=path)
        steps = []
        for step in path:
            unit = None
            if step.line is not None:
                axis, index = step.line
                unit = index if axis == "row" else puzzle.height + index
            steps.append(Step(step.cells, words(step), unit, step.technique))
        return rating, steps

    def warm_up(self, should_stop: Stop, what: WarmUp = "all",
                options: Mapping[str, object] | None = None, first: Any | None = None) -> None:
        """For ``solve``: solve a 4x4 puzzle that needs probing with the chosen linesolvers
        (``long``: and with the learning search), or only line solving when it answers
        ``first`` (then its solve loads neither probing nor a search). For ``all``: also ask
        two hints and a guide on a tiny puzzle and run every linesolver once, so that every
        kernel the player uses is compiled or loaded from numba's cache."""
        if what in ("solve", "long"):
            from nonotui.kinds.nonogram.formats import tatham

            if what == "solve" and first is not None:
                from nonotui.kinds.nonogram.engine.search import settled_by_lines

                opts = options or {}
                if opts.get("strategy") != "cdcl" and settled_by_lines(
                        first, str(opts.get("linesolvers", "fast,fcomp"))):
                    return

            (four,) = tatham.read(WARM_UP_ID, "<game id>")
            # the depth-first search by name: `auto` may hand a puzzle to the learning search
            # (search.AUTO_HANDOVER), whose load "solve" leaves to the puzzles that need it
            self.solve(four, options={**(options or {}), "strategy": "wu"})
            if what == "long":
                # a hard puzzle hands over to the learning search: its load must not count
                # against that puzzle's timeout (bench --jobs workers); one solve skips it (5 %
                # of `nonotui solve` on a small puzzle) and pays it only when it hands over
                self.solve(four, options={**(options or {}), "strategy": "cdcl"})
            return
        for _name, step in self.warm_up_steps():
            step(should_stop)

    def warm_up_steps(self, first: Any | None = None) -> list[WarmUpStep]:
        """The player's warm-up (``all``) in steps, those a hint on ``first`` needs first
        (:func:`nonotui.kinds.nonogram.warmup.steps`)."""
        from nonotui.kinds.nonogram.warmup import steps

        return steps(self, first, load_engine)

    # -- drawing and playing -------------------------------------------------------------------

    def margins(self, puzzle: Puzzle) -> Margins:
        """Each row's clue on the left, each column's on top; ``0`` for an empty line."""
        h, color = puzzle.height, puzzle.is_color  # a colour clue's number: its block's value
        labels = [MarginLabel("left", r, _parts(clue), r,
                              puzzle.row_clue_colors(r) if color else ())
                  for r, clue in enumerate(puzzle.rows)]
        labels += [MarginLabel("top", c, _parts(clue), h + c,
                               puzzle.column_clue_colors(c) if color else ())
                   for c, clue in enumerate(puzzle.columns)]
        return Margins(tuple(labels))

    def guides(
        self, puzzle: Puzzle, board: Board, units: Iterable[int] | None = None
    ) -> dict[int, UnitGuide]:
        """Per line: which clue numbers the marks have placed and closed, and whether the
        marks fit the clue at all (:func:`nonotui.kinds.nonogram.engine.checks.clue_guide`)."""
        from nonotui.kinds.nonogram.engine.checks import unit_guide

        h = puzzle.height
        wanted = range(h + puzzle.width) if units is None else units
        out: dict[int, UnitGuide] = {}
        for unit in wanted:
            guide = unit_guide(puzzle, board, unit)
            dimmed = guide.dimmed if guide.dimmed else (False,)  # an empty clue shows "0"
            out[unit] = UnitGuide(tuple(dimmed), guide.error)
        return out

    def borders(self, puzzle: Puzzle) -> Borders:
        """Guide lines every five rows and columns; no regions."""
        return Borders(guide_every=GUIDE_EVERY)

    def units_at(self, puzzle: Puzzle, cells: Iterable[Cell]) -> set[int]:
        """The rows (``r``) and columns (``height + c``) of ``cells``."""
        h = puzzle.height
        out: set[int] = set()
        for r, c in cells:
            out.update((r, h + c))
        return out

    def key_rules(self, puzzle: Puzzle) -> KeyRules:
        """space/f fill, x crosses; left click fills, right click crosses; digits count (in a
        colour puzzle they choose the colour, :mod:`~nonotui.kinds.nonogram.colour_keys`)."""
        if not puzzle.is_color:
            return KEY_RULES
        from nonotui.kinds.nonogram.colour_keys import palette_rules

        return palette_rules(puzzle, KEY_RULES.marks[1])

    def expand_mark(self, puzzle: Puzzle, board: Board, cell: Cell, value: int
                    ) -> list[CellValueChange]:
        """A nonogram's marks never expand: the cell alone."""
        return single_mark(cell, value)

    # -- new puzzles -----------------------------------------------------------------------------

    def new_puzzle(self, request: PuzzleRequest, should_stop: Stop | None = None) -> MadePuzzle:
        """The generator's puzzle (:mod:`nonotui.kinds.nonogram.generating`)."""
        from nonotui.kinds.nonogram.generating import new_puzzle

        return new_puzzle(request, should_stop)

    def daily_request(self, day: date) -> PuzzleRequest:
        """The daily puzzle's request by the weekday (:mod:`nonotui.kinds.nonogram.generating`)."""
        from nonotui.kinds.nonogram.generating import daily_request

        return daily_request(day)

    def lessons(self) -> Sequence[Lesson]:
        """One example line per line technique (:mod:`nonotui.kinds.nonogram.lessons`)."""
        from nonotui.kinds.nonogram.lessons import lessons

        return lessons()

    # -- the command line ----------------------------------------------------------------------

    def subcommands(self) -> Sequence[Subcommand]:
        """``line``: one line through each linesolver, timed; ``generate``: new puzzles. Each
        command's module is imported only when its parser is built."""
        return [Subcommand("line", _register_line), Subcommand("generate", _register_generate)]

    def add_options(self, command: Command, parser: Any) -> None:
        """``--linesolvers`` for ``solve`` and ``bench``."""
        if command in ("solve", "bench"):
            parser.add_argument(
                "--linesolvers",
                metavar="LIST",
                default="fast,fcomp",
                help="the linesolver stack, lowest rank first (default: fast,fcomp; "
                "known: fast, olsak, complete, fcomp)",
            )

    def solve_options(self, args: Any) -> dict[str, object]:
        """The checked linesolver stack.

        Raises:
            NonotuiError: an unknown linesolver or an empty stack.
        """
        from nonotui.kinds.nonogram.engine.lines import parse_stack

        text = getattr(args, "linesolvers", None)
        if text is None:
            return {}
        return {"linesolvers": str(parse_stack(text))}


class NonogramHelper:
    """The player's hints and checks on one puzzle: the clues' own solutions
    (:class:`~nonotui.kinds.nonogram.engine.checks.ReferenceSolutions`), searched for on the first check or
    hint, and the hints' :class:`~nonotui.kinds.nonogram.engine.hints.HintContext`, which shares them and keeps
    what the hints have proven."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self._reference: Any = None
        self._context: Any = None
        self._lock = threading.Lock()

    def reference(self) -> Any:
        """The clues' own solutions, made once."""
        load_engine()
        from nonotui.kinds.nonogram.engine.checks import ReferenceSolutions

        with self._lock:
            if self._reference is None:
                self._reference = ReferenceSolutions(self.puzzle)
            return self._reference

    def hint_context(self) -> Any:
        """The hints' context, made once; it shares :meth:`reference`."""
        from nonotui.kinds.nonogram.engine.hints import HintContext

        reference = self.reference()
        with self._lock:
            if self._context is None:
                self._context = HintContext(self.puzzle, reference)
            return self._context

    def hint(self, board: Board, cursor: Cell, history: History | None,
             should_stop: Stop) -> HintLike:
        """The hint ladder (:func:`nonotui.kinds.nonogram.engine.hints.next_hint`) with the kept context."""
        from nonotui.kinds.nonogram.engine.hints import HintCancelled, next_hint

        context = self.hint_context()
        try:
            return next_hint(self.puzzle, board, cursor, history, should_stop=should_stop,
                             context=context)
        except HintCancelled as exc:
            raise Cancelled from exc

    def check(self, board: Board, should_stop: Stop) -> frozenset[Cell]:
        """The marks no solution of the clues allows (:func:`~nonotui.kinds.nonogram.engine.checks.check_marks`)."""
        from nonotui.kinds.nonogram.engine.checks import HintCancelled, check_marks

        reference = self.reference()
        try:
            marks = check_marks(self.puzzle, board, should_stop, reference)
        except HintCancelled as exc:
            raise Cancelled from exc
        return frozenset((r, c) for r, c, _ in marks)

    def hint_unit(self, hint: HintLike) -> int | None:
        """The hint's row (unit ``r``) or column (unit ``height + c``)."""
        line: tuple[str, int] | None = getattr(hint, "line", None)
        if line is None:
            return None
        axis, index = line
        return index if axis == "row" else self.puzzle.height + index


_ENGINE_IMPORT = threading.Lock()


def load_engine() -> None:
    """Import the engine's modules once, one thread at a time. Two workers importing them at
    once (the warm-up and a hint, check or auto-solve asked for in the first moments) can break
    both imports: Python's import locks see a deadlock between the package, whose ``__init__``
    imports its submodules, and a submodule, and hand one thread a half-made module (the
    auto-solve failed with "'nonotui.kinds.nonogram.engine'"); every method that runs the engine calls this
    first (``tests/unit/test_engine_import_race.py``)."""
    with _ENGINE_IMPORT:
        from nonotui.kinds.nonogram.engine import checks, hints, search, steps  # noqa: F401


def _register_line(sub: Any) -> None:
    from nonotui.kinds.nonogram import line_command

    line_command.register(sub)


def _register_generate(sub: Any) -> None:
    from nonotui.kinds.nonogram import generate_command

    generate_command.register(sub)


def _parts(clue: tuple[int, ...]) -> tuple[str, ...]:
    return tuple(map(str, clue)) if clue else ("0",)


KIND: Kind = NonogramKind()
"""The nonogram kind, as the registry finds it."""

__all__ = ["GUIDE_EVERY", "KEY_RULES", "KIND", "WARM_UP_ID", "NonogramHelper", "NonogramKind",
           "NonogramTracker", "load_engine"]
