"""numba's cache is keyed to the kernel sources: an edit to a callee in another file is noticed.

numba checks a cached function against its own file only; the kernel package picks a cache
folder in the user's cache folder named by a hash of all its sources
(``nonotui/model/kernel_cache.py``). These tests copy the real package to a temporary folder, run
a caller in a fresh process, edit its callee in another file and run it again.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from nonotui.kinds.nonogram.engine import _kernels as kernels
from nonotui.model import kernel_cache as _cache

KERNELS = kernels.PACKAGE


def _sources(package: Path) -> list[Path]:
    return list(package.glob("*.py"))

# state.new_prop (the caller) sizes its scratch with common.work_size (the callee, another file)
CALLER = """
import json, sys
import numpy as np
import numba
import kcopy
from kcopy.state import grid_units, new_prop

units = grid_units(2, 2)
st = new_prop(units, np.ones(4, np.int32), np.ones(4, np.int32),
              np.arange(5, dtype=np.int32), np.zeros(1, np.int32), np.ones(1, np.bool_),
              np.zeros(4), np.full(4, 3, np.uint32), 9, np.zeros(9, np.int64),
              np.zeros(1, np.int64))
print(json.dumps({"iwork": int(st.iwork.shape[0]), "folder": kcopy.CACHE_FOLDER,
                  "hits": sum(new_prop.stats.cache_hits.values()),
                  "config": numba.config.CACHE_DIR}))
"""

WORK_SIZE = "    return 4 * k + 3 * n + 2\n"


def _copy(tmp_path: Path) -> Path:
    target = tmp_path / "kcopy"
    shutil.copytree(KERNELS, target, ignore=shutil.ignore_patterns("__pycache__"))
    return target


def _run(tmp_path: Path, **env_extra: str) -> dict:
    env = {k: v for k, v in os.environ.items()
           if k not in ("NUMBA_DISABLE_JIT", "NUMBA_CACHE_DIR", "PYTHONPATH")}
    env["PYTHONPATH"] = str(tmp_path)
    env["XDG_CACHE_HOME"] = str(tmp_path / "xdg")
    env.update(env_extra)
    done = subprocess.run([sys.executable, "-c", CALLER], cwd=tmp_path, env=env,
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def test_an_edit_to_a_callee_in_another_file_reaches_its_cached_caller(tmp_path: Path) -> None:
    package = _copy(tmp_path)
    first = _run(tmp_path)
    assert first["iwork"] == 4 * 1 + 3 * 2 + 2
    kernels_dir = tmp_path / "xdg" / "nonotui" / "kernels"
    assert first["folder"] == str(kernels_dir / f"nonogram-{_cache.source_hash(_sources(package))}")
    assert not list(package.rglob("*.nbi")), "nothing is cached inside the package"
    again = _run(tmp_path)
    assert again["folder"] == first["folder"]
    assert again["hits"] >= 1, "the second run should load the caller from the cache"

    common = package / "common.py"
    text = common.read_text()
    assert text.count(WORK_SIZE) == 1
    common.write_text(text.replace(WORK_SIZE, "    return 4 * k + 3 * n + 2 + 1000\n"))
    edited = _run(tmp_path)
    assert edited["iwork"] == 12 + 1000, "the caller ran its stale cached machine code"
    assert edited["folder"] != first["folder"]
    assert edited["hits"] == 0
    # the earlier sources' cache is kept (another checkout may use it) until KEEP newer ones
    assert Path(first["folder"]).exists()
    assert not list(package.rglob("*.nbi")), "nothing is cached inside the package"


def test_older_sources_folders_are_removed_beyond_the_newest_few(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setattr(sys, "platform", "linux")
    source = tmp_path / "k.py"
    chosen = []
    for version in range(_cache.KEEP + 3):
        source.write_text(f"VERSION = {version}\n")
        folder = Path(_cache.cache_folder("nonogram", [source]) or "")
        os.utime(folder, (1000 + version, 1000 + version))  # distinct, growing times of use
        chosen.append(folder)
    legacy = tmp_path / "xdg" / "nonotui" / "kernels" / "numba-0123456789abcdef"
    legacy.mkdir()
    other_kind = Path(_cache.cache_folder("aquarium", [source]) or "")
    source.write_text("VERSION = 'last'\n")
    last = Path(_cache.cache_folder("nonogram", [source]) or "")
    left = sorted(p.name for p in last.parent.iterdir())
    # the current folder, the KEEP most recently used others, and the other kind's
    assert left == sorted([last.name, other_kind.name] + [p.name for p in chosen[-_cache.KEEP:]])
    assert not legacy.exists()


def test_a_cache_folder_the_user_chose_is_left_alone(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_DISABLE_JIT", "PYTHONPATH")}
    env["NUMBA_CACHE_DIR"] = str(tmp_path / "mine")
    probe = ("import json, numba, nonotui.kinds.nonogram.engine._kernels as k; "
             "print(json.dumps([k.CACHE_FOLDER, numba.config.CACHE_DIR]))")
    done = subprocess.run([sys.executable, "-c", probe], cwd=KERNELS.parents[2], env=env,
                          capture_output=True, text=True, check=True)
    assert json.loads(done.stdout) == [None, str(tmp_path / "mine")]


def test_the_folder_depends_on_every_source_file(tmp_path: Path) -> None:
    package = _copy(tmp_path)
    before = _cache.source_hash(_sources(package))
    assert _cache.source_hash(_sources(package)) == before
    (package / "lines_olsak.py").write_text((package / "lines_olsak.py").read_text() + "\n")
    assert _cache.source_hash(_sources(package)) != before


def test_no_usable_home_falls_back_to_the_temporary_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = _copy(tmp_path)
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(_cache.tempfile, "tempdir", str(tmp_path / "tmp"))
    real = _cache._writable
    # everything runs as root here, so a read-only folder cannot be made: refuse writes instead
    monkeypatch.setattr(_cache, "_writable",
                        lambda folder: "xdg" not in folder.parts and real(folder))
    folder = Path(_cache.cache_folder("nonogram", _sources(package)) or "")
    assert folder.parents[2] == tmp_path / "tmp"
    assert folder.name == f"nonogram-{_cache.source_hash(_sources(package))}"


def test_nowhere_writable_leaves_numba_its_own_choice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = _copy(tmp_path)
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setattr(_cache, "_writable", lambda folder: False)
    assert _cache.cache_folder("nonogram", _sources(package)) is None


RELOCATED = """
import json
import nonotui
from nonotui.kinds.nonogram.engine._kernels import common
value = int(common.work_size(3, 2))
stats = common.work_size.stats
print(json.dumps({"value": value, "package": nonotui.__file__,
                  "hits": sum(stats.cache_hits.values()),
                  "misses": sum(stats.cache_misses.values())}))
