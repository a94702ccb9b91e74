"""A real ``nonotui serve`` in a child process and a websocket client for it, as a page (or a
hostile one) would connect: for ``test_serve_limits.py`` and ``benchmarks/hostile_serve.py``.

The players are the server's child processes (``python -m nonotui play``, run without a
shell); what a player got is read from ``/proc`` (its environment, its resident memory) and
from what it draws (the rows its cursor is sent to), so these helpers are for Linux.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, Any, Self

import aiohttp

WAIT = 120.0
"""Seconds to wait for the server or a player to get somewhere (a loaded machine, a player
compiling the solver on a first start, are slow; nothing is timed with it)."""

POLL = 0.01
"""Seconds between two looks at a condition."""

ROW = re.compile(rb"\x1b\[(\d+);\d+H")
"""A cursor move in a player's output: the row it draws next (from 1)."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def until(what: str, ready: Callable[[], bool], timeout: float = WAIT) -> None:
    """Poll ``ready`` until it holds; fail naming ``what`` after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not ready():
        if time.monotonic() > deadline:
            raise AssertionError(f"not reached in {timeout:g} s: {what}")
        time.sleep(POLL)


async def until_async(what: str, ready: Callable[[], bool], timeout: float = WAIT) -> None:
    """:func:`until` inside an event loop, which keeps running meanwhile."""
    deadline = time.monotonic() + timeout
    while not ready():
        if time.monotonic() > deadline:
            raise AssertionError(f"not reached in {timeout:g} s: {what}")
        await asyncio.sleep(POLL)


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (from ``/proc``)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:  # ended meanwhile
            continue
        # pid (comm) state ppid ...: comm may hold spaces and parentheses
        if int(stat.rpartition(")")[2].split()[1]) == pid:
            found.append(int(entry.name))
    return found


def rss_mb(pid: int) -> float:
    """The process's resident memory in MB (0 once it has ended)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def environment(pid: int) -> dict[str, str]:
    raw = Path(f"/proc/{pid}/environ").read_bytes()
    pairs = (item.partition(b"=") for item in raw.split(b"\0") if item)
    return {k.decode(errors="replace"): v.decode(errors="replace") for k, _, v in pairs}


