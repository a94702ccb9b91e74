"""The headless core is reachable without the TUI: every module outside ``nonotui.ui`` (and the
UI's own Textual-free modules) imports without loading Textual, and the core without numba
where it does not need it.

The modules are found by walking the source tree, so a new module is checked without anyone
listing it; the ones named in :data:`REQUIRED` must be among them, so deleting or moving one
fails here instead of quietly shrinking the check. Each module is imported in a clean process
(this test process may have loaded anything): one interpreter forks a child per module, which
costs far less than a new interpreter each; numpy (and numba, for the engine's modules) is
loaded once before the forks, as neither loads a module forbidden here.
"""

from __future__ import annotations

import json
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parents[2] / "nonotui"

TUI = ("textual", "rich")
"""What a Textual-free module must not load."""
CORE_FORBIDDEN = (*TUI, "platformdirs")
"""What the shared model, the formats and the engine must not load either: they are used
without a data folder."""
CORE = ("nonotui.model", "nonotui.kinds.nonogram.formats", "nonotui.kinds.nonogram.engine", "nonotui.errors")
"""Module prefixes of the core."""
UI_TEXTUAL_FREE = ("nonotui.ui.assist", "nonotui.ui.session", "nonotui.ui.geometry",
                   "nonotui.ui.clock", "nonotui.ui.keys", "nonotui.ui.keeper")
"""The UI's modules that say they are free of Textual (and are tested without it)."""
WEB_SERVER = ("nonotui.cli.webserve",)
"""``nonotui serve``'s web server, imported by ``serve`` only once it serves: textual-serve's
server loads rich (its log) but never Textual, which only the tabs' players load."""
NUMBA_USERS = ("nonotui.kinds.nonogram.engine", "nonotui.kinds.aquarium.engine")
"""The only package that may load numba when imported."""
REQUIRED = ("nonotui", "nonotui.model", "nonotui.kinds.nonogram.formats", "nonotui.kinds.nonogram.engine",
            "nonotui.kinds.nonogram.engine.hints", "nonotui.kinds.nonogram.engine.checks", "nonotui.kinds.nonogram.engine.explain",
            "nonotui.kinds.nonogram.engine.search", "nonotui.kinds.nonogram.engine.lines", "nonotui.store", "nonotui.cli",
            *UI_TEXTUAL_FREE)
"""Modules that must exist and be checked."""


def _name(path: Path) -> str:
    parts = path.relative_to(SOURCE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _within(module: str, prefixes: tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in prefixes)


def textual_free_modules() -> list[str]:
    """Every module of the package outside ``nonotui.ui``, and the UI's Textual-free ones
    (``__main__`` runs the program when imported and is left out)."""
    names = {_name(p) for p in SOURCE.rglob("*.py") if p.stem != "__main__"}
    return sorted(n for n in names
                  if not _within(n, ("nonotui.ui",)) or _within(n, UI_TEXTUAL_FREE))


MODULES = textual_free_modules()

_CHILD = r"""
import json, os, sys
for shared in sys.argv[1].split(","):  # loaded once, for every child
    __import__(shared)

results = {}
for module in sys.argv[2:]:
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        try:
            __import__(module)
            answer = {"loaded": sorted(sys.modules)}
        except BaseException as exc:
            answer = {"error": f"{type(exc).__name__}: {exc}"}
        os.write(write, json.dumps(answer).encode())
        os._exit(0)
    os.close(write)
    chunks = []
    while chunk := os.read(read, 1 << 16):
        chunks.append(chunk)
    os.close(read)
    os.waitpid(pid, 0)
    results[module] = json.loads(b"".join(chunks) or b'{"error": "the child died"}')
print(json.dumps(results))
"""


@cache
def imports() -> dict[str, dict[str, object]]:
    """What importing each module loads (top-level names), or why it failed."""
    if sys.platform == "win32":  # no fork: one interpreter per module
        out = {}
        for module in MODULES:
            code = f"import sys, json, {module}; print(json.dumps(sorted(sys.modules)))"
            done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
            out[module] = ({"loaded": json.loads(done.stdout)} if done.returncode == 0
                           else {"error": done.stderr.strip().splitlines()[-1]})
        return out
    out = {}
    # numpy loads none of the forbidden modules; numba only in the engine, which may load it
    for shared, modules in (("numpy", [m for m in MODULES if not _within(m, NUMBA_USERS)]),
                            ("numpy,numba", [m for m in MODULES if _within(m, NUMBA_USERS)])):
        done = subprocess.run([sys.executable, "-c", _CHILD, shared, *modules],
                              capture_output=True, text=True, check=True)
        out.update(json.loads(done.stdout))
    return out


def loaded_after_import(module: str) -> set[str]:
    answer = imports()[module]
    assert "error" not in answer, f"importing {module} failed: {answer['error']}"
    return {name.split(".")[0] for name in answer["loaded"]}  # type: ignore[union-attr]


def test_the_walk_finds_every_required_module() -> None:
    missing = [m for m in REQUIRED if m not in MODULES]
    assert not missing, f"modules the hygiene check must import are gone: {missing}"
    assert len(MODULES) >= 40, MODULES


@pytest.mark.parametrize("module", MODULES)
def test_textual_free_modules_do_not_load_the_tui(module: str) -> None:
    forbidden = set(CORE_FORBIDDEN if _within(module, CORE) or module == "nonotui" else TUI)
    if _within(module, WEB_SERVER):
        forbidden = {"textual"}
    loaded = loaded_after_import(module)
    assert not loaded & forbidden, f"{module} loaded {sorted(loaded & forbidden)}"


@pytest.mark.parametrize("module", [m for m in MODULES if not _within(m, NUMBA_USERS)])
def test_modules_outside_the_engine_do_not_load_numba(module: str) -> None:
    """Reading files, parsing the command line and the player's own logic must not pay numba's
    import (the UI's assist imports the engine only inside its functions)."""
    assert "numba" not in loaded_after_import(module)


def test_the_player_reaches_its_first_frame_without_numba_or_the_engine() -> None:
    """Everything `nonotui play FILE` imports before drawing: no numba, no engine (DESIGN.md:
    a warm-up worker loads them once the app is up), no importlib.metadata (the version is
    read only for --version, and other packages' kinds only when every kind is listed), no XML
    writer and parser machinery (it drags in urllib, http.client and email; it loads when an
    XML file is read or written)."""
    code = (
        "import sys, json; from nonotui.cli import build_parser; build_parser(['play', 'x']); "
        "import nonotui.cli.play, nonotui.ui.app; print(json.dumps(sorted(sys.modules)))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    loaded = set(json.loads(out))
    assert "numba" not in loaded
    assert not any(name.startswith("nonotui.kinds.nonogram.engine") for name in loaded)
    assert "importlib.metadata" not in loaded
    assert not {"xml.sax.saxutils", "defusedxml.expatreader", "http.client"} & loaded
