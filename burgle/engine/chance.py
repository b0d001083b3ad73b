"""The one seeded source of chance (CONV-7).

A small, portable generator (SplitMix64) whose whole state is one integer, so it
saves to JSON and gives the same draws on every Python version and platform.

>>> c = Chance(7)
>>> [c.die() for _ in range(5)]
[4, 1, 1, 4, 5]
>>> c2 = Chance.from_state(Chance(7).state)
>>> c2.below(10) == Chance(7).below(10)
True
"""

from __future__ import annotations

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_TWO64 = 1 << 64


class Chance:
    __slots__ = ("state",)

    def __init__(self, seed: int):
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be an integer, not {type(seed).__name__}")
        self.state = seed & _MASK

    @classmethod
    def from_state(cls, state: int) -> "Chance":
        c = cls(0)
        c.state = state & _MASK
        return c

    def copy(self) -> "Chance":
        c = object.__new__(Chance)
        c.state = self.state
        return c

    def next64(self) -> int:
        self.state = z = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in 0..n-1, unbiased (rejection sampling)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def die(self) -> int:
        return self.below(6) + 1

    def dice(self, n: int) -> list[int]:
        return [self.below(6) + 1 for _ in range(n)]

    def shuffle(self, items: list) -> None:
        """Fisher-Yates in place: for i from the end, swap item i with item ``below(i + 1)``.

        The same draws as calling :meth:`below` per swap (tests/test_chance.py holds it to
        that), written out in one loop because re-deals for hints and bots shuffle every
        hidden pile thousands of times a second and the calls were most of their cost.
        """
        z0 = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _TWO64 - (_TWO64 % n)
            while True:
                z0 = (z0 + _GOLDEN) & _MASK
                z = ((z0 ^ (z0 >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                x = z ^ (z >> 31)
                if x < limit:
                    break
            j = x % n
            items[i], items[j] = items[j], items[i]
        self.state = z0
