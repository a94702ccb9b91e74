"""One Aquarium puzzle bound to its kind (:class:`~nonotui.model.kind.Game`), made once when it
is opened (:meth:`AquariumKind.open <nonotui.kinds.aquarium.kind.AquariumKind.open>`).

Opening is cheap: the solver (numba), the hints and the ratings are imported by the first
method that uses them. A game keeps the solutions and single-mark answers its hints and checks
learn (:class:`~nonotui.kinds.aquarium.hints.HintContext`).
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Mapping, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Literal

from nonotui.errors import NonotuiError
from nonotui.kinds.aquarium.puzzle import (
    AIR,
    UNKNOWN,
    WATER,
    AquariumPuzzle,
    make_puzzle,
    tank_at,
)
from nonotui.kinds.aquarium.tracker import AquariumTracker, is_solved
from nonotui.model.board import Board
from nonotui.model.history import History
from nonotui.model.kind import (
    Borders,
    Cell,
    CellValue,
    CellValueChange,
    CheckReport,
    HintLike,
    KeyRules,
    MarginLabel,
    Margins,
    MarkKey,
    Plan,
    Rating,
    SolveOutcome,
    Step,
    Stop,
    Unit,
    UnitGuide,
)
from nonotui.model.kind_base import GameBase

if TYPE_CHECKING:
    from nonotui.kinds.aquarium.hints import HintContext

WATER_RGB = "#2f7fd8"
"""Water's blue: readable on dark and light themes."""

_AIR = CellValue("air", 0, "empty", ".")
_WATER = CellValue("water", 1, "color", "~", WATER_RGB)
VALUES = (_AIR, _WATER)
"""Air (bit 0) is drawn as the crossed glyph, water (bit 1) as the filled glyph in blue, or as
``~`` where colour cannot show (``NO_COLOR``, ASCII glyphs): never like an undecided cell."""

CHARS = {"~": WATER, ".": AIR, "?": UNKNOWN}
"""The text notation of a board (``solve``'s grids, ``hint --state``, goals)."""
TEXT = {v: k for k, v in CHARS.items()}

KEY_RULES = KeyRules(
    marks=(
        MarkKey(("space",), "water",
                "fill the cell's tank with water up to this row (again: clear the cell)",
                "fill", "water in a cell (clear it when water)", expand=True),
        MarkKey(("x",), "air",
                "air in the cell and in its tank from this row up (again: clear the cell)",
                "air", "air in a cell (clear it when air)", expand=True),
        MarkKey(("f",), "water", "water in this cell only (again: clear it)", "water"),
        MarkKey(("X",), "air", "air in this cell only (again: clear it)", "air cell"),
    ),
    primary="water",
    secondary="air",
    digits="count",
)
"""Space fills a tank up to the cursor's row, x empties it from there up; ``f`` and ``X`` mark
one cell. The mouse marks one cell (left: water, right: air)."""


