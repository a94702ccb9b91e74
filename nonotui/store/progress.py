"""Progress per puzzle: the board, the undo history, the time and the moves, kept across runs.

Each puzzle has one file, ``progress/<identity>.json``, keyed by the SHA-256 of its clues, so a
renamed or converted file keeps its progress. The document carries a schema number:

- schema 1, the first layout, held the board, the time, the moves and the solved flag but no undo
  history or cursor; it is migrated by giving it an empty history and the top-left cursor;
- schema 2, the current one, adds ``history`` and ``cursor``.

A file of a newer schema is refused and left as it is. A file that cannot be read or does not
make sense for the puzzle is moved aside (``*.corrupt-TIMESTAMP``) and reported; the puzzle then
starts afresh, and no other puzzle's file is touched.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from nonotui.errors import NonotuiError, SaveError
from nonotui.model import Board, Puzzle
from nonotui.model.history import History
from nonotui.store.jsonfile import move_aside, read_json, write_atomic
from nonotui.store.lock import PuzzleLock

SCHEMA = 2
"""The schema this version writes, and the newest it reads."""


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

    @classmethod
    def new(cls, puzzle: Puzzle) -> Progress:
        """Fresh progress: an empty board (or the puzzle's own saved state, if it has one)."""
        board = Board.empty(puzzle)
        if puzzle.saved is not None:
            for r, row in enumerate(puzzle.saved):
                board.cells[r] = row
        return cls(puzzle.identity, board, title=puzzle.title)

    @property
    def started(self) -> bool:
        """Whether the player has done anything yet."""
        return self.moves > 0 or self.history.can_undo or self.elapsed >= 1.0

    def to_json(self) -> dict[str, object]:
        """The save document of the current schema."""
        return {
            "schema": SCHEMA,
            "identity": self.identity,
            "title": self.title,
            "size": [self.board.width, self.board.height],
            "board": self.board.to_text().splitlines(),
            "history": self.history.to_json(),
            "elapsed": round(self.elapsed, 3),
            "moves": self.moves,
            "hints": self.hints,
            "auto_solves": self.auto_solves,
            "solved": self.solved,
            "best_time": None if self.best_time is None else round(self.best_time, 3),
            "cursor": list(self.cursor),
            "saved_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        }

    @classmethod
    def from_json(cls, data: object, puzzle: Puzzle) -> Progress:
        """Read a save document of the current schema for ``puzzle``.

        Raises:
            SaveError: anything missing, of the wrong type, or not fitting the puzzle.
        """
        if not isinstance(data, dict):
            raise SaveError("the save is not a JSON object")
        if data.get("identity") != puzzle.identity:
            raise SaveError("the save belongs to a different puzzle")
        size = data.get("size")
        if size != [puzzle.width, puzzle.height]:
            raise SaveError(f"the save is for a {size} board, the puzzle is {puzzle.width}x{puzzle.height}")
        rows = data.get("board")
        if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows):
            raise SaveError("the save's board is not a list of rows")
        try:
            board = Board.from_text("\n".join(rows) + "\n", puzzle)
        except NonotuiError as exc:
            raise SaveError(f"the save's board is invalid: {exc.message}") from exc
        history = History.from_json(data.get("history"), board)
        elapsed = _number(data, "elapsed")
        moves = data.get("moves")
        if not isinstance(moves, int) or isinstance(moves, bool) or moves < 0:
            raise SaveError("the save's move count is not a whole number")
        solved = data.get("solved")
        if not isinstance(solved, bool):
            raise SaveError("the save's solved flag is not true or false")
        best = data.get("best_time")
        best_time = None if best is None else _number(data, "best_time")
        cursor = data.get("cursor")
        if (
            not isinstance(cursor, list)
            or len(cursor) != 2
            or not all(isinstance(v, int) for v in cursor)
            or not (0 <= cursor[0] < puzzle.height and 0 <= cursor[1] < puzzle.width)
        ):
            raise SaveError("the save's cursor is not a cell of the board")
        title = data.get("title")
        # Counted since the hints arrived; older saves have none, so no schema change.
        helped = {}
        for key in ("hints", "auto_solves"):
            value = data.get(key, 0)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise SaveError(f"the save's {key} count is not a whole number")
            helped[key] = value
        return cls(
            puzzle.identity,
            board,
            history,
            elapsed,
            moves,
            solved,
            best_time,
            (cursor[0], cursor[1]),
            title if isinstance(title, str) else puzzle.title,
            **helped,
        )


class NewerSaveError(SaveError):
    """A save of a newer schema: refused, and never moved or overwritten."""


def _number(data: dict[str, object], key: str) -> float:
    value = data.get(key)
    if not isinstance(value, (int, float)) or isinstance(value, bool) or value < 0:
        raise SaveError(f"the save's {key} is not a non-negative number")
    return float(value)


def _migrate_1(data: dict[str, object]) -> dict[str, object]:
    """Schema 1 had no undo history and no cursor."""
    return {**data, "schema": 2, "history": {"done": [], "undone": []}, "cursor": [0, 0]}


MIGRATIONS: dict[int, Callable[[dict[str, object]], dict[str, object]]] = {1: _migrate_1}
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
        schema = int(data["schema"])  # type: ignore[call-overload]
    return data


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

    def load(self, puzzle: Puzzle) -> LoadResult:
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
            if not isinstance(data, dict):
                raise SaveError(f"{path} does not hold a JSON object")
            progress = Progress.from_json(migrate(data, path), puzzle)
        except NewerSaveError:
            raise
        except SaveError as exc:
            return self._damaged(puzzle, path, exc)
        return LoadResult(progress, resumed=True)

    def _damaged(self, puzzle: Puzzle, path: Path, exc: SaveError) -> LoadResult:
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

    def summary(self, puzzle: Puzzle) -> Summary:
        """The library's view of a puzzle's progress; reading never moves or changes a file."""
        path = self.path_for(puzzle.identity)
        try:
            data = read_json(path)
            if not isinstance(data, dict):
                raise SaveError("not an object")
            progress = Progress.from_json(migrate(data, path), puzzle)
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
