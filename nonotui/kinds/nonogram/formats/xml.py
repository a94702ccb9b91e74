"""webpbn's XML format (read here, written by :mod:`nonotui.kinds.nonogram.formats._xml_write`), parsed safely.

A ``<puzzleset>`` holds one or more ``<puzzle type="grid" defaultcolor=".." backgroundcolor="..">``
elements (white and black unless given). A puzzle has metadata elements, ``<color name=".."
char="..">rgb</color>`` definitions (three or six hex digits; ``white`` and ``black`` exist even
when undefined), ``<clues type="rows">`` and ``<clues type="columns">`` with one ``<line>`` per
line holding ``<count color="..">n</count>`` elements (the default colour when ``color`` is
absent), and ``<solution type="goal|solution|saved"><image>`` pictures: rows between ``|``
characters, one colour character per cell; a saved image may also use ``?`` (unknown) and
``[ab]`` (any of those colours).

What nonotui does with each part:

- ``title``, ``author``, ``copyright``, ``description``: kept (white space around them is
  dropped). ``source`` and ``id`` together become the catalogue (``webpbn.com #1``); writing
  splits a catalogue ending in ``#id`` back into the two. ``license`` is not part of webpbn's
  format; nonotui writes it as a ``<license>`` element, which other readers ignore. Author,
  copyright and source given on the ``<puzzleset>`` apply to puzzles that lack their own.
- Colours: only those the clues use are kept (defined order), so declaring unused colours does not
  turn a black-and-white puzzle into a colour one.
- A puzzle without clues but with a goal gets its clues from the goal.
- The first goal becomes the goal and the first saved solution the saved state; ``solution``
  images (a solution that need not be the intended one) are ignored.
- Triddlers and other non-grid puzzle types are refused.

Safety: the file is parsed with defusedxml. Any entity declaration (billion laughs, external
entities) is refused with an error and nothing is expanded or fetched; a ``<!DOCTYPE>`` naming an
external DTD is allowed but never read. HTML entities such as ``&copy;`` that such a DTD would
define are decoded from a fixed table; any other undefined entity is an error.
"""

from __future__ import annotations

import functools
import html.entities
import io
import re
from dataclasses import dataclass, field
from xml.parsers import expat
from xml.sax import SAXParseException
from xml.sax.handler import ContentHandler
from xml.sax.xmlreader import AttributesImpl, InputSource, Locator

from defusedxml.common import EntitiesForbidden, ExternalReferenceForbidden

from nonotui.errors import PuzzleFormatError, quote
from nonotui.kinds.nonogram.formats._build import build_puzzle
from nonotui.kinds.nonogram.formats._colors import CHAR_POOL, collapse, parse_rgb
from nonotui.kinds.nonogram.formats._text import MAX_PUZZLES
from nonotui.kinds.nonogram.formats._xml_write import DEFAULT_PALETTE as _DEFAULT_PALETTE
from nonotui.kinds.nonogram.formats._xml_write import TEXT_TAGS as _TEXT_TAGS
from nonotui.kinds.nonogram.formats._xml_write import (  # the format's writer, re-exported
    write as write,
)
from nonotui.kinds.nonogram.puzzle import MAX_SIZE, Axis, Color, Puzzle, clue_of
from nonotui.model.cells import color_bit, unknown_for

NAME = "xml"
EXTENSIONS = (".xml",)
WRITABLE = True
MULTI = True

_INHERITED = ("author", "copyright", "license", "source")
MAX_DEPTH = 32
"""Elements nested deeper than this are refused (webpbn's own go five deep)."""
MAX_CHILDREN = MAX_SIZE + 24
"""The most children an element other than ``<puzzleset>`` may have: a ``<line>`` per row or
column, a ``<count>`` per cell of a colour line, and a few more for metadata."""


def _short(text: str) -> str:
    """A tag or name from the file, cut for a message."""
    return text if len(text) <= 30 else f"{text[:20]}... ({len(text):,} characters)"


@dataclass
class _Node:
    """An element with the line it starts on, for error messages."""

    tag: str
    attrs: dict[str, str]
    line: int
    children: list[_Node] = field(default_factory=list)
    parts: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        """The element's own text (not its children's)."""
        return "".join(self.parts)

    def find(self, tag: str) -> list[_Node]:
        """The children with tag ``tag``."""
        return [c for c in self.children if c.tag == tag]


