"""``nonotui serve`` in a child process and a headless Chromium on its page, for the browser
tests.

What the app draws reaches the page as terminal output over the page's websocket; Chromium's
performance log hands every websocket frame to the test, which reads the text out of it (the
terminal itself is drawn on a canvas, which has no text to query).

Chromium and ChromeDriver come from Debian (``apt-get install chromium chromium-driver``):
Playwright's own browser download is not used.
"""

from __future__ import annotations

import base64
import codecs
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.parse
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, Any, Self

import pytest

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome")
WAIT = 120.0
"""Seconds to wait for the server, the page or the app to get somewhere (a loaded machine, and
the first start compiling the solver's kernels, are slow; nothing is timed)."""

ANSI = re.compile(r"\x1b(\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-Za-z]|.)")


def chromium_missing() -> str | None:
    """Why the browser tests cannot run here, or ``None`` when they can."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[test]')"
    if browser_path() is None or shutil.which("chromedriver") is None:
        return ("no Chromium and ChromeDriver: on Debian or Ubuntu, "
                "apt-get install chromium chromium-driver (docs/playing.md, 'In a browser')")
    return None


def browser_path() -> str | None:
    for name in CHROMIUM_NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


BROWSER_TESTS = [
    pytest.mark.browser,
    pytest.mark.skipif(chromium_missing() is not None, reason=chromium_missing() or ""),
]
"""Every browser test module's ``pytestmark``: marked ``browser``, skipped with the reason where
Chromium cannot run."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_for(what: str, ready: Callable[[], bool], timeout: float = WAIT) -> None:
    """Poll ``ready`` until it holds; fail naming ``what`` after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not ready():
        if time.monotonic() > deadline:
            raise AssertionError(f"not reached in {timeout:.0f} s: {what}")
        time.sleep(0.1)


class Served:
    """A ``nonotui serve`` on a free loopback port with its own data folder, and a headless
    Chromium showing the address it printed (:attr:`url`: with its token, if it asks for one).
    ``args`` go to ``nonotui serve``, ``{port}`` in them made the port. Use as a context
    manager."""

    def __init__(self, data: Path, size: tuple[int, int] = (1200, 800),
                 args: Sequence[str] = ()) -> None:
        self.data = data
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}/"
        self.url = self.base
        self.args = [arg.format(port=self.port) for arg in args]
        self.size = size
        self.frames: list[str] = []
        self.requests: list[str] = []
        """The address of every request the page has made (read with the frames)."""
        self.cells: tuple[int, int] | None = None
        """The terminal's size in cells (columns, rows) as the page last told the server."""
        self._screen: Any = None
        self._stream: Any = None
        self._utf8 = codecs.getincrementaldecoder("utf-8")("replace")
        self.server: subprocess.Popen[str] | None = None
        self.log: IO[str]
        self.driver: Any = None

    def __enter__(self) -> Self:
        env = {**os.environ, "NONOTUI_DATA_DIR": str(self.data)}
        self.data.mkdir(parents=True, exist_ok=True)
        self.log = open(self.data.parent / "serve.log", "w+", encoding="utf-8")
        self.server = subprocess.Popen(
            [sys.executable, "-m", "nonotui", "serve", "--port", str(self.port), *self.args],
            env=env, stdout=self.log, stderr=subprocess.STDOUT, text=True,
            start_new_session=True,  # the tabs' players are in its process group: ended with it
        )
        wait_for(f"the server answering on {self.base}", self._answers)
        self.driver = self._chromium()
        self.driver.get(self.url)
        return self

    def __exit__(self, *_exc: object) -> None:
        if self.driver is not None:
            self.driver.quit()
        if self.server is not None and self.server.poll() is None:
            self.server.send_signal(signal.SIGINT)
            try:
                self.server.wait(timeout=15)
            except subprocess.TimeoutExpired:
                # a tab's player still compiling the solver's kernels holds the shutdown
                os.killpg(self.server.pid, signal.SIGKILL)
                self.server.wait()
        if self.server is not None:
            try:  # whatever the server left behind in its process group
                os.killpg(self.server.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.log.close()

    def _answers(self) -> bool:
        """Whether the server has printed its address (kept in :attr:`url`) and listens."""
        assert self.server is not None
        self.log.seek(0)
        out = self.log.read()
        if self.server.poll() is not None:
            raise AssertionError(f"nonotui serve ended with {self.server.returncode}: {out}")
        printed = re.search(r"serving on (\S+)", out)
        if printed is None:
            return False
        self.url = printed.group(1)
        try:
            socket.create_connection(("127.0.0.1", self.port), timeout=2).close()
        except OSError:
            return False
        return True

    def _chromium(self) -> Any:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        options = webdriver.ChromeOptions()
        options.binary_location = browser_path() or ""
        for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--disable-background-networking", "--disable-component-update",
                     "--disable-sync", "--no-first-run", "--disable-quic",
                     f"--window-size={self.size[0]},{self.size[1]}"):
            options.add_argument(flag)
        options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
        return webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)

    # -- what the app drew -------------------------------------------------------------------

    def _read_log(self) -> None:
        """Take the websocket traffic logged since the last call: the app's output (kept as
        text, and played into a terminal emulator of the page's size) and the sizes the page
        sends."""
        for entry in self.driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            method, params = message["method"], message["params"]
            if method == "Network.requestWillBeSent":
                self.requests.append(params["request"]["url"])
                continue
            if method == "Network.webSocketCreated":  # the first size is in the address
                query = urllib.parse.parse_qs(urllib.parse.urlsplit(params["url"]).query)
                if "width" in query and "height" in query:
                    self._resized(int(query["width"][0]), int(query["height"][0]))
                continue
            if method == "Network.webSocketFrameSent":
                sent = params["response"]["payloadData"]
                if sent.startswith('["resize"'):
                    size = json.loads(sent)[1]
                    self._resized(int(size["width"]), int(size["height"]))
                continue
            if method != "Network.webSocketFrameReceived":
                continue
            response = params["response"]
            payload = response["payloadData"]
            if response["opcode"] == 2:  # binary: base64, the terminal's output
                raw = base64.b64decode(payload)
                if self._stream is not None:
                    self._stream.feed(self._utf8.decode(raw))
                payload = raw.decode("utf-8", "replace")
            self.frames.append(payload)

    def _resized(self, columns: int, rows: int) -> None:
        import pyte

        self.cells = (columns, rows)
        if self._screen is None:
            self._screen = pyte.Screen(columns, rows)
            self._stream = pyte.Stream(self._screen)
        else:
            self._screen.resize(rows, columns)

    def text(self) -> str:
        """Everything the app has written to this page so far, escape sequences removed and
        runs of blanks made one space."""
        self._read_log()
        return re.sub(r"\s+", " ", ANSI.sub(" ", "".join(self.frames)))

    def screen(self) -> list[str]:
        """The terminal's lines as the page shows them now: the app's output so far played
        into a terminal emulator (pyte) of the page's size."""
        self._read_log()
        assert self._screen is not None, "the page has not said its size yet"
        return list(self._screen.display)

    def wait_screen(self, what: str, ready: Callable[[list[str]], bool],
                    timeout: float = WAIT) -> list[str]:
        """Wait until the terminal's lines satisfy ``ready``; they are returned."""
        try:
            wait_for(what, lambda: ready(self.screen()), timeout)
        except AssertionError as exc:
            shown = "\n".join(self.screen()) if self._screen is not None else "(no size yet)"
            raise AssertionError(f"{exc}; the screen:\n{shown}") from None
        return self.screen()

    def _size_now(self) -> tuple[int, int] | None:
        self._read_log()
        return self.cells

    def size_to(self, columns: int, rows: int) -> None:
        """Size the window so that the page's terminal is ``columns`` x ``rows`` cells (the
        page fits whole cells in its window: a few tries converge)."""
        wait_for("the page's terminal size", lambda: self._size_now() is not None)
        for _ in range(8):
            now = self.cells
            assert now is not None
            if now == (columns, rows):
                return
            box = self.driver.execute_script(
                "const e = document.querySelector('.xterm-screen');"
                "return [e.clientWidth, e.clientHeight];")
            cell_w, cell_h = box[0] / now[0], box[1] / now[1]
            window = self.driver.get_window_size()
            self.driver.set_window_size(
                int(window["width"] + (columns - now[0]) * cell_w + cell_w / 2),
                int(window["height"] + (rows - now[1]) * cell_h + cell_h / 2))
            try:
                wait_for("the page to send its new size",
                         lambda: self._size_now() != now, timeout=30)
            except AssertionError:
                pass  # the window's change did not change the cell count: try again
        if self.cells != (columns, rows):
            raise AssertionError(f"the page's terminal is {self.cells}, not {(columns, rows)}")

    def wait_text(self, needle: str, timeout: float = WAIT) -> None:
        """Wait until the app has drawn ``needle`` (whitespace-insensitive)."""
        wanted = re.sub(r"\s+", " ", needle)
        try:
            wait_for(f"{needle!r} on the page", lambda: wanted in self.text(), timeout)
        except AssertionError as exc:
            raise AssertionError(f"{exc}; the page's latest text: {self.text()[-1500:]!r}") from None

    def forget_text(self) -> None:
        """Read the frames so far and drop them: later waits see only what comes next (the
        terminal emulator behind :meth:`screen` keeps everything)."""
        self.text()
        self.frames.clear()

    # -- keys and pictures -------------------------------------------------------------------

    def focus(self) -> None:
        """Give the terminal the keyboard (its hidden text field), without a click: a click
        would reach the app as a mouse click (on the board it fills a cell)."""
        from selenium.webdriver.common.by import By

        wait_for("the terminal's text field", lambda: bool(
            self.driver.find_elements(By.CSS_SELECTOR, ".xterm-helper-textarea")))
        self.driver.execute_script(
            "document.querySelector('.xterm-helper-textarea').focus()")

    def keys(self, *keys: str) -> None:
        """Press keys in the page (selenium's Keys constants or plain characters)."""
        from selenium.webdriver.common.action_chains import ActionChains

        ActionChains(self.driver).send_keys(*keys).perform()

    def keys_with(self, modifier: str, *keys: str) -> None:
        """Press keys with ``modifier`` held (selenium's ``Keys.SHIFT``, ``Keys.CONTROL``, ...),
        as a player holding shift down presses the arrows."""
        from selenium.webdriver.common.action_chains import ActionChains

        ActionChains(self.driver).key_down(modifier).send_keys(*keys).key_up(modifier).perform()

    def screenshot(self, path: Path) -> Path:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.driver.save_screenshot(str(path))
        return path


def open_puzzle(page: Served, name: str, size: str = "5x5") -> None:
    """From the library: search for the puzzle, then enter plays the only row left (``size``:
    its width x height, as the status line says it)."""
    page.focus()
    page.keys("/" + name.lower())
    page.wait_text("1 of ")  # the search left one row
    page.forget_text()
    page.keys("\n")  # enter in the search plays the first match
    page.wait_text(f"{name} · {size}")


def save_of(data: Path, title: str) -> dict[str, Any] | None:
    """The save file of the puzzle called ``title`` in the data folder, read as JSON (``None``
    while there is none, or while it is being replaced)."""
    folder = data / "progress"
    if not folder.is_dir():
        return None
    for path in folder.glob("*.json"):
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if doc.get("title") == title:
            return dict(doc)
    return None


ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "browser"
"""Where the browser tests keep their screenshots (gitignored)."""
