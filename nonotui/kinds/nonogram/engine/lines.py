"""The linesolver registry, linesolver stacks, and the text-notation wrapper around the kernels.

A linesolver has a name, says whether it is complete (finds everything a line's clue and state
imply) and has a method id that the compiled dispatcher
:func:`nonotui.kinds.nonogram.engine._kernels.solve_line` understands. A stack is an ordered choice
of linesolvers for the whole-puzzle solver: a linesolver's rank is its position in the stack, and a
line goes to the next rank only when the lower one found nothing new.

Importing this module imports numba but compiles nothing: the kernels are compiled (or loaded from
numba's cache) on their first call.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import numpy as np

import nonotui.kinds.nonogram.engine.calls as calls
from nonotui.errors import NonotuiError, NotationError
from nonotui.kinds.nonogram.notation import format_line, parse_clue, parse_line
from nonotui.model.cells import CLUE_DTYPE


class Contradiction(Exception):  # noqa: N818 - a signal, not an error a user made
    """The line (or board) admits no arrangement of its clue.

    An engine signal, deliberately not a :class:`~nonotui.errors.NonotuiError`: an inconsistent
    line is an ordinary answer while solving (a wrong guess), not a mistake by the user.
    """


class LineSolverError(NonotuiError):
    """An unknown linesolver name, or a stack that is empty or names one twice."""


@dataclass(frozen=True)
class LineSolver:
    """One registered linesolver."""

    name: str
    """The name used by stacks, the CLI and settings."""
    complete: bool
    """Whether it removes every value that no arrangement uses (fast does not)."""
    method_id: int
    """Its id for the compiled dispatcher (``calls.FAST`` and so on)."""
    summary: str
    """One line saying what it does and which seed describes it."""


REGISTRY: dict[str, LineSolver] = {
    s.name: s
    for s in (
        LineSolver(
            "fast",
            False,
            calls.FAST,
            "leftmost and rightmost arrangements, intersected (seed 002); may miss cells",
        ),
        LineSolver(
            "complete",
            True,
            calls.COMPLETE,
            "every arrangement enumerated and merged (seed 000); exponential on long lines",
        ),
        LineSolver(
            "fcomp",
            True,
            calls.FCOMP,
            "the fast-complete INVALID/SLIDING/DRAWING/RESTORING machine (seed 001)",
        ),
        LineSolver(
            "olsak",
            True,
            calls.OLSAK,
            "fast, then each open cell probed with each value for consistency (seed 003)",
        ),
    )
}
"""Every linesolver by name, in the order the CLI lists them."""

NAMES: tuple[str, ...] = tuple(REGISTRY)
"""The registered names: ``fast``, ``complete``, ``fcomp``, ``olsak``."""

DEFAULT_STACK = "fast,fcomp"
"""The stack the whole-puzzle solver uses unless told otherwise (DESIGN.md)."""


def get(name: str) -> LineSolver:
    """The linesolver called ``name``.

    Raises:
        LineSolverError: no linesolver has that name.
    """
    try:
        return REGISTRY[name]
    except KeyError:
        raise LineSolverError(
            f"unknown linesolver {name!r} (known: {', '.join(NAMES)})"
        ) from None


@dataclass(frozen=True)
class Stack:
    """An ordered list of linesolvers; a linesolver's rank is its index (0 is tried first)."""

    solvers: tuple[LineSolver, ...]

    def __post_init__(self) -> None:
        names = [s.name for s in self.solvers]
        if not names:
            raise LineSolverError("a linesolver stack needs at least one linesolver")
        for name in names:
            if names.count(name) > 1:
                raise LineSolverError(f"linesolver {name!r} appears twice in the stack")

    def __str__(self) -> str:
        return ",".join(self.names)

    def __len__(self) -> int:
        return len(self.solvers)

    def __iter__(self) -> Iterator[LineSolver]:
        return iter(self.solvers)

    def __getitem__(self, rank: int) -> LineSolver:
        return self.solvers[rank]

    @property
    def names(self) -> tuple[str, ...]:
        """The linesolvers' names, lowest rank first."""
        return tuple(s.name for s in self.solvers)

    @property
    def complete(self) -> bool:
        """Whether some rank is complete, so that a line the stack leaves alone has nothing more
        to give."""
        return any(s.complete for s in self.solvers)

    def rank(self, name: str) -> int:
        """The rank of linesolver ``name`` in this stack.

        Raises:
            LineSolverError: the stack does not contain it.
        """
        if name not in self.names:
            raise LineSolverError(f"linesolver {name!r} is not in the stack {self}")
        return self.names.index(name)

    def method_ids(self) -> np.ndarray:
        """The method ids by rank, as the ``int32`` array compiled code takes."""
        return np.array([s.method_id for s in self.solvers], dtype=np.int32)

    def complete_flags(self) -> np.ndarray:
        """Whether each rank's linesolver is complete, as the ``bool`` array compiled code
        takes beside :meth:`method_ids`."""
        return np.array([s.complete for s in self.solvers], dtype=np.bool_)


def parse_stack(text: str) -> Stack:
    """Read a stack written as names separated by commas, e.g. ``"fast,fcomp"``.

    Spaces around names are ignored.

    Raises:
        LineSolverError: an empty stack or name, an unknown name, or a name given twice.
    """
    parts = [part.strip() for part in text.split(",")]
    if parts == [""]:
        raise LineSolverError("a linesolver stack needs at least one linesolver")
    if "" in parts:
        raise LineSolverError(f"stack {text!r} has an empty name between commas")
    return Stack(tuple(get(part) for part in parts))


