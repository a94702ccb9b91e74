"""The generator stops when asked, between its steps, and asking never changes its puzzles."""

from __future__ import annotations

import pytest

from nonotui.kinds.nonogram.generate import Recipe, generate
from nonotui.kinds.nonogram.generating import new_puzzle
from nonotui.model.vocab import Cancelled, PuzzleRequest


class Countdown:
    """A ``should_stop`` that says yes from its ``n``-th call on, and counts its calls."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.calls = 0

    def __call__(self) -> bool:
        self.calls += 1
        return self.calls >= self.n


@pytest.mark.parametrize("grade", [0, 1, 3, 4])
def test_a_stop_midway_raises_cancelled(grade: int) -> None:
    never = Countdown(10**9)
    made = generate(Recipe(15, 15, 7, "none", grade=grade), should_stop=never)
    assert never.calls >= 2  # polled between steps, not only at the start
    # stop halfway through the same work: the generator gives up there
    halfway = Countdown(never.calls // 2)
    with pytest.raises(Cancelled):
        generate(Recipe(15, 15, 7, "none", grade=grade), should_stop=halfway)
    assert halfway.calls < never.calls  # it gave up there, not at the end
    # asking never changes the puzzle a recipe gives
    assert generate(Recipe(15, 15, 7, "none", grade=grade)).puzzle == made.puzzle


def test_new_puzzle_passes_the_stop_on() -> None:
    request = PuzzleRequest(15, 15, grade=4, symmetry="none", seed=3)
    stop = Countdown(2)
    with pytest.raises(Cancelled):
        new_puzzle(request, stop)
    assert stop.calls == 2
