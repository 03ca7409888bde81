"""Tweens counted in fixed ticks (60 per second), eased with ``pytweening``.

A tween advances only in :meth:`Tween.step` (called from ``fixed_update``), so an
animation lasts the same number of ticks on every machine and in every test. Drawing
reads :meth:`Tween.value` with the frame's ``alpha`` to interpolate between the last two
ticks, which keeps motion smooth at any display rate.

Values may be numbers or equal-length tuples (positions, colours); tuples interpolate
element by element.

Ease names are snake case: ``linear``, ``in_cubic``, ``out_cubic``, ``in_out_sine``,
``out_back``, ``out_elastic``, ``out_bounce`` … — any ``easeXxx`` of pytweening.
"""

from __future__ import annotations

from typing import Callable, Generic, TypeVar

import pytweening

#: What a tween moves: a number, or a point (a tuple of numbers).
V = TypeVar("V", float, tuple[float, ...])


def easing(name: str) -> Callable[[float], float]:
    """The easing function for a snake-case name; ``ValueError`` for an unknown one."""
    if name == "linear":
        linear: Callable[[float], float] = pytweening.linear
        return linear
    parts = name.split("_")
    if parts[:2] == ["in", "out"]:
        prefix, rest = "easeInOut", parts[2:]
    elif parts[0] in ("in", "out"):
        prefix, rest = "easeIn" if parts[0] == "in" else "easeOut", parts[1:]
    else:
        raise ValueError(f"unknown ease {name!r}: expected linear, in_X, out_X or in_out_X")
    func: Callable[[float], float] | None = getattr(pytweening, prefix + "".join(p.capitalize() for p in rest), None)
    if func is None or not rest:
        raise ValueError(f"unknown ease {name!r}")
    return func


def lerp(start: V, end: V, t: float) -> V:
    if isinstance(start, (int, float)):
        return start + (end - start) * t
    return tuple(a + (b - a) * t for a, b in zip(start, end))


class Tween(Generic[V]):
    """From ``start`` to ``end`` over ``ticks`` fixed ticks, after ``delay`` ticks."""

    def __init__(self, start: V, end: V, ticks: int, ease: str = "out_cubic", delay: int = 0,
                 on_done: Callable[[], None] | None = None, still: bool = False) -> None:
        if ticks < 0 or delay < 0:
            raise ValueError("ticks and delay must be >= 0")
        if not isinstance(start, (int, float)) and len(start) != len(end):
            raise ValueError("start and end must have the same length")
        self.start: V = start
        self.end: V = end
        self.ticks = int(ticks)
        self.delay = int(delay)
        self.ease = easing(ease)
        self.on_done = on_done
        #: Reduced motion (``UiKit.tween``): the end value as soon as the delay is over, no
        #: movement between; the tween still lasts its ticks, so what waits for it waits as long.
        self.still = still
        self.elapsed = 0  # ticks stepped, delay included
        self._fired = False

    @property
    def total(self) -> int:
        return self.delay + self.ticks

    @property
    def done(self) -> bool:
        return self.elapsed >= self.total

    @property
    def started(self) -> bool:
        return self.elapsed > self.delay

    def step(self) -> None:
        if not self.done:
            self.elapsed += 1
        if self.done and not self._fired:
            self._fired = True
            if self.on_done is not None:
                self.on_done()

    def _at(self, elapsed: float) -> V:
        if self.ticks == 0 or self.still:
            t = 1.0 if elapsed >= self.delay else 0.0
        else:
            t = min(1.0, max(0.0, (elapsed - self.delay) / self.ticks))
        if t >= 1.0:
            return self.end  # exactly, whatever the ease's rounding
        return lerp(self.start, self.end, self.ease(t))

    def value(self, alpha: float = 1.0) -> V:
        """The eased value, ``alpha`` (0..1) of the way from the previous tick to this one."""
        if self.done:
            return self._at(self.total)
        return self._at(max(0.0, self.elapsed - 1 + alpha))

    @property
    def progress(self) -> float:
        """0..1, linear, ignoring the ease (handy for fades tied to a move)."""
        if self.ticks == 0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.ticks))


class Tweens:
    """A small group of tweens stepped together; finished ones are dropped."""

    def __init__(self) -> None:
        self._tweens: list[Tween[float] | Tween[tuple[float, ...]]] = []

    def add(self, tween: Tween[V]) -> Tween[V]:
        self._tweens.append(tween)
        return tween

    def step(self) -> None:
        for tween in list(self._tweens):
            tween.step()
        self._tweens = [t for t in self._tweens if not t.done]

    @property
    def busy(self) -> bool:
        return any(not t.done for t in self._tweens)

    def clear(self) -> None:
        self._tweens.clear()

    def __len__(self) -> int:
        return len(self._tweens)
