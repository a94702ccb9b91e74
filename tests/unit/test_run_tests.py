"""tools/run_tests.py, the README's test command: both runs must pass, and each must test
something."""

from __future__ import annotations

import importlib.util
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
    ((0, 0), 0),
    ((0, 5), 5),  # the NUMBA_DISABLE_JIT run collected nothing
    ((5, 0), 5),  # the JIT run collected nothing
    ((1, 0), 1),
    ((0, 1), 1),
])
def test_the_exit_code_is_the_first_failure_and_nothing_collected_fails(
    monkeypatch: pytest.MonkeyPatch, codes: tuple[int, int], expected: int,
) -> None:
    tool = load_tool()
    calls: list[tuple[dict[str, str], list[str]]] = []

    def run(extra_env: dict[str, str], args: list[str]) -> int:
        calls.append((extra_env, args))
        return codes[len(calls) - 1]

    monkeypatch.setattr(tool, "run", run)
    monkeypatch.setattr("sys.argv", ["run_tests.py", "-x"])
    assert tool.main() == expected
    assert calls[0] == ({}, ["-x"])
    if codes[0] == 0:
        assert calls[1] == ({"NUMBA_DISABLE_JIT": "1"}, ["-m", "nojit and not slow", "-x"])
    else:
        assert len(calls) == 1
