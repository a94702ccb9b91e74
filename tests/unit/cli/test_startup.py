"""Start-up: a command builds only its own parser and imports no other command's module; the
parse is the same as with the full parser (docs/solver.md, "Start-up of nonotui solve")."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

import pytest

from nonotui import cli, kinds

HEART = str(Path(__file__).resolve().parents[2] / "data" / "formats" / "heart.non")
COMMANDS = (*cli.SUBCOMMANDS, *(c.name for k in kinds.kinds() for c in k.subcommands()))


def subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def test_solve_imports_no_other_command() -> None:
    code = (f"import sys, json; from nonotui.cli import main; code = main(['solve', {HEART!r}]); "
            "print(json.dumps([code, sorted(sys.modules)]))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    status, loaded = json.loads(done.stdout.strip().splitlines()[-1])
    assert status == 0
    others = [f"nonotui.cli.{name}" for name in cli.SUBCOMMANDS if name != "solve"]
    others += ["nonotui.kinds.nonogram.line_command", "nonotui.kinds.nonogram.generate_options"]
    others += ["nonotui.store.progress", "nonotui.store.settings", "nonotui.store.lock"]
    assert not set(others) & set(loaded), sorted(set(others) & set(loaded))
    top = {m.split(".")[0] for m in loaded}
    assert not {"textual", "rich", "PIL", "multiprocessing", "platformdirs"} & top


@pytest.mark.parametrize("name", COMMANDS)
def test_a_command_alone_parses_as_with_every_command(name: str) -> None:
    alone = subparsers(cli.build_parser([name, "x"]))
    assert list(alone) == [name]
    full = subparsers(cli.build_parser())
    assert set(full) == set(COMMANDS)
    assert alone[name].format_help() == full[name].format_help()


def test_the_same_namespace_either_way() -> None:
    argv = ["bench", HEART, "--timeout", "3", "--jobs", "2", "--json"]
    alone, full = cli.build_parser(argv).parse_args(argv), cli.build_parser().parse_args(argv)
    assert vars(alone).keys() == vars(full).keys()
    assert {k: v for k, v in vars(alone).items() if k != "func"} == \
        {k: v for k, v in vars(full).items() if k != "func"}
    assert alone.func is full.func


def test_no_arguments_still_open_the_player_and_help_lists_everything(capsys) -> None:
    parser = cli.build_parser([])
    assert list(subparsers(parser)) == ["play"]
    assert getattr(parser.parse_args([]), "func", None) is None
    assert parser.parse_args(["play"]).func.__module__ == "nonotui.cli.play"
    for argv in (["--help"], ["nosuch"]):
        with pytest.raises(SystemExit) as exc:
            cli.main(argv)
        assert exc.value.code in (0, 2)
    captured = capsys.readouterr()
    assert all(name in captured.out for name in COMMANDS)  # --help: the full list
    assert "invalid choice" in captured.err and "solve" in captured.err  # and for a typo


def test_help_imports_no_format_module() -> None:
    code = ("import sys, json, contextlib, io\nfrom nonotui.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            "    try:\n        main(['--help'])\n    except SystemExit:\n        pass\n"
            "print(json.dumps(sorted(sys.modules)))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    loaded = json.loads(done.stdout.strip().splitlines()[-1])
    assert not [m for m in loaded if ".formats." in m or m.endswith(".aq_format")]


def test_convert_to_checks_and_lists_the_writable_formats(capsys) -> None:
    with pytest.raises(SystemExit) as exited:
        cli.main(["convert", HEART, "-", "--to", "bogus"])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert "invalid choice: 'bogus'" in err
    assert all(name in err for name in kinds.writable())
    parser = subparsers(cli.build_parser(["convert", "x"]))["convert"]
    assert ", ".join(kinds.writable()) in " ".join(parser.format_help().split())
    assert cli.main(["convert", HEART, "-", "--to", "tatham"]) == 0
    assert capsys.readouterr().out.startswith("5x5:")
