"""nonotui's public Python API: load, solve, hint, check and rate a puzzle of any kind.

Everything here goes through the kinds registry and the :class:`~nonotui.model.kind.Kind`
protocol, so it works the same for every kind nonotui knows (nonograms and Aquarium) and for a
kind added with :func:`register`. Documented in ``docs/api.md``. Importing this module loads neither
Textual nor numba; the engine is loaded by the first solve, hint or check.

Example::

    from nonotui import api

    puzzle = api.load("heart")                 # a file, FILE#N, a Tatham id or a bundled name
    result = api.solve(puzzle)                 # result.status == "unique"
    print(api.board_text(puzzle, result.solutions[0]))
    print(api.hint(puzzle).explanation)        # the first deduction on an empty board
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from nonotui import kinds
from nonotui.errors import NonotuiError
from nonotui.model.board import Board
from nonotui.model.history import History
from nonotui.model.kind import (
    Cancelled,
    Cell,
    CheckReport,
    Game,
    HintLike,
    Kind,
    PuzzleLike,
    Rating,
    SolveOutcome,
    Stop,
    unknown_of,
)


def load_all(spec: str | Path) -> list[Any]:
    """Every puzzle that ``spec`` names: a file (every puzzle of a bundle), ``FILE#N``, a form
    only one kind knows (a Tatham game id) or the name or title of a bundled puzzle.

    Raises:
        NonotuiError: nothing by that name, or a file that cannot be read (the message names
            the file and line).
    """
    from nonotui.store.catalog import open_puzzles

    puzzles, _ = open_puzzles(str(spec))
    return list(puzzles)


def load(spec: str | Path) -> Any:
    """The first puzzle that ``spec`` names (see :func:`load_all`)."""
    return load_all(spec)[0]


def loads(text: str, name: str = "<text>") -> list[Any]:
    """Every puzzle in ``text``, whose format is detected from ``name``'s extension or, failing
    that, from the text itself.

    Raises:
        PuzzleFormatError: an unknown format or a broken puzzle, naming ``name`` and the line.
    """
    return kinds.parse(text, name)[1]


def dumps(puzzles: Any | Sequence[Any], fmt: str) -> str:
    """Puzzles written in format ``fmt`` (``non``, ``xml``, ...).

    Raises:
        UnsupportedPuzzleError: an unknown or read-only format, or a puzzle it cannot hold.
    """
    items = list(puzzles) if isinstance(puzzles, (list, tuple)) else [puzzles]
    return kinds.dump(items, fmt)


def kind_of(puzzle: Any) -> Kind[Any]:
    """The puzzle's kind, for everything this module does not wrap."""
    return kinds.kind_of(puzzle)


def game(puzzle: Any) -> Game[PuzzleLike]:
    """The puzzle's game: everything its kind does with it (values, units, solve, hints...)."""
    return kinds.open_game(puzzle)


def register(kind: Kind[Any]) -> None:
    """Make another kind known to nonotui (files, the CLI and the player then take it)."""
    kinds.register(kind)


def empty_board(puzzle: Any) -> Board:
    """A board of the puzzle's size with every cell undecided."""
    return Board.full(puzzle.height, puzzle.width, unknown_of(game(puzzle).values))


def read_board(puzzle: Any, text: str) -> Board:
    """A board given as text rows in the kind's notation (a nonogram: ``#``, ``-``, ``?``).

    Raises:
        NonotuiError: a bad character or size, naming the line.
    """
    return game(puzzle).read_board(text)


def board_text(puzzle: Any, board: Board) -> str:
    """The board as text rows in the kind's notation, each ending in a newline."""
    return "".join(row + "\n" for row in game(puzzle).board_rows(board))


def solve(
    puzzle: Any,
    *,
    board: Board | None = None,
    max_solutions: int = 2,
    timeout: float | None = None,
    should_stop: Stop | None = None,
    **options: object,
) -> SolveOutcome:
    """Solve ``puzzle`` (from ``board``'s marks when given) and prove its solution unique.

    Args:
        puzzle: A puzzle of any kind.
        board: Marks to start from, taken as given.
        max_solutions: Stop after this many solutions (2 proves uniqueness).
        timeout: Seconds after which the status is ``timeout``.
        should_stop: Polled while solving; returning true gives status ``cancelled``.
        options: The kind's own options (a nonogram's ``linesolvers="fast,fcomp"``).

    Raises:
        NonotuiError: a puzzle the solver cannot handle yet or an invalid option.
    """
    return game(puzzle).solve(
        board=board, max_solutions=max_solutions, timeout=timeout,
        should_stop=should_stop, options=options,
    )


def solve_report(spec: str, *, max_solutions: int = 2, timeout: float | None = None,
                 options: dict[str, dict[str, object]] | None = None) -> dict[str, Any]:
    """Solve the puzzle ``spec`` names (a file, FILE#N, a game id, a bundled name, a share
    code) and return what ``nonotui solve --json SPEC`` prints, as a dict: one object whatever
    happens, with ``status`` ``error`` or ``unsupported`` and ``error`` (file, line, problem)
    for bad input instead of an exception. A module-level function of plain arguments: the
    task to hand an executor, one per puzzle (``client.map(api.solve_report, files,
    timeout=10)`` on a Dask cluster: docs/api.md, "Many puzzles on a cluster").

    Args:
        spec: What names the puzzle, as on the command line.
        max_solutions: Stop after this many solutions (2 proves uniqueness).
        timeout: Seconds after which the status is ``timeout``.
        options: Each kind's own options by kind name (``{kind_name: {"linesolvers":
            "fast,fcomp"}}``); absent, the defaults.
    """
    from nonotui.cli.solve import report_for

    return report_for(spec, max_solutions=max_solutions, timeout=timeout, options=options)


def hint(
    puzzle: Any,
    board: Board | None = None,
    cursor: Cell = (0, 0),
    history: History | None = None,
    should_stop: Stop | None = None,
) -> HintLike:
    """The easiest deduction from ``board`` (an empty board when ``None``), nearest ``cursor``,
    with its reason in words; ``history`` lets a mistake hint name the moves to undo.

    Raises:
        Cancelled: ``should_stop`` returned true.
    """
    if board is None:
        board = empty_board(puzzle)
    return game(puzzle).hint(board.copy(), cursor, history, should_stop)


def check(puzzle: Any, board: Board, should_stop: Stop | None = None) -> CheckReport:
    """Judge ``board``'s marks against the clues without spoiling anything (as ``nonotui
    check`` does).

    Raises:
        Cancelled: ``should_stop`` returned true.
    """
    return game(puzzle).check_board(board.copy(), should_stop or _never)


def rate(puzzle: Any, should_stop: Stop | None = None) -> Rating:
    """How hard the puzzle is for a player following hints (as ``nonotui rate`` says): grade,
    score, whether line logic alone solves it, uniqueness, the hardest technique and the steps
    each technique took.

    Raises:
        Cancelled: ``should_stop`` returned true.
    """
    return game(puzzle).rate(should_stop)


def _never() -> bool:
    return False


__all__ = [
    "Cancelled",
    "CheckReport",
    "Game",
    "HintLike",
    "Kind",
    "NonotuiError",
    "Rating",
    "SolveOutcome",
    "board_text",
    "check",
    "dumps",
    "empty_board",
    "game",
    "hint",
    "kind_of",
    "load",
    "load_all",
    "loads",
    "rate",
    "read_board",
    "register",
    "solve",
    "solve_report",
]