@functools.cache
def _safe_parser_class() -> type:
    """defusedxml's SAX parser, subclassed so that it also never asks for an external DTD.

    Built on first use: defusedxml's expat reader imports ``xml.sax.saxutils`` and with it
    urllib, http.client, email and ssl, some 25 ms that every start of the player (which
    imports this module with the format registry) would otherwise pay before its first frame.
    """
    from defusedxml.expatreader import DefusedExpatParser

    class SafeParser(DefusedExpatParser):
        """webpbn's own files carry ``<!DOCTYPE pbn SYSTEM "http://webpbn.com/...">``; with
        parameter entity parsing off, expat skips that DTD instead of reporting it as an
        external reference, while entity declarations and external references stay
        forbidden."""

        _parser: expat.XMLParserType  # set by reset(); the stubs do not declare it

        def reset(self) -> None:
            super().reset()
            self._parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)

    return SafeParser


class _TreeBuilder(ContentHandler):
    """Builds :class:`_Node` elements, recording where each starts."""

    def __init__(self, path: str) -> None:
        super().__init__()
        self.path = path
        self.root: _Node | None = None
        self.stack: list[_Node] = []
        self.locator: Locator | None = None

    def setDocumentLocator(self, locator: Locator) -> None:  # noqa: N802 (SAX's name)
        self.locator = locator

    def line(self) -> int | None:
        return self.locator.getLineNumber() if self.locator is not None else None

    def startElement(self, name: str, attrs: AttributesImpl) -> None:  # noqa: N802
        node = _Node(name.lower(), dict(attrs), self.line() or 1)
        # Stop at the first element no puzzle needs, rather than building the whole tree.
        if len(self.stack) >= MAX_DEPTH:
            raise PuzzleFormatError(
                self.path, node.line, f"elements nested more than {MAX_DEPTH} deep; a webpbn "
                "puzzle nests five"
            )
        if self.stack:
            parent = self.stack[-1]
            limit = MAX_PUZZLES + 24 if parent.tag == "puzzleset" else MAX_CHILDREN
            if len(parent.children) >= limit:
                raise PuzzleFormatError(
                    self.path, node.line, f"<{_short(parent.tag)}> holds more than {limit:,} "
                    "elements, more than any puzzle needs"
                )
            parent.children.append(node)
        else:
            self.root = node
        self.stack.append(node)

    def endElement(self, name: str) -> None:  # noqa: N802
        self.stack.pop()

    def characters(self, content: str) -> None:
        if self.stack:
            self.stack[-1].parts.append(content)

    def skippedEntity(self, name: str) -> None:  # noqa: N802
        # Reached only for references to an unread external DTD; HTML's entities are decoded
        # from Python's own table, which cannot recurse or fetch anything.
        char = html.entities.html5.get(name + ";")
        if char is None:
            raise PuzzleFormatError(
                self.path, self.line(), f"the entity &{_short(name)}; is not defined"
            )
        self.characters(char)


def sniff(text: str) -> bool:
    """Whether the text is XML with a ``<puzzleset>`` or ``<puzzle>`` element."""
    return text.lstrip().startswith("<") and "<puzzle" in text


def _parse_tree(text: str, path: str) -> _Node:
    builder = _TreeBuilder(path)
    parser = _safe_parser_class()(forbid_dtd=False, forbid_entities=True, forbid_external=True)
    parser.setContentHandler(builder)
    source = InputSource()
    # Text, not bytes: the file is already decoded, so an encoding declaration cannot misdecode it.
    source.setCharacterStream(io.StringIO(text))
    try:
        parser.parse(source)
    except SAXParseException as exc:
        raise PuzzleFormatError(
            path, exc.getLineNumber(), f"not well-formed XML: {exc.getMessage()}"
        ) from None
    except EntitiesForbidden as exc:
        raise PuzzleFormatError(
            path,
            builder.line(),
            f"the file declares the entity {quote(exc.name)}; nonotui does not expand XML "
            "entities",
        ) from None
    except ExternalReferenceForbidden as exc:
        raise PuzzleFormatError(
            path,
            builder.line(),
            f"the file refers to the external resource {quote(str(exc.sysid))}, which nonotui "
            "never reads",
        ) from None
    assert builder.root is not None  # expat reports a document without elements
    return builder.root


