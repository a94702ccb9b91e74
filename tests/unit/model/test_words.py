"""The shared wording helpers."""

from __future__ import annotations

from nonotui.model.words import plural


def test_plural_adds_an_s_unless_the_count_is_one() -> None:
    assert [plural(n, "cell") for n in (0, 1, 2)] == ["0 cells", "1 cell", "2 cells"]
