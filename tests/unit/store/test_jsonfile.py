"""Atomic JSON writes, reads and moving damaged files aside: the order of the durable steps, and
what a read-only or full folder leaves behind (nothing: the old file whole, no temporary file)."""

from __future__ import annotations

import errno
import json
import os
import tempfile
import time
from pathlib import Path

import pytest

from nonotui.errors import SaveError
from nonotui.model import files
from nonotui.store import jsonfile
from nonotui.store.jsonfile import move_aside, read_json, sync_folder, write_atomic


class Recorder:
    """Wraps the os calls of a write and notes them in order."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls: list[tuple[str, object]] = []
        self.dir_fds: set[int] = set()
        real_open, real_fsync, real_replace = os.open, os.fsync, os.replace
        real_mkstemp = tempfile.mkstemp

        def mkstemp(*args: object, **kwargs: object) -> tuple[int, str]:
            fd, name = real_mkstemp(*args, **kwargs)  # type: ignore[call-overload]
            self.calls.append(("mkstemp", name))
            return fd, name

        def open_(path: object, flags: int, *args: object) -> int:
            fd = real_open(path, flags, *args)  # type: ignore[arg-type]
            if os.path.isdir(path):  # type: ignore[arg-type]
                self.dir_fds.add(fd)
                self.calls.append(("open-dir", (str(path), flags)))
            return fd

        def fsync(fd: int) -> None:
            real_fsync(fd)
            self.calls.append(("fsync-dir" if fd in self.dir_fds else "fsync-file", fd))

        def replace(src: object, dst: object) -> None:
            real_replace(src, dst)  # type: ignore[arg-type]
            self.calls.append(("replace", (str(src), str(dst))))

        monkeypatch.setattr(jsonfile.tempfile, "mkstemp", mkstemp)
        monkeypatch.setattr(jsonfile.os, "open", open_)
        monkeypatch.setattr(jsonfile.os, "fsync", fsync)
        monkeypatch.setattr(jsonfile.os, "replace", replace)

    def names(self) -> list[str]:
        return [name for name, _ in self.calls]


def test_write_goes_through_a_synced_temporary_file_in_the_same_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "data" / "progress" / "a.json"  # folders made when missing
    rec = Recorder(monkeypatch)
    write_atomic(target, {"b": [1, "é"]})
    assert rec.names() == ["mkstemp", "fsync-file", "replace", "open-dir", "fsync-dir"]
    temp = Path(dict(rec.calls)["mkstemp"])  # type: ignore[arg-type]
    # same folder (one file system, so the rename is atomic), hidden, named after the target
    assert temp.parent == target.parent
    assert temp.name.startswith(".a.json.") and temp.name.endswith(".tmp")
    assert dict(rec.calls)["replace"] == (str(temp), str(target))
    folder, flags = dict(rec.calls)["open-dir"]  # type: ignore[misc]
    assert Path(folder) == target.parent and flags & (os.O_WRONLY | os.O_RDWR) == 0
    # compact UTF-8 JSON, nothing else left in the folder
    assert target.read_bytes() == '{"b":[1,"é"]}'.encode()
    assert [p.name for p in target.parent.iterdir()] == ["a.json"]


def test_write_replaces_an_existing_file(tmp_path: Path) -> None:
    target = tmp_path / "a.json"
    write_atomic(target, [1])
    write_atomic(target, [2])
    assert json.loads(target.read_text()) == [2]


def _keeps_old_file(tmp_path: Path) -> None:
    target = tmp_path / "a.json"
    assert target.read_text() == '{"old":true}'
    assert [p.name for p in tmp_path.iterdir()] == ["a.json"], "no temporary file left"


@pytest.mark.parametrize(
    ("error", "words"),
    [
        (PermissionError(errno.EACCES, "Permission denied"), "Permission denied"),
        (OSError(errno.EROFS, "Read-only file system"), "Read-only file system"),
    ],
)
def test_a_refused_rename_leaves_the_old_file_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: OSError, words: str
) -> None:
    target = tmp_path / "a.json"
    write_atomic(target, {"old": True})

    def refuse(src: str, dst: str) -> None:
        raise error

    monkeypatch.setattr(jsonfile.os, "replace", refuse)
    with pytest.raises(SaveError) as info:
        write_atomic(target, {"new": True})
    assert info.value.message == f"cannot write {target}: {words}"
    _keeps_old_file(tmp_path)


def test_a_full_disk_during_the_write_leaves_the_old_file_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "a.json"
    write_atomic(target, {"old": True})
    real_fdopen = os.fdopen

    class Full:
        def __init__(self, handle: object) -> None:
            self.handle = handle

        def __enter__(self) -> Full:
            return self

        def __exit__(self, *exc: object) -> None:
            self.handle.close()  # type: ignore[attr-defined]

        def write(self, text: str) -> int:
            raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(jsonfile.os, "fdopen", lambda fd, *a, **k: Full(real_fdopen(fd, *a, **k)))
    with pytest.raises(SaveError, match=r"cannot write .*a\.json: No space left on device"):
        write_atomic(target, {"new": True})
    _keeps_old_file(tmp_path)


def test_a_failing_fsync_is_a_failed_save(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "a.json"
    write_atomic(target, {"old": True})

    def fail(fd: int) -> None:
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(jsonfile.os, "fsync", fail)
    with pytest.raises(SaveError, match="Input/output error"):
        write_atomic(target, {"new": True})
    _keeps_old_file(tmp_path)


def test_a_folder_that_cannot_be_created_is_a_save_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*args: object, **kwargs: object) -> tuple[int, str]:
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(jsonfile.tempfile, "mkstemp", refuse)
    target = tmp_path / "sub" / "a.json"
    with pytest.raises(SaveError) as info:
        write_atomic(target, [1])
    assert info.value.message == f"cannot write {target}: Read-only file system"
    assert not target.exists()
    # an error without a strerror is still named
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.undo()
    with pytest.raises(SaveError, match="cannot write"):
        write_atomic(blocker / "a.json", [1])


def test_an_error_without_strerror_is_named_by_its_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(src: str, dst: str) -> None:
        raise OSError("odd failure")

    monkeypatch.setattr(jsonfile.os, "replace", refuse)
    with pytest.raises(SaveError) as info:
        write_atomic(tmp_path / "a.json", [1])
    assert info.value.message == f"cannot write {tmp_path / 'a.json'}: odd failure"


def test_folder_sync_failures_are_not_save_failures(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The file is already in place when the folder is synced: a folder that cannot be opened or
    synced (some file systems) only weakens the guarantee against power cuts."""
    closed: list[int] = []
    real_close = os.close

    def fsync(fd: int) -> None:
        raise OSError(errno.EINVAL, "Invalid argument")

    def close(fd: int) -> None:
        closed.append(fd)
        real_close(fd)

    monkeypatch.setattr(jsonfile.os, "fsync", fsync)
    monkeypatch.setattr(jsonfile.os, "close", close)
    sync_folder(tmp_path)
    assert len(closed) == 1, "the folder's descriptor is closed even when fsync fails"

    def no_open(path: object, flags: int) -> int:
        raise OSError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(jsonfile.os, "open", no_open)
    sync_folder(tmp_path)
    assert len(closed) == 1


