"""What a player means, whatever they pressed: the vocabulary scenes understand."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Hashable


class Intent(enum.Enum):
    UP = "up"
    DOWN = "down"
    LEFT = "left"
    RIGHT = "right"
    CONFIRM = "confirm"   # pad A / Space (WASD side) / Enter (arrows side)
    BACK = "back"         # pad B / Q / Backspace
    PEEK = "peek"         # pad Y held / E / Right Shift held
    ALT = "alt"           # pad X / R / Right Ctrl
    MENU = "menu"         # pad Start / Escape (WASD side) / P (arrows side)
    SHOULDER_L = "shoulder_l"
    SHOULDER_R = "shoulder_r"
    TRIGGER_L = "trigger_l"
    TRIGGER_R = "trigger_r"
    STICK = "stick"       # left stick moved: see InputEvent.angle / magnitude
    POINTER = "pointer"   # mouse moved or clicked in a menu: see InputEvent.pos


#: Devices are hashable keys: ("pad", instance_id), ("kb", "left"|"right"),
#: ("mouse", 0), ("bot", seat).
DeviceId = Hashable


@dataclass(frozen=True)
class InputEvent:
    """One intent from one device.

    ``pressed`` is True on press, False on release (PEEK and held CONFIRM need both).
    For STICK, ``angle`` is in degrees clockwise from straight up (0 = up, 90 = right)
    and ``magnitude`` in 0..1 after the dead zone (0 and ``pressed=False`` = back to
    centre); STICK events come only when the angle or magnitude really moved. For POINTER,
    ``pos`` is in logical 1920×1080 canvas coordinates (mouse motion has
    ``pressed=False``, a left click ``pressed=True``). ``repeat`` marks a held
    direction's automatic repeats. ``from_stick`` marks directions made by flicking the
    left stick, so a scene that already follows STICK angles can ignore them.
    """

    device: DeviceId
    intent: Intent
    pressed: bool = True
    angle: float = 0.0
    magnitude: float = 0.0
    pos: tuple[float, float] | None = None
    repeat: bool = False
    from_stick: bool = False


#: The four menu directions.
DIRECTIONS = (Intent.UP, Intent.DOWN, Intent.LEFT, Intent.RIGHT)
