"""Every file of the broken corpus is refused with an error naming its file, line and problem.

``tests/data/broken/expected.json`` gives, for each file, the line the error must name (``null``
when the problem concerns the whole file) and a fragment of the expected problem.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nonotui.errors import PuzzleFormatError
from nonotui.kinds.nonogram.formats import FORMATS, load, parse

BROKEN = Path(__file__).resolve().parents[2] / "data" / "broken"
EXPECTED: dict[str, dict] = json.loads((BROKEN / "expected.json").read_text(encoding="utf-8"))


def test_the_corpus_and_its_table_agree() -> None:
    on_disk = {p.name for p in BROKEN.iterdir() if p.name != "expected.json"}
    assert on_disk == set(EXPECTED)
    assert len(on_disk) >= 35
    extensions = {Path(name).suffix for name in on_disk}
    assert {".non", ".xml", ".nin", ".cwd", ".mk", ".g", ".txt", ".pic"} <= extensions


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_broken_file_is_refused_with_file_line_and_problem(name: str) -> None:
    path = BROKEN / name
    expected = EXPECTED[name]
    with pytest.raises(PuzzleFormatError) as caught:
        load(path)
    error = caught.value
    assert error.line == expected["line"]
    assert expected["message"] in error.problem
    where = str(path) if expected["line"] is None else f"{path}, line {expected['line']}"
    assert error.message == f"{where}: {error.problem}"
    assert "\n" not in error.message


@pytest.mark.parametrize("name", ["xml-external-entity.xml", "xml-external-parameter-entity.xml"])
def test_external_entities_never_read_local_files(name: str) -> None:
    with pytest.raises(PuzzleFormatError) as caught:
        load(BROKEN / name)
    passwd = Path("/etc/passwd")
    if passwd.exists():
        first_line = passwd.read_text(errors="replace").split("\n")[0]
        assert first_line not in caught.value.message
    assert "root:" not in caught.value.message


SAMPLE_TEXTS = sorted(p.read_text(encoding="utf-8") for p in (BROKEN.parent / "formats").iterdir())
PIECES = [
    *"0123456789 ,.#-|?[]:/x\n\"'&;<>=abrgX\t",
    "====",
    "rows\n",
    "columns\n",
    "width 3",
    "height 2",
    "goal ",
    "saved ",
    "color a #f00",
    "#d\n",
    ": rows\n",
    "<count>",
    "</count>",
    "<line>",
    "</line>",
    "&amp;",
    "&#10;",
    "<!ENTITY a 'b'>",
    ",Az",
]


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(SAMPLE_TEXTS),
    st.lists(
        st.tuples(st.integers(0, 2000), st.sampled_from(PIECES), st.integers(0, 3)), max_size=6
    ),
)
def test_a_damaged_file_is_read_or_refused_but_never_crashes(
    text: str, edits: list[tuple[int, str, int]]
) -> None:
    for position, piece, cut in edits:
        position %= len(text) + 1
        text = text[:position] + piece + text[position + cut :]
    for fmt in FORMATS:
        try:
            parse(text, "<damaged>", fmt)
        except PuzzleFormatError:
            pass
