"""Share codes (``nonotui:1:`` and base64url of the puzzle's document): every bundled puzzle and
a thousand generated ones come back whole (clues, colours, picture, title and author, hence the
same identity), a code is never taken for another form, and a damaged one says what is wrong.

What comes back is compared field by field with the puzzle that went in, and the encoding is
read back by hand (base64url, JSON) as well, not only through :func:`share.decode`.
"""

from __future__ import annotations

import base64
import json
import random
from pathlib import Path

import pytest

from nonotui import kinds
from nonotui.errors import NonotuiError
from nonotui.kinds.nonogram.formats import tatham
from nonotui.kinds.nonogram.puzzle import Color, Puzzle
from nonotui.kinds.nonogram.recipes import looks_like_id

REPO = Path(__file__).resolve().parents[3]
BUNDLED = sorted([*(REPO / "puzzles").glob("*.non"), *(REPO / "puzzles").glob("*.aq")])
PALETTE = (Color("white", "#ffffff", "."), Color("red", "#ff0000", "r"),
           Color("blue", "#0000ff", "b"), Color("green", "#00aa00", "g"))


def same(a: object, b: object) -> None:
    for field in ("identity", "title", "author", "goal", "width", "height"):
        assert getattr(a, field) == getattr(b, field), field
    if isinstance(a, Puzzle) and isinstance(b, Puzzle):
        assert a.palette == b.palette and a.rows == b.rows and a.columns == b.columns


def payload(code: str) -> dict[str, object]:
    packed = code.split(":", 2)[2]
    document = json.loads(base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4)))
    assert isinstance(document, dict)
    return document


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.name)
def test_every_bundled_puzzle_comes_back_whole(path: Path) -> None:
    for puzzle in kinds.load_all(path):
        code = kinds.share_code(puzzle)
        assert code.startswith("nonotui:1:") and "=" not in code and "/" not in code
        assert payload(code)["kind"] == kinds.kind_of(puzzle).name
        same(kinds.from_share_code(code), puzzle)
        (opened,), label = kinds.open_spec(code)
        same(opened, puzzle)


def test_a_thousand_generated_pictures_come_back_whole() -> None:
    rng = random.Random(20261205)
    for n in range(1000):
        h, w = rng.randint(1, 12), rng.randint(1, 12)
        colours = rng.choice([1, 1, 2, 3])
        picture = [[rng.randint(0, colours) if rng.random() < 0.6 else 0 for _ in range(w)]
                   for _ in range(h)]
        puzzle = Puzzle.from_picture(
            picture, colors=PALETTE[:colours + 1] if colours > 1 else (),
            title=f"Picture {n}" if n % 3 else None, author="someone" if n % 5 == 0 else None)
        back = kinds.from_share_code(kinds.share_code(puzzle))
        same(back, puzzle)
        document = payload(kinds.share_code(puzzle))
        assert document["rows"] == [list(r) for r in puzzle.rows]
        assert ("palette" in document) == puzzle.is_color


def test_a_code_is_never_taken_for_another_form(tmp_path: Path) -> None:
    code = kinds.share_code(kinds.open_one(str(REPO / "puzzles" / "heart.non")))
    assert not tatham.looks_like_id(code) and not looks_like_id(code)
    assert kinds.get("aquarium").read_spec(code) is None
    assert kinds.get("nonogram").read_spec(code) is None
    assert not kinds.looks_like_share_code("15x15:1/2") and not kinds.looks_like_share_code("heart")


@pytest.mark.parametrize(("code", "message"), [
    ("nonotui:1:eyJraW5k", "damaged"),                     # cut short
    ("nonotui:1:!!!", "damaged"),
    ("nonotui:9:e30", "version 9, newer than this nonotui reads"),
    ("nonotui:x:e30", "no version"),
    ("nonotui:1:" + base64.urlsafe_b64encode(b'{"kind":"chess"}').decode().rstrip("="),
     "a chess puzzle, a kind this nonotui does not know"),
    ("nonotui:1:" + base64.urlsafe_b64encode(b'[1,2]').decode().rstrip("="), "no puzzle kind"),
    ("nonotui:1:" + base64.urlsafe_b64encode(
        b'{"kind":"nonogram","rows":[[6]],"columns":[[1]]}').decode().rstrip("="),
     "not a nonogram puzzle"),
    ("nonotui:1:" + base64.urlsafe_b64encode(
        b'{"kind":"nonogram","rows":"x","columns":[[1]]}').decode().rstrip("="),
     "rows is missing or not a list"),
    ("nonotui:1:" + base64.urlsafe_b64encode(
        b'{"kind":"nonogram","rows":[1],"columns":[[1]]}').decode().rstrip("="),
     "rows holds 1"),
    ("nonotui:1:" + base64.urlsafe_b64encode(
        b'{"kind":"aquarium","rows":[[1]],"columns":[1],"tanks":[[0]]}').decode().rstrip("="),
     "rows holds \\[1\\]"),
    ("nonotui:1:" + base64.urlsafe_b64encode(
        b'{"kind":"aquarium","rows":[1],"columns":[1],"tanks":[[0]],"picture":["x"]}'
    ).decode().rstrip("="), "picture holds a character other than"),
])
def test_a_damaged_code_says_what_is_wrong(code: str, message: str) -> None:
    with pytest.raises(NonotuiError, match="share code: .*" + message.replace("(", r"\(")):
        kinds.from_share_code(code)


def test_a_puzzle_opened_from_a_code_is_kept_and_listed_by_the_library(tmp_path: Path) -> None:
    from nonotui.store.catalog import Catalog
    from nonotui.store.paths import DataDir

    catalog = Catalog(DataDir(tmp_path))
    heart = kinds.open_one(str(REPO / "puzzles" / "heart.non"))
    code = kinds.share_code(heart)
    puzzle, label, note = catalog.resolve_noted(code)
    assert note is None and label == "shared-heart-4cb52834.non"
    same(puzzle, heart)
    listed = [e for e in catalog.user() if e.puzzle is not None]
    assert [e.puzzle.identity for e in listed] == [heart.identity]
    catalog.resolve_noted(code)  # opened again: found, not kept twice
    assert len(catalog.user()) == 1
