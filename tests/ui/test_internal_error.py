"""A crash is never silent, and never a traceback on the terminal (DECISIONS.md, "Browser mode
and saves"): an exception nonotui did not expect, in the player or in a command, saves what can
be saved, restores the terminal, writes its traceback to a crash file in the data folder, says
so in one line and ends the process with exit code 70 (``nonotui.errors.EXIT_CRASH``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks.crash import KEYS, LEAVE_ALT_SCREEN, Player
from nonotui.errors import EXIT_CRASH
from nonotui.store import DataDir, ProgressStore, crashes
from nonotui.store.catalog import Catalog
from tests.ui.crashing_child import MESSAGE

CHILD = Path(__file__).with_name("crashing_child.py")
REPO = Path(__file__).resolve().parents[2]


def _crash_files(data_dir: Path) -> list[Path]:
    return sorted((data_dir / "crashes").glob("crash-*.txt"))


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_a_crash_in_the_player_saves_restores_the_terminal_and_exits_70(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    puzzle, _ = Catalog(DataDir(folder)).resolve("heart")
    player = Player("heart", folder, command=(str(CHILD),))
    try:
        assert player.wait_for(b"0 moves", 60), "the play screen did not show"
        player.send(KEYS["fill"])
        assert player.wait_for(b"1 move", 30), "the move was not shown"
        shown = len(player.output)
        player.send(b"u")  # the planted bug
        status = player.wait(30)
    finally:
        player.kill()
    after = bytes(player.output[shown:])
    assert status == EXIT_CRASH
    assert LEAVE_ALT_SCREEN in after, "the terminal was not restored"
    assert b"Traceback" not in player.output, "a traceback reached the terminal"
    (report,) = _crash_files(folder)
    text = report.read_text()
    assert "Traceback (most recent call last)" in text and f"RuntimeError: {MESSAGE}" in text
    assert f"the details are in {report}".encode() in after.replace(b"\r\n", b"")
    path = ProgressStore(DataDir(folder).progress).path_for(puzzle.identity)
    assert json.loads(path.read_text())["moves"] == 1, "the move before the crash was lost"


def _run_command(tmp_path: Path, plant: str, *argv: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["NONOTUI_DATA_DIR"] = str(tmp_path / "data")
    code = (f"{plant}\nimport sys\nfrom nonotui.cli import main\n"
            f"sys.argv[1:] = {list(argv)!r}\nmain()")
    return subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=120)


def test_a_crash_in_a_command_exits_70_with_one_line_and_a_crash_file(tmp_path: Path) -> None:
    plant = ("import nonotui.cli.show as show\n"
             "def run(args): raise ZeroDivisionError('planted')\n"
             "show.run = run")
    done = _run_command(tmp_path, plant, "show", "heart")
    assert done.returncode == EXIT_CRASH, done.stderr
    assert "Traceback" not in done.stderr
    (report,) = _crash_files(tmp_path / "data")
    assert done.stderr.strip().splitlines() == [crashes.line(ZeroDivisionError("planted"), report)]
    text = report.read_text()
    assert "Traceback (most recent call last)" in text and "ZeroDivisionError: planted" in text
    assert "command:" in text and "show heart" in text


def test_a_user_error_is_still_a_message_and_exit_1_not_a_crash(tmp_path: Path) -> None:
    done = _run_command(tmp_path, "", "show", str(tmp_path / "missing.non"))
    assert done.returncode == 1
    assert "internal error" not in done.stderr
    assert not _crash_files(tmp_path / "data")


def test_with_nowhere_to_write_the_traceback_follows_the_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    blocked = tmp_path / "a file"
    blocked.write_text("not a folder")
    monkeypatch.setattr(crashes.tempfile, "gettempdir", lambda: str(blocked))
    try:
        raise ValueError("nowhere")
    except ValueError as exc:
        crashes.report(exc, DataDir(blocked))
    err = capsys.readouterr().err
    assert err.startswith("nonotui: internal error (ValueError: nowhere); its details follow")
    assert "Traceback (most recent call last)" in err


def test_only_the_newest_crash_files_are_kept(tmp_path: Path) -> None:
    data_dir = DataDir(tmp_path)
    for n in range(crashes.KEEP + 3):
        old = crashes.folder(data_dir) / f"crash-old-{n}.txt"
        old.parent.mkdir(parents=True, exist_ok=True)
        old.write_text("old")
        os.utime(old, (1000 + n, 1000 + n))
    path = crashes.record(RuntimeError("new"), data_dir)
    assert path is not None and path.exists()
    left = list(crashes.folder(data_dir).glob("crash-*.txt"))
    assert len(left) == crashes.KEEP
    assert not (crashes.folder(data_dir) / "crash-old-0.txt").exists()