class AquariumGame(GameBase[AquariumPuzzle]):
    """An Aquarium puzzle, ready to play, solve, hint and check."""

    title = "Aquarium"
    values = VALUES
    key_rules = KEY_RULES

    def __init__(self, puzzle: AquariumPuzzle) -> None:
        self.puzzle = puzzle
        self._context: HintContext | None = None
        self._lock = threading.Lock()

    # -- what it looks like ------------------------------------------------------------------

    @cached_property
    def units(self) -> Sequence[Unit]:
        """Rows, then columns, then tanks (in reading order of their first cell)."""
        p = self.puzzle
        h, w = p.height, p.width
        out = [Unit("row", r, f"Row {r + 1}", [(r, c) for c in range(w)]) for r in range(h)]
        out += [Unit("column", c, f"Column {c + 1}", [(r, c) for r in range(h)])
                for c in range(w)]
        out += [Unit("region", t, tank_name(p, t), list(cells))
                for t, cells in enumerate(p.tank_cells)]
        return out

    @cached_property
    def margins(self) -> Margins:
        """Each row's count on the left, each column's on top (``-`` where none is given)."""
        h = self.puzzle.height
        labels = [MarginLabel("left", r, (count_text(n),), r)
                  for r, n in enumerate(self.puzzle.rows)]
        labels += [MarginLabel("top", c, (count_text(n),), h + c)
                   for c, n in enumerate(self.puzzle.columns)]
        return Margins(tuple(labels))

    @cached_property
    def borders(self) -> Borders:
        """Walls between cells of different tanks."""
        p = self.puzzle
        walls: set[tuple[int, int, Literal["right", "bottom"]]] = set()
        for r, row in enumerate(p.tanks):
            for c, t in enumerate(row):
                if c + 1 < p.width and row[c + 1] != t:
                    walls.add((r, c, "right"))
                if r + 1 < p.height and p.tanks[r + 1][c] != t:
                    walls.add((r, c, "bottom"))
        return Borders(None, frozenset(walls))

    # -- boards --------------------------------------------------------------------------------

    def new_board(self) -> Board:
        """Every cell undecided."""
        return Board.full(self.puzzle.height, self.puzzle.width, UNKNOWN)

    def tracker(self, board: Board) -> AquariumTracker:
        """Rows, columns and tanks: open, done or broken."""
        return AquariumTracker(self.puzzle, board)

    def is_solved(self, board: Board) -> bool:
        """The water cells meet every count and obey gravity (air need not be marked)."""
        return is_solved(self.puzzle, board)

    def describe(self) -> str:
        """Size, metadata, identity, counts, tanks (letters) and goal."""
        p = self.puzzle
        out = ["kind: Aquarium", f"size: {p.width}x{p.height} (width x height)"]
        for label, value in (("title", p.title), ("by", p.author),
                             ("copyright", p.copyright), ("license", p.license)):
            if value:
                out.append(f"{label}: {value}")
        out.append(f"id: {p.identity}")
        out.append(f"tanks: {p.tank_count}")
        out.append("columns: " + " ".join(count_text(n) for n in p.columns))
        out.append("rows: " + " ".join(count_text(n) for n in p.rows))
        out.append("tanks:")
        out.extend("  " + "".join(tank_letter(t) for t in row) for row in p.tanks)
        if p.goal is not None:
            out.append("goal:")
            out.extend("  " + "".join("~" if v else "." for v in row) for row in p.goal)
        return "\n".join(out)

    def board_rows(self, board: Board) -> list[str]:
        """Rows of ``~`` water, ``.`` air, ``?`` undecided."""
        return ["".join(TEXT.get(int(v), "?") for v in row) for row in board.cells.tolist()]

    def read_board(self, text: str) -> Board:
        """Rows of ``~``, ``.`` and ``?``, one per line.

        Raises:
            NonotuiError: a row of the wrong length or a character other than those three.
        """
        p = self.puzzle
        rows = [line.strip() for line in text.strip("\n").split("\n")]
        if len(rows) != p.height:
            raise NonotuiError(f"the board has {len(rows)} rows but the puzzle has {p.height}")
        board = self.new_board()
        for r, row in enumerate(rows):
            if len(row) != p.width:
                raise NonotuiError(f"line {r + 1}: {len(row)} cells, the puzzle is "
                                   f"{p.width} wide")
            for c, ch in enumerate(row):
                if ch not in CHARS:
                    raise NonotuiError(f"line {r + 1}, column {c + 1}: {ch!r} is not one of "
                                       "~ (water), . (air), ? (undecided)")
                board.cells[r, c] = CHARS[ch]
        return board

    def has_goal(self) -> bool:
        """Whether the file gave the solution."""
        return self.puzzle.goal is not None

    def with_goal(self, solution: Board) -> AquariumPuzzle:
        """The puzzle with ``solution`` as its goal."""
        p = self.puzzle
        water = [[int(v) == WATER for v in row] for row in solution.cells.tolist()]
        return make_puzzle(p.rows, p.columns, p.tanks, title=p.title, author=p.author,
                           copyright=p.copyright, license=p.license, goal=water)

    def units_at(self, cells: Iterable[Cell]) -> set[int]:
        """The rows, columns and tanks of ``cells``."""
        p = self.puzzle
        h, w = p.height, p.width
        out: set[int] = set()
        for r, c in cells:
            out.update((r, h + c, h + w + p.tanks[r][c]))
        return out

    def guides(self, board: Board, units: Iterable[int] | None = None) -> dict[int, UnitGuide]:
        """A count is dimmed once its water is all marked, flagged when the marks cannot meet
        it; a tank's guide is flagged when its water stands above air."""
        tracker = AquariumTracker(self.puzzle, board)
        wanted = range(self.puzzle.height + self.puzzle.width) if units is None else units
        return {unit: tracker.guide(unit) for unit in wanted}

    def expand_mark(self, board: Board, cell: Cell, value: int) -> list[CellValueChange]:
        """Water at ``cell`` floods its tank from that row down; air at ``cell`` empties its
        tank from that row up (gravity: one level per tank). Anything else marks the cell."""
        row, column = cell
        cells = self.puzzle.tank_cells[self.puzzle.tanks[row][column]]
        if value == WATER:
            return [(r, c, WATER) for r, c in cells if r >= row]
        if value == AIR:
            return [(r, c, AIR) for r, c in cells if r <= row]
        return [(row, column, value)]

    # -- the engine ----------------------------------------------------------------------------

    def solve(self, *, board: Board | None = None, max_solutions: int = 2,
              timeout: float | None = None, should_stop: Stop | None = None,
              options: Mapping[str, object] | None = None) -> SolveOutcome:
        """Tank levels as the variables: propagation, probing, search
        (:func:`nonotui.kinds.aquarium.engine.solver.solve`)."""
        from nonotui.kinds.aquarium.engine.solver import solve

        return solve(self.puzzle, board=board, max_solutions=max_solutions, timeout=timeout,
                     should_stop=should_stop)

    def context(self) -> HintContext:
        """What hints and checks learn about the puzzle, made on the first one and kept."""
        from nonotui.kinds.aquarium.hints import HintContext

        with self._lock:
            if self._context is None:
                self._context = HintContext(self.puzzle)
            return self._context

    def hint(self, board: Board, cursor: Cell, history: History | None,
             should_stop: Stop | None = None, *, tries: bool = False) -> HintLike:
        """The hint ladder (:func:`nonotui.kinds.aquarium.hints.next_hint`) with the kept
        context (no ``try`` stage: a stuck board reveals a cell)."""
        from nonotui.kinds.aquarium.hints import next_hint

        return next_hint(self.puzzle, board, cursor, history, should_stop=should_stop,
                         context=self.context())

    def check(self, board: Board, should_stop: Stop) -> frozenset[Cell]:
        """The cells whose marks no solution allows (none when the counts have no solution)."""
        from nonotui.kinds.aquarium.hints import wrong_marks

        context = self.context()
        with context.lock:
            wrong = wrong_marks(self.puzzle, board, should_stop, context)
        return frozenset((r, c) for r, c, _ in wrong or ())

    def check_board(self, board: Board, should_stop: Stop) -> CheckReport:
        """Solved, wrong marks, no solution, or not finished
        (:func:`nonotui.kinds.aquarium.assist.check_board`) with the kept context."""
        from nonotui.kinds.aquarium.assist import check_board

        context = self.context()
        with context.lock:
            return check_board(self.puzzle, board, should_stop, context)

    def hint_unit(self, hint: HintLike) -> int | None:
        """The unit a hint reasons in: its row, column or tank (rows, then columns, then
        tanks, as :attr:`units` numbers them); ``None`` for a hint of another kind."""
        from nonotui.kinds.aquarium.hints import AquariumHint
        from nonotui.kinds.aquarium.rating import unit_number
        from nonotui.kinds.aquarium.rules import layout_of

        if not isinstance(hint, AquariumHint):
            return None
        return unit_number(layout_of(self.puzzle), hint)

    def auto_solve(self, board: Board, should_stop: Stop) -> Plan:
        """The steps to a solution in words (:func:`nonotui.kinds.aquarium.rating.auto_solve`)."""
        from nonotui.kinds.aquarium.rating import auto_solve

        return auto_solve(self.puzzle, board, should_stop)

    def rate(self, should_stop: Stop | None = None) -> Rating:
        """The techniques a player following hints needs."""
        from nonotui.kinds.aquarium.rating import rate

        return rate(self.puzzle, should_stop)

    def explain(self, should_stop: Stop | None = None) -> tuple[Rating, Sequence[Step]]:
        """The rating with its path, step by step in words."""
        from nonotui.kinds.aquarium.rating import explain

        return explain(self.puzzle, should_stop)


def tank_letter(tank: int) -> str:
    """A tank's letter in ``show``: A-Z, a-z, then digits and punctuation, cycling."""
    letters = ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
               "#$%&*+-/:;<=>@^_")
    return letters[tank % len(letters)]


def tank_name(puzzle: AquariumPuzzle, tank: int) -> str:
    """A tank named for people by its top-left cell (``Tank at row 2, column 3``), as every
    hint names it (:func:`~nonotui.kinds.aquarium.rules.tank_at`)."""
    r, c = puzzle.tank_cells[tank][0]
    return "T" + tank_at(r, c).removeprefix("the t")


def count_text(n: int | None) -> str:
    """A row's or column's count as the margins and ``show`` print it (``-``: not given)."""
    return "-" if n is None else str(n)


__all__ = ["CHARS", "KEY_RULES", "TEXT", "VALUES", "WATER_RGB", "AquariumGame", "count_text",
           "tank_letter", "tank_name"]
