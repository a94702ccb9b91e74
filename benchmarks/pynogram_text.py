"""Read pynogram's example text format (black and white), so a benchmark needs only a pynogram checkout.

pynogram (tsionyx/pynogram) keeps its example puzzles, LalaFrogKK and MLP among them, in a small
text format of its own: ``#`` or ``;`` starts a comment (to the end of the line); sections start
with ``[name]``; the clues are in ``[clues]`` as ``rows =`` and ``columns =``, each followed (on the
same line or the next ones) by one clue per item, items separated by commas and/or line ends, a
clue being block lengths separated by spaces, optionally in single or double quotes; ``0`` or an
empty quoted item is an empty line. Colour puzzles (a ``[colors]`` section with entries, or a
block length with a colour suffix such as ``2g``) are refused: the peers compared here are
black and white.

Those puzzles are not redistributable, so nonotui does not ship them: the benchmark reads them
from the folder named by ``NONOTUI_HARD_DIR`` (see ``benchmarks/peers.py``). The 9-Dom puzzle of
Wolter's survey is built from pynogram's ``domino.txt`` template with :func:`expand_template`,
which repeats the line after each ``duplicate the following line (n - 1) times`` comment.
"""

from __future__ import annotations

import re
from pathlib import Path

from nonotui.errors import PuzzleError, PuzzleFormatError
from nonotui.kinds.nonogram.puzzle import Puzzle

_COMMENT = re.compile(r"[#;]")
_SECTION = re.compile(r"^\[\s*([A-Za-z_]+)\s*\]$")
_KEY = re.compile(r"^(rows|columns)\s*=(.*)$", re.IGNORECASE)
_DUPLICATE = re.compile(r"duplicate the following line", re.IGNORECASE)


def _clue(item: str, path: str, line: int) -> tuple[int, ...]:
    text = item.strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        text = text[1:-1].strip()
    blocks: list[int] = []
    for token in text.split():
        if not token.isdigit():
            raise PuzzleFormatError(path, line, f"{token!r} is not a block length "
                                    "(colour puzzles are not supported)")
        blocks.append(int(token))
    if blocks == [0]:
        return ()
    if 0 in blocks:
        raise PuzzleFormatError(path, line, "a block length of 0 beside other blocks")
    return tuple(blocks)


def parse(text: str, path: str | Path = "<text>", title: str = "") -> Puzzle:
    """The black-and-white puzzle in pynogram's text format.

    Raises:
        PuzzleFormatError: naming the file and line: no ``[clues]`` section, a missing ``rows``
            or ``columns``, a key other than those two, a token that is not a block length,
            colours, or clues that no board can satisfy.
    """
    where = str(path)
    section = ""
    key = ""
    clues: dict[str, list[tuple[int, ...]]] = {}
    first_line: dict[str, int] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        content = _COMMENT.split(raw, maxsplit=1)[0].strip()
        if not content:
            continue
        section_match = _SECTION.match(content)
        if section_match:
            section = section_match.group(1).lower()
            key = ""
            continue
        if section == "colors":
            raise PuzzleFormatError(where, number, "colour puzzles are not supported")
        if section != "clues":
            raise PuzzleFormatError(where, number, "text outside the [clues] section")
        key_match = _KEY.match(content)
        if key_match:
            key = key_match.group(1).lower()
            if key in clues:
                raise PuzzleFormatError(where, number, f"{key} given twice")
            clues[key] = []
            first_line[key] = number
            content = key_match.group(2).strip()
        elif "=" in content:
            raise PuzzleFormatError(where, number, f"unknown key {content.split('=')[0].strip()!r}"
                                    " (expected rows or columns)")
        if not content:
            continue
        if not key:
            raise PuzzleFormatError(where, number, "clues before 'rows =' or 'columns ='")
        items = content.split(",")
        if items[-1].strip() == "":
            items = items[:-1]          # a line may end with a comma
        for item in items:
            clues[key].append(_clue(item, where, number))
    for key in ("rows", "columns"):
        if not clues.get(key):
            raise PuzzleFormatError(where, None, f"no {key} in a [clues] section")
    try:
        return Puzzle(rows=tuple(clues["rows"]), columns=tuple(clues["columns"]),
                      title=title or Path(where).stem)
    except PuzzleError as error:
        raise PuzzleFormatError(where, first_line["rows"], str(error)) from None


def expand_template(text: str, n: int) -> str:
    """pynogram's ``domino.txt`` with the line after each "duplicate the following line (n - 1)
    times" comment written ``n - 1`` times (``n = 9`` gives the survey's 9-Dom)."""
    out: list[str] = []
    repeat = False
    for raw in text.splitlines():
        content = _COMMENT.split(raw, maxsplit=1)[0].strip()
        if repeat and content:
            out.extend([raw] * (n - 1))
            repeat = False
            continue
        if _DUPLICATE.search(raw):
            repeat = True
        out.append(raw)
    return "\n".join(out) + "\n"


def load(path: Path, title: str = "", template_n: int | None = None) -> Puzzle:
    """The puzzle in the pynogram file ``path`` (a template expanded to ``template_n``)."""
    text = path.read_text(encoding="utf-8")
    if template_n is not None:
        text = expand_template(text, template_n)
    return parse(text, path, title)
