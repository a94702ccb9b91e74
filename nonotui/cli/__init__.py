"""The ``nonotui`` command: argparse subcommands, one module each, sharing one error policy.

Each subcommand module defines ``register(subparsers)``, which adds its parser and sets
``func(args) -> int`` as the parser's default. Modules import heavy dependencies (numba, Textual)
inside ``func``, so that ``nonotui --help`` and the light commands start fast.

Exit codes (DESIGN.md): 0 done, 1 bad input, 2 usage error, 3 no solution or contradiction,
4 timeout, 5 cancelled. User errors print one line on stderr and never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import warnings
from collections.abc import Sequence
from typing import TextIO

from nonotui import kinds
from nonotui.errors import (  # noqa: F401 - the exit codes are the CLI's public names too
    EXIT_BAD_INPUT,
    EXIT_CANCELLED,
    EXIT_CONTRADICTION,
    EXIT_CRASH,
    EXIT_OK,
    EXIT_TIMEOUT,
    EXIT_USAGE,
    NonotuiError,
    end_process,
)

SUBCOMMANDS = ("play", "serve", "show", "convert", "solve", "bench", "hint", "check", "rate",
               "explain", "generate", "share", "make")
"""Subcommand modules under ``nonotui.cli``, in the order ``--help`` lists them; each kind's own
subcommands (a nonogram's ``line``) follow, from the registry."""


class _VersionAction(argparse.Action):
    """``--version``: print the version and exit, reading it only when asked (the metadata
    lookup costs every other command, the player's start included, tens of ms)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **_kwargs: object) -> None:
        super().__init__(
            option_strings, argparse.SUPPRESS, nargs=0, default=argparse.SUPPRESS,
            help="show the version and exit",
        )

    def __call__(self, parser: argparse.ArgumentParser, *_args: object, **_kw: object) -> None:
        from nonotui import __version__

        print(f"nonotui {__version__}")
        parser.exit()


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The argument parser: with every subcommand, or, when ``argv`` starts with a subcommand's
    name (or is empty, which opens the player), with that subcommand alone, so that a command
    imports no other command's module (``nonotui solve`` on a small puzzle spends a tenth of its
    start-up less; docs/solver.md, "Start-up"). The parse is the same either way: options come
    after the subcommand, and ``--help``, ``--version`` or anything unknown get the full parser."""
    parser = argparse.ArgumentParser(
        prog="nonotui",
        description="A terminal player for nonograms and Aquarium puzzles, with a real solver "
        "behind it.",
        epilog="A FILE argument may also be FILE#N (the N-th puzzle of a file, from 1), "
        "a Tatham game id such as 4x4:2/1/2/1/1.1/2/1/1, a generator id such as "
        "gen2:15x15:g0:nosym:d55:42 or aq1:10x10:g2:42, a puzz.link Aquarium URL, or the "
        "name of a bundled puzzle such as heart.",
    )
    parser.add_argument("--version", action=_VersionAction)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    only = _command_named(argv)
    for name in SUBCOMMANDS:
        if only in (None, name):
            importlib.import_module(f"nonotui.cli.{name}").register(sub)
    if only in SUBCOMMANDS:  # a shared command: no kind's own command is needed (nor read)
        return parser
    for kind in kinds.kinds():
        for command in kind.subcommands():
            if only in (None, command.name):
                command.register(sub)
    return parser


def _command_named(argv: Sequence[str] | None) -> str | None:
    """The subcommand ``argv`` runs, when it can be told without parsing (``play`` for no
    arguments); ``None`` when every subcommand must be known."""
    if argv is None:
        return None
    if not argv:
        return "play"
    first = argv[0]
    if first in SUBCOMMANDS:
        return first
    if any(first == command.name for kind in kinds.kinds() for command in kind.subcommands()):
        return first
    return None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code.

    Called with no ``argv`` (the ``nonotui`` console script, ``python -m nonotui``), it is the
    process's whole life: once the command has returned, its output is flushed and the
    process ends at once (:func:`nonotui.errors.end_process`). Called with ``argv`` (tests, other programs),
    it returns the code."""
    if argv is None:
        warnings.showwarning = _warning_line
        end_process(_run(sys.argv[1:]))
    return _run(argv)


def _warning_line(message: Warning | str, category: type[Warning], filename: str, lineno: int,
                  file: TextIO | None = None, line: str | None = None) -> None:
    """A warning as the command line says it: one line, no source location (a package's kind
    that cannot be loaded, left out: :func:`nonotui.kinds.kinds`)."""
    print(f"nonotui: warning: {message}", file=sys.stderr)


def _run(argv: Sequence[str]) -> int:
    """:func:`main`'s work: parse ``argv``, run the command, map errors to exit codes."""
    parser = build_parser(argv)
    args = parser.parse_args(argv)
    if getattr(args, "func", None) is None:
        # Plain `nonotui` opens the player's library.
        args = parser.parse_args(["play"])
    try:
        return int(args.func(args))
    except NonotuiError as exc:
        print(f"nonotui: {exc.message}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print("nonotui: cancelled", file=sys.stderr)
        return EXIT_CANCELLED
    except BrokenPipeError:
        # the reader went away (e.g. `| head`); nothing more to say
        sys.stderr.close()
        return EXIT_OK
    except Exception as exc:  # a bug: its traceback to a crash file, one line here (exit 70)
        from nonotui.store import crashes

        crashes.report(exc)
        return EXIT_CRASH