# ----------------------------------------------------------------------------------------------
# Arrays in, arrays out
# ----------------------------------------------------------------------------------------------


def clue_array(clue: str | Sequence[int]) -> np.ndarray:
    """A clue, given as text (``"9 1 1 1"``, ``"9,1,1,1"``, ``"0"``) or as numbers, as the
    ``int32`` array the kernels take.

    Raises:
        NotationError: text that is not a clue, or numbers that are not positive whole numbers
            (a lone ``0`` is the empty clue).
    """
    if isinstance(clue, str):
        return np.array(parse_clue(clue), dtype=CLUE_DTYPE)
    numbers = list(clue)
    for n in numbers:
        if isinstance(n, bool) or not isinstance(n, (int, np.integer)):
            raise NotationError(f"clue {numbers!r}: {n!r} is not a whole number of cells")
    if numbers == [0]:
        numbers = []
    if any(n < 1 for n in numbers):
        raise NotationError(
            f"clue {numbers!r}: blocks are at least 1 cell (a lone 0 is the empty line)"
        )
    return np.array(numbers, dtype=CLUE_DTYPE)


def line_array(line: str) -> np.ndarray:
    """A line in the text notation as a cell array.

    Raises:
        NotationError: an unexpected character, or a line without cells.
    """
    if not line:
        raise NotationError("a line needs at least one cell")
    return parse_line(line)


def work_array(n: int, k: int) -> np.ndarray:
    """Scratch for the kernels, big enough for any linesolver on ``n`` cells and ``k`` blocks."""
    return np.empty(calls.work_size(n, k), dtype=np.int32)


def _buffers(blocks: np.ndarray, cells: np.ndarray, colors: np.ndarray | None = None
             ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    if colors is None:  # black and white: every block colour 1
        colors = np.ones(len(blocks), dtype=CLUE_DTYPE)
    out = np.empty_like(cells)
    iwork = work_array(len(cells), len(blocks))
    return colors, out, iwork


def solve_cells(solver: LineSolver, blocks: np.ndarray, cells: np.ndarray,
                colors: np.ndarray | None = None) -> np.ndarray:
    """Run one linesolver on a cell array; returns the new cells. ``colors``: each block's
    colour index (``int32``; all 1 when not given).

    Raises:
        Contradiction: the line admits no arrangement of ``blocks``.
    """
    colors, out, iwork = _buffers(blocks, cells, colors)
    status = calls.solve_line(solver.method_id, blocks, colors, cells, out, iwork)
    if status == calls.CONTRADICTION:
        raise Contradiction(f"no arrangement of the clue fits the line ({solver.name})")
    if status == calls.REFUSED:
        raise ValueError(f"{solver.name} refused its arguments")  # a bug in the caller
    return out


def time_cells(
    solver: LineSolver,
    blocks: np.ndarray,
    cells: np.ndarray,
    *,
    min_seconds: float = 0.01,
    rounds: int = 3,
    colors: np.ndarray | None = None,
) -> tuple[int, np.ndarray, float]:
    """Solve a line and time it: ``(status, new cells, microseconds per call)``.

    The first call (which compiles the kernel or loads it from numba's cache) is left out. The
    line is then solved repeatedly inside one compiled loop, so that Python's call overhead does
    not swamp lines solved in a microsecond, with enough repetitions to last ``min_seconds``;
    the best of ``rounds`` such runs is kept, as ``timeit`` does, since on a shared machine the
    slower runs measure the other processes.
    """
    colors, out, iwork = _buffers(blocks, cells, colors)
    method = solver.method_id
    status = calls.repeat_line(method, blocks, colors, cells, out, iwork, 1)
    reps = 1
    while True:
        start = time.perf_counter()
        calls.repeat_line(method, blocks, colors, cells, out, iwork, reps)
        elapsed = time.perf_counter() - start
        if elapsed >= min_seconds or reps >= 1 << 24:
            break
        reps *= 2 if elapsed * 8 >= min_seconds else 8
    best = elapsed
    for _ in range(rounds - 1):
        start = time.perf_counter()
        calls.repeat_line(method, blocks, colors, cells, out, iwork, reps)
        best = min(best, time.perf_counter() - start)
    return int(status), out, best / reps * 1e6


def solve_line(method: str, clue: str | Sequence[int], line: str) -> str:
    """Solve one line in the text notation with the linesolver called ``method``.

    Args:
        method: A registered name (:data:`NAMES`).
        clue: The clue as text (``"9 1 1 1"`` or ``"9,1,1,1"``; ``"0"`` or ``""`` for an empty
            line) or as a sequence of block lengths.
        line: The line's cells: ``#`` filled, ``-`` or ``.`` empty, ``?``, ``+`` or a space unknown.

    Returns:
        The line with every cell the linesolver could determine, written with ``#``, ``-``, ``?``.

    Raises:
        Contradiction: no arrangement of the clue fits the line.
        LineSolverError: an unknown method.
        NotationError: a malformed clue or line.
    """
    solver = get(method)
    blocks = clue_array(clue)
    cells = line_array(line)
    return format_line(solve_cells(solver, blocks, cells))
