"""Menu key-repeat for held directions (D-pad, keys, stick flicks)."""

from __future__ import annotations

from typing import Hashable

from .intents import Intent

#: Seconds before a held direction repeats, then between repeats.
DELAY = 0.35
INTERVAL = 0.09


class Repeater:
    """Tracks the one direction each device holds and when it next repeats."""

    def __init__(self, delay: float = DELAY, interval: float = INTERVAL) -> None:
        self.delay = delay
        self.interval = interval
        #: device -> (intent, from_stick, next repeat time)
        self._held: dict[Hashable, tuple[Intent, bool, float]] = {}

    def press(self, device: Hashable, intent: Intent, now: float, from_stick: bool = False) -> None:
        self._held[device] = (intent, from_stick, now + self.delay)

    def release(self, device: Hashable, intent: Intent | None = None) -> None:
        held = self._held.get(device)
        if held is not None and (intent is None or held[0] is intent):
            del self._held[device]

    def due(self, now: float) -> list[tuple[Hashable, Intent, bool]]:
        """Repeats that fell due by ``now`` (at most one per device per call, so a long
        hitch does not fire a burst of moves)."""
        out = []
        for device, (intent, from_stick, at) in list(self._held.items()):
            if now >= at:
                out.append((device, intent, from_stick))
                self._held[device] = (intent, from_stick, max(at + self.interval, now))
        return out
