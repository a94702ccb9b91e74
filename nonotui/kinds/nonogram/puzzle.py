"""The puzzle: clues, optional colours and goal picture, and metadata, validated on creation."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, TypedDict, Unpack

from nonotui.errors import PuzzleError
from nonotui.kinds.nonogram.notation import format_clue
from nonotui.model.board import Board
from nonotui.model.cells import MAX_COLORS, unknown_for

MAX_SIZE = 1000
"""The largest width or height accepted: bigger files are treated as broken, not as puzzles."""

Clue = tuple[int, ...]


@dataclass(frozen=True)
class Color:
    """A colour of a colour puzzle.

    Attributes:
        name: The colour's name (``black``, ``red``, ...).
        rgb: ``#rrggbb``.
        char: One character that stands for it in goal pictures and ``.non`` colour suffixes.
    """

    name: str
    rgb: str
    char: str


WHITE = Color("white", "#ffffff", ".")
BLACK = Color("black", "#000000", "#")


Axis = Literal["row", "column"]
"""Which way a nonogram's line runs; its clue is ``puzzle.rows[i]`` or ``puzzle.columns[i]``."""


class LineError(PuzzleError):
    """A puzzle error that concerns one row or column, so a parser can name the file's line.

    Attributes:
        axis: ``"row"`` or ``"column"``.
        index: The 0-based index of the line.
    """

    def __init__(self, message: str, axis: Axis, index: int) -> None:
        super().__init__(message)
        self.axis = axis
        self.index = index


def _tuplify(clues: Iterable[Iterable[int]]) -> tuple[Clue, ...]:
    out = []
    for clue in clues:
        t = tuple(int(n) for n in clue)
        out.append(() if t == (0,) else t)
    return tuple(out)


def clue_of(values: Sequence[int]) -> tuple[Clue, Clue]:
    """The clue of a line of colour indices (0 background): block lengths and block colours."""
    blocks: list[int] = []
    colors: list[int] = []
    run_color, run = 0, 0
    for v in list(values) + [0]:
        v = int(v)
        if v == run_color and v != 0:
            run += 1
            continue
        if run_color != 0:
            blocks.append(run)
            colors.append(run_color)
        run_color, run = v, (1 if v != 0 else 0)
    return tuple(blocks), tuple(colors)


def clue_words(clue: Sequence[int], shown: int = 12) -> str:
    """``clue 3 1 2`` for a message; a long clue is cut: ``clue 1 1 1 ... (a clue of 5,000,000
    numbers)``, so that no message grows with the file."""
    if len(clue) <= shown:
        return "clue " + format_clue(clue)
    return f"clue {format_clue(clue[: shown - 4])} ... (a clue of {len(clue):,} numbers)"


def min_length(blocks: Clue, colors: Clue | None = None) -> int:
    """The fewest cells a clue fits in: its blocks plus one gap between same-coloured neighbours."""
    if not blocks:
        return 0
    if colors is None:
        return sum(blocks) + len(blocks) - 1
    gaps = sum(1 for a, b in zip(colors, colors[1:]) if a == b)
    return sum(blocks) + gaps


class Metadata(TypedDict, total=False):
    """The text fields of a :class:`Puzzle` (what :meth:`Puzzle.from_picture` takes by name)."""

    title: str | None
    author: str | None
    copyright: str | None
    license: str | None
    catalogue: str | None
    description: str | None


