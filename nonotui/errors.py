"""The error hierarchy shared by every layer.

Every error a user can cause derives from :class:`NonotuiError`, whose ``message`` is a complete
sentence fit to print as it is: the CLI prints it and exits non-zero, the UI shows it in a dialog.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import NoReturn

EXIT_OK = 0
EXIT_BAD_INPUT = 1
EXIT_USAGE = 2
EXIT_CONTRADICTION = 3
EXIT_TIMEOUT = 4
EXIT_CANCELLED = 5
EXIT_CRASH = 70


def end_process(code: int) -> NoReturn:
    """Flush standard output and error and end the process on the spot with exit ``code``: no
    atexit handler runs and no thread is joined, so only once everything is saved, written and
    closed (the command line after a command returns, the player once its app has ended).

    The interpreter's own exit took about 0.2 s after every command's answer (numba's and
    LLVM's objects freed one by one; docs/solver.md, "Ready at once") and waits for any thread
    still at work, such as a kernel compiling, which nothing can interrupt."""
    for stream in (sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__):
        try:
            if stream is not None:
                stream.flush()
        except (OSError, ValueError):  # a closed terminal, pipe or stream: nothing more to say
            pass
    os._exit(code)
"""Exit codes, the same for every subcommand (DESIGN.md): done, bad input, usage error, no
solution or contradiction, timeout, cancelled; and 70 (``EX_SOFTWARE`` of BSD's sysexits) for a
crash, an exception nonotui did not expect, whose traceback went to a crash file in the data
folder (:mod:`nonotui.store.crashes`). Here, below every layer, so that a kind's own
subcommands (a nonogram's ``line``) return them without importing the CLI."""


MAX_MESSAGE = 600
"""No message is longer than this: whatever a file holds, what nonotui says about it stays short
(quoted parts are cut with :func:`quote` long before; this is the net below them)."""


def quote(text: str, limit: int = 40) -> str:
    """``text`` quoted for a message, cut with "..." and its size when longer than ``limit``."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[: limit - 10]!r}... ({len(text):,} characters)"


def shorten(message: str, limit: int = MAX_MESSAGE) -> str:
    """``message`` on one line and at most about ``limit`` characters."""
    message = message.replace("\r", " ").replace("\n", " ")
    if len(message) <= limit:
        return message
    # The start names the file and the end says what is wrong: keep both.
    half = (limit - 40) // 2
    return f"{message[:half]} ... ({len(message):,} characters) ... {message[-half:]}"


def _short_path(path: str, limit: int = 160) -> str:
    """A path for a message: a very long one keeps its start and its end."""
    if len(path) <= limit:
        return path
    return f"{path[: limit // 2 - 10]}...{path[-(limit // 2):]}"


class NonotuiError(Exception):
    """Root of the errors a user can cause; ``message`` is shown to them unchanged (only cut
    when it would be longer than :data:`MAX_MESSAGE`)."""

    def __init__(self, message: str) -> None:
        message = shorten(message)
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class PuzzleError(NonotuiError):
    """A puzzle whose clues or goal are inconsistent (whatever file it came from)."""


class PuzzleFormatError(NonotuiError):
    """A puzzle file (or game id) that cannot be read.

    Attributes:
        path: The file (or ``<game id>``/``<text>``) the problem is in.
        line: The 1-based line number of the problem, or ``None`` when it concerns the whole file.
        problem: The problem alone, without the location.
    """

    def __init__(self, path: str | Path | None, line: int | None, problem: str) -> None:
        self.path = str(path) if path is not None else "<text>"
        self.line = line
        self.problem = shorten(problem, MAX_MESSAGE // 2)
        path_text = _short_path(self.path)
        where = path_text if line is None else f"{path_text}, line {line}"
        super().__init__(f"{where}: {self.problem}")


class UnreadableFileError(NonotuiError):
    """A file that nonotui will not read: missing, not a regular file, too large, or binary.

    Attributes:
        path: The file.
        line: The 1-based line of the problem (bad bytes), or ``None`` for the whole file.
        problem: The problem alone, without the location.
        missing: Whether the file does not exist (callers may treat that as "nothing saved").
    """

    def __init__(
        self, path: str | Path, line: int | None, problem: str, *, missing: bool = False
    ) -> None:
        self.path = str(path)
        self.line = line
        self.problem = shorten(problem, MAX_MESSAGE // 2)
        self.missing = missing
        path_text = _short_path(self.path)
        where = path_text if line is None else f"{path_text}, line {line}"
        super().__init__(f"{where}: {self.problem}")


class RequestError(NonotuiError):
    """A request a command cannot take as given: a size, grade, density or seed out of range,
    or options that do not go together. The command that took it says it as a usage error
    (exit 2); named elsewhere (a generator id given to ``show``) it is bad input.

    Attributes:
        problem: The problem alone, without what it was found in.
    """

    def __init__(self, problem: str, where: str = "") -> None:
        self.problem = problem
        super().__init__(f"{where}: {problem}" if where else problem)


class UnsupportedPuzzleError(NonotuiError):
    """A valid puzzle that a command cannot handle yet (for example a colour puzzle)."""


class NotationError(NonotuiError):
    """A line or board in the text notation with an invalid character or shape."""


class SaveError(NonotuiError):
    """Progress or settings that cannot be read or written."""
