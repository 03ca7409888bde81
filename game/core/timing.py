"""Time in the rules: fixed ticks, 60 a second, scaled by the lobby's timer preset."""

from __future__ import annotations

#: The session clock's rate: every countdown is counted in these ticks.
TICKS_PER_SECOND = 60


def seconds_to_ticks(seconds: float, timer_scale: float) -> int:
    """Timer presets scale every countdown (1.0 normal, 1.5 extended); scale 0 gives
    0 ticks, which never expires (timers off)."""
    return int(round(seconds * TICKS_PER_SECOND * timer_scale))
