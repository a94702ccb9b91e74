"""Share codes: a whole puzzle in one line of text, ``nonotui:1:`` and then base64url.

A code is ``nonotui:`` + its version + ``:`` + the base64url (RFC 4648's URL-safe alphabet,
without the ``=`` padding) of a JSON document in UTF-8, written canonically (no spaces, keys in
the kind's order): ``{"kind": "nonogram", ...}`` and then what the kind's
:meth:`~nonotui.model.kind.Kind.share_document` gives (its canonical clue document first, then a
palette, the picture, the title and author when the puzzle has them). ``nonotui play CODE`` and
every command that takes a FILE read it (:func:`nonotui.kinds.open_spec`); ``nonotui share
FILE`` writes it.

A code can never be taken for anything else nonotui reads: a Tatham game id starts with its size
(``15x15:``), a generator id with ``gen``, a puzz.link URL with ``http``, a file's name would need
the ``nonotui:`` scheme; and the letters of base64url hold no ``/`` or ``#``.
"""

from __future__ import annotations

import base64
import binascii
import json
from typing import Any

from nonotui import kinds
from nonotui.errors import NonotuiError

PREFIX = "nonotui:"
"""What every share code starts with."""
VERSION = 1
"""The version of the code's layout, the ``1`` of ``nonotui:1:``; a newer nonotui reads the
older versions."""
MOST_CHARS = 1_000_000
"""The longest code read: a 100x100 puzzle with its picture is under 40,000 characters."""


class ShareCodeError(NonotuiError):
    """A share code that cannot be read: damaged, of another version, or of no known kind."""

    def __init__(self, problem: str) -> None:
        super().__init__(f"share code: {problem}")


def looks_like_code(spec: str) -> bool:
    """Whether ``spec`` means to be a share code (it starts with ``nonotui:``)."""
    return spec.startswith(PREFIX)


def encode(puzzle: Any) -> str:
    """The share code of ``puzzle``.

    Raises:
        UnsupportedPuzzleError: its kind has no share codes.
    """
    kind = kinds.kind_of(puzzle)
    document = {"kind": kind.name, **kind.share_document(puzzle)}
    text = json.dumps(document, separators=(",", ":"), ensure_ascii=False)
    packed = base64.urlsafe_b64encode(text.encode("utf-8")).rstrip(b"=").decode("ascii")
    return f"{PREFIX}{VERSION}:{packed}"


def decode(code: str) -> Any:
    """The puzzle a share code holds.

    Raises:
        ShareCodeError: the code is damaged, of a version this nonotui does not read, or of a
            kind it does not know; the message says which.
        NonotuiError: the document is not a puzzle of its kind (the kind says what is wrong).
    """
    code = code.strip()
    if len(code) > MOST_CHARS:
        raise ShareCodeError(f"longer than {MOST_CHARS:,} characters")
    if not looks_like_code(code):
        raise ShareCodeError("it does not start with nonotui:")
    version, _, packed = code[len(PREFIX):].partition(":")
    if not version.isdigit():
        raise ShareCodeError("no version after nonotui: (codes look like nonotui:1:...)")
    if int(version) != VERSION:
        newer = int(version) > VERSION
        raise ShareCodeError(f"version {version}" + (", newer than this nonotui reads"
                                                    if newer else " is not one nonotui made"))
    try:
        raw = base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4))
        document = json.loads(raw.decode("utf-8"))
    except (binascii.Error, ValueError, UnicodeDecodeError):
        raise ShareCodeError("damaged (not a whole code: was part of it lost in copying?)")
    if not isinstance(document, dict) or not isinstance(document.get("kind"), str):
        raise ShareCodeError("damaged (no puzzle kind in it)")
    name = document.pop("kind")
    if name not in kinds.names():
        raise ShareCodeError(f"a {name} puzzle, a kind this nonotui does not know")
    return kinds.get(name).from_share_document(document)


__all__ = ["PREFIX", "VERSION", "ShareCodeError", "decode", "encode", "looks_like_code"]
