"""``nonotui convert IN OUT [--to FORMAT]``: write puzzles in another file format."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from nonotui import kinds
from nonotui.errors import (
    EXIT_BAD_INPUT,
    EXIT_CANCELLED,
    EXIT_CONTRADICTION,
    EXIT_TIMEOUT,
    NonotuiError,
    UnsupportedPuzzleError,
)
from nonotui.model import files
from nonotui.model.kind import Game, PuzzleLike


class UsageError(NonotuiError):
    """A command line that names no usable output format (exit code 2)."""


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``convert`` subcommand."""
    from nonotui.cli.solve import positive_seconds

    p = sub.add_parser(
        "convert",
        help="write a puzzle file in another format",
        description="Read IN (a file, FILE#N, a Tatham id or a bundled puzzle's name) and write "
        "it to OUT in another format, chosen by --to or by OUT's extension (.txt holds a Tatham "
        "id). OUT may be - for standard output, with --to. A picture of a puzzle without a "
        "stored goal picture is its solution, proven unique by the solver: exit code 1 when "
        "the puzzle has several solutions, 3 when it has none, 4 on --timeout, 5 on Ctrl-C.",
    )
    p.add_argument("input", metavar="IN")
    p.add_argument("output", metavar="OUT")
    p.add_argument("--to", action=_FormatOption, metavar="FORMAT")
    p.add_argument("--timeout", metavar="S", type=positive_seconds,
                   help="when a picture needs the solver, stop it after S seconds (exit 4)")
    p.set_defaults(func=run)


class _FormatOption(argparse.Action):
    """``--to FORMAT``: one of the kinds' writable formats, which are looked up only when the
    option is given or its help shown (listing them imports every format module, a tenth of
    ``nonotui --help``'s time)."""

    @property
    def help(self) -> str:
        """The writable formats, when the help is drawn."""
        return ", ".join(kinds.writable())

    @help.setter
    def help(self, _value: str | None) -> None:
        pass  # argparse sets it at construction; it is computed instead

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        writable = kinds.writable()
        if values not in writable:
            parser.error(f"argument --to: invalid choice: {values!r} "
                         f"(choose from {', '.join(writable)})")
        setattr(namespace, self.dest, values)


IMAGE_SUFFIXES = frozenset({".png", ".jpg", ".jpeg", ".gif", ".bmp", ".webp", ".tif", ".tiff",
                            ".svg", ".pdf"})
"""Names of image files: nonotui writes none (every output format is text)."""


def output_format(output: str, to: str | None) -> str:
    """The format to write: ``--to`` when given, else the one OUT's extension names. Every
    format nonotui writes is text: an OUT named like an image is refused, whatever ``--to``
    says (``--to picture`` once wrote its text into ``x.png``), and so is ``--to`` a format
    other than the one OUT's extension claims (a picture written as ``x.txt``, the Tatham ids'
    extension, did not read back)."""
    suffix = Path(output).suffix.lower()
    if output != "-" and suffix in IMAGE_SUFFIXES:
        raise UsageError(
            f"{output!r} is named like an image, but nonotui writes text formats only "
            f"(--to picture draws the puzzle in # and -): choose a name such as "
            f"{Path(output).with_suffix('.pic').name!r}")
    if to is not None:
        claimed = kinds.format_for_extension(output) if output != "-" else None
        if claimed is not None and claimed[1].name != to:
            # the extension wins when the file is read again: it would not read back
            wanted = kinds.format_named(to)
            ext = wanted[1].extensions[0] if wanted is not None and wanted[1].extensions else ""
            better = f"; name it {Path(output).with_suffix(ext).name!r}" if ext else ""
            raise UsageError(
                f"{output!r} ends like a {claimed[1].name} file, but --to {to} writes {to}: "
                f"nonotui reads a file by its extension, so it would not read back{better}")
        return to
    if output == "-":
        raise UsageError("writing to standard output needs --to FORMAT")
    found = kinds.format_for_extension(output)
    if found is None:
        raise UsageError(f"cannot tell a format from {output!r}; name one with --to FORMAT")
    return found[1].name


def run(args: argparse.Namespace) -> int:
    """Convert; the output file is replaced only once the whole text is ready."""
    from nonotui.store.catalog import open_puzzles

    try:
        fmt = output_format(args.output, args.to)
    except UsageError as exc:
        print(f"nonotui convert: {exc.message}", file=sys.stderr)
        return 2
    puzzles, label = open_puzzles(args.input)
    found = kinds.format_named(fmt)
    if found is not None and found[1].needs_goal and len(puzzles) == 1:
        game = kinds.open_game(puzzles[0])
        if not game.has_goal() and game.unsupported("solve") is None:
            solved, code = with_solution(game, label, args.timeout)
            if solved is None:
                return code
            puzzles = [solved]
    try:
        text = kinds.dump(puzzles, fmt)
    except UnsupportedPuzzleError as exc:  # a colour puzzle to a format without colours
        raise UnsupportedPuzzleError(f"{label}: {exc.message}") from exc
    if args.output == "-":
        sys.stdout.write(text)
        return 0
    files.write_text(Path(args.output), text)
    return 0


def with_solution(game: Game[PuzzleLike], label: str, timeout: float | None
                  ) -> tuple[PuzzleLike | None, int]:
    """``game``'s puzzle with its one solution as the goal picture, proven unique by the
    solver.

    Returns ``(puzzle, 0)``, or ``(None, exit code)`` after printing why there is no picture:
    several solutions (1), none (3), a timeout (4) or Ctrl-C (5).
    """
    from nonotui.cli.solve import ctrl_c_stops

    with ctrl_c_stops() as stopped:
        # two solutions asked for: a picture is written only when the search proves there is one
        result = game.solve(max_solutions=2, timeout=timeout, should_stop=stopped)
    if result.status == "unique":
        return game.with_goal(result.solutions[0]), 0
    why, code = {
        "multiple": ("has more than one solution; a picture needs exactly one", EXIT_BAD_INPUT),
        "contradiction": ("has no solution, so there is no picture to write",
                          EXIT_CONTRADICTION),
        "timeout": ("the solver was stopped by --timeout before it proved one solution",
                    EXIT_TIMEOUT),
        "cancelled": ("cancelled by Ctrl-C before the solver proved one solution",
                      EXIT_CANCELLED),
    }[result.status]
    print(f"nonotui: {label} {why}" if code in (EXIT_BAD_INPUT, EXIT_CONTRADICTION)
          else f"nonotui: {label}: {why}", file=sys.stderr)
    return None, code


