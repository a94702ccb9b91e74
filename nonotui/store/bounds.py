"""The ranges of the values nonotui's files hold, checked as each file is read.

A save, the settings or the grades may be damaged in any way (a disk error, an editor, another
program); :func:`~nonotui.store.jsonfile.loads` already refuses what is not JSON nonotui writes,
and these checks refuse what is JSON of the wrong type or out of range, so that nothing read
from a file can break the player later (a clock of ``1e300`` seconds, a count of a billion
billion moves). A value out of range is a :class:`~nonotui.errors.SaveError`, which the reader
turns into the notice that moves the file aside.
"""

from __future__ import annotations

import math

from nonotui.errors import SaveError, quote

MAX_SECONDS = 1e9
"""The most seconds a time in a save may hold: about 31 years of play."""

MAX_COUNT = 10**9
"""The most a count in a file may hold (moves, hints, auto-solves, a rating's score): far more
than anyone plays, far less than what breaks arithmetic on it."""

MAX_NAME = 200
"""The most characters of a name kept in a file (a theme, a kind, a technique, a reason)."""


def shown(value: object) -> str:
    """``value`` as a message quotes it: a short repr of a string or a number, the type of
    anything larger, so that a message never carries a file's whole content."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return "a very large whole number"
    if value is None or isinstance(value, (bool, int, float)):
        return repr(value)
    if isinstance(value, str):
        return quote(value, 30)
    if isinstance(value, list):
        return "a list"
    return "an object" if isinstance(value, dict) else f"a {type(value).__name__}"


def is_whole(value: object) -> bool:
    """Whether ``value`` is a JSON whole number (not a boolean, which Python counts as one)."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_count(value: object) -> bool:
    """Whether ``value`` is a whole number from 0 to :data:`MAX_COUNT`."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_COUNT


def count(value: object, what: str) -> int:
    """``value`` when it is a whole number from 0 to :data:`MAX_COUNT`.

    Raises:
        SaveError: anything else, naming ``what``.
    """
    if isinstance(value, int) and is_count(value):
        return value
    raise SaveError(f"{what} is {shown(value)}, not a whole number from 0 to {MAX_COUNT:,}")


def seconds(value: object, what: str) -> float:
    """``value`` as a float when it is a number of seconds from 0 to :data:`MAX_SECONDS`.

    Raises:
        SaveError: anything else (a string, ``true``, a negative or enormous number), naming
            ``what``.
    """
    if (not isinstance(value, (int, float)) or isinstance(value, bool)
            or not math.isfinite(value) or not 0 <= value <= MAX_SECONDS):
        raise SaveError(f"{what} is {shown(value)}, not a number of seconds from 0 to "
                        f"{MAX_SECONDS:,.0f}")
    return float(value)


def is_name(value: object) -> bool:
    """Whether ``value`` is a name: a string of 1 to :data:`MAX_NAME` printable characters."""
    return isinstance(value, str) and 0 < len(value) <= MAX_NAME and value.isprintable()


def name(value: object, what: str) -> str:
    """``value`` when it is a name (:func:`is_name`).

    Raises:
        SaveError: anything else, naming ``what``.
    """
    if isinstance(value, str) and is_name(value):
        return value
    raise SaveError(f"{what} is {shown(value)}, not a name")


__all__ = ["MAX_COUNT", "MAX_NAME", "MAX_SECONDS", "count", "is_count", "is_name", "is_whole",
           "name", "seconds", "shown"]