def read(text: str, path: str) -> list[Puzzle]:
    """Every puzzle of a webpbn XML puzzle set."""
    root = _parse_tree(text, path)
    if root.tag == "puzzle":
        return [_read_puzzle(root, {}, path)]
    if root.tag != "puzzleset":
        raise PuzzleFormatError(
            path, root.line, f"the root element is <{_short(root.tag)}>, not webpbn's <puzzleset>"
        )
    defaults = {tag: _text(root.find(tag)[0]) for tag in _INHERITED if root.find(tag)}
    return [_read_puzzle(node, defaults, path) for node in root.find("puzzle")]


def _text(node: _Node) -> str | None:
    text = node.text.strip()
    return text or None


def _read_puzzle(node: _Node, defaults: dict[str, str | None], path: str) -> Puzzle:
    kind = node.attrs.get("type", "grid")
    if kind.lower() != "grid":
        raise PuzzleFormatError(
            path,
            node.line,
            f"puzzle type {quote(kind)} is not supported; nonotui reads grid puzzles",
        )
    colors = _colors(node, path)
    background = node.attrs.get("backgroundcolor", "white")
    default = node.attrs.get("defaultcolor", "black")
    for attr, name in (("backgroundcolor", background), ("defaultcolor", default)):
        if name not in colors:
            raise PuzzleFormatError(
                path, node.line, f"{attr} {quote(name)} is not defined by a <color> element"
            )
    by_char = {c.char: name for name, c in colors.items()}
    goal_node, saved_node = _solutions(node, path)
    goal = _goal_names(_image(goal_node, path, exact=True), by_char, path) if goal_node else None
    clues = _clues(node, colors, background, default, path)
    if clues is None:
        if goal_node is None or goal is None:
            raise PuzzleFormatError(
                path, node.line, "the puzzle has neither <clues> nor a goal <solution>"
            )
        clues = _clues_of_goal(goal, background, goal_node.line)

    used = {name for lines, _ in clues.values() for clue in lines for _, name in clue}
    block_names = [n for n in colors if n != background and n in used] or [default]
    palette = [colors[background]] + [colors[n] for n in block_names]
    index = {background: 0} | {n: k + 1 for k, n in enumerate(block_names)}
    is_color = len(block_names) > 1
    (rows, row_lines), (columns, column_lines) = clues["rows"], clues["columns"]
    fields: dict[str, object] = dict(
        _metadata(node, defaults),
        rows=[[n for n, _ in clue] for clue in rows],
        columns=[[n for n, _ in clue] for clue in columns],
        colors=collapse(palette, _DEFAULT_PALETTE),
        row_colors=[[index[c] for _, c in clue] for clue in rows] if is_color else None,
        column_colors=[[index[c] for _, c in clue] for clue in columns] if is_color else None,
    )

    def line_of(axis: Axis, i: int) -> int:
        return (row_lines if axis == "row" else column_lines)[i]

    puzzle = build_puzzle(path, line_of, node.line, **fields)
    # The saved state and then the goal are checked apart, so that their errors name their own
    # line, and the goal (the costly check) only once.
    if saved_node is not None:
        saved = _image(saved_node, path, exact=False)
        fields["saved"] = _saved_values(saved, by_char, index, puzzle.n_colors, path)
        puzzle = build_puzzle(path, None, saved_node.line, **fields)
    if goal_node is not None and goal is not None:
        fields["goal"] = _goal_values(goal, index, path, goal_node.line)
        puzzle = build_puzzle(path, None, goal_node.line, **fields)
    return puzzle


def _metadata(node: _Node, defaults: dict[str, str | None]) -> dict[str, str | None]:
    """The puzzle's texts; ``source`` and ``id`` joined into the catalogue."""
    meta = dict(defaults)
    for tag in (*_TEXT_TAGS, "source", "id"):
        if node.find(tag):
            meta[tag] = _text(node.find(tag)[0])
    catalogue = " ".join(t for t in (meta.pop("source", None), meta.pop("id", None)) if t)
    return {"catalogue": catalogue or None} | {tag: meta.get(tag) for tag in _TEXT_TAGS}


