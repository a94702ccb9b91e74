"""The save clock: at most SAVE_LATENCY after the first unsaved change, never pushed back by later
changes; failures retried, announced once."""

from __future__ import annotations

from nonotui.store.autosave import RETRY_DELAY, SAVE_LATENCY, SAVE_TICK, SaveSchedule


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_promise_fits_in_a_second() -> None:
    assert SAVE_LATENCY + SAVE_TICK <= 0.5
    assert RETRY_DELAY >= 1.0


def test_first_change_starts_the_clock_and_later_ones_do_not_push_it_back() -> None:
    clock = Clock()
    schedule = SaveSchedule(latency=0.4, clock=clock)
    assert not schedule.dirty and not schedule.due()
    schedule.changed()
    assert schedule.dirty and schedule.dirty_since == 100.0 and schedule.due_at == 100.4
    for _ in range(10):  # steady play: a move every quarter second
        clock.now += 0.25
        schedule.changed()
        if schedule.due():
            break
    assert clock.now == 100.5, "due at the second move after 0.4 s, not after the last move"
    assert schedule.dirty_since == 100.0 and schedule.due_at == 100.4


def test_due_exactly_at_the_deadline() -> None:
    clock = Clock()
    schedule = SaveSchedule(latency=0.4, clock=clock)
    schedule.changed()
    clock.now = 100.39
    assert not schedule.due()
    clock.now = 100.4
    assert schedule.due()


def test_a_save_clears_the_clock_and_the_next_change_starts_it_again() -> None:
    clock = Clock()
    schedule = SaveSchedule(latency=0.4, clock=clock)
    schedule.changed()
    clock.now += 1
    assert schedule.saved() is False
    assert not schedule.dirty and schedule.due_at is None and not schedule.due()
    clock.now += 5
    schedule.changed()
    assert schedule.due_at == 106.4


def test_failures_are_retried_later_and_announced_once() -> None:
    clock = Clock()
    schedule = SaveSchedule(latency=0.5, retry=5.0, clock=clock)
    schedule.changed()
    clock.now = 100.5
    assert schedule.failed() is True  # the first failure is announced
    assert schedule.failing and schedule.dirty and schedule.due_at == 105.5
    clock.now = 101.0
    schedule.changed()  # more moves while failing do not hurry the retry
    assert schedule.due_at == 105.5 and not schedule.due()
    clock.now = 105.5
    assert schedule.due()
    assert schedule.failed() is False  # the retry's failure is not
    assert schedule.due_at == 110.5 and schedule.dirty_since == 100.0
    clock.now = 110.5
    assert schedule.saved() is True  # the first success after failures is announced
    assert schedule.failing is False and not schedule.dirty
    schedule.changed()
    assert schedule.due_at == 111.0


def test_a_failure_with_nothing_changed_still_keeps_the_state_unsaved() -> None:
    """Quitting saves even with no move (the clock's time); if that fails, it is unsaved."""
    clock = Clock()
    schedule = SaveSchedule(latency=0.4, retry=5.0, clock=clock)
    assert schedule.failed() is True
    assert schedule.dirty and schedule.dirty_since == 100.0 and schedule.due_at == 105.0
