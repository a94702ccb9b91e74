"""What :func:`~nonotui.kinds.nonogram.engine.search.solve` answers: the result, its statistics,
and the progress snapshots it hands to ``on_progress`` (kept apart from the search itself, which
re-exports them)."""

from __future__ import annotations

from dataclasses import dataclass, field

from nonotui.kinds.nonogram.engine.lines import DEFAULT_STACK
from nonotui.model import Board
from nonotui.model.vocab import SolveStatus


@dataclass(frozen=True)
class SolveStats:
    """What the search did."""

    lines: dict[str, int]
    """Lines solved by each linesolver of the stack, by name."""
    probes: int
    """Cell values tried by probing."""
    guesses: int
    """Bifurcations (cells guessed with the alternative pushed on the stack)."""
    max_depth: int
    """The deepest the bifurcation stack went."""
    backtracks: int
    """States abandoned and alternatives taken from the stack."""
    contradictions: int
    """Lines found inconsistent (in probes and in branches)."""
    strategy: str = "wu"
    """The branching strategy whose run gave the answer (see :data:`WU`, :data:`FAIL_FIRST`;
    ``"cdcl"`` when the learning search gave it)."""
    engine: str = "dfs"
    """The search that gave the answer: ``"dfs"`` (propagation, probing, bifurcation) or
    ``"cdcl"`` (the learning search, :mod:`~.kernels.cdcl`)."""
    conflicts: int = 0
    """Conflicts the learning search analysed."""
    learned: int = 0
    """Clauses the learning search learned."""
    restarts: int = 0
    """Restarts of the learning search."""
    cached_lines: int = 0
    """How many of the line solves counted in ``lines`` the line cache answered."""
    racers: int = 0
    """Learning searches run: 0, 1, or 2 when the shaken one raced the plain one
    (:data:`PORTFOLIO_AFTER`)."""
    shaken: bool = False
    """Whether the answer (and ``conflicts``, ``learned``, ``restarts``) came from the shaken
    learning search rather than the plain one."""

    def as_dict(self) -> dict[str, object]:
        """The statistics as plain JSON-ready values."""
        return {
            "lines": sum(self.lines.values()),
            "lines_by_solver": dict(self.lines),
            "probes": self.probes,
            "guesses": self.guesses,
            "max_depth": self.max_depth,
            "backtracks": self.backtracks,
            "contradictions": self.contradictions,
            "strategy": self.strategy,
            "engine": self.engine,
            "conflicts": self.conflicts,
            "learned": self.learned,
            "restarts": self.restarts,
            "cached_lines": self.cached_lines,
            "racers": self.racers,
            "shaken": self.shaken,
        }


@dataclass(frozen=True)
class Progress:
    """A snapshot of a running search, handed to ``on_progress``."""

    seconds: float
    decided: int
    """Cells decided in the state the search is working on."""
    cells: int
    solutions: int
    depth: int
    guesses: int


@dataclass(frozen=True)
class SolveResult:
    """The answer of :func:`solve`."""

    status: SolveStatus
    """One of :data:`STATUSES`."""
    solutions: list[Board]
    """The solutions found (all of them for ``unique``; on timeout or cancel, those found)."""
    stats: SolveStats
    seconds: float
    """Time spent in the engine, compilation excluded when the kernels were already loaded."""
    stack: str = field(default=DEFAULT_STACK)
    """The linesolver stack used."""
