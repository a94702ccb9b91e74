"""Browser mode against a hostile client (issue 32): what a websocket client can make a real
``nonotui serve`` do. Not ``hostile.py``, which covers puzzle files.

Run: ``python benchmarks/hostile_serve.py [--seconds S] [--rounds N] [--write]`` (``--write``
also records the table in ``benchmarks/results/hostile_serve.md``). Linux only: the players'
memory is read from ``/proc``. Every connection goes to 127.0.0.1.

- Memory: a page asks for a terminal of 100000 x 100000 cells at connect, then resizes to
  60000 x 60000; the player's resident memory is sampled every 0.5 s for ``--seconds`` after
  each (target: under 400 MB throughout). An 80 x 24 page is the reference.
- Refused: another site's page (and a request without an ``Origin``) on the default loopback
  server; the fourth page with ``--max-players 3``; the page and the websocket without the
  token on ``--host 0.0.0.0``.
- A closed tab: ``--rounds`` times, a page whose player has drawn the library resizes to the
  largest terminal and closes at once (its player is busy drawing); the time from the close to
  the player's end, and its exit code (129: SIGHUP's save-and-quit path; -9: killed).
"""

from __future__ import annotations

import argparse
import asyncio
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from nonotui.cli.serve_rules import MAX_COLUMNS, MAX_ROWS
from tests.unit.cli.live_serve import (
    Serving,
    Tab,
    alive,
    connect,
    rss_mb,
    until_async,
)

RESULTS = ROOT / "benchmarks" / "results" / "hostile_serve.md"


async def peak_memory(tab: Tab, seconds: float) -> float:
    """The player's largest resident memory (MB) over ``seconds``, reading its output."""
    assert tab.pid is not None
    peak = 0.0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        await tab.read(0.5)
        peak = max(peak, rss_mb(tab.pid))
    return peak


async def memory(folder: Path, seconds: float) -> list[tuple[str, str]]:
    rows = []
    async with aiohttp.ClientSession() as session:
        with Serving(folder / "memory") as serving:
            small = await connect(session, serving, "width=80&height=24")
            rows.append(("player of an 80 x 24 page, peak RSS",
                         f"{await peak_memory(small, seconds):.0f} MB"))
            await small.close()
            huge = await connect(session, serving, "width=100000&height=100000")
            asked = (f"player of a page asking 100000 x 100000 (given {MAX_COLUMNS} x "
                     f"{MAX_ROWS}), peak RSS over {seconds:g} s")
            rows.append((asked, f"{await peak_memory(huge, seconds):.0f} MB"))
            await huge.send("resize", {"width": 60000, "height": 60000})
            rows.append((f"the same after a resize to 60000 x 60000, peak RSS over {seconds:g} s",
                         f"{await peak_memory(huge, seconds):.0f} MB"))
            await huge.close()
    return rows


async def ws_status(session: aiohttp.ClientSession, serving: Serving,
                    origin: str | None = "") -> str:
    try:
        tab = await connect(session, serving, origin=origin)
    except aiohttp.WSServerHandshakeError as refused:
        return f"refused, HTTP {refused.status}"
    await tab.read(1)
    answer = f"closed {tab.closed}" if tab.closed is not None else "accepted (101)"
    await tab.close()
    return answer


async def refused(folder: Path) -> list[tuple[str, str]]:
    rows = []
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as session:
        with Serving(folder / "origin") as serving:
            rows.append(("websocket, Origin: http://evil.example (127.0.0.1 server)",
                         await ws_status(session, serving, "http://evil.example")))
            rows.append(("websocket without an Origin",
                         await ws_status(session, serving, None)))
            rows.append(("websocket from the server's own page",
                         await ws_status(session, serving)))
        with Serving(folder / "full", "--max-players", "3") as serving:
            tabs = [await connect(session, serving) for _ in range(3)]
            fourth = await connect(session, serving)
            await fourth.until("the fourth closed", lambda t: t.closed is not None, timeout=30)
            said = re.search(r"this server is full[^.]*\.", fourth.text())
            rows.append(("fourth websocket, --max-players 3",
                         f"closed {fourth.closed}: \"{said.group(0) if said else '?'}\""))
            async with session.get(serving.url) as page:
                rows.append(("fourth page, --max-players 3", f"HTTP {page.status}"))
            for tab in tabs:
                await tab.close()
        serving = Serving(folder / "token", "--host", "0.0.0.0")
        serving.args += ["--public-url", serving.base]
        with serving:
            async with session.get(serving.base + "/", allow_redirects=False) as page:
                rows.append(("page without the token, --host 0.0.0.0", f"HTTP {page.status}"))
            rows.append(("websocket without the token",
                         await ws_status(session, serving)))
            async with session.get(serving.url, allow_redirects=False) as page:
                rows.append(("the printed address (with the token)",
                             f"HTTP {page.status} to {page.headers.get('Location')}, cookie"))
            rows.append(("websocket with the cookie", await ws_status(session, serving)))
    return rows


async def closed_tabs(folder: Path, rounds: int) -> list[tuple[str, str]]:
    times, codes = [], []
    async with aiohttp.ClientSession() as session:
        with Serving(folder / "closed") as serving:
            for _ in range(rounds):
                tab = await connect(session, serving, "width=100&height=30")
                tab.size = (100, 30)
                await tab.until("the library", lambda t: " solved · " in t.text())
                player = tab.pid
                assert player is not None
                await tab.send("resize", {"width": MAX_COLUMNS, "height": MAX_ROWS})
                await tab.close()
                closed = time.monotonic()
                await until_async("the player ended", lambda p=player: not alive(p),
                                  timeout=60)
                times.append(time.monotonic() - closed)
                await until_async("the server saw it", lambda p=player: f"(pid {p}) ended"
                                  in serving.said(), timeout=30)
                code = re.search(rf"\(pid {player}\) ended with exit code (-?\d+)",
                                 serving.said())
                codes.append(code.group(1) if code else "?")
    return [(f"closed tab busy drawing: player ended after (median, max of {rounds})",
             f"{statistics.median(times):.2f} s, {max(times):.2f} s"),
            ("its exit codes", ", ".join(sorted(set(codes))))]


def main() -> int:
    if sys.platform != "linux":
        print("hostile_serve: reads the players' memory from /proc (Linux)", file=sys.stderr)
        return 1
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        rows = asyncio.run(memory(folder, args.seconds))
        rows += asyncio.run(refused(folder))
        rows += asyncio.run(closed_tabs(folder, args.rounds))
    table = ["| what a client did | what happened |", "|---|---|"]
    table += [f"| {what} | {result} |" for what, result in rows]
    print("\n".join(table))
    if args.write:
        RESULTS.write_text(
            "# Browser mode against a hostile client\n\n"
            f"`python benchmarks/hostile_serve.py --seconds {args.seconds:g} --rounds "
            f"{args.rounds} --write` ({time.strftime('%Y-%m-%d')}, 2-core machine).\n\n"
            + "\n".join(table) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
