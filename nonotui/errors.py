"""The error hierarchy shared by every layer.

Every error a user can cause derives from :class:`NonotuiError`, whose ``message`` is a complete
sentence fit to print as it is: the CLI prints it and exits non-zero, the UI shows it in a dialog.
"""

from __future__ import annotations

from pathlib import Path

EXIT_OK = 0
EXIT_BAD_INPUT = 1
EXIT_USAGE = 2
EXIT_CONTRADICTION = 3
EXIT_TIMEOUT = 4
EXIT_CANCELLED = 5
"""Exit codes, the same for every subcommand (DESIGN.md): done, bad input, usage error, no
solution or contradiction, timeout, cancelled. Here, below every layer, so that a kind's own
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


class UnsupportedPuzzleError(NonotuiError):
    """A valid puzzle that a command cannot handle yet (for example a colour puzzle)."""


class NotationError(NonotuiError):
    """A line or board in the text notation with an invalid character or shape."""


class SaveError(NonotuiError):
    """Progress or settings that cannot be read or written."""
