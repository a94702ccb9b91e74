"""One nonogram bound to its kind (:class:`~nonotui.model.kind.Game`): what the player, the store
and the command line ask of a puzzle, made once when it is opened
(:meth:`NonogramKind.open <nonotui.kinds.nonogram.kind.NonogramKind.open>`).

Opening is cheap: the engine is imported by the first method that runs it. A game keeps the
clues' own solutions and the hints' context between hints and checks.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, overload

from nonotui.kinds.nonogram.notation import board_from_text, format_board
from nonotui.kinds.nonogram.puzzle import Axis, Puzzle, unknown_board
from nonotui.kinds.nonogram.tracker import ClueTracker, LineState
from nonotui.model.board import Board
from nonotui.model.history import History
from nonotui.model.kind import (
    Borders,
    Cancelled,
    Cell,
    CellValue,
    CheckReport,
    HintLike,
    KeyRules,
    MarginLabel,
    Margins,
    MarkKey,
    Plan,
    Rating,
    SolveOutcome,
    SolveStats,
    Step,
    Stop,
    Unit,
    UnitGuide,
    UnitState,
)
from nonotui.model.kind_base import GameBase

if TYPE_CHECKING:
    from nonotui.kinds.nonogram.engine.checks import ReferenceSolutions
    from nonotui.kinds.nonogram.engine.hints import HintContext

GUIDE_EVERY = 5
"""A thin guide line after every fifth row and column."""

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

_ENGINE_IMPORT = threading.Lock()


def load_engine() -> None:
    """Import the engine's modules once, one thread at a time. Two workers importing them at
    once (the warm-up and a hint, check or auto-solve asked for in the first moments) can break
    both imports: Python's import locks see a deadlock between the package, whose ``__init__``
    imports its submodules, and a submodule, and hand one thread a half-made module (the
    auto-solve failed with "'nonotui.kinds.nonogram.engine'"); every method that runs the
    engine calls this first (``tests/unit/test_engine_import_race.py``)."""
    with _ENGINE_IMPORT:
        import nonotui.kinds.nonogram.engine.steps as steps  # noqa: F401


class NonogramGame(GameBase[Puzzle]):
    """A nonogram in black and white or in colour, ready to play, solve, hint and check."""

    title = "Nonogram"

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self._reference: ReferenceSolutions | None = None
        self._context: HintContext | None = None
        self._lock = threading.Lock()

    # -- what it looks like ------------------------------------------------------------------

    @cached_property
    def values(self) -> tuple[CellValue, ...]:
        """Empty and filled; a colour puzzle's colours after the background."""
        puzzle = self.puzzle
        if not puzzle.is_color:
            return (_EMPTY, _FILLED)
        background = puzzle.palette[0]
        return (CellValue("empty", 0, "empty", "-", background.rgb),) + tuple(
            CellValue(color.name, k, "color", color.char, color.rgb)
            for k, color in enumerate(puzzle.palette)
            if k > 0
        )

    @cached_property
    def units(self) -> Sequence[Unit]:
        """Rows top to bottom, then columns left to right (the order the solver packs them)."""
        p = self.puzzle
        rows = [Unit("row", r, f"Row {r + 1}", _LineCells("row", r, p.width))
                for r in range(p.height)]
        columns = [Unit("column", c, f"Column {c + 1}", _LineCells("column", c, p.height))
                   for c in range(p.width)]
        return rows + columns

    @cached_property
    def margins(self) -> Margins:
        """Each row's clue on the left, each column's on top; ``0`` for an empty line."""
        p = self.puzzle
        h, color = p.height, p.is_color  # a colour clue's number: its block's value
        labels = [MarginLabel("left", r, _parts(clue), r, p.row_clue_colors(r) if color else ())
                  for r, clue in enumerate(p.rows)]
        labels += [MarginLabel("top", c, _parts(clue), h + c,
                               p.column_clue_colors(c) if color else ())
                   for c, clue in enumerate(p.columns)]
        return Margins(tuple(labels))

    @property
    def borders(self) -> Borders:
        """Guide lines every five rows and columns; no regions."""
        return Borders(guide_every=GUIDE_EVERY)

    @cached_property
    def key_rules(self) -> KeyRules:
        """space/f fill, x crosses; left click fills, right click crosses; digits count (in a
        colour puzzle they choose the colour, :mod:`~nonotui.kinds.nonogram.colour_keys`)."""
        if not self.puzzle.is_color:
            return KEY_RULES
        from nonotui.kinds.nonogram.colour_keys import palette_rules

        return palette_rules(self.puzzle, KEY_RULES.marks[1])

    # -- boards --------------------------------------------------------------------------------

    def new_board(self) -> Board:
        """Every cell unknown, or the state saved in the puzzle's file."""
        board = unknown_board(self.puzzle)
        if self.puzzle.saved is not None:
            for r, row in enumerate(self.puzzle.saved):
                board.cells[r] = row
        return board

    def tracker(self, board: Board) -> NonogramTracker:
        """A tracker of every line's state."""
        return NonogramTracker(self.puzzle, board)

    def is_solved(self, board: Board) -> bool:
        """Whether the filled cells satisfy every clue (crossing out is not required)."""
        return ClueTracker(self.puzzle, board).solved

    def describe(self) -> str:
        """Size, metadata, identity, clues (with colour letters) and goal picture."""
        from nonotui.kinds.nonogram.describe import describe

        return describe(self.puzzle)

    def board_rows(self, board: Board) -> list[str]:
        """Rows of ``#`` filled, ``-`` empty, ``?`` unknown (colour: the colours' letters)."""
        if self.puzzle.is_color:
            from nonotui.kinds.nonogram.colour_notation import colour_board_rows
            return colour_board_rows(board, self.puzzle.palette)
        return format_board(board.cells).splitlines()

    def read_board(self, text: str) -> Board:
        """Rows of ``#``, ``-`` (or ``.``), ``?`` (or ``+`` or a space); colour letters too."""
        p = self.puzzle
        if p.is_color:
            from nonotui.kinds.nonogram.colour_notation import parse_colour_board as parse
            return parse(text, p.palette, p.width, p.height)
        return board_from_text(text, p)

    def has_goal(self) -> bool:
        """Whether the file gave the puzzle's picture."""
        return self.puzzle.goal is not None

    def with_goal(self, solution: Board) -> Puzzle:
        """The puzzle with ``solution`` as its goal picture."""
        return self.puzzle.replace(goal=tuple(tuple(row) for row in solution.picture()))

    def units_at(self, cells: Iterable[Cell]) -> set[int]:
        """The rows (``r``) and columns (``height + c``) of ``cells``."""
        h = self.puzzle.height
        out: set[int] = set()
        for r, c in cells:
            out.update((r, h + c))
        return out

    def guides(self, board: Board, units: Iterable[int] | None = None) -> dict[int, UnitGuide]:
        """Per line: which clue numbers the marks have placed and closed, and whether the
        marks fit the clue at all (:func:`nonotui.kinds.nonogram.engine.checks.unit_guide`)."""
        from nonotui.kinds.nonogram.engine.checks import unit_guide

        wanted = range(self.puzzle.height + self.puzzle.width) if units is None else units
        out: dict[int, UnitGuide] = {}
        for unit in wanted:
            guide = unit_guide(self.puzzle, board, unit)
            dimmed = guide.dimmed if guide.dimmed else (False,)  # an empty clue shows "0"
            out[unit] = UnitGuide(tuple(dimmed), guide.error)
        return out

    # -- the engine ----------------------------------------------------------------------------

    def solve(self, *, board: Board | None = None, max_solutions: int = 2,
              timeout: float | None = None, should_stop: Stop | None = None,
              options: Mapping[str, object] | None = None) -> SolveOutcome:
        """The engine's search (:func:`nonotui.kinds.nonogram.engine.search.solve`);
        ``options`` may hold ``linesolvers`` (a stack such as ``"fast,fcomp"``) and
        ``strategy``."""
        from nonotui.kinds.nonogram.engine.search import solve

        opts = dict(options or {})
        result = solve(self.puzzle, board=board, max_solutions=max_solutions, timeout=timeout,
                       should_stop=should_stop,
                       linesolvers=str(opts.get("linesolvers", "fast,fcomp")),
                       strategy=str(opts.get("strategy", "auto")))
        return SolveOutcome(status=result.status, solutions=tuple(result.solutions),
                            seconds=result.seconds, stats=SolveStats(result.stats.as_dict()),
                            settings={"linesolvers": result.stack})

    def check_board(self, board: Board, should_stop: Stop) -> CheckReport:
        """Solved, wrong marks, marks impossible together, no solution, or not finished."""
        from nonotui.kinds.nonogram.checking import check_board

        return check_board(self.puzzle, board, should_stop)

    def reference(self) -> ReferenceSolutions:
        """The clues' own solutions, searched for on the first hint or check and kept."""
        load_engine()
        from nonotui.kinds.nonogram.engine.checks import ReferenceSolutions

        with self._lock:
            if self._reference is None:
                self._reference = ReferenceSolutions(self.puzzle)
            return self._reference

    def hint_context(self) -> HintContext:
        """The hints' context, made once: it shares :meth:`reference` and keeps what the hints
        have proven."""
        from nonotui.kinds.nonogram.engine.hints import HintContext

        reference = self.reference()
        with self._lock:
            if self._context is None:
                self._context = HintContext(self.puzzle, reference)
            return self._context

    def hint(self, board: Board, cursor: Cell, history: History | None,
             should_stop: Stop | None = None, *, tries: bool = False) -> HintLike:
        """The hint ladder (:func:`nonotui.kinds.nonogram.engine.hints.next_hint`) with the
        kept context."""
        from nonotui.kinds.nonogram.engine.hints import HintCancelled, next_hint

        context = self.hint_context()
        try:
            return next_hint(self.puzzle, board, cursor, history, should_stop=should_stop,
                             context=context, tries=tries)
        except HintCancelled as exc:
            raise Cancelled from exc

    def check(self, board: Board, should_stop: Stop) -> frozenset[Cell]:
        """The marks no solution of the clues allows
        (:func:`~nonotui.kinds.nonogram.engine.checks.check_marks`)."""
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

    def auto_solve(self, board: Board, should_stop: Stop) -> Plan:
        """Whether the marks allow a solution, then the steps line by line as the default
        stack takes them, and the rest from the search."""
        load_engine()
        from nonotui.kinds.nonogram.autosolve import plan

        return plan(self.puzzle, board, should_stop)

    def rate(self, should_stop: Stop | None = None) -> Rating:
        """The path of a player following hints, graded
        (:func:`nonotui.kinds.nonogram.rating.rate`)."""
        load_engine()
        from nonotui.kinds.nonogram.rating import rate

        return rate(self.puzzle, should_stop=should_stop)

    def explain(self, should_stop: Stop | None = None) -> tuple[Rating, list[Step]]:
        """The rating's path, a step per line deduction or contradiction, in words."""
        load_engine()
        from nonotui.kinds.nonogram.rating import RatedStep, rate, words

        path: list[RatedStep] = []
        rating = rate(self.puzzle, should_stop=should_stop, path=path)
        steps = []
        for step in path:
            unit = None
            if step.line is not None:
                axis, index = step.line
                unit = index if axis == "row" else self.puzzle.height + index
            steps.append(Step(step.cells, words(step), unit, step.technique))
        return rating, steps


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


def _parts(clue: tuple[int, ...]) -> tuple[str, ...]:
    return tuple(map(str, clue)) if clue else ("0",)


__all__ = ["GUIDE_EVERY", "KEY_RULES", "NonogramGame", "NonogramTracker", "load_engine"]
