"""SplitMix64 in Python integers: the generator's random numbers, the same on every platform and
with every numpy version (DECISIONS.md "Techniques, rating, generator").

The stream is a pure function of the seed: Steele, Lea and Flood's SplitMix64 (the seeding
generator of Java's ``SplittableRandom`` and of xoshiro), computed with Python's exact integers
and cut to 64 bits, so no library's algorithm or float rounding can change a generated puzzle.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

MASK64 = (1 << 64) - 1
GOLDEN_GAMMA = 0x9E3779B97F4A7C15

T = TypeVar("T")


class SplitMix64:
    """A SplitMix64 stream; :meth:`next` gives the next 64-bit output."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next(self) -> int:
        """The next output, an integer in ``0 .. 2**64 - 1``."""
        self.state = (self.state + GOLDEN_GAMMA) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """An integer in ``0 .. n - 1``, unbiased (outputs past the last whole multiple of ``n``
        are drawn again)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - (1 << 64) % n
        while True:
            x = self.next()
            if x < limit:
                return x % n

    def choice(self, items: Sequence[T]) -> T:
        """One of ``items``, each as likely."""
        return items[self.below(len(items))]
