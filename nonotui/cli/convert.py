"""``nonotui convert IN OUT [--to FORMAT]``: write puzzles in another file format."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

from nonotui.errors import NonotuiError

class UsageError(NonotuiError):
    """A command line that names no usable output format (exit code 2)."""


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``convert`` subcommand."""
    from nonotui.formats import WRITABLE

    p = sub.add_parser(
        "convert",
        help="write a puzzle file in another format",
        description="Read IN (a file, FILE#N or a Tatham id) and write it to OUT in another "
        "format, chosen by --to or by OUT's extension (.txt holds a Tatham id). OUT may be - "
        "for standard output, with --to.",
    )
    p.add_argument("input", metavar="IN")
    p.add_argument("output", metavar="OUT")
    p.add_argument("--to", choices=WRITABLE, metavar="FORMAT", help=", ".join(WRITABLE))
    p.set_defaults(func=run)


def output_format(output: str, to: str | None) -> str:
    """The format to write: ``--to`` when given, else the one OUT's extension names."""
    from nonotui.formats import format_for_extension

    if to is not None:
        return to
    if output == "-":
        raise UsageError("writing to standard output needs --to FORMAT")
    module = format_for_extension(output)
    if module is None:
        raise UsageError(f"cannot tell a format from {output!r}; name one with --to FORMAT")
    return module.NAME


def run(args: argparse.Namespace) -> int:
    """Convert; the output file is replaced only once the whole text is ready."""
    from nonotui.formats import dump, open_spec

    try:
        fmt = output_format(args.output, args.to)
    except UsageError as exc:
        print(f"nonotui convert: {exc.message}", file=sys.stderr)
        return 2
    puzzles, _ = open_spec(args.input)
    text = dump(puzzles, fmt)
    if args.output == "-":
        sys.stdout.write(text)
        return 0
    _write_atomically(Path(args.output), text)
    return 0


def _write_atomically(path: Path, text: str) -> None:
    directory = path.parent if str(path.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=directory)
    except OSError as exc:
        raise NonotuiError(f"{path}: cannot write ({exc.strerror or exc})") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        os.replace(tmp, path)
    except OSError as exc:
        os.unlink(tmp)
        raise NonotuiError(f"{path}: cannot write ({exc.strerror or exc})") from None