def _colors(node: _Node, path: str) -> dict[str, Color]:
    """The colours a puzzle defines, by name, plus white and black when it leaves them out."""
    colors: dict[str, Color] = {}
    for el in node.find("color"):
        name = el.attrs.get("name", "").strip()
        if not name:
            raise PuzzleFormatError(path, el.line, "a <color> element has no name")
        if name in colors:
            raise PuzzleFormatError(path, el.line, f"colour {quote(name)} is defined twice")
        rgb = parse_rgb(el.text)
        if rgb is None:
            raise PuzzleFormatError(
                path,
                el.line,
                f"colour {quote(name)}: {quote(el.text.strip())} is not an RGB hex value",
            )
        char = el.attrs.get("char", "")
        if len(char) > 1 or (char and (char.isspace() or char in "|?[]")):
            raise PuzzleFormatError(
                path,
                el.line,
                f"colour {quote(name)}: char {quote(char)} must be one character, not "
                "white space, |, ?, [ or ]",
            )
        if char and any(c.char == char for c in colors.values()):
            raise PuzzleFormatError(path, el.line, f"two colours use the char {char!r}")
        colors[name] = Color(name, rgb, char)
    for implicit in _DEFAULT_PALETTE:
        if implicit.name not in colors:
            taken = any(c.char == implicit.char for c in colors.values())
            colors[implicit.name] = Color(
                implicit.name, implicit.rgb, "" if taken else implicit.char
            )
    # Colours without a char still need one for images; give them free ones.
    free = (c for c in CHAR_POOL if all(x.char != c for x in colors.values()))
    return {n: c if c.char else Color(n, c.rgb, next(free)) for n, c in colors.items()}


def _solutions(node: _Node, path: str) -> tuple[_Node | None, _Node | None]:
    """The ``<image>`` of the first goal and of the first saved solution."""
    found: dict[str, _Node] = {}
    for el in node.find("solution"):
        kind = el.attrs.get("type", "goal").lower()
        if kind not in ("goal", "solution", "saved"):
            raise PuzzleFormatError(path, el.line, f"unknown solution type {quote(kind)}")
        images = el.find("image")
        if not images:
            raise PuzzleFormatError(path, el.line, "a <solution> has no <image>")
        found.setdefault(kind, images[0])
    return found.get("goal"), found.get("saved")


ClueLines = tuple[list[list[tuple[int, str]]], list[int]]


def _clues(
    node: _Node, colors: dict[str, Color], background: str, default: str, path: str
) -> dict[str, ClueLines] | None:
    """Each axis's clues as ``(length, colour name)`` blocks with their lines; ``None`` if none."""
    found: dict[str, ClueLines] = {}
    for el in node.find("clues"):
        kind = el.attrs.get("type", "").lower()
        if kind not in ("rows", "columns"):
            raise PuzzleFormatError(
                path, el.line, f"clues type {quote(kind)} is not rows or columns"
            )
        if kind in found:
            raise PuzzleFormatError(path, el.line, f"the {kind} clues are given twice")
        lines, numbers = [], []
        for line in el.find("line"):
            clue = []
            counts = line.find("count")
            for count in counts:
                value = count.text.strip()
                if not (value.isdigit() and value.isascii()) or len(value) > 6:
                    raise PuzzleFormatError(
                        path, count.line, f"<count> holds {quote(value)}, not a block length"
                    )
                name = count.attrs.get("color", default)
                if name not in colors:
                    raise PuzzleFormatError(
                        path,
                        count.line,
                        f"colour {quote(name)} is not defined by a <color> element",
                    )
                if name == background:
                    raise PuzzleFormatError(
                        path, count.line, f"a block cannot have the background colour {quote(name)}"
                    )
                if int(value) == 0 and len(counts) > 1:
                    raise PuzzleFormatError(
                        path, count.line, "a <count> of 0 may only stand alone (an empty line)"
                    )
                if int(value):  # webpbn writes no <count> for an empty line; a lone 0 is the same
                    clue.append((int(value), name))
            lines.append(clue)
            numbers.append(line.line)
        found[kind] = (lines, numbers)
    if not found:
        return None
    for kind in ("rows", "columns"):
        if kind not in found:
            raise PuzzleFormatError(path, node.line, f'the puzzle has no <clues type="{kind}">')
    return found


@dataclass
class _Image:
    """The cells of an image as written (a character, ``?`` or ``[..]``), row by row."""

    rows: list[list[str]]
    lines: list[int]
    """The file line each row starts on."""


_ROW = re.compile(r"\|([^|]*)\|")
_CELL = re.compile(r"\[[^\]]*\]|[^\s\[\]]|[\[\]]")


