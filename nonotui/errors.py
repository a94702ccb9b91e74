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


class NonotuiError(Exception):
    """Root of the errors a user can cause; ``message`` is shown to them unchanged."""

    def __init__(self, message: str) -> None:
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
        self.problem = problem
        where = self.path if line is None else f"{self.path}, line {line}"
        super().__init__(f"{where}: {problem}")


class UnsupportedPuzzleError(NonotuiError):
    """A valid puzzle that a command cannot handle yet (for example a colour puzzle)."""


class NotationError(NonotuiError):
    """A line or board in the text notation with an invalid character or shape."""


class SaveError(NonotuiError):
    """Progress or settings that cannot be read or written."""
