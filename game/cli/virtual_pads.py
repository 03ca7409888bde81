"""Real SDL virtual game controllers, through ctypes: the soak's storm drives them, and
so do the tests.

The SDL2 library inside the pygame-ce wheel (``pygame_ce.libs/libSDL2-*.so*``, beside
``pygame`` in a frozen build too) is the very one pygame has loaded, so a pad attached here with ``SDL_JoystickAttachVirtualEx``
produces genuine CONTROLLERDEVICEADDED, button, axis and REMOVED events in pygame's
queue, and ``Controller.rumble`` reaches our Python rumble callback.

    kit = VirtualPads()            # after pygame.init()
    vp = kit.attach()              # CONTROLLERDEVICEADDED is now queued
    vp.press(pygame.CONTROLLER_BUTTON_A); vp.release(...)
    vp.stick(0.0, -1.0)            # left stick fully up
    vp.detach()                    # CONTROLLERDEVICEREMOVED
"""

from __future__ import annotations

import ctypes
import glob
import os
from pathlib import Path

import pygame

#: SDL 2.24+ (the wheel has 2.32): the extended virtual joystick description.
SDL_VIRTUAL_JOYSTICK_DESC_VERSION = 1
SDL_JOYSTICK_TYPE_GAMECONTROLLER = 1
NAXES = 6      # SDL_CONTROLLER_AXIS_MAX
NBUTTONS = 15  # SDL_CONTROLLER_BUTTON_A .. DPAD_RIGHT (the mapping SDL builds for them)

RUMBLE_FN = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_uint16, ctypes.c_uint16)


class VirtualJoystickDesc(ctypes.Structure):
    _fields_ = [
        ("version", ctypes.c_uint16),
        ("type", ctypes.c_uint16),
        ("naxes", ctypes.c_uint16),
        ("nbuttons", ctypes.c_uint16),
        ("nhats", ctypes.c_uint16),
        ("vendor_id", ctypes.c_uint16),
        ("product_id", ctypes.c_uint16),
        ("padding", ctypes.c_uint16),
        ("button_mask", ctypes.c_uint32),
        ("axis_mask", ctypes.c_uint32),
        ("name", ctypes.c_char_p),
        ("userdata", ctypes.c_void_p),
        ("Update", ctypes.c_void_p),
        ("SetPlayerIndex", ctypes.c_void_p),
        ("Rumble", RUMBLE_FN),
        ("RumbleTriggers", ctypes.c_void_p),
        ("SetLED", ctypes.c_void_p),
        ("SendEffect", ctypes.c_void_p),
    ]


def find_sdl2() -> Path:
    """The SDL2 shared library shipped inside the pygame-ce wheel."""
    package = Path(pygame.__file__).resolve().parent
    patterns = ("libSDL2-2*.so*", "libSDL2*.so*", "libSDL2*.dylib", "SDL2*.dll")
    for folder in (package.parent / "pygame_ce.libs", package.parent / "pygame.libs", package,
                   package / ".dylibs"):
        for pattern in patterns:
            hits = sorted(p for p in glob.glob(str(folder / pattern))
                          if "image" not in p and "mixer" not in p and "ttf" not in p)
            if hits:
                return Path(hits[0])
    raise FileNotFoundError(f"no SDL2 library found next to {package}")


def _load() -> ctypes.CDLL:
    lib = ctypes.CDLL(str(find_sdl2()))  # already loaded by pygame: the same library
    lib.SDL_JoystickAttachVirtualEx.argtypes = [ctypes.POINTER(VirtualJoystickDesc)]
    lib.SDL_JoystickAttachVirtualEx.restype = ctypes.c_int
    lib.SDL_JoystickDetachVirtual.argtypes = [ctypes.c_int]
    lib.SDL_JoystickDetachVirtual.restype = ctypes.c_int
    lib.SDL_JoystickGetDeviceInstanceID.argtypes = [ctypes.c_int]
    lib.SDL_JoystickGetDeviceInstanceID.restype = ctypes.c_int32
    lib.SDL_JoystickOpen.argtypes = [ctypes.c_int]
    lib.SDL_JoystickOpen.restype = ctypes.c_void_p
    lib.SDL_JoystickClose.argtypes = [ctypes.c_void_p]
    lib.SDL_JoystickSetVirtualButton.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_uint8]
    lib.SDL_JoystickSetVirtualButton.restype = ctypes.c_int
    lib.SDL_JoystickSetVirtualAxis.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int16]
    lib.SDL_JoystickSetVirtualAxis.restype = ctypes.c_int
    lib.SDL_JoystickFromInstanceID.argtypes = [ctypes.c_int32]
    lib.SDL_JoystickFromInstanceID.restype = ctypes.c_void_p
    lib.SDL_GetError.restype = ctypes.c_char_p
    lib.SDL_NumJoysticks.restype = ctypes.c_int
    return lib


