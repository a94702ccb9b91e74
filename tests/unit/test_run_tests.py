"""tools/run_tests.py, the README's test command: both runs must pass, and each must test
something."""

from __future__ import annotations

import importlib.util
import sys
import tomllib
from pathlib import Path
from types import ModuleType

import pytest

TOOL = Path(__file__).resolve().parents[2] / "tools" / "run_tests.py"


def load_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("run_tests", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(("codes", "expected"), [
    ((0, 0, 0), 0),
    ((1, 0, 0), 1),  # mypy found errors: no test runs
    ((2, 0, 0), 2),  # mypy itself failed (a bad configuration)
    ((0, 0, 5), 5),  # the NUMBA_DISABLE_JIT run collected nothing
    ((0, 5, 0), 5),  # the JIT run collected nothing
    ((0, 1, 0), 1),
    ((0, 0, 1), 1),
])
def test_the_exit_code_is_the_first_failure_and_nothing_collected_fails(
    monkeypatch: pytest.MonkeyPatch, codes: tuple[int, int, int], expected: int,
) -> None:
    tool = load_tool()
    checks: list[None] = []
    calls: list[tuple[dict[str, str], list[str]]] = []

    def typecheck() -> int:
        assert not calls, "mypy runs before the tests"
        checks.append(None)
        return codes[0]

    def run(extra_env: dict[str, str], args: list[str]) -> int:
        calls.append((extra_env, args))
        return codes[len(calls)]

    monkeypatch.setattr(tool, "typecheck", typecheck)
    monkeypatch.setattr(tool, "run", run)
    monkeypatch.setattr("sys.argv", ["run_tests.py", "-x"])
    assert tool.main() == expected
    assert len(checks) == 1
    if codes[0] != 0:
        assert calls == []
        return
    assert calls[0] == ({}, ["-x"])
    if codes[1] == 0:
        assert calls[1] == ({"NUMBA_DISABLE_JIT": "1"}, ["-m", "nojit and not slow", "-x"])
    else:
        assert len(calls) == 1


def test_the_type_check_is_mypy_on_the_projects_configuration(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``typecheck`` runs mypy from the project root, where pyproject.toml configures it (the
    package and strictness come from there, not from arguments), and the configuration is
    there."""
    tool = load_tool()
    seen: list[tuple[list[str], object]] = []

    def call(args: list[str], cwd: object = None, **_: object) -> int:
        seen.append((args, cwd))
        return 1

    monkeypatch.setattr(tool.subprocess, "call", call)
    assert tool.typecheck() == 1
    assert seen == [([sys.executable, "-m", "mypy"], TOOL.parents[1])]
    config = tomllib.loads((TOOL.parents[1] / "pyproject.toml").read_text(encoding="utf-8"))
    mypy = config["tool"]["mypy"]
    assert mypy["packages"] == ["nonotui"] and mypy["strict"] is True
    test_extra = " ".join(config["project"]["optional-dependencies"]["test"])
    assert "mypy" in test_extra and "types-defusedxml" in test_extra