def is_player(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().endswith(b"\0nonotui\0play\0")
    except OSError:
        return False


def alive(pid: int) -> bool:
    """Whether ``pid`` is a process that has not ended (a zombie has ended)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rpartition(")")[2].split()[0] != "Z"


class Serving:
    """``nonotui serve ARGS --port P`` with its own data folder; a context manager. The
    address it printed (with its token, if any) is :attr:`url` once it listens."""

    def __init__(self, data: Path, *args: str) -> None:
        self.data = data
        self.port = free_port()
        self.args = [*args, "--port", str(self.port)]
        self.base = f"http://127.0.0.1:{self.port}"
        self.origin = self.base
        """The origin of the server's own page (its public URL's)."""
        self.url = ""
        self.process: subprocess.Popen[bytes] | None = None
        self.out: IO[str]
        self.err: IO[str]

    def __enter__(self) -> Self:
        self.data.mkdir(parents=True, exist_ok=True)
        folder = self.data.parent
        self.out = open(folder / f"serve-{self.port}.out", "w+", encoding="utf-8")
        self.err = open(folder / f"serve-{self.port}.err", "w+", encoding="utf-8")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "nonotui", "serve", *self.args],
            env={**os.environ, "NONOTUI_DATA_DIR": str(self.data)},
            stdout=self.out, stderr=self.err,
            start_new_session=True,  # its players are in its process group: ended with it
        )
        until("the server listening", self._listening)
        return self

    def __exit__(self, *_exc: object) -> None:
        assert self.process is not None
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                pass
        try:  # whatever the server left behind in its process group
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.process.wait()
        self.out.close()
        self.err.close()

    def stdout(self) -> str:
        self.out.seek(0)
        return self.out.read()

    def stderr(self) -> str:
        self.err.seek(0)
        return self.err.read()

    def said(self) -> str:
        """Everything it printed: the address on stdout, the warnings on stderr, its log
        (textual-serve's, through rich) on stdout."""
        return self.stdout() + self.stderr()

    def _listening(self) -> bool:
        assert self.process is not None
        if self.process.poll() is not None:
            raise AssertionError(f"nonotui serve ended with {self.process.returncode}: "
                                 f"{self.stdout()}{self.stderr()}")
        found = re.search(r"serving on (\S+)", self.stdout())
        if found is None:
            return False
        self.url = found.group(1)
        try:
            socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
        except OSError:
            return False
        return True

    def players(self) -> list[int]:
        """The players running now: the server's child processes that run ``nonotui play``
        (a child just forked, not yet the player, is left out)."""
        assert self.process is not None
        return [pid for pid in children(self.process.pid) if is_player(pid)]


class Tab:
    """A websocket to the server's ``/ws``, as a page opens it; what the player draws is kept
    in :attr:`output`."""

    def __init__(self, session: aiohttp.ClientSession, websocket: aiohttp.ClientWebSocketResponse,
                 pid: int | None = None) -> None:
        self.session = session
        self.websocket = websocket
        self.pid = pid
        self.output = bytearray()
        self.texts: list[str] = []
        self.closed: int | None = None
        """The close code, once the server has closed the connection."""
        self.size = (80, 24)
        """The terminal's size in cells (columns, rows) for :meth:`text`."""

    async def read(self, seconds: float = POLL) -> None:
        """Take what has arrived in the next ``seconds`` (or until the connection closes)."""
        deadline = time.monotonic() + seconds
        while self.closed is None and (left := deadline - time.monotonic()) > 0:
            try:
                message = await self.websocket.receive(timeout=left)  # returns on a message
            except TimeoutError:
                return
            if message.type == aiohttp.WSMsgType.BINARY:
                self.output.extend(message.data)
            elif message.type == aiohttp.WSMsgType.TEXT:
                self.texts.append(message.data)
            elif message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSING,
                                  aiohttp.WSMsgType.CLOSED):
                self.closed = self.websocket.close_code or 0

    async def until(self, what: str, ready: Callable[[Tab], bool],
                    timeout: float = WAIT, check: Callable[[Tab], None] | None = None) -> None:
        """Read until ``ready(self)``; ``check(self)`` (which may fail the test) after every
        read; fail after ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            if check is not None:
                check(self)
            if ready(self):
                return
            if time.monotonic() > deadline:
                raise AssertionError(f"not reached in {timeout:g} s: {what}")
            if self.closed is not None:
                raise AssertionError(f"closed ({self.closed}) before: {what}; "
                                     f"drawn: {self.text()[-500:]!r}")
            await self.read(0.1)

    def rows(self, since: int = 0) -> list[int]:
        """The rows the player has drawn on (its cursor moves) since byte ``since``."""
        return [int(row) for row in ROW.findall(bytes(self.output[since:]))]

    def drew_frame(self, height: int, since: int = 0) -> bool:
        """Whether the player has drawn a whole frame of ``height`` rows since byte ``since``:
        every row from 1 to ``height`` after the last one below it (a frame of the size before
        may still have been on its way)."""
        rows = self.rows(since)
        below = [i for i, row in enumerate(rows) if row > height]
        after = rows[below[-1] + 1:] if below else rows
        return set(range(1, height + 1)) <= set(after)

    def text(self) -> str:
        """Everything the player has drawn, as a terminal of its size shows it after all of it
        (runs of blanks made one space): played into a terminal emulator (pyte)."""
        import pyte

        screen = pyte.Screen(*self.size)
        pyte.Stream(screen).feed(self.output.decode("utf-8", "replace"))
        return re.sub(r"\s+", " ", " ".join(screen.display))

    async def send(self, *message: Any) -> None:
        await self.websocket.send_str(json.dumps(list(message)))

    async def keys(self, text: str) -> None:
        await self.send("stdin", text)

    async def close(self) -> None:
        await self.websocket.close()


async def connect(session: aiohttp.ClientSession, serving: Serving, query: str = "",
                  origin: str | None = "", headers: Sequence[tuple[str, str]] = ()) -> Tab:
    """Open ``/ws?QUERY`` as the server's page would (``origin`` "" for the page's own, ``None``
    for no Origin header), and find its player."""
    before = set(serving.players())
    sent = dict(headers)
    if origin is not None:
        sent["Origin"] = origin or serving.origin
    websocket = await session.ws_connect(f"{serving.base}/ws{'?' if query else ''}{query}",
                                         headers=sent)
    tab = Tab(session, websocket)
    deadline = time.monotonic() + WAIT
    while tab.closed is None:
        started = [pid for pid in serving.players() if pid not in before]
        if started:
            tab.pid = started[0]
            break
        assert time.monotonic() < deadline, "the tab's player has not started"
        await tab.read(0.05)
    return tab
