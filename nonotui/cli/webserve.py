"""The web server behind ``nonotui serve``: textual-serve's, with the limits that a page
reachable by other pages and other people needs (issue 32).

textual-serve (1.1) serves a page and, for each websocket to ``/ws``, runs the app and relays
its terminal. As it comes, any web page the player's browser visits could open that websocket
and drive the player (a browser sends a websocket to any address, loopback included); a page
could ask for a terminal of 100000 x 100000 cells (the player's memory grew by gigabytes a
minute); every connection started a player, with no limit; the player of a closed tab could be
left blocked on its output for minutes; and the page loaded a web font from another host.
Here, on every host:

- the terminal a page asks for, at connect and on every resize, is clamped to
  ``MAX_COLUMNS`` x ``MAX_ROWS`` (:func:`nonotui.cli.serve_rules.terminal_size`), and messages that
  are not what the page sends are ignored;
- a websocket is accepted only from this server's own pages (its ``Origin`` header);
- at most ``--max-players`` players run at once: the next page is told that the server is full;
- the page is nonotui's own (``page/index.html``), with nothing from another host;
- a player whose page has gone is ended through its own signal path (SIGHUP: save, release the
  locks, end; :mod:`nonotui.ui.ending`), its output read to the end meanwhile; one that has not
  ended ``END_GRACE`` seconds later is killed (its saves are already written).

On a non-loopback host the server also asks for its access token (``?token=`` once, then a
cookie), unless ``--no-token``. Local processes can always connect to a loopback port: the
origin check stops web pages, not programs (docs/playing.md, "In a browser").
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import shlex
import signal
from asyncio.subprocess import PIPE, Process
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

import aiohttp_jinja2
import jinja2
from aiohttp import WSCloseCode, WSMsgType, web
from aiohttp.abc import AbstractAccessLogger
from textual_serve.app_service import AppService
from textual_serve.server import Server

from nonotui.cli.serve_rules import DEFAULT_SIZE, origin_allowed, terminal_size

log = logging.getLogger("nonotui.serve")

PAGE = Path(__file__).with_name("page")
"""The page's templates: ``index.html`` (the terminal) and ``refused.html`` (why not)."""

HANG_UP = getattr(signal, "SIGHUP", signal.SIGTERM)
"""What a player whose page has gone is sent: SIGHUP, a closed terminal (Windows has none: there
SIGTERM, which ends the process at once)."""

END_GRACE = 1.5
"""Seconds a player is given to end after SIGHUP before it is killed. Its handler saves at once,
lets 0.3 s pass for keys already received, then closes the puzzles and ends."""

HEARTBEAT = 15.0
"""Seconds between the server's pings on a page's websocket: a page that answers none within
half of it (a machine gone to sleep, a cable pulled) is closed, and its player ended."""

FULL_MESSAGE = (
    "nonotui: this server is full: {players} players are playing. Close another tab of it, "
    "or try again later."
)

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class Player(AppService):
    """One page's player: ``nonotui play`` in a process of its own, run without a shell (so
    that the signal reaches the player itself), whose output goes to the page while the page is
    there and is read and dropped after, so that the player is never left blocked writing it."""

    def __init__(self, argv: Sequence[str], **page: Any) -> None:
        super().__init__(shlex.join(argv), **page)
        self.argv = list(argv)
        self.page_open = True
        """The page still takes output; once it has gone, the player's output is dropped."""
        self.exiting = False
        """The player said it is ending (``q``): it is given time to end on its own."""

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Process:
        environment = self._build_environment(width=width, height=height)
        self._process = process = await asyncio.create_subprocess_exec(
            *self.argv, stdin=PIPE, stdout=PIPE, stderr=PIPE, env=environment,
        )
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    @property
    def process(self) -> Process | None:
        return self._process

    async def run(self) -> None:
        """Relay the player's output until it ends (textual-serve's), then close the page's
        connection if it is still open: a player that ended without saying so (a crash) is not
        left counted while its page waits."""
        await super().run()
        if self.page_open:
            self.page_open = False
            await self.remote_close()

    async def on_data(self, payload: bytes) -> None:
        if self.page_open:
            try:
                await super().on_data(payload)
            except ConnectionError:  # the page went away mid-write: end() follows
                self.page_open = False

    async def on_meta(self, data: bytes) -> None:
        if json.loads(data).get("type") == "exit":
            self.exiting = True
        if self.page_open:
            try:
                await super().on_meta(data)
            except ConnectionError:
                self.page_open = False

    async def end(self) -> None:
        """End the player, its page having gone (or the server stopping): SIGHUP, which the
        player handles as a closed terminal (save everything, release the locks, end); a player
        that said it is ending is first given ``END_GRACE`` seconds to do so alone. Killed if it
        has not ended ``END_GRACE`` seconds after the signal. Returns once it has ended and its
        output has been read to the end."""
        self.page_open = False
        process = self._process
        if process is None:
            return
        if self.exiting:
            await self._ended_within(END_GRACE)
        if process.returncode is None:
            self._signal(HANG_UP)
            if not await self._ended_within(END_GRACE):
                log.warning("a player (pid %d) did not end %.1f s after SIGHUP: killed",
                            process.pid, END_GRACE)
                self._signal(None)
                await process.wait()
        if self._task is not None:
            await self._task
            self._task = None
        await self._download_manager.cancel_app_downloads(app_service_id=self.app_service_id)

    def _signal(self, signum: int | None) -> None:
        """Send the player ``signum``, or kill it (``None``)."""
        assert self._process is not None
        try:
            if signum is None:
                self._process.kill()
            else:
                self._process.send_signal(signum)
        except ProcessLookupError:  # it has just ended
            pass

    async def _ended_within(self, seconds: float) -> bool:
        assert self._process is not None
        try:
            async with asyncio.timeout(seconds):
                await self._process.wait()
        except TimeoutError:
            return False
        return True


