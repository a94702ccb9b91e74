"""nonotui's build backend: setuptools', with the compiled solver's build requirements asked
for only where they are used.

A wheel (``pip install .``) carries the solver compiled (``setup.py``), which needs numba, numpy
and what the warm-up reads puzzles with in pip's build environment. An editable install
(``pip install -e``, the README's test command) compiles nothing at build time, so it asks for
setuptools alone: installing numba and llvmlite into a throwaway build environment cost every
test run's install time for nothing. ``NONOTUI_PREBUILD=0`` leaves them out of a wheel build too.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403 - every other hook is setuptools' own

COMPILING = ("numba", "numpy", "defusedxml")
"""The dependencies the wheel's compile step imports (their specifiers from pyproject.toml)."""


def prebuild_requires() -> list[str]:
    """The specifiers of :data:`COMPILING`, as pyproject.toml's dependencies give them, so that
    the build environment gets the releases the installed package will use."""
    project = tomllib.loads((Path(__file__).resolve().parents[2] / "pyproject.toml").read_text())
    wanted = []
    for spec in project["project"]["dependencies"]:
        name = spec.split(">")[0].split("<")[0].split("=")[0].split("[")[0].strip().lower()
        if name in COMPILING:
            wanted.append(spec)
    return wanted


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    extra = [] if os.environ.get("NONOTUI_PREBUILD") == "0" else prebuild_requires()
    return [*_setuptools.get_requires_for_build_wheel(config_settings), *extra]
