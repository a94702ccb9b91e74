"""Nonograms as a :class:`~nonotui.model.kind.Kind`: the first kind, the entry point
``nonogram = "nonotui.kinds.nonogram.kind:KIND"`` of the group ``nonotui.kinds``.

Importing this module is cheap (no numpy-heavy work, no numba, no format modules): the engine and
the formats are imported by the methods that use them, so the registry can hand the player this
object before its first frame. One puzzle's game is :class:`~nonotui.kinds.nonogram.game.NonogramGame`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from typing import TYPE_CHECKING

from nonotui.kinds.nonogram.game import GUIDE_EVERY, KEY_RULES, NonogramGame, load_engine
from nonotui.kinds.nonogram.puzzle import Puzzle
from nonotui.kinds.nonogram.warmup import WARM_UP_ID, steps
from nonotui.model import files
from nonotui.model.kind import (
    Command,
    Kind,
    Lesson,
    MadePuzzle,
    Maker,
    PuzzleFormat,
    PuzzleLike,
    PuzzleRequest,
    Stop,
    Subcommand,
    WarmUp,
    WarmUpStep,
)
from nonotui.model.kind_base import KindBase

if TYPE_CHECKING:
    from argparse import ArgumentParser, Namespace, _SubParsersAction
    from importlib.resources.abc import Traversable

BUNDLED_EXTENSION = ".non"
"""The bundled nonograms: the ``.non`` files of the package ``nonotui.puzzles``."""


class NonogramKind(KindBase[Puzzle]):
    """Nonograms in black and white and in colour."""

    name = "nonogram"
    title = "Nonogram"
    makes_puzzles = True

    def open(self, puzzle: Puzzle) -> NonogramGame:
        """The puzzle's game."""
        return NonogramGame(puzzle)

    def bundled(self) -> Sequence[Traversable]:
        """The ``.non`` files of ``nonotui.puzzles`` (``learn.non`` among them)."""
        from importlib import resources

        root = resources.files("nonotui.puzzles")
        return [item for item in root.iterdir() if item.name.endswith(BUNDLED_EXTENSION)]

    def formats(self) -> Sequence[PuzzleFormat]:
        """``non``, ``xml``, ``mk``, ``nin``, ``cwd``, ``g``, ``tatham``, ``picture``."""
        from nonotui.kinds.nonogram.formats import FORMATS

        return [
            PuzzleFormat(
                name=m.NAME,
                extensions=tuple(m.EXTENSIONS),
                writable=bool(m.WRITABLE),
                multi=bool(m.MULTI),
                sniff=m.sniff,
                read=m.read,
                write=m.write if m.WRITABLE else None,
                needs_goal=m.NAME == "picture",
            )
            for m in FORMATS.values()
        ]

    def read_spec(self, spec: str) -> list[Puzzle] | None:
        """A Tatham game id (``4x4:2/1/2/1/1.1/2/1/1``) or a generator id
        (``gen2:15x15:g0:nosym:d55:42``, :mod:`nonotui.kinds.nonogram.generate`) that is not also
        a file's name."""
        from nonotui.kinds.nonogram.formats import tatham
        from nonotui.kinds.nonogram.recipes import looks_like_id

        if looks_like_id(spec) and not files.exists(spec):
            from nonotui.kinds.nonogram.generate import read_id

            return read_id(spec)
        if tatham.looks_like_id(spec) and not files.exists(spec):
            return list(tatham.read(spec, "<game id>"))
        return None

    def share_document(self, puzzle: Puzzle) -> dict[str, object]:
        """The puzzle for a share code (:mod:`~nonotui.kinds.nonogram.share_code`)."""
        from nonotui.kinds.nonogram.share_code import document_of

        return document_of(puzzle)

    def from_share_document(self, document: Mapping[str, object]) -> Puzzle:
        """The puzzle a share code holds."""
        from nonotui.kinds.nonogram.share_code import puzzle_of

        return puzzle_of(document)

    def maker(self) -> Maker:
        """Drawings made into puzzles (:mod:`~nonotui.kinds.nonogram.making`)."""
        from nonotui.kinds.nonogram.making import NonogramMaker

        return NonogramMaker()

    def warm_up(self, should_stop: Stop, what: WarmUp = "all",
                options: Mapping[str, object] | None = None,
                first: Puzzle | None = None) -> None:
        """For ``solve``: solve a 4x4 puzzle that needs probing with the chosen linesolvers
        (``long``: and with the learning search), or only line solving when it answers
        ``first`` (then its solve loads neither probing nor a search). For ``all``: also ask
        two hints and a guide on a tiny puzzle and run every linesolver once, so that every
        kernel the player uses is compiled or loaded from numba's cache."""
        if what in ("solve", "long"):
            from nonotui.kinds.nonogram.formats import tatham

            if what == "solve" and first is not None:
                from nonotui.kinds.nonogram.engine.search import settled_by_lines

                opts = options or {}
                if opts.get("strategy") != "cdcl" and settled_by_lines(
                        first, str(opts.get("linesolvers", "fast,fcomp"))):
                    return

            (four,) = tatham.read(WARM_UP_ID, "<game id>")
            # the depth-first search by name: `auto` may hand a puzzle to the learning search
            # (search.AUTO_HANDOVER), whose load "solve" leaves to the puzzles that need it
            NonogramGame(four).solve(options={**(options or {}), "strategy": "wu"})
            if what == "long":
                # a hard puzzle hands over to the learning search: its load must not count
                # against that puzzle's timeout (bench --jobs workers); one solve skips it (5 %
                # of `nonotui solve` on a small puzzle) and pays it only when it hands over
                NonogramGame(four).solve(options={**(options or {}), "strategy": "cdcl"})
            return
        for _name, step in self.warm_up_steps():
            step(should_stop)

    def warm_up_steps(self, first: PuzzleLike | None = None) -> list[WarmUpStep]:
        """The player's warm-up (``all``) in steps, those a hint on ``first`` needs first
        (:func:`nonotui.kinds.nonogram.warmup.steps`)."""
        return steps(self, first, load_engine)

    def new_puzzle(self, request: PuzzleRequest, should_stop: Stop | None = None) -> MadePuzzle:
        """The generator's puzzle (:mod:`nonotui.kinds.nonogram.generating`)."""
        from nonotui.kinds.nonogram.generating import new_puzzle

        return new_puzzle(request, should_stop)

    def daily_request(self, day: date) -> PuzzleRequest:
        """The daily puzzle's request by the weekday (:mod:`nonotui.kinds.nonogram.generating`)."""
        from nonotui.kinds.nonogram.generating import daily_request

        return daily_request(day)

    def lessons(self) -> Sequence[Lesson]:
        """One example line per line technique (:mod:`nonotui.kinds.nonogram.lessons`)."""
        from nonotui.kinds.nonogram.lessons import lessons

        return lessons()

    def subcommands(self) -> Sequence[Subcommand]:
        """``line``: one line through each linesolver, timed (its module is imported only when
        its parser is built)."""
        return [Subcommand("line", _register_line)]

    def add_options(self, command: Command, parser: ArgumentParser) -> None:
        """``--linesolvers`` for ``solve`` and ``bench``; ``--colors``, ``--symmetry``,
        ``--density`` and ``--from IMAGE`` for ``generate``."""
        if command == "generate":
            from nonotui.kinds.nonogram.generate_options import add_generate_options

            add_generate_options(parser)
        if command in ("solve", "bench"):
            parser.add_argument(
                "--linesolvers",
                metavar="LIST",
                default="fast,fcomp",
                help="the linesolver stack, lowest rank first (default: fast,fcomp; "
                "known: fast, olsak, complete, fcomp)",
            )

    def solve_options(self, args: Namespace) -> dict[str, object]:
        """The checked linesolver stack.

        Raises:
            NonotuiError: an unknown linesolver or an empty stack.
        """
        from nonotui.kinds.nonogram.engine.lines import parse_stack

        text = getattr(args, "linesolvers", None)
        if text is None:
            return {}
        return {"linesolvers": str(parse_stack(text))}

    def make_options(self, args: Namespace) -> dict[str, object]:
        """The colours, symmetry, density or picture given to ``generate``
        (:func:`nonotui.kinds.nonogram.generate_options.generate_options`).

        Raises:
            RequestError: options that do not go together.
        """
        from nonotui.kinds.nonogram.generate_options import generate_options

        return generate_options(args)


def _register_line(sub: _SubParsersAction[ArgumentParser]) -> None:
    from nonotui.kinds.nonogram import line_command

    line_command.register(sub)


KIND: Kind[Puzzle] = NonogramKind()
"""The nonogram kind, as the registry finds it."""

__all__ = ["GUIDE_EVERY", "KEY_RULES", "KIND", "WARM_UP_ID", "NonogramKind", "load_engine"]
