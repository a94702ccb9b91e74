"""The status line names a puzzle without a title by its file name, or by its whole game id."""

from __future__ import annotations

from nonotui.ui.status import short_label as _short_label


def test_a_path_is_shortened_to_its_file_name() -> None:
    assert _short_label("/home/me/puzzles/cat.non") == "cat.non"
    assert _short_label("cat.non#2") == "cat.non#2"


def test_a_tatham_id_is_kept_whole() -> None:
    # its slashes are not folders: the old code showed just "1"
    assert _short_label("4x4:2/1/2/1/1.1/2/1/1") == "4x4:2/1/2/1/1.1/2/1/1"
