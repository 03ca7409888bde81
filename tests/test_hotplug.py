"""Real SDL virtual controllers through the whole app: join, buttons, stick, triggers,
unplug mid-match (overlay, frozen board), reclaim with another pad, rumble, and eight
pads unplugged at any device index and replaced (each replacement works at once)."""

from types import SimpleNamespace

import pygame
import pytest

from game.app import App
from game.core.session import Session
from game.i18n import Strings
from game.input.hub import InputHub
from game.input.intents import Intent
from game.scenes.base import Scene
from game.scenes.disconnect import DisconnectScene
from game.scenes.match import MatchScene
from game.seats import SeatTable
from game.settings import Settings
from game.stack import SceneStack
from game.paths import data_dir
from tests.toygame import ToyGame
from game.cli.virtual_pads import VirtualPads

A, B, Y = pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_B, pygame.CONTROLLER_BUTTON_Y


class Lobby(Scene):
    """Joins any free device on CONFIRM; records everything else."""

    def __init__(self, ctx):
        super().__init__()
        self.ctx = ctx
        self.events = []
        self.removed = []

    def handle(self, seat, event):
        if event.intent is Intent.CONFIRM and event.pressed and seat is None:
            self.ctx.seats.join(event.device, f"P{len(self.ctx.seats) + 1}")
        self.events.append((seat, event))
        return True


class SpyKit:
    """The real kit, noting which seats the overlay drew."""

    def __init__(self, kit):
        self._kit = kit
        self.badges = []

    def draw_seat_badge(self, surface, seat, center, size=64, **kw):
        self.badges.append(seat.name)
        return self._kit.draw_seat_badge(surface, seat, center, size, **kw)

    def __getattr__(self, name):
        return getattr(self._kit, name)


class Clock:
    now = 50.0

    def __call__(self):
        return self.now


@pytest.fixture
def rig():
    from game.ui.kit import UiKit

    pygame.init()
    pygame.event.clear()
    settings = Settings(lang="en")
    strings = Strings.load(data_dir() / "i18n", "en")
    ctx = SimpleNamespace(settings=settings, seats=SeatTable(), stack=SceneStack(), input=None,
                          kit=SpyKit(UiKit(settings)), t=strings.get,
                          audio=SimpleNamespace(play=lambda name: None), importing_now=lambda: False)
    clock = Clock()
    app = App(ctx, clock=clock, hub=InputHub(ctx))
    lobby = Lobby(ctx)
    ctx.stack.push(lobby)
    pads = VirtualPads()

    def frames(n=1, dt=1 / 60):
        for _ in range(n):
            clock.now += dt
            app.frame()

    yield SimpleNamespace(ctx=ctx, app=app, lobby=lobby, pads=pads, frames=frames, hub=app.hub)
    pads.close()
    app.frame()
    app.hub.pads.close_all()


def join_pad(rig, name="Virtual Pad"):
    """Plug in a virtual pad and press A on it (the lobby seats it)."""
    pad = rig.pads.attach(name)
    rig.frames()
    pad.tap(A)
    rig.frames()
    return pad


def seen(lobby, since=0):
    return [(seat, e.intent, e.pressed) for seat, e in lobby.events[since:] if e.intent is not Intent.STICK]


def test_attach_join_press_and_stick(rig):
    vp = rig.pads.attach()
    rig.frames()
    assert vp.instance_id in rig.hub.pad_names
    vp.tap(A)
    rig.frames()
    assert rig.ctx.seats.seat_of(("pad", vp.instance_id)) == 0
    mark = len(rig.lobby.events)
    vp.press(Y)
    rig.frames()
    assert rig.hub.held(vp.device) == {Intent.PEEK}
    vp.release(Y)
    vp.tap(B)
    rig.frames()
    assert seen(rig.lobby, mark) == [(0, Intent.PEEK, True), (0, Intent.PEEK, False),
                                     (0, Intent.BACK, True), (0, Intent.BACK, False)]
    mark = len(rig.lobby.events)
    vp.stick(1.0, 0.0)  # hard right
    rig.frames()
    sticks = [e for _, e in rig.lobby.events[mark:] if e.intent is Intent.STICK]
    assert sticks[-1].angle == pytest.approx(90, abs=1) and sticks[-1].magnitude == pytest.approx(1, abs=0.01)
    assert (0, Intent.RIGHT, True) in seen(rig.lobby, mark)
    vp.axis(pygame.CONTROLLER_AXIS_TRIGGERLEFT, 1.0)
    rig.frames()
    vp.axis(pygame.CONTROLLER_AXIS_TRIGGERLEFT, 0.0)
    rig.frames()
    assert seen(rig.lobby, mark)[-2:] == [(0, Intent.TRIGGER_L, True), (0, Intent.TRIGGER_L, False)]