def test_folder_sync_syncs_the_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    synced: list[int] = []
    opened: list[tuple[object, int]] = []
    real_open = os.open

    def open_(path: object, flags: int) -> int:
        opened.append((path, flags))
        return real_open(path, flags)  # type: ignore[arg-type]

    monkeypatch.setattr(jsonfile.os, "open", open_)
    monkeypatch.setattr(jsonfile.os, "fsync", synced.append)
    sync_folder(tmp_path)
    assert opened == [(tmp_path, os.O_RDONLY)] and len(synced) == 1


def test_read_json(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    with pytest.raises(FileNotFoundError):
        read_json(path)
    path.write_bytes('{"a": "é"}'.encode())
    assert read_json(path) == {"a": "é"}
    path.write_bytes(b"\xff{}")
    with pytest.raises(SaveError, match=r"a\.json, line 1: binary data, not the JSON"):
        read_json(path)
    path.write_text("{\n")
    with pytest.raises(SaveError, match=r"a\.json, line 2: not valid JSON \(expecting"):
        read_json(path)
    with pytest.raises(SaveError) as info:
        read_json(tmp_path)  # a folder cannot be read as a file
    assert info.value.message == f"{tmp_path}: is a folder, not a file nonotui can read"
    assert not any(word in info.value.message for word in ("Errno", "codec", "0x"))


def test_move_aside_keeps_the_file_under_a_new_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(jsonfile.time, "strftime", lambda fmt: "20261123-081500")
    path = tmp_path / "a.json"
    for content in ("one", "two", "three"):
        path.write_text(content)
        moved = move_aside(path)
        assert moved.read_text() == content and not path.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "a.json.corrupt-20261123-081500",
        "a.json.corrupt-20261123-081500-2",
        "a.json.corrupt-20261123-081500-3",
    ]


