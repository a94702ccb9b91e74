"""The README's two commands in order in one clone: ``pip install .``, then
``pip install -e ".[test]"``.

The first install once wrote numba's cache (hundreds of files) into
``site-packages/nonotui/**/__pycache__``; uninstalling it for the editable install left them, and
the leftover folder shadowed the editable package (``module 'nonotui.kinds' has no attribute
'kinds'``). The kernels are now cached in the user's cache folder
(:mod:`nonotui.model.kernel_cache`). This test makes a virtual environment that sees this one's
dependencies (a ``.pth`` file, so that only pip's build environment is downloaded), installs a
copy of the checkout both ways in that order with a kernel run after each, and checks that
nothing is cached inside the installed package (but for the shipped folder) and that the
editable install then works.

The first install's wheel carries the solver compiled (``setup.py``): the first commands after
it must compile nothing (they seed the empty user cache from the shipped folder, which stays as
it was installed).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sysconfig
import venv
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.slow


def _run(args: list[str], env: dict[str, str], cwd: Path) -> str:
    done = subprocess.run(args, env=env, cwd=cwd, capture_output=True, text=True)
    assert done.returncode == 0, f"{args} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def test_readme_commands_in_order_in_one_clone(tmp_path: Path) -> None:
    listed = subprocess.run(["git", "ls-files"], cwd=REPO, capture_output=True, text=True,
                            check=True).stdout.split()
    clone = tmp_path / "clone"
    for name in listed:
        if (REPO / name).is_file():
            (clone / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(REPO / name, clone / name)
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    python = env_dir / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    site = Path(subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True, text=True, check=True).stdout.strip())
    # this environment's packages (numba, textual, setuptools, ...) without a download
    (site / "outer.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    env = {k: v for k, v in os.environ.items()
           if k not in ("NUMBA_CACHE_DIR", "NUMBA_DISABLE_JIT", "PYTHONPATH", "VIRTUAL_ENV")}
    env["XDG_CACHE_HOME"] = str(tmp_path / "cache")
    env["NONOTUI_DATA_DIR"] = str(tmp_path / "data")
    nonotui = [str(python), "-m", "nonotui"]
    pip = [str(python), "-m", "pip", "install", "-q", "--no-deps"]

    _run(pip + ["."], env, clone)
    installed = site / "nonotui"
    assert installed.is_dir()
    shipped = sorted((p, p.stat().st_mtime_ns) for p in (installed / "_prebuilt").rglob("*"))
    assert [p for p, _ in shipped if p.suffix == ".nbc"], "the wheel carries no compiled solver"
    env["NUMBA_DEBUG_CACHE"] = "1"  # numba says "data saved" for every kernel it compiles
    for command in (["solve", "heart"], ["hint", "heart"], ["line", "3 1", "??????"]):
        out = _run(nonotui + command, env, tmp_path)
        assert "data saved" not in out, f"nonotui {' '.join(command)} compiled:\n{out}"
    del env["NUMBA_DEBUG_CACHE"]
    cached = [p for p in installed.rglob("*") if p.suffix in (".nbi", ".nbc")
              and "_prebuilt" not in p.parts]
    assert not cached, f"numba cached inside the installed package: {cached[:3]}"
    assert sorted((p, p.stat().st_mtime_ns)
                  for p in (installed / "_prebuilt").rglob("*")) == shipped
    assert list((tmp_path / "cache" / "nonotui" / "kernels").glob("nonogram-*/**/*.nbi"))

    _run(pip + ["-e", "."], env, clone)
    assert not installed.exists(), "the first install left files behind"
    out = _run([str(python), "-c", "import nonotui.kinds, nonotui.cli; "
                "print(nonotui.kinds.__file__, len(nonotui.kinds.kinds()))"], env, tmp_path)
    assert out.startswith(str(clone)), out
    assert "1" in _run(nonotui + ["solve", "heart"], env, tmp_path)
