"""A small, seedable, serialisable random number generator.

The generator's whole state is one 64-bit integer, so it can live inside a game state,
be copied with it and be written to JSON. The algorithm is SplitMix64 (Steele, Lea and
Flood), which is plenty for shuffling cards and is identical on every platform and
Python version, unlike :mod:`random`'s internals.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence, TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1
_SPAN = 1 << 64
_GAMMA = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
_UNIT = 2.0 ** -53


@dataclass
class Rng:
    state: int

    @classmethod
    def from_seed(cls, seed: int | str) -> "Rng":
        if isinstance(seed, str):
            value = 1469598103934665603
            for byte in seed.encode("utf-8"):
                value = ((value ^ byte) * 1099511628211) & _MASK
            seed = value
        return cls(seed & _MASK)

    # The SplitMix64 step is written out in each method below (no call per draw: bots
    # draw hundreds of thousands of numbers per match, issue 18 item 5); every method
    # draws exactly as ``next_u64`` would.
    def next_u64(self) -> int:
        z = self.state = (self.state + _GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = _SPAN - _SPAN % n
        while True:
            z = self.state = (self.state + _GAMMA) & _MASK
            z = ((z ^ (z >> 30)) * _MIX1) & _MASK
            z = ((z ^ (z >> 27)) * _MIX2) & _MASK
            z ^= z >> 31
            if z < limit:
                return z % n

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in ``[low, high]``, both ends included."""
        return low + self.below(high - low + 1)

    def random(self) -> float:
        """A uniform float in ``[0, 1)``: the top 53 bits of a draw, times 2**-53 (exact,
        as the division by 2**53 it replaces)."""
        z = self.state = (self.state + _GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return ((z ^ (z >> 31)) >> 11) * _UNIT

    def randoms(self, count: int) -> list[float]:
        """``count`` draws of :meth:`random`, in one call."""
        z = self.state
        out = []
        for _ in range(count):
            z = (z + _GAMMA) & _MASK
            draw = ((z ^ (z >> 30)) * _MIX1) & _MASK
            draw = ((draw ^ (draw >> 27)) * _MIX2) & _MASK
            out.append(((draw ^ (draw >> 31)) >> 11) * _UNIT)
        self.state = z
        return out

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A shuffled copy (Fisher–Yates); the input is left alone."""
        out = list(items)
        z = self.state
        for i in range(len(out) - 1, 0, -1):
            limit = _SPAN - _SPAN % (i + 1)
            while True:  # below(i + 1)
                z = (z + _GAMMA) & _MASK
                draw = ((z ^ (z >> 30)) * _MIX1) & _MASK
                draw = ((draw ^ (draw >> 27)) * _MIX2) & _MASK
                draw ^= draw >> 31
                if draw < limit:
                    break
            j = draw % (i + 1)
            out[i], out[j] = out[j], out[i]
        self.state = z
        return out

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        return self.shuffled(items)[:k]

    def fork(self) -> "Rng":
        """An independent generator derived from this one (advances this one once)."""
        return Rng(self.next_u64())