def test_dpad_repeats_while_held(rig):
    vp = rig.pads.attach()
    rig.frames()
    vp.press(pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    rig.frames(30)  # 0.5 s: first press + one repeat after 0.35 s (+ one at 0.44 s)
    downs = [e for _, e in rig.lobby.events if e.intent is Intent.DOWN]
    assert [e.repeat for e in downs] == [False, True, True]
    vp.release(pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    rig.frames(30)
    assert [e.pressed for _, e in rig.lobby.events if e.intent is Intent.DOWN][-1] is False


def start_match(rig):
    session = Session(ToyGame(), {"seats": 2, "timer_scale": 1.0}, seed=7)
    board = MatchScene(rig.ctx, None, session)
    rig.ctx.stack.push(board)
    return board, session


def test_unplug_mid_match_holds_the_seat_and_another_pad_reclaims_it(rig):
    ctx = rig.ctx
    ctx.seats.join(("kb", "left"), "Ana")
    vp = join_pad(rig)
    assert ctx.seats.seat_of(vp.device) == 1
    seat = ctx.seats[1]
    name, style = seat.name, seat.style
    board, session = start_match(rig)
    rig.frames(10)
    tick, log = session.tick, list(session.log)
    assert tick > 0

    vp.detach()
    rig.frames()
    assert isinstance(ctx.stack.top, DisconnectScene)
    assert ctx.seats.held() == [1]
    ctx.kit.badges.clear()
    rig.frames()
    assert ctx.kit.badges == [name]  # the overlay names the held seat
    rig.frames(60)
    assert session.tick == tick  # the board is frozen

    # A seated keyboard cannot take it; the mouse cannot either.
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, scancode=pygame.KSCAN_SPACE, mod=0, unicode=" ")
    pygame.event.post(key)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1))
    rig.frames()
    assert ctx.seats.held() == [1]

    other = join_pad(rig, "Another Pad")
    assert other.instance_id != vp.instance_id
    assert ctx.seats.held() == []
    assert ctx.seats.seat_of(other.device) == 1
    assert (ctx.seats[1].name, ctx.seats[1].style) == (name, style)
    assert not any(isinstance(s, DisconnectScene) for s in ctx.stack)
    assert ctx.stack.top is board and session.log == log
    assert session.tick == tick + 1  # only the reclaim frame's own step: play goes on
    rig.frames(5)
    assert session.tick == tick + 6


def test_two_unplugs_share_one_overlay_and_keyboard_can_reclaim(rig):
    ctx = rig.ctx
    first, second = rig.pads.attach("One"), rig.pads.attach("Two")
    rig.frames()
    first.tap(A)
    rig.frames()
    second.tap(A)
    rig.frames()
    start_match(rig)
    first.detach()
    second.detach()
    rig.frames()
    assert ctx.seats.held() == [0, 1]
    assert sum(isinstance(s, DisconnectScene) for s in ctx.stack) == 1
    for scancode in (pygame.KSCAN_RETURN, pygame.KSCAN_SPACE):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=0, scancode=scancode, mod=0, unicode=""))
        rig.frames()
    assert ctx.seats.seat_of(("kb", "right")) == 0 and ctx.seats.seat_of(("kb", "left")) == 1
    assert not any(isinstance(s, DisconnectScene) for s in ctx.stack)


def test_unplug_outside_a_match_frees_the_seat_or_asks_the_lobby(rig):
    ctx = rig.ctx
    vp = join_pad(rig)
    assert len(ctx.seats) == 1
    vp.detach()
    rig.frames()
    assert len(ctx.seats) == 0 and not ctx.seats.held()

    removed = []
    rig.hub.on_device_removed = removed.append
    vp2 = join_pad(rig)
    device = vp2.device
    vp2.detach()
    rig.frames()
    assert removed == [device] and len(ctx.seats) == 1  # the lobby decides


def test_rumble_reaches_the_pad_unless_switched_off(rig):
    vp = join_pad(rig)
    assert rig.hub.rumble(0, 0.5, 1.0, 100) is True
    assert vp.rumbles and vp.rumbles[-1] == (32767, 65535)
    count = len(vp.rumbles)
    rig.ctx.settings.rumble = False
    assert rig.hub.rumble(0, 1.0, 1.0, 100) is False
    assert rig.hub.rumble(vp.device, 1.0, 1.0, 100) is False
    assert len(vp.rumbles) == count


