"""The headless core is reachable without the TUI: model, formats (and engine) never load Textual.

Each import runs in a fresh interpreter, since this test process may have loaded anything.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys

import pytest

FORBIDDEN = ("textual", "rich", "platformdirs")


def loaded_after_import(module: str) -> set[str]:
    code = f"import sys, json, {module}; print(json.dumps(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    return {name.split(".")[0] for name in json.loads(out)}


@pytest.mark.parametrize("module", ["nonotui.model", "nonotui.formats", "nonotui.engine"])
def test_core_does_not_import_the_tui(module: str) -> None:
    if importlib.util.find_spec(module) is None:
        pytest.skip(f"{module} does not exist yet")
    loaded = loaded_after_import(module)
    assert not loaded & set(FORBIDDEN), f"{module} loaded {sorted(loaded & set(FORBIDDEN))}"


@pytest.mark.parametrize("module", ["nonotui.model", "nonotui.formats", "nonotui.cli"])
def test_light_modules_do_not_import_numba(module: str) -> None:
    """Reading files and parsing the command line must not pay numba's import."""
    assert "numba" not in loaded_after_import(module)


def test_the_player_reaches_its_first_frame_without_numba_or_the_engine() -> None:
    """Everything `nonotui play FILE` imports before drawing: no numba, no engine (DESIGN.md:
    a warm-up worker loads them once the app is up), no importlib.metadata (the version is
    read only for --version), no XML writer and parser machinery (it drags in urllib,
    http.client and email; it loads when an XML file is read or written)."""
    code = (
        "import sys, json; from nonotui.cli import build_parser; build_parser(); "
        "import nonotui.cli.play, nonotui.ui.app; print(json.dumps(sorted(sys.modules)))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    loaded = set(json.loads(out))
    assert "numba" not in loaded
    assert not any(name.startswith("nonotui.engine") for name in loaded)
    assert "importlib.metadata" not in loaded
    assert not {"xml.sax.saxutils", "defusedxml.expatreader", "http.client"} & loaded
