"""Left-stick maths: radial dead zone, angle, flicks read as menu directions, and a
release told apart from a move.

A stick let go springs back to centre, but SDL reports its two axes one after the
other (in one poll or a few milliseconds apart): on the way home there is a point with
one axis at rest and the other still pushed, which aims at a neighbour of what the
player pointed at. So a move that brings the stick *inward and turns it* is held back
for :data:`RELEASE_SETTLE`: if the stick reaches centre meanwhile it was a release, and
the aim stays what it was; if it stays out, the move is reported then. Moves outward
or along the rim (pointing, rolling round the gate) are reported at once.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from .intents import Intent

DEAD_ZONE = 0.25
#: A flick counts as a direction above FLICK_ON and ends below FLICK_OFF (hysteresis,
#: so a stick resting near the threshold does not chatter).
FLICK_ON = 0.5
FLICK_OFF = 0.3
#: STICK events are sent when the angle moves this much or the magnitude this much.
ANGLE_STEP = 2.0
MAGNITUDE_STEP = 0.03
#: Seconds an inward, turning move waits before it counts (a spring-back to centre is
#: over well within this; a deliberate pull-in is rare and only this late).
RELEASE_SETTLE = 0.1
#: How much shorter (raw length, up to 1.41 in a square gate's corner) a move must
#: leave the stick to be "inward": more than a resting stick's jitter.
INWARD = 0.02


class Reading(NamedTuple):
    angle: float
    magnitude: float
    length: float  # the raw distance from centre


def polar(x: float, y: float, dead_zone: float = DEAD_ZONE) -> tuple[float, float]:
    """``(angle, magnitude)`` of a stick at ``x``, ``y`` in -1..1 (SDL: y grows down).

    The angle is in degrees clockwise from straight up; the magnitude is rescaled so
    it runs 0..1 from the edge of the round dead zone to the rim (0 inside it)."""
    length = math.hypot(x, y)
    if length <= dead_zone:
        return 0.0, 0.0
    magnitude = min(1.0, (length - dead_zone) / (1.0 - dead_zone))
    angle = math.degrees(math.atan2(x, -y)) % 360.0
    return angle, magnitude


def direction_of(angle: float) -> Intent:
    """The nearest of the four directions to ``angle`` (90° sectors centred on each)."""
    return (Intent.UP, Intent.RIGHT, Intent.DOWN, Intent.LEFT)[int(((angle + 45.0) % 360.0) // 90.0)]


def angle_gap(a: float, b: float) -> float:
    return abs((a - b + 180.0) % 360.0 - 180.0)


class StickState:
    """One pad's left stick: raw axes in, STICK changes and flick directions out.

    ``angle``/``magnitude`` are what was last reported; at centre the angle stays where
    the stick last pointed. Each of :meth:`move` and :meth:`settle` returns
    ``(stick_changed, flick_released, flick_pressed)``."""

    def __init__(self, dead_zone: float = DEAD_ZONE) -> None:
        #: The radial dead zone's radius (the ``stick_dead_zone`` setting; the hub sets it).
        self.dead_zone = dead_zone
        self.x = 0.0
        self.y = 0.0
        self.angle = 0.0
        self.magnitude = 0.0
        self.flick: Intent | None = None
        self._aim = Reading(0.0, 0.0, 0.0)  # where the stick is taken to be
        self._held_back: Reading | None = None
        self._held_since = 0.0

    def move(self, axis: str, value: float, now: float = 0.0) -> tuple[bool, Intent | None, Intent | None]:
        """Set one axis (-1..1) at time ``now`` (seconds)."""
        if axis == "x":
            self.x = value
        else:
            self.y = value
        length = math.hypot(self.x, self.y)
        reading = Reading(*polar(self.x, self.y, self.dead_zone), length)
        if self._springing_back(reading):
            if self._held_back is None:
                self._held_since = now
            self._held_back = reading
            return False, None, None
        self._held_back = None
        return self._accept(reading)

    def settle(self, now: float) -> tuple[bool, Intent | None, Intent | None]:
        """Once a frame: a held-back move whose stick stayed out is a real move."""
        if self._held_back is None or now - self._held_since < RELEASE_SETTLE:
            return False, None, None
        reading, self._held_back = self._held_back, None
        return self._accept(reading)

    def _springing_back(self, reading: Reading) -> bool:
        aim = self._aim
        return (reading.magnitude > 0.0 and reading.length < aim.length - INWARD
                and angle_gap(reading.angle, aim.angle) >= ANGLE_STEP)

    def _accept(self, reading: Reading) -> tuple[bool, Intent | None, Intent | None]:
        self._aim = reading
        angle, magnitude = reading.angle, reading.magnitude
        changed = ((magnitude == 0.0) != (self.magnitude == 0.0)
                   or abs(magnitude - self.magnitude) >= MAGNITUDE_STEP
                   or (magnitude > 0.0 and angle_gap(angle, self.angle) >= ANGLE_STEP))
        if changed:
            self.magnitude = magnitude
            if magnitude > 0.0:
                self.angle = angle
        released = pressed = None
        if self.flick is not None:
            if magnitude < FLICK_OFF:
                released, self.flick = self.flick, None
            elif magnitude >= FLICK_ON and direction_of(angle) is not self.flick:
                released, self.flick = self.flick, direction_of(angle)
                pressed = self.flick
        elif magnitude >= FLICK_ON:
            self.flick = pressed = direction_of(angle)
        return changed, released, pressed
