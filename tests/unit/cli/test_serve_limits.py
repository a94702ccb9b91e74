"""Browser mode's limits, against a real ``nonotui serve`` with a websocket client (issue 32):
the terminal size a page asks for is clamped, another site's page is refused, the player after
``--max-players`` is told the server is full, a closed tab's player ends within 2 s through its
save-and-quit path, a non-loopback server asks for its token, and the page loads nothing from
another host. The decisions behind them are tested without a server at the end."""

from __future__ import annotations

import re
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest

from nonotui.cli import serve_rules as rules
from nonotui.store import PuzzleLock
from tests.browser.served import save_of
from tests.unit.cli.live_serve import (
    Serving,
    Tab,
    alive,
    connect,
    environment,
    rss_mb,
    until_async,
)

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="reads the players' /proc")

MEMORY_MB = 400.0
"""A player's memory stays under this whatever size its page asks for (issue 32's target)."""


@pytest.fixture
async def session() -> AsyncIterator[aiohttp.ClientSession]:
    # cookies of a server named by its IP address are kept too (aiohttp's jar drops them)
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as client:
        yield client


def bounded(tab: Tab) -> None:
    """Fails as soon as the player draws below ``MAX_ROWS`` or outgrows ``MEMORY_MB``."""
    assert tab.pid is not None
    assert max(tab.rows(), default=0) <= rules.MAX_ROWS, "drawn below the largest terminal"
    memory = rss_mb(tab.pid)
    assert memory < MEMORY_MB, f"the player holds {memory:.0f} MB"


async def test_a_huge_terminal_is_clamped_at_connect_and_on_resize(
    tmp_path: Path, session: aiohttp.ClientSession
) -> None:
    with Serving(tmp_path / "data") as serving:
        tab = await connect(session, serving, "width=100000&height=100000")
        assert tab.pid is not None
        env = environment(tab.pid)
        assert (env["COLUMNS"], env["ROWS"]) == (str(rules.MAX_COLUMNS), str(rules.MAX_ROWS))
        await tab.until("a frame of the largest terminal",
                        lambda t: t.drew_frame(rules.MAX_ROWS), check=bounded)
        # a smaller size is taken as it is...
        since = len(tab.output)
        await tab.send("resize", {"width": 100, "height": 30})
        await tab.until("a frame of 100 x 30", lambda t: t.drew_frame(30, since), check=bounded)
        # ...and a huge one clamped again
        since = len(tab.output)
        await tab.send("resize", {"width": 60000, "height": 60000})
        await tab.until("a frame of the largest terminal again",
                        lambda t: t.drew_frame(rules.MAX_ROWS, since), check=bounded)
        # what the page never sends is dropped, and the tab goes on
        for junk in ("not json", "{}", "[]", '["resize", [1, 2]]', '["stdin", 5]',
                     '["resize", {"width": true, "height": "9" }]',
                     '["resize", {"width": "' + "9" * 5000 + '", "height": 1}]'):
            await tab.websocket.send_str(junk)
        await tab.send("ping", "still there")
        await tab.until("the answer to a ping", lambda t: '["pong", "still there"]' in t.texts,
                        check=bounded)
        assert alive(tab.pid)
        await tab.close()


async def test_a_page_of_another_site_is_refused(
    tmp_path: Path, session: aiohttp.ClientSession
) -> None:
    """On the default loopback server too: a web page on any site could open the websocket
    and drive the library."""
    with Serving(tmp_path / "data") as serving:
        for origin in ("http://evil.example", f"http://127.0.0.1:{serving.port + 1}", None):
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await connect(session, serving, origin=origin)
            assert refused.value.status == 403
        assert serving.players() == []
        assert "refused a connection from another site's page" in serving.said()
        # the server's own page, under either of this machine's names
        for origin in ("", f"http://localhost:{serving.port}"):
            tab = await connect(session, serving, origin=origin)
            assert tab.pid is not None
            await tab.close()


async def test_the_player_past_max_players_is_told_the_server_is_full(
    tmp_path: Path, session: aiohttp.ClientSession
) -> None:
    with Serving(tmp_path / "data", "--max-players", "3") as serving:
        tabs = [await connect(session, serving) for _ in range(3)]
        assert len(serving.players()) == 3
        fourth = await connect(session, serving)
        await fourth.until("the fourth tab closed", lambda t: t.closed is not None, timeout=30)
        assert fourth.closed == aiohttp.WSCloseCode.TRY_AGAIN_LATER
        assert "this server is full: 3 players are playing" in fourth.text()
        assert len(serving.players()) == 3
        async with session.get(serving.url) as page:
            assert page.status == 503
            assert "this server is full" in await page.text()
        # a closed tab makes room once its player has ended
        gone = tabs.pop()
        await gone.close()
        await until_async("the closed tab's player ended",
                          lambda: f"(pid {gone.pid}) ended" in serving.said(), timeout=30)
        tabs.append(await connect(session, serving))
        assert tabs[-1].pid is not None and tabs[-1].closed is None
        for tab in tabs:
            await tab.close()


