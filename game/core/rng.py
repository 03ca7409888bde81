"""A small, seedable, serialisable random number generator.

The generator's whole state is one 64-bit integer, so it can live inside a game state,
be copied with it and be written to JSON. The algorithm is SplitMix64 (Steele, Lea and
Flood), which is plenty for shuffling cards and is identical on every platform and
Python version, unlike :mod:`random`'s internals.
"""

from __future__ import annotations

import functools
import struct
import sys
from dataclasses import dataclass
from typing import Callable, Sequence, TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1
_SPAN = 1 << 64
_GAMMA = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
_UNIT = 2.0 ** -53
_HALF_UNIT = 2.0 ** -52
#: The spreads :meth:`Rng.jittered` scales by ``2**-52`` exactly (no subnormal on the way).
_NORMAL_SPREAD = (2.0 ** -900, 2.0 ** 900)
#: ``_LIMITS[n]``: the largest multiple of ``n`` a 64-bit draw may take for ``below(n)``
#: to be unbiased, for the ``n`` a shuffle asks (the harness shuffles the seats before
#: every bot move, a match deals from a pool of ~500 characters: two long-integer
#: operations a draw saved).
_LIMITED = 1024
_LIMITS = tuple(_SPAN - _SPAN % n if n else 0 for n in range(_LIMITED + 1))
#: :meth:`Rng.shuffled` takes the draws of a list longer than this in lanes.
LONG_SHUFFLE = 16
#: :meth:`Rng.next_u64s` draws this many lanes at a time (cheapest per draw: ~150 ns
#: against ~300 ns for a call to ``next_u64``; longer integers cost more per lane).
LANE_BATCH = 32
_LITTLE_ENDIAN = sys.byteorder == "little"


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
        """``count`` draws of :meth:`random`, in one call (:meth:`_lane_draws`, each
        draw's top 53 bits taken on the whole integer at once)."""
        if count < 4:
            return [self.random() for _ in range(count)]
        unit = _UNIT
        return [top * unit for top in self._lane_draws(count, 11)]

    def jittered(self, values: Sequence[float], spread: float) -> list[float]:
        """Each of ``values`` give or take up to ``spread``: ``value + spread * (2 * u - 1)``
        with ``u`` the next draw of :meth:`randoms`, one per value in order — the very
        numbers of ``randoms`` and a list comprehension, made in one pass (a Secret
        Identity clue plan jitters ~300 links)."""
        count = len(values)
        if count < 4 or not _NORMAL_SPREAD[0] < abs(spread) < _NORMAL_SPREAD[1]:
            return [value + spread * (2 * u - 1) for value, u in zip(values, self.randoms(count))]
        # 2 * u - 1 is (top - 2**52) * 2**-52 exactly, and spread * 2**-52 is exact (a
        # power of two, far from the subnormals), so each product is the very same
        # rounding of the same real number, with one int subtraction and one product
        # instead of four float operations (2 ms of a Secret Identity match of eight).
        scaled, half = spread * _HALF_UNIT, 1 << 52
        return [value + scaled * (top - half) for value, top in zip(values, self._lane_draws(count, 11))]

    def spreads(self, count: int, spread: float) -> list[float]:
        """``spread * (2 * u - 1)`` for the next ``count`` draws ``u`` of :meth:`randoms`,
        to the last bit, as :meth:`jittered` makes them (a Secret Identity bot reads
        every clue give or take its noise)."""
        if count < 4 or not _NORMAL_SPREAD[0] < abs(spread) < _NORMAL_SPREAD[1]:
            return [spread * (2 * u - 1) for u in self.randoms(count)]
        scaled, half = spread * _HALF_UNIT, 1 << 52
        return [scaled * (top - half) for top in self._lane_draws(count, 11)]

    def next_u64s(self, count: int) -> list[int]:
        """``count`` draws of :meth:`next_u64`, in one call: :meth:`_lane_draws` in
        batches of :data:`LANE_BATCH` (bots shake thousands of points per drawing)."""
        out: list[int] = []
        while count >= 4:
            batch = min(count, LANE_BATCH)
            out += self._lane_draws(batch)
            count -= batch
        return out + [self.next_u64() for _ in range(count)]

    def _lane_draws(self, count: int, shift: int = 0) -> list[int]:
        """The next ``count`` draws, each shifted right by ``shift`` (at most 33): their
        SplitMix steps run side by side in one integer, each in a 128-bit lane (a 64-bit
        product never reaches the next lane; each shift's spill-over is masked off before
        it is multiplied; a lane's bits 64 to 96 end clear, so the last shift brings
        only zeros into a draw), then the lanes are unpacked at once."""
        ones, steps, low, layout = _lanes(count)
        state = self.state
        z = (state * ones + steps) & low
        z = (((z ^ (z >> 30)) & low) * _MIX1) & low
        z = (((z ^ (z >> 27)) & low) * _MIX2) & low
        z ^= z >> 31
        self.state = (state + count * _GAMMA) & _MASK
        data = (z >> shift).to_bytes(16 * count, "little")
        if _LITTLE_ENDIAN:  # a lane's low 8 bytes as a native integer
            return memoryview(data).cast("Q")[::2].tolist()
        return list(layout.unpack(data)[::2])

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A shuffled copy (Fisher–Yates); the input is left alone. A long one (a deck,
        the character pool: hundreds of draws) takes its draws in lanes
        (:meth:`next_u64s`), one a place; should one of them be refused (a chance under
        n / 2**64 per draw), the next draws are taken one at a time, as :meth:`below` would."""
        out = list(items)
        if len(out) > LONG_SHUFFLE:
            _fisher_yates(out, self.next_u64s(len(out) - 1), 0, lambda: [self.next_u64()])
            return out
        z = self.state
        limits = _LIMITS
        for i in range(len(out) - 1, 0, -1):
            limit = limits[i + 1] if i < _LIMITED else _SPAN - _SPAN % (i + 1)
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


class Shuffler:
    """:meth:`Rng.shuffled`, again and again, from one generator that does nothing else
    (``play_match``'s seat order, before every bot move): its draws are made
    :data:`LANE_BATCH` at a time (:meth:`Rng.next_u64s`, ~150 ns a draw against ~500
    written out one by one) and taken in order, so each shuffle is the one
    ``rng.shuffled`` would give. ``rng`` runs up to a batch ahead of the draws taken."""

    def __init__(self, rng: Rng) -> None:
        self._rng = rng
        self._words: list[int] = []
        self._next = 0

    def shuffled(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        self._words, self._next = _fisher_yates(out, self._words, self._next,
                                                lambda: self._rng.next_u64s(LANE_BATCH))
        return out


def _fisher_yates(out: list[T], words: list[int], at: int, more: Callable[[], list[int]]) -> tuple[list[int], int]:
    """Shuffle ``out`` in place as :meth:`Rng.shuffled` does, its draws taken in order from
    ``words`` from ``at`` (``more()`` gives the next ones once they run out; a draw
    :meth:`Rng.below` would refuse is passed over, as it draws again); returns the words
    and where the next draw is."""
    n = len(out)
    end = at + n - 1
    if 1 < n and end <= len(words):
        taken = words[at:end]
        # Every limit is at least 2**64 - n + 1: draws all below 2**64 - n are none of
        # them refused, and the loop needs no check (a long shuffle's draws all are,
        # unless one in ~2**64 / n): the same swaps, half the work a place.
        if max(taken) < _SPAN - n:
            for i, draw in zip(range(n - 1, 0, -1), taken):
                j = draw % (i + 1)
                out[i], out[j] = out[j], out[i]
            return words, end
    limits = _LIMITS
    for i in range(len(out) - 1, 0, -1):
        limit = limits[i + 1] if i < _LIMITED else _SPAN - _SPAN % (i + 1)
        while True:  # below(i + 1)
            if at == len(words):
                words, at = more(), 0
            draw = words[at]
            at += 1
            if draw < limit:
                break
        j = draw % (i + 1)
        out[i], out[j] = out[j], out[i]
    return words, at


@functools.lru_cache(maxsize=64)
def _lanes(count: int) -> tuple[int, int, int, struct.Struct]:
    """For :meth:`Rng._lane_draws`: a 1 in every 128-bit lane, each lane's state step
    (``(i + 1) * _GAMMA``), each lane's low 64 bits set, and the unpacking layout."""
    ones = sum(1 << (128 * i) for i in range(count))
    steps = sum((((i + 1) * _GAMMA) & _MASK) << (128 * i) for i in range(count))
    return ones, steps, _MASK * ones, struct.Struct(f"<{2 * count}Q")
