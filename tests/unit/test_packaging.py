"""Packaging: every package ships, and the version has one source."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import nonotui

REPO = Path(__file__).resolve().parents[2]


def test_every_package_is_listed_in_pyproject() -> None:
    config = tomllib.loads((REPO / "pyproject.toml").read_text())
    listed = set(config["tool"]["setuptools"]["packages"])
    on_disk = {
        ".".join(p.parent.relative_to(REPO).parts)
        for p in (REPO / "nonotui").rglob("__init__.py")
    }
    mapped = set(config["tool"]["setuptools"].get("package-dir", {}))
    assert on_disk <= listed, f"packages missing from pyproject: {sorted(on_disk - listed)}"
    assert listed <= on_disk | mapped, f"listed but absent: {sorted(listed - on_disk - mapped)}"


def test_version_comes_from_the_distribution() -> None:
    """The installed distribution's version, read in a fresh process (this one may have cached
    it), is pyproject's; ``0+unknown`` means the lookup failed, or nonotui is not installed
    (``pip install -e .``), and fails here."""
    config = tomllib.loads((REPO / "pyproject.toml").read_text())
    out = subprocess.run(
        [sys.executable, "-c", "import nonotui; print(nonotui.__version__)"],
        capture_output=True, text=True, check=True, cwd=REPO,
    ).stdout.strip()
    assert out == config["project"]["version"]
    assert nonotui.__version__ == out


def test_the_cli_prints_that_version() -> None:
    config = tomllib.loads((REPO / "pyproject.toml").read_text())
    out = subprocess.run(
        [sys.executable, "-m", "nonotui", "--version"],
        capture_output=True, text=True, check=True, cwd=REPO,
    ).stdout
    assert out == f"nonotui {config['project']['version']}\n"


def test_only_a_wheel_build_asks_for_the_solvers_build_requirements() -> None:
    """tools/pep517/backend.py: a wheel carries the compiled solver and needs numba, numpy and
    defusedxml to build it, as the dependencies name them; an editable install (the README's
    test command) does not install them into pip's build environment."""
    sys.path.insert(0, str(REPO / "tools" / "pep517"))
    try:
        import backend
    finally:
        sys.path.pop(0)
    project = tomllib.loads((REPO / "pyproject.toml").read_text())
    wanted = backend.prebuild_requires()
    assert {w.split(">")[0] for w in wanted} == set(backend.COMPILING)
    assert set(wanted) <= set(project["project"]["dependencies"])
    assert project["build-system"]["backend-path"] == ["tools/pep517"]
    assert project["build-system"]["build-backend"] == "backend"
    assert not set(wanted) & set(project["build-system"]["requires"])
