"""Defaults for the optional members of :class:`~nonotui.model.kind.Kind` and
:class:`~nonotui.model.kind.Game`, so that a kind implements only what it has.

A kind's classes may derive from :class:`KindBase` and :class:`GameBase` (the built-in kinds and
the test-only kind do); the protocols stay structural, so a kind that implements every member
itself needs neither. A default that cannot answer (solving, hints, rating, new puzzles) raises
:class:`~nonotui.errors.UnsupportedPuzzleError` naming the kind and what it lacks: the command
line prints it in one line and exits with its usage code, and the player shows it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import date
from typing import TYPE_CHECKING, Generic, NoReturn

from nonotui.errors import UnsupportedPuzzleError
from nonotui.model.board import Board
from nonotui.model.history import History
from nonotui.model.kind import (
    Cell,
    CellValueChange,
    CheckReport,
    Command,
    HintLike,
    Lesson,
    MadePuzzle,
    Maker,
    P,
    Plan,
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
    single_mark,
)

if TYPE_CHECKING:
    from argparse import ArgumentParser, Namespace
    from importlib.resources.abc import Traversable


class KindBase(Generic[P]):
    """The defaults of a kind's optional members: no bundled puzzles, no forms of its own on
    the command line, nothing to warm up, no new puzzles, no lessons, no subcommands or
    options."""

    title: str
    """The kind's name for people; the defaults' messages use it."""

    makes_puzzles: bool = False
    """No generator: :meth:`new_puzzle` refuses."""

    def bundled(self) -> Sequence[Traversable]:
        """No bundled puzzles."""
        return ()

    def read_spec(self, spec: str) -> list[P] | None:
        """No command-line form of its own."""
        return None

    def share_document(self, puzzle: P) -> dict[str, object]:
        """Raises: UnsupportedPuzzleError: no share codes."""
        raise UnsupportedPuzzleError(f"nonotui has no share codes for {self.title} puzzles")

    def from_share_document(self, document: Mapping[str, object]) -> P:
        """Raises: UnsupportedPuzzleError: no share codes."""
        raise UnsupportedPuzzleError(f"nonotui has no share codes for {self.title} puzzles")

    def maker(self) -> Maker:
        """Raises: UnsupportedPuzzleError: no maker."""
        raise UnsupportedPuzzleError(f"nonotui cannot make {self.title} puzzles from drawings yet")

    def warm_up(self, should_stop: Stop, what: WarmUp = "all",
                options: Mapping[str, object] | None = None, first: P | None = None) -> None:
        """Nothing to compile or load."""

    def new_puzzle(self, request: PuzzleRequest, should_stop: Stop | None = None) -> MadePuzzle:
        """Raises: UnsupportedPuzzleError: this kind makes no puzzles."""
        raise UnsupportedPuzzleError(f"nonotui cannot make {self.title} puzzles")

    def daily_request(self, day: date) -> PuzzleRequest | None:
        """No daily puzzle."""
        return None

    def lessons(self) -> Sequence[Lesson]:
        """No lessons."""
        return ()

    def subcommands(self) -> Sequence[Subcommand]:
        """No subcommands of its own."""
        return ()

    def add_options(self, command: Command, parser: ArgumentParser) -> None:
        """No options of its own."""

    def solve_options(self, args: Namespace) -> dict[str, object]:
        """No options of its own."""
        return {}

    def make_options(self, args: Namespace) -> dict[str, object]:
        """No options of its own."""
        return {}


class GameBase(Generic[P]):
    """The defaults of a game's optional members. A subclass sets :attr:`puzzle` and
    :attr:`title` and implements :attr:`units` (the default :meth:`units_at` reads them)."""

    puzzle: P
    title: str

    @property
    def units(self) -> Sequence[Unit]:
        raise NotImplementedError  # every kind has units: the protocol requires them

    def unsupported(self, use: Use) -> str | None:
        """Every puzzle of the kind is played and solved."""
        return None

    def has_goal(self) -> bool:
        """No goal picture."""
        return False

    def with_goal(self, solution: Board) -> P:
        """Raises: UnsupportedPuzzleError: this kind's puzzles carry no goal."""
        self._lacks("a goal picture")

    def units_at(self, cells: Iterable[Cell]) -> set[int]:
        """The units whose cells include any of ``cells`` (a scan of every unit)."""
        wanted = set(cells)
        return {k for k, unit in enumerate(self.units) if wanted.intersection(unit.cells)}

    def guides(self, board: Board, units: Iterable[int] | None = None) -> dict[int, UnitGuide]:
        """No guides: margin labels are drawn plain."""
        return {}

    def expand_mark(self, board: Board, cell: Cell, value: int) -> Sequence[CellValueChange]:
        """Marks never expand: the cell alone."""
        return single_mark(cell, value)

    def solve(self, *, board: Board | None = None, max_solutions: int = 2,
              timeout: float | None = None, should_stop: Stop | None = None,
              options: Mapping[str, object] | None = None) -> SolveOutcome:
        """Raises: UnsupportedPuzzleError: no solver."""
        self._lacks("a solver")

    def check_board(self, board: Board, should_stop: Stop) -> CheckReport:
        """Raises: UnsupportedPuzzleError: no checks."""
        self._lacks("checks")

    def hint(self, board: Board, cursor: Cell, history: History | None,
             should_stop: Stop | None = None, *, tries: bool = False) -> HintLike:
        """Raises: UnsupportedPuzzleError: no hints."""
        self._lacks("hints")

    def check(self, board: Board, should_stop: Stop) -> frozenset[Cell]:
        """Raises: UnsupportedPuzzleError: no checks."""
        self._lacks("checks")

    def hint_unit(self, hint: HintLike) -> int | None:
        """No unit drawn around a hint."""
        return None

    def auto_solve(self, board: Board, should_stop: Stop) -> Plan:
        """Raises: UnsupportedPuzzleError: no auto-solve."""
        self._lacks("auto-solve")

    def rate(self, should_stop: Stop | None = None) -> Rating:
        """Raises: UnsupportedPuzzleError: no ratings."""
        self._lacks("ratings")

    def explain(self, should_stop: Stop | None = None) -> tuple[Rating, Sequence[Step]]:
        """Raises: UnsupportedPuzzleError: no ratings."""
        self._lacks("ratings")

    def _lacks(self, what: str) -> NoReturn:
        raise UnsupportedPuzzleError(f"nonotui has no {what} for {self.title} puzzles")


__all__ = ["GameBase", "KindBase"]
