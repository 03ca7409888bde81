"""Input routing: keyboard sides to seats, key repeat, raw events, mouse under
letterbox, stick maths, triggers, rumble gating (pads faked here; real virtual pads in
test_hotplug.py)."""

from types import SimpleNamespace

import pygame
import pytest

from game.input.hub import MOUSE, InputHub
from game.input.intents import InputEvent, Intent
from game.input.repeat import DELAY, INTERVAL
from game.input.stick import DEAD_ZONE, RELEASE_SETTLE, direction_of, polar
from game.input.viewport import on_canvas
from game.scenes.base import Scene
from game.seats import SeatTable
from game.stack import SceneStack

LEFT, RIGHT = ("kb", "left"), ("kb", "right")


class FakePads:
    def __init__(self):
        self.rumbles = []

    def init(self):
        pass

    def open_new(self):
        return []

    def close(self, instance_id):
        pass

    def rumble(self, instance_id, low, high, ms):
        self.rumbles.append((instance_id, low, high, ms))
        return True


class Recorder(Scene):
    def __init__(self):
        super().__init__()
        self.events: list[tuple[int | None, InputEvent]] = []
        self.raw: list[pygame.event.Event] = []
        self.take_raw = False

    def handle(self, seat, event):
        self.events.append((seat, event))
        return True

    def process_raw(self, event):
        self.raw.append(event)
        return self.take_raw


@pytest.fixture
def rig():
    ctx = SimpleNamespace(settings=SimpleNamespace(rumble=True, fullscreen=False), seats=SeatTable(),
                          stack=SceneStack())
    scene = Recorder()
    ctx.stack.push(scene)
    hub = InputHub(ctx, pads=FakePads())
    return ctx, hub, scene


def key(down, scancode, keycode=0):
    return pygame.event.Event(pygame.KEYDOWN if down else pygame.KEYUP, key=keycode, scancode=scancode,
                              mod=0, unicode="")


def intents(scene):
    return [(seat, e.device, e.intent, e.pressed) for seat, e in scene.events]


@pytest.mark.parametrize("scancode,device,intent", [
    (pygame.KSCAN_SPACE, LEFT, Intent.CONFIRM), (pygame.KSCAN_Q, LEFT, Intent.BACK),
    (pygame.KSCAN_E, LEFT, Intent.PEEK), (pygame.KSCAN_R, LEFT, Intent.ALT),
    (pygame.KSCAN_ESCAPE, LEFT, Intent.MENU), (pygame.KSCAN_W, LEFT, Intent.UP),
    (pygame.KSCAN_A, LEFT, Intent.LEFT), (pygame.KSCAN_RETURN, RIGHT, Intent.CONFIRM),
    (pygame.KSCAN_BACKSPACE, RIGHT, Intent.BACK), (pygame.KSCAN_RSHIFT, RIGHT, Intent.PEEK),
    (pygame.KSCAN_RCTRL, RIGHT, Intent.ALT), (pygame.KSCAN_DOWN, RIGHT, Intent.DOWN),
])
def test_keyboard_sides_map_to_intents(rig, scancode, device, intent):
    ctx, hub, scene = rig
    hub.process(key(True, scancode), 0.0)
    hub.process(key(False, scancode), 0.1)
    assert intents(scene) == [(None, device, intent, True), (None, device, intent, False)]


def test_keyboard_sides_route_to_their_seats(rig):
    ctx, hub, scene = rig
    ctx.seats.join(RIGHT, "Ana")
    ctx.seats.join(LEFT, "Bo")
    hub.process(key(True, pygame.KSCAN_SPACE), 0.0)
    hub.process(key(True, pygame.KSCAN_RETURN), 0.0)
    hub.process(key(True, pygame.KSCAN_KP_ENTER), 0.0)  # held already: Enter's twin
    assert [(s, i) for s, _, i, _ in intents(scene)] == [(1, Intent.CONFIRM), (0, Intent.CONFIRM)]


def test_unknown_keys_and_os_repeats_make_nothing(rig):
    ctx, hub, scene = rig
    hub.process(key(True, pygame.KSCAN_F5), 0.0)
    hub.process(key(True, pygame.KSCAN_E), 0.0)
    hub.process(key(True, pygame.KSCAN_E), 0.1)  # auto-repeat while held
    assert [i for _, _, i, _ in intents(scene)] == [Intent.PEEK]
    assert hub.held(LEFT) == {Intent.PEEK}


