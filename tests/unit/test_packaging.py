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
