"""Holds for hands that cannot hold (issue 31 item 4): with the ``hold_toggle`` setting,
no button has to be kept down.

- PEEK toggles: a press starts the peek, the next press ends it (the button's own
  releases are dropped), so looking at one's secret takes two taps.
- CONFIRM and ALT, which boards also time as holds (co-op's lock, 1.5 s; Mission
  Secrète's accusation, 1 s; Incognito's "done", 1 s), stay held for :data:`AUTO_HOLD`
  after a tap: a tap counts as the longest hold any board asks for, and taps still act at
  once, since a press is sent when it happens. A new press of that button first ends the
  hold it started.

The hub hands each button's press and release through :meth:`HoldAssist.change` and asks
:meth:`due` once a frame; what comes out is what the scenes see. Pure: no pygame.
"""

from __future__ import annotations

from typing import Hashable

from .intents import Intent

#: Seconds a tapped CONFIRM or ALT stays held: past every hold a board times.
AUTO_HOLD = 1.6
TOGGLED = frozenset({Intent.PEEK})
AUTO_HELD = frozenset({Intent.CONFIRM, Intent.ALT})

Change = tuple[Hashable, Intent, bool]


class HoldAssist:
    def __init__(self) -> None:
        #: Toggled buttons down now, by device.
        self.toggled: set[tuple[Hashable, Intent]] = set()
        #: When each auto-held button is let go (seconds, the hub's clock).
        self.until: dict[tuple[Hashable, Intent], float] = {}

    @staticmethod
    def handles(intent: Intent) -> bool:
        return intent in TOGGLED or intent in AUTO_HELD

    def change(self, device: Hashable, intent: Intent, pressed: bool, now: float) -> list[Change]:
        """What the scenes get for a button ``intent`` of ``device`` going down or up."""
        key = (device, intent)
        if not pressed:
            return []  # the button's own release: the hold ends by a tap or by time
        if intent in TOGGLED:
            if key in self.toggled:
                self.toggled.discard(key)
                return [(device, intent, False)]
            self.toggled.add(key)
            return [(device, intent, True)]
        out: list[Change] = [(device, intent, False)] if self.until.pop(key, None) is not None else []
        self.until[key] = now + AUTO_HOLD
        return out + [(device, intent, True)]

    def due(self, now: float) -> list[Change]:
        """The auto-held buttons whose time is up: their releases."""
        ended = [key for key, until in self.until.items() if until <= now]
        for key in ended:
            del self.until[key]
        return [(device, intent, False) for device, intent in ended]

    def let_go(self, device: Hashable | None = None) -> list[Change]:
        """Release everything held for ``device`` (None: every device): the setting was
        turned off, or the device left."""
        keys = [key for key in (*self.toggled, *self.until) if device is None or key[0] == device]
        for key in keys:
            self.toggled.discard(key)
            self.until.pop(key, None)
        return [(d, intent, False) for d, intent in keys]
