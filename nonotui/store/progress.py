"""Progress per puzzle: the board, the undo history, the time and the moves, kept across runs.

Each puzzle has one file, ``progress/<identity>.json``, keyed by the SHA-256 of its clues, so a
renamed or converted file keeps its progress. The document carries a schema number:

- schema 1, the first layout, held the board, the time, the moves and the solved flag but no undo
  history or cursor; it is migrated by giving it an empty history and the top-left cursor;
- schema 2 adds ``history`` and ``cursor``;
- schema 3, the current one, holds any kind's board: ``kind`` names the puzzle's kind, and
  ``legend`` maps each character of the ``board`` rows to a cell bitset (``{"-": 1, "#": 2,
  "?": 3}`` for a nonogram, so its rows read as before); a cell whose bitset has no character is
  written ``(N)``, its bitset in decimal. Schemas 1 and 2 were written for nonograms only, so
  migrating them names that kind and the legend of the old ``#-?`` notation.

A file of a newer schema is refused and left as it is. A file that cannot be read or does not
make sense for the puzzle is moved aside (``*.corrupt-TIMESTAMP``) and reported; the puzzle then
starts afresh, and no other puzzle's file is touched.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from nonotui import kinds
from nonotui.errors import SaveError
from nonotui.model.board import Board
from nonotui.model.cells import CELL_DTYPE
from nonotui.model.history import History
from nonotui.model.kind import CellValue, PuzzleLike, unknown_of
from nonotui.store import bounds
from nonotui.store.bounds import is_whole, shown
from nonotui.store.jsonfile import move_aside, read_json, write_atomic
from nonotui.store.lock import PuzzleLock

SCHEMA = 3
"""The schema this version writes, and the newest it reads."""

UNKNOWN_CHAR = "?"
"""The legend's character for an undecided cell (every value of the kind still allowed)."""

_RESERVED = frozenset({UNKNOWN_CHAR, "(", ")"})
_TOKEN = re.compile(r"\((\d{1,10})\)|(.)", re.DOTALL)


def legend_for(values: Sequence[CellValue]) -> dict[str, int]:
    """The legend a save of a puzzle with these values uses: each value's character, then
    ``?`` for unknown. A character that is not one printable character, is reserved or is taken
    already is left out (its cells are written ``(N)``)."""
    legend: dict[str, int] = {}
    for value in values:
        ch = value.char
        if len(ch) == 1 and ch.isprintable() and ch not in _RESERVED and ch not in legend:
            legend[ch] = value.mask
    legend[UNKNOWN_CHAR] = unknown_of(values)
    return legend


def encode_board(board: Board, legend: Mapping[str, int]) -> list[str]:
    """The board's rows as text in ``legend``'s characters."""
    chars: dict[int, str] = {}
    for ch, mask in legend.items():
        chars.setdefault(mask, ch)
    rows = []
    for row in board.cells.tolist():
        rows.append("".join(chars.get(v) or f"({v})" for v in row))
    return rows


def decode_board(rows: object, legend: object, width: int, height: int, full: int) -> Board:
    """The board that ``rows`` in ``legend``'s characters describe; every cell must be a
    non-empty subset of ``full``.

    Raises:
        SaveError: a malformed legend, the wrong number or length of rows, or a character or
            value that is not a cell of this puzzle (named by row and column).
    """
    if not isinstance(legend, dict) or not legend:
        raise SaveError("the save's legend is not an object of characters and cell values")
    for ch, mask in legend.items():
        if (not isinstance(ch, str) or len(ch) != 1 or ch in "()" or not is_whole(mask)
                or not 0 < mask <= full or mask & ~full):
            raise SaveError(f"the save's legend maps {shown(ch)} to {shown(mask)}, not a cell "
                            "value")
    if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows):
        raise SaveError("the save's board is not a list of rows")
    if len(rows) != height:
        raise SaveError(f"the save's board has {len(rows)} rows, the puzzle {height}")
    cells = np.empty((height, width), dtype=CELL_DTYPE)
    for r, text in enumerate(rows):
        row: list[int]
        if "(" in text:
            row = _decode_escaped(text, legend, r, full)
        else:
            try:
                row = [legend[ch] for ch in text]
            except KeyError as exc:
                col = text.index(exc.args[0]) + 1
                raise SaveError(f"the save's board, row {r + 1}, column {col}: "
                                f"{exc.args[0]!r} is not in its legend") from None
        if len(row) != width:
            raise SaveError(f"the save's board, row {r + 1}: {len(row)} cells where {width} "
                            "were expected")
        cells[r] = row
    return Board(cells)