@dataclass(frozen=True)
class Puzzle:
    """A nonogram, valid by construction.

    Attributes:
        rows: Block lengths of each row, top to bottom; ``()`` is an empty row.
        columns: Block lengths of each column, left to right.
        title: The puzzle's title.
        author: Who made it.
        copyright: Its copyright line.
        license: Its licence, preferably an SPDX identifier.
        catalogue: Where it comes from (a catalogue number or collection).
        description: Free text about the puzzle.
        colors: Empty for black and white; otherwise index 0 is the background and 1.. the block
            colours that ``row_colors`` and ``column_colors`` refer to.
        row_colors: The colour index of each row block, or ``None`` when every block is colour 1.
        column_colors: The same for the columns.
        goal: The intended picture as colour indices per cell (0 background), if known.
        saved: A partly solved state stored with the puzzle (webpbn ``saved`` solutions,
            ``.non`` ``saved`` lines), as cell bitsets per cell; ``None`` when there is none.
    """

    rows: tuple[Clue, ...]
    columns: tuple[Clue, ...]
    title: str | None = None
    author: str | None = None
    copyright: str | None = None
    license: str | None = None
    catalogue: str | None = None
    description: str | None = None
    colors: tuple[Color, ...] = ()
    row_colors: tuple[Clue, ...] | None = None
    column_colors: tuple[Clue, ...] | None = None
    goal: tuple[tuple[int, ...], ...] | None = None
    saved: tuple[tuple[int, ...], ...] | None = None

    kind_name: ClassVar[str] = "nonogram"
    """The name of the puzzle's kind in the registry (:mod:`nonotui.kinds`)."""

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(self, "rows", _tuplify(self.rows))
        set_(self, "columns", _tuplify(self.columns))
        set_(self, "colors", tuple(self.colors))
        for name in ("row_colors", "column_colors"):
            value = getattr(self, name)
            if value is not None:
                set_(self, name, tuple(tuple(int(c) for c in clue) for clue in value))
        for name in ("goal", "saved"):
            value = getattr(self, name)
            if value is not None:
                set_(self, name, tuple(tuple(int(v) for v in row) for row in value))
        self._validate()

    # -- derived properties -------------------------------------------------------------------

    @property
    def width(self) -> int:
        """The number of columns."""
        return len(self.columns)

    @property
    def height(self) -> int:
        """The number of rows."""
        return len(self.rows)

    @property
    def n_colors(self) -> int:
        """How many block colours the puzzle has (1 for black and white)."""
        return max(1, len(self.colors) - 1)

    @property
    def is_color(self) -> bool:
        """Whether blocks come in more than one colour."""
        return self.n_colors > 1

    @property
    def palette(self) -> tuple[Color, ...]:
        """The colours, background first, with white and black for a black-and-white puzzle."""
        return self.colors if self.colors else (WHITE, BLACK)

    def row_clue_colors(self, index: int) -> Clue:
        """The colour index of each block of row ``index``."""
        if self.row_colors is None:
            return (1,) * len(self.rows[index])
        return self.row_colors[index]

    def column_clue_colors(self, index: int) -> Clue:
        """The colour index of each block of column ``index``."""
        if self.column_colors is None:
            return (1,) * len(self.columns[index])
        return self.column_colors[index]

    def identity_document(self) -> dict[str, object]:
        """The canonical clue document the identity is the hash of.

        For black and white puzzles it is exactly ``{"rows":[[...],...],"columns":[...]}``.
        Colour puzzles add ``"row_colors"`` and ``"column_colors"`` with the colour name of
        every block, so that two colourings of the same numbers differ.
        """
        doc: dict[str, object] = {
            "rows": [list(c) for c in self.rows],
            "columns": [list(c) for c in self.columns],
        }
        if self.is_color:
            names = [c.name for c in self.palette]
            doc["row_colors"] = [
                [names[k] for k in self.row_clue_colors(i)] for i in range(self.height)
            ]
            doc["column_colors"] = [
                [names[k] for k in self.column_clue_colors(i)] for i in range(self.width)
            ]
        return doc

    @property
    def identity(self) -> str:
        """The puzzle's identity: SHA-256 (hex) of its canonical clue JSON
        (:meth:`identity_document` with no spaces)."""
        canonical = json.dumps(self.identity_document(), separators=(",", ":"), ensure_ascii=False)
        return hashlib.sha256(canonical.encode("utf-8")).hexdigest()

    # -- construction helpers -----------------------------------------------------------------

    @classmethod
    def from_picture(
        cls,
        picture: Sequence[Sequence[int]],
        *,
        colors: tuple[Color, ...] = (),
        keep_goal: bool = True,
        **metadata: Unpack[Metadata],
    ) -> Puzzle:
        """The puzzle whose unique intended picture is ``picture`` (colour indices, 0 background).

        Raises:
            PuzzleError: the picture is empty or ragged.
        """
        rows = [tuple(int(v) for v in row) for row in picture]
        if not rows or not rows[0]:
            raise PuzzleError("the picture is empty")
        width = len(rows[0])
        for r, row in enumerate(rows):
            if len(row) != width:
                raise LineError(f"row {r + 1} has {len(row)} cells, row 1 has {width}", "row", r)
        row_clues = [clue_of(row) for row in rows]
        col_clues = [clue_of([row[c] for row in rows]) for c in range(width)]
        is_color = len(colors) > 2
        return cls(
            rows=tuple(b for b, _ in row_clues),
            columns=tuple(b for b, _ in col_clues),
            colors=colors,
            row_colors=tuple(k for _, k in row_clues) if is_color else None,
            column_colors=tuple(k for _, k in col_clues) if is_color else None,
            goal=tuple(rows) if keep_goal else None,
            **metadata,
        )

    def replace(self, **changes: Any) -> Puzzle:
        """A copy with some fields changed (validated again)."""
        from dataclasses import replace

        return replace(self, **changes)

    # -- validation ---------------------------------------------------------------------------

    def _validate(self) -> None:
        if not 1 <= self.height <= MAX_SIZE or not 1 <= self.width <= MAX_SIZE:
            raise PuzzleError(
                f"a puzzle of {self.width}x{self.height} cells is outside the supported "
                f"1x1 to {MAX_SIZE}x{MAX_SIZE}"
            )
        if self.colors and len(self.colors) < 2:
            raise PuzzleError("a puzzle with colours needs a background and at least one colour")
        if len(self.colors) - 1 > MAX_COLORS:
            raise PuzzleError(f"{len(self.colors) - 1} colours; at most {MAX_COLORS} are supported")
        lines: tuple[tuple[Axis, tuple[Clue, ...], tuple[Clue, ...] | None, int], ...] = (
            ("row", self.rows, self.row_colors, self.width),
            ("column", self.columns, self.column_colors, self.height),
        )
        for axis, clues, colors, length in lines:
            if colors is not None and len(colors) != len(clues):
                raise PuzzleError(f"{len(colors)} {axis} colour lists for {len(clues)} {axis}s")
            for i, clue in enumerate(clues):
                self._validate_clue(axis, i, clue, None if colors is None else colors[i], length)
        self._validate_totals()
        if self.goal is not None:
            self._validate_goal()
        if self.saved is not None:
            self._validate_saved()

    def _validate_clue(
        self, axis: Axis, i: int, clue: Clue, colors: Clue | None, length: int
    ) -> None:
        label = f"{axis} {i + 1}"
        for n in clue:
            if n < 1:
                raise LineError(f"{label}: block length {n} is not a positive number", axis, i)
        if colors is not None:
            if len(colors) != len(clue):
                raise LineError(
                    f"{label}: {len(clue)} blocks but {len(colors)} block colours", axis, i
                )
            for k in colors:
                if not 1 <= k <= self.n_colors:
                    raise LineError(f"{label}: colour {k} is not one of the puzzle's", axis, i)
        need = min_length(clue, colors)
        if need > length:
            raise LineError(
                f"{label} ({clue_words(clue)}) needs at least {need} cells but the line has "
                f"{length}",
                axis,
                i,
            )

    def _validate_totals(self) -> None:
        for k in range(1, self.n_colors + 1):
            by_rows = sum(
                n
                for i, clue in enumerate(self.rows)
                for n, c in zip(clue, self.row_clue_colors(i))
                if c == k
            )
            by_cols = sum(
                n
                for i, clue in enumerate(self.columns)
                for n, c in zip(clue, self.column_clue_colors(i))
                if c == k
            )
            if by_rows != by_cols:
                what = "filled cells" if not self.is_color else f"cells of {self.palette[k].name}"
                raise PuzzleError(
                    f"the row clues add up to {by_rows} {what} but the column clues to {by_cols}"
                )

    def _validate_goal(self) -> None:
        goal = self.goal
        assert goal is not None
        if len(goal) != self.height or any(len(row) != self.width for row in goal):
            raise PuzzleError(
                f"the goal picture is not {self.width}x{self.height} like the clues"
            )
        for r, row in enumerate(goal):
            for v in row:
                if not 0 <= v <= self.n_colors:
                    raise LineError(f"goal row {r + 1}: colour {v} is not one of the puzzle's", "row", r)
            blocks, colors = clue_of(row)
            if blocks != self.rows[r] or colors != self.row_clue_colors(r):
                raise LineError(f"the goal picture contradicts the clue of row {r + 1}", "row", r)
        for c in range(self.width):
            blocks, colors = clue_of([row[c] for row in goal])
            if blocks != self.columns[c] or colors != self.column_clue_colors(c):
                raise LineError(
                    f"the goal picture contradicts the clue of column {c + 1}", "column", c
                )

    def _validate_saved(self) -> None:
        saved = self.saved
        assert saved is not None
        if len(saved) != self.height or any(len(row) != self.width for row in saved):
            raise PuzzleError(f"the saved state is not {self.width}x{self.height} like the clues")
        full = unknown_for(self.n_colors)
        for r, row in enumerate(saved):
            for v in row:
                if not 0 < v <= full:
                    raise LineError(f"saved state, row {r + 1}: cell value {v} is invalid", "row", r)


def unknown_board(puzzle: Puzzle) -> Board:
    """A board of ``puzzle``'s size with every cell unknown (every value the puzzle has)."""
    return Board.full(puzzle.height, puzzle.width, unknown_for(puzzle.n_colors))


def board_solves(board: Board, puzzle: Puzzle) -> bool:
    """Whether ``board`` is complete and every line matches its clue (any solution counts)."""
    if (board.height, board.width) != (puzzle.height, puzzle.width) or not board.is_complete():
        return False
    pic = board.picture()
    for r in range(puzzle.height):
        if clue_of(pic[r]) != (puzzle.rows[r], puzzle.row_clue_colors(r)):
            return False
    for c in range(puzzle.width):
        column = [pic[r][c] for r in range(puzzle.height)]
        if clue_of(column) != (puzzle.columns[c], puzzle.column_clue_colors(c)):
            return False
    return True
