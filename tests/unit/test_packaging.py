"""Packaging: every package ships, and the version has one source."""

from __future__ import annotations

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
    config = tomllib.loads((REPO / "pyproject.toml").read_text())
    assert nonotui.__version__ in (config["project"]["version"], "0+unknown")
