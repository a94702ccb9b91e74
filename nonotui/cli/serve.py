"""``nonotui serve``: the same app in a web browser, through textual-serve.

textual-serve runs a shell command per browser connection, so each tab gets its own ``nonotui``
process: the player started with the serving process's data folder (passed down in
``$NONOTUI_DATA_DIR``), so the tabs share the library, the saves and the puzzle locks exactly as
two terminals do (a puzzle open in one tab opens read-only in another).
"""

from __future__ import annotations

import argparse
import errno
import ipaddress
import os
import shlex
import socket
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from nonotui.errors import EXIT_OK, EXIT_USAGE, NonotuiError

if TYPE_CHECKING:
    from textual_serve.server import Server

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000

WILDCARDS = ("", "0.0.0.0", "::")
"""Hosts that bind every interface: a browser cannot be sent to them, so they need a public URL."""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``serve`` subcommand."""
    parser = subparsers.add_parser(
        "serve",
        help="play in a web browser (each tab runs its own player)",
        description="Serve the player to web browsers with textual-serve: open the printed "
        "address; each tab runs its own player on this machine's data folder. Listens on "
        f"{DEFAULT_HOST} (this machine only) unless --host says otherwise.",
    )
    parser.add_argument(
        "--host", default=DEFAULT_HOST,
        help=f"the address to listen on (default {DEFAULT_HOST}; another address lets anyone "
        "on that network play)",
    )
    parser.add_argument(
        "--port", type=port_number, default=DEFAULT_PORT,
        help=f"the port to listen on (default {DEFAULT_PORT})",
    )
    parser.add_argument(
        "--public-url", metavar="URL",
        help="the address browsers use to reach the server, such as http://box.lan:8000 "
        "(needed with --host 0.0.0.0 or ::, and behind a proxy; default http://HOST:PORT)",
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


def is_loopback(host: str) -> bool:
    """Whether ``host`` reaches this machine only: a loopback address, or a name that resolves
    to loopback addresses alone (``localhost``). A name that does not resolve counts as not
    loopback (the warning is printed; the bind then fails with its own message)."""
    if host in WILDCARDS:
        return False
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        pass
    try:
        found = socket.getaddrinfo(host, None)
    except OSError:
        return False
    addresses = {info[4][0] for info in found}
    return bool(addresses) and all(
        ipaddress.ip_address(str(a).partition("%")[0]).is_loopback for a in addresses
    )


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


def app_command() -> str:
    """The shell command textual-serve runs for each browser tab: this Python's ``nonotui``
    library (``python -m nonotui play``), so tabs run the very version that serves them."""
    words = [sys.executable, "-m", "nonotui", "play"]
    if os.name == "nt":
        return subprocess.list2cmdline(words)
    return shlex.join(words)


def warning(host: str, puzzles: Path) -> str:
    """What binding to a non-loopback address exposes, in one line."""
    return (
        f"nonotui serve: warning: {host} is not a loopback address: anyone on that network "
        f"can play here, see the puzzles folder {puzzles} and open any puzzle file this "
        "account can read"
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
    if not is_loopback(host):
        print(warning(host, data_dir.puzzles), file=sys.stderr)
    # each tab's process inherits the environment: the same folder, whatever its own cwd
    os.environ[DATA_DIR_ENV] = str(data_dir.root)
    server = _make_server(app_command(), host, args.port, url)
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


def _make_server(command: str, host: str, port: int, url: str) -> Server:
    """textual-serve's server, saying where to point the browser in one line, and ending the
    tabs' players at once when it stops (left alone, aiohttp waits for each open tab's
    connection to time out: ctrl+c took 23 s with one tab open)."""
    import asyncio

    from aiohttp import web
    from textual_serve.server import Server

    class NonotuiServer(Server):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.tabs: set[asyncio.Task[object]] = set()

        async def on_startup(self, app: web.Application) -> None:
            print(f"nonotui: serving on {self.public_url} (ctrl+c stops)", flush=True)

        async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
            tab = asyncio.current_task()
            assert tab is not None
            self.tabs.add(tab)
            try:
                return await super().handle_websocket(request)
            finally:
                self.tabs.discard(tab)

        async def on_shutdown(self, app: web.Application) -> None:
            # a cancelled tab closes its page's connection and asks its player to quit, which
            # saves as quitting in a terminal does
            for tab in list(self.tabs):
                tab.cancel()

    return NonotuiServer(command, host=host, port=port, title="nonotui", public_url=url)
