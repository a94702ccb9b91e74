"""``nonotui line``: the seed tables, JSON, exit codes and error messages."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import nonotui.cli as cli
from nonotui.cli import EXIT_BAD_INPUT, EXIT_CONTRADICTION, EXIT_OK, EXIT_USAGE

ROOT = Path(__file__).resolve().parents[3]
SEED_000 = ("9 1 1 1", "???--#########-------???#-?-?")
SEED_001 = ("1 5 1 1 1", "-----???????????-#----#????????--??#")


@pytest.fixture
def nonotui(monkeypatch, capsys):
    """Run ``nonotui ARGS...`` in-process; returns (exit code, stdout, stderr).

    Only the kinds' own subcommands (``line``) are registered, so these tests do not depend on
    the others.
    """
    monkeypatch.setattr(cli, "SUBCOMMANDS", ())

    def run(*argv: str) -> tuple[int, str, str]:
        try:
            code = cli.main(list(argv))
        except SystemExit as exc:  # argparse's usage errors
            code = exc.code
        out, err = capsys.readouterr()
        return code, out, err

    return run


def _table(stdout: str) -> list[list[str]]:
    return [row.split("\t") for row in stdout.splitlines()]


def test_seed_000_table(nonotui):
    code, out, err = nonotui("line", *SEED_000)
    assert code == EXIT_OK and err == ""
    rows = _table(out)
    assert [row[0] for row in rows] == ["fast", "complete", "fcomp", "olsak"]
    assert all(len(row) == 3 and float(row[2]) > 0 for row in rows)
    results = {row[0]: row[1] for row in rows}
    assert results["complete"] == results["fcomp"] == results["olsak"] == (
        "-----#########-------??-#-?-?"
    )
    assert results["fast"] == "-----#########-------???#-?-?"


def test_seed_001_table_with_chosen_methods(nonotui):
    code, out, _ = nonotui("line", *SEED_001, "--method", "complete", "-m", "fast", "-m", "fcomp")
    assert code == EXIT_OK
    assert [row[:2] for row in _table(out)] == [
        ["complete", "-----???????????-#----#????-???--?-#"],
        ["fast", "-----???????????-#----#????????--?-#"],
        ["fcomp", "-----???????????-#----#????-???--?-#"],
    ]


def test_a_line_starting_with_dots_needs_no_double_dash(nonotui):
    assert nonotui("line", "1 1", "-?-?-", "-m", "fast")[1].startswith("fast\t-#-#-\t")
    assert nonotui("line", "-m", "fast", "--", "1 1", "-?-?-")[1].startswith("fast\t-#-#-\t")


def test_a_method_given_twice_runs_once(nonotui):
    assert len(_table(nonotui("line", "1", "?", "-m", "fast", "-m", "fast")[1])) == 1


def test_json(nonotui):
    code, out, _ = nonotui("line", *SEED_001, "--json", "-m", "fcomp", "-m", "fast")
    assert code == EXIT_OK
    rows = json.loads(out)
    assert [sorted(row) for row in rows] == [["method", "microseconds", "result"]] * 2
    assert [(row["method"], row["result"]) for row in rows] == [
        ("fcomp", "-----???????????-#----#????-???--?-#"),
        ("fast", "-----???????????-#----#????????--?-#"),
    ]
    assert all(isinstance(row["microseconds"], float) for row in rows)


def test_contradiction(nonotui):
    code, out, err = nonotui("line", "3", "#-#")
    assert code == EXIT_CONTRADICTION and err == ""
    assert [row[1] for row in _table(out)] == ["contradiction"] * 4
    code, out, _ = nonotui("line", "3", "#-#", "--json")
    assert code == EXIT_CONTRADICTION
    assert [row["result"] for row in json.loads(out)] == [None] * 4


@pytest.mark.parametrize(
    ("clue", "line", "message"),
    [
        ("3 x", "???", "'x' is not a whole number"),
        ("1 0", "???", "a block of 0 cells"),
        ("1", "?x?", "column 2: unexpected character 'x'"),
        ("1", "", "at least one cell"),
    ],
)
def test_malformed_input(nonotui, clue, line, message):
    code, out, err = nonotui("line", clue, line)
    assert code == EXIT_BAD_INPUT and out == ""
    assert err.count("\n") == 1 and err.startswith("nonotui: ") and message in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    "argv",
    [("line", "1"), ("line", "1", "?", "--method", "quick"), ("line", "1", "?", "--bogus")],
)
def test_usage_errors(nonotui, argv):
    code, _, err = nonotui(*argv)
    assert code == EXIT_USAGE and "usage:" in err


def _all_subcommands_present() -> bool:
    return all(importlib.util.find_spec(f"nonotui.cli.{name}") for name in cli.SUBCOMMANDS)


@pytest.mark.skipif(
    not _all_subcommands_present(), reason="another subcommand's module is not in this tree yet"
)
def test_python_dash_m_nonotui_line():
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_DISABLE_JIT"}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, "-m", "nonotui", "line", *SEED_000, "-m", "fcomp"],
        cwd=ROOT, env=env, capture_output=True, text=True,
    )
    assert done.returncode == EXIT_OK, done.stderr
    assert done.stdout.startswith("fcomp\t-----#########-------??-#-?-?\t")