class PathOnlyAccessLogger(AbstractAccessLogger):
    """aiohttp's access log without the query string, which holds the token."""

    def log(self, request: web.BaseRequest, response: web.StreamResponse, time: float) -> None:
        self.logger.info('%s "%s %s" %d', request.remote, request.method, request.path,
                         response.status)


class NonotuiServer(Server):
    """textual-serve's server with nonotui's page, limits and token (the module's docstring)."""

    def __init__(self, command: Sequence[str], host: str, port: int, url: str, *,
                 token: str | None, origins: frozenset[str], max_players: int) -> None:
        super().__init__(shlex.join(command), host=host, port=port, title="nonotui",
                         public_url=url)
        self.argv = list(command)
        self.token = token
        self.origins = origins
        self.max_players = max_players
        self.players: set[Player] = set()
        """The players running, counted from their page's connection until their process has
        ended."""
        self.tabs: set[asyncio.Task[object]] = set()
        self.cookie = f"nonotui-token-{port}"

    # -- the server -----------------------------------------------------------------------------

    def serve(self, debug: bool = False) -> None:
        """textual-serve's ``serve``, with nonotui's access log (no query strings)."""
        self.debug = debug
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            try:
                loop.add_signal_handler(signum, self.request_exit)
            except NotImplementedError:  # Windows
                pass
        web.run_app(self._make_app(), host=self.host, port=self.port, handle_signals=False,
                    loop=loop, print=lambda *_args: None,
                    access_log_class=PathOnlyAccessLogger)

    async def _make_app(self) -> web.Application:
        app = web.Application(middlewares=[self._guard])
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(PAGE), autoescape=True)
        app.add_routes([
            web.get("/", self.page, name="index"),
            web.get("/ws", self.handle_websocket, name="websocket"),
            web.get("/download/{key}", self.handle_download, name="download"),
            web.static("/static", self.statics_path, name="static"),
        ])
        app.on_startup.append(self.on_startup)
        app.on_shutdown.append(self.on_shutdown)
        return app

    async def on_startup(self, app: web.Application) -> None:
        url = self.public_url + ("/" if self.token is None else f"/?token={self.token}")
        print(f"nonotui: serving on {url} (ctrl+c stops)", flush=True)

    async def on_shutdown(self, app: web.Application) -> None:
        # a cancelled tab closes its page's connection and ends its player, which saves as
        # quitting in a terminal does
        for tab in list(self.tabs):
            tab.cancel()

    # -- who may come in ------------------------------------------------------------------------

    @web.middleware
    async def _guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """With a token, every request shows it: in the address (``?token=``, the first time:
        the page is then sent again without it, with a cookie) or in the cookie."""
        if self.token is None:
            return await handler(request)
        given = request.query.get("token")
        if given is not None and secrets.compare_digest(given, self.token):
            if request.path == "/":
                query = request.rel_url.query.copy()
                del query["token"]
                found = web.HTTPSeeOther(request.rel_url.with_query(query))
                self._set_cookie(found)
                raise found
            response = await handler(request)
            if not response.prepared:
                self._set_cookie(response)
            return response
        if secrets.compare_digest(request.cookies.get(self.cookie, ""), self.token):
            return await handler(request)
        return self.refusal(
            request, web.HTTPForbidden.status_code, "nonotui needs its access token",
            "This nonotui server asks for the access token it printed when it started: open "
            "the whole address it printed, the one that ends in ?token=...",
        )

    def _set_cookie(self, response: web.StreamResponse) -> None:
        response.set_cookie(self.cookie, self.token or "", httponly=True, samesite="Lax",
                            secure=self.public_url.startswith("https:"), path="/")

    def refusal(self, request: web.Request, status: int, title: str,
                message: str) -> web.Response:
        """A short page saying why not, with ``status``."""
        return aiohttp_jinja2.render_template(
            "refused.html", request, {"title": title, "message": message}, status=status)

    def full(self) -> bool:
        return len(self.players) >= self.max_players

    def full_message(self) -> str:
        return FULL_MESSAGE.format(players=len(self.players))

    # -- the page and its connection -------------------------------------------------------------

    async def page(self, request: web.Request) -> web.StreamResponse:
        """The page: nonotui's own template, or a page saying that the server is full."""
        if self.full():
            return self.refusal(request, web.HTTPServiceUnavailable.status_code,
                                "nonotui is full", self.full_message())
        static = str(request.app.router["static"].url_for(filename="/")).rstrip("/") + "/"
        websocket = str(request.app.router["websocket"].url_for())
        scheme = "wss" if self.public_url.startswith("https:") else "ws"
        asked = request.query.get("fontsize", "")
        font_size = int(asked) if asked.isdecimal() and len(asked) <= 2 else 16
        return aiohttp_jinja2.render_template("index.html", request, {
            "title": self.title,
            "static": self.public_url + static,
            "websocket": f"{scheme}:{self.public_url.split(':', 1)[1]}{websocket}",
            "font_size": max(6, font_size),
        })

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """A page's connection: from this server's pages only; told and closed when the server
        is full; else a player is run at the clamped size and ended when the page goes."""
        origin = request.headers.get("Origin")
        if not origin_allowed(origin, self.origins):
            log.warning("refused a connection from another site's page (Origin: %s)",
                        origin if origin is None else repr(origin[:100]))
            raise web.HTTPForbidden(
                text="nonotui: connections are accepted from this server's own page only\n")
        websocket = web.WebSocketResponse(heartbeat=HEARTBEAT)
        await websocket.prepare(request)
        if self.full():
            log.warning("refused a page: %d players are playing (--max-players)",
                        len(self.players))
            await websocket.send_bytes(f"\r\n  {self.full_message()}\r\n".encode())
            await websocket.close(code=WSCloseCode.TRY_AGAIN_LATER, message=b"server full")
            return websocket
        size = terminal_size(request.query.get("width"), request.query.get("height"))
        player = Player(self.argv, write_bytes=websocket.send_bytes,
                        write_str=websocket.send_str, close=websocket.close,
                        download_manager=self.download_manager, debug=self.debug)
        self.players.add(player)
        tab = asyncio.current_task()
        assert tab is not None
        self.tabs.add(tab)
        try:
            await player.start(*(size or DEFAULT_SIZE))
            await self.relay(websocket, player)
        except asyncio.CancelledError:  # the server stops
            pass
        finally:
            # the player first: closing the connection waits for the page's answer, which a
            # page that has gone silent never sends
            self.tabs.discard(tab)
            await player.end()
            self.players.discard(player)
            if player.process is not None:
                log.info("a player (pid %d) ended with exit code %s", player.process.pid,
                         player.process.returncode)
            await websocket.close()
        return websocket

    async def relay(self, websocket: web.WebSocketResponse, player: Player) -> None:
        """Hand the page's messages to its player until the page goes: keys (``stdin``), the
        terminal's size (clamped), focus, blur and ping, as textual-serve's page sends them;
        anything else is dropped."""
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = json.loads(message.data)
            except ValueError:
                continue
            if not isinstance(envelope, list) or not envelope:
                continue
            kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
            if kind == "stdin" and isinstance(data, str):
                await player.send_bytes(data.encode("utf-8", "replace"))
            elif kind == "resize" and isinstance(data, dict):
                size = terminal_size(data.get("width"), data.get("height"))
                if size is not None:
                    await player.set_terminal_size(*size)
            elif kind == "ping" and isinstance(data, str):
                await websocket.send_json(["pong", data[:100]])
            elif kind == "blur":
                await player.blur()
            elif kind == "focus":
                await player.focus()