def test_keycode_fallback_without_scancode(rig):
    ctx, hub, scene = rig
    hub.process(key(True, 0, pygame.K_RETURN), 0.0)
    assert intents(scene) == [(None, RIGHT, Intent.CONFIRM, True)]


def test_held_direction_repeats_after_delay_then_interval(rig):
    ctx, hub, scene = rig
    hub.process(key(True, pygame.KSCAN_W), 10.0)
    hub.tick(10.0 + DELAY - 0.01)
    assert len(scene.events) == 1
    hub.tick(10.0 + DELAY)
    hub.tick(10.0 + DELAY + INTERVAL / 2)
    hub.tick(10.0 + DELAY + INTERVAL)
    repeats = [e for _, e in scene.events if e.repeat]
    assert len(repeats) == 2 and all(e.intent is Intent.UP and e.pressed for e in repeats)
    hub.process(key(False, pygame.KSCAN_W), 11.0)
    hub.tick(20.0)
    assert [e.pressed for _, e in scene.events][-1] is False
    assert len(scene.events) == 4


def test_a_long_hitch_repeats_once_not_in_a_burst(rig):
    ctx, hub, scene = rig
    hub.process(key(True, pygame.KSCAN_DOWN), 0.0)
    hub.tick(5.0)
    assert len(scene.events) == 2


def test_keys_taken_raw_make_no_intent(rig):
    ctx, hub, scene = rig
    scene.take_raw = True  # e.g. a focused name box
    hub.process(key(True, pygame.KSCAN_SPACE), 0.0)
    hub.process(key(False, pygame.KSCAN_SPACE), 0.1)
    assert scene.events == [] and len(scene.raw) == 2


def test_text_and_wheel_go_raw_only(rig):
    ctx, hub, scene = rig
    hub.process(pygame.event.Event(pygame.TEXTINPUT, text="é"), 0.0)
    hub.process(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1), 0.0)
    assert [e.type for e in scene.raw] == [pygame.TEXTINPUT, pygame.MOUSEWHEEL] and scene.events == []


def test_only_positions_on_the_canvas_map():
    """SDL's renderer hands mouse positions in canvas pixels; one in a bar lies beyond an edge."""
    assert on_canvas((0, 0)) == (0, 0) and on_canvas((1919, 1079)) == (1919, 1079)
    assert on_canvas((959.6, 540.2)) == (959, 540)
    assert [on_canvas(p) for p in ((-1, 500), (1920, 500), (900, -3), (900, 1080))] == [None] * 4


def test_mouse_positions_reach_scenes_in_canvas_pixels(rig):
    ctx, hub, scene = rig
    hub.to_canvas = on_canvas
    hub.process(pygame.event.Event(pygame.MOUSEMOTION, pos=(960, 540), rel=(3, 3), buttons=(0, 0, 0)), 0.0)
    hub.process(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(1918, 0), button=1), 0.0)
    hub.process(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(960, -40), button=1), 0.0)  # in a bar
    assert [e.pos for e in scene.raw] == [(960, 540), (1918, 0)]
    assert [(seat, e.device, e.intent, e.pressed, e.pos) for seat, e in scene.events] == [
        (None, MOUSE, Intent.POINTER, False, (960, 540)), (None, MOUSE, Intent.POINTER, True, (1918, 0))]
    assert hub.pointer_pos() is None  # the last event was in a bar: nothing is under the mouse


def test_mouse_taken_raw_makes_no_pointer_intent(rig):
    ctx, hub, scene = rig
    scene.take_raw = True
    hub.process(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1), 0.0)
    assert scene.events == [] and len(scene.raw) == 1


@pytest.mark.parametrize("x,y,angle", [(0, -1, 0), (1, 0, 90), (0, 1, 180), (-1, 0, 270), (0.7, -0.7, 45)])
def test_stick_angle_is_clockwise_from_up(x, y, angle):
    a, m = polar(x, y)
    assert a == pytest.approx(angle, abs=0.5) and m == pytest.approx(1.0, abs=0.02)


def test_radial_dead_zone_and_rescaled_magnitude():
    assert polar(0.2, 0.1) == (0.0, 0.0)
    assert polar(DEAD_ZONE, 0.0) == (0.0, 0.0)
    assert polar(0.0, -(DEAD_ZONE + (1 - DEAD_ZONE) / 2))[1] == pytest.approx(0.5)
    assert [direction_of(a) for a in (10, 80, 190, 300, 350)] == [
        Intent.UP, Intent.RIGHT, Intent.DOWN, Intent.LEFT, Intent.UP]