def test_menu_from_the_overlay_and_abandoning_the_match(rig):
    ctx = rig.ctx
    ctx.seats.join(("kb", "left"), "Ana")
    vp = join_pad(rig)
    board, session = start_match(rig)
    opened = []
    board.open_pause_menu = lambda: opened.append(True)
    vp.detach()
    rig.frames()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=0, scancode=pygame.KSCAN_ESCAPE, mod=0, unicode=""))
    rig.frames()
    assert opened == [True]  # a seated player may still reach the pause menu (to quit)
    ctx.stack.clear()  # quit to title
    assert len(ctx.seats) == 1 and ctx.seats.held() == []  # no ghost seat left in the lobby


#: Device indexes unplugged together, round after round (a replacement goes last).
REPLUG_ORDERS = {
    "each index from the first": [[i] for i in range(8)],
    "each index from the last": [[i] for i in reversed(range(8))],
    "first again and again": [[0], [0], [0]],
    "middle": [[3], [5], [1]],
    "two at once": [[0, 1], [3, 6], [2, 7], [4, 5]],
}


def eight_seated_pads(rig):
    hands = [join_pad(rig, f"Pad {i}") for i in range(8)]
    assert [rig.ctx.seats.seat_of(vp.device) for vp in hands] == list(range(8))
    return hands


def unplug_at(rig, hands, indexes):
    """Pull out the pads SDL lists at these device indexes, all before the game looks."""
    gone = [vp for vp in hands if rig.pads.device_index(vp.instance_id) in indexes]
    assert len(gone) == len(indexes)
    for vp in gone:
        vp.detach()
        hands.remove(vp)
    rig.frames()
    assert not any(rig.pads.held_open(vp.instance_id) for vp in gone)  # each open was closed
    return gone


def plug_replacements(rig, gone):
    """Plug in as many pads as were pulled (the first is the same pad plugged back in:
    same name, new instance id; the others are new pads) and let them be seen."""
    fresh = [rig.pads.attach(vp.name if i == 0 else f"New {vp.name}") for i, vp in enumerate(gone)]
    rig.frames()
    return fresh


def assert_each_pad_is_its_own(rig, hands):
    """Every connected pad is open under its own instance id: a rumble sent to one
    reaches that pad and no other."""
    assert sorted(rig.hub.pad_names) == sorted(vp.instance_id for vp in hands)
    for vp in hands:
        for other in hands:
            other.rumbles.clear()
        for low in (0.25, 0.75):  # two strengths: SDL does not pass on a repeat of the last one
            assert rig.hub.rumble(vp.device, low, 1.0, 50) is True
        assert [(other.instance_id, len(other.rumbles)) for other in hands if other.rumbles] == [(vp.instance_id, 2)]


@pytest.mark.parametrize("order", list(REPLUG_ORDERS))
def test_replugged_pads_join_the_lobby_whichever_index_left(rig, order):
    ctx = rig.ctx
    hands = eight_seated_pads(rig)
    for indexes in REPLUG_ORDERS[order]:
        gone = unplug_at(rig, hands, indexes)
        assert len(ctx.seats) == 8 - len(gone)
        for vp in plug_replacements(rig, gone):
            vp.tap(A)
            rig.frames()
            assert ctx.seats.seat_of(vp.device) is not None, f"{order}: a pad plugged after {indexes} left is dead"
            hands.append(vp)
        assert len(ctx.seats) == 8
        assert_each_pad_is_its_own(rig, hands)


@pytest.mark.parametrize("order", list(REPLUG_ORDERS))
def test_replugged_pads_reclaim_their_held_seats_mid_match(rig, order):
    ctx = rig.ctx
    hands = eight_seated_pads(rig)
    names = [seat.name for seat in ctx.seats]
    start_match(rig)
    for indexes in REPLUG_ORDERS[order]:
        before = {vp.instance_id: ctx.seats.seat_of(vp.device) for vp in hands}
        gone = unplug_at(rig, hands, indexes)
        held = ctx.seats.held()
        assert held == sorted(before[vp.instance_id] for vp in gone)
        assert isinstance(ctx.stack.top, DisconnectScene)
        for seat, vp in zip(held, plug_replacements(rig, gone)):
            vp.tap(A)
            rig.frames()
            assert ctx.seats.seat_of(vp.device) == seat, f"{order}: a pad plugged after {indexes} left is dead"
            hands.append(vp)
        assert ctx.seats.held() == [] and not any(isinstance(s, DisconnectScene) for s in ctx.stack)
        assert [seat.name for seat in ctx.seats] == names
        assert all(ctx.seats.seat_of(vp.device) == before[vp.instance_id] for vp in hands if vp.instance_id in before)
        assert_each_pad_is_its_own(rig, hands)