def _decode_escaped(text: str, legend: Mapping[str, int], r: int, full: int) -> list[int]:
    row: list[int] = []
    for m in _TOKEN.finditer(text):
        if m.group(1) is not None:
            value = int(m.group(1))
            if not 0 < value <= full or value & ~full:
                raise SaveError(f"the save's board, row {r + 1}, column {len(row) + 1}: "
                                f"({value}) is not a cell value of this puzzle")
            row.append(value)
        elif m.group(2) in legend:
            row.append(legend[m.group(2)])
        else:
            raise SaveError(f"the save's board, row {r + 1}, column {len(row) + 1}: "
                            f"{m.group(2)!r} is not in its legend")
    return row


@dataclass
class Progress:
    """One puzzle's saved play.

    Attributes:
        identity: The puzzle's identity (the file name of its save).
        board: The player's marks.
        history: Undo and redo stacks.
        elapsed: Seconds played, excluding pauses.
        moves: Moves made (each undoable step counts once; undo and redo do not count).
        solved: Whether the puzzle has ever been solved.
        best_time: The fastest solve in seconds, if solved.
        cursor: ``(row, column)`` of the cursor.
        title: The puzzle's title when saved, to tell a person what the file is.
        hints: Hints applied (each is also one of the moves).
        auto_solves: Auto-solves applied (each is also one of the moves).
        solve_times: The time of every solve by the player, in seconds, oldest first (for the
            statistics' median; saves from before it have none, their best time stands in).
        helped: The board on show was helped: an applied hint (or reveal) or an auto-solve
            since it was last restarted, undone or not. Its solve is assisted.
        assisted_solves: Solves that were assisted: solved, but no time recorded.
        kind: The name of the puzzle's kind.
        values: The values a cell of the puzzle can take (they make the save's legend).
    """

    identity: str
    board: Board
    history: History = field(default_factory=History)
    elapsed: float = 0.0
    moves: int = 0
    solved: bool = False
    best_time: float | None = None
    cursor: tuple[int, int] = (0, 0)
    title: str | None = None
    hints: int = 0
    auto_solves: int = 0
    solve_times: list[float] = field(default_factory=list)
    helped: bool = False
    assisted_solves: int = 0
    kind: str = field(kw_only=True)
    values: tuple[CellValue, ...] = field(kw_only=True)

    @classmethod
    def new(cls, puzzle: PuzzleLike) -> Progress:
        """Fresh progress: the board the puzzle's kind starts from (every cell unknown, or the
        puzzle's own saved state when its file has one)."""
        game = kinds.open_game(puzzle)
        return cls(puzzle.identity, game.new_board(), title=puzzle.title,
                   kind=puzzle.kind_name, values=game.values)

    def record_solve(self, elapsed: float) -> bool:
        """The puzzle was just solved after ``elapsed`` seconds of play: solved; then, unless
        the board was helped (:attr:`helped`: an assisted solve, counted, with no time), the
        time is recorded. Whether it is a new best time."""
        self.solved = True
        if self.helped:
            self.assisted_solves += 1
            return False
        new_best = self.best_time is None or elapsed < self.best_time
        self.solve_times.append(elapsed)
        if new_best:
            self.best_time = elapsed
        return new_best

    @property
    def started(self) -> bool:
        """Whether the player has done anything yet."""
        return self.moves > 0 or self.history.can_undo or self.elapsed >= 1.0

    def to_json(self) -> dict[str, object]:
        """The save document of the current schema."""
        legend = legend_for(self.values)
        return {
            "schema": SCHEMA,
            "kind": self.kind,
            "identity": self.identity,
            "title": self.title,
            "size": [self.board.width, self.board.height],
            "legend": legend,
            "board": encode_board(self.board, legend),
            "history": self.history.to_json(),
            "elapsed": round(self.elapsed, 3),
            "moves": self.moves,
            "hints": self.hints,
            "auto_solves": self.auto_solves,
            "solved": self.solved,
            "best_time": None if self.best_time is None else round(self.best_time, 3),
            "solve_times": [round(t, 3) for t in self.solve_times],
            "helped": self.helped,
            "assisted_solves": self.assisted_solves,
            "cursor": list(self.cursor),
            "saved_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        }

    @classmethod
    def from_json(cls, data: object, puzzle: PuzzleLike) -> Progress:
        """Read a save document of the current schema for ``puzzle``.

        Raises:
            SaveError: anything missing, of the wrong type, out of range, or not fitting the
                puzzle.
        """
        if not isinstance(data, dict):
            raise SaveError("the save is not a JSON object")
        kind_name = puzzle.kind_name
        written = data.get("kind")
        if not isinstance(written, str):
            raise SaveError(f"the save's kind is {shown(written)}, not the name of a kind")
        if written != kind_name:
            raise SaveError(f"the save is of a {shown(written)} puzzle, this puzzle is a "
                            f"{kind_name}")
        if data.get("identity") != puzzle.identity:
            raise SaveError("the save belongs to a different puzzle")
        size = data.get("size")
        if not _is_size(size):
            raise SaveError(f"the save's size is {shown(size)}, not a width and a height")
        if size != [puzzle.width, puzzle.height]:
            raise SaveError(f"the save is for a {size} board, the puzzle is "
                            f"{puzzle.width}x{puzzle.height}")
        values = kinds.open_game(puzzle).values
        full = unknown_of(values)
        board = decode_board(data.get("board"), data.get("legend"), puzzle.width,
                             puzzle.height, full)
        history = History.from_json(data.get("history"), board, full)
        tally = tally_of(data)
        cursor = data.get("cursor")
        if (
            not isinstance(cursor, list)
            or len(cursor) != 2
            or not all(is_whole(v) for v in cursor)
            or not (0 <= cursor[0] < puzzle.height and 0 <= cursor[1] < puzzle.width)
        ):
            raise SaveError("the save's cursor is not a cell of the board")
        return cls(
            puzzle.identity,
            board,
            history,
            tally.elapsed,
            tally.moves,
            tally.solved,
            tally.best_time,
            (cursor[0], cursor[1]),
            puzzle.title if tally.title is None else tally.title,
            tally.hints,
            tally.auto_solves,
            list(tally.solve_times),
            tally.helped,
            tally.assisted_solves,
            kind=kind_name,
            values=values,
        )


def _is_size(size: object) -> bool:
    return isinstance(size, list) and len(size) == 2 and all(is_whole(v) for v in size)


@dataclass(frozen=True)
class Tally:
    """What a save says besides its board, history and cursor, each value checked: what the
    statistics read without the puzzle (:mod:`nonotui.store.stats`).

    Attributes:
        elapsed: Seconds played.
        moves: Moves made.
        solved: Whether the puzzle was ever solved.
        best_time: The fastest solve in seconds, if any.
        hints: Hints applied.
        auto_solves: Auto-solves applied.
        solve_times: Every solve's time in seconds, oldest first.
        title: The title the save names, if any.
        helped: The board on show was helped (its solve will be assisted).
        assisted_solves: Solves with help (no time recorded).
    """

    elapsed: float
    moves: int
    solved: bool
    best_time: float | None
    hints: int
    auto_solves: int
    solve_times: tuple[float, ...]
    title: str | None
    helped: bool = False
    assisted_solves: int = 0


def tally_of(data: Mapping[str, object]) -> Tally:
    """The checked counts and times of a save document (of the current schema).

    Raises:
        SaveError: a value of the wrong type or out of range: a time that is not a number of
            seconds from 0 to :data:`~nonotui.store.bounds.MAX_SECONDS`, a count that is not a
            whole number from 0 to :data:`~nonotui.store.bounds.MAX_COUNT`.
    """
    elapsed = bounds.seconds(data.get("elapsed"), "the save's elapsed time")
    moves = bounds.count(data.get("moves"), "the save's move count")
    solved = data.get("solved")
    if not isinstance(solved, bool):
        raise SaveError("the save's solved flag is not true or false")
    best = data.get("best_time")
    best_time = None if best is None else bounds.seconds(best, "the save's best time")
    # Counted since the hints arrived; older saves have none, so no schema change.
    hints = bounds.count(data.get("hints", 0), "the save's hints count")
    auto_solves = bounds.count(data.get("auto_solves", 0), "the save's auto_solves count")
    # Recorded since the statistics screen; older saves have none, so no schema change.
    times = data.get("solve_times", [])
    if not isinstance(times, list):
        raise SaveError(f"the save's solve_times is {shown(times)}, not a list of times")
    solve_times = tuple(bounds.seconds(t, "a time in the save's solve_times") for t in times)
    title = data.get("title")
    # Recorded since assisted solves keep no time; older saves have none, so no schema change.
    helped = data.get("helped", False)
    if not isinstance(helped, bool):
        raise SaveError("the save's helped flag is not true or false")
    assisted = bounds.count(data.get("assisted_solves", 0), "the save's assisted_solves count")
    return Tally(elapsed, moves, solved, best_time, hints, auto_solves, solve_times,
                 title if isinstance(title, str) else None, helped, assisted)


class NewerSaveError(SaveError):
    """A save of a newer schema: refused, and never moved or overwritten."""


def _migrate_1(data: dict[str, object]) -> dict[str, object]:
    """Schema 1 had no undo history and no cursor."""
    return {**data, "schema": 2, "history": {"done": [], "undone": []}, "cursor": [0, 0]}


def _migrate_2(data: dict[str, object]) -> dict[str, object]:
    """Schema 2 was written for nonograms only, in the ``#-?`` notation (whose reader also took
    ``.`` for empty and ``+`` or a space for unknown)."""
    legend = {"#": 2, "-": 1, ".": 1, "?": 3, "+": 3, " ": 3}
    return {**data, "schema": 3, "kind": "nonogram", "legend": legend}


MIGRATIONS: dict[int, Callable[[dict[str, object]], dict[str, object]]] = {
    1: _migrate_1,
    2: _migrate_2,
}
"""For each old schema, the function that lifts a document to the next one."""


def migrate(data: dict[str, object], path: Path) -> dict[str, object]:
    """Lift a save document to the current schema.

    Raises:
        SaveError: the schema is missing or unknown (a damaged file).
        NewerSaveError: the schema is newer than this version reads.
    """
    schema = data.get("schema")
    if not isinstance(schema, int) or isinstance(schema, bool) or schema < 1:
        raise SaveError(f"{path} has no valid schema number")
    if schema > SCHEMA:
        raise NewerSaveError(
            f"{path} was saved by a newer nonotui (save schema {schema}; this one reads up to "
            f"{SCHEMA}). It is left untouched: update nonotui to play this puzzle on."
        )
    while schema < SCHEMA:
        data = MIGRATIONS[schema](data)
        schema += 1  # each migration lifts a document by one schema
    return data


def from_document(data: object, puzzle: PuzzleLike, path: Path) -> Progress:
    """The progress a save document of any schema holds for ``puzzle``, migrated first.

    Raises:
        NewerSaveError: the schema is newer than this version reads.
        SaveError: anything else that is wrong with it.
    """
    if not isinstance(data, dict):
        raise SaveError(f"{path} does not hold a JSON object")
    return Progress.from_json(migrate(data, path), puzzle)


@dataclass
class LoadResult:
    """What opening a puzzle's progress found.

    Attributes:
        progress: The progress to play on (new when there was none or it was damaged).
        notice: A message for the player (a damaged save moved aside), or ``None``.
        resumed: Whether a save was read.
    """

    progress: Progress
    notice: str | None = None
    resumed: bool = False


@dataclass(frozen=True)
class Summary:
    """What the library shows of a puzzle's progress.

    Attributes:
        state: ``"new"``, ``"playing"``, ``"solved"`` (by the player), ``"auto-solved"`` (only
            ever finished by auto-solve, so no time) or ``"unreadable"``.
        percent: Share of cells decided, 0 to 100.
        best_time: The fastest solve in seconds.
    """

    state: str
    percent: int = 0
    best_time: float | None = None


class ProgressStore:
    """Reads and writes the save files in one folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def path_for(self, identity: str) -> Path:
        """The save file of the puzzle with ``identity``."""
        return self.folder / f"{identity}.json"

    def lock_for(self, identity: str) -> PuzzleLock:
        """The (not yet acquired) lock on that puzzle's progress."""
        return PuzzleLock(self.folder / f"{identity}.lock")

    def load(self, puzzle: PuzzleLike) -> LoadResult:
        """The puzzle's progress, migrating an old save and moving a damaged one aside.

        Raises:
            NewerSaveError: the save is of a newer schema; it is left untouched.
            SaveError: a damaged save could not even be moved aside.
        """
        path = self.path_for(puzzle.identity)
        try:
            data = read_json(path)
        except FileNotFoundError:
            return LoadResult(Progress.new(puzzle))
        except SaveError as exc:
            return self._damaged(puzzle, path, exc)
        try:
            progress = from_document(data, puzzle, path)
        except NewerSaveError:
            raise
        except SaveError as exc:
            return self._damaged(puzzle, path, exc)
        return LoadResult(progress, resumed=True)

    def _damaged(self, puzzle: PuzzleLike, path: Path, exc: SaveError) -> LoadResult:
        moved = move_aside(path)
        notice = (
            f"The saved progress for this puzzle could not be read ({exc.message}). "
            f"It was moved to {moved} and the puzzle starts afresh."
        )
        return LoadResult(Progress.new(puzzle), notice=notice)

    def save(self, progress: Progress) -> None:
        """Write the progress atomically.

        Raises:
            SaveError: the file cannot be written.
        """
        write_atomic(self.path_for(progress.identity), progress.to_json())

    def summary(self, puzzle: PuzzleLike) -> Summary:
        """The library's view of a puzzle's progress; reading never moves or changes a file."""
        path = self.path_for(puzzle.identity)
        try:
            progress = from_document(read_json(path), puzzle, path)
        except FileNotFoundError:
            return Summary("new")
        except SaveError:
            return Summary("unreadable")
        if progress.solved:
            # A player's solve always records a time; auto-solve never does.
            if progress.best_time is None:
                return Summary("auto-solved", 100)
            return Summary("solved", 100, progress.best_time)
        if not progress.started:
            return Summary("new")
        return Summary("playing", int(progress.board.decided_share() * 100))
