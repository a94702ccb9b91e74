"""Aquarium as a :class:`~nonotui.model.kind.Kind`: the second built-in kind, the entry point
``aquarium = "nonotui.kinds.aquarium.kind:KIND"`` of the group ``nonotui.kinds``.

Importing this module is cheap: the formats, the solver (numba), the hints and the generator are
imported by the methods that use them. One puzzle's game is
:class:`~nonotui.kinds.aquarium.game.AquariumGame`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from typing import TYPE_CHECKING

from nonotui.kinds.aquarium.game import AquariumGame
from nonotui.kinds.aquarium.puzzle import KIND_NAME, AquariumPuzzle
from nonotui.model import files
from nonotui.model.kind import (
    Kind,
    Lesson,
    MadePuzzle,
    Maker,
    PuzzleFormat,
    PuzzleRequest,
    Stop,
    WarmUp,
)
from nonotui.model.kind_base import KindBase

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

BUNDLED_EXTENSION = ".aq"
"""The bundled Aquarium puzzles: the ``.aq`` files of the package ``nonotui.puzzles``."""


def _read_url(text: str, path: str) -> list[AquariumPuzzle]:
    from nonotui.errors import PuzzleFormatError
    from nonotui.kinds.aquarium.puzzlink import read_url

    found = read_url(text.strip())
    if found is None:
        raise PuzzleFormatError(path, 1, "not a puzz.link Aquarium URL")
    return [found]


def _write_url(puzzles: Sequence[AquariumPuzzle]) -> str:
    from nonotui.errors import UnsupportedPuzzleError
    from nonotui.kinds.aquarium.puzzlink import write_url

    if len(puzzles) != 1:
        raise UnsupportedPuzzleError(f"a puzz.link URL holds one puzzle, not {len(puzzles)}")
    return write_url(puzzles[0]) + "\n"


def _sniff_url(text: str) -> bool:
    from nonotui.kinds.aquarium.puzzlink import looks_like_url

    return bool(looks_like_url(text.strip()))


PUZZLINK = PuzzleFormat(name="puzzlink", extensions=(), writable=True, multi=False,
                        sniff=_sniff_url, read=_read_url, write=_write_url)
"""A puzz.link Aquarium URL as a format: ``convert --to puzzlink`` prints one, and a file holding
one URL is read (on the command line the URL itself is taken in place of a file)."""


class AquariumKind(KindBase[AquariumPuzzle]):
    """Aquarium: tanks, row and column counts of water cells, gravity."""

    name = KIND_NAME
    title = "Aquarium"
    makes_puzzles = True

    def open(self, puzzle: AquariumPuzzle) -> AquariumGame:
        """The puzzle's game."""
        return AquariumGame(puzzle)

    def formats(self) -> Sequence[PuzzleFormat]:
        """``aq`` (and, for ``convert --to``, puzz.link URLs)."""
        from nonotui.kinds.aquarium.aq_format import FORMAT

        return [FORMAT, PUZZLINK]

    def bundled(self) -> Sequence[Traversable]:
        """The ``.aq`` files of ``nonotui.puzzles``."""
        from importlib import resources

        root = resources.files("nonotui.puzzles")
        return [item for item in root.iterdir() if item.name.endswith(BUNDLED_EXTENSION)]

    def share_document(self, puzzle: AquariumPuzzle) -> dict[str, object]:
        """The puzzle for a share code (:mod:`~nonotui.kinds.aquarium.share_code`)."""
        from nonotui.kinds.aquarium.share_code import document_of

        return document_of(puzzle)

    def from_share_document(self, document: Mapping[str, object]) -> AquariumPuzzle:
        """The puzzle a share code holds."""
        from nonotui.kinds.aquarium.share_code import puzzle_of

        return puzzle_of(document)

    def read_spec(self, spec: str) -> list[AquariumPuzzle] | None:
        """A puzz.link Aquarium URL (``https://puzz.link/p?aquarium/r/6/6/...``), or a generator
        id (``aq1:10x10:g2:42``) that is not also a file's name."""
        if spec.startswith("aq"):
            from nonotui.kinds.aquarium import generate

            if generate.looks_like_id(spec) and not files.exists(spec):
                return generate.read_id(spec)
        if "aquarium" not in spec:
            return None
        from nonotui.kinds.aquarium.puzzlink import read_url

        found = read_url(spec)
        return None if found is None else [found]

    def maker(self) -> Maker:
        """Tanks and water made into a puzzle (:mod:`~nonotui.kinds.aquarium.making`)."""
        from nonotui.kinds.aquarium.making import AquariumMaker

        return AquariumMaker()

    def warm_up(self, should_stop: Stop, what: WarmUp = "all",
                options: Mapping[str, object] | None = None,
                first: AquariumPuzzle | None = None) -> None:
        """Compile (or load from numba's cache) the solver's kernels."""
        from nonotui.kinds.aquarium.engine.solver import warm_up

        warm_up(should_stop)

    def new_puzzle(self, request: PuzzleRequest, should_stop: Stop | None = None) -> MadePuzzle:
        """The Aquarium generator's puzzle (:mod:`nonotui.kinds.aquarium.generate`)."""
        from nonotui.kinds.aquarium.generate import new_puzzle

        return new_puzzle(request, should_stop)

    def daily_request(self, day: date) -> PuzzleRequest | None:
        """The daily Aquarium (:func:`nonotui.kinds.aquarium.generate.daily_request`)."""
        from nonotui.kinds.aquarium.generate import daily_request

        return daily_request(day)

    def lessons(self) -> Sequence[Lesson]:
        """The Aquarium techniques' lessons (:mod:`nonotui.kinds.aquarium.lessons`)."""
        from nonotui.kinds.aquarium.lessons import lessons

        return lessons()


KIND: Kind[AquariumPuzzle] = AquariumKind()
"""The Aquarium kind, as the registry finds it."""

__all__ = ["KIND", "PUZZLINK", "AquariumKind"]
