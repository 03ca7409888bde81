"""The one module that talks to SDL's GameController API (``pygame._sdl2.controller``).

Pads are keyed by SDL ``instance_id``, which stays the same for a pad's whole
connection and is never reused, unlike the device index (which shifts when another pad
is unplugged). Everything else in the game sees ``("pad", instance_id)`` device ids.
"""

from __future__ import annotations

import pygame
from pygame._sdl2 import controller

#: SDL_GameControllerAxis values range to ±32767 (triggers 0..32767).
AXIS_MAX = 32767.0


class PadAdapter:
    def __init__(self) -> None:
        self._pads: dict[int, controller.Controller] = {}

    def init(self) -> None:
        if not pygame.get_init():
            pygame.init()
        if not controller.get_init():
            controller.init()

    def open(self, device_index: int) -> tuple[int, str] | None:
        """Open the pad SDL lists at ``device_index`` now: ``(instance_id, name)``, or
        None if it is not a game controller or is open already.

        Who sits at the index is asked of a fresh ``Joystick``, before any
        ``Controller`` is made. pygame-ce 2.5 keeps one ``Controller`` per open SDL
        controller and hands that cached object back when the same pad is opened
        again; the object remembers the device index it was first opened at, and
        ``as_joystick()`` reopens whatever pad sits at that index *now*. After a pad
        with a lower index leaves, that is the next pad down the list, so a new pad
        would be filed under another pad's controller and its own controller closed.
        So ``Controller`` is only made for an instance id not open yet (SDL then opens
        a new controller for it) and nothing asks it for its index."""
        try:
            if not controller.is_controller(device_index):
                return None
            # Held until the controller is open, so SDL opens the device once; dropping
            # it closes only this extra handle (SDL counts opens per device).
            joystick = pygame.joystick.Joystick(device_index)
            instance_id = joystick.get_instance_id()
            if instance_id in self._pads:
                return None
            pad = controller.Controller(device_index)
        except pygame.error:
            return None
        self._pads[instance_id] = pad
        return instance_id, pad.name or "Pad"

    def open_new(self) -> list[tuple[int, str]]:
        """Open every connected controller not open yet: ``[(instance_id, name)]``.

        Scanning (rather than trusting the ADDED event's device index) also catches a
        pad whose ADDED event SDL dropped: SDL 2 discards a queued ADDED event when a
        pad with a lower device index is removed before the queue is read."""
        opened = []
        for device_index in range(controller.get_count()):
            found = self.open(device_index)
            if found is not None:
                opened.append(found)
        return opened

    def close(self, instance_id: int) -> None:
        pad = self._pads.pop(instance_id, None)
        if pad is not None:
            try:
                pad.quit()
            except pygame.error:
                pass

    def close_all(self) -> None:
        for instance_id in list(self._pads):
            self.close(instance_id)

    def instance_ids(self) -> list[int]:
        return list(self._pads)

    def rumble(self, instance_id: int, low: float, high: float, ms: int) -> bool:
        """Rumble one pad (``low``/``high`` motors 0..1); False if it cannot."""
        pad = self._pads.get(instance_id)
        if pad is None:
            return False
        try:
            return bool(pad.rumble(max(0.0, min(1.0, low)), max(0.0, min(1.0, high)), int(ms)))
        except pygame.error:
            return False
