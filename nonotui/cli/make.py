"""``nonotui make``: open the Make screen on a new drawing, a puzzle to edit, or a picture."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from nonotui.errors import EXIT_USAGE, NonotuiError, RequestError

DEFAULT_SIZE = (15, 15)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``make`` subcommand."""
    p = sub.add_parser(
        "make",
        help="draw a puzzle: its verdict and grade follow every change",
        description="Open the Make screen: draw a picture and watch whether its clues have one "
        "solution, and how hard it is, after every change; make it unique, save it, share its "
        "code. Without an argument: an empty 15x15 drawing. WxH: an empty drawing of that size. "
        "FILE (a puzzle file, FILE#N, a share code, an id or a bundled puzzle's name): that "
        "puzzle's picture, to edit. IMAGE WxH: the picture read from an image file at WxH "
        "cells (needs Pillow: pip install 'nonotui[images]').",
        epilog="Exit code 0 when the screen closed normally, 1 for bad input, 2 for a usage "
        "error.",
    )
    p.add_argument("source", nargs="?", metavar="FILE|IMAGE|WxH",
                   help="what to start from (default: an empty 15x15 drawing)")
    p.add_argument("size", nargs="?", metavar="WxH", help="with IMAGE: the size in cells")
    p.add_argument("--colours", "--colors", action="store_true", dest="colours",
                   help="draw in colour (nine colours; P switches on the screen too)")
    from nonotui import kinds

    p.add_argument("--kind", choices=kinds.names(), default=None,
                   help="the kind of puzzle a new drawing makes (default: the first that can "
                   "be made, nonogram); aquarium draws tanks and water")
    p.set_defaults(func=run)


def size_of(text: str) -> tuple[int, int] | None:
    """:func:`~nonotui.model.drawing_editor.size_of`, its range error a usage error.

    Raises:
        RequestError: a size out of 2 to 99.
    """
    from nonotui.model.drawing_editor import size_of as drawing_size

    try:
        return drawing_size(text)
    except ValueError as exc:
        raise RequestError(str(exc)) from None


def start_of(args: argparse.Namespace) -> tuple[Any, Any, dict[str, str]]:
    """The kind, the drawing to start from and its title, author and licence.

    Raises:
        NonotuiError: a puzzle that cannot be read or drawn, or an unreadable image.
        RequestError: a bad size.
    """
    from nonotui import kinds

    kind = kinds.making_kind(getattr(args, "kind", None))
    maker = kind.maker()
    meta = {"title": "", "author": "", "license": ""}
    if args.size is not None:
        size = size_of(args.size)
        if size is None:
            raise RequestError(f"{args.size!r} is not a size: write WxH, for example 20x15")
        meta["title"] = Path(args.source).stem
        return kind, maker.drawing_of_image(args.source, *size), meta
    if args.source is None:
        return kind, maker.blank(*DEFAULT_SIZE, args.colours), meta
    size = size_of(args.source)
    if size is not None:
        return kind, maker.blank(*size, args.colours), meta
    from nonotui.store import DataDir
    from nonotui.store.catalog import Catalog

    puzzle, label, _note = Catalog(DataDir.default()).resolve_noted(args.source)
    kind = kinds.get(puzzle.kind_name)
    maker = kind.maker()
    for name in meta:
        meta[name] = getattr(puzzle, name, None) or ""
    try:
        return kind, maker.drawing_of(puzzle), meta
    except NonotuiError as exc:
        raise NonotuiError(f"{label}: {exc.message}") from None


def run(args: argparse.Namespace) -> int:
    """Open the app on the Make screen."""
    from nonotui.store import DataDir
    from nonotui.ui import ending
    from nonotui.ui.app import make_app
    from nonotui.ui.screens.make import MakeScreen

    try:
        kind, drawing, meta = start_of(args)
    except RequestError as exc:
        print(f"nonotui make: {exc.message}", file=sys.stderr)
        return EXIT_USAGE
    screen = MakeScreen(drawing, kind, title=meta["title"], author=meta["author"],
                        license_=meta["license"])
    app = make_app(data_dir=DataDir.default(), make=screen)
    return ending.play(app)
