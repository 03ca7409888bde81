"""Motor and motion settings (issue 31 items 4 and 5): with "tap instead of hold" no
button has to be kept down (PEEK toggles, a tapped CONFIRM or ALT is held past every hold
a board times); the left stick's dead zone follows its setting; with "reduce motion" the
UI kit's tweens jump to their end, the winners' confetti is not drawn and the menus'
bobbing and swaying stand still. Timers: ``timer_preset`` (normal, extended ×1.5, off)
reaches every game's config (tests/test_settings.py, tests/test_menus.py)."""

from __future__ import annotations

import pygame
import pytest

from game.context import build_context
from game.input.holds import AUTO_HOLD
from game.input.intents import Intent
from game.input.stick import StickState
from game.scenes.base import Scene
from game.settings import Settings
from game.ui.show import Show, Standing
from game.ui.tween import Tween


class Recorder(Scene):
    """Takes every intent and remembers (intent, pressed)."""

    def __init__(self) -> None:
        super().__init__()
        self.got: list[tuple[Intent, bool]] = []

    def handle(self, seat, event) -> bool:
        if event.intent not in (Intent.STICK, Intent.POINTER):
            self.got.append((event.intent, event.pressed))
        return True


@pytest.fixture
def room():
    from tests.e2e import Room

    room = Room(lang="en")
    recorder = Recorder()
    room.ctx.stack.push(recorder)
    room.recorder = recorder
    yield room
    room.ctx.stack.clear()
    room.close()


def test_without_the_setting_a_tap_is_a_press_and_a_release(room):
    keys = room.keyboard("left")
    keys.tap(Intent.PEEK)
    keys.tap(Intent.CONFIRM)
    assert room.recorder.got == [(Intent.PEEK, True), (Intent.PEEK, False),
                                 (Intent.CONFIRM, True), (Intent.CONFIRM, False)]


def test_peek_toggles_with_taps(room):
    room.ctx.settings.hold_toggle = True
    keys = room.keyboard("left")
    keys.tap(Intent.PEEK)
    room.run(120)  # two seconds: still peeking
    assert room.recorder.got == [(Intent.PEEK, True)]
    assert Intent.PEEK in room.app.hub.held(("kb", "left"))
    keys.tap(Intent.PEEK)
    assert room.recorder.got == [(Intent.PEEK, True), (Intent.PEEK, False)]


@pytest.mark.parametrize("intent", [Intent.CONFIRM, Intent.ALT])
def test_a_tapped_confirm_or_alt_is_held_past_every_timed_hold(room, intent):
    room.ctx.settings.hold_toggle = True
    keys = room.keyboard("left")
    keys.tap(intent)
    frames = round(AUTO_HOLD * 60)
    room.run(frames - 2)
    assert room.recorder.got == [(intent, True)]  # held ~1.6 s: co-op's 1.5 s lock is reached
    keys.tap(intent)  # a new tap ends the hold it started and starts another
    assert room.recorder.got == [(intent, True), (intent, False), (intent, True)]
    room.run(frames + 2)
    assert room.recorder.got[-1] == (intent, False)


def test_turning_the_setting_off_lets_go_of_what_it_held(room):
    room.ctx.settings.hold_toggle = True
    room.keyboard("left").tap(Intent.PEEK)
    room.ctx.settings.hold_toggle = False
    room.run(1)
    assert room.recorder.got == [(Intent.PEEK, True), (Intent.PEEK, False)]


def test_the_stick_dead_zone_follows_its_setting(room):
    hub = room.app.hub
    for zone, seen in ((0.5, False), (0.1, True)):
        room.ctx.settings.stick_dead_zone = zone
        hub._sticks.clear()
        magnitudes = []
        room.ctx.stack.top.handle = lambda seat, event: magnitudes.append(event.magnitude) or True
        hub._axis(7, pygame.CONTROLLER_AXIS_LEFTX, int(0.35 * 32767), 0.0)
        assert (bool(magnitudes) and magnitudes[-1] > 0) is seen, (zone, magnitudes)
    state = StickState(dead_zone=0.4)
    state.move("x", 0.3)
    assert state.magnitude == 0.0


# --- reduce motion ---------------------------------------------------------------------------------
def test_the_kit_s_motion_and_tweens_stand_still_with_reduced_motion():
    settings = Settings()
    kit = build_context(headless=True, settings=settings).kit
    assert kit.motion(6.0) == 6.0 and not kit.tween(0, 100, 10).still
    moving = kit.tween(0, 100, 10, delay=2)
    settings.reduce_motion = True
    assert kit.motion(6.0) == 0.0
    still = kit.tween(0, 100, 10, delay=2)
    for tween in (moving, still):
        for _ in range(4):
            tween.step()
    assert 0 < moving.value() < 100 and still.value() == 100
    assert not still.done and still.total == moving.total  # what waits for it waits as long
    assert isinstance(still, Tween)


def confetti_drawn(reduce_motion: bool) -> bytes:
    ctx = build_context(headless=True, settings=Settings(reduce_motion=reduce_motion), seats=3)
    ctx.input = type("Pads", (), {"rumble": lambda *a: True})()
    show = Show(ctx, [Standing(0, 5, place=1), Standing(1, 3, place=2), Standing(2, 1, place=3)], seed=3)
    while not show.done:
        show.step()
    for _ in range(20):
        show.step()
    canvas = pygame.Surface((1920, 1080))
    show.draw_confetti(canvas, 1.0)
    return pygame.image.tobytes(canvas, "RGB")


def test_no_confetti_with_reduced_motion():
    blank = pygame.image.tobytes(pygame.Surface((1920, 1080)), "RGB")
    assert confetti_drawn(False) != blank
    assert confetti_drawn(True) == blank


def title_frames(reduce_motion: bool) -> tuple[bytes, bytes]:
    from game.scenes.menus.title import TitleScene

    ctx = build_context(headless=True, settings=Settings(reduce_motion=reduce_motion))
    title = TitleScene(ctx)
    ctx.stack.push(title)
    frames = []
    for ticks in (10, 55):
        title.ticks = ticks
        canvas = pygame.Surface((1920, 1080))
        title.draw_back(canvas, 0.0)
        frames.append(pygame.image.tobytes(canvas, "RGB"))
    return frames[0], frames[1]


def test_the_title_s_floating_pictures_stand_still_with_reduced_motion():
    early, late = title_frames(False)
    assert early != late
    early, late = title_frames(True)
    assert early == late
