"""Every input the command line takes, when it cannot be used, gets one line in nonotui's own
words naming the path: no Python text (``[Errno 2]``, ``'utf-8' codec can't decode``, ``0xa0``),
no traceback. Run as a user runs it, in a subprocess."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests import hostile

PYTHON_WORDS = re.compile(r"Errno|codec|\b0x[0-9a-f]|Traceback|Error:", re.IGNORECASE)
"""Python's words: errno text, codec names, hex bytes (not sizes such as 1000x1000)."""
HEART = Path(__file__).resolve().parents[2] / "data" / "formats" / "heart.non"


def binary(folder: Path) -> Path:
    path = folder / "binary.non"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\xa0\x00\x00\x0dIHDR" + bytes(range(256)))
    return path


def latin1_binary(folder: Path) -> Path:
    # No NUL byte and not UTF-8: what used to give "'utf-8' codec can't decode byte 0xa0".
    path = folder / "binary.txt"
    path.write_bytes(b"\x1b\xa0\x9c\xff\xfe\x80")
    return path


def missing(folder: Path) -> Path:
    return folder / "nothing-here.non"


def a_folder(folder: Path) -> Path:
    path = folder / "a-folder.non"
    path.mkdir()
    return path


def too_big(folder: Path) -> Path:
    path = folder / "big.non"
    with open(path, "wb") as f:
        f.truncate(hostile.BOUND * 20)  # sparse: over the save bound too
    return path


INPUTS: dict[str, Callable[[Path], Path]] = {
    "binary": binary,
    "binary without NUL": latin1_binary,
    "missing": missing,
    "folder": a_folder,
    "FIFO": hostile.fifo,
    "/dev/zero link": hostile.dev_zero_link,
    "too big": too_big,
}


def nonotui(*args: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NONOTUI_DATA_DIR": str(tmp_path / "data")}
    return subprocess.run(
        [sys.executable, "-m", "nonotui", *args], capture_output=True, text=True, timeout=120,
        env=env,
    )


def check_one_line(done: subprocess.CompletedProcess[str], path: Path) -> str:
    assert done.returncode == 1, done
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    line = lines[0]
    assert line.startswith(f"nonotui: {path}") and len(line) < 250, line
    assert not PYTHON_WORDS.search(line), line
    return line


@pytest.mark.parametrize("kind", INPUTS)
def test_show_says_why_a_puzzle_file_cannot_be_read(tmp_path: Path, kind: str) -> None:
    path = INPUTS[kind](tmp_path)
    check_one_line(nonotui("show", str(path), tmp_path=tmp_path), path)


@pytest.mark.parametrize("kind", INPUTS)
def test_hint_says_why_a_state_file_cannot_be_read(tmp_path: Path, kind: str) -> None:
    path = INPUTS[kind](tmp_path)
    line = check_one_line(
        nonotui("hint", str(HEART), "--state", str(path), tmp_path=tmp_path), path
    )
    if kind.startswith("binary"):
        assert "binary data" in line and "state file" in line


@pytest.mark.parametrize(
    ("command", "kind"),
    [(("solve",), "FIFO"), (("convert", "--to", "non"), "/dev/zero link"),
     (("hint",), "binary without NUL"), (("play",), "too big")],
)
def test_the_other_commands_say_it_the_same_way(
    tmp_path: Path, command: tuple[str, ...], kind: str
) -> None:
    path = INPUTS[kind](tmp_path)
    extra = [str(tmp_path / "out.non")] if command[0] == "convert" else []
    check_one_line(nonotui(*command, str(path), *extra, tmp_path=tmp_path), path)


def test_a_save_file_of_json_that_is_broken_says_so_in_words(tmp_path: Path) -> None:
    state = tmp_path / "save.json"
    state.write_text('{"schema": 2, "identity": ')
    line = check_one_line(nonotui("hint", str(HEART), "--state", str(state), tmp_path=tmp_path),
                          state)
    assert "not a save file" in line and "line 1" in line