def _image(node: _Node, path: str, exact: bool) -> _Image:
    """The ``|...|`` rows of an ``<image>``; ``exact`` (a goal) refuses ``?`` and ``[..]``."""
    text, image, line, pos = node.text, _Image([], []), node.line, 0

    def stray(between: str, problem: str) -> PuzzleFormatError:
        offset = len(between) - len(between.lstrip())
        return PuzzleFormatError(path, line + between.count("\n", 0, offset), problem)

    for match in _ROW.finditer(text):
        between = text[pos : match.start()]
        if between.strip():
            raise stray(between, f"the image has {between.strip()[0]!r} outside its |...| rows")
        line += between.count("\n")
        if len(image.rows) == MAX_SIZE:
            raise PuzzleFormatError(
                path, line, f"the image has more than {MAX_SIZE} rows, more than a puzzle can have"
            )
        if len(match.group(1)) > 2 * MAX_SIZE and len(_CELL.findall(match.group(1))) > MAX_SIZE:
            raise PuzzleFormatError(
                path,
                line,
                f"an image row of more than {MAX_SIZE} cells, more than a puzzle can have",
            )
        cells = _CELL.findall(match.group(1))
        for cell in cells:
            broken = cell in ("[", "]") or (cell[0] == "[" and not cell[1:-1].strip())
            if exact and (cell == "?" or cell[0] == "["):
                raise PuzzleFormatError(
                    path, line, f"{quote(cell)} in a goal: a cell must be one colour"
                )
            if broken:
                raise PuzzleFormatError(
                    path, line, f"{quote(cell)} in an image: an unmatched or empty []"
                )
        image.rows.append(cells)
        image.lines.append(line)
        line += match.group(1).count("\n")
        pos = match.end()
    rest = text[pos:]
    if rest.strip():
        what = (
            "a row that does not end with |"
            if "|" in rest
            else f"{rest.strip()[0]!r} after its rows"
        )
        raise stray(rest, f"the image has {what}")
    if not image.rows:
        raise PuzzleFormatError(path, node.line, "the image is empty")
    for r, cells in enumerate(image.rows):
        if len(cells) != len(image.rows[0]):
            raise PuzzleFormatError(
                path,
                image.lines[r],
                f"image row {r + 1} has {len(cells)} cells, row 1 has {len(image.rows[0])}",
            )
    return image


def _names(chars: str, by_char: dict[str, str], path: str, line: int) -> list[str]:
    """The colour names of the characters of one image cell."""
    unknown = [c for c in chars if c not in by_char and not c.isspace()]
    if unknown:
        raise PuzzleFormatError(
            path, line, f"the image uses {unknown[0]!r}, which is no colour's char"
        )
    return [by_char[c] for c in chars if not c.isspace()]


def _goal_names(image: _Image, by_char: dict[str, str], path: str) -> list[list[str]]:
    """The colour name of every cell of a goal image."""
    return [_names("".join(row), by_char, path, line) for row, line in zip(image.rows, image.lines)]


def _clues_of_goal(goal: list[list[str]], background: str, line: int) -> dict[str, ClueLines]:
    names = sorted({name for row in goal for name in row if name != background})
    code = {n: k + 1 for k, n in enumerate(names)}
    picture = [[code.get(name, 0) for name in row] for row in goal]
    clues: dict[str, ClueLines] = {}
    for kind, lines in (("rows", picture), ("columns", [list(c) for c in zip(*picture)])):
        found = []
        for values in lines:
            blocks, colors = clue_of(values)
            found.append([(n, names[k - 1]) for n, k in zip(blocks, colors)])
        clues[kind] = (found, [line] * len(found))
    return clues


def _goal_values(
    goal: list[list[str]], index: dict[str, int], path: str, line: int
) -> list[list[int]]:
    """The goal as colour indices; a colour no clue uses cannot be in it."""
    unused = sorted({name for row in goal for name in row} - set(index))
    if unused:
        raise PuzzleFormatError(
            path, line, f"the goal uses colour {quote(unused[0])}, which no clue has"
        )
    return [[index[name] for name in row] for row in goal]


def _saved_values(
    image: _Image, by_char: dict[str, str], index: dict[str, int], n_colors: int, path: str
) -> list[list[int]]:
    """The saved image as cell bitsets: ``?`` is unknown, ``[..]`` the union of its colours."""
    full = unknown_for(n_colors)
    bits: dict[str, int] = {"?": full}
    out = []
    for row, line in zip(image.rows, image.lines):
        for cell in row:
            if cell not in bits:
                value = 0
                for name in _names(cell.strip("[]"), by_char, path, line):
                    if name not in index:
                        raise PuzzleFormatError(
                            path,
                            line,
                            f"the saved image uses colour {quote(name)}, which no clue has",
                        )
                    value |= color_bit(index[name])  # colour 0's bit is EMPTY
                bits[cell] = value
        out.append([bits[cell] for cell in row])
    return out
