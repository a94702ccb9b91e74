"""The one safe way to read a user's file: regular files only, bounded, decoded, refused in
words."""

from __future__ import annotations

import codecs
import errno
import os
import re
import threading
from pathlib import Path

import pytest

from nonotui.errors import NonotuiError, UnreadableFileError
from nonotui.model import files

PYTHON_WORDS = re.compile(r"Errno|codec|\b0x[0-9a-f]|Traceback", re.IGNORECASE)
"""What a message in nonotui's own words never holds (``0x`` as in a byte's hex value, not as
in a size such as 1000x1000)."""


def refused(path: Path, **kwargs: object) -> UnreadableFileError:
    with pytest.raises(UnreadableFileError) as caught:
        files.read_bytes(path, **kwargs)  # type: ignore[arg-type]
    message = caught.value.message
    assert message.startswith(f"{path}: ")
    # one short line besides the paths it names (a link's target is as long as the link: the
    # temporary folder's own length, which grows with every pytest run, must not count)
    assert "\n" not in message
    assert len(message.replace(str(path.parent), "")) < 120, message
    assert not PYTHON_WORDS.search(message), message
    return caught.value


@pytest.fixture
def no_reads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the bytes asked of ``os.read`` through the helper."""
    asked: list[int] = []
    real = os.read

    def counting(fd: int, n: int) -> bytes:
        asked.append(n)
        return real(fd, n)

    monkeypatch.setattr(files.os, "read", counting)
    return asked


def test_a_regular_file_is_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "a.non"
    path.write_bytes(b"width 1\n")
    assert files.read_bytes(path) == b"width 1\n"


def test_a_link_to_dev_zero_is_refused_without_reading(
    tmp_path: Path, no_reads: list[int]
) -> None:
    link = tmp_path / "zero.non"
    link.symlink_to("/dev/zero")
    error = refused(link)
    assert "a device" in error.problem and "/dev/zero" in error.problem
    assert no_reads == []


def test_a_fifo_is_refused_and_never_blocks(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.non"
    os.mkfifo(fifo)
    outcome: list[BaseException] = []
    # A daemon thread, so that a regression fails this test instead of hanging the run.
    thread = threading.Thread(
        target=lambda: outcome.append(pytest.raises(UnreadableFileError, files.read_bytes, fifo).value),
        daemon=True,
    )
    thread.start()
    thread.join(timeout=30)
    assert not thread.is_alive(), "reading a FIFO blocked"
    assert "named pipe" in str(outcome[0])


def test_a_folder_a_missing_file_and_a_dangling_link_are_refused(tmp_path: Path) -> None:
    assert "a folder" in refused(tmp_path).problem
    missing = refused(tmp_path / "nothing.non")
    assert missing.problem == "no such file" and missing.missing
    dangling = tmp_path / "dangling.non"
    dangling.symlink_to(tmp_path / "gone")
    error = refused(dangling)
    assert "does not exist" in error.problem and not error.missing


def test_a_name_with_a_nul_character_is_refused_in_words(tmp_path: Path) -> None:
    assert "NUL character" in refused(tmp_path / "a\0b.non").problem


def test_a_huge_file_is_refused_from_its_size_without_reading(
    tmp_path: Path, no_reads: list[int]
) -> None:
    huge = tmp_path / "huge.non"
    with open(huge, "wb") as f:
        f.truncate(3 * 1024**3)  # sparse: 3 GiB that take no disk
    error = refused(huge)
    assert "3.0 GiB" in error.problem
    assert "2.0 MiB" in error.problem
    assert no_reads == []


def test_the_bound_holds_when_the_size_lies(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                            no_reads: list[int]) -> None:
    # Files in /proc report a size of 0 whatever they hold; a growing file outruns its stat.
    path = tmp_path / "grows.non"
    path.write_bytes(b"1" * 5000)
    real_stat, real_fstat = os.stat, os.fstat

    def small(result: os.stat_result) -> os.stat_result:
        values = list(result)
        values[6] = 0  # st_size
        return os.stat_result(values)

    monkeypatch.setattr(files.os, "stat", lambda p: small(real_stat(p)))
    monkeypatch.setattr(files.os, "fstat", lambda fd: small(real_fstat(fd)))
    error = refused(path, limit=1000)
    assert "growing" in error.problem
    assert sum(no_reads) <= 1001


def test_os_errors_are_worded_without_python_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "locked.non"
    path.write_text("x")

    def denied(*_args: object) -> int:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(files.os, "open", denied)
    assert refused(path).problem == "permission denied"


@pytest.mark.parametrize(
    ("bom", "codec"),
    [
        (codecs.BOM_UTF8, "utf-8"),
        (codecs.BOM_UTF16_LE, "utf-16-le"),
        (codecs.BOM_UTF16_BE, "utf-16-be"),
        (codecs.BOM_UTF32_LE, "utf-32-le"),
        (codecs.BOM_UTF32_BE, "utf-32-be"),
    ],
)
def test_a_byte_order_mark_picks_the_encoding(bom: bytes, codec: str) -> None:
    text = 'title "Café ☕"\r\nwidth 1\n'
    assert files.decode_text(bom + text.encode(codec), "f") == 'title "Café ☕"\nwidth 1\n'


def test_without_a_mark_utf8_then_latin1() -> None:
    assert files.decode_text("Café\n".encode(), "f") == "Café\n"
    assert files.decode_text("Café\tß\x0c\n".encode("latin-1"), "f") == "Café\tß\x0c\n"


@pytest.mark.parametrize(
    ("data", "line", "words"),
    [
        (b"ok\nab\x00cd", 2, "NUL byte"),
        (b"ok\nok\n\x1b[31m", 3, "control character"),
        ("Caf\xe9\n\x85".encode("latin-1"), 2, "control character"),  # C1 control, Latin-1
        ("4x4:1".encode("utf-16-le"), 1, "NUL byte"),  # UTF-16 without its mark
        (codecs.BOM_UTF16_LE + b"\x00\xd8\x00\xd8", 1, "not UTF-16 text"),  # broken surrogates
        (codecs.BOM_UTF32_LE + "a\x01".encode("utf-32-le"), 1, "control character"),
    ],
)
def test_binary_data_is_refused_naming_its_line(data: bytes, line: int, words: str) -> None:
    with pytest.raises(UnreadableFileError) as caught:
        files.decode_text(data, "f", what="puzzle file")
    assert caught.value.line == line
    assert words in caught.value.problem and "binary data" in caught.value.problem
    assert not PYTHON_WORDS.search(caught.value.message)


@pytest.mark.parametrize("data", [b"", b"  \n\n", codecs.BOM_UTF16_LE, codecs.BOM_UTF8 + b"\n"])
def test_an_empty_file_is_refused(data: bytes) -> None:
    with pytest.raises(UnreadableFileError, match="the file is empty"):
        files.decode_text(data, "f")


def test_write_text_replaces_the_file_whole(tmp_path: Path) -> None:
    target = tmp_path / "out.non"
    target.write_text("old\n", encoding="utf-8")
    files.write_text(target, "new\ntext é\n")
    assert target.read_bytes() == "new\ntext é\n".encode()  # UTF-8 and LF on every platform
    assert [p.name for p in tmp_path.iterdir()] == ["out.non"]


def test_write_text_that_fails_keeps_the_old_file_and_names_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    target = tmp_path / "out.non"
    target.write_text("old\n", encoding="utf-8")

    def refuse(src: str, dst: object) -> None:
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(files.os, "replace", refuse)
    with pytest.raises(NonotuiError, match=r"out\.non: cannot write \(Read-only file system\)"):
        files.write_text(target, "new\n")
    assert target.read_text(encoding="utf-8") == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out.non"], "the temporary file is left"