def axis(instance_id, which, value):
    return pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=instance_id, axis=which, value=value)


def test_stick_events_and_flicks(rig):
    ctx, hub, scene = rig
    hub.process(axis(4, pygame.CONTROLLER_AXIS_LEFTY, -32767), 0.0)
    hub.process(axis(4, pygame.CONTROLLER_AXIS_LEFTY, 0), 0.1)
    got = [(e.intent, e.pressed, round(e.angle), round(e.magnitude, 2), e.from_stick) for _, e in scene.events]
    assert got == [(Intent.STICK, True, 0, 1.0, False), (Intent.UP, True, 0, 0.0, True),
                   (Intent.STICK, False, 0, 0.0, False), (Intent.UP, False, 0, 0.0, True)]


def stick_seen(scene):
    return [(e.intent, e.pressed, round(e.angle)) for _, e in scene.events]


@pytest.mark.parametrize("first", [pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY])
def test_a_diagonal_let_go_makes_no_other_direction(rig, first):
    """Springing back, one axis is home before the other: that half-way point is not
    a flick towards its neighbour, and the released STICK still says where it pointed."""
    ctx, hub, scene = rig
    second = pygame.CONTROLLER_AXIS_LEFTY if first == pygame.CONTROLLER_AXIS_LEFTX else pygame.CONTROLLER_AXIS_LEFTX
    hub.process(axis(4, pygame.CONTROLLER_AXIS_LEFTX, 32767), 0.0)
    hub.process(axis(4, pygame.CONTROLLER_AXIS_LEFTY, -32767), 0.0)
    scene.events.clear()
    hub.process(axis(4, first, 0), 0.01)
    hub.tick(0.01)
    hub.process(axis(4, second, 0), 0.03)
    hub.tick(0.03)
    assert stick_seen(scene) == [(Intent.STICK, False, 45), (Intent.RIGHT, False, 0)]


def test_a_stick_pulled_in_to_a_neighbour_and_kept_there_turns_after_a_moment(rig):
    ctx, hub, scene = rig
    hub.process(axis(4, pygame.CONTROLLER_AXIS_LEFTX, 32767), 0.0)
    hub.process(axis(4, pygame.CONTROLLER_AXIS_LEFTY, -32767), 0.0)
    scene.events.clear()
    hub.process(axis(4, pygame.CONTROLLER_AXIS_LEFTX, 0), 0.01)
    hub.tick(0.01)
    assert scene.events == []  # maybe a release on its way
    hub.tick(0.01 + RELEASE_SETTLE)
    assert stick_seen(scene) == [(Intent.STICK, True, 0), (Intent.RIGHT, False, 0), (Intent.UP, True, 0)]


def test_triggers_press_past_threshold_and_release(rig):
    ctx, hub, scene = rig
    for value in (8000, 20000, 25000, 12000, 5000):
        hub.process(axis(2, pygame.CONTROLLER_AXIS_TRIGGERRIGHT, value), 0.0)
    assert intents(scene) == [(None, ("pad", 2), Intent.TRIGGER_R, True),
                              (None, ("pad", 2), Intent.TRIGGER_R, False)]


def test_rumble_follows_seat_and_setting(rig):
    ctx, hub, scene = rig
    ctx.seats.join(LEFT, "Ana")
    ctx.seats.join(("pad", 7), "Bo")
    assert hub.rumble(1, 0.5, 1.0, 120) is True
    assert hub.rumble(0, 0.5, 1.0, 120) is False  # a keyboard cannot rumble
    assert hub.pads.rumbles == [(7, 0.5, 1.0, 120)]
    ctx.settings.rumble = False
    assert hub.rumble(1, 0.5, 1.0, 120) is False
    assert hub.rumble(("pad", 7), 1.0, 1.0, 50) is False
    assert len(hub.pads.rumbles) == 1


def test_pulling_a_pad_mid_peek_releases_what_it_held(rig):
    ctx, hub, scene = rig
    hub.pad_names[5] = "Pad"
    ctx.seats.join(("pad", 5), "Ana")
    hub.process(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=5, button=pygame.CONTROLLER_BUTTON_Y), 0.0)
    hub.process(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=5), 0.1)
    assert intents(scene) == [(0, ("pad", 5), Intent.PEEK, True), (0, ("pad", 5), Intent.PEEK, False)]
    assert len(ctx.seats) == 0  # outside a match, with no lobby hook: the seat is freed
