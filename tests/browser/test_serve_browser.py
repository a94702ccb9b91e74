"""``nonotui serve`` in a real browser: headless Chromium (Debian's ``chromium`` and
``chromium-driver``) opens the page, plays through the keyboard, and the save file on disk is
checked. Skipped, with the reason, where no Chromium is installed. Screenshots are kept in
``test-artifacts/browser/``."""

from __future__ import annotations

import signal
from pathlib import Path

from nonotui.store import PuzzleLock
from tests.browser.served import (
    ARTIFACTS,
    BROWSER_TESTS,
    Served,
    open_puzzle,
    save_of,
    wait_for,
)

pytestmark = BROWSER_TESTS

HEART = ["01010", "11111", "11111", "01110", "00100"]
"""The bundled Heart's solution (puzzles/heart.non, its goal line)."""


def test_a_tab_plays_and_saves_to_the_serving_data_folder(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with Served(data) as page:
        # the tab's player plays on the serving process's data folder: its save lands there
        page.wait_text(" solved · ")  # the library's heading, on any width
        open_puzzle(page, "Heart")
        page.keys("l", " ")  # row 1, column 2 is filled in the solution
        wait_for("the fill in the save file", lambda: (
            (save := save_of(data, "Heart")) is not None and save["board"][0] == "?#???"))
        page.forget_text()
        page.keys("l")  # the app is still there and answering
        page.wait_text("row 1 col 3")
        shot = page.screenshot(ARTIFACTS / "tab-plays.png")
    assert shot.stat().st_size > 0


def test_two_windows_on_one_puzzle_lock_as_two_terminals_do(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with Served(data) as page:
        page.wait_text(" solved · ")  # the library's heading
        open_puzzle(page, "Heart")
        page.keys(" ")
        wait_for("the first tab's save", lambda: (
            (save := save_of(data, "Heart")) is not None and save["board"][0] == "#????"))
        first = page.driver.current_window_handle
        page.driver.switch_to.new_window("window")  # a background tab gets no keys
        page.forget_text()
        page.driver.get(page.url)
        page.wait_text(" solved · ")  # the library's heading
        open_puzzle(page, "Heart")
        page.wait_text("open in another nonotui")
        page.keys("l", " ")  # read-only here: the save keeps the first tab's board
        page.screenshot(ARTIFACTS / "second-tab-read-only.png")
        page.driver.switch_to.window(first)
        page.focus()
        page.keys("j", " ")  # the first tab still saves
        wait_for("the first tab's second fill", lambda: (
            (save := save_of(data, "Heart")) is not None and save["board"][1] == "#????"))
        save = save_of(data, "Heart")
        assert save is not None and save["board"][0] == "#????"


def test_a_puzzle_played_to_the_finish_in_the_browser(tmp_path: Path) -> None:
    """The Heart, filled cell by cell from its solution with the keyboard, to the finish
    screen; the screenshots along the way are kept."""
    data = tmp_path / "data"
    with Served(data) as page:
        page.wait_text(" solved · ")  # the library's heading
        page.screenshot(ARTIFACTS / "finish-1-library.png")
        open_puzzle(page, "Heart")
        for r, row in enumerate(HEART):
            for c, cell in enumerate(row):
                if cell == "1":
                    page.keys(" ")
                if c < len(row) - 1:
                    page.keys("l")
            if r == 2:
                page.wait_text("row 3 col 5")  # the keys so far are played
                page.screenshot(ARTIFACTS / "finish-2-half-way.png")
            if r < len(HEART) - 1:
                page.keys("j", "4h")
        page.wait_text("Solved: Heart")
        wait_for("the solved save", lambda: (
            (save := save_of(data, "Heart")) is not None and save["solved"] is True))
        page.screenshot(ARTIFACTS / "finish-3-solved.png")
        save = save_of(data, "Heart")
    assert save is not None
    assert [row.replace("?", "0").replace("#", "1") for row in save["board"]] == HEART


def test_stopping_the_server_ends_the_open_tabs_players(tmp_path: Path) -> None:
    """ctrl+c with a tab still playing: its player saves and quits with the server (it is not
    left running, holding the puzzle's lock)."""
    data = tmp_path / "data"
    with Served(data) as page:
        page.wait_text(" solved · ")  # the library's heading
        open_puzzle(page, "Heart")
        page.keys(" ")
        wait_for("the save", lambda: (
            (save := save_of(data, "Heart")) is not None and save["board"][0] == "#????"))
        assert page.server is not None
        page.server.send_signal(signal.SIGINT)
        assert page.server.wait(timeout=120) == 0
        (lock_file,) = (data / "progress").glob("*.lock")
        lock = PuzzleLock(lock_file)
        lock.acquire()  # raises LockHeld while a player still has the puzzle open
        lock.release()


def test_undo_and_redo_with_ctrl_keys_reach_the_player(tmp_path: Path) -> None:
    """ctrl+z, ctrl+r and ctrl+y are browser shortcuts too (ctrl+r reloads a page): in the page
    they reach the player, which undoes and redoes (the save file follows)."""
    from selenium.webdriver.common.keys import Keys

    data = tmp_path / "data"

    def first_row(wanted: str) -> None:
        wait_for(f"the first row {wanted} in the save", lambda: (
            (save := save_of(data, "Heart")) is not None and save["board"][0] == wanted))

    with Served(data) as page:
        page.wait_text(" solved · ")  # the library's heading
        open_puzzle(page, "Heart")
        page.keys(" ")
        first_row("#????")
        for key, wanted in (("z", "?????"), ("r", "#????"), ("z", "?????"), ("y", "#????")):
            page.keys_with(Keys.CONTROL, key)
            first_row(wanted)
        assert page.driver.execute_script(
            "return performance.getEntriesByType('navigation')[0].type") == "navigate"


def test_off_loopback_the_printed_address_lets_the_browser_in_and_nothing_else_does(
    tmp_path: Path,
) -> None:
    """``--host 0.0.0.0`` (the browser only ever goes to 127.0.0.1): the printed address,
    with its token, opens the player, which then goes on without the token in the address (a
    cookie holds it); the page loads nothing from another host; without the cookie the page
    is refused."""
    from selenium.webdriver.common.by import By

    data = tmp_path / "data"
    with Served(data, args=("--host", "0.0.0.0", "--public-url",
                            "http://127.0.0.1:{port}")) as page:
        assert "?token=" in page.url  # Served opened the address as printed
        page.wait_text(" solved · ")  # the library's heading
        assert "token" not in page.driver.current_url
        page.screenshot(ARTIFACTS / "token-let-in.png")
        page.forget_text()
        page.driver.refresh()  # a new connection, a new player: the cookie lets it in
        page.wait_text(" solved · ")  # the library's heading
        assert page.requests, "no request seen: the performance log is not read"
        foreign = [url for url in page.requests if not url.startswith(page.base)]
        assert foreign == []
        assert any(url.endswith("RobotoMono-VariableFont_wght.ttf") for url in page.requests)
        # an address that tells textual.js to fetch another host first does not make it
        page.forget_text()
        page.driver.get(page.base + "?ping=http://ping.invalid/")
        page.wait_text(" solved · ")  # the library's heading
        page.text()  # the requests so far are read
        assert [url for url in page.requests if not url.startswith(page.base)] == []
        page.driver.delete_all_cookies()
        page.driver.get(page.base)
        wait_for("the refusal", lambda: "access token" in
                 page.driver.find_element(By.TAG_NAME, "body").text)
        page.screenshot(ARTIFACTS / "token-refused.png")
