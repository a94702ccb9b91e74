"""``nonotui serve`` without a browser: its options, the non-loopback warning, a port in use, and
the command each tab runs (tests/browser/test_serve_browser.py drives a real browser)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path
from typing import ClassVar

import pytest

from nonotui.cli import main, serve, serve_rules
from nonotui.store.paths import DATA_DIR_ENV


class FakeServer:
    """Stands in for textual-serve's server: records what it was given and the data folder the
    tabs' processes would inherit."""

    made: ClassVar[list[FakeServer]] = []

    def __init__(self, command: list[str], host: str, port: int, url: str, *,
                 token: str | None, origins: frozenset[str], max_players: int) -> None:
        self.command, self.host, self.port, self.url = command, host, port, url
        self.token, self.origins, self.max_players = token, origins, max_players
        self.data_dir: str | None = None
        FakeServer.made.append(self)

    def serve(self) -> None:
        self.data_dir = os.environ.get(DATA_DIR_ENV)


@pytest.fixture
def fake_server(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[FakeServer]:
    FakeServer.made = []
    monkeypatch.setattr(serve, "_make_server", FakeServer)
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))
    return FakeServer.made


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_defaults_listen_on_loopback_without_a_warning(
    fake_server: list[FakeServer], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    port = free_port()
    assert main(["serve", "--port", str(port)]) == 0
    (made,) = fake_server
    assert (made.host, made.port, made.url) == ("127.0.0.1", port, f"http://127.0.0.1:{port}")
    assert "warning" not in capsys.readouterr().err
    # each tab runs this very Python's nonotui player on the serving process's data folder
    assert made.command == [sys.executable, "-m", "nonotui", "play"]
    assert made.data_dir == str((tmp_path / "data").resolve())
    # no token on loopback; the page's own origins; 8 players
    assert made.token is None
    assert f"http://127.0.0.1:{port}" in made.origins
    assert made.max_players == serve.DEFAULT_MAX_PLAYERS == 8


def test_a_relative_data_folder_reaches_the_tabs_as_an_absolute_one(
    fake_server: list[FakeServer], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv(DATA_DIR_ENV, "rel-data")
    assert main(["serve", "--port", str(free_port())]) == 0
    assert fake_server[0].data_dir == str(tmp_path.resolve() / "rel-data")


def test_a_non_loopback_host_warns_in_one_line(
    fake_server: list[FakeServer], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    port = free_port()
    code = main(["serve", "--host", "0.0.0.0", "--port", str(port),
                 "--public-url", "http://box.lan:8000/"])
    assert code == 0
    assert fake_server[0].url == "http://box.lan:8000"
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1
    assert "anyone on that network who has the address printed below" in err[0]
    assert "no password" not in err[0]
    assert str((tmp_path / "data" / "puzzles").resolve()) in err[0]
    made = fake_server[0]
    assert made.token is not None and len(made.token) >= 40
    assert made.origins == {"http://box.lan:8000"}


def test_no_token_on_a_non_loopback_host_warns_that_there_is_no_password(
    fake_server: list[FakeServer], capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["serve", "--host", "0.0.0.0", "--port", str(free_port()),
                 "--public-url", "http://box.lan:8000", "--no-token", "--max-players", "3"])
    assert code == 0
    (err,) = capsys.readouterr().err.splitlines()
    assert "no password" in err and "anyone on that network can play" in err
    assert fake_server[0].token is None
    assert fake_server[0].max_players == 3


@pytest.mark.parametrize("count", ["0", "-1", "many"])
def test_a_bad_player_count_is_a_usage_error(fake_server: list[FakeServer], count: str) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["serve", "--max-players", count])
    assert exit_.value.code == 2


@pytest.mark.parametrize("host", ["0.0.0.0", "::"])
def test_a_wildcard_host_needs_a_public_url(
    fake_server: list[FakeServer], capsys: pytest.CaptureFixture[str], host: str
) -> None:
    assert main(["serve", "--host", host]) == 2
    err = capsys.readouterr().err
    assert "--public-url" in err and err.count("\n") == 1
    assert fake_server == []


@pytest.mark.parametrize("url", ["box.lan:8000", "ftp://box.lan", "http://"])
def test_a_public_url_must_be_http(
    fake_server: list[FakeServer], capsys: pytest.CaptureFixture[str], url: str
) -> None:
    assert main(["serve", "--public-url", url]) == 2
    assert "--public-url must be" in capsys.readouterr().err
    assert fake_server == []


@pytest.mark.parametrize("port", ["0", "65536", "http"])
def test_a_bad_port_is_a_usage_error(fake_server: list[FakeServer], port: str) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["serve", "--port", port])
    assert exit_.value.code == 2


def test_a_port_in_use_is_one_line_and_exit_1(
    fake_server: list[FakeServer], capsys: pytest.CaptureFixture[str]
) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 1
    err = capsys.readouterr().err
    assert err == f"nonotui: cannot serve on 127.0.0.1 port {port}: the port is in use " \
        "(choose another with --port)\n"
    assert fake_server[0].data_dir is None  # never served


@pytest.mark.parametrize(
    ("host", "loopback"),
    [("127.0.0.1", True), ("127.8.9.1", True), ("::1", True), ("localhost", True),
     ("0.0.0.0", False), ("::", False), ("192.168.1.5", False), ("10.0.0.1", False)],
)
def test_loopback_is_told_apart(host: str, loopback: bool) -> None:
    assert serve_rules.is_loopback(host) is loopback


def test_an_ipv6_host_gets_brackets_in_its_url() -> None:
    assert serve.public_url("::1", 8000, None) == "http://[::1]:8000"


def test_the_real_server_refuses_a_port_in_use_before_announcing(tmp_path: Path) -> None:
    """The real textual-serve, in a child process: one line on stderr, nothing on stdout."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "nonotui", "serve", "--port", str(port)],
            capture_output=True, text=True, timeout=120, check=False,
            env={**os.environ, DATA_DIR_ENV: str(tmp_path / "data")},
        )
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and "the port is in use" in done.stderr
