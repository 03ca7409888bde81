"""Left-stick maths: radial dead zone, angle, and flicks read as menu directions."""

from __future__ import annotations

import math

from .intents import Intent

DEAD_ZONE = 0.25
#: A flick counts as a direction above FLICK_ON and ends below FLICK_OFF (hysteresis,
#: so a stick resting near the threshold does not chatter).
FLICK_ON = 0.5
FLICK_OFF = 0.3
#: STICK events are sent when the angle moves this much or the magnitude this much.
ANGLE_STEP = 2.0
MAGNITUDE_STEP = 0.03


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
    """One pad's left stick: raw axes in, STICK changes and flick directions out."""

    def __init__(self) -> None:
        self.x = 0.0
        self.y = 0.0
        self.angle = 0.0
        self.magnitude = 0.0
        self.flick: Intent | None = None

    def move(self, axis: str, value: float) -> tuple[bool, Intent | None, Intent | None]:
        """Set one axis (-1..1). Returns ``(stick_changed, flick_released, flick_pressed)``."""
        if axis == "x":
            self.x = value
        else:
            self.y = value
        angle, magnitude = polar(self.x, self.y)
        changed = ((magnitude == 0.0) != (self.magnitude == 0.0)
                   or abs(magnitude - self.magnitude) >= MAGNITUDE_STEP
                   or (magnitude > 0.0 and angle_gap(angle, self.angle) >= ANGLE_STEP))
        if changed:
            self.angle, self.magnitude = angle, magnitude
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
