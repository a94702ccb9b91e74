"""No module in ``nonotui`` is over 600 lines (issue 17): a module that grows past it is split
along a seam, as model/kind.py (protocols; vocabularies in model/vocab.py), formats/xml.py
(reading; writing in formats/_xml_write.py) and ui/screens/play.py were."""

from __future__ import annotations

from pathlib import Path

MAX_LINES = 600

PACKAGE = Path(__file__).resolve().parents[2] / "nonotui"

STILL_TOO_LONG: dict[str, str] = {
    # module: why it is still allowed, until it is split (none left: ui/screens/play.py gave
    # its status facts to ui/status.py, its clock text to ui/clock.py and its questions to
    # ui/screens/dialogs.py)
}


def line_counts() -> dict[str, int]:
    return {
        path.relative_to(PACKAGE).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
        for path in PACKAGE.rglob("*.py")
    }


def test_no_module_is_over_600_lines() -> None:
    counts = line_counts()
    assert counts, "no module found: the package path is wrong"
    too_long = {m: n for m, n in counts.items() if n > MAX_LINES and m not in STILL_TOO_LONG}
    assert not too_long, f"split these modules (over {MAX_LINES} lines): {too_long}"
    stale = [m for m in STILL_TOO_LONG if counts.get(m, 0) <= MAX_LINES]
    assert not stale, f"no longer over {MAX_LINES} lines, remove from STILL_TOO_LONG: {stale}"


def test_the_split_modules_still_offer_their_public_names() -> None:
    from nonotui.kinds.nonogram.formats import _xml_write, xml
    from nonotui.model import kind, vocab

    for name in vocab.__all__:
        assert getattr(kind, name) is getattr(vocab, name), name
        assert name in kind.__all__, name
    assert xml.write is _xml_write.write