class VirtualPad:
    """One attached virtual controller. ``rumbles`` records (low, high) motor values."""

    def __init__(self, kit: "VirtualPads", name: str) -> None:
        self.kit = kit
        self.name = name
        self.rumbles: list[tuple[int, int]] = []
        # Keep the callback and description alive as long as SDL may call back.
        self._callback = RUMBLE_FN(self._on_rumble)
        self._desc = VirtualJoystickDesc(
            version=SDL_VIRTUAL_JOYSTICK_DESC_VERSION, type=SDL_JOYSTICK_TYPE_GAMECONTROLLER,
            naxes=NAXES, nbuttons=NBUTTONS, vendor_id=0x5151, product_id=0x0001,
            name=name.encode(), Rumble=self._callback)
        lib = kit.lib
        index = lib.SDL_JoystickAttachVirtualEx(ctypes.byref(self._desc))
        if index < 0:
            raise RuntimeError(f"SDL_JoystickAttachVirtualEx failed: {lib.SDL_GetError()!r}")
        self.instance_id = lib.SDL_JoystickGetDeviceInstanceID(index)
        # Our own handle, so setting buttons works whatever the game has opened.
        self._joystick = lib.SDL_JoystickOpen(index)
        if not self._joystick:
            raise RuntimeError(f"SDL_JoystickOpen failed: {lib.SDL_GetError()!r}")
        self.attached = True

    @property
    def device(self) -> tuple[str, int]:
        return ("pad", self.instance_id)

    def _on_rumble(self, userdata: int | None, low: int, high: int) -> int:
        self.rumbles.append((low, high))
        return 0

    def _check(self, result: int, what: str) -> None:
        if result < 0:
            raise RuntimeError(f"{what} failed: {self.kit.lib.SDL_GetError()!r}")

    def button(self, button: int, down: bool) -> None:
        self._check(self.kit.lib.SDL_JoystickSetVirtualButton(self._joystick, button, 1 if down else 0),
                    "SDL_JoystickSetVirtualButton")
        self.kit.update()

    def press(self, button: int) -> None:
        self.button(button, True)

    def release(self, button: int) -> None:
        self.button(button, False)

    def tap(self, button: int) -> None:
        self.press(button)
        self.release(button)

    def axis(self, axis: int, value: float) -> None:
        """Set an axis from -1..1 (triggers: 0..1)."""
        if axis in (pygame.CONTROLLER_AXIS_TRIGGERLEFT, pygame.CONTROLLER_AXIS_TRIGGERRIGHT):
            raw = int(-32768 + value * 65535)  # the virtual axis is full range; SDL halves it
        else:
            raw = int(max(-1.0, min(1.0, value)) * 32767)
        self._check(self.kit.lib.SDL_JoystickSetVirtualAxis(self._joystick, axis, raw),
                    "SDL_JoystickSetVirtualAxis")
        self.kit.update()

    def stick(self, x: float, y: float) -> None:
        """Left stick position, -1..1 each, y down (SDL's convention)."""
        self.axis(pygame.CONTROLLER_AXIS_LEFTX, x)
        self.axis(pygame.CONTROLLER_AXIS_LEFTY, y)

    def detach(self) -> None:
        if not self.attached:
            return
        lib = self.kit.lib
        lib.SDL_JoystickClose(self._joystick)
        index = self.kit.device_index(self.instance_id)
        if index is None or lib.SDL_JoystickDetachVirtual(index) < 0:
            raise RuntimeError(f"SDL_JoystickDetachVirtual failed: {lib.SDL_GetError()!r}")
        self.attached = False
        self.kit.update()


class VirtualPads:
    """Attach and drive virtual pads; ``close()`` detaches any left over."""

    def __init__(self) -> None:
        os.environ.setdefault("SDL_JOYSTICK_ALLOW_BACKGROUND_EVENTS", "1")
        if not pygame.get_init():
            pygame.init()
        if not pygame.joystick.get_init():
            pygame.joystick.init()
        self.lib = _load()
        self.pads: list[VirtualPad] = []

    def attach(self, name: str = "Virtual Pad") -> VirtualPad:
        pad = VirtualPad(self, name)
        self.pads.append(pad)
        self.update()
        return pad

    def device_index(self, instance_id: int) -> int | None:
        for index in range(self.lib.SDL_NumJoysticks()):
            if self.lib.SDL_JoystickGetDeviceInstanceID(index) == instance_id:
                return index
        return None

    def held_open(self, instance_id: int) -> bool:
        """Whether SDL still has this joystick open for someone: a pad the game closed
        and the test detached is gone unless an open was never matched by a close."""
        return bool(self.lib.SDL_JoystickFromInstanceID(instance_id))

    def update(self) -> None:
        """Let SDL turn the new virtual state into queued events."""
        pygame.event.pump()

    def close(self) -> None:
        for pad in self.pads:
            pad.detach()
        self.pads.clear()