"""


def _package_copy(where: Path) -> Path:
    """A copy of the whole ``nonotui`` package under ``where`` (as another install path)."""
    shutil.copytree(_cache.PACKAGE_ROOT, where / "nonotui",
                    ignore=shutil.ignore_patterns("__pycache__", "_prebuilt"))
    return where / "nonotui"


def _run_installed(where: Path, cache_home: Path) -> dict:
    left_out = ("NUMBA_DISABLE_JIT", "NUMBA_CACHE_DIR", "PYTHONPATH", "NONOTUI_KERNEL_CACHE")
    env = {k: v for k, v in os.environ.items() if k not in left_out}
    env.update(PYTHONPATH=str(where), XDG_CACHE_HOME=str(cache_home))
    done = subprocess.run([sys.executable, "-c", RELOCATED], cwd=where, env=env,
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def test_a_cache_built_in_one_install_path_loads_in_another(tmp_path: Path) -> None:
    """What a wheel that carries the compiled solver relies on: kernels are cached under their
    path inside the package, so a cache built at one path (the wheel's build folder) loads at
    another (site-packages), once copied from the shipped folder into the user's."""
    _package_copy(tmp_path / "a")
    built = _run_installed(tmp_path / "a", tmp_path / "cache-a")
    assert built["value"] == 4 * 2 + 3 * 3 + 2
    assert built["package"].startswith(str(tmp_path / "a"))
    assert (built["hits"], built["misses"]) == (0, 1)

    elsewhere = _package_copy(tmp_path / "b")
    assert _run_installed(tmp_path / "b", tmp_path / "cache-plain")["hits"] == 0, \
        "without the shipped folder the other path compiles"
    shutil.copytree(tmp_path / "cache-a" / "nonotui" / "kernels", elsewhere / "_prebuilt")
    shipped = sorted((p.relative_to(elsewhere), p.stat().st_mtime_ns)
                     for p in (elsewhere / "_prebuilt").rglob("*"))
    loaded = _run_installed(tmp_path / "b", tmp_path / "cache-b")
    assert loaded["package"].startswith(str(tmp_path / "b"))
    assert loaded["value"] == built["value"]
    assert (loaded["hits"], loaded["misses"]) == (1, 0), "the shipped cache did not load"
    assert list((tmp_path / "cache-b" / "nonotui" / "kernels").rglob("*work_size*.nbc"))
    assert sorted((p.relative_to(elsewhere), p.stat().st_mtime_ns)
                  for p in (elsewhere / "_prebuilt").rglob("*")) == shipped, \
        "the shipped folder is read, never written"


def test_only_an_empty_folder_is_seeded_from_the_shipped_cache(tmp_path: Path) -> None:
    shipped = tmp_path / "shipped" / "nonogram-0123"
    (shipped / "kinds").mkdir(parents=True)
    (shipped / "kinds" / "a.nbi").write_bytes(b"index")
    folder = tmp_path / "user" / "nonogram-0123"
    folder.mkdir(parents=True)
    _cache._seed(folder, tmp_path / "shipped")
    assert (folder / "kinds" / "a.nbi").read_bytes() == b"index"
    assert sorted(p.name for p in folder.rglob("*")) == ["a.nbi", "kinds"], "no partial file left"

    (shipped / "kinds" / "b.nbi").write_bytes(b"newer")
    _cache._seed(folder, tmp_path / "shipped")
    assert not (folder / "kinds" / "b.nbi").exists(), "a folder in use is left as it is"
    other = tmp_path / "user" / "aquarium-4567"
    other.mkdir()
    _cache._seed(other, tmp_path / "shipped")
    assert not list(other.iterdir()), "only the folder of the same name is seeded"
