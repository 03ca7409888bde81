"""What each pad button and keyboard key means.

Keys are matched by *scancode* (the key's place on the keyboard), so the left seat's
WASD block is the same physical block on a French AZERTY keyboard (ZQSD there). Each
side has its own key for every intent, MENU included (Escape on the left, P on the
right), so both players can pause and start a match from their own side.
"""

from __future__ import annotations

import pygame

from .intents import Intent

#: SDL GameController buttons (Xbox names on every pad) -> intents.
PAD_BUTTONS: dict[int, Intent] = {
    pygame.CONTROLLER_BUTTON_A: Intent.CONFIRM,
    pygame.CONTROLLER_BUTTON_B: Intent.BACK,
    pygame.CONTROLLER_BUTTON_X: Intent.ALT,
    pygame.CONTROLLER_BUTTON_Y: Intent.PEEK,
    pygame.CONTROLLER_BUTTON_START: Intent.MENU,
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: Intent.SHOULDER_L,
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: Intent.SHOULDER_R,
    pygame.CONTROLLER_BUTTON_DPAD_UP: Intent.UP,
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: Intent.DOWN,
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: Intent.LEFT,
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: Intent.RIGHT,
}

PAD_TRIGGERS: dict[int, Intent] = {
    pygame.CONTROLLER_AXIS_TRIGGERLEFT: Intent.TRIGGER_L,
    pygame.CONTROLLER_AXIS_TRIGGERRIGHT: Intent.TRIGGER_R,
}

#: Keyboard seats: side -> scancode -> intent.
KEYBOARD: dict[str, dict[int, Intent]] = {
    "left": {
        pygame.KSCAN_W: Intent.UP,
        pygame.KSCAN_S: Intent.DOWN,
        pygame.KSCAN_A: Intent.LEFT,
        pygame.KSCAN_D: Intent.RIGHT,
        pygame.KSCAN_SPACE: Intent.CONFIRM,
        pygame.KSCAN_Q: Intent.BACK,
        pygame.KSCAN_E: Intent.PEEK,
        pygame.KSCAN_R: Intent.ALT,
        pygame.KSCAN_ESCAPE: Intent.MENU,
        pygame.KSCAN_1: Intent.SHOULDER_L,
        pygame.KSCAN_3: Intent.SHOULDER_R,
    },
    "right": {
        pygame.KSCAN_UP: Intent.UP,
        pygame.KSCAN_DOWN: Intent.DOWN,
        pygame.KSCAN_LEFT: Intent.LEFT,
        pygame.KSCAN_RIGHT: Intent.RIGHT,
        pygame.KSCAN_RETURN: Intent.CONFIRM,
        pygame.KSCAN_KP_ENTER: Intent.CONFIRM,
        pygame.KSCAN_BACKSPACE: Intent.BACK,
        pygame.KSCAN_RSHIFT: Intent.PEEK,
        pygame.KSCAN_RCTRL: Intent.ALT,
        pygame.KSCAN_P: Intent.MENU,
        pygame.KSCAN_PAGEUP: Intent.SHOULDER_L,
        pygame.KSCAN_PAGEDOWN: Intent.SHOULDER_R,
    },
}

#: Key codes for events that carry no scancode (e.g. posted by tools).
_KEYCODE_FALLBACK: dict[int, tuple[str, Intent]] = {
    pygame.K_w: ("left", Intent.UP), pygame.K_s: ("left", Intent.DOWN),
    pygame.K_a: ("left", Intent.LEFT), pygame.K_d: ("left", Intent.RIGHT),
    pygame.K_SPACE: ("left", Intent.CONFIRM), pygame.K_q: ("left", Intent.BACK),
    pygame.K_e: ("left", Intent.PEEK), pygame.K_r: ("left", Intent.ALT),
    pygame.K_ESCAPE: ("left", Intent.MENU),
    pygame.K_1: ("left", Intent.SHOULDER_L), pygame.K_3: ("left", Intent.SHOULDER_R),
    pygame.K_UP: ("right", Intent.UP), pygame.K_DOWN: ("right", Intent.DOWN),
    pygame.K_LEFT: ("right", Intent.LEFT), pygame.K_RIGHT: ("right", Intent.RIGHT),
    pygame.K_RETURN: ("right", Intent.CONFIRM), pygame.K_KP_ENTER: ("right", Intent.CONFIRM),
    pygame.K_BACKSPACE: ("right", Intent.BACK), pygame.K_RSHIFT: ("right", Intent.PEEK),
    pygame.K_RCTRL: ("right", Intent.ALT), pygame.K_p: ("right", Intent.MENU),
    pygame.K_PAGEUP: ("right", Intent.SHOULDER_L), pygame.K_PAGEDOWN: ("right", Intent.SHOULDER_R),
}


def key_intent(scancode: int | None, key: int | None) -> tuple[str, Intent] | None:
    """``(side, intent)`` for a key event, or None for keys no seat uses."""
    if scancode:
        for side, table in KEYBOARD.items():
            if scancode in table:
                return side, table[scancode]
        return None
    return _KEYCODE_FALLBACK.get(key) if key is not None else None
