"""The one place pygame input events become intents and reach the scenes.

Every device's intent is routed as ``ctx.stack.handle(ctx.seats.seat_of(device), ev)``.
Mouse, wheel, text and key events also reach the top scene raw through
``Scene.process_raw`` (mouse positions already in canvas pixels), so pygame_gui menus
work; a key a scene takes raw (typing a name) makes no intent.

Hot-plug: a pad that arrives is opened and may join (the lobby takes CONFIRM from an
unseated device). A seated pad that leaves goes to ``on_seat_lost``, which the app
wires (``scenes.disconnect.hold_lost_seat``: during a match the seat is held and the
disconnect overlay comes up) and which answers whether it held the seat; otherwise
``on_device_removed`` (set by the "take your seats" screen, which holds that claim)
decides, and without it the seat is simply freed. The hub imports no scene.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Hashable, Protocol

import pygame

from .intents import DIRECTIONS, InputEvent, Intent
from .keymap import PAD_BUTTONS, PAD_TRIGGERS, key_intent
from .pads import AXIS_MAX, PadAdapter
from .repeat import Repeater
from .holds import HoldAssist
from .stick import DEAD_ZONE, StickState

if TYPE_CHECKING:
    from ..seats import SeatTable
    from ..settings import Settings
    from ..stack import SceneStack


class Routing(Protocol):
    """What the hub reads of the app's context (``game.context.AppContext``, which it
    may not import): who sits where, the scenes it routes to, the rumble setting."""

    @property
    def seats(self) -> SeatTable: ...

    @property
    def stack(self) -> SceneStack: ...

    @property
    def settings(self) -> Settings: ...

MOUSE = ("mouse", 0)
#: Trigger travel (0..1) that counts as a press, and below which it is released.
TRIGGER_ON = 0.5
TRIGGER_OFF = 0.3

_MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
_RAW_ONLY = (pygame.MOUSEWHEEL, pygame.TEXTINPUT, pygame.TEXTEDITING)


def pad(instance_id: int) -> tuple[str, int]:
    """The device id of a pad."""
    return ("pad", instance_id)


class InputHub:
    def __init__(self, ctx: Routing, pads: PadAdapter | None = None) -> None:
        self.ctx = ctx
        self.pads = pads if pads is not None else PadAdapter()
        self.pads.init()
        #: instance_id -> pad name, for the pads connected now.
        self.pad_names: dict[int, str] = {}
        #: Mouse event position -> canvas pixel (None in the letterbox bars); the App sets it.
        self.to_canvas: Callable[[tuple[float, float]], tuple[int, int] | None] = lambda p: (int(p[0]), int(p[1]))
        #: Called with the device id when a seated pad leaves; True if it held the seat
        #: (a match is on). The app wires it; None: nothing holds seats.
        self.on_seat_lost: Callable[[Hashable], bool] | None = None
        #: Called with "rumble" whenever a rumble is asked for with the setting on (captions).
        self.rumble_listeners: list[Callable[[str], None]] = []
        #: Called with the device id when a pad leaves and no match held its seat
        #: ("take your seats").
        self.on_device_removed: Callable[[Hashable], None] | None = None
        #: Called with the device id when a pad arrives.
        self.on_device_added: Callable[[Hashable], None] | None = None
        self.repeater = Repeater()
        self._sticks: dict[int, StickState] = {}
        self._triggers: dict[tuple[int, int], bool] = {}
        self._held: dict[Hashable, set[Intent]] = {}
        #: Keys physically down (a held key's OS repeats are dropped; with hold_toggle a
        #: key may be up while its intent is held).
        self._keys_down: set[tuple[Hashable, Intent]] = set()
        #: Holds taken over by taps while the ``hold_toggle`` setting is on (holds.py).
        self.holds = HoldAssist()
        self._pointer: tuple[int, int] | None = None
        self.scan_pads()

    # --- routing -------------------------------------------------------------------------
    def emit(self, event: InputEvent) -> bool:
        """Send one intent to the scenes as the seat its device is bound to."""
        held = self._held.setdefault(event.device, set())
        if event.intent not in (Intent.STICK, Intent.POINTER):
            if event.pressed:
                held.add(event.intent)
            else:
                held.discard(event.intent)
        seat = self.ctx.seats.seat_of(event.device)
        return self.ctx.stack.handle(seat, event)

    def _raw(self, event: pygame.event.Event) -> bool:
        top = self.ctx.stack.top
        return bool(top is not None and top.process_raw(event))

    def _press(self, device: Hashable, intent: Intent, pressed: bool, now: float,
               from_stick: bool = False) -> None:
        if intent in DIRECTIONS:
            if pressed:
                self.repeater.press(device, intent, now, from_stick)
            else:
                self.repeater.release(device, intent)
        elif getattr(self.ctx.settings, "hold_toggle", False) and HoldAssist.handles(intent):
            for held_device, held_intent, down in self.holds.change(device, intent, pressed, now):
                self.emit(InputEvent(held_device, held_intent, down))
            return
        elif not pressed and intent not in self._held.get(device, ()):
            return  # a release whose press a raw scene took (or never saw)
        self.emit(InputEvent(device, intent, pressed, from_stick=from_stick))

    def held(self, device: Hashable) -> frozenset[Intent]:
        """Intents the device holds down now (PEEK held, a direction…)."""
        return frozenset(self._held.get(device, ()))

    # --- the pump ------------------------------------------------------------------------
    def process(self, event: pygame.event.Event, now: float) -> None:
        """Turn one pygame event into intents (and raw scene input)."""
        kind = event.type
        if kind == pygame.CONTROLLERBUTTONDOWN or kind == pygame.CONTROLLERBUTTONUP:
            intent = PAD_BUTTONS.get(event.button)
            if intent is not None:
                self._press(pad(event.instance_id), intent, kind == pygame.CONTROLLERBUTTONDOWN, now)
        elif kind == pygame.CONTROLLERAXISMOTION:
            self._axis(event.instance_id, event.axis, event.value, now)
        elif kind == pygame.CONTROLLERDEVICEADDED:
            self.scan_pads()
        elif kind == pygame.CONTROLLERDEVICEREMOVED:
            self._pad_removed(event.instance_id)
            self.scan_pads()
        elif kind == pygame.KEYDOWN or kind == pygame.KEYUP:
            self._key(event, now)
        elif kind in _MOUSE_EVENTS:
            self._mouse(event)
        elif kind in _RAW_ONLY:
            self._raw(event)

    def tick(self, now: float) -> None:
        """Once a frame after the events: a stick move held back that turned out real
        (see ``stick.py``), then held directions' repeats."""
        for instance_id, stick in list(self._sticks.items()):
            self._stick_moved(instance_id, stick.settle(now), now)
        for device, intent, from_stick in self.repeater.due(now):
            self.emit(InputEvent(device, intent, True, repeat=True, from_stick=from_stick))
        assisted = getattr(self.ctx.settings, "hold_toggle", False)
        for device, intent, down in self.holds.due(now) if assisted else self.holds.let_go():
            self.emit(InputEvent(device, intent, down))

    # --- pads ----------------------------------------------------------------------------
    def _axis(self, instance_id: int, axis: int, value: int, now: float) -> None:
        device = pad(instance_id)
        if axis in PAD_TRIGGERS:
            key = (instance_id, axis)
            amount = value / AXIS_MAX
            was = self._triggers.get(key, False)
            if not was and amount >= TRIGGER_ON or was and amount < TRIGGER_OFF:
                self._triggers[key] = not was
                self._press(device, PAD_TRIGGERS[axis], not was, now)
            return
        if axis not in (pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY):
            return
        stick = self._sticks.setdefault(instance_id, StickState())
        stick.dead_zone = float(getattr(self.ctx.settings, "stick_dead_zone", DEAD_ZONE))
        name = "x" if axis == pygame.CONTROLLER_AXIS_LEFTX else "y"
        self._stick_moved(instance_id, stick.move(name, max(-1.0, min(1.0, value / AXIS_MAX)), now), now)

    def _stick_moved(self, instance_id: int, moved: tuple[bool, Intent | None, Intent | None], now: float) -> None:
        """Send what a stick's move made: a STICK change, flick directions."""
        changed, released, pressed = moved
        device, stick = pad(instance_id), self._sticks[instance_id]
        if changed:
            self.emit(InputEvent(device, Intent.STICK, stick.magnitude > 0.0,
                                 angle=stick.angle, magnitude=stick.magnitude))
        if released is not None:
            self._press(device, released, False, now, from_stick=True)
        if pressed is not None:
            self._press(device, pressed, True, now, from_stick=True)

    def scan_pads(self) -> None:
        """Open pads that arrived (at start-up too); they may then join."""
        for instance_id, name in self.pads.open_new():
            self.pad_names[instance_id] = name
            if self.on_device_added is not None:
                self.on_device_added(pad(instance_id))

    def _pad_removed(self, instance_id: int) -> None:
        if instance_id not in self.pad_names:
            return
        device = pad(instance_id)
        self.release_all(device)
        self.pads.close(instance_id)
        self.pad_names.pop(instance_id, None)
        self._sticks.pop(instance_id, None)
        for key in [k for k in self._triggers if k[0] == instance_id]:
            del self._triggers[key]
        self._held.pop(device, None)
        seats = self.ctx.seats
        seat = seats.seat_of(device)
        if seat is not None and self.on_seat_lost is not None and self.on_seat_lost(device):
            return
        if self.on_device_removed is not None:
            self.on_device_removed(device)
        elif seat is not None:
            seats.remove(seat)

    def release_all(self, device: Hashable) -> None:
        """Send releases for everything the device holds (a pad pulled mid-peek must
        close the peek, not leave it open)."""
        self.repeater.release(device)
        self.holds.let_go(device)  # its releases are sent below, with the rest it holds
        stick = self._sticks.get(device[1]) if isinstance(device, tuple) and device[0] == "pad" else None
        if stick is not None and stick.magnitude > 0.0:
            stick.x = stick.y = stick.magnitude = 0.0
            stick.flick = None
            self.emit(InputEvent(device, Intent.STICK, False, angle=stick.angle, magnitude=0.0))
        for intent in sorted(self._held.get(device, ()), key=lambda i: i.value):
            self.emit(InputEvent(device, intent, False))

    def connected_pads(self) -> list[tuple[str, int]]:
        return [pad(instance_id) for instance_id in self.pad_names]

    def rumble(self, seat_or_device: int | Hashable, low: float, high: float, ms: int) -> bool:
        """Rumble a seat's pad (or a pad device); never when rumble is off in settings."""
        if not getattr(self.ctx.settings, "rumble", True):
            return False
        for listener in list(self.rumble_listeners):
            listener("rumble")
        device = seat_or_device
        if isinstance(seat_or_device, int):
            seats = self.ctx.seats
            if not 0 <= seat_or_device < len(seats):
                return False
            device = seats.seats[seat_or_device].device
        if not (isinstance(device, tuple) and len(device) == 2 and device[0] == "pad"):
            return False
        return self.pads.rumble(device[1], low, high, ms)

    # --- keyboard and mouse ----------------------------------------------------------------
    def _key(self, event: pygame.event.Event, now: float) -> None:
        down = event.type == pygame.KEYDOWN
        taken = self._raw(event)
        found = key_intent(getattr(event, "scancode", None), getattr(event, "key", None))
        if found is None:
            return
        side, intent = found
        device = ("kb", side)
        if down and taken:
            return
        if down and (device, intent) in self._keys_down:
            return  # the OS's own key repeat: we make our own for directions
        (self._keys_down.add if down else self._keys_down.discard)((device, intent))
        self._press(device, intent, down, now)

    def _mouse(self, event: pygame.event.Event) -> None:
        pos = self.to_canvas(event.pos)
        if pos is None:
            self._pointer = None
            return  # in the letterbox bars
        attrs = dict(event.dict)
        attrs["pos"] = pos
        if "rel" in attrs and self._pointer is not None:
            attrs["rel"] = (pos[0] - self._pointer[0], pos[1] - self._pointer[1])
        self._pointer = pos
        if self._raw(pygame.event.Event(event.type, attrs)):
            return
        if event.type == pygame.MOUSEMOTION:
            self.emit(InputEvent(MOUSE, Intent.POINTER, False, pos=pos))
        elif event.button == 1 and event.type == pygame.MOUSEBUTTONDOWN:
            self.emit(InputEvent(MOUSE, Intent.POINTER, True, pos=pos))
        elif event.button == 3:
            self.emit(InputEvent(MOUSE, Intent.BACK, event.type == pygame.MOUSEBUTTONDOWN, pos=pos))

    def pointer_pos(self) -> tuple[int, int] | None:
        """The mouse in canvas pixels as its last event left it (None in the bars or
        before it moved). Not ``pygame.mouse.get_pos()``: through SDL's renderer that
        pins a mouse in the bars to the canvas's edge."""
        return self._pointer