async def test_a_closed_tab_ends_its_player_within_2_s_saved(
    tmp_path: Path, session: aiohttp.ClientSession
) -> None:
    """The tab closes while its player is drawing a large frame: the player, which the server
    used to leave blocked on that output for minutes, ends within 2 s through its SIGHUP path
    (saved, its lock released, exit code 128 + 1)."""
    data = tmp_path / "data"
    with Serving(data) as serving:
        tab = await connect(session, serving, "width=100&height=30")
        tab.size = (100, 30)
        await tab.until("the library", lambda t: " solved · " in t.text())
        await tab.keys("/heart")
        await tab.until("the search", lambda t: "1 of " in t.text())
        await tab.keys("\r")  # enter in the search plays the first match
        await tab.until("the puzzle", lambda t: "Heart · 5x5" in t.text())
        await tab.keys(" ")
        await until_async("the fill saved", lambda: (
            (save := save_of(data, "Heart")) is not None and save["board"][0] == "#????"))
        assert tab.pid is not None
        player = tab.pid
        await tab.send("resize", {"width": rules.MAX_COLUMNS, "height": rules.MAX_ROWS})
        await tab.close()
        closed = time.monotonic()
        await until_async("the closed tab's player ended", lambda: not alive(player),
                          timeout=30)
        took = time.monotonic() - closed
        assert took < 2.0, f"the player ended {took:.2f} s after its tab closed"
        await until_async("the server saw it end", lambda: f"(pid {player}) ended" in
                          serving.said(), timeout=10)
        ended = re.search(rf"\(pid {player}\) ended with exit code (-?\d+)", serving.said())
        assert ended is not None and ended.group(1) == "129", serving.said()
    (lock_file,) = (data / "progress").glob("*.lock")
    lock = PuzzleLock(lock_file)
    lock.acquire()  # raises LockHeld while a player still has the puzzle open
    lock.release()
    save = save_of(data, "Heart")
    assert save is not None and save["board"][0] == "#????"


async def test_a_non_loopback_server_asks_for_its_token(
    tmp_path: Path, session: aiohttp.ClientSession
) -> None:
    """Bound to every address (only 127.0.0.1 is ever connected to): the printed address
    carries the token; without it the page and the websocket are refused; with it once, a
    cookie lets the page in."""
    with _public(tmp_path, "http://127.0.0.1:{port}") as serving:
        token = re.fullmatch(rf"{serving.base}/\?token=([\w-]+)", serving.url)
        assert token is not None, serving.url
        assert len(token.group(1)) >= 40
        assert serving.stdout().count(token.group(1)) == 1
        warning = serving.stderr().splitlines()[0]
        assert "with its token" in warning and "no password" not in warning
        for address in (serving.base + "/", serving.base + "/?token=wrong",
                        serving.base + "/static/js/textual.js"):
            async with session.get(address, allow_redirects=False) as answer:
                assert answer.status == 403, address
                assert "access token" in await answer.text()
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await connect(session, serving)
        assert refused.value.status == 403
        # the printed address: sent on to the page without the token, with a cookie
        async with session.get(serving.url, allow_redirects=False) as answer:
            assert answer.status == 303
            assert answer.headers["Location"] == "/"
            cookie = answer.cookies[f"nonotui-token-{serving.port}"]
            assert cookie.value == token.group(1)
            assert cookie["httponly"] and cookie["samesite"] == "Lax"
        async with session.get(serving.base + "/") as answer:  # the session keeps the cookie
            assert answer.status == 200
        tab = await connect(session, serving)
        assert tab.pid is not None
        await tab.close()
        # a token is no way around the origin check
        with pytest.raises(aiohttp.WSServerHandshakeError):
            await connect(session, serving, origin="http://evil.example")
    assert serving.process is not None and serving.process.returncode == 0


def _public(tmp_path: Path, port_url: str) -> Serving:
    """A server on 0.0.0.0 whose public URL is its own loopback address."""
    serving = Serving(tmp_path / "data", "--host", "0.0.0.0")
    serving.args += ["--public-url", port_url.format(port=serving.port)]
    return serving


async def test_no_token_serves_anyone_and_says_there_is_no_password(
    tmp_path: Path, session: aiohttp.ClientSession
) -> None:
    serving = _public(tmp_path, "http://127.0.0.1:{port}")
    serving.args.append("--no-token")
    with serving:
        assert serving.url == serving.base + "/"
        (warning,) = serving.stderr().splitlines()[:1]
        assert "no password" in warning and "anyone on that network can play" in warning
        async with session.get(serving.base + "/") as answer:
            assert answer.status == 200
        tab = await connect(session, serving)
        assert tab.pid is not None
        await tab.close()


