"""tools/run_tests.py, the README's test command: both runs must pass, and each must test
something."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "tools" / "run_tests.py"
MUST_RUN_WITHOUT_JIT = {
    # what the kernels' Python source must be run for (issue 17): branching and backtracking,
    # probing (probe_chain and probe_all behind a contradiction hint, the kept probes behind
    # the player's), a hint walk, and auto-solve's step kernel
    # (test_nojit_search_and_hints.py; named by function, so the file may move)
    "branching": "test_the_search_branches_and_backtracks_to_every_solution",
    "probe_chain": "test_a_contradiction_hint_tells_the_chain_of_its_probe",
    "hint walk, probe_all": "test_a_hint_walk_from_empty_to_solved_takes_every_logical_rung",
    "kept probes": "test_a_walk_with_a_kept_context_reuses_probes_and_stays_right",
    "steps": "test_auto_solve_steps_lead_to_a_solution_of_the_marks",
}


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

    warmed: list[int] = []

    def warm_kernels() -> None:
        assert checks and not calls, "numba's cache is filled after mypy, before the tests"
        warmed.append(len(calls))

    monkeypatch.setattr(tool, "lint", lambda: 0)
    monkeypatch.setattr(tool, "typecheck", typecheck)
    monkeypatch.setattr(tool, "warm_kernels", warm_kernels)
    monkeypatch.setattr(tool, "run", run)
    monkeypatch.setattr("sys.argv", ["run_tests.py", "-x"])
    assert tool.main() == expected
    assert len(checks) == 1
    if codes[0] != 0:
        assert calls == [] and warmed == []
        return
    assert warmed == [0]
    assert calls[0] == ({}, ["-x"])
    if codes[1] == 0:
        assert calls[1] == ({"NUMBA_DISABLE_JIT": "1"}, ["-m", "nojit and not slow", "-x"])
    else:
        assert len(calls) == 1


def test_a_lint_finding_stops_the_run_before_the_type_check_and_the_tests(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``lint`` runs ``ruff check`` from the project root on the project's Python (the rules
    come from pyproject.toml, which names them); a finding ends the run with its code."""
    tool = load_tool()
    seen: list[tuple[list[str], object]] = []

    def call(args: list[str], cwd: object = None, **_: object) -> int:
        seen.append((args, cwd))
        return 1

    monkeypatch.setattr(tool.subprocess, "call", call)
    monkeypatch.setattr(tool, "typecheck", lambda: pytest.fail("mypy ran after a finding"))
    monkeypatch.setattr("sys.argv", ["run_tests.py"])
    assert tool.main() == 1
    assert seen == [([sys.executable, "-m", "ruff", "check", "nonotui", "tests", "tools",
                      "benchmarks"], TOOL.parents[1])]
    config = tomllib.loads((TOOL.parents[1] / "pyproject.toml").read_text(encoding="utf-8"))
    assert config["tool"]["ruff"]["lint"]["select"]
    assert any(d.startswith("ruff") for d in config["project"]["optional-dependencies"]["test"])


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
    assert mypy["files"] == ["nonotui", "tests/lights_kind.py"] and mypy["strict"] is True
    test_extra = " ".join(config["project"]["optional-dependencies"]["test"])
    assert "mypy" in test_extra and "types-defusedxml" in test_extra


def test_the_nojit_run_collects_branching_probing_and_hints() -> None:
    """The second run's own selection, collected as it runs (NUMBA_DISABLE_JIT=1), holds the
    tests that run the search's branching, probing and a hint as plain Python: dropping their
    ``nojit`` mark, or a marker expression that selects nothing, fails here in the default run
    and not only when someone runs the tool."""
    tool = load_tool()
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
         *tool.NOJIT_ARGS, "tests/unit"],
        cwd=ROOT, env={**os.environ, **tool.NOJIT_ENV}, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    collected = set(re.findall(r"^tests/\S+?::(\w+)(?:\[.*\])?$", done.stdout, re.M))
    missing = {what: name for what, name in MUST_RUN_WITHOUT_JIT.items()
               if name not in collected}
    assert not missing, f"not in the NUMBA_DISABLE_JIT run: {missing}"
    assert len(collected) >= 15, sorted(collected)


def test_the_cache_is_warmed_by_the_players_warm_up_shared_out(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    """The runner fills the cache with ``python -m nonotui.warm``, whose processes share
    every kind's warm-up steps (and the long solves) out: together, every step once."""
    tool = load_tool()
    called: list[list[str]] = []
    monkeypatch.setattr(tool.subprocess, "call", lambda args, **_: called.append(args) or 0)
    tool.warm_kernels()
    assert called == [[sys.executable, "-m", "nonotui.warm",
                       "--processes", str(tool.WARM_PROCESSES)]]

    from nonotui import kinds, warm

    everything = [name for name, _ in warm.every_step()]
    assert sorted(everything) == sorted([name for name, _ in kinds.warm_up_steps()]
                                        + ["long solves"])
    assert everything[:len(warm.LONGEST_FIRST)] == list(warm.LONGEST_FIRST)
    ran: list[str] = []
    steps = [(f"step {n}", lambda stop, n=n: ran.append(f"step {n}")) for n in range(5)]
    monkeypatch.setattr(warm, "every_step", lambda: steps)
    claims = tmp_path / "claims"
    claims.mkdir()
    (claims / "step-1").touch()  # another process took step 1
    warm.compile_claimed(str(claims))
    assert ran == ["step 0", "step 2", "step 3", "step 4"]
    warm.compile_claimed(str(claims))  # the next process finds nothing left
    assert len(ran) == 4 and sorted(p.name for p in claims.iterdir()) == [
        f"step-{n}" for n in range(5)]


def test_both_runs_spread_over_every_core(monkeypatch: pytest.MonkeyPatch) -> None:
    """pytest-xdist (in the test extra) runs each pytest process on every core: the README's
    test command keeps to its time budget on two cores."""
    tool = load_tool()
    seen: list[list[str]] = []

    def call(args: list[str], **_: object) -> int:
        seen.append(args)
        return 0

    monkeypatch.setattr(tool.subprocess, "call", call)
    assert tool.run({}, ["-x"]) == 0
    args = seen[0]
    assert args[:3] == [sys.executable, "-m", "pytest"]
    assert args[args.index("-n") + 1] == "auto" and args[-1] == "-x"
    config = tomllib.loads((TOOL.parents[1] / "pyproject.toml").read_text(encoding="utf-8"))
    assert "pytest-xdist" in " ".join(config["project"]["optional-dependencies"]["test"])


def test_a_skipped_tests_reason_is_shown_without_asking(tmp_path: Path) -> None:
    """The browser tests skip, saying why, when Chromium is missing: the reason must show in
    the README's run, not only with -rs (issue 33, item 12)."""
    (tmp_path / "test_skips.py").write_text(
        "import pytest\n\n"
        "def test_it():\n"
        "    pytest.skip('no chromium here: install it')\n")
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:xdist", "-p",
                           "no:cacheprovider", "-c", str(ROOT / "pyproject.toml"), "--rootdir",
                           str(tmp_path), str(tmp_path / "test_skips.py")],
                          cwd=tmp_path, capture_output=True, text=True)
    assert "no chromium here: install it" in done.stdout, done.stdout
