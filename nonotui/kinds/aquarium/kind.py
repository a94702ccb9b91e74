"""Aquarium as a :class:`~nonotui.model.kind.Kind`: the second built-in kind, found by the registry
as ``nonotui.kinds.aquarium.kind:KIND``.

Importing this module is cheap: the formats, the solver (numba), the hints and the generator are
imported by the methods that use them. A member whose part is not in this build says so in one
line (:class:`~nonotui.errors.NonotuiError`) rather than answer falsely.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import date
from importlib import import_module
from typing import Any

from nonotui.errors import NonotuiError
from nonotui.kinds.aquarium.puzzle import (
    AIR,
    KIND_NAME,
    UNKNOWN,
    WATER,
    AquariumPuzzle,
)
from nonotui.kinds.aquarium.tracker import AquariumTracker, is_solved
from nonotui.model import files
from nonotui.model.board import Board
from nonotui.model.history import History
from nonotui.model.kind import (
    Borders,
    Cell,
    CellValue,
    CellValueChange,
    CheckReport,
    Command,
    Helper,
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
    Use,
    WarmUp,
)

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

_MISSING = {
    "formats": ("nonotui.kinds.aquarium.aq_format", "reading and writing Aquarium files"),
    "puzzlink": ("nonotui.kinds.aquarium.puzzlink", "reading puzz.link Aquarium URLs"),
    "solve": ("nonotui.kinds.aquarium.engine.solve", "the Aquarium solver"),
    "hints": ("nonotui.kinds.aquarium.hints", "Aquarium hints, checks and ratings"),
    "generate": ("nonotui.kinds.aquarium.generate", "the Aquarium generator"),
}


def _available(part: str) -> bool:
    module, _ = _MISSING[part]
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


def _load(part: str) -> Any:
    """The module of a part of Aquarium, imported now (the parts come from other work and load
    numba: never at import).

    Raises:
        NonotuiError: that part is not in this build.
    """
    if not _available(part):
        raise NonotuiError(f"{_MISSING[part][1]} is not part of this nonotui build yet")
    return import_module(_MISSING[part][0])


def _read_url(text: str, path: str) -> list[AquariumPuzzle]:
    found: AquariumPuzzle | None = _load("puzzlink").read_url(text.strip())
    if found is None:
        from nonotui.errors import PuzzleFormatError

        raise PuzzleFormatError(path, 1, "not a puzz.link Aquarium URL")
    return [found]


def _write_url(puzzles: Sequence[AquariumPuzzle]) -> str:
    if len(puzzles) != 1:
        from nonotui.errors import UnsupportedPuzzleError

        raise UnsupportedPuzzleError(f"a puzz.link URL holds one puzzle, not {len(puzzles)}")
    url: str = _load("puzzlink").write_url(puzzles[0])
    return url + "\n"


PUZZLINK = PuzzleFormat(
    name="puzzlink", extensions=(), writable=True, multi=False,
    sniff=lambda text: bool(_load("puzzlink").looks_like_url(text.strip())),
    read=_read_url, write=_write_url)
"""A puzz.link Aquarium URL as a format: ``convert --to puzzlink`` prints one, and a file holding
one URL is read (on the command line the URL itself is taken in place of a file)."""


class AquariumKind:
    """Aquarium: tanks, row and column counts of water cells, gravity."""

    name = KIND_NAME
    title = "Aquarium"

    # -- the puzzle ----------------------------------------------------------------------------

    def identity_document(self, puzzle: AquariumPuzzle) -> dict[str, object]:
        """``{"kind": "aquarium", "rows", "columns", "tanks"}`` (tanks in reading order)."""
        return puzzle.identity_document()

    def values(self, puzzle: AquariumPuzzle) -> tuple[CellValue, ...]:
        """Air and water."""
        return VALUES

    def new_board(self, puzzle: AquariumPuzzle) -> Board:
        """Every cell undecided."""
        return Board.full(puzzle.height, puzzle.width, UNKNOWN)

    def units(self, puzzle: AquariumPuzzle) -> Sequence[Unit]:
        """Rows, then columns, then tanks (in reading order of their first cell)."""
        h, w = puzzle.height, puzzle.width
        out = [Unit("row", r, f"Row {r + 1}", [(r, c) for c in range(w)]) for r in range(h)]
        out += [Unit("column", c, f"Column {c + 1}", [(r, c) for r in range(h)])
                for c in range(w)]
        out += [Unit("region", t, tank_name(puzzle, t), list(cells))
                for t, cells in enumerate(puzzle.tank_cells)]
        return out

    def tracker(self, puzzle: AquariumPuzzle, board: Board) -> AquariumTracker:
        """Rows, columns and tanks: open, done or broken."""
        return AquariumTracker(puzzle, board)

    def is_solved(self, puzzle: AquariumPuzzle, board: Board) -> bool:
        """The water cells meet every count and obey gravity (air need not be marked)."""
        return is_solved(puzzle, board)

    def describe(self, puzzle: AquariumPuzzle) -> str:
        """Size, metadata, identity, counts, tanks (letters) and goal."""
        out = ["kind: Aquarium", f"size: {puzzle.width}x{puzzle.height} (width x height)"]
        for label, value in (("title", puzzle.title), ("by", puzzle.author),
                             ("copyright", puzzle.copyright), ("license", puzzle.license)):
            if value:
                out.append(f"{label}: {value}")
        out.append(f"id: {puzzle.identity}")
        out.append(f"tanks: {puzzle.tank_count}")
        out.append("columns: " + " ".join(_count(n) for n in puzzle.columns))
        out.append("rows: " + " ".join(_count(n) for n in puzzle.rows))
        out.append("tanks:")
        out.extend("  " + "".join(tank_letter(t) for t in row) for row in puzzle.tanks)
        if puzzle.goal is not None:
            out.append("goal:")
            out.extend("  " + "".join("~" if v else "." for v in row) for row in puzzle.goal)
        return "\n".join(out)

    def board_rows(self, puzzle: AquariumPuzzle, board: Board) -> list[str]:
        """Rows of ``~`` water, ``.`` air, ``?`` undecided."""
        return ["".join(TEXT.get(int(v), "?") for v in row) for row in board.cells.tolist()]

    def read_board(self, puzzle: AquariumPuzzle, text: str) -> Board:
        """Rows of ``~``, ``.`` and ``?``, one per line.

        Raises:
            NonotuiError: a row of the wrong length or a character other than those three.
        """
        rows = [line.strip() for line in text.strip("\n").split("\n")]
        if len(rows) != puzzle.height:
            raise NonotuiError(f"the board has {len(rows)} rows but the puzzle has "
                               f"{puzzle.height}")
        board = self.new_board(puzzle)
        for r, row in enumerate(rows):
            if len(row) != puzzle.width:
                raise NonotuiError(f"line {r + 1}: {len(row)} cells, the puzzle is "
                                   f"{puzzle.width} wide")
            for c, ch in enumerate(row):
                if ch not in CHARS:
                    raise NonotuiError(f"line {r + 1}, column {c + 1}: {ch!r} is not one of "
                                       "~ (water), . (air), ? (undecided)")
                board.cells[r, c] = CHARS[ch]
        return board

    def unsupported(self, puzzle: AquariumPuzzle, use: Use) -> str | None:
        """Every Aquarium puzzle is played and solved (a member whose part is missing from the
        build says so itself)."""
        return None

    def has_goal(self, puzzle: AquariumPuzzle) -> bool:
        """Whether the file gave the solution."""
        return puzzle.goal is not None

    def with_goal(self, puzzle: AquariumPuzzle, solution: Board) -> AquariumPuzzle:
        """The puzzle with ``solution`` as its goal."""
        from nonotui.kinds.aquarium.puzzle import make_puzzle

        water = [[int(v) == WATER for v in row] for row in solution.cells.tolist()]
        return make_puzzle(puzzle.rows, puzzle.columns, puzzle.tanks, title=puzzle.title,
                           author=puzzle.author, copyright=puzzle.copyright,
                           license=puzzle.license, goal=water)

    # -- files ---------------------------------------------------------------------------------

    def formats(self) -> Sequence[PuzzleFormat]:
        """``aq`` (and, for ``convert --to``, puzz.link URLs)."""
        if not _available("formats"):
            return []
        aq_format = _load("formats")
        formats: list[PuzzleFormat] = [aq_format.FORMAT]
        if _available("puzzlink"):
            formats.append(PUZZLINK)
        return formats

    def read_spec(self, spec: str) -> list[AquariumPuzzle] | None:
        """A puzz.link Aquarium URL (``https://puzz.link/p?aquarium/r/6/6/...``), or a generator
        id (``aq1:10x10:g2:42``) that is not also a file's name."""
        if spec.startswith("aq") and _available("generate"):
            generate = _load("generate")
            if generate.looks_like_id(spec) and not files.exists(spec):
                made: list[AquariumPuzzle] = generate.read_id(spec)
                return made
        if "aquarium" not in spec or not _available("puzzlink"):
            return None
        puzzlink = _load("puzzlink")

        found: AquariumPuzzle | list[AquariumPuzzle] | None = puzzlink.read_url(spec)
        if found is None or isinstance(found, list):
            return found
        return [found]

    # -- the engine ----------------------------------------------------------------------------

    def solve(self, puzzle: AquariumPuzzle, *, board: Board | None = None,
              max_solutions: int = 2, timeout: float | None = None,
              should_stop: Stop | None = None,
              options: Mapping[str, object] | None = None) -> SolveOutcome:
        """Tank levels as the variables: propagation, probing, search
        (:func:`nonotui.kinds.aquarium.engine.solve.solve`)."""
        solve = _load("solve").solve

        outcome: SolveOutcome = solve(puzzle, board=board, max_solutions=max_solutions,
                                      timeout=timeout, should_stop=should_stop)
        return outcome

    def hint(self, puzzle: AquariumPuzzle, board: Board, cursor: Cell,
             history: History | None, should_stop: Stop | None = None) -> HintLike:
        """The hint ladder (:mod:`nonotui.kinds.aquarium.hints`)."""
        hints = _load("hints")

        result: HintLike = hints.next_hint(puzzle, board, cursor, history,
                                           should_stop=should_stop)
        return result

    def checker(self, puzzle: AquariumPuzzle) -> Callable[[Board, Stop], frozenset[Cell]]:
        """The marks no solution allows."""
        return self.helper(puzzle).check

    def helper(self, puzzle: AquariumPuzzle) -> Helper:
        """Hints and checks sharing what they learn."""
        hints = _load("hints")

        result: Helper = hints.Helper(puzzle)
        return result

    def auto_solve(self, puzzle: AquariumPuzzle, board: Board, should_stop: Stop) -> Plan:
        """The steps to a solution in words."""
        hints = _load("hints")

        result: Plan = hints.auto_solve(puzzle, board, should_stop)
        return result

    def check_board(self, puzzle: AquariumPuzzle, board: Board,
                    should_stop: Stop) -> CheckReport:
        """Solved, wrong marks, no solution, or not finished."""
        hints = _load("hints")

        result: CheckReport = hints.check_board(puzzle, board, should_stop)
        return result

    def rate(self, puzzle: AquariumPuzzle, should_stop: Stop | None = None) -> Rating:
        """The techniques a player following hints needs."""
        hints = _load("hints")

        result: Rating = hints.rate(puzzle, should_stop)
        return result

    def explain(self, puzzle: AquariumPuzzle, should_stop: Stop | None = None
                ) -> tuple[Rating, Sequence[Step]]:
        """The rating with its path, step by step in words."""
        hints = _load("hints")

        result: tuple[Rating, Sequence[Step]] = hints.explain(puzzle, should_stop)
        return result

    def warm_up(self, should_stop: Stop, what: WarmUp = "all",
                options: Mapping[str, object] | None = None, first: Any | None = None) -> None:
        """Compile (or load from numba's cache) the solver's kernels; nothing when the solver
        is not part of the build (the player still plays)."""
        if not _available("solve"):
            return
        _load("solve").warm_up(should_stop)

    # -- drawing and playing -------------------------------------------------------------------

    def margins(self, puzzle: AquariumPuzzle) -> Margins:
        """Each row's count on the left, each column's on top (``-`` where none is given)."""
        h = puzzle.height
        labels = [MarginLabel("left", r, (_count(n),), r) for r, n in enumerate(puzzle.rows)]
        labels += [MarginLabel("top", c, (_count(n),), h + c)
                   for c, n in enumerate(puzzle.columns)]
        return Margins(tuple(labels))

    def guides(self, puzzle: AquariumPuzzle, board: Board,
               units: Iterable[int] | None = None) -> dict[int, UnitGuide]:
        """A count is dimmed once its water is all marked, flagged when the marks cannot meet
        it; a tank's guide is flagged when its water stands above air."""
        tracker = AquariumTracker(puzzle, board)
        wanted = range(puzzle.height + puzzle.width) if units is None else units
        return {unit: tracker.guide(unit) for unit in wanted}

    def borders(self, puzzle: AquariumPuzzle) -> Borders:
        """Walls between cells of different tanks."""
        walls: set[tuple[int, int, Any]] = set()
        tanks = puzzle.tanks
        for r, row in enumerate(tanks):
            for c, t in enumerate(row):
                if c + 1 < puzzle.width and row[c + 1] != t:
                    walls.add((r, c, "right"))
                if r + 1 < puzzle.height and tanks[r + 1][c] != t:
                    walls.add((r, c, "bottom"))
        return Borders(None, frozenset(walls))

    def units_at(self, puzzle: AquariumPuzzle, cells: Iterable[Cell]) -> set[int]:
        """The rows, columns and tanks of ``cells``."""
        h, w = puzzle.height, puzzle.width
        out: set[int] = set()
        for r, c in cells:
            out.update((r, h + c, h + w + puzzle.tanks[r][c]))
        return out

    def key_rules(self, puzzle: AquariumPuzzle) -> KeyRules:
        """Space fills a tank, x empties it, ``f`` and ``X`` mark one cell."""
        return KEY_RULES

    def expand_mark(self, puzzle: AquariumPuzzle, board: Board, cell: Cell,
                    value: int) -> list[CellValueChange]:
        """Water at ``cell`` floods its tank from that row down; air at ``cell`` empties its
        tank from that row up (gravity: one level per tank). Anything else marks the cell."""
        row, column = cell
        tank = puzzle.tanks[row][column]
        cells = puzzle.tank_cells[tank]
        if value == WATER:
            return [(r, c, WATER) for r, c in cells if r >= row]
        if value == AIR:
            return [(r, c, AIR) for r, c in cells if r <= row]
        return [(row, column, value)]

    # -- new puzzles -----------------------------------------------------------------------------

    def new_puzzle(self, request: PuzzleRequest, should_stop: Stop | None = None) -> MadePuzzle:
        """The Aquarium generator's puzzle (:mod:`nonotui.kinds.aquarium.generate`)."""
        generate = _load("generate")

        made: MadePuzzle = generate.new_puzzle(request, should_stop)
        return made

    def daily_request(self, day: date) -> PuzzleRequest | None:
        """The daily Aquarium, once the generator is part of the build."""
        if not _available("generate"):
            return None
        generate = _load("generate")

        request: PuzzleRequest | None = generate.daily_request(day)
        return request

    def lessons(self) -> Sequence[Lesson]:
        """The Aquarium techniques' lessons, once the hints are part of the build."""
        if not _available("hints"):
            return ()
        hints = _load("hints")

        found: Sequence[Lesson] = hints.lessons()
        return found

    # -- the command line ----------------------------------------------------------------------

    def subcommands(self) -> Sequence[Subcommand]:
        """None of its own (``generate --kind aquarium`` is the shared command's)."""
        return []

    def add_options(self, command: Command, parser: Any) -> None:
        """No options of its own."""

    def solve_options(self, args: Any) -> dict[str, object]:
        """No options of its own."""
        return {}


def tank_letter(tank: int) -> str:
    """A tank's letter in ``show``: A-Z, a-z, then digits and punctuation, cycling."""
    letters = ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
               "#$%&*+-/:;<=>@^_")
    return letters[tank % len(letters)]


def tank_name(puzzle: AquariumPuzzle, tank: int) -> str:
    """A tank named for people by its top-left cell (``Tank at row 2, column 3``)."""
    r, c = puzzle.tank_cells[tank][0]
    return f"Tank at row {r + 1}, column {c + 1}"


def _count(n: int | None) -> str:
    return "-" if n is None else str(n)


KIND: Kind = AquariumKind()
"""The Aquarium kind, as the registry finds it."""

__all__ = ["KEY_RULES", "KIND", "VALUES", "WATER_RGB", "AquariumKind", "tank_letter",
           "tank_name"]
