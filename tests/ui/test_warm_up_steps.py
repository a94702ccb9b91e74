"""The player's warm-up in steps (issue 15): what a hint on the open puzzle needs first, the
steps left in the status line, and a pause between steps while the player's own request runs.

The first start's time until the first hint is measured by ``benchmarks/first_run.py``, not
here (no timed assertions)."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest

from nonotui import kinds
from nonotui.kinds.nonogram.puzzle import Puzzle
from nonotui.model.kind import StepwiseWarmUp, Stop
from nonotui.ui import assist
from tests.ui.conftest import Gate, app_for, play_screen, until

PARROT = "puzzles/parrot.non"


def recorder(ran: list[str], name: str) -> Callable[[Stop], None]:
    def step(_stop: Stop) -> None:
        ran.append(name)

    return step


def test_the_nonogram_kind_warms_up_the_open_puzzles_hints_first() -> None:
    kind = kinds.get("nonogram")
    assert isinstance(kind, StepwiseWarmUp)
    plain = Puzzle.from_picture([[1, 0], [0, 1]])
    colour = kinds.open_one(PARROT)
    assert colour.is_color
    assert [n for n, _ in kind.warm_up_steps(plain)][:2] == ["hints", "colour hints"]
    assert [n for n, _ in kind.warm_up_steps(colour)][:2] == ["colour hints", "hints"]
    # the player's warm-up: every kind's steps, the open puzzle's kind and hint first
    names = [n for n, _ in assist._steps(colour)]
    assert names[0] == "colour hints" and len(names) == len(set(names))


def test_the_warm_up_counts_its_steps_down(monkeypatch: pytest.MonkeyPatch) -> None:
    ran: list[str] = []
    monkeypatch.setattr(assist, "_steps", lambda first: [("a", recorder(ran, "a")),
                                                         ("b", recorder(ran, "b"))])
    told: list[tuple[int, int]] = []
    assist.warm_up(lambda: False, None, lambda left, total: told.append((left, total)))
    assert ran == ["a", "b"] and told == [(2, 2), (1, 2), (0, 2)]


def test_the_warm_up_waits_between_steps_while_the_players_request_runs(
        monkeypatch: pytest.MonkeyPatch) -> None:
    ran: list[str] = []
    moved = threading.Event()
    """Set when the warm-up waits, or when it ends: then the test ends the request."""

    class Watched(threading.Condition):
        def wait(self, timeout: float | None = None) -> bool:
            moved.set()
            return super().wait(timeout)

    monkeypatch.setattr(assist, "_asking_lock", Watched())
    request = assist._asked()

    def hint_arrives(_stop: Stop) -> None:  # during step a, the player asks for a hint
        ran.append("a")
        request.__enter__()

    def b(_stop: Stop) -> None:
        ran.append("b" if assist._asking == 0 else "b during the request")

    def warm() -> None:
        try:
            assist.warm_up(lambda: False)
        finally:
            moved.set()

    monkeypatch.setattr(assist, "_steps", lambda first: [("a", hint_arrives), ("b", b)])
    worker = threading.Thread(target=warm)
    worker.start()
    moved.wait()
    request.__exit__(None, None, None)
    worker.join()
    assert ran == ["a", "b"]


async def test_the_status_line_counts_the_warm_ups_steps_done(
        data_dir, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    gate = Gate()
    steps = [("first", gate.hold(lambda stop: None)), ("second", lambda stop: None)]
    monkeypatch.setattr(assist, "_steps", lambda first: steps)
    async with app_for().run_test(size=(100, 40)) as pilot:
        screen = await play_screen(pilot)
        try:
            await until(pilot, gate.entered.is_set)
            await until(pilot, lambda: screen.status.message == "preparing the solver 0/2")
        finally:
            gate.open()
        await until(pilot, lambda: pilot.app.engine_ready)
        assert "solver ready" in screen.status.message