def test_move_aside_stamp_is_the_local_time(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    path.write_text("x")
    moved = move_aside(path)
    stamp = moved.name.removeprefix("a.json.corrupt-")
    assert len(stamp) == 15 and stamp[8] == "-" and stamp.replace("-", "").isdigit()


def test_move_aside_failure_is_a_save_error_and_leaves_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "a.json"
    path.write_text("x")

    def refuse(src: str, dst: str) -> None:
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(jsonfile.os, "replace", refuse)
    with pytest.raises(SaveError) as info:
        move_aside(path)
    assert info.value.message == (
        f"{path} is damaged and cannot be moved aside: Read-only file system"
    )
    assert path.read_text() == "x"


def test_a_rename_that_fails_after_taking_the_temporary_file_is_still_a_save_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Some file systems (network ones) can fail a rename after the source is gone: the save
    fails with its own message, never with a second error about the missing temporary file."""

    def replace(src: str, dst: str) -> None:
        os.unlink(src)
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(jsonfile.os, "replace", replace)
    with pytest.raises(SaveError, match="Input/output error"):
        write_atomic(tmp_path / "a.json", [1])
    assert list(tmp_path.iterdir()) == []


def test_folder_sync_is_skipped_on_windows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Windows cannot open a folder: the step is left out there (checked here by pretending)."""
    opened: list[object] = []
    monkeypatch.setattr(jsonfile.os, "open", lambda *a: opened.append(a))
    monkeypatch.setattr(jsonfile.os, "name", "nt")
    sync_folder(tmp_path)
    monkeypatch.undo()
    assert opened == []


def test_read_json_names_what_it_refuses(tmp_path: Path) -> None:
    """The messages say which file, on which line, and why; the limit is a save file's."""
    path = tmp_path / "a.json"
    with pytest.raises(FileNotFoundError) as missing:
        read_json(path)
    assert missing.value.args == (str(path),)
    # binary data on line 3, with a line break before the first line and after the bad byte
    path.write_bytes(b'\n{\n"\xff"}\n')
    with pytest.raises(SaveError, match=r"a\.json, line 3: binary data"):
        read_json(path)
    path.write_text("[" * 100_000)
    with pytest.raises(SaveError) as deep:
        read_json(path)
    assert deep.value.message == f"{path}: not the JSON nonotui writes (nested too deeply)"
    # a save may be larger than a puzzle file, up to its own limit
    big = json.dumps(["x" * (files.MAX_FILE_BYTES + 1)])
    path.write_text(big)
    assert read_json(path) == json.loads(big)
    with path.open("r+b") as handle:  # sparse: the size is refused before anything is read
        handle.truncate(files.MAX_SAVE_BYTES + 1)
    with pytest.raises(SaveError) as large:
        read_json(path)
    assert "; a save file may have at most " in large.value.message


def test_a_file_in_the_way_of_the_folders_is_named(tmp_path: Path) -> None:
    """A data folder that is a file made every read and write fail with "Not a directory" or
    "File exists", naming neither the file nor the trouble."""
    blocker = tmp_path / "data"
    blocker.write_text("not a folder")
    assert jsonfile.file_in_the_way(blocker / "progress" / "a.json") == blocker
    assert jsonfile.file_in_the_way(blocker / "a.json") == blocker
    assert jsonfile.file_in_the_way(tmp_path / "data2" / "a.json") is None  # only missing
    assert jsonfile.file_in_the_way(blocker) is None, "the path itself is not in the way"
    # a save there cannot exist: nothing to read, nothing to move aside
    with pytest.raises(FileNotFoundError):
        read_json(blocker / "progress" / "a.json")
    for target in (blocker / "a.json", blocker / "progress" / "a.json"):
        with pytest.raises(SaveError) as info:
            write_atomic(target, [1])
        assert info.value.message == f"cannot write {target}: {blocker} is a file, not a folder"
    assert blocker.read_text() == "not a folder"


def test_other_errors_keep_the_systems_words(tmp_path: Path) -> None:
    path = tmp_path / "a" / "b.json"
    for error in (OSError(errno.ENOTDIR, "Not a directory"), OSError(errno.EEXIST, "File exists")):
        assert jsonfile.os_words(path, error) == error.strerror  # nothing in the way here
    assert jsonfile.os_words(path, OSError(errno.ENOSPC, "No space left on device")) == (
        "No space left on device")
    assert jsonfile.os_words(path, OSError("odd")) == "odd"
    (tmp_path / "a").write_text("")
    assert jsonfile.os_words(path, OSError(errno.ENOSPC, "No space")) == "No space"
    assert jsonfile.os_words(path, OSError(errno.EEXIST, "File exists")) == (
        f"{tmp_path / 'a'} is a file, not a folder")


def test_move_aside_names_a_file_in_the_way(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "a.json"
    path.write_text("x")

    def refuse(src: str, dst: str) -> None:
        (tmp_path / "sub").write_text("")
        raise OSError(errno.ENOTDIR, "Not a directory")

    monkeypatch.setattr(jsonfile.os, "replace", refuse)
    with pytest.raises(SaveError) as info:
        move_aside(tmp_path / "sub" / "a.json")
    assert info.value.message.endswith(f"cannot be moved aside: {tmp_path / 'sub'} is a file, "
                                       "not a folder")


def test_stale_temporary_files_are_removed_and_nothing_else(tmp_path: Path) -> None:
    """A kill during a save leaves its temporary file; one older than a minute is a leftover, a
    younger one may be another nonotui's save under way."""
    now = 1_000_000.0

    def made(name: str, age: float, text: str = "{") -> Path:
        path = tmp_path / name
        path.write_text(text)
        os.utime(path, (now - age, now - age))
        return path

    stale = made(".a.json.k2j4_x1.tmp", 61)
    stale2 = made(".settings.json.abc.tmp", 3600)
    fresh = made(".b.json.zz.tmp", 59)
    keep = [fresh, made("a.json.tmp", 3600), made(".a.json.k2j4_x1.tmpx", 3600),
            made("a.json", 3600), made(".hidden", 3600)]
    (tmp_path / ".dir.tmp").mkdir()
    os.utime(tmp_path / ".dir.tmp", (now - 3600, now - 3600))
    (tmp_path / ".link.tmp").symlink_to(tmp_path / "a.json")
    assert jsonfile.remove_stale_temporaries(tmp_path, now) == [stale, stale2]
    assert all(p.exists() for p in keep)
    assert (tmp_path / ".dir.tmp").is_dir() and (tmp_path / ".link.tmp").is_symlink()
    assert (tmp_path / "a.json").read_text() == "{", "a link's target is left alone"
    assert jsonfile.remove_stale_temporaries(tmp_path / "missing", now) == []
    assert jsonfile.remove_stale_temporaries(tmp_path) == [fresh], "by the clock's own time"


def test_the_data_folder_leftovers_are_removed_in_every_folder(tmp_path: Path) -> None:
    from nonotui.store import DataDir

    data = DataDir(tmp_path)
    old = time.time() - 120
    left = []
    for folder in (data.root, data.progress, data.puzzles):
        folder.mkdir(exist_ok=True)
        path = folder / ".x.json.abcd.tmp"
        path.write_text("{")
        os.utime(path, (old, old))
        left.append(path)
    assert sorted(data.remove_leftovers()) == sorted(left)
    assert not any(p.exists() for p in left)


def test_refused_json_is_named_in_words(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    for text, words in (
        ('["\\ud800"]', "text that is not valid Unicode (a lone surrogate)"),
        ("[" + "9" * 35 + "e999]", "the number '99999999999999999999'... (39 characters), too "
                                   "large for nonotui"),
        ("[1" + "0" * 25 + "e999]", "the number '10000000000000000000000000e999', too large "
                                    "for nonotui"),  # 30 characters: quoted whole
        ("[1" + "0" * 26 + "e999]", "the number '10000000000000000000'... (31 characters), too "
                                    "large for nonotui"),
        ("[-Infinity]", "-Infinity, which is not a number"),
        ("[" + "1" * 16 + "]", "a whole number of 16 digits"),
    ):
        path.write_text(text)
        with pytest.raises(SaveError) as info:
            read_json(path)
        assert info.value.message == f"{path}: not the JSON nonotui writes (it holds {words})"


def test_a_temporary_file_exactly_a_minute_old_is_kept(tmp_path: Path) -> None:
    path = tmp_path / ".a.json.x.tmp"
    path.write_text("{")
    os.utime(path, (1_000_000, 1_000_000))
    assert jsonfile.remove_stale_temporaries(tmp_path, 1_000_000 + jsonfile.STALE_AFTER) == []
    assert jsonfile.remove_stale_temporaries(tmp_path, 1_000_060.5) == [path]


def test_a_leftover_that_cannot_be_removed_leaves_the_others_removed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    paths = []
    for name in (".a.json.1.tmp", ".b.json.2.tmp", ".c.json.3.tmp"):
        path = tmp_path / name
        path.write_text("{")
        os.utime(path, (0, 0))
        paths.append(path)
    real_unlink = os.unlink

    def unlink(path: object) -> None:
        if str(path).endswith(".a.json.1.tmp"):
            raise PermissionError(errno.EACCES, "Permission denied")
        real_unlink(path)  # type: ignore[arg-type]

    monkeypatch.setattr(jsonfile.os, "unlink", unlink)
    assert jsonfile.remove_stale_temporaries(tmp_path, 1_000_000) == paths[1:]
    assert paths[0].exists()


def test_a_rename_refused_as_not_a_folder_keeps_the_systems_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nothing stands in the way here (another program's trouble): the system's words."""

    def refuse(src: str, dst: str) -> None:
        raise OSError(errno.ENOTDIR, "Not a directory")

    monkeypatch.setattr(jsonfile.os, "replace", refuse)
    with pytest.raises(SaveError) as info:
        write_atomic(tmp_path / "a.json", [1])
    assert info.value.message == f"cannot write {tmp_path / 'a.json'}: Not a directory"