async def test_the_page_loads_nothing_from_another_host(
    tmp_path: Path, session: aiohttp.ClientSession
) -> None:
    with Serving(tmp_path / "data") as serving:
        async with session.get(serving.url) as answer:
            page = await answer.text()
    addresses = re.findall(r"""(?:https?:|wss?:)?//[^\s"'()<>]+""", page)
    assert addresses, "the page names no address: the pattern is wrong"
    for address in addresses:
        assert address.startswith((f"http://127.0.0.1:{serving.port}/",
                                   f"ws://127.0.0.1:{serving.port}/")), address
    # what textual.js asks for is served here: the font it names, and the page's own files
    assert "Roboto Mono" in page and "fonts/RobotoMono-VariableFont_wght.ttf" in page


# -- the decisions, without a server -------------------------------------------------------------


@pytest.mark.parametrize(
    ("width", "height", "size"),
    [("100000", "100000", (500, 200)), (60000, 60000, (500, 200)), ("80", "24", (80, 24)),
     (0, -5, (1, 1)), ("9" * 30, "24", None), (True, 24, None), (80.5, 24, None),
     (None, 24, None), ("80", "", None), ([80], 24, None), ("1e9", 24, None)],
)
def test_a_terminal_size_is_clamped_or_dropped(
    width: object, height: object, size: tuple[int, int] | None
) -> None:
    assert (rules.MAX_COLUMNS, rules.MAX_ROWS) == (500, 200)
    assert rules.terminal_size(width, height) == size


def test_the_pages_origins_are_the_public_urls_and_loopback_names() -> None:
    assert rules.page_origins("127.0.0.1", 8000, "http://127.0.0.1:8000") == {
        "http://127.0.0.1:8000", "http://localhost:8000", "http://[::1]:8000"}
    assert rules.page_origins("0.0.0.0", 8000, "https://box.lan/") == {"https://box.lan"}
    assert rules.page_origins("192.168.1.5", 80, "http://box.lan:80") == {
        "http://box.lan", "http://192.168.1.5"}
    origins = rules.page_origins("0.0.0.0", 8000, "http://Box.LAN:8000")
    assert rules.origin_allowed("http://box.lan:8000", origins)
    for refused in (None, "", "null", "http://box.lan:8001", "https://box.lan:8000",
                    "http://evil.example", "http://box.lan.evil.example:8000"):
        assert not rules.origin_allowed(refused, origins), refused


@pytest.mark.parametrize(
    ("host", "no_token", "needed"),
    [("127.0.0.1", False, False), ("localhost", False, False), ("::1", False, False),
     ("0.0.0.0", False, True), ("::", False, True), ("192.168.1.5", False, True),
     ("0.0.0.0", True, False), ("127.0.0.1", True, False)],
)
def test_a_token_is_needed_off_loopback_unless_no_token(
    host: str, no_token: bool, needed: bool
) -> None:
    assert rules.needs_token(host, no_token) is needed


def test_tokens_are_long_and_fresh() -> None:
    tokens = {rules.new_token() for _ in range(20)}
    assert len(tokens) == 20 and all(len(t) >= 40 for t in tokens)


async def test_a_player_that_will_not_end_is_killed_after_the_grace() -> None:
    """A player whose loop never gets to its SIGHUP handler (here: one that ignores the
    signal) is killed ``END_GRACE`` seconds after it, its output read to the end meanwhile."""
    from textual_serve.download_manager import DownloadManager

    from nonotui.cli.webserve import END_GRACE, Player

    stubborn = ("import signal, sys; signal.signal(signal.SIGHUP, signal.SIG_IGN); "
                "sys.stdout.buffer.write(b'__GANGLION__\\nD\\0\\0\\0\\5ready'); "
                "sys.stdout.flush(); signal.pause()")
    drawn = bytearray()

    async def write_bytes(data: bytes) -> None:
        drawn.extend(data)

    async def write_str(_text: str) -> None:
        return None

    async def close() -> None:
        return None

    player = Player([sys.executable, "-c", stubborn], write_bytes=write_bytes,
                    write_str=write_str, close=close, download_manager=DownloadManager())
    await player.start(80, 24)
    process = player.process
    assert process is not None
    try:
        await until_async("the player's first output", lambda: drawn == b"ready", timeout=30)
        started = time.monotonic()
        await player.end()
        took = time.monotonic() - started
        assert process.returncode == -9
        assert END_GRACE <= took < END_GRACE + 5
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
