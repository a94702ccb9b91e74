"""``nonotui serve``: the same app in a web browser, through textual-serve.

Each browser connection gets its own ``nonotui play`` process: the player started with the
serving process's data folder (passed down in ``$NONOTUI_DATA_DIR``), so the tabs share the
library, the saves and the puzzle locks exactly as two terminals do (a puzzle open in one tab
opens read-only in another). The server itself, with the limits a page on a network needs (the
terminal's size, the page's origin, the number of players, the access token), is
:mod:`nonotui.cli.webserve`, and the decisions behind those limits
:mod:`nonotui.cli.serve_rules`; this module takes the options and starts it.
"""

from __future__ import annotations

import argparse
import errno
import os
import socket
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from nonotui.cli.serve_rules import (
    MAX_COLUMNS,
    MAX_ROWS,
    WILDCARDS,
    is_loopback,
    needs_token,
    new_token,
    page_origins,
)
from nonotui.errors import EXIT_OK, EXIT_USAGE, NonotuiError

if TYPE_CHECKING:
    from nonotui.cli.webserve import NonotuiServer

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
DEFAULT_MAX_PLAYERS = 8
"""Players (browser tabs) at once: each is a process of about 250 MB once its solver is loaded."""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``serve`` subcommand."""
    parser = subparsers.add_parser(
        "serve",
        help="play in a web browser (each tab runs its own player)",
        description="Serve the player to web browsers with textual-serve: open the printed "
        "address; each tab runs its own player on this machine's data folder. Listens on "
        f"{DEFAULT_HOST} (this machine only) unless --host says otherwise. A page's terminal "
        f"is at most {MAX_COLUMNS} x {MAX_ROWS} cells, and its connection is accepted only from this server's "
        "own page.",
    )
    parser.add_argument(
        "--host", default=DEFAULT_HOST,
        help=f"the address to listen on (default {DEFAULT_HOST}; on another address anyone on "
        "that network who has the printed address, with its access token, can play)",
    )
    parser.add_argument(
        "--port", type=port_number, default=DEFAULT_PORT,
        help=f"the port to listen on (default {DEFAULT_PORT})",
    )
    parser.add_argument(
        "--public-url", metavar="URL",
        help="the address browsers use to reach the server, such as http://box.lan:8000 "
        "(needed with --host 0.0.0.0 or ::, and behind a proxy; default http://HOST:PORT); "
        "the page's connection is accepted only from this address's pages",
    )
    parser.add_argument(
        "--max-players", metavar="N", type=player_count, default=DEFAULT_MAX_PLAYERS,
        help=f"the most tabs playing at once (default {DEFAULT_MAX_PLAYERS}): the next one is "
        "told that the server is full",
    )
    parser.add_argument(
        "--no-token", action="store_true",
        help="on a --host other than loopback, serve without the access token otherwise "
        "required (the address printed ends in ?token=...): anyone who can reach the port can "
        "play, with no password",
    )
    parser.set_defaults(func=run)


def port_number(text: str) -> int:
    """A TCP port, 1 to 65535 (argparse type: a bad one is a usage error, exit 2)."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 1 to 65535, not {port}")
    return port


def player_count(text: str) -> int:
    """A number of players, 1 or more (argparse type: a bad one is a usage error, exit 2)."""
    try:
        count = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of players: {text!r}") from None
    if count < 1:
        raise argparse.ArgumentTypeError(f"--max-players is 1 or more, not {count}")
    return count


def public_url(host: str, port: int, given: str | None) -> str:
    """The address browsers are sent to (textual-serve builds the page's websocket address from
    it). Raises ``ValueError`` with the reason when there is none to give."""
    if given is not None:
        url = given.rstrip("/")
        if not url.startswith(("http://", "https://")) or "://" == url[-3:]:
            raise ValueError(f"--public-url must be an http:// or https:// address, not {given!r}")
        return url
    if host in WILDCARDS:
        raise ValueError(
            f"--host {host or repr(host)} listens on every address, so browsers need to be told "
            "which one to use: add --public-url http://THIS-MACHINE:PORT"
        )
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}"


def app_command() -> list[str]:
    """The command run for each browser tab, without a shell: this Python's ``nonotui``
    library (``python -m nonotui play``), so tabs run the very version that serves them."""
    return [sys.executable, "-m", "nonotui", "play"]


def warning(host: str, puzzles: Path, token: bool = True) -> str:
    """What binding to a non-loopback address exposes, in one line."""
    who = (
        "anyone on that network who has the address printed below (with its token) can play "
        "here" if token else
        "--no-token: there is no password: anyone on that network can play here"
    )
    return (
        f"nonotui serve: warning: {host} is not a loopback address: {who}, see the puzzles "
        f"folder {puzzles} and open any puzzle file this account can read"
    )


def run(args: argparse.Namespace) -> int:
    """Check the options, print the warning if it applies, then serve until interrupted."""
    from nonotui.store import DataDir
    from nonotui.store.paths import DATA_DIR_ENV

    host: str = args.host
    try:
        url = public_url(host, args.port, args.public_url)
    except ValueError as exc:
        print(f"nonotui serve: {exc}", file=sys.stderr)
        return EXIT_USAGE
    data_dir = DataDir(DataDir.default().root.resolve())
    token = new_token() if needs_token(host, args.no_token) else None
    if not is_loopback(host):
        print(warning(host, data_dir.puzzles, token is not None), file=sys.stderr)
    # each tab's process inherits the environment: the same folder, whatever its own cwd
    os.environ[DATA_DIR_ENV] = str(data_dir.root)
    server = _make_server(app_command(), host, args.port, url, token=token,
                          origins=page_origins(host, args.port, url),
                          max_players=args.max_players)
    try:
        # textual-serve announces the server before it binds: a port in use is found first
        check_can_listen(host, args.port)
        server.serve()
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            raise NonotuiError(
                f"cannot serve on {host} port {args.port}: the port is in use (choose another "
                "with --port)"
            ) from None
        reason = exc.strerror or str(exc)
        raise NonotuiError(f"cannot serve on {host} port {args.port}: {reason}") from None
    return EXIT_OK


def check_can_listen(host: str, port: int) -> None:
    """Bind ``host``:``port`` as the server will (address reuse on, as aiohttp sets it) and let
    go at once; raises the ``OSError`` the server would meet."""
    for family, kind, proto, _name, address in socket.getaddrinfo(
        host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
    ):
        with socket.socket(family, kind, proto) as probe:
            if os.name != "nt":
                probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind(address)


def _make_server(command: list[str], host: str, port: int, url: str, *, token: str | None,
                 origins: frozenset[str], max_players: int) -> NonotuiServer:
    """The web server (imported here: textual-serve and aiohttp load only to serve)."""
    from nonotui.cli.webserve import NonotuiServer

    return NonotuiServer(command, host, port, url, token=token, origins=origins,
                         max_players=max_players)
